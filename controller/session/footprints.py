"""A move as the sensors will see it, and what "on its way to a move" means.

For a legal move the rules core's ``Effect`` is projected onto the sensed positions: the
*diff* is the set of (position, value) pairs in which the reading after the move differs from
the reading now.  ``controller.session.moves`` builds footprints and answers the session's
questions about them; this module holds the definitions every implementation shares.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from controller.physical import Value
from controller.rules.base import Effect

Diff = frozenset[tuple[str, Value]]
"""A reading as its differences from the committed position: (position, value now)."""


@dataclass(frozen=True, slots=True, eq=False)  # one object per move and position: identity
class Footprint:
    move: Any
    text: str
    diff: Diff                    # sensed (position, value after) pairs that change
    touched: frozenset[str]       # sensed positions a hand must empty on the way
    path: tuple[str, ...]
    unseen: tuple[str, ...]
    facets: Mapping[str, str]
    effect: Effect
    # Most pieces the move can bring onto the sensed board from outside it (see ``arrivals``).
    arrivals: int = 0
    final: Mapping[str, Value] = field(default_factory=dict)  # dict(diff), built once
    moved: frozenset[str] = frozenset()    # effect.changed and touched, built once

    def __post_init__(self) -> None:
        object.__setattr__(self, "final", dict(self.diff))
        object.__setattr__(self, "moved", self.effect.changed | self.touched)

    @property
    def changed(self) -> frozenset[str]:
        return frozenset(p for p, _ in self.diff)

    def cells(self) -> tuple[list[str], list[str]]:
        """(emptied, filled): positions the move leaves empty, and those it leaves a piece on."""
        emptied = [c.position for c in self.effect.changes if not c.after]
        filled = [c.position for c in self.effect.changes if c.after]
        return emptied, filled


def arrivals(effect: Effect, sensed: frozenset[str]) -> int:
    """The most pieces ``effect`` can bring onto the sensed board from outside it: pieces
    taken from positions no sensor reads (a reserve, a supply, an upper level), pieces that
    appear out of nothing (a tile from a hidden hand: more of a kind after the move than
    before), and pieces taken off a stack that still stands (its sensor does not read it
    empty).  A reading showing more new pieces than positions emptied plus these is no move
    in progress: the piece came from nowhere a hand could take it (a marble put down after
    the move that moved it was taken, a knock)."""
    count = 0
    gained: Counter[str] = Counter()
    for c in effect.changes:
        lost = len(c.before) - len(c.after)
        if lost > 0 and (c.position not in sensed or c.after):
            count += lost
        gained.update(c.after)
        gained.subtract(c.before)
    return count + sum(n for n in gained.values() if n > 0)


def fitting(diff: Diff, among: Iterable[Footprint], base: Mapping[str, Value], empty: Value
            ) -> Iterator[Footprint]:
    """Moves the reading may be on its way to: every change so far is the move's, with its
    final value or emptied in passing, and no more pieces have appeared on empty positions
    than hands can have brought: from positions the reading shows emptied, or from outside
    the sensed board as far as the move takes pieces from there.  An unchanged board is on
    its way to nothing."""
    if not diff:
        return
    appeared = sum(1 for p, v in diff if v != empty and base.get(p) == empty)
    surplus = appeared - sum(1 for _, v in diff if v == empty)
    for fp in among:
        final, moved = fp.final, fp.moved
        if surplus <= fp.arrivals and all(
                final.get(p) == v or (v == empty and (p in final or p in moved))
                for p, v in diff):
            yield fp


@dataclass(frozen=True, slots=True)
class OneOf:
    """One of these positions, each move on the way its own: the moves agree that a piece
    must still be taken off one of them, not which (a DRHOMBIX nest takes any one free piece
    of the other colour).  ``kind``: the kind of piece on every one of them ("" when they
    differ)."""

    places: tuple[str, ...]
    kind: str = ""


@dataclass(frozen=True, slots=True)
class Steps:
    """What is left of a move on its way, where every move the board may be making agrees:
    positions still to clear (a captured piece to take off), positions still to fill; and
    where they agree only that one of a few positions must still be cleared, each move its
    own, which those are (``take_one``).  (Where a piece in the hand may go, each move its
    own place, is no step the board waits for: the hint lights show it.)"""

    take: tuple[str, ...] = ()
    put: tuple[str, ...] = ()
    take_one: OneOf | None = None

    def __bool__(self) -> bool:
        return bool(self.take or self.put or self.take_one)


NO_STEPS = Steps()
