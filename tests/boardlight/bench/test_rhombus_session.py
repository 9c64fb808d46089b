"""The session's Rhombus figures: measured on the real index and finder, answers checked."""

from __future__ import annotations

import re

from boardlight.bench.rhombus_rules import BenchResult, built
from boardlight.bench.rhombus_session import main, session_lines, session_times
from controller.rules.rhombus.game import RHOMBUS
from hardware.profiles import load_profile


def test_the_session_figures_of_a_flush_position():
    state = built("formation", ["b2", "c3", "b4", "d3"], "e5", ("6", "J", "Q", "A"), "S")
    times = session_times(state, load_profile("rhombus").spec, 4, 1)
    assert len(times.ready) == len(times.per_reading) == 4
    assert len(times.cpu_ready) == len(times.cpu_per_reading) == 4
    assert set(times.cpu_by_question) == set(times.by_question)
    # The reading's figure is the sum of its questions', on both clocks.
    for reading, by_question in ((times.per_reading, times.by_question),
                                 (times.cpu_per_reading, times.cpu_by_question)):
        assert abs(sum(reading) - sum(sum(v) for v in by_question.values())) < 1e-9
    assert set(times.by_question) >= {"lifted: hints", "lifted: moving", "at rest: legal reading",
                                      "at rest: public reading", "at rest: can grow"}
    # Each stable reading's questions, added up: together they are the reading's figure.
    stages = times.cpu_by_stage()
    assert set(stages) == {"lifted", "half", "put down", "at rest"}
    for i, total in enumerate(times.cpu_per_reading):
        assert abs(sum(xs[i] for xs in stages.values()) - total) < 1e-9
    line = times.line("formation")
    assert {"half: what is left", "put down: hints", "put down: moving",
            "put down: what is left"} <= set(times.cpu_by_question)
    assert re.search(r"CPU p99 / max per stable reading: lifted [\d.]+ / [\d.]+ ms, "
                     r"half [\d.]+ / [\d.]+ ms, put down [\d.]+ / [\d.]+ ms, "
                     r"at rest [\d.]+ / [\d.]+ ms$", line)
    slowest = [max(took[i] for took in times.cpu_by_question.values()) for i in range(4)]
    found = re.search(r"the slowest question of each reading, CPU: p99 ([\d.]+) ms, "
                      r"max ([\d.]+) ms\)", line)
    assert found is not None
    assert abs(float(found.group(2)) - max(slowest) * 1000) < 0.006
    assert min(slowest) * 1000 - 0.006 <= float(found.group(1)) <= max(slowest) * 1000 + 0.006
    assert re.search(r"session ready in max [\d.]+ ms \(CPU [\d.]+ ms\); .* p50 [\d.]+ ms, "
                     r"p99 [\d.]+ ms, max [\d.]+ ms; CPU p50 [\d.]+ ms, p99 [\d.]+ ms", line)


def test_session_lines_cover_the_worst_position_and_random_play():
    state = built("two-player", ["b2", "c3", "d2"], "e5", ("J", "Q", "K"), "C")
    result = BenchResult("two-player", worst_position=RHOMBUS.position_text(state))
    # Two built positions, not the quick run's ten: every reading starts with a full
    # collection (the bench keeps its own garbage off the clock), which costs the more, the
    # more the tests before this one left alive.
    lines = session_lines(result, quick=True, built_count=2)
    assert [line.split(":")[1].strip() for line in lines] == [
        "session, worst position", "session, random play", "session, 2 built positions"]


def test_the_session_alone_for_chosen_variants_and_sets(capsys):
    assert main(["--variant", "four-player", "--sets", "built", "--built", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "rhombus four-player: session, 2 built positions: session ready in max")


def test_repeated_readings_keep_the_least_time_of_each_figure():
    from boardlight.bench.rhombus_session import SessionTimes, _least
    a = SessionTimes([3.0], {"q": [1.0], "r": [2.0]}, [3.0], [2.5], {"q": [1.0], "r": [1.5]},
                     [2.5])
    b = SessionTimes([2.0], {"q": [2.0], "r": [0.5]}, [2.5], [3.0], {"q": [0.5], "r": [2.0]},
                     [2.5])
    least = _least(a, b)
    assert least.ready == [2.0] and least.cpu_ready == [2.5]
    assert least.by_question == {"q": [1.0], "r": [0.5]}
    assert least.cpu_by_question == {"q": [0.5], "r": [1.5]}
    assert least.per_reading == [2.5] and least.cpu_per_reading == [2.5]
    state = built("two-player", ["b2", "c3", "d2"], "e5", ("J", "Q", "K"), "C")
    times = session_times(state, load_profile("rhombus").spec, 2, 1, repeat=3)
    assert len(times.ready) == len(times.cpu_per_reading) == 2
    assert all(len(v) == 2 for v in times.cpu_by_question.values())
    assert main(["--variant", "two-player", "--sets", "built", "--built", "1", "--repeat",
                 "2"]) == 0
