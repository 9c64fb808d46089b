"""What a search may spend: thinking time, an optional node limit, a cancellation flag.

The search itself checks ``Deadline.spent()`` in its loops (every playout ply, every few
alpha-beta nodes), so it keeps to its time even in positions where one iteration is long.
Nothing here starts a thread: the caller that runs the search off its own thread passes a
``threading.Event`` (anything with ``is_set()``) as ``cancel`` and sets it to stop the search,
which then returns at once with its best move so far.  The clock is injectable so that tests
can drive time without sleeping.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

Clock = Callable[[], float]


class CancelFlag(Protocol):
    """Anything with ``is_set()``: a ``threading.Event``, or a test's own flag."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Budget:
    """How long to think and with which random seed.

    ``seconds``: the thinking time; the search returns within it (plus the time of one last
    step: a move generation, an evaluation).  ``nodes``: also stop after this many nodes or
    playouts, which makes a search reproducible whatever the machine's speed (tests).
    ``seed``: the search's random choices (determinizations, playouts, ties).
    """

    seconds: float
    seed: int = 0
    nodes: int | None = None
    cancel: CancelFlag | None = None
    clock: Clock = field(default=time.monotonic, compare=False)

    def __post_init__(self) -> None:
        if not self.seconds >= 0:
            raise ValueError(f"a thinking time is a number of seconds >= 0, not {self.seconds}")
        if self.nodes is not None and self.nodes < 1:
            raise ValueError(f"a node limit is at least 1, not {self.nodes}")

    def start(self) -> Deadline:
        return Deadline(self)


class Deadline:
    """A running budget: the search calls ``spent()`` and stops when it says so."""

    __slots__ = ("_cancel", "_clock", "_end", "_limit", "nodes", "started")

    def __init__(self, budget: Budget) -> None:
        self._clock = budget.clock
        self._cancel = budget.cancel
        self.started = self._clock()
        self._end = self.started + budget.seconds
        self._limit = budget.nodes
        self.nodes = 0

    def count(self, n: int = 1) -> None:
        """Count nodes (or playouts) searched."""
        self.nodes += n

    def spent(self) -> bool:
        """Whether the search must stop now: out of time or nodes, or cancelled."""
        if self._limit is not None and self.nodes >= self._limit:
            return True
        if self._cancel is not None and self._cancel.is_set():
            return True
        return self._clock() >= self._end

    def elapsed(self) -> float:
        return self._clock() - self.started
