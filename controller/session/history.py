"""The game so far, as the session keeps it: for take-backs and amendments, and for the pages.

Each committed move is kept as an ``Entry``: its ply, the position before it and that
position's reading (a board back at an earlier reading offers a take-back), and what it did.
The pages list the moves as ``Played`` records (who made each, and how).  Both fold the same
typed records (``controller.records``): a move adds, an amendment replaces the last move, a
take-back leaves the moves up to its ply; an end (a resignation, an agreed draw, a fallen
flag) is listed for the pages and kept for no take-back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from controller.physical import BoardSpec, Value
from controller.records import Played, RecordKind, fold
from controller.rules.base import Game
from controller.session.footprints import Footprint
from controller.session.messages import Message
from controller.session.moves import moves_of


@dataclass(frozen=True)
class Entry:
    """A committed move, kept for take-backs and amendments: its ply, the position before
    it, and the reading of that position."""

    ply: int
    state: Any
    footprint: Footprint
    seat: str
    reading: frozenset[tuple[str, Value]]
    said: Message  # what the move did (``Game.describe``), for people
    by_computer: bool = False  # the computer's choice, carried out by a human


class History:
    def __init__(self) -> None:
        self.entries: list[Entry] = []  # the moves kept, by ply
        self.played: list[Played] = []  # every move, as the pages list them
        self._readings: tuple[frozenset[tuple[str, Value]], ...] | None = None  # of entries

    @property
    def last(self) -> Entry | None:
        """The last board move kept."""
        return self.entries[-1] if self.entries else None

    def readings(self) -> tuple[frozenset[tuple[str, Value]], ...]:
        """The readings of the positions before each move kept (the judge asks every
        reading; worked out again only when the moves kept change)."""
        if self._readings is None:
            self._readings = tuple(e.reading for e in self.entries)
        return self._readings

    def after(self, ply: int) -> list[Entry]:
        """The moves kept after ply ``ply`` (what a take-back to it undoes)."""
        return [e for e in self.entries if e.ply > ply]

    def add(self, kind: RecordKind, entry: Entry, played: Played) -> None:
        """A move committed (``kind`` move), or the last one amended (``kind`` amend)."""
        fold(self.entries, kind, entry.ply, entry)
        fold(self.played, kind, entry.ply, played)
        self._readings = None

    def take_back(self, ply: int) -> list[Entry]:
        """Back to the position after ply ``ply``: the moves undone."""
        undone = self.after(ply)
        fold(self.entries, RecordKind.TAKEBACK, ply)
        fold(self.played, RecordKind.TAKEBACK, ply)
        self._readings = None
        return undone

    def end(self, played: Played) -> None:
        """The game ended by a resignation, an agreed draw or a fallen flag."""
        fold(self.played, RecordKind.END, played.ply, played)

    def restore(self, game: Game[Any, Any], spec: BoardSpec, states: Sequence[Any],
                moves: Sequence[str], seats: Sequence[str], keep: int,
                played: Sequence[Played]) -> None:
        """A game replayed from the log (``states[k]``: the position after ply k): its last
        ``keep`` moves get their footprints back, so a take-back works after a restart."""
        self.entries, self._readings = [], None
        for k in range(max(0, len(moves) - keep), len(moves)):
            idx = moves_of(game, states[k], spec)
            fp = idx.find(moves[k])
            if fp is not None:
                self.entries.append(Entry(k + 1, states[k], fp, seats[k], idx.reading_key,
                                          game.describe(states[k], fp.move)))
        self.played = list(played)
