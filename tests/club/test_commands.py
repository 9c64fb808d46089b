"""The commands as people run them: 'boardlight serve --club', 'boardlight club', the
[club] settings, 'boardlight bench club'; and bad input of every kind refused with words."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from boardlight.bench.club import club_bench
from boardlight.config import ConfigError, parse_settings
from club.mqtt import BrokerURLError, parse_broker_url
from club.server import ClubServer
from tests.club.support import Watch, broker, club_board, free_port

BOARDLIGHT = [sys.executable, "-m", "boardlight"]


@pytest.mark.parametrize("text, fix", [
    ("", "empty"), ("http://x:1", "must start with mqtt://"), ("mqtt://", "has no host"),
    ("mqtt://host:99999", "Port out of range"), ("mqtt://host:1/path", "nothing after"),
])
def test_a_bad_broker_address_says_what_is_wrong(text, fix):
    with pytest.raises(BrokerURLError, match=fix):
        parse_broker_url(text)


def test_broker_addresses_with_users_and_tls():
    url = parse_broker_url("mqtts://table-1:p%40ss@club.local")
    assert (url.host, url.port, url.tls, url.username, url.password) == \
        ("club.local", 8883, True, "table-1", "p@ss")
    assert str(url) == "mqtts://table-1@club.local:8883"  # never the password


@pytest.mark.parametrize("club, words", [
    ({"broker": "mqtt://h:1"}, "'broker' needs 'board'"),
    ({"broker": "mqtt://h:1", "board": "a/b"}, "not usable"),
    ({"broker": "ftp://h", "board": "t1"}, "must start with mqtt://"),
    ({"brokr": "mqtt://h:1"}, "unknown key 'brokr'"),
])
def test_bad_club_settings_stop_the_start_with_words(club, words):
    with pytest.raises(ConfigError, match=words):
        parse_settings({"club": club}, "test.toml")


def test_club_settings_are_read():
    s = parse_settings({"club": {"broker": "mqtt://h:1", "board": "t1", "club": "tue"}}, "t")
    assert (s.club_broker, s.board_name, s.club_name) == ("mqtt://h:1", "t1", "tue")


def test_every_command_explains_itself():
    for command in (["club", "--help"], ["serve", "--help"], ["bench", "--help"]):
        out = subprocess.run(BOARDLIGHT + command, capture_output=True, text=True, timeout=60)
        assert out.returncode == 0
    assert "--board-name" in subprocess.run(BOARDLIGHT + ["serve", "--help"],
                                            capture_output=True, text=True).stdout
    bad = subprocess.run(BOARDLIGHT + ["serve", "--club", "mqtt://h:1", "--check"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--club needs --board-name" in bad.stderr


def test_serve_with_club_and_the_club_command_as_processes(tmp_path):
    with broker(tmp_path / "broker") as mosq:
        url = f"mqtt://127.0.0.1:{mosq.port}"
        port = free_port()
        club = subprocess.Popen(BOARDLIGHT + ["club", "--broker", url, "--club", "tue",
                                              "--host", "127.0.0.1", "--port", str(port),
                                              "--data", str(tmp_path / "club")],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        board = subprocess.Popen(BOARDLIGHT + ["serve", "--club", url, "--club-name", "tue",
                                               "--board-name", "table-9", "--host",
                                               "127.0.0.1", "--port", "0", "--db",
                                               str(tmp_path / "b.db")],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            printed = ""
            assert board.stdout is not None and club.stdout is not None
            while "Press Ctrl-C" not in printed:
                printed += board.stdout.readline()
            assert "Club: board 'table-9' of 'tue', publishing to mqtt://127.0.0.1" in printed
            printed = ""
            while "Connected to the broker" not in printed:
                line = club.stdout.readline()
                assert line, printed
                printed += line
            assert re.search(r"/director/\S+", printed)
            watcher = ClubServer(mosq.url, "tue", client_id="watcher").start()
            watch = Watch(watcher)
            watch.until(lambda: (s := watcher.summary("table-9")) and s["online"] and s["game"],
                        what="the served board, online")
            # The club process hears the board on its own connection: asked until it lists
            # it (the watcher above hearing it first says nothing of when the club does).
            boards: list = []
            deadline = time.monotonic() + 20
            while not boards and time.monotonic() < deadline:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/club/boards",
                                            timeout=10) as r:
                    boards = json.loads(r.read())
                time.sleep(0.1)
            names = [b["name"] for b in boards]
            assert names == ["table-9"], boards
            board.terminate()
            assert board.wait(30) == 0
            watch.until(lambda: not watcher.summary("table-9")["online"], what="offline")
            watcher.stop()
        finally:
            for proc in (board, club):
                if proc.poll() is None:
                    proc.terminate()
                    proc.wait(30)


def test_a_malformed_pairing_or_resend_never_troubles_a_board(tmp_path):
    with broker(tmp_path / "broker") as mosq:
        service, publisher = club_board(tmp_path, mosq.url, "t1")
        server = ClubServer(mosq.url, "tuesday").start()
        try:
            assert publisher.conn.wait_connected(10) and server.wait_following(10)
            seen: list[object] = []
            got = threading.Event()

            def noted() -> None:
                seen.append(publisher.pairing)
                got.set()

            publisher.pairing_listeners.append(noted)
            topic = "boardlight/v1/tuesday/cmd/t1/"
            for payload in (b"nonsense", b"{}", b'{"v":1,"board":"t2","id":"x"}',
                            b'{"v":1,"board":"t1","id":"x","event":"e","game":"abalone",'
                            b'"variant":"standard","round":1,"table":1,"names":{}}'):
                server.conn.publish(topic + "pairing", payload)
            server.conn.publish(topic + "resend", b'{"v":1}')
            server.conn.publish(topic + "resend", b'{"v":1,"game_id":0,"from":-1}')
            good = {"v": 1, "board": "t1", "id": "e1-r1-t1", "event": "e", "game": "abalone",
                    "variant": "standard", "round": 1, "table": 1,
                    "names": {"b": "Ann", "w": "Bob"}}
            server.send_pairing("t1", good)  # after the bad ones, on the same connection
            assert got.wait(10)
            assert seen == [good]            # the bad ones were dropped, and said nothing
            with pytest.raises(ValueError, match="another pairing"):
                publisher.start_pairing("x")
            assert publisher.connected and service.runner._thread is not None
        finally:
            server.stop()
            publisher.stop()
            service.stop()


def test_the_club_bench_measures_and_prints_figures():
    figures = club_bench(boards=2, pages=2, moves=1, per_process=1, interval=0.1,
                         progress=lambda _t: None)
    assert figures.missed == 0 and len(figures.latencies) == 2 * 2
    assert all(0 < x < 10 for x in figures.latencies)
    assert figures.rss_loaded > 10
    from boardlight.bench.club import lines
    text = "\n".join(lines(figures))
    assert "commit -> page: p50" in text and "VmRSS" in text


def test_the_shipped_config_files_exist():
    deploy = Path(__file__).resolve().parents[2] / "deploy" / "mosquitto"
    conf = (deploy / "boardlight.conf").read_text()
    assert "allow_anonymous false" in conf and "acl_file" in conf
    # Each listener binds its users to their client ids; no message beyond a state's size.
    listeners = conf.split("\nlistener ")[1:]
    assert listeners and all("use_username_as_clientid true" in x for x in listeners)
    from club.topics import MAX_PAYLOAD
    assert f"\nmessage_size_limit {MAX_PAYLOAD}\n" in conf
    assert "pattern write boardlight/v1/+/boards/%u/#" in (deploy / "boardlight.acl").read_text()


def test_the_flood_bench_prints_the_club_servers_memory():
    from boardlight.bench.club import flood_bench
    printed: list[str] = []
    floods = flood_bench(events=5, size=200 * 1024, progress=printed.append)
    assert [f.events for f in floods] == [5, 5] and floods[0].size > 200 * 1024
    assert all(f.rss_before > 10 and f.rss_after > 10 for f in floods)
    assert len(printed) == 2 and all("club server VmRSS" in line for line in printed)
