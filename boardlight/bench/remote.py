"""``boardlight bench remote``: remote play's transport between two boards through two
Mosquitto brokers bridged to each other (docs/remote.md).

Board A's link on broker A, board B's on broker B, the brokers bridged (``cleansession
false``, QoS 1) as two venues would be.  The boards take turns: each move is one ``move``
message, sent when the other board's move has arrived and ``pace`` seconds have passed.  It
measures each move from the sender's ``send`` (the message kept in its match file, then
published) to the other board's delivery, and the bytes of the messages: a move's envelope,
and the links' own ``sync`` messages.  The moves' lights on the other board come on in the
session, which is not yet joined to the link: this is the transport's share of that time.
"""

from __future__ import annotations

import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from boardlight.bench.club import _mosquitto, _pct, free_port, stop_all
from club.mqtt import BrokerURL
from remote.codes import new_code
from remote.link import MatchLink
from remote.topics import Envelope

TARGET_P95_MS = 300.0


@dataclass(frozen=True)
class Figures:
    moves: int
    pace: float
    latencies: list[float]      # seconds, send -> delivered on the other board
    move_bytes: list[int]       # each move message's payload
    sync_bytes: int             # the links' syncs, both ways, over the run
    again_bytes: int            # messages sent again (none unless something was lost)
    seconds: float

    @property
    def missed(self) -> bool:
        return _pct(self.latencies, 0.95) * 1000 >= TARGET_P95_MS


def _broker(work: Path, name: str, extra: str = "") -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    (work / name).mkdir()
    conf = work / name / "mosquitto.conf"
    conf.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
                    "log_dest none\n" + extra)
    proc = subprocess.Popen([_mosquitto(), "-c", str(conf)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    return proc, port


def remote_bench(moves: int = 200, pace: float = 0.05,
                 progress: Callable[[str], None] | None = None) -> Figures:
    say = progress or (lambda _line: None)
    procs: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory(prefix="boardlight-remote-") as tmp:
        work = Path(tmp)
        b_proc, b_port = _broker(work, "b")
        procs.append(b_proc)
        a_proc, a_port = _broker(work, "a", (
            f"connection venue-b\naddress 127.0.0.1:{b_port}\n"
            "topic boardlight/v1/match/# both 1\ncleansession false\nrestart_timeout 1 2\n"))
        procs.append(a_proc)
        match = new_code()
        sent_at: dict[tuple[str, int], float] = {}
        latencies: list[float] = []
        move_bytes: list[int] = []
        arrived = threading.Event()

        def delivered(board: str) -> Callable[[Envelope], None]:
            def deliver(envelope: Envelope) -> None:
                latencies.append(time.perf_counter() - sent_at[(envelope.sender,
                                                                 envelope.seq)])
                move_bytes.append(len(envelope.encode()))
                arrived.set()
            return deliver

        links = {
            "anna": MatchLink(BrokerURL("127.0.0.1", a_port), "anna", "ben", match,
                              work / "anna.json", delivered("anna")),
            "ben": MatchLink(BrokerURL("127.0.0.1", b_port), "ben", "anna", match,
                             work / "ben.json", delivered("ben")),
        }
        try:
            for link in links.values():
                link.start()
            deadline = time.monotonic() + 30
            while not all(link.state().partner_online for link in links.values()):
                if time.monotonic() > deadline:
                    raise TimeoutError("the two boards did not see each other through the "
                                       "bridge within 30 s")
                time.sleep(0.05)
            say(f"two boards, two brokers bridged; {moves} moves, one every {pace:g} s or "
                "when the other board's arrived...")
            start = time.perf_counter()
            for ply in range(moves):
                sender = links["anna" if ply % 2 == 0 else "ben"]
                arrived.clear()
                seq = sender.state().sent + 1
                sent_at[(sender.me, seq)] = time.perf_counter()
                sender.send("move", {"ply": ply, "seat": "b" if ply % 2 == 0 else "w",
                                     "move": "A1B2"})
                if not arrived.wait(10):
                    raise TimeoutError(f"move {ply} did not arrive within 10 s")
                time.sleep(pace)
                if (ply + 1) % 50 == 0:
                    say(f"  {ply + 1} moves")
            seconds = time.perf_counter() - start
            sent = [link.bytes_sent for link in links.values()]
            return Figures(moves, pace, latencies, move_bytes,
                           sum(b.get("sync", 0) + b.get("resend", 0) for b in sent),
                           sum(b.get("again", 0) for b in sent), seconds)
        finally:
            for link in links.values():
                link.stop()
            stop_all(procs)


def lines(f: Figures) -> list[str]:
    ms = [x * 1000 for x in f.latencies]
    mean_bytes = sum(f.move_bytes) / len(f.move_bytes) if f.move_bytes else 0
    return [
        f"{f.moves} moves across two bridged brokers in {f.seconds:.1f} s (a move every "
        f"{f.pace:g} s after the last arrived)",
        f"send -> delivered on the other board: p50 {_pct(ms, 0.5):.1f} ms, p95 "
        f"{_pct(ms, 0.95):.1f} ms, max {max(ms):.1f} ms (target: p95 < {TARGET_P95_MS:.0f} ms)",
        f"bytes a move: {mean_bytes:.0f} (the envelope's payload; MQTT adds its header and the "
        f"topic, {len('boardlight/v1/match/XXXXXX/to/anna/from/ben')} bytes here); the "
        f"links' syncs and requests: {f.sync_bytes} bytes over the run, both ways; sent "
        f"again: {f.again_bytes} bytes",
    ]
