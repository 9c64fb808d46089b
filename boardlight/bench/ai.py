"""``boardlight bench ai``: the engines' strength and speed.

Every matchup plays whole games through ``game.apply`` (so an illegal move would stop the
run), the computer alternating sides: in a team variant it plays every seat of its side, in
a free-for-all (three-player Abalone, four-player Plimus) one seat against the others.  A
game counts as a win when a seat of the computer's side is among the winners; a draw, a loss
or a game cut off at ``MAX_PLIES`` is not.  Games run in parallel processes, one per core.

Two-player Abalone also plays the frozen baseline (``abalone_baseline``: the engine as it was
before the compiled core) at equal time on both start layouts: there the target is a score
(a win 1, a draw or a game cut at ``BASELINE_PLIES`` a half) of 95%, and games won should
end, six marbles off, within ``FINISH_PLIES``.  The compiled engine plays those games on one
thread (games run one per core) at normal priority, like the baseline.

DRHOMBIX's cuckoo game also plays the MCTS it had before alpha-beta (``mcts``), at equal time:
the new engine should win at least ``TARGETS["mcts"]`` of those games.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from boardlight.bench.abalone_baseline import FrozenAlphaBeta
from boardlight.bench.baselines import GreedyAbalone, RandomPlayer
from controller.ai.abalone_core import available as core_available
from controller.ai.abalone_engine import AbaloneEngine
from controller.ai.budget import Budget
from controller.ai.dispatch import engine_for, prepare
from controller.ai.engine import Engine
from controller.ai.heuristics import mcts_config
from controller.ai.mcts import Mcts
from controller.rules import find_game
from controller.rules.base import Game, Seat

MAIN_VARIANTS: dict[str, tuple[str, ...]] = {
    "abalone": ("standard", "belgian-daisy", "three-player", "four-player"),
    "crosswise": ("two-player", "three-player", "four-player"),
    "drhombix": ("cuckoo-square", "cuckoo-triangle", "ant-square", "ant-triangle"),
    "plimus": ("two-player", "four-player"),
    "rhombus": ("two-player", "four-player", "formation"),
}
# A guard against a game that never ends, not a rule: every game here ends by its own rules
# (Plimus by its draw clock, which captures restart; against three random players a
# four-player Plimus game runs to about a thousand plies, some to three thousand).
MAX_PLIES = 5000
BASELINE_PLIES = 400   # against the baseline a game still running here is a draw
FINISH_PLIES = 200     # a game won against the baseline should be over by here
BASELINE_LAYOUTS = ("standard", "belgian-daisy")
TARGETS = {"random": 0.95, "greedy": 0.90, "baseline": 0.95, "mcts": 0.75}
PREVIOUS_MCTS = ("cuckoo-square", "cuckoo-triangle")   # DRHOMBIX variants that had MCTS
FINISH_TARGET = 0.90


@dataclass(frozen=True, slots=True)
class Matchup:
    game: str
    variant: str
    opponent: str          # "random", "greedy", "baseline" or "mcts"
    seconds: float         # the computer's thinking time per move

    @property
    def label(self) -> str:
        return f"{self.game} {self.variant} vs {self.opponent}"


@dataclass(frozen=True, slots=True)
class GameResult:
    matchup: Matchup
    index: int
    won: bool
    drawn: bool
    finished: bool
    plies: int
    engine: str
    moves: int          # computer moves
    nodes: int          # nodes or playouts, over all computer moves
    seconds: float      # the computer's thinking time, over all its moves
    wall: float
    depth: int = 0      # completed alpha-beta depths, over all the computer's moves


@dataclass(frozen=True, slots=True)
class MatchupFigure:
    matchup: Matchup
    games: int
    wins: int
    draws: int
    unfinished: int
    mean_plies: float
    engine: str
    nodes_per_second: float
    seconds_per_move: float
    wall: float
    quick_wins: int = 0        # wins within FINISH_PLIES
    mean_depth: float = 0.0    # alpha-beta depth completed a move

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def score(self) -> float:
        """Wins, and half of each draw or unfinished game, a share of the games."""
        halves = self.draws + self.unfinished
        return (self.wins + halves / 2) / self.games if self.games else 0.0

    @property
    def finish_rate(self) -> float:
        return self.quick_wins / self.wins if self.wins else 0.0

    @property
    def target(self) -> float:
        return TARGETS[self.matchup.opponent]

    @property
    def met(self) -> bool:
        if self.matchup.opponent == "baseline":
            return self.score >= self.target and self.finish_rate >= FINISH_TARGET
        return self.win_rate >= self.target

    def line(self) -> str:
        m = self.matchup
        losses = self.games - self.wins - self.draws - self.unfinished
        unit = {"alphabeta": "nodes", "core": "nodes", "negamax": "nodes",
                "solver": "positions solved",
                "race": "positions judged"}.get(self.engine, "playouts")
        if m.opponent == "baseline":
            result = (f"scored {self.score:.1%} (target {self.target:.0%}), won {self.wins}/"
                      f"{self.games}, {self.quick_wins} of them within {FINISH_PLIES} plies "
                      f"({self.finish_rate:.0%}; target {FINISH_TARGET:.0%})"
                      f"{'' if self.met else ', MISSED'}")
        else:
            result = (f"won {self.wins}/{self.games} ({self.win_rate:.0%}; target "
                      f"{self.target:.0%}{'' if self.met else ', MISSED'})")
        depth = f", depth {self.mean_depth:.1f} a move" if self.mean_depth else ""
        return (f"{m.label}: {result}, drew {self.draws}, lost {losses}, unfinished "
                f"{self.unfinished}; {self.mean_plies:.0f} plies a game; {self.engine} at "
                f"{m.seconds:g} s a move: {self.nodes_per_second:,.0f} {unit}/s, "
                f"{self.seconds_per_move:.3f} s used a move{depth}; {self.wall:.0f} s of games")


def sides(game: Game[Any, Any], variant: str) -> list[tuple[Seat, ...]]:
    """The variant's sides: partners together, in seat order."""
    state = game.setup(variant)
    out: list[tuple[Seat, ...]] = []
    for seat in game.seats(state):
        if not any(game.same_side(state, seat, side[0]) for side in out):
            out.append(tuple(s for s in game.seats(state) if game.same_side(state, seat, s)))
    return out


