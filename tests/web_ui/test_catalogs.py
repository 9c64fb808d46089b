"""The gettext catalogs: complete in every language, current with the code, and nothing a
player reads left outside them (templates and page scripts checked word by word)."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.jslexer import tokenize
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from controller.rules import GAMES, MANIFESTS
from controller.rules.words import WORDS as SHARED
from web_ui.i18n import DIRECTORY, LANGUAGES
from web_ui.words import WORDS

ROOT = Path(__file__).resolve().parents[2]
EXTRACT = [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
           "-k", "N_", "-k", "Np_:1,2", "-k", "n_:1,2", "--no-wrap", "--sort-by-file"]
HOW = ("run: pybabel extract -F babel.cfg -k N_ -k Np_:1,2 -k n_:1,2 --no-wrap --sort-by-file "
       "-o web_ui/translations/messages.pot . && pybabel update -i web_ui/translations/"
       "messages.pot -d web_ui/translations --no-wrap, translate, then pybabel compile -d "
       "web_ui/translations")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sr]")


def ids(catalog) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}


def catalog(lang: str):
    with open(DIRECTORY / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        return read_po(f)


def test_the_template_catalog_holds_exactly_the_messages_of_the_code(tmp_path: Path) -> None:
    fresh = tmp_path / "messages.pot"
    subprocess.run([*EXTRACT, "-o", str(fresh), "."], cwd=ROOT, check=True,
                   capture_output=True)
    with open(fresh, "rb") as f:
        now = ids(read_po(f))
    with open(DIRECTORY / "messages.pot", "rb") as f:
        kept = ids(read_po(f))
    assert now == kept, (f"messages.pot is out of date: new {sorted(now - kept)[:5]}, gone "
                         f"{sorted(kept - now)[:5]}; {HOW}")


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != "en"])
def test_every_message_is_translated_with_its_placeholders(lang: str) -> None:
    with open(DIRECTORY / "messages.pot", "rb") as f:
        wanted = ids(read_po(f))
    po = catalog(lang)
    assert not po.fuzzy, f"the {lang} catalog's header is fuzzy: gettext would ignore it"
    have = {}
    for m in po:
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        assert not m.fuzzy, f"{lang}: {key!r} is fuzzy"
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        assert all(strings), f"{lang}: {key!r} is not translated; {HOW}"
        sources = [m.id] if isinstance(m.id, str) else list(m.id)
        # Every form says what the source says; the count (%(n)s) may be left out of a
        # singular, never out of the last plural form when the source's plural shows it.
        wanted = set().union(*(PLACEHOLDER.findall(x) for x in sources)) - {"n"}
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) - {"n"} == wanted, (
                f"{lang}: {key!r} loses or adds a placeholder")
        if "%(n)s" in sources[-1]:
            assert "%(n)s" in strings[-1], f"{lang}: {key!r} loses %(n)s in its plural"
        have[key] = strings
    missing = wanted - set(have)
    assert not missing, f"{lang} lacks {sorted(missing)[:5]}; {HOW}"


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != "en"])
def test_the_compiled_catalogs_are_the_translations(lang: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, catalog(lang))
    def entries(catalog: Any) -> dict[Any, Any]:
        return {tuple(m.id) if isinstance(m.id, list) else m.id:
                tuple(m.string) if isinstance(m.string, list) else m.string
                for m in catalog if m.id}

    with open(DIRECTORY / lang / "LC_MESSAGES" / "messages.mo", "rb") as f:
        kept = entries(read_mo(f))
    compiled.seek(0)
    fresh = entries(read_mo(compiled))
    assert kept == fresh, f"{lang}/messages.mo is older than its .po: pybabel compile -d " \
                          "web_ui/translations"


# ---- nothing a player reads outside the catalogs ---------------------------------------------

TEMPLATE_CODE = re.compile(r"{%\s*trans.*?{%\s*endtrans\s*%}|{%.*?%}|{{.*?}}|{#.*?#}", re.S)
TAG = re.compile(r"<[^>]+>")
TEMPLATE_OK = re.compile(r"^(Boardlight|X|·|[a-z]+(-[a-z]+)+)$")  # names, CSS classes


@pytest.mark.parametrize("template", sorted((ROOT / "web_ui" / "templates").rglob("*.html")),
                         ids=lambda p: p.name)
def test_templates_say_nothing_outside_the_catalog(template: Path) -> None:
    text = TAG.sub(" ", TEMPLATE_CODE.sub(" ", template.read_text()))
    words = [w for w in re.findall(r"[^\s]+", text) if re.search(r"[A-Za-z]", w)]
    loose = [w for w in words if not TEMPLATE_OK.match(w)]
    assert not loose, f"{template.name} says {loose[:8]} outside the catalog: wrap it in _()"


# Strings of the page scripts that no reader sees: DOM and event names, CSS, URLs, JSON keys.
SCRIPT_OK = re.compile(r"^([a-z0-9_\-:./ #\[\]=\"',()%*+>]*|[a-z]+([A-Z][a-z]+)+|"
                       r"Accept|Content-Type|Last-Event-ID|Enter|Escape|DOMContentLoaded|"
                       r"application/json|GET|POST|DELETE|PUT|http://www\.w3\.org/2000/svg)$")
TEMPLATE_PART = re.compile(r"\$\{[^}]*\}")


def _loose_strings(source: str) -> list[str]:
    loose = []
    tokens = list(tokenize(source, jsx=False, dotted=True))
    for k, token in enumerate(tokens):
        if token.type not in ("string", "template_string"):
            continue
        # An argument of _() or n_(): the catalog's (a string right after "_(" or after a
        # comma inside such a call).
        j = k - 1
        depth = 0
        inside = False
        while j >= 0:
            t = tokens[j]
            if t.type == "operator" and t.value == ")":
                depth += 1
            elif t.type == "operator" and t.value == "(":
                if depth == 0:
                    name = tokens[j - 1] if j else None
                    inside = bool(name and name.type == "name"
                                  and name.value.split(".")[-1] in ("_", "n_"))
                    break
                depth -= 1
            elif t.type == "operator" and t.value in (";", "{", "}") and depth == 0:
                break
            j -= 1
        value = TEMPLATE_PART.sub(" ", token.value[1:-1])
        if inside or SCRIPT_OK.match(value) or not re.search(r"[A-Za-z]{2}", value):
            continue
        loose.append(value)
    return loose


@pytest.mark.parametrize("script", sorted((ROOT / "web_ui" / "static").glob("*.js")),
                         ids=lambda p: p.name)
def test_page_scripts_say_nothing_outside_the_catalog(script: Path) -> None:
    loose = _loose_strings(script.read_text())
    assert not loose, f"{script.name} says {loose[:6]} outside the catalog: wrap in _()"


def test_the_script_check_catches_a_sentence_outside_the_catalog() -> None:
    assert _loose_strings('x.textContent = "Your turn now";') == ["Your turn now"]
    assert _loose_strings('x.textContent = _("Your turn now");') == []
    assert _loose_strings('el("div", { class: "prompt kind" })') == []
    assert _loose_strings("t = `Last move: ${m}`;") == ["Last move:  "]


# ---- the session and the games: words for everything they can say -------------------------


def test_every_message_the_session_can_send_has_words() -> None:
    keys = set()
    for path in (ROOT / "controller" / "session").glob("*.py"):
        text = path.read_text()
        keys |= set(re.findall(r'Message\.of\(\s*"([a-z.\-]+)"', text))
        keys |= set(re.findall(r'refusal\(\s*"([a-z.\-]+)"', text))
    known = set(WORDS) | set(SHARED)  # the session's own keys, and the words games share
    assert keys and keys <= known, f"no words for {sorted(keys - known)}"
    assert set(WORDS) <= keys, f"words for keys nobody sends: {sorted(set(WORDS) - keys)}"


@pytest.mark.parametrize("name", list(MANIFESTS))
def test_every_variant_seat_and_piece_of_every_game_has_its_words(name: str) -> None:
    manifest = MANIFESTS[name]
    assert manifest.gaps() == []
    named = set(manifest.game.variants)
    assert set(manifest.variants) == named, (
        f"words for no variant: {sorted(set(manifest.variants) - named)}")


def test_no_two_games_share_a_template_whose_words_may_differ() -> None:
    """One English template in two games' words would get one translation, though German and
    French may word the two games' pieces differently (die Kugel, der Stein; la bille, la
    pièce): each game's sentences are its own."""
    seen: dict[str, str] = {}
    for name, game in GAMES.items():
        for template in game.words.values():
            for text in (template,) if isinstance(template, str) else template:
                if text in SHARED.values() or not re.search(r"[A-Za-z]{2}", text):
                    continue
                other = seen.setdefault(text, name)
                assert other == name, f"{name} and {other} both say {text!r}"


def test_a_plural_template_says_nothing_only_in_its_singular() -> None:
    """Each game's and the shared templates: a plural pair's singular says nothing its
    plural does not (the count ``n`` chooses the form; it need not be shown)."""
    for name, words in [("shared", SHARED), *((n, g.words) for n, g in GAMES.items())]:
        for key, template in words.items():
            if isinstance(template, tuple):
                one, many = template
                extra = set(PLACEHOLDER.findall(one)) - set(PLACEHOLDER.findall(many)) - {"n"}
                assert not extra, f"{name} {key}: only the singular says {sorted(extra)}"
