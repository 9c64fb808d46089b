"""``boardlight bench club``: many boards publishing, many spectator pages, one club server.

A real Mosquitto broker (started here on a free port), the club server as its own process
(``boardlight club``), board processes each running several real boards (the service with
its simulated board, session, event log and club publisher; the scans are made when a hand
has moved instead of 200 times a second, so a hundred boards fit on a small machine), and
spectator pages (server-sent event streams of the room's page) in this process.  Measured:
from each board's commit (the wall time the publisher noted it) to each page receiving the
board's new state; and the club server's memory (VmRSS).

``python -m boardlight.bench.club flood`` measures what one careless or hostile board can make
the club server keep: a broker without a size limit, the club server as its own process, and
one client publishing, as one board, ``--events`` events of ``--size`` bytes, each for a new
game id (the issue's 600 of 200 KB); then as many of the largest events the schema lets through
(a move's description of 32 texts of 200 characters); the club server's VmRSS before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PY = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---- boards (in their processes) ----------------------------------------------------------------

def _scan_until_read(service: Any, position: str, timeout: float) -> None:
    sim, loop = service.sim, service.source.loop
    deadline = time.monotonic() + timeout
    while True:
        loop.scan_once()
        read = service.runner.call(lambda s: s.reading.get(position)).result(timeout)
        if position not in sim.spec.sensed or read == sim.value(position):
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"the board never read {position}")


def play_one(service: Any, rng: random.Random, timeout: float = 10.0) -> str | None:
    from controller.session.actions import DeclareMove
    from controller.session.handplan import hand_steps

    snap = service.table.public()
    if snap["outcome"]:
        return None
    ply = snap["ply"]
    session = service.runner.session
    game, state = session.game, session.state
    move = rng.choice(list(game.legal_moves(state)))
    text: str = game.move_text(move)
    fp = service.runner.call(lambda s: next(f for f in s.index.footprints
                                            if f.text == text)).result(timeout)
    if not fp.diff:
        service.phone(session.to_move, DeclareMove(text))
    else:
        for step in hand_steps(game.effect(state, move), rng, before=game.layout(state)):
            if step.action == "lift":
                service.sim_lift(step.position)
            else:
                service.sim_place(step.position, step.piece)
            _scan_until_read(service, step.position, timeout)
        for _ in range(4):
            service.source.loop.scan_once()
        if service.runner.call(lambda s: s.ply).result(timeout) == ply:
            service.press("end-turn")
    version = service.table.version
    deadline = time.monotonic() + timeout
    while service.table.public()["ply"] <= ply:
        if time.monotonic() > deadline:
            raise TimeoutError(f"move {text} was not taken")
        version = service.table.wait_for(version, 0.2)
    return text


class Pace:
    """The boards' session clock: real time plus a pause between turns (a breath, so a move
    is never read as the previous player amending theirs)."""

    def __init__(self) -> None:
        self.skipped = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.skipped


def board_main(argv: list[str]) -> int:
    """``python -m boardlight.bench.club boards``: run boards, play, report on stdout as JSON
    lines."""
    from boardlight.boards import SimulatedSource
    from boardlight.service import Service, ServiceOptions
    from club.mqtt import parse_broker_url
    from club.publisher import BoardPublisher, ClubSettings
    from controller.session.session import SessionConfig

    p = argparse.ArgumentParser(prog="python -m boardlight.bench.club boards")
    p.add_argument("--broker", required=True)
    p.add_argument("--club", default="bench")
    p.add_argument("--names", required=True)
    p.add_argument("--moves", type=int, default=5)
    p.add_argument("--interval", type=float, default=0.5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dir", required=True)
    args = p.parse_args(argv)
    url = parse_broker_url(args.broker)
    boards = []
    for name in args.names.split(","):
        pace = Pace()
        service = Service(ServiceOptions(game="abalone", seed=1, db=f"{args.dir}/{name}.db",
                                         session=SessionConfig(settle=0.25, settle_min=0.2)),
                          clock=pace).start()
        assert isinstance(service.source, SimulatedSource)
        service.source.stop()  # scanned when a hand moved (see play_one)
        for _ in range(4):
            service.source.loop.scan_once()
        assert service.log is not None
        publisher = BoardPublisher(ClubSettings(url, args.club, name, state_interval=0.05),
                                   service, service.log).start()
        boards.append((name, service, publisher, pace))
    for _name, _service, publisher, _pace in boards:
        publisher.conn.wait_connected(30)
    print(json.dumps({"ready": [b[0] for b in boards]}), flush=True)
    sys.stdin.readline()  # "go"
    rng = random.Random(args.seed)
    for _round in range(args.moves):
        for name, service, _publisher, pace in boards:
            pace.skipped += 3.0
            move = play_one(service, rng)
            print(json.dumps({"board": name, "move": move,
                              "ply": service.table.public()["ply"]}), flush=True)
            time.sleep(args.interval / max(1, len(boards)))  # players' pace, not a wait
    for _name, _service, publisher, _pace in boards:
        publisher.wait_idle(30)
    print(json.dumps({"done": True}), flush=True)
    sys.stdin.readline()  # "stop"
    for _name, service, publisher, _pace in boards:
        publisher.stop()
        service.stop()
    return 0


# ---- the bench (this process) ---------------------------------------------------------------

@dataclass
class Figures:
    boards: int
    pages: int
    moves: int
    latencies: list[float] = field(default_factory=list)   # seconds, per move and page
    missed: int = 0                                          # (move, page) pairs never seen
    interval: float = 5.0                                    # seconds between a board's moves
    rss_idle: float = 0.0
    rss_loaded: float = 0.0
    rss_peak: float = 0.0
    seconds: float = 0.0


def _rss(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of a process, in MB."""
    now = peak = 0.0
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                now = int(line.split()[1]) / 1024
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
    return now, peak


