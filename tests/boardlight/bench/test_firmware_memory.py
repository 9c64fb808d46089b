"""``boardlight bench firmware-memory`` runs and prints its figures (no thresholds on time)."""

from __future__ import annotations

import re

import pytest

from boardlight.bench.firmware_memory import firmware_memory
from boardlight.cli import main
from firmware_bridge import micropython


def test_the_memory_figures_of_a_short_game():
    if micropython.unavailable():
        pytest.fail(f"cannot run MicroPython: {micropython.unavailable()}", pytrace=False)
    m = firmware_memory(moves=4, seed=2)
    assert m.moves == 4 and m.scans > 4 * 40 and m.led_frames == 2 * 4 + 1
    assert m.frames_sent >= 1 + 2 * 4  # hello, and each piece leaving and landing
    assert 0 < m.baseline < m.modules < m.rig < m.built <= m.live_max < m.peak
    assert 4_000 < m.code < 64_000  # the firmware's modules, compiled from source
    assert m.alloc_max > 0 and 0 < m.idle_alloc_min <= m.idle_alloc_max <= m.alloc_max
    assert m.heap_start == m.heap_end  # the game ran in a Pico-sized heap without growing it
    assert m.firmware_peak < 64 * 1024
    assert "MicroPython v1." in m.interpreter


def test_the_bench_command_prints_numbers(capsys):
    if micropython.unavailable():
        pytest.fail(f"cannot run MicroPython: {micropython.unavailable()}", pytrace=False)
    assert main(["bench", "firmware-memory", "--moves", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("machine: ") and "MicroPython v1." in out
    peak = re.search(r"peak heap use .*: ([\d,]+) B \(firmware's share ([\d,]+) B", out)
    assert peak and int(peak.group(1).replace(",", "")) > int(peak.group(2).replace(",", ""))
    assert re.search(r"gc\.mem_alloc\(\) after gc\.collect\(\) .*: [\d,]+ B", out)
    assert re.search(r"gc\.mem_free\(\) at the end: [\d,]+ B", out)
    assert "never grew" in out
