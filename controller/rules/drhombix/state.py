"""The DRHOMBIX state and moves: immutable values.

The state keeps masks over the board's position bits (``board.py``); moves name positions
(``"1b2"``), so that a move reads the same on either board and its text needs no board.
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.rules.base import Outcome


@dataclass(frozen=True, slots=True)
class Place:
    """Cuckoo game: put a piece from the reserve on an empty supported position.

    ``capture``: the free opponent piece taken when the move completes a nest (the mover's
    choice); ``None`` when no nest is completed or no opponent piece is free.
    """

    target: str
    capture: str | None = None


@dataclass(frozen=True, slots=True)
class Raise:
    """Move one free piece one or two levels up (both games; ``capture`` as for ``Place``)."""

    source: str
    target: str
    capture: str | None = None


@dataclass(frozen=True, slots=True)
class Remove:
    """Ant game: take one or two free pieces of one level off the board (in board order)."""

    positions: tuple[str, ...]


Move = Place | Raise | Remove


@dataclass(frozen=True, slots=True)
class DrhombixState:
    """``occupied``: every position holding a piece; ``black``: those showing black (the
    cuckoo game; the ant game's pieces have no colour that counts, so it is 0 there).
    ``reserves``: white's and black's reserve (cuckoo); in the ant game the pieces each player
    has taken off the board (first's, second's), which lie in that player's taken area.
    ``used``: positions that have yielded a sandwich capture, which never yield another.
    ``to_move``: index into the seats."""

    variant: str
    occupied: int
    black: int
    reserves: tuple[int, int]
    used: int
    to_move: int
    result: Outcome | None = None

    @property
    def white(self) -> int:
        return self.occupied & ~self.black
