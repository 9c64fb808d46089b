"""Twenty boards, each in its own process (the real service, simulated board, event log and
club publisher), play at once on one broker; the club server follows every one of them."""

from __future__ import annotations

import json
import subprocess
import sys

from boardlight.eventlog import EventLog
from club.server import ClubServer
from tests.club.support import Watch, broker

BOARDS = 20
MOVES = 2


def test_twenty_boards_in_their_own_processes(tmp_path):
    with broker(tmp_path / "broker") as mosq:
        server = ClubServer(mosq.url, "bench").start()
        watch = Watch(server)
        assert server.wait_following(10)
        names = [f"t{k:02d}" for k in range(BOARDS)]
        procs = [subprocess.Popen([sys.executable, "-m", "boardlight.bench.club", "boards",
                                   "--broker",
                                   f"mqtt://127.0.0.1:{mosq.port}", "--names", name,
                                   "--moves", str(MOVES), "--interval", "0", "--seed", str(k),
                                   "--dir", str(tmp_path)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                 for k, name in enumerate(names)]
        try:
            for proc in procs:
                assert proc.stdout is not None and proc.stdin is not None
                assert "ready" in json.loads(proc.stdout.readline())
            for proc in procs:
                proc.stdin.write("go\n")  # type: ignore[union-attr]
                proc.stdin.flush()  # type: ignore[union-attr]
            for proc in procs:
                lines = [json.loads(proc.stdout.readline())  # type: ignore[union-attr]
                         for _ in range(MOVES + 1)]
                assert lines[-1] == {"done": True}, lines
            watch.until(lambda: len(server.board_names()) == BOARDS and all(
                s["ply"] == MOVES and s["online"] for s in server.summaries()),
                timeout=30, what=f"{BOARDS} boards online at ply {MOVES}")
            for proc in procs:
                proc.stdin.write("stop\n")  # type: ignore[union-attr]
                proc.stdin.flush()  # type: ignore[union-attr]
            for proc in procs:
                assert proc.wait(30) == 0
            watch.until(lambda: not any(s["online"] for s in server.summaries()),
                        what="every board offline after it stopped")
            for name in names:
                log = EventLog(tmp_path / f"{name}.db")
                game = log.games()[-1]
                want = [(e.seq, e.kind, e.ply, e.move) for e in log.events(game.id)]
                log.close()
                record = server.records[(name, game.id)]
                got = [(s, e["kind"], e["ply"], e["move"])
                       for s, e in sorted(record.events.items())]
                assert got == want and len(want) == MOVES
        finally:
            for proc in procs:
                if proc.poll() is None:
                    proc.kill()
            server.stop()
