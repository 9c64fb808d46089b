"""Opponents for the benchmark: a random player, and a one-ply greedy player for Abalone."""

from __future__ import annotations

import random
from typing import Any

from controller.ai.abalone_eval import evaluate_for
from controller.ai.budget import Budget
from controller.ai.engine import Decision, begin, check_turn
from controller.rules.base import Game, Seat


class RandomPlayer:
    """Any legal move, uniformly (seeded by the budget)."""

    name = "random"

    def think(self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget) -> Decision:
        _, rng, seen = begin(game, state, seat, budget)
        moves = game.legal_moves(seen)
        return Decision(moves[rng.randrange(len(moves))], self.name, 1, 0.0)


class GreedyAbalone:
    """One ply: the move after which the Abalone evaluation is best for the mover (the same
    evaluation the alpha-beta engine uses: marbles pushed off, then centre, cohesion and
    danger at the edge); ties broken at random."""

    name = "greedy"

    def think(self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget) -> Decision:
        rng = random.Random(budget.seed)
        check_turn(game, state, seat)
        moves = list(game.legal_moves(state))
        rng.shuffle(moves)
        mover = state.to_move
        best = max(moves, key=lambda m: evaluate_for(game.play(state, m), mover))
        return Decision(best, self.name, len(moves), 0.0)
