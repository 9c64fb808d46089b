"""Why a DRHOMBIX move is refused, in one sentence that says what to do instead."""

from __future__ import annotations

import dataclasses
from typing import Any

from controller.rules.base import Variant
from controller.rules.drhombix.board import Board
from controller.rules.drhombix.cuckoo import land, nest_choices, sides
from controller.rules.drhombix.state import DrhombixState, Place, Raise, Remove
from controller.rules.drhombix.text import move_text
from controller.rules.drhombix.variants import COLOUR_NAMES


def explain(b: Board, v: Variant, state: DrhombixState, move: Any) -> str:
    if not isinstance(move, (Place, Raise, Remove)):
        return f"{move!r} is not a DRHOMBIX move"
    named = (move.positions if isinstance(move, Remove) else
             [p for p in (getattr(move, "source", None), move.target, move.capture) if p])
    off = [p for p in named if p not in b.index]
    if off:
        return (f"{move!r} names {off[0]!r}, which is not a position of the {b.shape} board "
                f"({b.listing()})")
    why = _ant(b, state, move) if v.options["game"] == "ant" else _cuckoo(b, v, state, move)
    text = move_text(move)
    seat = v.seats[state.to_move]
    return f"{text}: {why}" if why else f"{text} is not a legal move for {seat} here"


def _free_or_why(b: Board, occupied: int, name: str, what: str) -> str | None:
    p = b.index[name]
    if not occupied >> p & 1:
        return f"{name} is empty"
    carried = b.above[p] & occupied
    if carried:
        return (f"{name} carries {', '.join(b.names_of(carried))}: only a free piece may be "
                f"{what}")
    return None


def _target(b: Board, occupied: int, move: Place | Raise) -> str | None:
    t = b.index[move.target]
    if isinstance(move, Raise):
        s = b.index[move.source]
        rise = b.level[t] - b.level[s]
        if rise not in (1, 2):
            return (f"a piece rises one or two levels, and {move.target} is {rise} from "
                    f"{move.source}")
        if b.supports[t] >> s & 1:
            return (f"{move.target} rests on {move.source}: a piece cannot rise onto a place "
                    "it supports itself")
    if occupied >> t & 1:
        return f"{move.target} is not empty"
    missing = b.supports[t] & ~occupied
    if missing:
        return (f"{move.target} is not supported: {', '.join(b.names_of(missing))} under it "
                "must hold pieces first")
    return None


def _ant(b: Board, state: DrhombixState, move: Place | Raise | Remove) -> str | None:
    occupied = state.occupied
    if isinstance(move, Place):
        return "the ant game has no placements: remove pieces (x3a1) or raise one (0a1-1b2)"
    if isinstance(move, Remove):
        if len(move.positions) not in (1, 2) or len(set(move.positions)) < len(move.positions):
            return "a move removes one piece or two different pieces"
        for p in move.positions:
            why = _free_or_why(b, occupied, p, "removed")
            if why:
                return why
        if len({b.level[b.index[p]] for p in move.positions}) > 1:
            return "two pieces removed together must lie on one level"
        return None
    if move.capture is not None:
        return "the ant game has no captures: write the raise without x"
    return _free_or_why(b, occupied, move.source, "raised") or _target(b, occupied, move)


def _cuckoo(b: Board, v: Variant, state: DrhombixState, move: Place | Raise | Remove
            ) -> str | None:
    mover = COLOUR_NAMES[v.seats[state.to_move]]
    other = COLOUR_NAMES[v.seats[1 - state.to_move]]
    if isinstance(move, Remove):
        return "the cuckoo game has no removals: place a piece (+0b2) or raise one (0a1-1b2)"
    occupied = state.occupied
    own, _ = sides(state)
    if isinstance(move, Place) and not state.reserves[state.to_move]:
        return f"{mover}'s reserve is empty: raise a piece instead"
    if isinstance(move, Raise):
        why = _free_or_why(b, occupied, move.source, "raised")
        if why:
            return why
        if not own >> b.index[move.source] & 1:
            return f"{move.source} holds a {other} piece; {mover} raises own pieces"
    why = _target(b, occupied, move)
    if why:
        return why
    source = b.index[move.source] if isinstance(move, Raise) else None
    choices = [b.names[c] for c in nest_choices(
        b, land(b, v.options, state, source, b.index[move.target])) if c is not None]
    head = move_text(dataclasses.replace(move, capture=None))
    if move.capture is None and choices:
        return (f"the move completes a nest: {mover} takes one free {other} piece; write "
                f"{head}x and one of {', '.join(choices)}")
    if move.capture is not None and not choices:
        because = "completes no nest" if v.options["nest"] else "is played without the nest rule"
        return (f"the move {because} (or leaves no free {other} piece), so it takes nothing: "
                f"write it as {head}")
    if move.capture is not None and move.capture not in choices:
        return (f"{move.capture} is not a free {other} piece; the nest capture takes one of "
                f"{', '.join(choices)}")
    return None
