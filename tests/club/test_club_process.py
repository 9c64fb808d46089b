"""The club server as people run it, 'boardlight club' in its own process on a real Mosquitto,
against bad input of every kind: every endpoint answers 4xx, never 5xx; the director's link
with any bytes; an event's name with a control character; one client opening every live page;
and the exports after a 'kill -9' (the moves kept, no cell a spreadsheet would run)."""

from __future__ import annotations

import csv
import io
import json
import random
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from club import topics, tournament
from club.mqtt import Connection
from tests.club.support import (
    USERS,
    PlayersPace,
    broker,
    club_board,
    free_port,
    login,
    play_random,
)
from tests.club.test_pairing_guard import resign, until

BOARDLIGHT = [sys.executable, "-m", "boardlight"]
TOKEN = "director-token-29"


class ClubProcess:
    """``boardlight club`` in a process of its own (its output read on a thread)."""

    def __init__(self, broker_url: str, data: Path | None, port: int | None = None) -> None:
        self.port = port or free_port()
        self.args = [*BOARDLIGHT, "club", "--broker", broker_url, "--club", "tuesday",
                     "--host", "127.0.0.1", "--port", str(self.port),
                     "--director-token", TOKEN, *(["--data", str(data)] if data else [])]
        self.proc: subprocess.Popen[str] | None = None
        self.lines: list[str] = []

    def start(self) -> ClubProcess:
        self.proc = subprocess.Popen(self.args, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)
        ready = threading.Event()
        proc = self.proc

        def read() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                self.lines.append(line.rstrip())
                if "Connected to the broker" in line:
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        assert ready.wait(60) and proc.poll() is None, "\n".join(self.lines)
        return self

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


def http(port: int, method: str, target: bytes | str, body: bytes | None = None,
         headers: dict[str, str] | None = None, source: str | None = None,
         stream: bool = False) -> tuple[int, dict[str, str], bytes, socket.socket | None]:
    """One request with exactly these bytes as its target (no client-side quoting): the
    status, headers, body; a stream's socket is left open (``stream``) after its head."""
    target = target.encode("latin-1") if isinstance(target, str) else target
    sock = socket.create_connection(("127.0.0.1", port), timeout=20,
                                    source_address=(source, 0) if source else None)
    head = [f"Host: 127.0.0.1:{port}", *(f"{k}: {v}" for k, v in (headers or {}).items())]
    if body is not None:
        head.append(f"Content-Length: {len(body)}")
    if not stream:
        head.append("Connection: close")
    sock.sendall(method.encode() + b" " + target + b" HTTP/1.1\r\n"
                 + "".join(h + "\r\n" for h in head).encode("latin-1") + b"\r\n"
                 + (body or b""))
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    top, _, rest = data.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    heads = {k.lower(): v.strip() for k, _, v in (h.partition(":") for h in lines[1:])}
    if stream and status == 200:
        return status, heads, rest, sock
    length = int(heads.get("content-length", "-1"))
    while (length < 0 or len(rest) < length) and (chunk := sock.recv(65536)):
        rest += chunk
    sock.close()
    return status, heads, rest, None


def director_cookie(port: int) -> str:
    status, heads, _body, _ = http(port, "GET", f"/director/{TOKEN}")
    assert status == 303, status
    return heads["set-cookie"].split(";", 1)[0]


def post(port: int, path: str, body: Any, cookie: str) -> tuple[int, Any]:
    status, _heads, data, _ = http(port, "POST", path, json.dumps(body).encode(), {
        "Content-Type": "application/json", "Cookie": cookie})
    return status, json.loads(data) if data.startswith(b"{") else data


# ---- the bad input, at every endpoint ---------------------------------------------------------

SEGMENTS = [b"%C3%A9", b"%00", b"%FF", b"%ED%A0%80", b"%C0%AF", b"..%2F..%2Fetc%2Fpasswd",
            b"a" * 3000, b"\xff\xfe", b"%2e%2e", b"%E2%80%AE", b"%F0%9F%98%80", b"%0d%0aX:y",
            b"t1", b"bad-seat", b"nan", b"%25", b"%", b"%zz", b"\xc3\xa9", b"CON", b"\t"]
