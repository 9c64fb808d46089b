"""The club pages' words in the reader's language: what a board's table page adds to its public
snapshot (``web_ui.payloads``: seat labels, colours, piece names, the variant's name), computed
here per language from what the board published, and the tournament in the same words.

Only names come in: nothing here reads a hand or a position text, so a club page shows what the
board's own table page shows and no more.  The pages' scripts get the messages they use from
``/i18n/LANG.js`` (``script_catalog``): the board pages' scripts' and the club's own.
"""

from __future__ import annotations

import json
import logging
from functools import lru_cache
from typing import Any

from controller.rules import find_game
from controller.rules.base import Game
from controller.said import Message
from web_ui.i18n import DEFAULT, LANGUAGES, translator
from web_ui.i18n import script_catalog as web_script_catalog
from web_ui.payloads import colours
from web_ui.vocab import N_, game_name, level_names, piece_name, seat_name, variant_name
from web_ui.words import words

log = logging.getLogger(__name__)

SCRIPT_SOURCES = ("web_ui/static/", "club/static/")

# The tournament's words (club/tournament.py's names), for the room's and the director's pages.
SYSTEMS: dict[str, str] = {"swiss": N_("Swiss"), "round-robin": N_("Round robin")}
TIEBREAKS: dict[str, str] = {"buchholz": N_("Buchholz"),
                             "sonneborn-berger": N_("Sonneborn-Berger"), "wins": N_("Wins")}


def language(lang: Any) -> str:
    return lang if lang in LANGUAGES else DEFAULT


def _game(name: Any) -> Game[Any, Any] | None:
    if not isinstance(name, str) or not name:
        return None
    try:
        return find_game(name)
    except (LookupError, ValueError):
        return None


@lru_cache(maxsize=512)
def _words(game_name_: str, variant: str, seats: tuple[str, ...], lang: str) -> dict[str, Any]:
    game = _game(game_name_)
    t = translator(lang)
    if game is None:  # a game this server does not know: its own names
        return {"title": game_name_, "variant_title": variant, "labels": {s: s for s in seats},
                "colours": {}, "pieces": {}, "level_names": level_names(t), "lang": lang}
    try:
        kinds = list(game.pieces(variant))
    except (LookupError, ValueError):
        kinds = []
    return {"title": game_name(game, t),
            "variant_title": variant_name(game, variant, t) if variant else "",
            "labels": {s: seat_name(game, s, t) for s in seats},
            "colours": colours(game, seats) if seats else {},
            "pieces": {k: piece_name(game, k, t) for k in kinds},
            "level_names": level_names(t), "lang": lang}


def board_words(state: dict[str, Any] | None, lang: str) -> dict[str, Any]:
    """A board's names in ``lang``: ``title`` (the game), ``variant_title``, ``labels`` and
    ``colours`` of its seats, ``pieces``, ``level_names``: the table page's own words."""
    s = state or {}
    game = s.get("game")
    if not isinstance(game, str) or not game:
        return {"title": None, "variant_title": None, "labels": {}, "colours": {},
                "pieces": {}, "level_names": level_names(translator(lang)), "lang": lang}
    seats = tuple(str(x) for x in s.get("seats") or [])
    return _words(game, str(s.get("variant") or ""), seats, lang)


def said(game: Any, data: Any, lang: str) -> str | None:
    """A board's message (a move's description, an outcome's ``said``: the JSON the table
    snapshot carries) in ``lang``, by the one wording layer; None for a message that does
    not fit its documented shape, or that the game has no words for (a board's bad message
    spoils only its own words, never the page)."""
    if data is None or _game(game) is None:
        return None
    try:
        text = json.dumps(data, sort_keys=True)
        # A real move's description is a few hundred bytes: only those are remembered (the
        # cache stays small whatever a board sends).
        return (_said if len(text) <= CACHED_SAID else _said.__wrapped__)(str(game), text, lang)
    except (ValueError, KeyError, TypeError) as exc:
        log.info("a %s message the club cannot say: %s", game, exc)
        return None


CACHED_SAID = 1024   # bytes of a description's JSON, at most, to be cached


@lru_cache(maxsize=4096)
def _said(game: str, data: str, lang: str) -> str:
    found = _game(game)
    assert found is not None
    text = words(Message.from_json(json.loads(data)), found, lang)
    if "%(" in text:
        raise ValueError(f"words left a placeholder unfilled: {text!r:.80}")
    return text


def label(game: str | None, seat: str, lang: str) -> str:
    found = _game(game)
    return seat_name(found, seat, translator(lang)) if found else seat


def event_words(view: dict[str, Any] | None, lang: str) -> dict[str, Any] | None:
    """The tournament (``Director.view``) with its game, variant, system, tie-breaks and
    colours in ``lang``."""
    if view is None:
        return None
    t = translator(lang)
    game = _game(view.get("game"))
    first, second = view.get("seats") or (None, None)
    out = dict(view)
    if game is not None:
        out["title"] = game_name(game, t)
        out["variant_title"] = variant_name(game, view["variant"], t)
        if first and second:
            out["colours"] = [seat_name(game, first, t), seat_name(game, second, t)]
    out["system_title"] = t.gettext(SYSTEMS.get(view.get("system", ""), view.get("system", "")))
    out["tiebreak_titles"] = {k: t.gettext(TIEBREAKS[k]) if k in TIEBREAKS else k
                              for k in view.get("tiebreaks", [])}
    return out


def games_menu(games: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """The director's games and variants, named in ``lang`` (``variant_titles`` beside the
    variants' names)."""
    t = translator(lang)
    out = []
    for g in games:
        game = _game(g["name"])
        if game is None:
            out.append(g)
            continue
        out.append({**g, "title": game_name(game, t),
                    "variant_titles": {v: variant_name(game, v, t) for v in g["variants"]}})
    return out


def script_catalog(lang: str) -> str:
    """``/i18n/LANG.js`` for the club's pages: the messages of the board pages' scripts and the
    club's own (``web_ui.i18n.script_catalog`` over both folders)."""
    return web_script_catalog(lang, SCRIPT_SOURCES)
