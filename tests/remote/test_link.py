"""Two boards' ends of a match across two real Mosquitto brokers bridged to each other (board
A on one, board B on the other, B over TLS), with the shipped ACL and real users: every
message arrives once and in order, through a cut bridge and a power cut (kill -9) of a board;
no third board reads them or speaks for a board; a wrong message changes nothing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from club.mqtt import BrokerURL, Connection
from remote import topics
from remote.link import LinkError, MatchLink
from remote.topics import Envelope
from tests.club.support import DEPLOY, USERS, Mosquitto, free_port, password_file

ROOT = Path(__file__).resolve().parents[2]
MATCH = "K7P4QX"
BRIDGE = {"bridge": "bridge-secret"}
PASSWORDS = {**USERS, **BRIDGE}


def certificates(tmp: Path) -> Path:
    """A CA and a certificate for 127.0.0.1 signed by it (openssl, as docs/remote.md says)."""
    assert shutil.which("openssl"), ("openssl is missing: run 'python3 bootstrap.py test' "
                                     "(it installs Debian's openssl) or 'sudo apt-get install "
                                     "openssl'")

    def ssl(*args: str) -> None:
        subprocess.run(["openssl", *args], check=True, capture_output=True, cwd=tmp)

    ssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt",
        "-days", "2", "-subj", "/CN=boardlight test CA")
    ssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr",
        "-subj", "/CN=127.0.0.1")
    (tmp / "san.ext").write_text("subjectAltName=IP:127.0.0.1\n")
    ssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
        "-CAcreateserial", "-out", "server.crt", "-days", "2", "-extfile", "san.ext")
    return tmp


def secured(tmp: Path) -> str:
    """The shipped ACL, with the bridge's own user allowed the match topics."""
    tmp.mkdir(parents=True, exist_ok=True)
    acl = tmp / "acl"
    acl.write_text((DEPLOY / "boardlight.acl").read_text()
                   + "\nuser bridge\ntopic readwrite boardlight/v1/match/#\n")
    return (f"use_username_as_clientid true\nallow_anonymous false\n"
            f"password_file {password_file(tmp, PASSWORDS)}\nacl_file {acl}\n")


@contextmanager
def two_venues(tmp: Path) -> Iterator[tuple[Mosquitto, Mosquitto, int, Path]]:
    """Broker B (plain, and TLS on a second port) and broker A bridged to it."""
    (tmp / "certs").mkdir()
    certs = certificates(tmp / "certs")
    tls_port = free_port()
    b = Mosquitto(tmp / "b", secured(tmp / "b") + (
        f"listener {tls_port} 127.0.0.1\nuse_username_as_clientid true\n"
        f"cafile {certs / 'ca.crt'}\ncertfile {certs / 'server.crt'}\n"
        f"keyfile {certs / 'server.key'}\n")).start()
    bridge = (f"connection venue-b\naddress 127.0.0.1:{b.port}\n"
              f"remote_username bridge\nremote_password {BRIDGE['bridge']}\n"
              "topic boardlight/v1/match/# both 1\ncleansession false\n"
              "restart_timeout 1 2\n")
    a = Mosquitto(tmp / "a", secured(tmp / "a") + bridge)
    a.start()
    try:
        yield a, b, tls_port, certs
    finally:
        a.stop()
        b.stop()


class Heard:
    """What a link delivered, in order."""

    def __init__(self) -> None:
        self.items: list[Envelope] = []
        self.changed = threading.Condition()

    def __call__(self, envelope: Envelope) -> None:
        with self.changed:
            self.items.append(envelope)
            self.changed.notify_all()

    def wait(self, count: int, timeout: float = 20) -> list[Envelope]:
        with self.changed:
            assert self.changed.wait_for(lambda: len(self.items) >= count, timeout), (
                f"{len(self.items)} of {count} messages arrived")
            return list(self.items)


def user(url: BrokerURL, name: str) -> BrokerURL:
    return url.with_user(name, PASSWORDS[name])


def until(check, what: str, timeout: float = 20) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, f"waited {timeout} s for {what}"
        time.sleep(0.05)


def moves(heard: list[Envelope]) -> list[tuple[int, str]]:
    return [(e.seq, e.body["move"]) for e in heard]


