"""Benchmarks: the figures of docs/benchmarks.md, measured.  ``boardlight bench WHAT`` runs
one and prints its figures (``boardlight/commands/bench.py``); the code of each is here, out of
the modules that run a game:

* ``rules``: move generation and perft (any game)
* ``inference``: random games by simulated hands on a noisy simulated board
* ``serial_link``: board frame -> host event over a pseudo-terminal and a socket
* ``web``: commit -> page update with listening pages, and the server's memory
* ``solver``: the DRHOMBIX ant-game solver's cold search
* ``rhombus_rules``, ``rhombus_session``: the largest Rhombus action sets and the session's
  questions on them
* ``ai``: the computer opponents' win rates and speed
* ``firmware_memory``: the Pico firmware's heap under the real MicroPython
* ``club``: boards publishing to a broker, spectator pages on the club server
* ``scan``: full GPIO matrix scans per second (``python -m boardlight.bench.scan``)

and what only benchmarks and tests use: ``baselines`` (the ``ai`` bench's opponents: random,
greedy Abalone) and ``sseclient`` (a server-sent events client: the ``web`` and ``club``
benches' listening pages, the web tests' pages).
"""

from __future__ import annotations

import platform
import time
from typing import Any


def machine_line() -> str:
    """The machine a figure was measured on: CPU, system, Python."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith(("model name", "Model")):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (f"machine: {cpu}; {platform.system()} {platform.release()}; "
            f"Python {platform.python_version()} ({platform.python_implementation()})")


def best_time(fn: Any, repeat: int) -> tuple[float, Any]:
    """The best of ``repeat`` runs of ``fn`` (seconds), and its result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result
