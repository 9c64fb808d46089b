"""``boardlight bench remote``: remote play's transport between two boards through two
Mosquitto brokers bridged to each other (docs/remote.md).

Board A's link on broker A, board B's on broker B, the brokers bridged (``cleansession
false``, QoS 1) as two venues would be.  The boards take turns: each move is one ``move``
message, sent when the other board's move has arrived and ``pace`` seconds have passed.  It
measures each move from the sender's ``send`` (the message kept in its match file, then
published) to the other board's delivery, and the bytes of the messages: a move's envelope,
and the links' own ``sync`` messages: the transport's share.

``lights_bench`` measures the whole way: two services (each its simulated board, session,
event log and remote play, as ``boardlight serve --remote`` builds them) on the two bridged
brokers play Abalone, a hand carrying out each move on the board it is made on and then on
the other; each move is timed from its commit on one board to its lights on the other (the
LED frame that shows it), and its bytes are every message it took (the move, and the host's
positions).
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
        a_port, b_port = _bridged(work, procs)
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


@dataclass(frozen=True)
class LightFigures:
    moves: int
    latencies: list[float]       # seconds, commit on one board -> its lights on the other
    move_bytes: list[int]        # the game messages' payload bytes each move took
    seconds: float

    @property
    def missed(self) -> bool:
        return _pct(self.latencies, 0.95) * 1000 >= TARGET_P95_MS


def _bridged(work: Path, procs: list[subprocess.Popen[bytes]]) -> tuple[int, int]:
    b_proc, b_port = _broker(work, "b")
    procs.append(b_proc)
    a_proc, a_port = _broker(work, "a", (
        f"connection venue-b\naddress 127.0.0.1:{b_port}\n"
        "topic boardlight/v1/match/# both 1\ncleansession false\nrestart_timeout 1 2\n"))
    procs.append(a_proc)
    return a_port, b_port


def lights_bench(moves: int = 40, progress: Callable[[str], None] | None = None,
                 seed: int = 1) -> LightFigures:
    """Two services, two bridged brokers, ``moves`` plies of Abalone: commit -> lights."""
    import random

    from boardlight.service import Service, ServiceOptions
    from controller.session.events import Committed, Handled, LedsShown
    from controller.session.handplan import hand_steps
    from remote.play import RemoteSettings
    say = progress or (lambda _line: None)
    rng = random.Random(seed)
    procs: list[subprocess.Popen[bytes]] = []
    services: list[Service] = []
    with tempfile.TemporaryDirectory(prefix="boardlight-remote-") as tmp:
        work = Path(tmp)
        try:
            ports = _bridged(work, procs)
            marks: dict[str, list[tuple[str, float]]] = {"anna": [], "ben": []}
            seen = threading.Condition()

            def listener(name: str) -> Callable[[Handled], None]:
                def listen(handled: Handled) -> None:
                    now = time.perf_counter()
                    for e in handled.events:
                        kind = ("commit" if isinstance(e, Committed) else "lights"
                                if isinstance(e, LedsShown) and e.reason == "computer's move"
                                else None)
                        if kind:
                            with seen:
                                marks[name].append((kind, now))
                                seen.notify_all()
                return listen

            for name, port in zip(("anna", "ben"), ports, strict=True):
                settings = RemoteSettings(BrokerURL("127.0.0.1", port), name, name.title(),
                                          work / name, heartbeat=5)
                service = Service(ServiceOptions(game="abalone", db=str(work / f"{name}.db"),
                                                 remote=settings))
                services.append(service)
                service.runner.subscribe(listener(name))
                service.start()
            anna, ben = services

            def wait(name: str, kind: str, count: int, what: str) -> float:
                with seen:
                    if not seen.wait_for(lambda: sum(k == kind for k, _ in marks[name])
                                         >= count, 20):
                        raise TimeoutError(f"{what} did not come within 20 s")
                    return [t for k, t in marks[name] if k == kind][count - 1]

            def carry(service: Service, move: str) -> None:
                session = service.runner.session
                fp = session.index.find(move)
                assert fp is not None, move
                for step in hand_steps(fp.effect):
                    if step.action == "lift":
                        service.sim_lift(step.position)
                    else:
                        service.sim_place(step.position, step.piece)
                    time.sleep(0.05)

            deadline = time.monotonic() + 20
            while anna.runner.snapshot.mode.value != "playing":
                if time.monotonic() > deadline:
                    raise TimeoutError("board A did not come into play")
                time.sleep(0.05)
            code = anna.remote.offer(["w"])
            ben.remote.join(code)
            deadline = time.monotonic() + 30
            while ben.runner.snapshot.remote != {"b": "Anna"} or \
                    ben.runner.snapshot.mode.value != "playing":
                if time.monotonic() > deadline:
                    raise TimeoutError("board B did not join board A's game within 30 s")
                time.sleep(0.05)
            say(f"two boards (services with simulated boards), two brokers bridged; {moves} "
                "Abalone moves, each carried out on one board, then shown and carried out on "
                "the other...")
            latencies: list[float] = []
            move_bytes: list[int] = []
            start = time.perf_counter()
            for ply in range(moves):
                mover, other = (anna, ben) if ply % 2 == 0 else (ben, anna)
                m_name, o_name = ("anna", "ben") if ply % 2 == 0 else ("ben", "anna")
                session = mover.runner.session
                game, state = session.game, session.state
                if game.outcome(state) is not None:
                    break
                move = game.move_text(rng.choice(list(game.legal_moves(state))))
                before = [dict(svc.remote.link.bytes_sent) for svc in services]
                commits = sum(k == "commit" for k, _ in marks[m_name])
                lights = sum(k == "lights" for k, _ in marks[o_name])
                carry(mover, move)
                committed = wait(m_name, "commit", commits + 1, f"move {ply + 1}'s commit")
                shown = wait(o_name, "lights", lights + 1, f"move {ply + 1}'s lights")
                latencies.append(shown - committed)
                done = sum(k == "commit" for k, _ in marks[o_name])
                carry(other, move)
                wait(o_name, "commit", done + 1, f"move {ply + 1} carried out")
                time.sleep(0.3)   # the host's position after it, sent meanwhile
                after = [svc.remote.link.bytes_sent for svc in services]
                move_bytes.append(sum(a.get(k, 0) - b.get(k, 0) for a, b in zip(
                    after, before, strict=True) for k in ("move", "position")))
                if (ply + 1) % 10 == 0:
                    say(f"  {ply + 1} moves")
            return LightFigures(len(latencies), latencies, move_bytes,
                                time.perf_counter() - start)
        finally:
            for service in services:
                service.stop()
            stop_all(procs)


def _latency_line(what: str, ms: list[float]) -> str:
    return (f"{what}: p50 {_pct(ms, 0.5):.1f} ms, p95 {_pct(ms, 0.95):.1f} ms, max "
            f"{max(ms):.1f} ms (target: p95 < {TARGET_P95_MS:.0f} ms)")


def light_lines(f: LightFigures) -> list[str]:
    ms = [x * 1000 for x in f.latencies]
    mean = sum(f.move_bytes) / len(f.move_bytes) if f.move_bytes else 0
    return [
        f"{f.moves} moves between two boards (their services) through two bridged brokers "
        f"in {f.seconds:.1f} s",
        _latency_line("commit on one board -> lights on the other", ms),
        f"bytes a move: {mean:.0f} (its move message and the host's positions, payloads)",
    ]


def lines(f: Figures) -> list[str]:
    ms = [x * 1000 for x in f.latencies]
    mean_bytes = sum(f.move_bytes) / len(f.move_bytes) if f.move_bytes else 0
    return [
        f"{f.moves} moves across two bridged brokers in {f.seconds:.1f} s (a move every "
        f"{f.pace:g} s after the last arrived)",
        _latency_line("send -> delivered on the other board", ms),
        f"bytes a move: {mean_bytes:.0f} (the envelope's payload; MQTT adds its header and the "
        f"topic, {len('boardlight/v1/match/XXXXXX/to/anna/from/ben')} bytes here); the "
        f"links' syncs and requests: {f.sync_bytes} bytes over the run, both ways; sent "
        f"again: {f.again_bytes} bytes",
    ]
