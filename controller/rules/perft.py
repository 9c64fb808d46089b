"""Perft: count the leaves of the legal-move tree, the standard check of a move generator."""

from __future__ import annotations

from typing import Any

from controller.rules.base import Game


def perft(game: Game[Any, Any], state: Any, depth: int) -> int:
    """Leaves at ``depth`` plies; the last ply is counted, not generated (bulk counting)."""
    if depth <= 0:
        return 1
    if game.outcome(state) is not None:
        return 0
    if depth == 1:
        return game.count_legal_moves(state)
    return sum(perft(game, game.play(state, m), depth - 1) for m in game.legal_moves(state))


def perft_full(game: Game[Any, Any], state: Any, depth: int) -> int:
    """Perft that generates and applies every move down to the leaves (slower; for checks)."""
    if depth <= 0:
        return 1
    if game.outcome(state) is not None:
        return 0
    return sum(perft_full(game, game.play(state, m), depth - 1) for m in game.legal_moves(state))
