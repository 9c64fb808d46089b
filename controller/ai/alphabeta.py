"""Alpha-beta for two-player Abalone: negamax, iterative deepening, a transposition table.

The search runs on bitboard positions (``abalone_moves``) and the evaluation of
``abalone_eval``.  Move ordering: the transposition table's best move, then moves that push
a marble off, then the history heuristic (moves that caused cut-offs before, weighted by
depth squared).  At the horizon a quiescence search follows push-offs only (a marble about
to fall is the one thing a fixed depth misjudges badly), up to ``QUIESCENCE`` plies.

Iterative deepening keeps to the budget: each iteration starts with the previous best move;
when time runs out mid-iteration, the moves already searched at the new depth are kept if one
beat the previous best.  The deadline is checked every few nodes.
"""

from __future__ import annotations

from typing import Any

from controller.ai.abalone_eval import WIN, evaluate, threats
from controller.ai.abalone_moves import Child, Key, Position, children, position_of, to_rules_move
from controller.ai.budget import Budget, Deadline
from controller.ai.engine import Decision, begin
from controller.rules.abalone.layouts import VARIANTS
from controller.rules.base import Game, Seat

QUIESCENCE = 4
TABLE_SIZE = 1 << 18   # entries kept before the table is cleared (memory: tens of MB)
CHECK_EVERY = 32       # nodes between deadline checks
MAX_DEPTH = 64
EXACT, LOWER, UPPER = 0, 1, 2

Entry = tuple[int, int, int, Key | None]  # depth, score, bound, best move


class _Timeout(Exception):
    pass


class AlphaBeta:
    """The two-player Abalone engine."""

    name = "alphabeta"

    def __init__(self, max_depth: int = MAX_DEPTH) -> None:
        self.max_depth = max_depth

    def think(self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget) -> Decision:
        deadline, rng, seen = begin(game, state, seat, budget)  # Abalone hides nothing
        del state
        target = VARIANTS[seen.variant].options["target"]
        search = _Search(target, deadline)
        roots = children(position_of(seen))
        rng.shuffle(roots)  # equal moves are chosen at random, so games differ
        key, score, depth = search.root(roots, self.max_depth)
        return Decision(to_rules_move(key), self.name, deadline.nodes, deadline.elapsed(),
                        depth, float(score))


class _Search:
    def __init__(self, target: int, deadline: Deadline) -> None:
        self.target = target
        self.deadline = deadline
        self.table: dict[Position, Entry] = {}
        self.history: dict[Key, int] = {}
        self.next_check = 1

    def root(self, roots: list[Child], max_depth: int) -> tuple[Key, int, int]:
        """The best move, its score and the depth completed (0: none, the first move)."""
        best_key, best_score, done = roots[0][2], -WIN, 0
        scores: dict[Key, int] = {}
        for depth in range(1, max_depth + 1):
            roots.sort(key=lambda c: -scores.get(c[2], -WIN - 1))
            alpha = -WIN - 1
            found: Key | None = None
            try:
                for child, _, key in roots:
                    score = -self.negamax(child, depth - 1, -WIN - 1, -alpha, 1)
                    scores[key] = score
                    if score > alpha:
                        alpha, found = score, key
            except _Timeout:
                # The previous best was searched first at this depth: a move that beat it
                # here is better on the deeper evidence.
                if found is not None and found != best_key and alpha > scores.get(best_key,
                                                                                   -WIN - 1):
                    best_key, best_score = found, alpha
                break
            assert found is not None
            best_key, best_score, done = found, alpha, depth
            if abs(alpha) >= WIN - MAX_DEPTH or self.deadline.spent():
                break  # a forced result: deeper search changes nothing
        return best_key, best_score, done

    def tick(self) -> None:
        """Count a node; every ``CHECK_EVERY`` nodes, stop if the budget is spent."""
        deadline = self.deadline
        deadline.nodes += 1
        if deadline.nodes >= self.next_check:
            self.next_check = deadline.nodes + CHECK_EVERY
            if deadline.spent():
                raise _Timeout

    def negamax(self, pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.tick()
        if pos[3] >= self.target:
            return -WIN + ply  # the opponent's last move won
        if depth <= 0:
            return self.quiesce(pos, alpha, beta, ply, QUIESCENCE)
        entry = self.table.get(pos)
        tt_key: Key | None = None
        if entry is not None:
            e_depth, e_score, bound, tt_key = entry
            if e_depth >= depth:
                if bound == EXACT:
                    return e_score
                if bound == LOWER and e_score >= beta:
                    return e_score
                if bound == UPPER and e_score <= alpha:
                    return e_score
        kids = children(pos)
        if not kids:
            return -WIN + ply  # no legal move: the mover loses
        history = self.history
        kids.sort(key=lambda c: (c[2] == tt_key, c[1], history.get(c[2], 0)), reverse=True)
        original_alpha = alpha
        best, best_key = -WIN - 1, kids[0][2]
        for child, _, key in kids:
            score = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
            if score > best:
                best, best_key = score, key
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        history[key] = history.get(key, 0) + depth * depth
                        break
        bound = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        if len(self.table) >= TABLE_SIZE:
            self.table.clear()
        self.table[pos] = (depth, best, bound, best_key)
        return best

    def quiesce(self, pos: Position, alpha: int, beta: int, ply: int, left: int) -> int:
        me, opp, mo, oo = pos[0], pos[1], pos[2], pos[3]
        stand = evaluate(me, opp, mo, oo, self.target, tempo=left == 0)
        if stand >= beta or left == 0 or pos[4] or pos[5] or not threats(me, opp):
            return stand
        alpha = max(alpha, stand)
        best = stand
        for child, off, _ in children(pos):
            if not off:
                continue
            self.tick()
            score = -self.quiesce(child, -beta, -alpha, ply + 1, left - 1)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best
