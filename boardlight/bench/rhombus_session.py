"""What the game session pays per Rhombus position and per board reading (``bench rhombus``).

The session never lists a Rhombus position's actions: it asks the game's ``MoveFinder``
narrow questions.  This measures, on a given position and the shipped 5 x 5 presence board:

* ``ready``: from a committed position to a session index that can answer (what stands
  between a commit and the next reading);
* per reading, cold (nothing cached from an earlier reading), every question the session
  asks of it: for a piece lifted (lights: the table-card moves on the way; "moving": any
  public move on the way), for half a move (the same, and what is left of it where every
  public move on the way agrees), for a piece put down with none lifted (the same three:
  one from the reserve, or a stray one), and for the whole move at rest (its legal and
  public readings, and whether it can still grow).  A "reading" here is those four stable
  readings together; the session handles each as it comes (``cpu_by_stage``: the latency a
  player meets is one stable reading's).

Each figure is taken twice: wall time, and the CPU time of the thread asking
(``time.thread_time``), which other work on the machine cannot inflate by taking the CPU
away (the fair figure on a shared machine).  ``python -m boardlight.bench.rhombus_session``
times the session alone, on chosen variants and sets of positions (a quick check while
working on the finder; ``boardlight bench rhombus`` is the full, recorded run).
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from boardlight.bench.rhombus_rules import BenchResult, built_positions, random_positions
from controller.physical import BoardSpec, project
from controller.rules.rhombus import game as rhombus_game
from controller.rules.rhombus.game import RHOMBUS
from controller.rules.rhombus.state import RhombusState
from controller.session.footprints import Diff
from controller.session.judge import steps_on_the_way
from controller.session.moves import Moves, moves_of


@dataclass
class SessionTimes:
    """Seconds per position (``ready``), per question and per reading: wall time, and the
    asking thread's CPU time (``cpu_``)."""

    ready: list[float] = field(default_factory=list)
    by_question: dict[str, list[float]] = field(default_factory=dict)
    per_reading: list[float] = field(default_factory=list)
    cpu_ready: list[float] = field(default_factory=list)
    cpu_by_question: dict[str, list[float]] = field(default_factory=dict)
    cpu_per_reading: list[float] = field(default_factory=list)

    def line(self, label: str) -> str:
        ms = 1000.0

        def pct(xs: list[float], q: int) -> float:
            return (statistics.quantiles(xs, n=100, method="inclusive")[q - 1] if len(xs) > 1
                    else max(xs, default=0))

        def spread(xs: list[float]) -> str:
            return (f"p50 {pct(xs, 50) * ms:.2f} ms, p99 {pct(xs, 99) * ms:.2f} ms, "
                    f"max {max(xs) * ms:.2f} ms")

        worst_q = max(self.cpu_by_question.items(), key=lambda kv: max(kv[1]))
        # The measure (17 ms at first): each reading's slowest question.
        slowest = [max(took) for took in zip(*self.cpu_by_question.values(), strict=True)]
        stages = ", ".join(f"{stage} {pct(xs, 99) * ms:.2f} / {max(xs) * ms:.2f} ms"
                           for stage, xs in self.cpu_by_stage().items())
        return (f"{label}: session ready in max {max(self.ready) * ms:.2f} ms (CPU "
                f"{max(self.cpu_ready) * ms:.2f} ms); all questions of one reading "
                f"({len(self.per_reading)} readings, cold): {spread(self.per_reading)}; CPU "
                f"{spread(self.cpu_per_reading)} (slowest question: {worst_q[0]}, CPU "
                f"{max(worst_q[1]) * ms:.2f} ms; the slowest question of each reading, "
                f"CPU: p99 {pct(slowest, 99) * ms:.2f} ms, max {max(slowest) * ms:.2f} ms); "
                f"CPU p99 / max per stable reading: {stages}")

    def cpu_by_stage(self) -> dict[str, list[float]]:
        """The CPU seconds of each stable reading on the way to a move (a piece lifted, half
        the move, the move at rest: the session asks its questions of each as it comes),
        per move: the questions' times added up by the stage their name starts with."""
        stages: dict[str, list[float]] = {}
        for name, took in self.cpu_by_question.items():
            stage = name.split(":")[0]
            found = stages.setdefault(stage, [0.0] * len(took))
            for i, t in enumerate(took):
                found[i] += t
        return stages


