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


def test_two_boards_services_time_each_move_from_commit_to_lights_on_the_other():
    from boardlight.bench.remote import light_lines, lights_bench
    said: list[str] = []
    figures = lights_bench(moves=4, progress=said.append)
    assert figures.moves == 4 and all(0 < t < 10 for t in figures.latencies)
    assert all(b > 100 for b in figures.move_bytes)
    text = "\n".join(light_lines(figures))
    assert "4 moves between two boards" in text and "commit on one board -> lights" in text
