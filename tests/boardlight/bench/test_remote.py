"""The remote-play transport bench on a tiny scale: real brokers, every move timed."""

from __future__ import annotations

from boardlight.bench.remote import lines, remote_bench


def test_every_move_crosses_the_bridge_and_is_timed():
    said: list[str] = []
    figures = remote_bench(moves=6, pace=0.0, progress=said.append)
    assert len(figures.latencies) == 6 and all(0 < t < 10 for t in figures.latencies)
    assert len(figures.move_bytes) == 6 and all(100 < b < 300 for b in figures.move_bytes)
    assert figures.sync_bytes > 0 and figures.again_bytes == 0
    text = "\n".join(lines(figures))
    assert "6 moves across two bridged brokers" in text and "p95" in text
    assert said and "two brokers bridged" in said[0]
