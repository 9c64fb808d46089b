"""The JSON the pages get: snapshots of the table plus what only the web UI knows.

Hidden information is never added here: the public payload is the table's public snapshot,
a seat's payload is that seat's own snapshot (the game's ``view(state, seat)`` already left
the other hands out; for the seat on turn it holds the facets it may declare and the moves
its phone makes).  What is added is public: who has joined, the labels, the simulated board
(pieces on a board are in plain sight), and the prompts' words.  Pages read snapshots only:
nothing here calls into the live session.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import segno

from controller.rules.base import Game
from controller.said import Cell, Message
from controller.said import value_from_json as parse_value
from controller.session.snapshot import Snapshot
from web_ui.games import geometry_extras
from web_ui.i18n import DEFAULT, current, translator
from web_ui.ports import BoardService
from web_ui.state import WebState
from web_ui.vocab import level_names, piece_name, seat_colour, seat_name, variant_name
from web_ui.words import Words, said, words

log = logging.getLogger(__name__)


def seat_label(game: Game[Any, Any], seat: str, lang: str | None = None) -> str:
    """``Black`` for Abalone's ``b``, ``Green 1`` for Crosswise's ``green-1``, in the reader's
    language (``lang``; the request's when not given)."""
    return seat_name(game, seat, translator(lang or current()))


def labels(game: Game[Any, Any], seats: Sequence[str], lang: str) -> dict[str, str]:
    return {s: seat_label(game, s, lang) for s in seats}


def colours(game: Game[Any, Any], seats: Sequence[str]) -> dict[str, str]:
    """Each seat's colour word (``black``, ``green``), whatever the page's language: the pages
    draw a seat's pieces and dot in it."""
    return {s: seat_colour(game, s) for s in seats}


def sim_json(service: BoardService) -> dict[str, Any] | None:
    sim = service.sim
    if sim is None:
        return None
    return {"lifted": list(sim.hand), "layout": {p: list(s) for p, s in sim.layout().items()},
            "buttons": list(service.spec.buttons)}


def _extras(web: WebState, snapshot: Snapshot, lang: str) -> dict[str, Any]:
    """What the pages add to a snapshot, for the snapshot's own game and variant."""
    service = web.service
    t = translator(lang)
    game, variant, seats = snapshot.game, snapshot.variant, snapshot.seats
    kinds = game.pieces(variant)
    return {"labels": labels(game, seats, lang), "colours": colours(game, seats),
            "lang": lang, "pieces": {k: piece_name(game, k, t) for k in kinds},
            "variant_title": variant_name(game, variant, t),
            "level_names": level_names(t),
            "joined": web.tokens.joined(), "links": web.tokens.generation,
            "sim": sim_json(service),
            "board": "simulated" if service.sim is not None else "sensors",
            "remote_link": remote_link(service, snapshot)}


def remote_link(service: BoardService, snapshot: Snapshot) -> dict[str, Any] | None:
    """The other board of a remote game, as the table shows it: its name, whether it can be
    reached, and when it was last heard (wall-clock seconds; the page counts on from it while
    the board cannot be reached)."""
    status = service.remote.status() if service.remote is not None else None
    if not status or not status["partner"] or not snapshot.remote:
        return None
    heard = status["heard"]
    return {"board": status["partner"], "reached": snapshot.away is None,
            "heard_at": time.time() - heard if heard is not None else None}


def _worded(game: Game[Any, Any], prompts: list[dict[str, Any]], lang: str
            ) -> list[dict[str, Any]]:
    """The snapshot's prompts with their words (the session sends messages, not sentences);
    a ``choose`` prompt with the words of each move it offers (``choice_words``)."""
    out = []
    for p in prompts:
        try:
            message = Message.from_json(p["message"])
            entry = {**p, "text": words(message, game, lang)}
            if p["kind"] == "choose":
                entry["choice_words"] = [said(m, game, lang) for m in message.get("moves", ())]
        except (ValueError, KeyError) as exc:  # a prompt without words spoils only itself
            log.error("no words for the %s prompt %r: %s", p["kind"], p["message"], exc)
            continue
        out.append(entry)
    return out


@lru_cache(maxsize=4096)
def _word_json(game: Game[Any, Any], data: str, lang: str) -> str:
    value = json.loads(data)
    if isinstance(value, dict) and "key" in value and value.get("type") in (None, "said"):
        return said(Message.from_json(value), game, lang)
    return said(parse_value(value), game, lang)


def worded(game: Game[Any, Any], data: Any, lang: str) -> str | None:
    """A message or a typed value as the snapshot carries it (JSON), in words; None for
    none."""
    if data is None:
        return None
    return _word_json(game, json.dumps(data, sort_keys=True), lang)


def _snapshot_words(game: Game[Any, Any], snap: dict[str, Any], lang: str) -> dict[str, Any]:
    """What the snapshot says (moves, the last move, the outcome), in ``lang``."""
    moves = [{**m, "words": worded(game, m.get("said"), lang) or ""}
             for m in snap.get("moves", [])]
    outcome = snap.get("outcome")
    if outcome:
        outcome = {**outcome, "words": worded(game, outcome.get("said"), lang)}
    return {"moves": moves, "outcome": outcome,
            "last_move_words": moves[-1]["words"] if moves else None}


def public_payload(web: WebState, lang: str) -> dict[str, Any]:
    snapshot = web.service.table.snapshot  # one snapshot: its game, its words, its position
    snap, game = snapshot.public_json, snapshot.game
    return {**snap, **_extras(web, snapshot, lang), **_snapshot_words(game, snap, lang),
            "prompts": _worded(game, snap["prompts"], lang)}


def seat_payload(web: WebState, seat: str, lang: str) -> dict[str, Any]:
    """That seat's payload (``KeyError``: the game has no such seat)."""
    snapshot = web.service.table.snapshot
    game = snapshot.game
    snap = snapshot.seat_json(seat)
    private = [k for k in snap["view"] if k not in snapshot.view]
    return {**snap, **_extras(web, snapshot, lang), **_snapshot_words(game, snap, lang),
            "private": private, "prompts": _worded(game, snap["prompts"], lang),
            "untraced_words": [worded(game, d, lang) for d in snap.get("untraced_said", [])],
            "declare_words": {facet: {v: worded(game, d, lang) for v, d in values.items()}
                              for facet, values in snap.get("declare_said", {}).items()},
            "declare_names": {facet: words(Message.of(f"facet.{facet}"), game, lang)
                              for facet in snap.get("declare", {})
                              if Words(game, lang).template(f"facet.{facet}")}}


def geometry_json(service: BoardService, lang: str = DEFAULT) -> dict[str, Any]:
    snapshot = service.table.snapshot
    game, variant = snapshot.game, snapshot.variant
    geo = game.geometry(variant)
    return {"game": game.name, "title": game.title, "variant": variant, "shape": geo.shape,
            "cells": list(geo.cells), "zones": list(geo.zones),
            "coords": {p: [round(x, 4), round(y, 4)] for p, (x, y) in geo.coords.items()},
            "leds": sorted(service.spec.led_index), "sensed": sorted(service.spec.sensed),
            "places": places_json(game, geo.positions, lang),
            "extras": geometry_extras(game, variant)}


def places_json(game: Game[Any, Any], positions: Sequence[str], lang: str
                ) -> dict[str, dict[str, Any]]:
    """Every position as players name it: its kind (``cell``, or a zone's kind), whose it is,
    the kind of piece it holds, its number and compass point, its level, and its words."""
    w = Words(game, lang)
    out = {}
    for p in positions:
        place = game.place(p)
        if isinstance(place, Cell):
            entry: dict[str, Any] = {"kind": "cell", "name": place.name, "level": place.level}
        else:
            entry = {"kind": place.kind, "owner": place.owner, "piece": place.piece,
                     "number": place.number, "name": place.name}
        out[p] = {**{k: v for k, v in entry.items() if v is not None},
                  "words": w.say(place)}
    return out


@lru_cache(maxsize=64)
def qr_svg(url: str) -> str:
    return str(segno.make(url, error="m", micro=False).svg_inline(
        border=2, omitsize=True, dark="#111", light="#fff", svgclass="qr"))


def join_entries(web: WebState, base_url: str, every: bool) -> list[dict[str, Any]]:
    """Each seat's join link and QR code: for seats nobody has joined yet (the table page),
    or for every seat (the host's page); never for a seat the computer plays (``computer``
    names its level instead: its link would show the computer's hand)."""
    names, joined = web.names(), set(web.tokens.joined())
    game = web.service.table.snapshot.game
    computer = web.service.computer_seats()
    out = []
    for seat, token in web.tokens.items():
        entry: dict[str, Any] = {"seat": seat, "label": seat_label(game, seat),
                                 "name": names.get(seat, ""), "joined": seat in joined,
                                 "computer": computer.get(seat)}
        if seat not in computer and (every or seat not in joined):
            url = f"{base_url.rstrip('/')}/join/{token}"
            entry.update(url=url, qr=qr_svg(url))
        out.append(entry)
    return out