def test_two_boards_across_bridged_brokers_in_order_once_through_a_cut_bridge(tmp_path):
    with two_venues(tmp_path) as (a, _b, tls_port, certs):
        tls = BrokerURL("127.0.0.1", tls_port, tls=True)
        heard_a, heard_b = Heard(), Heard()
        anna = MatchLink(user(a.url, "t1"), "t1", "t2", MATCH, tmp_path / "t1.json", heard_a,
                         heartbeat=0.5).start()
        ben = MatchLink(user(tls, "t2"), "t2", "t1", MATCH, tmp_path / "t2.json", heard_b,
                        ca_file=str(certs / "ca.crt"), heartbeat=0.5).start()
        try:
            until(lambda: anna.state().partner_online and ben.state().partner_online,
                  "both boards to see each other online")
            for ply in range(10):
                (anna if ply % 2 == 0 else ben).send(
                    "move", {"ply": ply, "seat": "b" if ply % 2 == 0 else "w",
                             "move": f"m{ply}"})
            assert moves(heard_b.wait(5)) == [(i + 1, f"m{2 * i}") for i in range(5)]
            assert moves(heard_a.wait(5)) == [(i + 1, f"m{2 * i + 1}") for i in range(5)]

            # The bridge is cut (venue A's broker goes down): board A is away, B plays on.
            a.stop()
            until(lambda: not anna.state().connected, "board A to lose its broker")
            for ply in range(10, 16):
                ben.send("move", {"ply": ply, "seat": "w", "move": f"m{ply}"})
            time.sleep(1)
            assert len(heard_a.items) == 5
            a.start()
            got = heard_a.wait(11)
            time.sleep(1.5)  # a copy delivered twice would show by now (syncs every 0.5 s)
            assert moves(heard_a.items) == moves(got[:5]) + [(6 + i, f"m{10 + i}")
                                                            for i in range(6)]
            assert anna.state().applied == 11 and ben.state().sent == 11
            assert anna.state().partner_online and anna.state().last_heard is not None
        finally:
            anna.stop()
            ben.stop()


def test_a_board_killed_mid_game_resumes_from_its_match_file(tmp_path):
    with two_venues(tmp_path) as (a, b, _tls, _certs):
        store = tmp_path / "t2.json"
        heard_a = Heard()
        anna = MatchLink(user(a.url, "t1"), "t1", "t2", MATCH, tmp_path / "t1.json", heard_a,
                         heartbeat=0.5).start()

        def board_b() -> tuple[subprocess.Popen[str], list[dict]]:
            proc = subprocess.Popen(
                [sys.executable, "-m", "tests.remote.board_end",
                 f"mqtt://t2:{USERS['t2']}@127.0.0.1:{b.port}", "t2", "t1", MATCH, str(store)],
                cwd=ROOT, stdout=subprocess.PIPE, text=True,
                env={**os.environ, "PYTHONPATH": str(ROOT)})
            lines: list[dict] = []
            ready = threading.Event()

            def read() -> None:
                # Messages the broker kept may come before "ready" (a persistent session).
                assert proc.stdout is not None
                for line in proc.stdout:
                    if line.strip() == "ready":
                        ready.set()
                    else:
                        lines.append(json.loads(line))

            threading.Thread(target=read, daemon=True).start()
            assert ready.wait(30), "board B did not reach its broker"
            return proc, lines

        try:
            proc, first = board_b()
            for ply in range(4):
                anna.send("move", {"ply": ply, "seat": "b", "move": f"m{ply}"})
            until(lambda: len(first) == 4, "board B to get 4 moves")
            proc.kill()   # a power cut
            proc.wait(10)
            # What the match file says was applied: 4, or 3 when the cut came between the
            # fourth delivery and its writing (then the fourth comes again: at least once).
            applied = json.loads(store.read_text())["applied"]
            assert applied in (3, 4)
            for ply in range(4, 7):   # board A goes on meanwhile
                anna.send("move", {"ply": ply, "seat": "b", "move": f"m{ply}"})
            proc, second = board_b()
            until(lambda: len(second) >= 7 - applied,
                  "board B to get the 3 moves made while it was off")
            time.sleep(1.5)
            assert [m["body"]["move"] for m in first] == ["m0", "m1", "m2", "m3"]
            assert [(m["seq"], m["body"]["move"]) for m in second] == [
                (seq, f"m{seq - 1}") for seq in range(applied + 1, 8)]
            proc.kill()
            proc.wait(10)
            assert json.loads(store.read_text())["applied"] == 7
        finally:
            anna.stop()


