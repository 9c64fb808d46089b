"""What each seat may see.

The table (``seat=None``) sees the board, whose turn it is, the action tiles played, how many
tiles each hand and the bag hold, the supply beside the board, and the live line scores of
both teams (the seed's "Punkthilfe": every row for green, every column for orange, as the
lines stand now).  A seat sees all of that plus its own hand, and whether its only move is
to pass.  Nobody sees another hand (a partner's neither) or the bag's order.
"""

from __future__ import annotations

from typing import Any

from controller.rules.base import Outcome
from controller.rules.crosswise.physical import SLOTS, layout
from controller.rules.crosswise.rules import has_play
from controller.rules.crosswise.scoring import board_lines, column_scores, row_scores, six_line
from controller.rules.crosswise.state import CrosswiseState, mover, seating
from controller.rules.crosswise.text import public_text
from controller.rules.crosswise.tiles import (
    ACTION_KIND,
    ACTIONS,
    CELL_NAMES,
    COLUMN_NAMES,
    ROW_NAMES,
    kind_of,
)


def table_view(state: CrosswiseState, outcome: Outcome | None) -> dict[str, Any]:
    seats = seating(state.variant)
    rows, columns = row_scores(state.board), column_scores(state.board)
    six = six_line(state.board)
    pile = layout(state)
    return {
        "game": "crosswise",
        "variant": state.variant,
        "position": public_text(state),
        "seats": list(seats.seats),
        "teams": {team: list(members) for team, members in seats.members.items()},
        "team_of": dict(zip(seats.seats, seats.team)),
        "turn_order": [seats.seats[i] for i in seats.turn_seat],
        "to_move": None if outcome is not None else seats.seats[mover(state)],
        "cells": {**{CELL_NAMES[i]: str(v) for i, v in enumerate(state.board) if v},
                  **{slot: stack[-1] for slot in SLOTS if (stack := pile.get(slot))}},
        "board": list(board_lines(state.board)),
        "used": {ACTION_KIND[c]: n for c, n in zip(ACTIONS, state.used)},
        "supply": {p.removeprefix("supply-"): len(stack) for p, stack in pile.items()
                   if p.startswith("supply-")},
        "hand_sizes": {s: len(h) for s, h in zip(seats.seats, state.hands)},
        "bag": len(state.bag),
        "lines": {"green": dict(zip(ROW_NAMES, rows)),
                  "orange": dict(zip(COLUMN_NAMES, columns))},
        "scores": {"green": sum(rows), "orange": sum(columns)},
        "six": None if six is None else {"team": six.team, "line": six.line,
                                         "tile": str(six.symbol)},
        "outcome": outcome.to_json() if outcome else None,
    }


def seat_view(state: CrosswiseState, seat: str, outcome: Outcome | None) -> dict[str, Any]:
    """The table's view plus this seat's own hand (tile codes and piece kinds)."""
    out = table_view(state, outcome)
    seats = seating(state.variant)
    if seat not in seats.seats:
        return out
    i = seats.seats.index(seat)
    hand = state.hands[i]
    out["seat"] = seat
    out["hand"] = [kind_of(t) for t in hand]
    on_turn = outcome is None and mover(state) == i
    out["must_pass"] = on_turn and not has_play(state.board, hand)
    return out
