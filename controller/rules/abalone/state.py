"""Abalone's moves and state: plain values over the bitboards of ``board``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from controller.rules.abalone.board import NAME, STEPS
from controller.rules.abalone.layouts import VARIANTS
from controller.rules.base import Outcome


@dataclass(frozen=True, slots=True)
class Push:
    """Move a line of 1-3 own marbles one cell in a direction (index into ``DIRECTIONS``)."""

    cells: tuple[int, ...]   # bit indices, ascending
    direction: int

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(NAME[c] for c in self.cells)

    @property
    def is_inline(self) -> bool:
        return len(self.cells) == 1 or abs(self.cells[1] - self.cells[0]) == abs(
            STEPS[self.direction])


@dataclass(frozen=True, slots=True)
class Place:
    """Put a marble from the supply on an empty cell (free placement)."""

    cell: int


Move = Push | Place


@dataclass(frozen=True, slots=True)
class AbaloneState:
    variant: str
    marbles: tuple[int, ...]     # one bitboard per seat, in seat order
    to_move: int                 # index of the seat to move
    lost: tuple[int, ...]        # marbles each seat's colour has lost
    pushed: tuple[int, ...]      # marbles each seat has pushed off
    to_place: tuple[int, ...]    # free placement: marbles each seat still has to place
    result: Outcome | None = None

    @property
    def placing(self) -> bool:
        return any(self.to_place)

    @property
    def occupied(self) -> int:
        """Every marble on the board, of any colour."""
        out = 0
        for m in self.marbles:
            out |= m
        return out

    def owner(self, cell: int) -> int | None:
        """The index of the seat whose marble stands on ``cell``, or None."""
        for j, m in enumerate(self.marbles):
            if m >> cell & 1:
                return j
        return None


@cache
def team_masks(variant: str) -> tuple[tuple[int, ...], ...]:
    """For each seat index, the seat indices of its side (itself first)."""
    v = VARIANTS[variant]
    seats = v.seats
    out = []
    for s in seats:
        team = next(t for t in v.options["teams"] if s in t)
        out.append((seats.index(s), *(seats.index(x) for x in team if x != s)))
    return tuple(out)
