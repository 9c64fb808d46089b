"""A game's record: what is written of it, and how its records fold into the moves that stand.

A game is kept as records in order (the event log's rows, the club's events, the session's
own history): a ``move``, an ``amend`` (the same hand went on: it replaces the last move), a
``takeback`` (back to its ``ply``: the moves after it are gone), an ``end`` (a
resignation, an agreed draw, a fallen flag) and a ``deal`` (remote play: the position at its
ply taken from the host board, the moves unchanged).  ``fold`` is the one place that says what each
does to the moves that stand; the session, the table's move list, the log's replay and the
club's record all fold with it.

Also here, for the readers below and above the service alike: the rows of a stored game
(``GameRecord``, ``EventRecord``) and what a reader needs of a log (``GameLog``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol, TypeVar

from controller.said import Message


class Numbered(Protocol):
    """A record that says its ply."""

    @property
    def ply(self) -> int: ...


T = TypeVar("T", bound=Numbered)


class RecordKind(StrEnum):
    MOVE = "move"
    AMEND = "amend"        # replaces the last move
    TAKEBACK = "takeback"  # back to ``ply``
    END = "end"            # a resignation, an agreed draw, a fallen flag
    DEAL = "deal"          # remote play's guest took the host's position (its hidden parts
                           # dealt for it): the moves that stand are the same


def fold(standing: list[T], kind: RecordKind, ply: int, item: T | None = None) -> None:
    """One record's change to the moves that stand (``standing``, in ply order, changed in
    place; it may begin after ply 1: the moves kept): a move or an end adds ``item``, an
    amend puts it in place of the last move (``IndexError`` when there is none), a take-back
    leaves the moves up to ply ``ply``."""
    if kind is RecordKind.TAKEBACK:
        while standing and standing[-1].ply > ply:
            standing.pop()
        return
    if kind is RecordKind.DEAL:
        return
    if item is None:
        raise ValueError(f"a {kind.value} record needs its move")
    if kind is RecordKind.AMEND:
        if not standing:
            raise IndexError("an amend of no move")
        standing[-1] = item
    else:
        standing.append(item)


@dataclass(frozen=True, slots=True)
class By:
    """Who made a move, as it stood when it was made: the computer's level if the computer
    chose it, and the player's name, if the host gave one (a seat later given to the
    computer keeps its earlier moves a person's)."""

    computer: str | None = None
    name: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"computer": self.computer, "name": self.name}

    @classmethod
    def from_json(cls, data: Any) -> By:
        if not isinstance(data, dict):
            return cls()
        computer, name = data.get("computer"), data.get("name")
        return cls(computer if isinstance(computer, str) and computer else None,
                   name if isinstance(name, str) and name else None)


NOBODY = By()  # a move of a person without a name


@dataclass(frozen=True, slots=True)
class Played:
    """A move as the pages list it: its ply, its seat, its text, when it was made (session
    seconds), what it did (``Game.description``) and who made it."""

    ply: int
    seat: str
    move: str
    t: float
    said: Message | None
    by: By

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "seat": self.seat, "move": self.move, "t": self.t,
                "said": self.said.to_json() if self.said is not None else None,
                "by": self.by.to_json()}


@dataclass(frozen=True)
class GameRecord:
    """A stored game: ``result`` is ``Outcome.to_json`` (a log written before the
    terminations were typed holds winners and an English ``reason``)."""

    id: int
    game: str
    variant: str
    seed: int
    start: str
    started: float
    finished: float | None
    result: dict[str, Any] | None
    meta: dict[str, Any]


@dataclass(frozen=True)
class EventRecord:
    """One record of a stored game (``kind``: a ``RecordKind``'s value)."""

    seq: int
    kind: str
    ply: int
    seat: str | None
    move: str | None
    position: str
    t: float
    wall: float
    data: dict[str, Any]


class GameLog(Protocol):
    """What a reader needs of a stored log (``boardlight.eventlog.EventLog`` is one)."""

    @property
    def path(self) -> Path: ...

    def games(self) -> Sequence[GameRecord]: ...

    def events(self, game_id: int) -> Sequence[EventRecord]: ...
