"""Crosswise for MCTS: the live line scores as the heuristic; playouts that mostly lay tiles.

Heuristic: each team's lines added up as they stand (what the table page shows), the
difference squashed to a chance of winning.  Playouts stop after ``PLIES``: a random game's
last plies (swaps and moves shuffling the board) say little that the scores do not.

Policy: a lay of a random hand symbol on a random empty cell most of the time, the best of a
few such lays for the mover's team now and then, and any legal move otherwise (so that
actions still happen).  A lay never needs the list of every legal move, which is what makes
a Crosswise playout slow (a swap tile alone offers up to 630 moves).
"""

from __future__ import annotations

import random
from typing import Any

from controller.ai.heuristics import squash
from controller.ai.mcts import MctsConfig, Rewards
from controller.rules.base import Game, Variant
from controller.rules.crosswise.moves import Lay
from controller.rules.crosswise.scoring import line_score, totals
from controller.rules.crosswise.state import CrosswiseState, mover, seating
from controller.rules.crosswise.tiles import COLUMN_LINES, ROWS, SIZE

PLIES = 12
SCALE = 6.0         # points of advantage that make a win about 73% likely
LAY = 0.85          # chance a playout move is a lay (when one is possible)
GREEDY = 0.5        # chance that a lay is the best of ``SAMPLES`` random lays
SAMPLES = 4


def heuristic(state: CrosswiseState) -> Rewards:
    green, orange = totals(state.board)
    seats = seating(state.variant)
    p = squash((green - orange) / SCALE)
    return {s: p if team == "green" else 1.0 - p for s, team in zip(seats.seats, seats.team)}


def _gain(board: tuple[int, ...], cell: int, symbol: int, green: bool) -> int:
    """What laying ``symbol`` on ``cell`` adds to the mover's lines minus the other team's."""
    row, col = ROWS[cell // SIZE], COLUMN_LINES[cell % SIZE]
    before_r = line_score([board[i] for i in row])
    before_c = line_score([board[i] for i in col])
    after_r = line_score([symbol if i == cell else board[i] for i in row])
    after_c = line_score([symbol if i == cell else board[i] for i in col])
    gain = (after_r - before_r) - (after_c - before_c)
    return gain if green else -gain


def policy(game: Game[Any, Any], state: CrosswiseState, rng: random.Random) -> Any:
    i = mover(state)
    symbols = sorted({int(t) for t in state.hands[i] if t.isdigit()})
    board = state.board
    if symbols and rng.random() < LAY:
        empty = [c for c in range(len(board)) if not board[c]]
        if empty:
            if rng.random() >= GREEDY:
                return Lay(rng.choice(symbols), rng.choice(empty))
            green = seating(state.variant).team[i] == "green"
            tries = [(rng.choice(symbols), rng.choice(empty)) for _ in range(SAMPLES)]
            symbol, cell = max(tries, key=lambda t: _gain(board, t[1], t[0], green))
            return Lay(symbol, cell)
    moves = game.legal_moves(state)
    return moves[rng.randrange(len(moves))]


def config(game: Game[Any, Any], variant: Variant) -> MctsConfig:
    return MctsConfig("mcts", playout_plies=PLIES, heuristic=heuristic, policy=policy)
