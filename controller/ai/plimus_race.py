"""Plimus: a race planner over the team's own moves, with a real evaluation.

Plimus is a race (a team wins by forming up on the start area opposite its own) with a draw
clock (a set number of moves in a row without a capture).  Random playouts know neither:
a random move of a team's own stones undoes its formation, and random games end by the clock,
so Monte Carlo search won 85% of two-player and 10% of four-player games against a random
player (docs/ai.md).  This engine plans instead:

* **The evaluation** (``Race.value``, higher is better for the team): the cost of the team's
  way home, as a *matching* of its stones to the target fields of their sign (each field
  taken once, stones already standing right held at no cost, greedily by graph distance on
  the board's lines, so the back of the area fills as well as the front); a double on a
  target field costs ``DOUBLE_HOME`` (it must split) and ``SHUT`` more with no way out; a
  target field held by another team costs ``BLOCKED``, and more the fewer ways out that
  stone has (``TIGHT``, ``SHUT``: the team itself shuts it in); less ``RIVAL`` times the way
  home of the foes it can capture (so a capture sends the stone to the pole farthest from
  the foe's target); less ``CLOCK`` as the draw clock runs (so a capture, which restarts
  it, is worth more the later it comes), and once ``HUNT_FROM`` of it has run, less ``HUNT``
  (rising) per step between the team's nearest double and a stone it could capture; less
  ``EXPOSED`` for every stone a foe's double could capture next move.
* **The search**: every own move one ply deep, then the ``BEAM`` best of them a second own
  move deep (the others pass in between: a race is won by one's own tempo, and a second ply
  finds the ladders that a multi-jump needs), ties broken at random by the budget's seed.
  The thinking time bounds the second ply; a move that wins at once is always taken.

It reads nothing hidden (Plimus hides nothing) and only the position it is given.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from controller.ai.budget import Budget
from controller.ai.engine import Decision, Engine, begin
from controller.rules.base import Game, Seat, Variant
from controller.rules.plimus.board import TEAMS, Board
from controller.rules.plimus.state import PlimusState, team_index
from controller.rules.plimus.stones import EMPTY, IS_DOUBLE, SIGN, TEAM, kind_of, stones_of

BEAM = 10          # first moves searched a second ply deep
BLOCKED = 1.5      # a target field held by another team's stone
SHUT = 4.0         # ... which the team itself shuts in (it cannot leave; start fields are safe)
TIGHT = 1.0        # ... which has one way out left
DOUBLE_HOME = 2.0  # a double on a target field (it must split), and SHUT more if it cannot
RIVAL = 0.35       # weight of the leading foe's way home
CLOCK = 20.0       # the whole draw clock run out, in moves of the way home (grows as a square)
HUNT = 2.0         # per step between a double and a stone it may capture, at a full clock
HUNT_FROM = 0.4    # ... rising from nothing at this share of the clock
HUNT_FAR = 6       # ... counted at most (and for a team with no double on the board)
EXPOSED = 3.0      # an own stone a foe's double could capture next move
SECOND = 0.9       # a second-ply gain counts for a little less (others move in between)


@dataclass(frozen=True, slots=True)
class Tables:
    """What the evaluation needs about a board and variant, computed once."""

    dist: tuple[tuple[int, ...], ...]            # node -> node: steps along the lines
    wanted: tuple[tuple[tuple[int, int], ...], ...]  # team -> ((field, kind), ...)
    fields: tuple[frozenset[int], ...]           # team -> its target fields
    foes: tuple[frozenset[int], ...]             # seat index -> teams it may capture
    hunters: tuple[frozenset[int], ...]          # seat index -> teams that may capture it
    teams: tuple[int, ...]                       # seat index -> team
    limit: int


def _distances(board: Board) -> tuple[tuple[int, ...], ...]:
    n = len(board.names)
    out = []
    for a in range(n):
        d = [n] * n
        d[a] = 0
        todo = deque([a])
        while todo:
            x = todo.popleft()
            for y in board.neighbours[x]:
                if d[y] > d[x] + 1:
                    d[y] = d[x] + 1
                    todo.append(y)
        out.append(tuple(d))
    return tuple(out)


@cache
def tables(game: Any, variant: str) -> Tables:
    board: Board = game.board
    v = game.variants[variant]
    dist = _distances(board)
    wanted, fields = [], []
    for t, team in enumerate(TEAMS):
        area = board.start[board.targets[team]]
        wanted.append(tuple((node, kind_of(t, sign)) for node, sign in area))
        fields.append(frozenset(node for node, _ in area))
    teams = tuple(team_index(s) for s in v.seats)
    foes = tuple(frozenset(team_index(f) for f in v.options["foes"][s]) for s in v.seats)
    hunters = tuple(frozenset(teams[j] for j in range(len(teams)) if teams[i] in foes[j])
                    for i in range(len(teams)))
    return Tables(dist, tuple(wanted), tuple(fields), foes, hunters, teams,
                  v.options["move_limit"] or 0)


class Race:
    """The evaluation of a position for one seat (see the module's docstring)."""

    def __init__(self, game: Any, variant: str, seat_index: int) -> None:
        self.board: Board = game.board
        self.t = tables(game, variant)
        self.me = seat_index
        self.team = self.t.teams[seat_index]

    def way_home(self, cells: tuple[int, ...], poles: tuple[tuple[int, ...], ...],
                 team: int) -> float:
        """Moves (roughly) the team still needs: its stones matched to open target fields."""
        dist, board = self.t.dist, self.board
        cost = 0.0
        open_by_kind: dict[int, list[int]] = {}
        fields = self.t.fields[team]
        for field, kind in self.t.wanted[team]:
            code = cells[field]
            if code == 1 + kind:
                continue  # the right single: done
            open_by_kind.setdefault(kind, []).append(field)
            if code != EMPTY and TEAM[code] != team:
                cost += BLOCKED
        if not open_by_kind:
            return cost
        stones: dict[int, list[int]] = {k: [] for k in open_by_kind}
        for node, code in enumerate(cells):
            if code == EMPTY or TEAM[code] != team:
                continue
            if IS_DOUBLE[code]:
                if node in fields:
                    cost += DOUBLE_HOME + (SHUT if not self.exits(cells, node) else 0.0)
            elif node in fields and self._right(node, code, team):
                continue
            for k in stones_of(code):
                if k in stones:
                    stones[k].append(node)
        for p, counts in enumerate(poles):
            node = board.cells + p
            for k in stones:
                stones[k].extend([node] * counts[k])
        for k, targets in open_by_kind.items():
            pairs = sorted((dist[s][f], i, j) for i, s in enumerate(stones[k])
                           for j, f in enumerate(targets))
            used_s: set[int] = set()
            used_f: set[int] = set()
            for d, i, j in pairs:
                if i in used_s or j in used_f:
                    continue
                used_s.add(i)
                used_f.add(j)
                cost += d
                if len(used_f) == len(targets):
                    break
        return cost

    def _right(self, node: int, code: int, team: int) -> bool:
        return any(f == node and code == 1 + k for f, k in self.t.wanted[team])

    def exposed(self, cells: tuple[int, ...]) -> int:
        """Own stones that a hunting team's double could capture with one jump."""
        hunters = self.t.hunters[self.me]
        if not hunters:
            return 0
        board = self.board
        count = 0
        for node, code in enumerate(cells):
            if not IS_DOUBLE[code] or TEAM[code] not in hunters:
                continue
            sign = SIGN[code]
            for over, land, _ray in board.all_jumps[node]:
                victim = cells[over]
                if (victim != EMPTY and TEAM[victim] == self.team and SIGN[victim] != sign
                        and (land >= board.cells or cells[land] == EMPTY)
                        and over not in board.start_fields):
                    count += 2 if IS_DOUBLE[victim] else 1
        return count

    def exits(self, cells: tuple[int, ...], node: int) -> int:
        """Ways out of a node: empty neighbours, and poles (which hold any number)."""
        n = self.board.cells
        return sum(1 for x in self.board.neighbours[node] if x >= n or cells[x] == EMPTY)

    def shut_in(self, cells: tuple[int, ...]) -> float:
        """Other teams' stones on the team's target fields, by how hard they find it to
        leave: ``SHUT`` for one the team's own stones help shut in, ``TIGHT`` for one with a
        single way out."""
        board = self.board
        penalty = 0.0
        for field in self.t.fields[self.team]:
            code = cells[field]
            if code == EMPTY or TEAM[code] == self.team:
                continue
            ways = self.exits(cells, field)
            if ways == 1:
                penalty += TIGHT
            elif ways == 0 and any(TEAM[cells[x]] == self.team
                                   for x in board.neighbours[field] if x < board.cells):
                penalty += SHUT
        return penalty

    def value(self, state: PlimusState) -> float:
        cells, poles = state.cells, state.poles
        score = -self.way_home(cells, poles, self.team) - self.shut_in(cells)
        foes = self.t.foes[self.me]
        if foes:
            score += RIVAL * min(self.way_home(cells, poles, f) for f in foes)
        if self.t.limit:
            late = state.quiet / self.t.limit
            score -= CLOCK * late ** 2
            if foes and late > HUNT_FROM:
                score -= HUNT * (late - HUNT_FROM) / (1 - HUNT_FROM) * self.hunt(cells, foes)
        return score

    def hunt(self, cells: tuple[int, ...], foes: frozenset[int]) -> int:
        """Steps from the team's nearest double to a foe's stone it could capture (one of
        the other sign, off the start fields), at most ``HUNT_FAR``: only a capture restarts
        the draw clock, and only a double captures."""
        board, dist = self.board, self.t.dist
        doubles = [n for n in range(board.cells)
                   if IS_DOUBLE[cells[n]] and TEAM[cells[n]] == self.team]
        if not doubles:
            return HUNT_FAR
        best = HUNT_FAR
        for n in range(board.cells):
            code = cells[n]
            if code == EMPTY or TEAM[code] not in foes or n in board.start_fields:
                continue
            for d in doubles:
                if SIGN[cells[d]] != SIGN[code] and dist[d][n] < best:
                    best = dist[d][n]
        return best


class PlimusRace:
    """The Plimus engine (see the module's docstring)."""

    name = "race"

    def __init__(self, beam: int = BEAM) -> None:
        self.beam = beam

    def think(self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget) -> Decision:
        deadline, rng, seen = begin(game, state, seat, budget)  # Plimus hides nothing
        del state
        moves = list(game.legal_moves(seen))
        if len(moves) == 1:
            return Decision(moves[0], self.name, 0, deadline.elapsed())
        race = Race(game, seen.variant, seen.to_move)
        rng.shuffle(moves)  # equal moves at random, so games differ
        first: list[tuple[float, int, PlimusState]] = []
        for i, move in enumerate(moves):
            after = game.play(seen, move)
            outcome = game.outcome(after)
            deadline.count()
            if outcome is not None and seat in outcome.winners:
                return Decision(move, self.name, deadline.nodes, deadline.elapsed(), 1, 1e9)
            if outcome is not None:
                score = -1e6  # a draw by the clock (or someone else's win)
            else:
                score = race.value(after) - EXPOSED * race.exposed(after.cells)
            first.append((score, i, after))
            if deadline.spent() and i > 0:
                break
        first.sort(key=lambda x: -x[0])
        best_score, best_i = first[0][0], first[0][1]
        depth = 1
        for score, i, after in first[:self.beam]:
            if deadline.spent():
                break
            mine = replace(after, to_move=seen.to_move)  # the others pass: a race plan
            onward = score
            risk = score - race.value(after)  # the first move's exposure stays in the plan
            for move in game.legal_moves(mine):
                then = game.play(mine, move)
                deadline.count()
                outcome = game.outcome(then)
                if outcome is not None and seat in outcome.winners:
                    value = 1e6
                elif outcome is not None:
                    continue
                else:
                    value = (race.value(then) + risk
                             - 0.5 * EXPOSED * race.exposed(then.cells))
                onward = max(onward, score + SECOND * (value - score))
            else:
                depth = 2
            if onward > best_score:
                best_score, best_i = onward, i
        return Decision(moves[best_i], self.name, deadline.nodes, deadline.elapsed(), depth,
                        best_score)


def engine(game: Game[Any, Any], variant: Variant) -> Engine:
    """Plimus's engine (its manifest's ``engine``): random playouts neither race nor watch the
    draw clock."""
    return PlimusRace()
