"""A position reached by random moves, for property tests (hypothesis builds it from a
variant, a seed and a number of plies)."""

from __future__ import annotations

import random
from typing import Any

from controller.rules.base import Game


def played(game: Game[Any, Any], variant: str, seed: int, plies: int, dealt: bool = False
           ) -> tuple[Any, random.Random]:
    """The position after up to ``plies`` random moves from the start (``dealt``: the start
    shuffled by ``seed``), and the generator that chose them (tests go on drawing from it)."""
    rng = random.Random(seed)
    state = game.setup(variant, seed=seed) if dealt else game.setup(variant)
    for _ in range(plies):
        moves = game.legal_moves(state) if game.outcome(state) is None else ()
        if not moves:
            break
        state = game.play(state, rng.choice(moves))
    return state, rng
