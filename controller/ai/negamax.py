"""Alpha-beta over the rules contract, for two-player games with nothing hidden: the compiled
Abalone core's search techniques where the game has no core of its own.

Iterative deepening with principal variation search; a transposition table keyed by the
rules' own (hashable, immutable) states, with each entry's depth, bound, score and best move;
move ordering: the table's move, then the game's own order (``order``: captures first),
then two killer moves per ply and the history heuristic; a position repeated on the search
path scores as a draw; a win scores ``WIN`` less the plies to it, so the quickest is taken.
The evaluation (``evaluate(state, seat)``, in the game's own units, higher is better for
``seat``) is the game's heuristic (``controller.ai.heuristics``).

The first iteration always completes, so even a cancelled search answers with a searched
move; a deeper iteration cut short by the budget counts only if its first move was searched
to the end and beat the previous iteration's choice.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from controller.ai.budget import Budget, Deadline
from controller.ai.engine import Decision, begin
from controller.rules.base import Game, Seat

WIN = 1_000_000.0
MAX_DEPTH = 64
EXACT, LOWER, UPPER = 0, 1, 2
TABLE_LIMIT = 400_000   # entries; the table is cleared rather than grown past it

Evaluate = Callable[[Any, Seat], float]
Order = Callable[[Any, Any], int]    # (state, move) -> a key, smaller first


class _OutOfTime(Exception):
    pass


class Negamax:
    name = "negamax"

    def __init__(self, evaluate: Evaluate, order: Order | None = None) -> None:
        self.evaluate = evaluate
        self.order = order

    def think(self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget) -> Decision:
        deadline, rng, seen = begin(game, state, seat, budget)
        search = _Search(game, self.evaluate, self.order, deadline, seat)
        moves = list(game.legal_moves(seen))
        rng.shuffle(moves)        # ties between equal moves go by the budget's seed
        if len(moves) == 1:
            return Decision(moves[0], self.name, 1, deadline.elapsed(), 0, None)
        best, score, depth = moves[0], 0.0, 0
        for d in range(1, MAX_DEPTH + 1):
            try:
                move, value = search.root(seen, moves, d, first=d == 1)
            except _OutOfTime:
                if search.partial is not None and search.partial[1] > score:
                    best, score = search.partial
                break
            best, score, depth = move, value, d
            moves.remove(move)
            moves.insert(0, move)
            if abs(value) >= WIN - MAX_DEPTH or deadline.spent():
                break
        return Decision(best, self.name, deadline.nodes, deadline.elapsed(), depth, score)


class _Search:
    def __init__(self, game: Game[Any, Any], evaluate: Evaluate, order: Order | None,
                 deadline: Deadline, seat: Seat) -> None:
        self.game, self.evaluate, self.order, self.deadline = game, evaluate, order, deadline
        self.table: dict[Hashable, tuple[int, int, float, Any]] = {}
        self.killers: list[list[Any]] = [[] for _ in range(MAX_DEPTH + 2)]
        self.history: dict[Any, int] = {}
        self.path: set[Hashable] = set()
        self.partial: tuple[Any, float] | None = None
        self.unbounded = False

    def root(self, state: Any, moves: list[Any], depth: int, first: bool) -> tuple[Any, float]:
        """The best root move at ``depth`` (``first``: never cut short by the budget)."""
        self.unbounded = first
        self.partial = None
        seat = self.game.to_move(state)
        alpha, best = -2 * WIN, moves[0]
        self.path = {state}
        for i, move in enumerate(moves):
            child = self.game.apply(state, move)
            if self.game.to_move(child) == seat:   # a move that keeps the turn
                value = self.node(child, depth - 1, alpha, 2 * WIN, 1, seat)
            elif i == 0:
                value = -self.node(child, depth - 1, -2 * WIN, -alpha, 1, seat)
            else:
                value = -self.node(child, depth - 1, -alpha - 1, -alpha, 1, seat)
                if value > alpha:
                    value = -self.node(child, depth - 1, -2 * WIN, -alpha, 1, seat)
            if value > alpha:
                alpha, best = value, move
                self.partial = (best, alpha)
        return best, alpha

    def node(self, state: Any, depth: int, alpha: float, beta: float, ply: int,
             parent: Seat | None) -> float:
        """The value of ``state`` for the side to move in it (``parent``: who moved into
        it, whose opponent that is when the game is over)."""
        deadline = self.deadline
        deadline.count()
        if not self.unbounded and deadline.nodes & 15 == 0 and deadline.spent():
            raise _OutOfTime
        game = self.game
        mover = game.to_move(state)
        outcome = game.outcome(state)
        if outcome is not None or mover is None:
            winners = outcome.winners if outcome is not None else ()
            if not winners:
                return 0.0
            # Scored for the side that would move: the parent's opponent.
            return -(WIN - ply) if parent in winners else WIN - ply
        if state in self.path:
            return 0.0
        if depth <= 0:
            return self.evaluate(state, mover)
        entry = self.table.get(state)
        table_move = None
        if entry is not None:
            e_depth, bound, value, table_move = entry
            if e_depth >= depth and (bound == EXACT or (bound == LOWER and value >= beta)
                                     or (bound == UPPER and value <= alpha)):
                return value
        moves = self.ordered(state, game.legal_moves(state), table_move, ply)
        start_alpha, best_value, best_move = alpha, -2 * WIN, moves[0]
        self.path.add(state)
        try:
            for i, move in enumerate(moves):
                child = game.apply(state, move)
                sign = 1 if game.to_move(child) == mover else -1  # a move that keeps the turn
                if sign == 1:
                    value = self.node(child, depth - 1, alpha, beta, ply + 1, mover)
                elif i == 0:
                    value = -self.node(child, depth - 1, -beta, -alpha, ply + 1, mover)
                else:
                    value = -self.node(child, depth - 1, -alpha - 1, -alpha, ply + 1, mover)
                    if alpha < value < beta:
                        value = -self.node(child, depth - 1, -beta, -alpha, ply + 1, mover)
                if value > best_value:
                    best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                if alpha >= beta:
                    self.remember_cut(move, ply, depth)
                    break
        finally:
            self.path.discard(state)
        bound = UPPER if best_value <= start_alpha else LOWER if best_value >= beta else EXACT
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        self.table[state] = (depth, bound, best_value, best_move)
        return best_value

    def ordered(self, state: Any, moves: Sequence[Any], table_move: Any, ply: int
                ) -> list[Any]:
        killers = self.killers[ply] if ply < len(self.killers) else []
        history = self.history
        order = self.order

        def key(move: Any) -> tuple[int, int, int, int]:
            return (0 if move == table_move else 1,
                    order(state, move) if order is not None else 0,
                    0 if move in killers else 1,
                    -history.get(move, 0))
        return sorted(moves, key=key)

    def remember_cut(self, move: Any, ply: int, depth: int) -> None:
        if ply < len(self.killers):
            killers = self.killers[ply]
            if move not in killers:
                killers.insert(0, move)
                del killers[2:]
        self.history[move] = self.history.get(move, 0) + depth * depth
