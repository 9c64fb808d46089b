"""Positions and whole games reached by random moves, for property tests (hypothesis builds a
position from a variant, a seed and a number of plies; a whole game is played once per
session and shared by every test that looks at it)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
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


@dataclass(frozen=True, slots=True)
class RandomGame:
    """A game of uniformly random legal moves from the start dealt by ``seed``: its moves'
    texts, in order, its last move, and the position it stopped in (over, unless ``limit``
    moves did not end it).  Texts, not move objects: the games stay in memory for the whole
    session, and strings cost the garbage collector nothing to walk."""

    variant: str
    seed: int
    moves: tuple[str, ...]
    last: Any
    final: Any


@cache
def random_game(game: Game[Any, Any], variant: str, seed: int, limit: int = 50_000
                ) -> RandomGame:
    """A whole random game, every move through ``apply`` (which checks it) and every
    position's text read back; played once per test session, whichever test asks first."""
    rng = random.Random(seed)
    state = game.setup(variant, seed=seed)
    moves, move = [], None
    while game.outcome(state) is None and len(moves) < limit:
        move = rng.choice(game.legal_moves(state))
        moves.append(game.move_text(move))
        state = game.apply(state, move)
        text = game.position_text(state)
        assert game.parse_position(text, variant) == state, (
            f"{game.name} {variant} seed {seed}: the text after ply {len(moves)} reads back "
            f"as another position: {text}")
    return RandomGame(variant, seed, tuple(moves), move, state)
