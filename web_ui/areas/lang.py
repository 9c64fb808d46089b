"""Which language each page speaks, and the pages' scripts' words.

``GET /i18n/LANG.js``: the messages the page scripts use, in LANG (from the same gettext
catalog as the templates).  ``POST /api/lang {"lang": "de"}``: this browser's language (kept in
its cookie, and for its seat if it holds one); ``POST /api/table/lang`` (the table page's own
picker) and ``POST /api/host/lang``: the table page's, which every open table page follows at
once (its stream speaks the table's language as it is now).

A page's scripts say which language the page speaks (``X-Boardlight-Lang`` on each API
request): the answer, a refusal above all, comes in the words of the page that asked.  How to
play is opened in the language of the page it was opened from (``/howto/<game>?lang=fr``).
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request, session
from werkzeug.exceptions import BadRequest, NotFound

from web_ui.http import json_object
from web_ui.i18n import DEFAULT, LANGUAGES, NAMES, known, script_catalog
from web_ui.state import WebState, web_state

bp = Blueprint("lang", __name__)


def _language(body: dict[str, object]) -> str:
    lang = known(body.get("lang"))
    if lang is None or body.get("lang") != lang:
        raise BadRequest(f"'lang' must be one of {', '.join(LANGUAGES)} "
                         f"({', '.join(NAMES[x] for x in LANGUAGES)})")
    return lang


PAGE_LANG = "X-Boardlight-Lang"  # the language of the page whose script sends the request


def browser_language() -> str:
    """The language this request's browser asks for (``Accept-Language``), else English."""
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT


def table_language(web: WebState, browser: str) -> str:
    """The language the table page speaks now: the one chosen for the table (on the host
    page or the table page), else the browser's."""
    return web.table_lang or browser


def select_locale() -> str:
    """The language of this request's page (see ``web_ui.i18n``)."""
    web = web_state()
    path = request.path
    asked = known(request.headers.get(PAGE_LANG))
    if asked and path.startswith("/api/"):
        return asked
    if path.startswith("/howto/") and known(request.args.get("lang")):
        return str(known(request.args.get("lang")))
    offered = request.accept_languages.best_match(LANGUAGES)
    if path == "/" or path.startswith(("/events", "/api/state", "/api/join", "/api/geometry")):
        return table_language(web, offered or DEFAULT)
    seat = session.get("seat")
    if path.startswith(("/seat", "/api/seat")) and isinstance(seat, str):
        chosen = web.seat_langs.get(seat)
        if chosen:
            return chosen
    return known(session.get("lang")) or offered or DEFAULT


@bp.get("/i18n/<lang>.js")
def catalog(lang: str) -> Response:
    if lang not in LANGUAGES:
        raise NotFound(f"Boardlight speaks {', '.join(LANGUAGES)}; there is no {lang!r}")
    response = Response(script_catalog(lang), mimetype="text/javascript")
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


@bp.post("/api/lang")
def choose() -> Response:
    """This browser's language (and its seat's, if it holds one)."""
    web: WebState = web_state()
    lang = _language(json_object(("lang",), required=("lang",)))
    session["lang"] = lang
    seat = session.get("seat")
    if isinstance(seat, str) and seat in web.seats:
        web.seat_langs[seat] = lang
    return jsonify(lang=lang)


@bp.post("/api/table/lang")
def choose_for_table() -> Response:
    """The table page's own language picker: the language every table page speaks (as the
    host's "the table page speaks" sets it); the open table pages follow at once."""
    web: WebState = web_state()
    lang = _language(json_object(("lang",), required=("lang",)))
    web.table_lang = lang
    web.hub.web_changed()
    return jsonify(lang=lang)
