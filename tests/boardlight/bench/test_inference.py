"""``boardlight bench inference``: random games by simulated hands on a noisy board, every
turn checked against what the hands did, and the figures it prints."""

from __future__ import annotations

import re

from boardlight.bench.inference import InferenceReport, run_inference_bench
from boardlight.cli import main
from controller.rules import GAMES
from hardware.profiles import load_profile


def test_a_short_run_recognises_every_turn_and_times_each_reading():
    game = GAMES["abalone"]
    seen: list[int] = []
    report = run_inference_bench(game, "standard", load_profile("abalone").spec, games=2,
                                 plies=6, seed=3, progress=lambda g, r: seen.append(r.turns))
    assert seen == [6, 12]
    assert report.turns == report.recognised == 12
    assert report.ghosts == [] and report.missed == []
    assert report.scans > 0 and report.sim_seconds > 0
    assert len(report.host) == len(report.host_cpu) > 12  # a frame per reading, not per move
    assert all(cpu >= 0 for cpu in report.host_cpu) and sum(report.host_cpu) > 0
    assert report.final_latency or report.end_turn_latency or report.settle_latency


def test_the_figures_say_the_cpu_time_maximum_too():
    report = InferenceReport(turns=4, recognised=3, ghosts=["intended A1B2, committed []"],
                             host=[0.001, 0.002, 0.004], host_cpu=[0.001, 0.002, 0.0125])
    lines = report.lines()
    assert lines[0].startswith("turns 4: recognised 3 (75.0%), ghost moves 1, missed 0")
    found = re.search(r"in CPU time p50 ([\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms",
                      lines[-1])
    assert found is not None and float(found.group(3)) == 12.5


def test_the_command_plays_the_asked_game_and_prints_its_figures(capsys):
    assert main(["bench", "inference", "--game", "drhombix", "--games", "1", "--plies",
                 "4"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("machine: ")
    assert "drhombix cuckoo-square: 1 games x up to 4 plies, seed 1" in out
    assert re.search(r"turns 4: recognised 4 \(100\.0%\), ghost moves 0", out)