def play_one(matchup: Matchup, index: int, seed: int) -> GameResult:
    """One game of a matchup; the computer takes side ``index`` modulo the sides."""
    start = time.perf_counter()
    game = find_game(matchup.game)
    all_sides = sides(game, matchup.variant)
    mine = all_sides[index % len(all_sides)]
    baseline = matchup.opponent == "baseline"
    computer: Engine = (AbaloneEngine(threads=1, nice=0) if baseline and core_available()
                        else engine_for(game, matchup.variant))
    other: Engine = (Mcts(mcts_config(game, game.variant(matchup.variant)))
                     if matchup.opponent == "mcts" else
                     {"greedy": GreedyAbalone, "baseline": FrozenAlphaBeta}.get(
                         matchup.opponent, RandomPlayer)())
    prepare(game, matchup.variant)
    rng = random.Random(f"{seed}:{matchup.label}:{index}")
    state = game.setup(matchup.variant, seed=rng.randrange(1 << 30))
    plies = moves = nodes = depth = 0
    thinking = 0.0
    cap = BASELINE_PLIES if baseline else MAX_PLIES
    while game.outcome(state) is None and plies < cap:
        seat = game.to_move(state)
        assert seat is not None
        player = computer if seat in mine else other
        decision = player.think(game, state, seat, Budget(matchup.seconds,
                                                          seed=rng.randrange(1 << 30)))
        state = game.apply(state, decision.move)  # checked: an illegal move stops the run
        plies += 1
        if player is computer:
            moves += 1
            nodes += decision.nodes
            thinking += decision.seconds
            depth += decision.depth
    outcome = game.outcome(state)
    won = outcome is not None and any(s in outcome.winners for s in mine)
    drawn = outcome is not None and outcome.is_draw
    return GameResult(matchup, index, won, drawn, outcome is not None, plies, computer.name,
                      moves, nodes, thinking, time.perf_counter() - start, depth)


def _play(args: tuple[Matchup, int, int]) -> GameResult:
    return play_one(*args)


