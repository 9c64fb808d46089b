"""The latency benchmark runs end to end and returns sane figures (not a timed test)."""

from __future__ import annotations

from boardlight.bench.serial_link import bench_serial, format_figures, pty_baseline


def test_bench_serial_measures_every_frame():
    figures = bench_serial(frames=40, warmup=5)
    assert figures["frames"] == 40 and figures["seq_gaps"] == 0 and figures["bad_crc"] == 0
    assert 0 < figures["p50_us"] <= figures["p90_us"] <= figures["p99_us"] <= figures["max_us"]
    assert "pty_baseline" in figures
    assert "p99" in format_figures(figures) and "bare pty" in format_figures(figures)


def test_bench_serial_over_a_socket():
    figures = bench_serial(frames=20, warmup=2, link="socket://127.0.0.1:0")
    assert figures["link"] == "socket" and figures["frames"] == 20
    assert "pty_baseline" not in figures


def test_pty_baseline():
    figures = pty_baseline(20)
    assert 0 < figures["p50_us"] <= figures["max_us"]