GETS = ["/board/{}", "/api/club/boards/{}", "/api/club/geometry/{}/standard",
        "/api/club/geometry/abalone/{}", "/events/board/{}", "/i18n/{}.js", "/director/{}",
        "/ui/{}", "/static/{}", "/{}"]
PLAIN_GETS = ["/", "/api/club/boards", "/api/club/qr", "/api/club/event", "/director",
              "/api/club/standings.csv", "/api/club/games.csv", "/api/director", "/events"]
POSTS = ["/api/lang", "/api/director/event", "/api/director/pair", "/api/director/resend",
         "/api/director/result"]
BODIES = [b"", b"nonsense", b"[]", b"null", b"1e999", b"NaN", b'{"lang": "\\u0000"}',
          b'{"lang": 5}', b'{"name": "x"}', b"[" * 5000, b'{"pairing": "e1-r1-t1", '
          b'"result": "1-0"}', b'{"name": "Tue", "game": "abalone", "system": "swiss", '
          b'"rounds": 1e999, "players": ["Ann", "Bob"]}', b'{"name": "T", "game": "abalone", '
          b'"system": "swiss", "rounds": 1, "players": ["A", "B"], "boards": [5, null]}',
          b'{"name": "T", "game": "abalone", "system": "swiss", "rounds": 1, '
          b'"players": ["A\\u0000", "B"]}', "\u00e9".encode("latin-1"), b"\xff\xfe",
          b'{"a": "' + b"x" * 20_000 + b'"}']
HEADERS = [{}, {"Accept-Language": "\x00;q=x,,,*;q=NaN"}, {"Accept": "text/html"},
           {"Cookie": "boardlight-club=garbage.garbage.garbage"},
           {"Content-Type": "application/json; charset=latin-1"},
           {"Content-Type": "application/json", "Origin": "null"}]

# What careless and hostile boards sent, on the broker (the issue's, and more).
BAD_BOARDS = {
    "bad-seat": {"seats": ["", " "]},
    "nan": None,                       # a raw NaN
    "clock": {"clocks": "x"},
    "winners": {"outcome": {"winners": 5, "termination": "resigned"}},
    "names": {"names": {"b": "\x00\x07"}},
}


