"""The web benchmark runs the real server and measures what it says (small run)."""

from __future__ import annotations

import os

import pytest

from boardlight.bench.web import lines, pick_move, rss_mb, web_bench


def test_pick_move_finds_a_move_the_sensors_tell_apart():
    import random

    from controller.rules.abalone import ABALONE
    state = ABALONE.setup()
    move = pick_move(ABALONE, state, random.Random(1))
    effect = ABALONE.effect(state, move)
    assert sorted(c.kind for c in effect.changes) == ["empties", "fills"]


def test_rss_of_this_process():
    assert 5 < rss_mb(os.getpid()) < 4096


@pytest.mark.slow
def test_a_small_bench_measures_every_client_and_move():
    report = web_bench(clients=3, moves=4)
    assert report["clients"] == 3 and report["moves"] == 4
    assert len(report["per_client_p95_ms"]) == 3
    lat = report["latency_ms"]
    assert 0 < lat["p50"] <= lat["p95"] <= lat["max"] < 5000
    assert 10 < report["rss_mb"]["with_clients"] <= report["rss_mb"]["peak"]
    text = "\n".join(lines(report))
    assert "commit -> update received: p50" in text and "VmRSS" in text
