"""The Crosswise state, and what a variant says about its seats."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from controller.rules.base import Outcome
from controller.rules.crosswise.tiles import ACTIONS
from controller.rules.crosswise.variants import VARIANTS, team_of


@dataclass(frozen=True, slots=True)
class CrosswiseState:
    """A position: everything the rules need, hidden parts included (``view`` strips them).

    ``board``: 36 cells in a1..f6 order (``tiles.CELL_NAMES``), 0 empty or a symbol 1-6.
    ``hands``: each seat's tiles in seat order, sorted (``tiles.TILE_ORDER``).
    ``bag``: the tiles still to draw, next first: the order the seeded shuffle gave.
    ``used``: action tiles played so far, per kind (move, remove, replace, swap).
    ``turn``: index into the variant's cycle of turns (``options["turns"]``).
    """

    variant: str
    board: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    bag: tuple[str, ...]
    used: tuple[int, int, int, int]
    turn: int
    result: Outcome | None = None


@dataclass(frozen=True, slots=True)
class Seating:
    """A variant's seats as indices: who plays each turn, hand sizes, teams."""

    seats: tuple[str, ...]
    turn_seat: tuple[int, ...]           # seat index playing each turn of the cycle
    hand_size: tuple[int, ...]           # per seat
    team: tuple[str, ...]                # per seat: "green" or "orange"
    members: dict[str, tuple[str, ...]]  # team -> seats


@cache
def seating(variant: str) -> Seating:
    v = VARIANTS[variant]
    seats = v.seats
    turns: tuple[str, ...] = v.options["turns"]
    hand: dict[str, int] = v.options["hand"]
    return Seating(seats, tuple(seats.index(s) for s in turns),
                   tuple(hand[s] for s in seats), tuple(team_of(v, s) for s in seats),
                   dict(v.options["teams"]))


def mover(state: CrosswiseState) -> int:
    """The seat index whose turn it is."""
    return seating(state.variant).turn_seat[state.turn]


def used_index(code: str) -> int:
    return ACTIONS.index(code)
