"""The compiled Abalone core's figures, for ``boardlight bench ai``.

* speed: nodes a second of the core (one thread) and of the frozen baseline (the pure-Python
  engine it replaced, ``abalone_baseline``) on the same middlegame positions, one after the
  other, with the same thinking time each;
* depth: the depth the engine completes at each level (``club``: 1 s) in those positions,
  through the search process and on every core, as in play;
* cores: nodes a second and the time to a fixed depth with 1, 2 and every core (lazy SMP).

The positions are reproducible whatever the machine: 30 to 50 plies of the core against
itself at a fixed number of nodes a move, after a few random opening moves, alternating the
two start layouts.  The load average is printed with every figure: the machine may be busy
with other work, which lowers speeds and depths (not the games' results at fixed nodes).
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from boardlight.bench.abalone_baseline import FrozenAlphaBeta
from controller.ai.abalone_core import core, core_position
from controller.ai.abalone_engine import AbaloneEngine, GameMemory
from controller.ai.budget import Budget
from controller.ai.levels import LEVELS, Level
from controller.ai.search_process import default_threads
from controller.rules.abalone import ABALONE, AbaloneState
from controller.rules.abalone.layouts import VARIANTS

LAYOUTS = ("standard", "belgian-daisy")
Say = Callable[[str], None]


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} cores"


def target(state: AbaloneState) -> int:
    return int(VARIANTS[state.variant].options["target"])


def middlegame_positions(count: int = 12, seed: int = 1, nodes: int = 3_000) -> list[AbaloneState]:
    """``count`` positions 30 to 50 plies into games of the core against itself."""
    out: list[AbaloneState] = []
    k = 0
    while len(out) < count:
        rng = random.Random(f"{seed}:{k}")
        state = ABALONE.setup(LAYOUTS[k % len(LAYOUTS)])
        k += 1
        engine = AbaloneEngine(in_process=True, memory=GameMemory())
        plies = rng.randrange(30, 51)
        for ply in range(plies):
            if ABALONE.outcome(state) is not None:
                break
            if ply < 4:
                move = rng.choice(ABALONE.legal_moves(state))
            else:
                seat = ABALONE.to_move(state)
                assert seat is not None
                move = engine.think(ABALONE, state, seat, Budget(60, seed=ply, nodes=nodes)).move
            state = ABALONE.apply(state, move)
        if ABALONE.outcome(state) is None and min(m.bit_count() for m in state.marbles) >= 10:
            out.append(state)
    return out


@dataclass(frozen=True, slots=True)
class Speed:
    positions: int
    seconds: float
    baseline_nps: float
    core_nps: float
    load: str

    def line(self) -> str:
        ratio = self.core_nps / self.baseline_nps if self.baseline_nps else 0.0
        return (f"speed, {self.positions} middlegame positions, {self.seconds:g} s each, one "
                f"thread: core {self.core_nps:,.0f} nodes/s, baseline {self.baseline_nps:,.0f}"
                f" nodes/s: {ratio:.1f}x (target 10x{'' if ratio >= 10 else ', MISSED'}); "
                f"{self.load}")


def speed(positions: Sequence[AbaloneState], seconds: float = 1.0) -> Speed:
    module = core()
    base_nodes = base_time = core_nodes = core_time = 0.0
    for k, state in enumerate(positions):
        seat = ABALONE.to_move(state)
        assert seat is not None
        d = FrozenAlphaBeta().think(ABALONE, state, seat, Budget(seconds, seed=k))
        base_nodes += d.nodes
        base_time += d.seconds
        r = module.search(core_position(state), target(state), seconds, threads=1, seed=k,
                          clear=True)
        core_nodes += r["nodes"]
        core_time += r["seconds"]
    return Speed(len(positions), seconds, base_nodes / base_time, core_nodes / core_time,
                 load())


CLUB_DEPTH = 8   # the target: nominal plies at ``club`` in the middlegame


@dataclass(frozen=True, slots=True)
class Depths:
    seconds: float
    threads: int
    depths: tuple[int, ...]
    load: str
    level: str = ""

    def line(self) -> str:
        d = self.depths
        name = f"{self.level} ({self.seconds:g} s a move)" if self.level else (
            f"{self.seconds:g} s a move")
        counts = ", ".join(f"{d.count(x)} at {x}" for x in sorted(set(d), reverse=True))
        target = ""
        if self.level == "club":
            met = statistics.median(d) >= CLUB_DEPTH
            target = f"; target {CLUB_DEPTH}{'' if met else ', MISSED'}"
        return (f"depth at {name}, {self.threads} threads, the search process as in play, "
                f"{len(d)} middlegame positions: median {statistics.median(d):g}, mean "
                f"{statistics.mean(d):.1f} ({counts}){target}; {self.load}")


def depths(positions: Sequence[AbaloneState], seconds: float = 1.0,
           threads: int | None = None, level: str = "") -> Depths:
    engine = AbaloneEngine(threads=threads, nice=0, memory=GameMemory())
    found = []
    for k, state in enumerate(positions):
        seat = ABALONE.to_move(state)
        assert seat is not None
        found.append(engine.think(ABALONE, state, seat, Budget(seconds, seed=k)).depth)
    return Depths(seconds, threads or default_threads(), tuple(found), load(), level)


@dataclass(frozen=True, slots=True)
class Cores:
    threads: int
    nodes_per_second: float
    mean_depth: float
    to_depth: int
    to_depth_seconds: float
    load: str

    def line(self, one: Cores | None = None) -> str:
        gain = (f", {one.to_depth_seconds / self.to_depth_seconds:.2f}x one thread's"
                if one is not None and self.to_depth_seconds else "")
        return (f"{self.threads} thread{'s' if self.threads > 1 else ''}: "
                f"{self.nodes_per_second:,.0f} nodes/s, depth {self.mean_depth:.1f} at 1 s; "
                f"depth {self.to_depth} in {self.to_depth_seconds:.2f} s a position{gain}; "
                f"{self.load}")


def cores(positions: Sequence[AbaloneState], threads: int, seconds: float = 1.0,
          to_depth: int = 8) -> Cores:
    """Nodes a second and depth at ``seconds``; the mean time to complete ``to_depth``."""
    module = core()
    nodes = spent = depth = to = 0.0
    for k, state in enumerate(positions):
        r = module.search(core_position(state), target(state), seconds, threads=threads,
                          seed=k, clear=True)
        nodes += r["nodes"]
        spent += r["seconds"]
        depth += r["depth"]
        start = time.perf_counter()
        module.search(core_position(state), target(state), 600.0, threads=threads, seed=k,
                      max_depth=to_depth, clear=True)
        to += time.perf_counter() - start
    n = len(positions)
    return Cores(threads, nodes / spent, depth / n, to_depth, to / n, load())


def core_figures(say: Say, positions: int = 12, seconds: float = 1.0, seed: int = 1,
                 to_depth: int = 10, levels: Sequence[Level] | None = None) -> None:
    """Measure and ``say`` every figure, one line each as it is measured: the speed against
    the baseline at ``seconds`` a move, the depth at each level, the cores."""
    say(f"the compiled Abalone core: {positions} middlegame positions (seed {seed}); {load()}")
    chosen = middlegame_positions(positions, seed)
    say(speed(chosen, seconds).line())
    for lv in LEVELS.values() if levels is None else levels:
        say(depths(chosen, lv.seconds, level=lv.name).line())
    counts = sorted({1, 2, default_threads()})
    one: Cores | None = None
    for n in counts:
        figure = cores(chosen, n, seconds, to_depth)
        say(figure.line(one))
        one = one or figure
