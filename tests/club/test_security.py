"""The shipped broker set-up (deploy/mosquitto): each board its own user; a board publishes
only under its own name and reads only its own commands; only the director sends pairings.
And a league: a venue's broker bridged to a central one."""

from __future__ import annotations

import random
import threading
from pathlib import Path

from club import topics
from club.mqtt import Connection
from club.server import ClubServer
from tests.club.support import (
    DEPLOY,
    PlayersPace,
    Spy,
    Watch,
    broker,
    club_board,
    free_port,
    login,
    password_file,
    play_random,
)


def secured(tmp: Path) -> str:
    """The shipped ACL and a password file made with mosquitto_passwd, as docs/club.md says."""
    return (f"allow_anonymous false\npassword_file {password_file(tmp)}\n"
            f"acl_file {DEPLOY / 'boardlight.acl'}\n")


def test_a_board_cannot_publish_under_another_boards_name(tmp_path):
    with broker(tmp_path / "broker", secured(tmp_path)) as mosq:
        server = ClubServer(login(mosq.url, "director"), "tuesday").start()
        watch = Watch(server)
        assert server.wait_following(10), server.conn.last_error
        forger = Connection(login(mosq.url, "t1"), "forger").start()
        try:
            assert forger.wait_connected(10), forger.last_error
            fake = topics.encode(topics.presence_payload("t2", True, 1.0, "x"))
            forger.publish(topics.board_topic("tuesday", "t2", "presence"), fake)
            forger.publish(topics.command_topic("tuesday", "t2", "pairing"), b"{}")
            # Its own presence goes after the forgeries, on the same connection: once it is
            # in, the forgeries would have been in too, had the broker let them through.
            forger.publish(topics.board_topic("tuesday", "t1", "presence"), topics.encode(
                topics.presence_payload("t1", True, 1.0, "x")))
            watch.until(lambda: server.entry("t1") is not None, what="t1's own presence")
            assert server.entry("t2") is None
            assert server.counts["taken"] == 1 and server.counts["refused"] == 0
        finally:
            forger.stop()
            server.stop()


def test_no_anonymous_client_and_no_wrong_password_gets_in(tmp_path):
    with broker(tmp_path / "broker", secured(tmp_path)) as mosq:
        for url in (mosq.url, mosq.url.with_user("t1", "wrong")):
            conn = Connection(url, f"c{free_port()}").start()
            try:
                assert not conn.wait_connected(1.5)
                assert "refused" in conn.last_error
            finally:
                conn.stop()


def test_only_the_director_sends_pairings_and_a_board_reads_only_its_own(tmp_path):
    with broker(tmp_path / "broker", secured(tmp_path)) as mosq:
        pace = PlayersPace()
        service, publisher = club_board(tmp_path, login(mosq.url, "t1"), "t1", clock=pace)
        received = threading.Event()
        publisher.pairing_listeners.append(received.set)
        other = Connection(login(mosq.url, "t2"), "t2-pretending").start()
        server = ClubServer(login(mosq.url, "director"), "tuesday").start()
        try:
            assert other.wait_connected(10) and server.wait_following(10)
            assert publisher.conn.wait_connected(10), publisher.conn.last_error
            pairing = {"v": 1, "board": "t1", "id": "x-r1-t1", "event": "Fake", "round": 1,
                       "table": 1, "game": "abalone", "variant": "standard",
                       "names": {"b": "Mallory", "w": "Eve"}}
            other.publish(topics.command_topic("tuesday", "t1", "pairing"),
                          topics.encode(pairing), retain=True)
            real = {**pairing, "id": "e1-r1-t1", "event": "Tuesday",
                    "names": {"b": "Ann", "w": "Bob"}}
            assert server.send_pairing("t1", real)
            assert received.wait(10)
            assert publisher.pairing is not None and publisher.pairing["id"] == "e1-r1-t1"
            publisher.start_pairing("e1-r1-t1")
            assert service.names() == {"b": "Ann", "w": "Bob"}
            play_random(service, 1, random.Random(1), pace)
            assert publisher.wait_idle(10)
        finally:
            other.stop()
            server.stop()
            publisher.stop()
            service.stop()


def test_a_board_at_venue_a_is_seen_on_the_club_page_of_venue_b(tmp_path):
    """A league: venue A's broker bridges the boards' topics to the central broker B."""
    with broker(tmp_path / "central") as central:
        bridge = (f"connection central\naddress 127.0.0.1:{central.port}\n"
                  "topic boardlight/v1/+/boards/# out 1\ntopic boardlight/v1/+/cmd/# in 1\n"
                  "cleansession false\nrestart_timeout 1 2\n")
        with broker(tmp_path / "venue-a", bridge) as venue_a:
            server_b = ClubServer(central.url, "league").start()
            watch = Watch(server_b)
            assert server_b.wait_following(10)
            pace = PlayersPace()
            service, publisher = club_board(tmp_path, venue_a.url, "north-1", club="league",
                                            clock=pace)
            spy_a = Spy(venue_a.url)
            try:
                moves = play_random(service, 2, random.Random(2), pace)
                summary = watch.until(lambda: (s := server_b.summary("north-1")) and
                                      s["ply"] == 2 and s["online"] and s,
                                      what="venue A's board on venue B's server")
                assert summary["last_move"] == moves[-1]
                game_id = service.game_id
                watch.until(lambda: len(server_b.records[("north-1", game_id)].events) == 2,
                            what="its events")
                # The central director's pairing reaches the board at venue A.
                pairing = {"v": 1, "board": "north-1", "id": "e1-r1-t1", "event": "League",
                           "round": 1, "table": 1, "game": "abalone", "variant": "standard",
                           "names": {"b": "Ann", "w": "Bob"}}
                server_b.send_pairing("north-1", pairing)
                spy_a.until(lambda ms: any(t.endswith("cmd/north-1/pairing") for t, _ in ms))
            finally:
                spy_a.stop()
                publisher.stop()
                service.stop()
                server_b.stop()
