"""The Pico firmware's heap over a game, under the real MicroPython
(``boardlight bench firmware-memory``; the interpreter: ``firmware_bridge.micropython``)."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from typing import Any

from firmware_bridge.micropython import PACKAGE, PICO_HEAP, MicroPython, MicroPythonError, node_path


@dataclass(frozen=True)
class FirmwareMemory:
    """Heap figures (bytes) of the firmware playing a game under MicroPython (vpico.MemoryGame)."""

    interpreter: str
    """Which MicroPython, under which node."""
    moves: int
    scans: int
    led_frames: int
    pings: int
    presses: int
    frames_sent: int
    baseline: int
    """Heap in use before the firmware was imported (the interpreter and the harness)."""
    modules: int
    """... after importing bl_proto, bl_scan, bl_leds, bl_board, bl_config."""
    rig: int
    """... after building the fake circuit, pins, port and state machine (not on a Pico)."""
    built: int
    """... after building the board (Board, ReedMatrix, Debouncer, Buttons, Pixels)."""
    end: int
    """... after the game, collected."""
    live_max: int
    """The most in use at the start of a scan (collected before every scan)."""
    peak: int
    """The most in use at once: live at a scan's start plus what that scan allocated."""
    alloc_total: int
    alloc_max: int
    idle_alloc_max: int
    """The most one scan allocated when no host bytes arrived and nothing changed."""
    idle_alloc_min: int
    heap_start: int
    heap_end: int
    mem_free: int
    """``gc.mem_free()`` at the end: in this port it counts the room the heap may grow into."""

    @property
    def code(self) -> int:
        return self.modules - self.baseline

    @property
    def firmware_live(self) -> int:
        """The firmware's share after the game: its modules plus its objects."""
        return self.code + self.end - self.rig

    @property
    def firmware_peak(self) -> int:
        """The firmware's share at the peak: modules plus everything above the harness."""
        return self.code + self.peak - self.rig

    @property
    def alloc_mean(self) -> float:
        return self.alloc_total / self.scans if self.scans else 0.0

    def lines(self) -> list[str]:
        kb = 1024
        return [
            f"interpreter: {self.interpreter}",
            f"game: {self.moves} moves, {self.scans} scans at 200 Hz ({self.scans / 200:.0f} s "
            f"of board time), {self.led_frames} LED frames and {self.pings} pings from the "
            f"host, {self.presses} button presses; the board sent {self.frames_sent} frames",
            f"heap in use before the firmware (interpreter and test harness): "
            f"{self.baseline:,} B",
            f"firmware modules imported from source (bytecode, constants, tables): "
            f"{self.code:,} B",
            f"board objects: {self.built - self.rig:,} B after setup, {self.end - self.rig:,} B "
            f"after the game (the fake circuit and pins, not on a Pico: "
            f"{self.rig - self.modules:,} B)",
            f"gc.mem_alloc() after gc.collect() at the end of the game: {self.end:,} B "
            f"(firmware's share {self.firmware_live:,} B)",
            f"allocated per scan: mean {self.alloc_mean:.0f} B, max {self.alloc_max:,} B (a "
            f"scan that received a frame); an idle scan {self.idle_alloc_min:,}-"
            f"{self.idle_alloc_max:,} B",
            f"peak heap use (live before a scan + that scan's allocations): {self.peak:,} B "
            f"(firmware's share {self.firmware_peak:,} B = {self.firmware_peak / kb:.1f} KB)",
            f"heap size: {self.heap_start:,} B at the start, {self.heap_end:,} B at the end"
            + (" (never grew)" if self.heap_end == self.heap_start else " (GREW)"),
            f"gc.mem_free() at the end: {self.mem_free:,} B (this port counts the room it may "
            f"grow the heap into; within the starting heap "
            f"{self.heap_start - self.end:,} B were free)",
            f"Pico: 264 KB of RAM, of which MicroPython's heap has about 190 KB; the firmware's "
            f"peak is {100 * self.firmware_peak / (264 * kb):.0f}% of the RAM",
        ]


def firmware_memory(moves: int = 100, seed: int = 1, heapsize: int = PICO_HEAP,
                    timeout: float = 600.0) -> FirmwareMemory:
    """Play ``moves`` moves through the firmware under MicroPython and measure its heap."""
    with MicroPython(heapsize=heapsize, timeout=timeout) as mp:
        heap_start = mp.heap_total()
        mp.exec(f"import gc, vpico\ngame = vpico.MemoryGame({int(moves)}, {int(seed)})\n"
                "gc.collect()")
        mp.repeat("game.advance", 10_000_000)
        figures: dict[str, Any] = mp.eval(
            "{k: v for k, v in game.figures().items() if k not in ('stable', 'occupied')}")
        if not mp.eval("game.figures()['stable'] == game.figures()['occupied']"):
            raise MicroPythonError("AssertionError", "the board's debounced view does not "
                                   "match the pieces on it at the end of the game", [])
        heap_end = mp.heap_total()
        mem_free = int(mp.eval("gc.mem_free()"))
        version = str(mp.eval("sys.version.split('; ')[-1]"))
        machine = str(mp.eval("sys.implementation._machine"))
    node = node_path()
    assert node is not None
    node_version = subprocess.run([node, "--version"], capture_output=True, text=True,
                                  check=False).stdout.strip()
    interpreter = (f"{version} ({machine}; the {PACKAGE} package, heap starting at "
                   f"{heapsize:,} B) under node {node_version}")
    keys = {f for f in FirmwareMemory.__dataclass_fields__
            if f not in ("interpreter", "moves", "heap_start", "heap_end", "mem_free")}
    return FirmwareMemory(interpreter=interpreter, moves=moves, heap_start=heap_start,
                          heap_end=heap_end, mem_free=mem_free,
                          **{k: int(figures[k]) for k in keys})
