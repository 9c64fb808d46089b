"""The players' own language: English, German and French, from gettext catalogs.

One catalog per language in ``web_ui/translations/LANG/LC_MESSAGES/messages.po`` (compiled to
``messages.mo`` beside it: ``pybabel compile -d web_ui/translations``), extracted with pybabel
from the Python code, the templates and the pages' scripts (``babel.cfg``).  Flask-Babel words
the templates in the request's language; ``translator(lang)`` gives the same catalog anywhere
(the session's messages, the simulate command); the pages' scripts get the messages they use
from ``/i18n/LANG.js``, built from the same catalog.

Which language a page speaks: a seat's page the language its player picked (remembered for the
seat), else the browser's (``Accept-Language``); the table page the language chosen for the
table (on the host page or on the table page itself: the open table pages follow at once),
else the browser's; How to play the language of the page it was opened from (``?lang=``);
every other page the browser's, or the one picked on it.  A page's script asks in its page's
language (``web_ui.areas.lang``): answers and refusals come in the words of the page asking.
"""

from __future__ import annotations

import json
import logging
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.mofile import read_mo
from babel.support import NullTranslations, Translations

log = logging.getLogger(__name__)

LANGUAGES = ("en", "de", "fr")
DEFAULT = "en"
NAMES = {"en": "English", "de": "Deutsch", "fr": "Français"}
DIRECTORY = Path(__file__).resolve().with_name("translations")
JS_SOURCES = ("web_ui/static/",)  # messages whose source is a page script go to /i18n/


def known(lang: Any) -> str | None:
    """``lang`` if it is a language Boardlight speaks (``de``, ``de-CH`` -> ``de``)."""
    if not isinstance(lang, str):
        return None
    code = lang.strip().lower().replace("_", "-").split("-")[0]
    return code if code in LANGUAGES else None


@cache
def translator(lang: str) -> NullTranslations:
    """The catalog of ``lang`` (English: the messages as written)."""
    if lang == DEFAULT:
        return NullTranslations()
    try:
        with open(DIRECTORY / lang / "LC_MESSAGES" / "messages.mo", "rb") as f:
            return Translations(f)
    except OSError:  # an installation without the compiled catalogs: speak English, say so
        log.warning("no compiled %s catalog in %s: pages speak English (pybabel compile -d "
                    "web_ui/translations)", lang, DIRECTORY)
        return NullTranslations()


@cache
def script_catalog(lang: str, sources: tuple[str, ...] = JS_SOURCES) -> str:
    """``/i18n/LANG.js``: the messages of the page scripts under ``sources`` in ``lang``
    (msgid -> text, or the list of plural forms), and the language's code for ``Intl``."""
    words: dict[str, Any] = {}
    mo = DIRECTORY / lang / "LC_MESSAGES" / "messages.mo"
    if lang != DEFAULT and mo.exists():
        with open(mo, "rb") as f:
            catalog = read_mo(f)
        wanted = _script_messages(sources)
        for message in catalog:
            key = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
            if not key or key not in wanted or not message.string:
                continue
            words[key] = list(message.string) if isinstance(message.string, (tuple, list)) \
                else message.string
    body = json.dumps({"lang": lang, "words": words}, ensure_ascii=False,
                      separators=(",", ":"), sort_keys=True)
    return f"window.BL_LANG = {body};\n"


@cache
def _script_messages(sources: tuple[str, ...]) -> frozenset[str]:
    """The msgids whose source is a page script under ``sources`` (from the template catalog's
    locations)."""
    from babel.messages.pofile import read_po
    with open(DIRECTORY / "messages.pot", "rb") as f:
        template = read_po(f)
    out: set[str] = set()
    for message in template:
        if any(path.startswith(sources) for path, _ in message.locations):
            out.add(str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id))
    return frozenset(out)


def locale(lang: str) -> Locale:
    return Locale.parse(lang)


def current() -> str:
    """The language of the request being answered (English outside a request)."""
    from flask import has_request_context
    from flask_babel import get_locale
    if not has_request_context():
        return DEFAULT
    return str(get_locale() or DEFAULT)


def gettext(text: str, **params: Any) -> str:
    """``text`` in the language of the request being answered, with its ``%(name)s``
    parameters filled in (pybabel extracts the calls)."""
    said = translator(current()).gettext(text)
    return said % params if params else said
