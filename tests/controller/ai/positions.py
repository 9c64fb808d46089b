"""Positions for the AI tests: random games of every registered game and variant."""

from __future__ import annotations

import random
from typing import Any

from controller.rules import GAMES
from controller.rules.base import Game

VARIANTS: list[tuple[str, str]] = [(name, v) for name, g in GAMES.items() for v in g.variants]


def random_positions(game: Game[Any, Any], variant: str, count: int, seed: int = 1,
                     max_plies: int = 120) -> list[Any]:
    """``count`` running positions met in random games (a few plies to ``max_plies`` in)."""
    rng = random.Random(f"{seed}:{game.name}:{variant}")
    out: list[Any] = []
    while len(out) < count:
        state = game.setup(variant, seed=rng.randrange(1 << 30))
        for _ in range(rng.randrange(max_plies)):
            if game.outcome(state) is not None:
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if game.outcome(state) is None:
            out.append(state)
    return out


class StepClock:
    """A clock that moves on by ``step`` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


class CountingFlag:
    """A cancellation flag that turns set after it has been asked ``after`` times."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.asked = 0

    def is_set(self) -> bool:
        self.asked += 1
        return self.asked > self.after