def test_a_message_delivered_but_not_yet_handled_comes_again_after_a_restart(tmp_path):
    """A receiver that hands messages to a worker (``confirm``) has only those it handled
    written applied: a power cut before its worker got to the rest has them sent again."""
    with two_venues(tmp_path) as (a, b, _tls, _certs):
        heard_b = Heard()
        store = tmp_path / "t2.json"
        anna = MatchLink(user(a.url, "t1"), "t1", "t2", MATCH, tmp_path / "t1.json", Heard(),
                         heartbeat=0.5).start()
        ben = MatchLink(user(b.url, "t2"), "t2", "t1", MATCH, store, heard_b, heartbeat=0.5,
                        confirm=True).start()
        try:
            for ply in range(4):
                anna.send("move", {"ply": ply, "seat": "b", "move": f"m{ply}"})
            got = heard_b.wait(4)
            for envelope in got[:2]:   # the worker handled two, then the power went
                ben.handled(envelope.seq)
            assert json.loads(store.read_text())["applied"] == 2
            assert ben.state().applied == 4   # delivered: not asked for again while running
            ben.connection.stop()   # (no last will said: as a power cut leaves it)
            again = Heard()
            ben = MatchLink(user(b.url, "t2"), "t2", "t1", MATCH, store, again,
                            heartbeat=0.5, confirm=True).start()
            assert moves(again.wait(2)) == [(3, "m2"), (4, "m3")]
            for envelope in again.items:
                ben.handled(envelope.seq)
            ben.handled(1)   # an older one handled again changes nothing
            time.sleep(1.5)
            assert len(again.items) == 2
            assert json.loads(store.read_text())["applied"] == 4
        finally:
            anna.stop()
            ben.stop()


def test_no_other_board_reads_a_match_or_speaks_for_a_board_and_bad_messages_change_nothing(
        tmp_path):
    with two_venues(tmp_path) as (a, b, _tls, _certs):
        heard_b = Heard()
        anna = MatchLink(user(a.url, "t1"), "t1", "t2", MATCH, tmp_path / "t1.json", Heard(),
                         heartbeat=0.5).start()
        ben = MatchLink(user(b.url, "t2"), "t2", "t1", MATCH, tmp_path / "t2.json", heard_b,
                        heartbeat=0.5).start()
        seen: list[tuple[str, bytes]] = []
        carl = Connection(user(a.url, "t3"), "t3",
                          on_message=lambda t, p, _r: seen.append((t, p)),
                          on_connect=lambda: carl.subscribe("boardlight/v1/match/#"))
        carl.start()  # only now: its first connection may come before the assignment ends
        try:
            assert carl.wait_connected(10)
            until(lambda: ben.state().partner_online, "board B to see board A")
            anna.send("move", {"ply": 0, "seat": "b", "move": "A1B2"})
            heard_b.wait(1)
            # Carl (board t3) pretends to be t1: the broker does not pass it on.
            forged = Envelope(MATCH, "t1", 2, "move", 1.0, {"ply": 1, "seat": "b",
                                                              "move": "I5H5"})
            carl.publish(topics.direct(MATCH, "t2", "t1"), forged.encode())
            # Board A's own user sends rubbish: refused at B's edge, counted, nothing changes.
            raw = Connection(user(a.url, "t1"), "t1-raw").start()
            raw.wait_connected(10)
            # (t1 logs in again under its own client id: the link's connection is kicked off
            # once and comes back; the refused message is what this checks.)
            raw.publish(topics.direct(MATCH, "t2", "t1"), b'{"v": 1, "kind": "move"}')
            until(lambda: ben.state().refused == 1, "board B to refuse the rubbish")
            raw.stop()
            anna.send("move", {"ply": 2, "seat": "b", "move": "C3D4"})
            got = heard_b.wait(2)
            time.sleep(1)
            assert [e.body["move"] for e in heard_b.items] == ["A1B2", "C3D4"], got
            # Carl read offers and presences (public) but no message between the boards.
            assert all("/to/" not in t for t, _ in seen), [t for t, _ in seen]
            assert any(t.endswith("/board/t1/presence") for t, _ in seen)
        finally:
            carl.stop()
            anna.stop()
            ben.stop()


def test_a_match_file_of_another_match_is_refused(tmp_path):
    store = tmp_path / "m.json"
    store.write_text(json.dumps({"match": "ABCDEF", "me": "t1", "partner": "t2", "applied": 0,
                                 "outbox": []}))
    with pytest.raises(LinkError, match="is the file of match ABCDEF"):
        MatchLink(BrokerURL("127.0.0.1", 1), "t1", "t2", MATCH, store, Heard())
    store.write_text("{")
    with pytest.raises(LinkError, match="not a match file"):
        MatchLink(BrokerURL("127.0.0.1", 1), "t1", "t2", MATCH, store, Heard())
