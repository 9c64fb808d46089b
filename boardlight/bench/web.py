"""``web_bench``: how fast the pages learn of a move, and what the server costs in memory.

It starts the real server (``boardlight serve`` on the simulated board, as a subprocess so
that its memory is its own), opens ``clients`` listening streams of the table page, makes
``moves`` moves on the simulated board through the same HTTP endpoints the page uses, and
measures, for every client and move, the time from the commit (the session's timestamp of
the scan that completed the move, on the machine's monotonic clock, which both processes
share) to the arrival of the first snapshot that shows it.  Memory is the server process's
resident set (``VmRSS``) with the clients connected.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from typing import Any

from boardlight.bench.sseclient import SSEClient, SSEEvent
from controller.rules import find_game
from controller.rules.base import Game
from controller.session.handplan import hand_steps

TARGET_P95_MS = 100.0
TARGET_RSS_MB = 80.0


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    raise RuntimeError(f"no VmRSS for process {pid}")


def _json(method: str, url: str, body: dict[str, Any] | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def serve_process(*args: str) -> tuple[subprocess.Popen[str], queue.Queue[str]]:
    """``boardlight serve ARGS`` in a process of its own, its output lines read into a
    queue as they come (so a wait for a line can time out)."""
    proc = subprocess.Popen([sys.executable, "-m", "boardlight", "serve", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    return proc, lines


def _start_server(game: str, timeout: float) -> tuple[subprocess.Popen[str], str]:
    proc, lines = serve_process("--game", game, "--host", "127.0.0.1", "--port", "0")
    deadline = time.monotonic() + timeout
    seen = []
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            break
        seen.append(line)
        if "Table page on this machine:" in line:
            return proc, line.split(": ", 1)[1].strip().rstrip("/")
    proc.kill()
    raise RuntimeError("the server did not start: " + "".join(seen))


def _presence_key(game: Game[Any, Any], state: Any, move: Any, cells: frozenset[str]) -> Any:
    effect = game.effect(state, move)
    return frozenset((c.position, bool(c.after)) for c in effect.changes
                     if c.position in cells and bool(c.before) != bool(c.after))


def pick_move(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """A move the sensors tell from every other (one piece lifted, one placed, no push)."""
    cells = frozenset(game.geometry(game.variant_of(state).name).cells)
    keys: dict[Any, list[Any]] = {}
    for move in game.legal_moves(state):
        keys.setdefault(_presence_key(game, state, move, cells), []).append(move)
    simple = []
    for key, moves in keys.items():
        if len(moves) != 1 or len(key) != 2:
            continue
        effect = game.effect(state, moves[0])
        if all(c.position in cells and c.kind in ("fills", "empties") for c in effect.changes):
            simple.append(moves[0])
    if not simple:
        raise RuntimeError("no simple move in this position")
    return rng.choice(sorted(simple, key=game.move_text))


def _first(client: SSEClient, check: Callable[[dict[str, Any]], bool],
           timeout: float) -> tuple[SSEEvent, dict[str, Any]]:
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        event = client.next(left)
        if event is not None and event.kind == "state":
            data = event.json()
            if check(data):
                return event, data
    raise TimeoutError(f"a client saw no matching snapshot within {timeout} s")


def _pct(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def web_bench(clients: int = 16, moves: int = 30, game: str = "abalone", seed: int = 1,
              timeout: float = 20.0) -> dict[str, Any]:
    """Figures of the live pages: commit -> update latency per client, the server's memory."""
    rules = find_game(game)
    rng = random.Random(seed)
    proc, base = _start_server(game, timeout)
    listeners: list[SSEClient] = []
    try:
        idle_rss = rss_mb(proc.pid)
        listeners = [SSEClient(base + "/events", timeout=timeout).start()
                     for _ in range(clients)]
        for client in listeners:
            _first(client, lambda s: s["status"] == "playing", timeout)
        connected_rss = rss_mb(proc.pid)
        latencies: list[list[float]] = [[] for _ in listeners]
        peak_rss = connected_rss
        for _ in range(moves):
            snap = _json("GET", base + "/api/state")
            state = rules.parse_position(snap["position"], snap["variant"])
            move = pick_move(rules, state, rng)
            for step in hand_steps(rules.effect(state, move)):
                _json("POST", f"{base}/api/sim/{step.action}", {"position": step.position})
            ply: int = snap["ply"]

            def moved(s: dict[str, Any], before: int = ply) -> bool:
                return int(s["ply"]) > before

            for k, client in enumerate(listeners):
                event, data = _first(client, moved, timeout)
                commit = data["moves"][-1]["t"]
                latencies[k].append((event.received - commit) * 1000.0)
            peak_rss = max(peak_rss, rss_mb(proc.pid))
        every = [x for per in latencies for x in per]
        report: dict[str, Any] = {
            "clients": clients, "moves": moves, "game": game,
            "latency_ms": {"p50": _pct(every, 50), "p95": _pct(every, 95), "max": max(every)},
            "per_client_p95_ms": [_pct(per, 95) for per in latencies],
            "rss_mb": {"idle": idle_rss, "with_clients": connected_rss, "peak": peak_rss},
            "targets": {"p95_ms": TARGET_P95_MS, "rss_mb": TARGET_RSS_MB},
            "pid": proc.pid, "cpus": os.cpu_count(),
        }
        report["ok"] = (report["latency_ms"]["p95"] < TARGET_P95_MS
                        and peak_rss < TARGET_RSS_MB)
        return report
    finally:
        for client in listeners:
            client.close()
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def lines(report: dict[str, Any]) -> list[str]:
    """The figures as ``boardlight bench web`` may print them."""
    lat, rss = report["latency_ms"], report["rss_mb"]
    return [
        f"{report['clients']} listening pages, {report['moves']} moves on the simulated board",
        f"commit -> update received: p50 {lat['p50']:.1f} ms, p95 {lat['p95']:.1f} ms, "
        f"max {lat['max']:.1f} ms (target p95 < {TARGET_P95_MS:.0f} ms)",
        f"server memory (VmRSS): {rss['idle']:.1f} MB idle, {rss['with_clients']:.1f} MB "
        f"with the pages connected, {rss['peak']:.1f} MB at most (target < "
        f"{TARGET_RSS_MB:.0f} MB)",
    ]


if __name__ == "__main__":
    result = web_bench()
    print("\n".join(lines(result)))