def _timed(times: SessionTimes, name: str, fn: Callable[[], Any]) -> tuple[float, float]:
    """Ask ``fn``; (wall, CPU) seconds, also kept under ``name``."""
    cpu = time.thread_time()
    start = time.perf_counter()
    fn()
    took = time.perf_counter() - start
    cpu = time.thread_time() - cpu
    times.by_question.setdefault(name, []).append(took)
    times.cpu_by_question.setdefault(name, []).append(cpu)
    return took, cpu


def session_times(state: RhombusState, spec: BoardSpec, readings: int, seed: int,
                  times: SessionTimes | None = None, repeat: int = 1) -> SessionTimes:
    """Time the session's questions on ``readings`` random actions of ``state``;
    ``repeat``: each reading ``repeat`` times over, cold each time, keeping the least time
    of each figure (the machine's hiccups left out: for comparing two versions of the
    finder on a busy machine)."""
    times = times or SessionTimes()
    rng = random.Random(seed)
    actions = list(RHOMBUS.legal_moves(state))
    for move in rng.sample(actions, min(readings, len(actions))):
        best: SessionTimes | None = None
        for _ in range(max(1, repeat)):
            once = _reading_times(state, move, spec)
            best = once if best is None else _least(best, once)
        assert best is not None
        times.ready += best.ready
        times.cpu_ready += best.cpu_ready
        times.per_reading += best.per_reading
        times.cpu_per_reading += best.cpu_per_reading
        for mine, theirs in ((times.by_question, best.by_question),
                             (times.cpu_by_question, best.cpu_by_question)):
            for name, took in theirs.items():
                mine.setdefault(name, []).extend(took)
    return times


def _reading_times(state: RhombusState, move: Any, spec: BoardSpec) -> SessionTimes:
    """One reading's figures, cold."""
    times = SessionTimes()
    rhombus_game._finder.cache_clear()  # cold: nothing from an earlier reading
    # The bench's own list of every action (the session makes none) leaves tens of
    # thousands of objects for the collector: collect them outside the clock.
    gc.collect()
    cpu = time.thread_time()
    start = time.perf_counter()
    idx = moves_of(RHOMBUS, state, spec)
    idx.prepare()
    times.ready.append(time.perf_counter() - start)
    times.cpu_ready.append(time.thread_time() - cpu)
    wall, cpu = _questions(idx, state, move, spec, times)
    times.per_reading.append(wall)
    times.cpu_per_reading.append(cpu)
    return times


def _least(a: SessionTimes, b: SessionTimes) -> SessionTimes:
    """Each figure of one reading's two timings ``a`` and ``b``, the lesser."""
    def pair(x: list[float], y: list[float]) -> list[float]:
        return [min(p, q) for p, q in zip(x, y, strict=True)]

    return SessionTimes(
        ready=pair(a.ready, b.ready),
        by_question={k: pair(v, b.by_question[k]) for k, v in a.by_question.items()},
        per_reading=pair(a.per_reading, b.per_reading), cpu_ready=pair(a.cpu_ready, b.cpu_ready),
        cpu_by_question={k: pair(v, b.cpu_by_question[k]) for k, v in a.cpu_by_question.items()},
        cpu_per_reading=pair(a.cpu_per_reading, b.cpu_per_reading))


