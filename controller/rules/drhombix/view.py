"""What the table and the phones show of a DRHOMBIX game.

Nothing is hidden in DRHOMBIX (reserves are counted in the open), so every seat gets the
public view.  It lists the legal moves of the side to move with their parts, because a phone
must offer exactly the legal targets of the moves no sensor sees: a placement or raise above
the base, the piece a nest capture takes there, an upper piece the ant game removes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from controller.rules.drhombix import physical
from controller.rules.drhombix.board import LEVELS, bits_of, board
from controller.rules.drhombix.cuckoo import land
from controller.rules.drhombix.state import DrhombixState, Move, Place, Raise, Remove
from controller.rules.drhombix.variants import VARIANTS

if TYPE_CHECKING:
    from controller.rules.drhombix.game import Drhombix


def view(game: Drhombix, state: DrhombixState) -> dict[str, Any]:
    v = VARIANTS[state.variant]
    b = board(v.options["board"])
    outcome = game.outcome(state)
    cells = {b.names[p]: physical.piece_at(v, state, p) for p in bits_of(state.occupied)}
    out: dict[str, Any] = {
        "game": game.name,
        "variant": v.name,
        "kind": v.options["game"],           # "cuckoo" or "ant"
        "board": b.shape,                    # "square" or "triangle"
        "position": game.position_text(state),
        "seats": list(v.seats),
        "to_move": game.to_move(state),
        "cells": cells,
        "levels": [[n for n, lv in zip(b.names, b.level) if lv == k] for k in range(LEVELS)],
        "outcome": outcome.to_json() if outcome else None,
        "moves": [describe(game, state, m) for m in game.legal_moves(state)],
    }
    if physical.is_ant(v):
        out["taken"] = dict(zip(v.seats, state.reserves))  # pieces each player took off
    else:
        reserves = dict(zip(v.seats, state.reserves))
        out.update({
            "reserves": reserves,
            "scores": reserves,  # the pieces each player still holds: the rules' "savings"
            "used": b.names_of(state.used),
            "rules": {"sandwich": v.options["sandwich"], "nest": v.options["nest"],
                      "inverted_nests": v.options["inverted_nests"]},
        })
    return out


def describe(game: Drhombix, state: DrhombixState, move: Move) -> dict[str, Any]:
    """One legal move for a page: its text and parts, and the pieces it takes."""
    v = VARIANTS[state.variant]
    b = board(v.options["board"])
    entry: dict[str, Any] = {"move": game.move_text(move), "facets": game.move_facets(state,
                                                                                    move)}
    if isinstance(move, Remove):
        entry.update(kind="remove", source=None, target=None, takes=list(move.positions),
                     sandwich=[])
        return entry
    source = move.source if isinstance(move, Raise) else None
    sandwich: list[str] = []
    if not physical.is_ant(v):
        landing = land(b, v.options, state, None if source is None else b.index[source],
                       b.index[move.target])
        sandwich = b.names_of(landing.sandwiched)
    entry.update(kind="place" if isinstance(move, Place) else "raise", source=source,
                 target=move.target, level=b.level[b.index[move.target]],
                 takes=[move.capture] if move.capture else [], sandwich=sandwich)
    return entry
