"""Fitting the compiled Abalone core's evaluation to the outcomes of games (Texel's method).

The data are the project's own: games of the core against itself at a fixed number of nodes
a move (so a run is reproducible whatever the machine), each after a few random opening
moves, on the three two-player start layouts.  Every position of a game (after the opening)
is labelled with the game's result for the side to move: 1 a win, 0 a loss, 1/2 a game
still running at ``MAX_PLIES``.  The evaluation is a weighted sum of features (``csrc/
eval.c``); a logistic regression of the results on the features (Newton's method, a little
L2) gives the weights, scaled so that a marble pushed off is worth 1000: that scale is the
search's unit.  ``match`` then plays two sets of weights against each other to confirm that
the fitted ones play better, not only predict better.

    python -m boardlight.bench.abalone_tuning play --games 2000 --out selfplay.jsonl
    python -m boardlight.bench.abalone_tuning fit selfplay.jsonl [--write]
    python -m boardlight.bench.abalone_tuning match --games 200 OLD_WEIGHTS NEW_WEIGHTS

``--write`` rewrites ``controller/ai/csrc/weights.h`` (rebuild the core afterwards:
``pip install -e .``).  Weights on the command line are comma-separated, in the order of
``_abalone.FEATURES``; ``current`` means the built-in ones.  See docs/ai.md for the runs
that made the shipped weights.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from controller.ai.abalone_core import CorePosition, core, core_position
from controller.rules.abalone import ABALONE

LAYOUTS = ("standard", "belgian-daisy", "german-daisy")
MAX_PLIES = 300
OPENING = (2, 8)      # random opening moves before the engines play, fewest and most
SKIP = 8              # positions of the opening left out of the fit
TARGET = 6
WEIGHTS_H = Path(__file__).resolve().parents[2] / "controller" / "ai" / "csrc" / "weights.h"

Weights = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Game:
    variant: str
    result: float                      # for black: 1 won, 0 lost, 0.5 cut at MAX_PLIES
    positions: list[CorePosition]      # every position, the start first

    def to_json(self) -> str:
        return json.dumps({"variant": self.variant, "result": self.result,
                           "positions": self.positions})

    @staticmethod
    def from_json(line: str) -> Game:
        data = json.loads(line)
        return Game(data["variant"], data["result"], [tuple(p) for p in data["positions"]])


def play_game(index: int, seed: int, nodes: int, black: Weights | None = None,
              white: Weights | None = None) -> Game:
    """One game of the core against itself (or weights ``black`` against ``white``)."""
    module = core()
    module.tt_size(4)  # every search starts from an empty table: keep clearing it cheap
    rng = random.Random(f"{seed}:{index}")
    variant = LAYOUTS[index % len(LAYOUTS)]
    pos: CorePosition = core_position(ABALONE.setup(variant))
    original = module.weights()
    positions = [pos]
    keys = [module.key(pos)]
    result = 0.5
    opening = rng.randint(*OPENING)
    for ply in range(MAX_PLIES):
        moves = module.moves(pos)
        if not moves:
            result = 0.0 if pos[4] == 0 else 1.0  # no move: the side to move loses
            break
        if ply < opening:
            move = rng.choice([m for m in moves if not m >> 16 & 1] or moves)
        else:
            side = black if pos[4] == 0 else white
            module.set_weights(side if side is not None else original)
            move = module.search(pos, TARGET, 60.0, nodes=nodes, history=keys[:-1],
                                 seed=rng.randrange(1 << 62), clear=True)["move"]
        pos = module.play(pos, move)
        positions.append(pos)
        keys.append(module.key(pos))
        if pos[5] >= TARGET or pos[6] >= TARGET:
            result = 1.0 if pos[5] >= TARGET else 0.0
            break
    module.set_weights(original)
    return Game(variant, result, positions)


def _play(args: tuple[int, int, int, Weights | None, Weights | None]) -> Game:
    return play_game(*args)


def play_games(games: int, seed: int, nodes: int, black: Weights | None = None,
               white: Weights | None = None, processes: int | None = None) -> Iterator[Game]:
    tasks = [(k, seed, nodes, black, white) for k in range(games)]
    with multiprocessing.get_context("forkserver").Pool(processes) as pool:
        yield from pool.imap_unordered(_play, tasks)


# ---- the fit ------------------------------------------------------------------------------

def samples(games: Iterable[Game]) -> tuple[list[tuple[int, ...]], list[float]]:
    """Features (for the side to move) and results (for the side to move) of every position
    after the opening."""
    module = core()
    xs: list[tuple[int, ...]] = []
    ys: list[float] = []
    for game in games:
        for pos in game.positions[SKIP:-1]:
            xs.append(module.features(pos))
            ys.append(game.result if pos[4] == 0 else 1.0 - game.result)
    return xs, ys


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def log_loss(xs: Sequence[Sequence[int]], ys: Sequence[float], beta: Sequence[float]) -> float:
    total = 0.0
    for x, y in zip(xs, ys):
        p = min(max(_sigmoid(sum(b * v for b, v in zip(beta, x))), 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(xs)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a x = b (Gaussian elimination with partial pivoting; a is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit(xs: Sequence[Sequence[int]], ys: Sequence[float], l2: float = 1e-4,
        iterations: int = 25, fixed: dict[int, float] | None = None) -> list[float]:
    """Logistic regression of ``ys`` on ``xs`` without intercept (the features are own minus
    opponent's): Newton's method with an L2 penalty of ``l2`` a sample.  ``fixed``: features
    whose coefficient is held (by index)."""
    n = len(xs[0])
    fixed = fixed or {}
    free = [i for i in range(n) if i not in fixed]
    beta = [fixed.get(i, 0.0) for i in range(n)]
    lam = l2 * len(xs)
    for _ in range(iterations):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for x, y in zip(xs, ys):
            p = _sigmoid(sum(b * v for b, v in zip(beta, x)))
            g, w = p - y, p * (1 - p)
            for i in free:
                xi = x[i]
                if xi:
                    grad[i] += g * xi
                    wi = w * xi
                    row = hess[i]
                    for j in free:
                        if j >= i and x[j]:
                            row[j] += wi * x[j]
        for i in free:
            grad[i] += lam * beta[i]
            hess[i][i] += lam
            for j in free:
                if j < i:
                    hess[i][j] = hess[j][i]
        sub = [[hess[i][j] for j in free] for i in free]
        step = _solve(sub, [grad[i] for i in free])
        for k, i in enumerate(free):
            beta[i] -= step[k]
        if max(abs(s) for s in step) < 1e-7:
            break
    return beta


def scaled(beta: Sequence[float]) -> Weights:
    """Coefficients as weights in thousandths of a marble (material = 1000)."""
    unit = beta[0]
    if unit <= 0:
        raise ValueError("material did not come out positive: too few games, or no result")
    return tuple(round(1000 * b / unit) for b in beta)


def current_scale(xs: Sequence[Sequence[int]], ys: Sequence[float], weights: Weights) -> float:
    """The K of the built-in evaluation: the logistic of K times the score fits best."""
    scores = [[sum(w * v for w, v in zip(weights, x))] for x in xs]
    return fit(scores, ys, l2=0.0)[0]


def write_weights(weights: Weights, note: str) -> None:
    WEIGHTS_H.write_text(
        "/* The evaluation's weights, in thousandths of a marble, in the order of the features "
        "in\n * core.h.  Written by boardlight/bench/abalone_tuning.py (``--write``); see "
        f"docs/ai.md.\n * {note} */\n#define WEIGHTS_INIT {{{', '.join(map(str, weights))}}}\n")


# ---- matches ------------------------------------------------------------------------------

def match(games: int, seed: int, nodes: int, old: Weights, new: Weights,
          processes: int | None = None) -> tuple[float, int, int, int]:
    """``new`` against ``old``, each side half the games: (score of new, wins, draws, losses)."""
    tasks = []
    for k in range(games):
        black, white = (new, old) if k % 2 == 0 else (old, new)
        tasks.append((k // 2, seed, nodes, black, white))
    wins = draws = losses = 0
    with multiprocessing.get_context("forkserver").Pool(processes) as pool:
        for k, game in enumerate(pool.imap(_play, tasks)):
            mine = game.result if k % 2 == 0 else 1.0 - game.result
            wins += mine == 1.0
            draws += mine == 0.5
            losses += mine == 0.0
    return (wins + draws / 2) / games, wins, draws, losses


def elo(score: float) -> float:
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def parse_weights(text: str) -> Weights:
    if text == "current":
        return tuple(core().weights())
    weights = tuple(int(v) for v in text.split(","))
    if len(weights) != len(core().FEATURES):
        raise SystemExit(f"{len(core().FEATURES)} weights, in the order {core().FEATURES}")
    return weights


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m boardlight.bench.abalone_tuning",
                                description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("play", help="self-play games into a data file (JSON lines)")
    g.add_argument("--games", type=int, default=2000)
    g.add_argument("--nodes", type=int, default=3000, help="nodes a move (3000)")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--weights", default="current")
    g.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit", help="fit the weights to the games of data files")
    f.add_argument("data", type=Path, nargs="+")
    f.add_argument("--l2", type=float, default=1e-4)
    f.add_argument("--sample", type=int, default=0, help="positions used at most (all)")
    f.add_argument("--decisive", action="store_true",
                   help="leave out the games cut at MAX_PLIES (their 1/2 says nothing of "
                        "who was ahead)")
    f.add_argument("--write", action="store_true", help="rewrite csrc/weights.h")
    m = sub.add_parser("match", help="two sets of weights against each other")
    m.add_argument("old")
    m.add_argument("new")
    m.add_argument("--games", type=int, default=200)
    m.add_argument("--nodes", type=int, default=5000)
    m.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)
    names = core().FEATURES
    start = time.perf_counter()
    if args.command == "play":
        weights = parse_weights(args.weights)
        done = 0
        with args.out.open("a") as out:
            for game in play_games(args.games, args.seed, args.nodes, weights, weights):
                out.write(game.to_json() + "\n")
                done += 1
                if done % 100 == 0:
                    print(f"{done} games ({time.perf_counter() - start:.0f} s)", flush=True)
        return 0
    if args.command == "fit":
        games = [Game.from_json(line) for path in args.data for line in path.open()]
        if args.decisive:
            games = [g for g in games if g.result != 0.5]
        xs, ys = samples(games)
        if args.sample and len(xs) > args.sample:
            keep = sorted(random.Random(1).sample(range(len(xs)), args.sample))
            xs, ys = [xs[i] for i in keep], [ys[i] for i in keep]
        results = [g.result for g in games]
        print(f"{len(games)} games (black won {results.count(1.0)}, lost "
              f"{results.count(0.0)}, unfinished {results.count(0.5)}), {len(xs)} positions")
        now = tuple(core().weights())
        k = current_scale(xs, ys, now)
        print(f"built-in weights: log loss {log_loss(xs, ys, [k * w for w in now]):.4f} "
              f"(K = {k:.6f} per thousandth)")
        beta = fit(xs, ys, l2=args.l2)
        weights = scaled(beta)
        print(f"fitted: log loss {log_loss(xs, ys, beta):.4f} "
              f"({time.perf_counter() - start:.0f} s)")
        for name, was, fitted in zip(names, now, weights):
            print(f"  {name:10} {was:6} -> {fitted:6}")
        print("WEIGHTS_INIT {" + ", ".join(map(str, weights)) + "}")
        if args.write:
            write_weights(weights, f"Fitted to {len(games)} self-play games, {len(xs)} "
                                   "positions.")
            print(f"wrote {WEIGHTS_H}: rebuild the core (pip install -e .)")
        return 0
    old, new = parse_weights(args.old), parse_weights(args.new)
    score, w, d, lost = match(args.games, args.seed, args.nodes, old, new)
    print(f"new against old, {args.games} games at {args.nodes} nodes a move: score "
          f"{score:.1%} ({w} won, {d} unfinished, {lost} lost), {elo(score):+.0f} Elo "
          f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