def test_no_bad_input_at_any_club_endpoint_gets_a_5xx(tmp_path, capsys):
    from tests.club.test_payloads import state as good_state
    with broker(tmp_path / "broker") as mosq:
        club = ClubProcess(f"mqtt://127.0.0.1:{mosq.port}", tmp_path / "club").start()
        board = Connection(mosq.url, "careless").start()
        try:
            assert board.wait_connected(10)
            for name, change in BAD_BOARDS.items():
                payload = topics.encode(good_state(name, ply=12345)).replace(
                    b"12345", b"NaN") if change is None else topics.encode(
                    good_state(name, **change))
                board.publish(topics.board_topic("tuesday", name, "presence"), topics.encode(
                    topics.presence_payload(name, True, 1.8e9, "boardlight")))
                board.publish(topics.board_topic("tuesday", name, "state"), payload)
            board.publish(topics.board_topic("tuesday", "t1", "state"),
                          topics.encode(good_state("t1")))
            until(lambda: http(club.port, "GET", "/api/club/boards/t1")[0] == 200, "t1")
            cookie = director_cookie(club.port)
            answers: list[tuple[int, str]] = []

            def ask(method: str, target: bytes, body: bytes | None = None,
                    headers: dict[str, str] | None = None) -> None:
                stream = target.startswith(b"/events") and method == "GET"
                status, _h, _b, sock = http(club.port, method, target, body, headers,
                                            stream=stream)
                if sock is not None:
                    sock.close()
                answers.append((status, f"{method} {target[:60]!r} {(body or b'')[:40]!r} "
                                        f"{headers}"))

            for path in GETS:
                for segment in SEGMENTS:
                    ask("GET", path.encode().replace(b"{}", segment))
            for byte in range(256):   # the director's link, with every byte
                ask("GET", b"/director/%" + f"{byte:02X}".encode())
                ask("GET", b"/director/x" + bytes([byte]) if byte > 32 and byte != 127
                    else b"/director/x%" + f"{byte:02X}".encode())
            for path in PLAIN_GETS:
                for query in (b"", b"?lang=%00", b"?lang=%C3%A9", b"?lang=de&lang=fr",
                              b"?" + b"x" * 4000, b"?lang=" + b"%FF" * 50):
                    for headers in HEADERS:
                        ask("GET", path.encode() + query, None,
                            {**headers, **({"Cookie": cookie} if "director" in path
                                           and "Cookie" not in headers else {})})
            for path in POSTS:
                for body in BODIES:
                    for headers in HEADERS:
                        with_cookie = {"Content-Type": "application/json", "Cookie": cookie,
                                       **headers}
                        ask("POST", path.encode(), body, with_cookie)
            for method in ("PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "FOO"):
                ask(method, b"/api/director/event", b"{}", {"Cookie": cookie})
            failures = [what for status, what in answers if status >= 500]
            with capsys.disabled():
                print(f"\nclub endpoints, bad input: {len(failures)} 5xx of {len(answers)} "
                      "requests")
            assert not failures, failures[:10]
            assert "Traceback" not in "\n".join(club.lines), "\n".join(club.lines)[-3000:]
            for name in BAD_BOARDS:
                assert any(f"{name} state" in line or f"/{name}/state" in line
                           for line in club.lines), f"nothing said about {name}"
        finally:
            board.stop()
            club.stop()


def test_the_directors_link_with_any_bytes_answers_404(tmp_path):
    """A wrong token, whatever its bytes, is no page; bytes that are no URI at all (raw
    UTF-8 on the request line) are refused by the HTTP server itself, with 400."""
    with broker(tmp_path / "broker") as mosq:
        club = ClubProcess(f"mqtt://127.0.0.1:{mosq.port}", None).start()
        try:
            for target in (b"/director/%C3%A9", b"/director/%ED%A0%80", b"/director/%00",
                           b"/director/%F0%9F%98%80" * 20,
                           b"/director/" + TOKEN.encode() + b"%C3%A9"):
                status, _h, body, _ = http(club.port, "GET", target)
                assert status == 404, (target, status, body[:200])
            for byte in range(256):
                status, _h, body, _ = http(club.port, "GET", f"/director/%{byte:02X}")
                assert status == 404, (byte, status, body[:200])
            for target in (b"/director/\xc3\xa9", b"/director/\xff"):
                assert http(club.port, "GET", target)[0] == 400
            assert http(club.port, "GET", f"/director/{TOKEN}")[0] == 303
        finally:
            club.stop()


# ---- an event's name -------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Club\x00night", "Club\x07night", "Club\x1b[31mnight",
                                  "Club\u202enight", "Club\u200bnight", "\x7fClub",
                                  "Club\u0085night"])
def test_an_events_name_with_a_control_character_is_refused(tmp_path, name):
    with broker(tmp_path / "broker") as mosq:
        club = ClubProcess(f"mqtt://127.0.0.1:{mosq.port}", tmp_path / "club").start()
        try:
            cookie = director_cookie(club.port)
            status, answer = post(club.port, "/api/director/event", {
                "name": name, "game": "abalone", "system": "swiss", "rounds": 1,
                "players": ["Ann", "Bob"], "boards": ["t1"]}, cookie)
            assert status == 400, (status, answer)
            assert "printable" in answer["error"] or "control" in answer["error"]
            assert not (tmp_path / "club" / "event.json").exists()
            event = json.loads(http(club.port, "GET", "/api/club/event")[2])
            assert event["event"] is None
        finally:
            club.stop()


# ---- live pages: one client cannot take them all ------------------------------------------------