def stop_all(procs: list[subprocess.Popen[Any]]) -> None:
    """End the bench's processes, the last started first; one that will not stop is killed."""
    for proc in reversed(procs):
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def _mosquitto() -> str:
    for candidate in ("/usr/sbin/mosquitto", shutil.which("mosquitto") or ""):
        if candidate and Path(candidate).exists():
            return candidate
    raise FileNotFoundError("mosquitto is not installed: 'sudo apt-get install mosquitto' "
                            "(python3 bootstrap.py test installs it)")


def _wait_line(proc: subprocess.Popen[str], want: Callable[[str], bool], timeout: float,
               what: str) -> str:
    deadline = time.monotonic() + timeout
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"{what}: the process ended")
        if want(line):
            return line
    raise TimeoutError(f"{what}: no answer in {timeout:.0f} s")


def club_bench(boards: int = 100, pages: int = 200, moves: int = 5, per_process: int = 10,
               interval: float = 5.0, progress: Callable[[str], None] = print) -> Figures:
    from boardlight.bench.sseclient import SSEClient

    figures = Figures(boards, pages, moves, interval=interval)
    work = Path(tempfile.mkdtemp(prefix="boardlight-club-bench-"))
    procs: list[subprocess.Popen[str]] = []
    clients: list[Any] = []
    try:
        port = free_port()
        (work / "data").mkdir()
        conf = work / "mosquitto.conf"
        conf.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\n"
                        "max_queued_messages 100000\nlog_dest stderr\n"
                        + ("user root\n" if os.geteuid() == 0 else ""))
        broker = subprocess.Popen([_mosquitto(), "-c", str(conf)], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, text=True)
        procs.append(broker)
        url = f"mqtt://127.0.0.1:{port}"
        web_port = free_port()
        club = subprocess.Popen([PY, "-m", "boardlight", "club", "--broker", url, "--club",
                                 "bench", "--host", "127.0.0.1", "--port", str(web_port)],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        procs.append(club)
        _wait_line(club, lambda s: "Connected to the broker" in s, 60, "the club server")
        progress(f"broker and club server up; starting {boards} boards in "
                 f"{-(-boards // per_process)} processes...")
        names = [f"b{k:03d}" for k in range(boards)]
        groups = [names[i:i + per_process] for i in range(0, boards, per_process)]
        board_procs = []
        for n, group in enumerate(groups):
            proc = subprocess.Popen([PY, "-m", "boardlight.bench.club", "boards", "--broker", url,
                                     "--club", "bench", "--names", ",".join(group),
                                     "--moves", str(moves), "--interval", str(interval),
                                     "--seed", str(n), "--dir", str(work / "data")],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            procs.append(proc)
            board_procs.append(proc)
        for proc in board_procs:
            _wait_line(proc, lambda s: '"ready"' in s, 120, "a board process")
        figures.rss_idle = _rss(club.pid)[0]
        progress(f"boards ready; opening {pages} spectator pages...")
        base = f"http://127.0.0.1:{web_port}"
        for _ in range(pages):
            clients.append(SSEClient(base + "/events", timeout=60).start())
        for c in clients:
            assert c.status == 200, f"a page was refused: {c.status} {c.body[:200]!r}"
        offset = time.time() - time.monotonic()
        progress(f"{pages} pages open; the boards play {moves} moves each...")
        start = time.monotonic()
        commits: dict[tuple[str, int], float] = {}
        for proc in board_procs:
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
        for proc in board_procs:
            _wait_line(proc, lambda s: '"done"' in s, 120 + moves * interval * 4,
                       "a board process")
        figures.rss_loaded, figures.rss_peak = _rss(club.pid)
        figures.seconds = time.monotonic() - start
        progress("every move published; collecting what the pages received...")
        wanted = {(n, ply) for n in names for ply in range(1, moves + 1)}

        def received(c: Any) -> dict[tuple[str, int], float]:
            seen: dict[tuple[str, int], float] = {}
            for e in list(c.log):
                if e.kind != "board":
                    continue
                b = e.json()
                key = (b["name"], b["ply"])
                if key in wanted and key not in seen and b.get("moved_at"):
                    seen[key] = e.received + offset - float(b["moved_at"])
                    commits[key] = float(b["moved_at"])
            return seen

        # The last moves may still be on their way to the pages (the boards said "done" once
        # the broker had them): a few seconds' grace before a move counts as missed.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(
                wanted - set(received(c)) for c in clients):
            time.sleep(0.1)
        for c in clients:
            seen = received(c)
            figures.latencies += list(seen.values())
            figures.missed += len(wanted - set(seen))
        for proc in board_procs:
            assert proc.stdin is not None
            proc.stdin.write("stop\n")
            proc.stdin.flush()
        for proc in board_procs:
            proc.wait(60)
        return figures
    finally:
        for c in clients:
            c.close()
        stop_all(procs)
        shutil.rmtree(work, ignore_errors=True)


@dataclass
class Flood:
    what: str
    events: int
    size: int               # bytes of each event as published
    rss_before: float = 0.0
    rss_after: float = 0.0
    seconds: float = 0.0

    def line(self) -> str:
        return (f"club server VmRSS: {self.rss_before:.1f} MB before, {self.rss_after:.1f} MB "
                f"after {self.events} events of {self.size / 1024:.0f} KB from one board, each "
                f"for a new game id ({self.what}), {self.seconds:.1f} s")


def _http_json(url: str) -> Any:
    import urllib.request
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.loads(r.read())


def _settled_rss(pid: int, seconds: float = 2.0) -> float:
    """VmRSS once it stops changing (the last of samples over ``seconds``)."""
    samples = []
    for _ in range(int(seconds / 0.25)):
        samples.append(_rss(pid)[0])
        time.sleep(0.25)
    return samples[-1]


def flood_bench(events: int = 600, size: int = 200 * 1024,
                progress: Callable[[str], None] = print) -> list[Flood]:
    """The club server's memory after one board's flood: ``events`` events of ``size`` bytes,
    then as many of the largest valid events, each for a new game id."""
    from club import topics
    from club.mqtt import Connection, parse_broker_url

    work = Path(tempfile.mkdtemp(prefix="boardlight-club-flood-"))
    procs: list[subprocess.Popen[str]] = []
    out: list[Flood] = []
    try:
        port = free_port()
        conf = work / "mosquitto.conf"
        conf.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\n"
                        "max_queued_messages 100000\nlog_dest stderr\n"
                        + ("user root\n" if os.geteuid() == 0 else ""))
        procs.append(subprocess.Popen([_mosquitto(), "-c", str(conf)], text=True,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        url = f"mqtt://127.0.0.1:{port}"
        web_port = free_port()
        club = subprocess.Popen([PY, "-m", "boardlight", "club", "--broker", url, "--club",
                                 "bench", "--host", "127.0.0.1", "--port", str(web_port)],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        procs.append(club)
        _wait_line(club, lambda line: "Connected to the broker" in line, 60, "the club server")
        # Its output goes on being read (a full pipe would stop it).
        threading.Thread(target=lambda: [None for _ in club.stdout or ()], daemon=True).start()
        board = Connection(parse_broker_url(url), "flood", reconnect=(1, 1)).start()
        assert board.wait_connected(30), board.last_error
        base = f"http://127.0.0.1:{web_port}"
        said = {"key": "abalone.line", "params": {f"p{k}": "z" * 200 for k in range(32)}}
        runs = [("the issue's flood", "x" * size, None),
                ("the largest the schema lets through", "A1B2", said)]
        game_id = 0
        for n, (what, move, description) in enumerate(runs):
            rss_before = _settled_rss(club.pid)
            start = time.monotonic()
            payload = b""
            for _ in range(events):
                game_id += 1
                payload = topics.encode(topics.event_payload(
                    "flood", game_id, 1, "move", 1, "b", move, time.time(), "abalone",
                    "standard", said=description))
                while board.publish(topics.board_topic("bench", "flood", "events"),
                                    payload) is None:
                    time.sleep(0.01)  # paho's queue is full: let it send
            # The marker, after the flood on the same connection: once the club server has it,
            # it has read every event before it.
            board.publish(topics.board_topic("bench", "flood", "presence"), topics.encode(
                topics.presence_payload("flood", True, float(n + 1), "bench")), retain=True)
            deadline = time.monotonic() + 300
            while True:
                boards = {b["name"]: b for b in _http_json(base + "/api/club/boards")}
                if boards.get("flood", {}).get("since") == float(n + 1):
                    break
                if time.monotonic() > deadline:
                    raise TimeoutError("the club server never read the flood's end")
                time.sleep(0.2)
            seconds = time.monotonic() - start
            out.append(Flood(what, events, len(payload), rss_before,
                             _settled_rss(club.pid), seconds))
            progress(out[-1].line())
        board.stop()
        return out
    finally:
        stop_all(procs)
        shutil.rmtree(work, ignore_errors=True)


def flood_main(argv: list[str]) -> int:
    """``python -m boardlight.bench.club flood``: print the club server's memory figures."""
    p = argparse.ArgumentParser(prog="python -m boardlight.bench.club flood")
    p.add_argument("--events", type=int, default=600)
    p.add_argument("--size", type=int, default=200 * 1024, help="bytes of each event")
    args = p.parse_args(argv)
    print(f"one board floods the club server: {args.events} events of {args.size} bytes, "
          "each for a new game id; then as many of the largest valid events...", flush=True)
    flood_bench(args.events, args.size, progress=lambda line: print(line, flush=True))
    return 0


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def lines(f: Figures) -> list[str]:
    ms = [x * 1000 for x in f.latencies]
    return [
        f"{f.boards} boards x {f.moves} moves (a move per board every {f.interval:g} s or so: "
        f"{f.boards / f.interval:.0f} moves a second in the room), {f.pages} pages watching "
        "the room: "
        f"{len(ms)} (move, page) deliveries in {f.seconds:.1f} s, {f.missed} missed",
        f"commit -> page: p50 {_pct(ms, 0.5):.1f} ms, p95 {_pct(ms, 0.95):.1f} ms, "
        f"max {max(ms, default=float('nan')):.1f} ms (target: p95 < 250 ms)",
        f"club server VmRSS: {f.rss_idle:.1f} MB with the boards and no page, "
        f"{f.rss_loaded:.1f} MB with {f.pages} pages after the moves, {f.rss_peak:.1f} MB "
        "at most",
    ]


if __name__ == "__main__":
    if sys.argv[1:2] == ["boards"]:
        sys.exit(board_main(sys.argv[2:]))
    if sys.argv[1:2] == ["flood"]:
        sys.exit(flood_main(sys.argv[2:]))
    print("usage: python -m boardlight.bench.club boards ... | flood [--events N] [--size B] "
          "(the bench itself: boardlight bench club)",
          file=sys.stderr)
    sys.exit(2)
