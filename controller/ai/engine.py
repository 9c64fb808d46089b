"""The one interface every engine offers, and what a decision reports."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from controller.ai.budget import Budget, Deadline
from controller.errors import BoardError
from controller.rules.base import Game, Seat


@dataclass(frozen=True, slots=True)
class Decision:
    """A move chosen for a seat, with what it cost.

    ``nodes``: positions searched (alpha-beta) or playouts run (MCTS); ``depth``: the deepest
    completed alpha-beta iteration, or the deepest tree node of MCTS; ``score``: the engine's
    own estimate (alpha-beta evaluation for the mover; MCTS mean reward of the move, 0..1).
    """

    move: Any
    engine: str
    nodes: int
    seconds: float
    depth: int = 0
    score: float | None = None

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


class Engine(Protocol):
    """A computer player: ``think`` returns a legal move for ``seat``, which must be the
    seat to move in ``state``.

    ``state`` is the real position, hidden parts included; an engine's first act is to
    replace it by ``game.sample_hidden(state, seat, rng)`` and it never looks at it again, so
    it cannot read what ``seat`` may not see.
    """

    name: str

    def think(self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget) -> Decision:
        ...


class NotYourTurnError(BoardError, ValueError):
    """The engine was asked to move for a seat that is not to move (or the game is over)."""


def begin(game: Game[Any, Any], state: Any, seat: Seat,
          budget: Budget) -> tuple[Deadline, random.Random, Any]:
    """Every engine's first act: start the budget's clock, seed its random choices, and
    replace the real state by a determinization for ``seat`` (``game.sample_hidden``), which
    must be the seat to move.  The engine drops ``state`` after this and never reads what
    ``seat`` may not see."""
    deadline = budget.start()
    rng = random.Random(budget.seed)
    seen = game.sample_hidden(state, seat, rng)
    check_turn(game, seen, seat)
    return deadline, rng, seen


def check_turn(game: Game[Any, Any], state: Any, seat: Seat) -> None:
    """Refuse a request for a seat that is not to move (``state``: a determinization)."""
    mover = game.to_move(state)
    if mover != seat:
        why = "the game is over" if mover is None else f"it is {mover}'s turn"
        raise NotYourTurnError(f"cannot choose a move for {seat}: {why}")