def test_one_client_cannot_take_every_live_page_from_the_rooms_screen(tmp_path):
    with broker(tmp_path / "broker") as mosq:
        club = ClubProcess(f"mqtt://127.0.0.1:{mosq.port}", None).start()
        held: list[socket.socket] = []
        try:
            # 240 unread streams from one address of the network (127.0.0.2: not this
            # machine's own 127.0.0.1).
            statuses = []
            for _ in range(240):
                status, _h, _b, sock = http(club.port, "GET", "/events", source="127.0.0.2",
                                            stream=True)
                statuses.append(status)
                if sock is not None:
                    held.append(sock)
            assert statuses.count(200) == 12 and statuses.count(429) == 228, set(statuses)
            # Many addresses together take at most the streams beyond the screen's share.
            for k in range(3, 40):
                for _ in range(8):
                    status, _h, _b, sock = http(club.port, "GET", "/events",
                                                source=f"127.0.0.{k}", stream=True)
                    if sock is not None:
                        held.append(sock)
            assert len(held) == 240 - 24, len(held)
            # The big screen (this machine) still gets its page, and so does the director.
            status, _h, _b, sock = http(club.port, "GET", "/events", stream=True)
            assert status == 200
            held.append(sock)  # type: ignore[arg-type]
            cookie = director_cookie(club.port)
            status, _h, _b, sock = http(club.port, "GET", "/events", source="127.0.0.2",
                                        headers={"Cookie": cookie}, stream=True)
            assert status == 200
            held.append(sock)  # type: ignore[arg-type]
            # A spectator beyond the share is told, in words.
            status, _h, body, _ = http(club.port, "GET", "/events", source="127.0.0.99")
            assert status == 503 and b"too many pages" in body
        finally:
            for sock in held:
                sock.close()
            club.stop()


# ---- the exports after a kill -9 ------------------------------------------------------------

PLAYERS = ['=HYPERLINK("http://evil.example","x")', "+1+cmd|' /C calc'!A0", "@SUM(1)"]


def test_the_exports_keep_the_moves_across_a_kill_and_run_no_formula(tmp_path):
    with broker(tmp_path / "broker", shipped=True) as mosq:
        url = f"mqtt://director:{USERS['director']}@127.0.0.1:{mosq.port}"
        data = tmp_path / "club"
        club = ClubProcess(url, data).start()
        pace = PlayersPace()
        service, publisher = club_board(tmp_path, login(mosq.url, "t1"), "t1", clock=pace)
        try:
            until(lambda: b'"t1"' in http(club.port, "GET", "/api/club/boards")[2], "t1")
            cookie = director_cookie(club.port)
            status, answer = post(club.port, "/api/director/event", {
                "name": "-Tuesday", "game": "abalone", "system": "swiss", "rounds": 1,
                "players": PLAYERS, "boards": ["t1"]}, cookie)
            assert status == 200, answer
            assert post(club.port, "/api/director/pair", {}, cookie)[0] == 200
            until(lambda: publisher.pairing is not None, "t1's pairing")
            publisher.start_pairing(publisher.pairing["id"])
            moves = play_random(service, 4, random.Random(5), pace)
            resign(service)

            def games() -> list[dict[str, str]]:
                text = http(club.port, "GET", "/api/club/games.csv")[2].decode()
                return [r for r in csv.DictReader(io.StringIO(text)) if r["board"] == "t1"]

            until(lambda: games() and games()[0]["result"] == "1-0", "the result")
            before = games()[0]["moves"]
            assert before.split()[:4] == moves
            club.kill()                                     # kill -9
            club = ClubProcess(url, data, club.port).start()
            after = games()
            assert after[0]["moves"] == before, (before, after)
            assert after[0]["result"] == "1-0"
            for path in ("/api/club/games.csv", "/api/club/standings.csv"):
                text = http(club.port, "GET", path)[2].decode()
                cells = [c for row in csv.reader(io.StringIO(text)) for c in row]
                runs = [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
                assert not runs, (path, runs)
                for player in PLAYERS:
                    if player in text:
                        assert "'" + player in text, (path, player)
            # A move text a board sent beginning with '=' is text too.
            ev = tournament.create_event("Tue", "abalone", None, "swiss", 1, ["Ann", "Bob"], ["t1"])
            ev = tournament.pair_next_round(ev)
            rows = list(csv.reader(io.StringIO(tournament.games_csv(
                ev, {ev.pairings[0].id: [("=1+1", "@cmd")]}))))
            assert rows[1][-2:] == ["'=1+1", "'@cmd"]
        finally:
            publisher.stop()
            service.stop()
            club.stop()
