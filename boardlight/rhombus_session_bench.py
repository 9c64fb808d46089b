"""What the game session pays per Rhombus position and per board reading (``bench rhombus``).

The session never lists a Rhombus position's actions: it asks the game's ``MoveFinder``
narrow questions.  This measures, on a given position and the shipped 5 x 5 presence board:

* ``ready``: from a committed position to a session index that can answer (what stands
  between a commit and the next reading);
* per reading, cold (nothing cached from an earlier reading), every question the session
  asks of it: for a piece lifted (lights: the table-card moves on the way; "moving": any
  public move on the way), for half a move (the same), and for the whole move at rest (its
  legal and public readings, and whether it can still grow).
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

from controller.physical import BoardSpec, project
from controller.rules.rhombus import game as rhombus_game
from controller.rules.rhombus.bench import BenchResult, built_positions, random_positions
from controller.rules.rhombus.game import RHOMBUS
from controller.rules.rhombus.state import RhombusState
from controller.session.footprints import Diff, FootprintIndex


@dataclass
class SessionTimes:
    ready: list[float] = field(default_factory=list)
    by_question: dict[str, list[float]] = field(default_factory=dict)
    per_reading: list[float] = field(default_factory=list)

    def line(self, label: str) -> str:
        ms = 1000.0

        def pct(xs: list[float], q: int) -> float:
            return (statistics.quantiles(xs, n=100, method="inclusive")[q - 1] if len(xs) > 1
                    else max(xs, default=0))

        worst_q = max(self.by_question.items(), key=lambda kv: max(kv[1]))
        return (f"{label}: session ready in max {max(self.ready) * ms:.2f} ms; all questions "
                f"of one reading ({len(self.per_reading)} readings, cold): p50 "
                f"{pct(self.per_reading, 50) * ms:.2f} ms, p99 {pct(self.per_reading, 99) * ms:.2f}"
                f" ms, max {max(self.per_reading) * ms:.2f} ms (slowest question: "
                f"{worst_q[0]}, {max(worst_q[1]) * ms:.2f} ms)")


def _timed(times: SessionTimes, name: str, fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    took = time.perf_counter() - start
    times.by_question.setdefault(name, []).append(took)
    return took


def session_times(state: RhombusState, spec: BoardSpec, readings: int, seed: int,
                  times: SessionTimes | None = None) -> SessionTimes:
    """Time the session's questions on ``readings`` random actions of ``state``."""
    times = times or SessionTimes()
    rng = random.Random(seed)
    actions = list(RHOMBUS.legal_moves(state))
    for move in rng.sample(actions, min(readings, len(actions))):
        rhombus_game._finder.cache_clear()  # cold: nothing from an earlier reading
        # The bench's own list of every action (the session makes none) leaves tens of
        # thousands of objects for the collector: collect them outside the clock.
        gc.collect()
        start = time.perf_counter()
        idx = FootprintIndex(RHOMBUS, state, spec)
        idx.build()
        times.ready.append(time.perf_counter() - start)
        times.per_reading.append(_questions(idx, state, move, spec, times))
    return times


def _questions(idx: FootprintIndex, state: RhombusState, move: Any, spec: BoardSpec,
               times: SessionTimes) -> float:
    """Every question the session asks of the readings on the way to ``move``; seconds."""
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
    total = 0.0
    for name, diff in (("lifted", {p: empty for p in lifted}), ("half", half)):
        part: Diff = frozenset(diff.items())
        total += _timed(times, f"{name}: hints", partial(idx.hint_targets, part))
        total += _timed(times, f"{name}: moving",
                        partial(idx.toward, part, "public", first=True))
    d = frozenset(whole.items())
    total += _timed(times, "at rest: legal reading", lambda: idx.matching(d, touched))
    total += _timed(times, "at rest: public reading",
                    lambda: idx.matching(d, touched, "public", distinct=True))
    fp = idx.footprint(move)
    total += _timed(times, "at rest: can grow",
                    lambda: idx.extensions(fp, first=True))
    total += _timed(times, "at rest: hints to grow", partial(idx.growth_targets, fp))
    # The answers, checked outside the clock: the move itself reads so, for every source.
    assert fp in idx.matching(d, touched) and idx.matching(d, touched, "public", distinct=True)
    return total


def session_lines(result: BenchResult, quick: bool = False) -> list[str]:
    """The session's figures for one variant: its worst position for listing (``result``),
    positions met in random play, and built flush positions of every sort (the session's
    own worst cases need not be the listing's)."""
    from hardware.profiles import load_profile
    spec = load_profile("rhombus").spec
    worst = RHOMBUS.parse_position(result.worst_position, result.variant)
    lines = [session_times(worst, spec, 10 if quick else 60, 1).line(
        f"rhombus {result.variant}: session, worst position")]
    random_play = SessionTimes()
    for k, state in enumerate(random_positions(result.variant, 20 if quick else 200, 2)):
        if RHOMBUS.outcome(state) is None:
            session_times(state, spec, 2, k, random_play)
    lines.append(random_play.line(f"rhombus {result.variant}: session, random play"))
    count = 10 if quick else 300
    any_built = SessionTimes()
    for k, state in enumerate(built_positions(result.variant, count, 3)):
        session_times(state, spec, 6, k, any_built)
    lines.append(any_built.line(f"rhombus {result.variant}: session, {count} built positions"))
    return lines
