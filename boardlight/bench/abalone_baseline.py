"""The frozen baseline: the two-player Abalone engine as it stood before the compiled core
(commit 845861d, 2026-11-28), kept unchanged so that ``boardlight bench ai`` measures every
new engine against the same opponent.  Do not improve it: it is a yardstick.

It is ``controller/ai/alphabeta.py`` with its evaluation (``abalone_eval.py``) and its move
generation (``abalone_moves.py``) copied in one file: negamax with iterative deepening, a
transposition table keyed on the position, the table's move, push-offs and the history
heuristic for ordering, a quiescence search over push-offs; the evaluation's hand-set
weights (material, centrality, cohesion, the rim, marbles in danger).  About 45,000-95,000
nodes a second on the development machine.
"""

from __future__ import annotations

from typing import Any

from controller.ai.budget import Budget, Deadline
from controller.ai.engine import Decision, begin
from controller.rules.abalone import AbaloneState, Place, Push
from controller.rules.abalone.board import AXES, CELLS, OFF, STEPS, VALID, bits_of, row_col
from controller.rules.abalone.layouts import VARIANTS
from controller.rules.abalone.movegen import movable_groups
from controller.rules.base import Game, Seat

# ---- the evaluation (abalone_eval.py) ----

MARBLE = 1000
CENTRE = 16
COHESION = 6
RIM = 12
TEMPO = 700          # the side to move can push a marble off now
DANGER_ONE = 250     # one own marble hangs: usually saved, at some cost
DANGER_MORE = 700    # each further one: they cannot all be saved
WIN = 1_000_000


def _distance(cell: int) -> int:
    r, n = row_col(cell)
    q, s = n - 5, r - 4
    return max(abs(q), abs(s), abs(q - s))


RINGS: tuple[int, ...] = tuple(sum(1 << c for c in CELLS if _distance(c) == k) for k in range(5))
WITHIN: tuple[int, ...] = tuple(sum(RINGS[: j + 1]) for j in range(4))
"""``WITHIN[j]``: cells at most j from the centre; a marble at distance d lies in 4 - d of
them, so the popcounts add up to its centrality."""
RIM_MASK = RINGS[4]


def centrality(m: int) -> int:
    return ((m & WITHIN[0]).bit_count() + (m & WITHIN[1]).bit_count()
            + (m & WITHIN[2]).bit_count() + (m & WITHIN[3]).bit_count())


def cohesion(m: int) -> int:
    a, b, c = AXES
    return (m & m >> a).bit_count() + (m & m >> b).bit_count() + (m & m >> c).bit_count()


# Per positive step s: OFF seen from 3, 4 and 5 steps back, both ways (the shifts of
# ``threats`` written out: this is the evaluation's hot loop).
_OFF_AHEAD = tuple((s, OFF >> 3 * s, OFF >> 4 * s, OFF >> 5 * s,
                    OFF << 3 * s, OFF << 4 * s, OFF << 5 * s) for s in AXES)


def threats(me: int, opp: int) -> int:
    """The ``opp`` marbles that ``me`` could push off the board with one move (a mask).

    A line of two or three own marbles, then fewer opponent marbles, then off the board; the
    last opponent marble stands on the rim, so a side with none there is safe."""
    if not opp & RIM_MASK:
        return 0
    out = 0
    for s, f3, f4, f5, b3, b4, b5 in _OFF_AHEAD:
        two = me & me >> s  # X and X + s own: pushing towards +s
        if two:
            out |= (two & opp >> 2 * s & f3) << 2 * s
            o3 = two & me >> 2 * s & opp >> 3 * s
            if o3:
                out |= (o3 & f4) << 3 * s | (o3 & opp >> 4 * s & f5) << 4 * s
        two = me & me << s  # X and X - s own: pushing towards -s
        if two:
            out |= (two & opp << 2 * s & b3) >> 2 * s
            o3 = two & me << 2 * s & opp << 3 * s
            if o3:
                out |= (o3 & b4) >> 3 * s | (o3 & opp << 4 * s & b5) >> 4 * s
    return out