def summarise(matchup: Matchup, results: Sequence[GameResult]) -> MatchupFigure:
    n = len(results)
    moves = sum(r.moves for r in results)
    seconds = sum(r.seconds for r in results)
    return MatchupFigure(
        matchup, n, sum(r.won for r in results), sum(r.drawn for r in results),
        sum(not r.finished for r in results),
        sum(r.plies for r in results) / n if n else 0.0,
        results[0].engine if results else "",
        sum(r.nodes for r in results) / seconds if seconds else 0.0,
        seconds / moves if moves else 0.0, sum(r.wall for r in results),
        sum(r.won and r.plies <= FINISH_PLIES for r in results),
        sum(r.depth for r in results) / moves if moves else 0.0)


def matchups(seconds_per_move: float, greedy_seconds: float,
             games: Iterable[str] | None = None, every_variant: bool = False,
             greedy: bool = True, baseline_seconds: float | None = None,
             previous: bool = False) -> list[Matchup]:
    """The matchups: each chosen game's main variants (``every_variant``: all of them)
    against the random player, (``greedy``) standard Abalone against the greedy one, and
    (``baseline_seconds``) two-player Abalone on both start layouts against the frozen
    baseline at that time a move for both, and (``previous``) DRHOMBIX cuckoo against the
    MCTS it had before at ``seconds_per_move``."""
    chosen = list(MAIN_VARIANTS) if games is None else list(games)

    def variants(name: str) -> Iterable[str]:
        return find_game(name).variants if every_variant else MAIN_VARIANTS[name]

    out = [Matchup(g, v, "random", seconds_per_move) for g in chosen for v in variants(g)]
    if greedy and "abalone" in chosen:
        out.append(Matchup("abalone", "standard", "greedy", greedy_seconds))
    if baseline_seconds is not None and "abalone" in chosen:
        out += [Matchup("abalone", v, "baseline", baseline_seconds) for v in BASELINE_LAYOUTS]
    if previous and "drhombix" in chosen:
        out += [Matchup("drhombix", v, "mcts", seconds_per_move) for v in PREVIOUS_MCTS]
    return out


def bench_ai(games_per_matchup: int = 20, seconds_per_move: float = 0.2, *,
             greedy_seconds: float = 1.0, greedy_games: int | None = None,
             games: Iterable[str] | None = None, processes: int | None = None, seed: int = 1,
             progress: Callable[[MatchupFigure], None] | None = None,
             every_variant: bool = False, greedy: bool = True, baseline_games: int = 0,
             baseline_seconds: float = 1.0, previous_games: int = 0) -> list[MatchupFigure]:
    """Play every matchup and return its figures (``progress`` hears each as it finishes).

    ``games_per_matchup`` games against the random player at ``seconds_per_move``;
    ``greedy_games`` (default: as many) of standard Abalone against the greedy player at
    ``greedy_seconds``; ``baseline_games`` on each start layout against the frozen baseline
    at ``baseline_seconds`` (0: none); ``previous_games`` of each DRHOMBIX cuckoo board
    against the MCTS it had before (0: none).  ``processes``: parallel games (default: one
    per core)."""
    todo = matchups(seconds_per_move, greedy_seconds, games, every_variant, greedy,
                    baseline_seconds if baseline_games else None, previous_games > 0)

    def count(m: Matchup) -> int:
        if m.opponent == "greedy" and greedy_games is not None:
            return greedy_games
        if m.opponent == "mcts":
            return previous_games
        return baseline_games if m.opponent == "baseline" else games_per_matchup

    tasks = [(m, i, seed) for m in todo for i in range(count(m))]
    results: dict[Matchup, list[GameResult]] = {m: [] for m in todo}
    expected = {m: sum(1 for t in tasks if t[0] == m) for m in todo}
    figures: list[MatchupFigure] = []
    workers = processes or multiprocessing.cpu_count()
    # forkserver, not fork: the caller may run threads (a test process, the service), and a
    # child forked from a threaded process can inherit a lock held by another thread.
    with multiprocessing.get_context("forkserver").Pool(workers) as pool:
        for result in pool.imap_unordered(_play, tasks):
            done = results[result.matchup]
            done.append(result)
            if len(done) == expected[result.matchup]:
                figure = summarise(result.matchup, sorted(done, key=lambda r: r.index))
                figures.append(figure)
                if progress is not None:
                    progress(figure)
    order = {m: k for k, m in enumerate(todo)}
    return sorted(figures, key=lambda f: order[f.matchup])
