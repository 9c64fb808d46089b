"""What each seat may see.

The table (``seat=None``) sees the board, the reserves and eliminated pieces, every open
table card, how many hand cards each player holds, the pile's size and the discards.  A seat
sees that and its own hand, the combinations its cards make (what its phone offers to
declare), where each of its move cards would take each of its pieces (the phone's private
hints: the board's lights use the open table cards only), and what a 9 played with no move
card does now (``entry``: a piece enters its start corner, or none can and why).  Nobody is
sent the pile's order or the seed, which decide every card still to come.
"""

from __future__ import annotations

from typing import Any

from controller.rules.base import Game
from controller.rules.rhombus.aimed import entry_room
from controller.rules.rhombus.board import FULL, bits, names, protected, slide, walk
from controller.rules.rhombus.cards import (
    DIAGONAL,
    HIDDEN,
    STEPS,
    card_text,
    cards_text,
    kind_name,
    sub_hands,
    value,
)
from controller.rules.rhombus.position import context_for, held, plays_with, teams_of
from controller.rules.rhombus.state import CORNER, VARIANTS, RhombusState
from controller.rules.rhombus.text import public_text


def view(game: Game[Any, Any], state: RhombusState, seat: str | None) -> dict[str, Any]:
    v = VARIANTS[state.variant]
    seats = v.seats
    outcome = game.outcome(state)
    teams = teams_of(v)
    cells = {}
    for s, mask in zip(seats, state.pieces):
        for name in names(mask):
            cells[name] = s
    blockades: list[str] = []
    for t in teams:
        blockades += names(protected(sum(state.pieces[j] for j in t)))
    out: dict[str, Any] = {
        "game": game.name,
        "variant": v.name,
        "position": public_text(state, v),
        "seats": list(seats),
        "teams": [[seats[j] for j in t] for t in teams],
        "to_move": None if outcome is not None else seats[state.to_move],
        "plays_with": {s: seats[plays_with(state, k)] for k, s in enumerate(seats)},
        "cells": cells,
        "corners": {s: CORNER[s] for s in seats},
        "blockades": sorted(blockades),
        "reserve": dict(zip(seats, state.reserve)),
        "eliminated": dict(zip(seats, state.out)),
        "table": {s: [card_text(c) for c in o] for s, o in zip(seats, state.open)},
        "hand_size": {s: len(h) for s, h in zip(seats, state.hidden)},
        "pile": len(state.pile),
        "discard": [card_text(c) for c in state.discard],
        "ply": state.ply,
        "ply_limit": v.options["ply_limit"],
        "scores": {"+".join(seats[j] for j in t): sum(state.pieces[j].bit_count() for j in t)
                   for t in teams},
        "outcome": outcome.to_json() if outcome else None,
    }
    if seat in seats:
        k = seats.index(seat)
        mine = held(state, k)
        largest = 4 if v.options["formation"] else 3
        out["seat"] = seat
        out["hand"] = [card_text(c) for c in state.hidden[k]]
        out["combinations"] = [
            {"cards": cards_text(cards), "kind": kind_name(cards, v.options["formation"]),
             "uses_hand": any(c & HIDDEN for c in cards)}
            for cards in sub_hands(mine, largest) if kind_name(cards, v.options["formation"])]
        out["reach"] = _reach(state, k, mine)
        out["entry"] = _entry(state, k)
    return out


def _entry(state: RhombusState, seat: int) -> dict[str, Any]:
    """What a 9 brings in when no card of its set moves or eliminates a piece (a 9 alone, or
    with an 8): the start corner of the pieces the seat plays, how many pieces may enter it
    (``room``), and, when none may, why: ``corner-taken`` (a piece stands on it, which such
    a set can neither move away nor eliminate) or ``reserve-empty``."""
    ctx = context_for(state, seat)
    room = 0 if ctx.corner & ctx.own else entry_room(ctx, 0)
    why = None if room else ("corner-taken" if ctx.corner & (ctx.own | ctx.blockers | ctx.foes)
                             else "reserve-empty")
    return {"corner": names(ctx.corner)[0], "room": room, "why": why}


Reach = dict[str, dict[str, list[str]]]


def _reach(state: RhombusState, seat: int, mine: tuple[int, ...]) -> Reach:
    """For each move card held (``QC``, ``KC*``): where one move with it alone takes each of
    the seat's pieces now (kills need a second card, so only empty squares)."""
    ctx = context_for(state, seat)
    free = FULL & ~(ctx.own | ctx.blockers | ctx.foes)
    out: dict[str, dict[str, list[str]]] = {}
    for c in mine:
        step = STEPS.get(value(c))
        if step is None:
            continue
        per_piece = {}
        for p in bits(ctx.own):
            dest = slide(p, free, 0) if step == DIAGONAL else walk(p, step, free | p, 0)
            if dest:
                per_piece[names(p)[0]] = names(dest)
        out[card_text(c)] = per_piece
    return out
