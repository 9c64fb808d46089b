"""Host-side latency over the serial path: from the virtual board writing a CHANGES frame to
the link posting the ``StableChanges`` event.

The virtual board runs in a child process and moves one piece at a time; the host's link runs
here.  The figure is the pty (or socket), pyserial's read, the decoder, the message parser and
the post: the host's side of the path.  ``python -m
boardlight.bench.serial_link`` prints it; ``boardlight bench serial`` calls ``bench_serial``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import queue
import select
import statistics
import threading
import time
import tty
from multiprocessing.connection import Connection
from typing import Any

from controller.physical import BoardSpec, SenseMode
from controller.session.events import InEvent, StableChanges
from firmware_bridge.emulator import Emulator, FastClock
from firmware_bridge.link import SerialLink
from firmware_bridge.protocol import Frame, MessageType


def bench_spec(sensors: int = 61) -> BoardSpec:
    cells = tuple(f"S{i}" for i in range(sensors))
    return BoardSpec("bench", "bench", SenseMode.PRESENCE, cells, cells)


def _percentile(sorted_values: list[float], fraction: float) -> float:
    index = min(len(sorted_values) - 1, max(0, round(fraction * (len(sorted_values) - 1))))
    return sorted_values[index]


def _figures(latencies: list[float]) -> dict[str, float]:
    ordered = sorted(latencies)
    return {"p50_us": _percentile(ordered, 0.50) * 1e6, "p90_us": _percentile(ordered, 0.90) * 1e6,
            "p99_us": _percentile(ordered, 0.99) * 1e6, "max_us": ordered[-1] * 1e6,
            "mean_us": statistics.fmean(ordered) * 1e6}


def pty_baseline(count: int = 2000, size: int = 12) -> dict[str, float]:
    """The bare pty: write ``size`` bytes on the master, a thread blocked in select reads them
    on the slave.  What the kernel and the scheduler add before any of our code runs."""
    master, slave = os.openpty()
    tty.setraw(slave)
    arrived: queue.Queue[float] = queue.Queue()
    stop = b"\xff" * size

    def reader() -> None:
        while True:
            select.select([slave], [], [])
            data = os.read(slave, 4096)
            arrived.put(time.perf_counter())
            if data.endswith(stop):
                return

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    latencies = []
    try:
        for _ in range(count):
            start = time.perf_counter()
            os.write(master, b"\x00" * size)
            latencies.append(arrived.get(timeout=5) - start)
        os.write(master, stop)
        thread.join(5)
    finally:
        os.close(master)
        os.close(slave)
    return _figures(latencies)


def _board_process(spec: BoardSpec, link: str, conn: Connection) -> None:
    """The virtual board, in its own process as a real board is its own device: it scans on,
    answering the host, and on each request moves a piece and reports when it wrote the
    CHANGES frame (``time.perf_counter`` is the system's monotonic clock on Linux)."""
    written: list[float] = []

    def on_frame(direction: str, frame: Frame, plug: int) -> None:
        if direction == "out" and frame.type == MessageType.CHANGES:
            written.append(time.perf_counter())

    emulator = Emulator(spec, {}, link, clock=FastClock(), on_frame=on_frame)
    emulator.plug()
    conn.send(emulator.address)
    position = spec.sensors[0]
    assert position is not None
    moves = 0
    try:
        while True:
            if not conn.poll(0.0005):
                emulator.tick()  # idle scanning: pongs and the handshake
                continue
            if conn.recv() is None:
                conn.send(written)
                return
            if moves % 2 == 0:
                emulator.place(position)
            else:
                emulator.lift(position)
            moves += 1
            count = len(written)
            while len(written) == count:
                emulator.tick()
            # The time goes back at the end: waking the host's process now would compete
            # with the very read being measured.
    finally:
        emulator.unplug()


def bench_serial(frames: int = 2000, link: str = "pty", spec: BoardSpec | None = None,
                 warmup: int = 50, timeout: float = 5.0) -> dict[str, Any]:
    """Measure ``frames`` changes frames one at a time; returns the figures (microseconds).

    ``link``: ``"pty"`` or ``"socket://127.0.0.1:0"``.  The virtual board runs in a child
    process so that it does not share this interpreter (and its lock) with the host's link.
    """
    spec = spec or bench_spec()
    posted: queue.Queue[tuple[float, InEvent]] = queue.Queue()

    def post(event: InEvent) -> None:
        posted.put((time.perf_counter(), event))

    # safe beside threads (see boardlight.bench.ai)
    context = multiprocessing.get_context("forkserver")
    ours, theirs = context.Pipe()
    board = context.Process(target=_board_process, args=(spec, link, theirs), daemon=True,
                            name="boardlight-bench-board")
    board.start()
    posted_at: list[float] = []
    host: SerialLink | None = None
    try:
        if not ours.poll(timeout):
            raise TimeoutError("the virtual board did not start")
        host = SerialLink(ours.recv(), spec, post, backoff=(0.01, 0.1))
        host.start()
        if not host.wait_connected(timeout):
            raise TimeoutError(f"the link to {host.url} did not come up")
        for i in range(warmup + frames):
            ours.send(i)
            while True:
                t_posted, event = posted.get(timeout=timeout)
                if isinstance(event, StableChanges):
                    break
            posted_at.append(t_posted)
    finally:
        if host is not None:
            host.stop()
        ours.send(None)
        written: list[float] = ours.recv() if ours.poll(timeout) else []
        board.join(timeout)
        if board.is_alive():
            board.kill()
    if len(written) != len(posted_at):
        raise RuntimeError(f"{len(written)} frames written but {len(posted_at)} events posted")
    latencies = [p - w for p, w in zip(posted_at[warmup:], written[warmup:])]
    figures: dict[str, Any] = {"link": link if link == "pty" else "socket",
                               "frames": len(latencies), **_figures(latencies),
                               "seq_gaps": host.stats.seq_gaps,
                               "bad_crc": host.decoder.stats.bad_crc}
    if link == "pty":
        figures["pty_baseline"] = pty_baseline(frames)
    return figures


def _line(f: dict[str, Any]) -> str:
    return (f"p50 {f['p50_us']:.0f} us, p90 {f['p90_us']:.0f} us, p99 {f['p99_us']:.0f} us, "
            f"max {f['max_us']:.0f} us, mean {f['mean_us']:.0f} us")


def format_figures(figures: dict[str, Any]) -> str:
    text = (f"serial latency over {figures['link']} ({figures['frames']} changes frames, board "
            f"write -> event posted): {_line(figures)}")
    if "pty_baseline" in figures:
        text += f"\nbare pty, same count (kernel and scheduler only): " \
                f"{_line(figures['pty_baseline'])}"
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=2000)
    parser.add_argument("--link", default="pty", help="pty or socket://127.0.0.1:0")
    args = parser.parse_args(argv)
    print(format_figures(bench_serial(args.frames, args.link)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
