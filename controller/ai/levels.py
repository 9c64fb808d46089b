"""Named levels: a thinking time per move, chosen on the host controls.

Strength grows with time in every engine (alpha-beta searches deeper, MCTS runs more
playouts); the perfect-play ant-game solver is perfect at every level.  The times are for the
development machine; a Raspberry Pi is several times slower, so the same level searches less
there, but keeps to the same time.
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.ai.budget import Budget, CancelFlag
from controller.errors import BoardError


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    seconds: float
    summary: str

    def budget(self, seed: int = 0, cancel: CancelFlag | None = None) -> Budget:
        return Budget(self.seconds, seed=seed, cancel=cancel)


LEVELS: dict[str, Level] = {lv.name: lv for lv in (
    Level("easy", 0.05, "a glance: a twentieth of a second a move"),
    Level("quick", 0.2, "a fifth of a second a move"),
    Level("club", 1.0, "a second a move: the benchmark's level against the greedy player and "
          "the frozen baseline engine"),
    Level("strong", 5.0, "five seconds a move"),
)}
DEFAULT_LEVEL = "club"


class UnknownLevelError(BoardError, LookupError):
    """A level name that is not one of ``LEVELS``."""


def level(name: str | None = None) -> Level:
    """The level called ``name`` (``DEFAULT_LEVEL`` when ``None``)."""
    key = DEFAULT_LEVEL if name is None else name.strip().lower()
    try:
        return LEVELS[key]
    except KeyError:
        raise UnknownLevelError(
            f"no computer level called {name!r}; the levels are: {', '.join(LEVELS)}") from None