def _questions(idx: Moves, state: RhombusState, move: Any, spec: BoardSpec,
               times: SessionTimes) -> tuple[float, float]:
    """Every question the session asks of the readings on the way to ``move``; (wall, CPU)
    seconds."""
    effect = RHOMBUS.effect(state, move)
    sense, empty = spec.sense, idx.empty
    final = {c.position: project(c.after, sense, RHOMBUS.polarity) for c in effect.changes
             if c.position in spec.sensed}
    lifted = [p for p, v in final.items() if v == empty][:1] or [
        c.position for c in effect.changes if c.before and c.position in spec.sensed][:1]
    half = {p: empty for p in final if p in lifted}
    filled = [p for p, v in final.items() if v != empty and idx.reading.get(p) == empty]
    if filled:
        half[filled[0]] = final[filled[0]]
    whole = {p: v for p, v in final.items() if idx.reading.get(p) != v}
    touched = effect.touched & spec.sensed
    d = frozenset(whole.items())
    fp = idx.footprint(move)
    asks: list[tuple[str, Callable[[], Any]]] = []
    for name, diff in (("lifted", {p: empty for p in lifted}), ("half", half)):
        part: Diff = frozenset(diff.items())
        asks += [(f"{name}: hints", partial(idx.hint_targets, part)),
                 (f"{name}: moving", partial(idx.toward, part, "public", first=True))]
    # What is left where every public move on the way agrees (the table's words; none for
    # pieces only lifted), as the session asks it of a reading with a piece put down.
    asks.append(("half: what is left", partial(steps_on_the_way, idx, frozenset(half.items()),
                                                {**idx.reading, **half})))
    # A piece put down with none lifted (one brought in from the reserve, or a stray one):
    # only moves that bring one in from off the board can be on the way.
    down = {p: final[p] for p in filled[:1]}
    put_down: Diff = frozenset(down.items())
    asks += [("put down: hints", partial(idx.hint_targets, put_down)),
             ("put down: moving", partial(idx.toward, put_down, "public", first=True)),
             ("put down: what is left", partial(steps_on_the_way, idx, put_down,
                                                 {**idx.reading, **down}))]
    asks += [("at rest: legal reading", lambda: idx.matching(d, touched)),
             ("at rest: public reading",
              lambda: idx.matching(d, touched, "public", distinct=True)),
             ("at rest: can grow", lambda: idx.extensions(fp, first=True)),
             ("at rest: hints to grow", partial(idx.growth_targets, fp))]
    wall = cpu = 0.0
    for name, ask in asks:
        took = _timed(times, name, ask)
        wall += took[0]
        cpu += took[1]
    # The answers, checked outside the clock: the move itself reads so, for every source.
    assert fp in idx.matching(d, touched) and idx.matching(d, touched, "public", distinct=True)
    return wall, cpu


def session_lines(result: BenchResult, quick: bool = False,
                  sets: tuple[str, ...] = ("worst", "random", "built"),
                  built_count: int | None = None, repeat: int = 1) -> list[str]:
    """The session's figures for one variant: its worst position for listing (``result``),
    positions met in random play, and built flush positions of every sort (the session's
    own worst cases need not be the listing's); ``sets``: only these of the three;
    ``repeat``: as ``session_times``."""
    from hardware.profiles import load_profile
    spec = load_profile("rhombus").spec
    lines = []
    if "worst" in sets:
        worst = RHOMBUS.parse_position(result.worst_position, result.variant)
        lines.append(session_times(worst, spec, 10 if quick else 60, 1, repeat=repeat).line(
            f"rhombus {result.variant}: session, worst position"))
    if "random" in sets:
        random_play = SessionTimes()
        for k, state in enumerate(random_positions(result.variant, 20 if quick else 200, 2)):
            if RHOMBUS.outcome(state) is None:
                session_times(state, spec, 2, k, random_play, repeat)
        lines.append(random_play.line(f"rhombus {result.variant}: session, random play"))
    if "built" in sets:
        count = built_count or (10 if quick else 300)
        any_built = SessionTimes()
        for k, state in enumerate(built_positions(result.variant, count, 3)):
            session_times(state, spec, 6, k, any_built, repeat)
        lines.append(any_built.line(
            f"rhombus {result.variant}: session, {count} built positions"))
    return lines


def main(argv: list[str] | None = None) -> int:
    """The session's figures alone (no search for the listing's worst positions, so no
    "worst position" line): a quick check while working on the finder."""
    import argparse

    from controller.rules.rhombus.state import VARIANTS
    parser = argparse.ArgumentParser(prog="python -m boardlight.bench.rhombus_session",
                                     description=main.__doc__)
    parser.add_argument("--variant", action="append", choices=list(VARIANTS),
                        help="a variant to time (repeatable; default every variant)")
    parser.add_argument("--sets", default="random,built",
                        help="comma-separated: random, built (default both)")
    parser.add_argument("--built", type=int, default=300, metavar="N",
                        help="built positions per variant (300, as the full run)")
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help="time each reading N times, cold each time, and keep the least "
                             "of each figure (1, as the full run)")
    args = parser.parse_args(argv)
    sets = tuple(args.sets.split(","))
    for variant in args.variant or VARIANTS:
        for line in session_lines(BenchResult(variant), sets=sets, built_count=args.built,
                                  repeat=args.repeat):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
