"""Computer opponents for every game, over the rules contract.

Pure: no I/O and no threads.  The caller runs ``think`` off its own thread and may stop it
with ``Budget.cancel`` (a ``threading.Event``); the search then returns its best move so far.

    from controller.ai import Budget, level, think
    decision = think(game, state, seat, level("club").budget(seed=7, cancel=event))
    decision.move          # a legal move for ``seat`` (``game.apply`` accepts it)

The engines (``engine_for``): alpha-beta for two-player Abalone, the perfect-play solver for
the DRHOMBIX ant game, Monte Carlo tree search with determinization for everything else.  No
engine reads what ``seat`` may not see: each replaces the state by
``game.sample_hidden(state, seat, rng)`` before anything else.  See docs/ai.md.
"""

from __future__ import annotations

import random
from typing import Any

from controller.ai.budget import Budget, CancelFlag, Deadline
from controller.ai.dispatch import engine_for, prepare
from controller.ai.engine import Decision, Engine, NotYourTurnError
from controller.ai.levels import DEFAULT_LEVEL, LEVELS, Level, UnknownLevelError, level
from controller.rules.base import Game, Seat


def think(game: Game[Any, Any], state: Any, seat: Seat, budget: Budget) -> Decision:
    """Choose a move for ``seat`` (the seat to move) within ``budget``.

    ``state`` may be the real position, hidden parts included: the engine sees only a
    determinization for ``seat``.  Raises ``NotYourTurnError`` when ``seat`` is not to move.
    """
    seen = game.sample_hidden(state, seat, random.Random(budget.seed))
    del state  # the engine starts from what ``seat`` sees (and determinizes again)
    return engine_for(game, game.variant_of(seen).name).think(game, seen, seat, budget)


def choose_move(game: Game[Any, Any], state: Any, seat: Seat, seconds: float,
                seed: int = 0) -> Any:
    """``think(...).move`` with a plain thinking time."""
    return think(game, state, seat, Budget(seconds, seed=seed)).move


__all__ = ["DEFAULT_LEVEL", "LEVELS", "Budget", "CancelFlag", "Deadline", "Decision", "Engine",
           "Level", "NotYourTurnError", "UnknownLevelError", "choose_move", "engine_for",
           "level", "prepare", "think"]