def evaluate(me: int, opp: int, my_off: int, opp_off: int, target: int,
             tempo: bool = True) -> int:
    """The position for the side to move, whose marbles are ``me``; ``my_off``: marbles it
    has pushed off."""
    if my_off >= target:
        return WIN
    if opp_off >= target:
        return -WIN
    score = (MARBLE * (my_off - opp_off)
             + CENTRE * (centrality(me) - centrality(opp))
             + COHESION * (cohesion(me) - cohesion(opp))
             - RIM * ((me & RIM_MASK).bit_count() - (opp & RIM_MASK).bit_count()))
    hanging = threats(opp, me).bit_count()
    if hanging:
        score -= DANGER_ONE + DANGER_MORE * (hanging - 1)
    if tempo and threats(me, opp):
        score += TEMPO
    return score


def evaluate_for(state: AbaloneState, seat: int) -> int:
    """A two-player position from the point of view of seat index ``seat``, whoever is to
    move (what the one-ply greedy player maximises)."""
    i = state.to_move
    target = VARIANTS[state.variant].options["target"]
    score = evaluate(state.marbles[i], state.marbles[1 - i], state.pushed[i],
                     state.pushed[1 - i], target)
    return score if seat == i else -score


# ---- the search's moves (abalone_moves.py) ----

Position = tuple[int, int, int, int, int, int]
Key = tuple[int, int]
Child = tuple[Position, int, Key]  # (the position for the other side, marbles pushed off, key)

PLACE = -1


def position_of(state: AbaloneState) -> Position:
    """A two-player rules state as a search position for the side to move."""
    i, j = state.to_move, 1 - state.to_move
    return (state.marbles[i], state.marbles[j], state.pushed[i], state.pushed[j],
            state.to_place[i], state.to_place[j])


def to_rules_move(key: Key) -> Push | Place:
    mask, direction = key
    if direction == PLACE:
        return Place(mask.bit_length() - 1)
    return Push(tuple(bits_of(mask)), direction)


def children(pos: Position) -> list[Child]:
    me, opp, mo, oo, mp, op = pos
    if mp or op:
        return [((opp, me | 1 << c, oo, mo, op, mp - 1), 0, (1 << c, PLACE))
                for c in bits_of(VALID & ~(me | opp))]
    out: list[Child] = []
    for anchors, (size, a, d) in movable_groups(me, me, opp):
        s = STEPS[d]
        inline = size > 1 and (s == a or s == -a)
        while anchors:
            low = anchors & -anchors
            anchors ^= low
            g = low if size == 1 else low | low << a if size == 2 else low | low << a | low << 2 * a
            moved = g << s if s > 0 else g >> -s
            new_me = me & ~g | moved
            if inline:
                ahead = (moved & ~g)  # the cell the leading marble moves into
                if ahead & opp:
                    nxt = ahead << s if s > 0 else ahead >> -s
                    run = ahead | (nxt & opp)
                    landed = (run << s if s > 0 else run >> -s) & VALID
                    off = run.bit_count() - landed.bit_count()
                    out.append(((opp & ~run | landed, new_me, oo, mo + off, op, mp), off,
                                (g, d)))
                    continue
            out.append(((opp, new_me, oo, mo, op, mp), 0, (g, d)))
    return out


def push_offs(pos: Position) -> list[Child]:
    """The children in which the mover pushes a marble off."""
    return [c for c in children(pos) if c[1]]


# ---- the search (alphabeta.py) ----

QUIESCENCE = 4
TABLE_SIZE = 1 << 18   # entries kept before the table is cleared (memory: tens of MB)
CHECK_EVERY = 32       # nodes between deadline checks
MAX_DEPTH = 64
EXACT, LOWER, UPPER = 0, 1, 2

Entry = tuple[int, int, int, Key | None]  # depth, score, bound, best move


class _Timeout(Exception):
    pass


class FrozenAlphaBeta:
    """The two-player Abalone engine of 2026-11-28 (pure Python)."""

    name = "baseline"

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
