"""Real Mosquitto brokers for the club tests, and the helpers around them.

Each broker is a ``mosquitto`` process on a free port of 127.0.0.1 with its own config file,
persistence directory and (when asked) password and ACL files in a temp directory: never the
system's broker.  Readiness is read from the broker's own log line, not waited for.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from boardlight.service import Service, ServiceOptions
from club.mqtt import BrokerURL
from club.publisher import BoardPublisher, ClubSettings
from club.server import ClubServer
from controller.session.session import SessionConfig
from tests.support import hand

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "mosquitto"
MOSQUITTO = next((p for p in ("/usr/sbin/mosquitto", shutil.which("mosquitto") or "")
                  if p and Path(p).exists()), None)
MOSQUITTO_PASSWD = shutil.which("mosquitto_passwd")
MISSING = ("mosquitto is not installed: run 'python3 bootstrap.py test' (it installs Debian's "
           "mosquitto) or 'sudo apt-get install mosquitto'")
FAST = SessionConfig(settle=0.25, settle_min=0.2)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


USERS = {"director": "d-secret", "t1": "t1-secret", "t2": "t2-secret", "t3": "t3-secret"}


def password_file(workdir: Path, users: dict[str, str] | None = None) -> Path:
    """A password file made with mosquitto_passwd, as add-user.sh makes it."""
    assert MOSQUITTO_PASSWD, "mosquitto_passwd is missing: sudo apt-get install mosquitto"
    workdir.mkdir(parents=True, exist_ok=True)
    passwd = workdir / "passwd"
    for n, (user, password) in enumerate((users or USERS).items()):
        subprocess.run([MOSQUITTO_PASSWD, *(["-c"] if n == 0 else []), "-b", str(passwd),
                        user, password], check=True)
    return passwd


def login(url: BrokerURL, user: str) -> BrokerURL:
    return url.with_user(user, USERS[user])


def shipped_config(workdir: Path, port: int) -> str:
    """deploy/mosquitto/boardlight.conf as shipped, for a test broker: only its listener (this
    port, on 127.0.0.1), its password file (made here), its ACL (the shipped one, read where it
    is) and its persistence directory (this broker's) are changed; every other line stands."""
    text = (DEPLOY / "boardlight.conf").read_text()
    swaps = {r"^listener 1883$": f"listener {port} 127.0.0.1",
             r"^password_file .*$": f"password_file {password_file(workdir)}",
             r"^acl_file .*$": f"acl_file {DEPLOY / 'boardlight.acl'}",
             r"^persistence_location .*$": f"persistence_location {workdir / 'data'}/"}
    for pattern, line in swaps.items():
        text, n = re.subn(pattern, line, text, flags=re.M)
        assert n == 1, f"the shipped boardlight.conf has no line {pattern}"
    return text


class Mosquitto:
    """One broker process; ``stop`` and ``start`` again keep its port and persistence.
    ``shipped``: with the shipped config (``shipped_config``) and its users (``USERS``)."""

    def __init__(self, workdir: Path, extra: str = "", port: int | None = None,
                 shipped: bool = False) -> None:
        assert MOSQUITTO is not None, MISSING
        self.dir = workdir
        self.dir.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.conf = self.dir / "mosquitto.conf"
        (self.dir / "data").mkdir(exist_ok=True)
        logging = ("log_dest stderr\n"  # unbuffered, unlike stdout into a pipe
                   # Run as root (CI), mosquitto would drop to the 'mosquitto' user, which
                   # cannot write this temp directory: a test broker stays the user that
                   # started it.
                   + ("user root\n" if os.geteuid() == 0 else "")
                   + "log_type error\nlog_type warning\nlog_type notice\n"
                   "log_type information\n")
        if shipped:
            self.conf.write_text(logging + shipped_config(self.dir, self.port) + extra)
        else:
            self.conf.write_text(
                f"listener {self.port} 127.0.0.1\n"
                "persistence true\n"
                f"persistence_location {self.dir / 'data'}/\n"
                + logging
                + (extra if "allow_anonymous" in extra else "allow_anonymous true\n" + extra))
        self.proc: subprocess.Popen[str] | None = None
        self.lines: list[str] = []

    @property
    def url(self) -> BrokerURL:
        return BrokerURL("127.0.0.1", self.port)

    def start(self) -> Mosquitto:
        assert MOSQUITTO is not None, MISSING
        self.proc = subprocess.Popen([MOSQUITTO, "-c", str(self.conf)], stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)
        ready = threading.Event()
        proc = self.proc

        def read() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                self.lines.append(line.rstrip())
                if " running" in line:
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True, name="mosquitto-log").start()
        if not ready.wait(10) or proc.poll() is not None:
            self.stop()  # never leave a broker behind a failed start
            raise AssertionError("mosquitto did not start:\n" + "\n".join(self.lines))
        return self

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(10)
            self.proc = None

    def kill(self) -> None:
        """A crash: SIGKILL, nothing saved since the last autosave."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None

    def log(self) -> str:
        return "\n".join(self.lines)


@contextmanager
def broker(workdir: Path, extra: str = "", shipped: bool = False) -> Iterator[Mosquitto]:
    m = Mosquitto(workdir, extra, shipped=shipped).start()
    try:
        yield m
    finally:
        m.stop()


class Watch:
    """Wakes a waiting test on every change the club server sees (never by sleeping)."""

    def __init__(self, server: ClubServer) -> None:
        self.cond = threading.Condition()
        self.server = server
        server.listeners.append(self._poke)
        server.result_listeners.append(lambda _r: self._poke(""))
        self._orig_receive = server.receive

    def _poke(self, _name: str) -> None:
        with self.cond:
            self.cond.notify_all()

    def until(self, check: Callable[[], Any], timeout: float = 10.0, what: str = "") -> Any:
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                value = check()
                if value:
                    return value
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"timed out waiting for {what or check}; the server "
                                         f"has {self.server.summaries()}")
                self.cond.wait(min(left, 0.5))


class PlayersPace:
    """The session's clock: real time plus the pauses players take between turns (and the
    long stretches a test skips: a board cut off for five minutes)."""

    def __init__(self) -> None:
        self.skipped = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.skipped

    def skip(self, seconds: float) -> None:
        self.skipped += seconds


def club_board(tmp: Path, url: BrokerURL, name: str, club: str = "tuesday", game: str = "abalone",
               variant: str | None = None, seed: int = 1,
               clock: PlayersPace | None = None, db: str | None = None,
               ) -> tuple[Service, BoardPublisher]:
    clock = clock or PlayersPace()
    service = Service(ServiceOptions(game=game, variant=variant, seed=seed, session=FAST,
                                     db=db or str(tmp / f"{name}.db")), clock=clock).start()
    publisher = BoardPublisher(ClubSettings(url, club, name, state_interval=0.05,
                                            reconnect=(1, 1)), service, service.log).start()
    return service, publisher


def play_random(service: Service, plies: int, rng: random.Random,
                pace: PlayersPace | None = None) -> list[str]:
    """Random legal moves carried out on the simulated board as hands do; the moves made."""
    from tests.support.waiting import wait_until

    done: list[str] = []
    for _ in range(plies):
        snap = wait_until(service.table, lambda s: s["outcome"] or s["status"] == "playing")
        if snap["outcome"]:
            break
        if pace is not None:
            pace.skip(3.0)  # a breath between turns: the next move is not an amend
        state = service.runner.call(lambda s: s.state).result(5)
        game = service.game
        text = game.move_text(rng.choice(list(game.legal_moves(state))))
        ply = snap["ply"]
        carry_out(service, text, rng)
        wait_until(service.table, lambda s, ply=ply: s["ply"] > ply, timeout=5)
        done.append(text)
    return done


def carry_out(service: Service, text: str, rng: random.Random) -> None:
    """Do move ``text`` on the simulated board as a hand would, each step read by the sensors
    before the next (in real time)."""
    hand.carry_out(service, text, rng, hand.read_step_by_step)


def eventlog_units(service: Service, game_id: int) -> list[tuple[int, str, int, str | None]]:
    assert service.log is not None
    return [(e.seq, e.kind, e.ply, e.move) for e in service.log.events(game_id)]


class Cable:
    """A TCP forwarder between a board and its broker that the test can unplug: the network
    is what is faked, never our code.  ``cut()`` drops every connection and refuses new
    ones; ``plug()`` lets them through again (same port)."""

    def __init__(self, target_port: int) -> None:
        self.target = target_port
        self.port = free_port()
        self._conns: list[socket.socket] = []
        self._lock = threading.Lock()
        self._server: socket.socket | None = None
        self.plug()

    def plug(self) -> None:
        server = socket.socket()
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", self.port))
        server.listen(16)
        self._server = server
        threading.Thread(target=self._accept, args=(server,), daemon=True).start()

    def _accept(self, server: socket.socket) -> None:
        while True:
            try:
                client, _ = server.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                client.close()
                continue
            with self._lock:
                self._conns += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            with contextlib_suppress():
                s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        if self._server is not None:
            with contextlib_suppress():
                self._server.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread
            self._server.close()
            self._server = None
        with self._lock:
            conns, self._conns = self._conns, []
        for s in conns:
            with contextlib_suppress():
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    @property
    def url(self) -> BrokerURL:
        return BrokerURL("127.0.0.1", self.port)


def contextlib_suppress() -> Any:
    import contextlib
    return contextlib.suppress(OSError)


class Spy:
    """A plain MQTT client that records every message under the club's tree (what anyone
    allowed to read the broker would see)."""

    def __init__(self, url: BrokerURL, topic: str = "boardlight/#") -> None:
        from club.mqtt import Connection
        self.messages: list[tuple[str, bytes]] = []
        self.cond = threading.Condition()
        self.conn = Connection(url, f"spy-{free_port()}", on_message=self._got,
                               on_connect=lambda: self.conn.subscribe(topic))
        self.conn.start()
        assert self.conn.subscribed.wait(10), "the spy could not subscribe"

    def _got(self, topic: str, payload: bytes, _retained: bool) -> None:
        with self.cond:
            self.messages.append((topic, payload))
            self.cond.notify_all()

    def until(self, check: Callable[[list[tuple[str, bytes]]], bool], timeout: float = 10) -> None:
        with self.cond:
            assert self.cond.wait_for(lambda: check(self.messages), timeout), \
                f"the spy never saw it; it saw {len(self.messages)} messages"

    def stop(self) -> None:
        self.conn.stop()
