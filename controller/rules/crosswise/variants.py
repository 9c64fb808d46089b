"""The three Crosswise variants: two, three and four players.

Each variant's options:

* ``teams``: ``{"green": seats, "orange": seats}``; green scores the rows, orange the columns;
* ``turns``: the cycle of turns.  Four players alternate teams (green 1, orange 1, green 2,
  orange 2); with three the solo player (orange) plays every other turn (green 1, orange,
  green 2, orange), so the cycle has four turns for three seats;
* ``hand``: the hand size of each seat (the solo player holds 6, everyone else 4).
"""

from __future__ import annotations

from typing import Any

from controller.rules.base import Variant


def _variant(name: str, summary: str, teams: dict[str, tuple[str, ...]],
             turns: tuple[str, ...], hand: dict[str, int]) -> Variant:
    seats = tuple(dict.fromkeys(turns))  # seat order: the order of first turns
    options: dict[str, Any] = {"teams": teams, "turns": turns, "hand": hand}
    return Variant(name, summary, seats, options)


VARIANTS: dict[str, Variant] = {v.name: v for v in (
    _variant("two-player", "Green (rows) against Orange (columns), 4 tiles in hand each.",
             {"green": ("green",), "orange": ("orange",)}, ("green", "orange"),
             {"green": 4, "orange": 4}),
    _variant("three-player", "A team of two (Green, rows) against one player (Orange, columns) "
                             "who holds 6 tiles and plays every other turn.",
             {"green": ("green-1", "green-2"), "orange": ("orange",)},
             ("green-1", "orange", "green-2", "orange"),
             {"green-1": 4, "green-2": 4, "orange": 6}),
    _variant("four-player", "Two teams of two, Green (rows) and Orange (columns), taking turns "
                            "team by team; 4 tiles in hand each.",
             {"green": ("green-1", "green-2"), "orange": ("orange-1", "orange-2")},
             ("green-1", "orange-1", "green-2", "orange-2"),
             {"green-1": 4, "orange-1": 4, "green-2": 4, "orange-2": 4}),
)}

DEFAULT = "two-player"


def team_of(variant: Variant, seat: str) -> str:
    teams: dict[str, tuple[str, ...]] = variant.options["teams"]
    return next(team for team, seats in teams.items() if seat in seats)
