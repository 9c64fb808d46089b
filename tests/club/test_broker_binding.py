"""The shipped broker config (deploy/mosquitto/boardlight.conf, as shipped) against a board that
logs in with its own password but another client's id: each user is bound to its client id, so
nobody kicks a board or the club server off; two boards logged in as one user (they kick each
other) are said on the room's page; and no message bigger than a board's state passes."""

from __future__ import annotations

import time

from club import topics
from club.director import Director
from club.mqtt import Connection
from club.server import ClubServer
from club.web import create_club_app
from controller.session.actions import ResignAction
from controller.session.events import PhoneAction
from tests.club.support import Watch, broker, club_board, login
from tests.support.waiting import wait_until

# The ids a board could guess: the boards' and the club server's as they were before the
# binding, and the user names they connect with now.
STOLEN = ("boardlight-tuesday-t1", "boardlight-club-tuesday", "t1", "director")


def test_no_board_takes_another_clients_id_under_the_shipped_config(tmp_path):
    with broker(tmp_path / "broker", shipped=True) as mosq:
        server = ClubServer(login(mosq.url, "director"), "tuesday", reconnect=(1, 1)).start()
        watch = Watch(server)
        director = Director(server)
        service, publisher = club_board(tmp_path, login(mosq.url, "t1"), "t1")
        try:
            assert server.wait_following(10), server.conn.last_error
            watch.until(lambda: (s := server.summary("t1")) and s["online"], what="t1 online")
            director.create(name="Tuesday", game="abalone", variant=None, system="swiss",
                            rounds=1, players=["Ann", "Bob"], boards=["t1"])
            [pairing] = director.pair_next_round()
            wait_until_true(lambda: publisher.pairing is not None, "t1's pairing")
            publisher.start_pairing(pairing.id)
            # Board t2, with its own password, connects again and again as the others' ids.
            for _round in range(3):
                for stolen in STOLEN:
                    thief = Connection(login(mosq.url, "t2"), stolen, reconnect=(1, 1)).start()
                    assert thief.wait_connected(10), thief.last_error
                    thief.stop()
            wait_until(service.table, lambda s: s["status"] == "playing")
            service.runner.post(PhoneAction(service.clock(), "w", ResignAction()))
            watch.until(lambda: director.event is not None and director.event.round_done(1),
                        what="the result, at the director")
            assert director.event.result(pairing.id).score == "1-0"
            # Nobody was kicked: one connection each, the board never offline.
            assert publisher.conn.connects == 1, f"t1 connected {publisher.conn.connects} times"
            assert server.conn.connects == 1, f"the club connected {server.conn.connects} times"
            assert server.summary("t1")["drops"] == 0 and server.summary("t1")["online"]
            assert "already connected, closing old connection" not in mosq.log()
            # Each connects with its user name as its id: the broker's binding holds it.
            assert (publisher.conn.client_id, server.conn.client_id) == ("t1", "director")
        finally:
            publisher.stop()
            service.stop()
            server.stop()


def wait_until_true(check, what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_two_boards_logged_in_as_one_user_are_said_unsteady_on_the_room_page(tmp_path):
    """A reconnect storm is never silent: the board's tile says its connection is unsteady."""
    with broker(tmp_path / "broker", shipped=True) as mosq:
        server = ClubServer(login(mosq.url, "director"), "tuesday", reconnect=(1, 1)).start()
        watch = Watch(server)
        app = create_club_app(server, Director(server), {"DIRECTOR_TOKEN": "tok"})
        first = club_board(tmp_path, login(mosq.url, "t1"), "t1", db=str(tmp_path / "a.db"))
        twin = None
        try:
            watch.until(lambda: (s := server.summary("t1")) and s["online"], what="t1 online")
            assert not server.summary("t1")["unsteady"]
            # A second Pi set up with the same board name and password: each connect of one
            # kicks the other off.
            twin = club_board(tmp_path, login(mosq.url, "t1"), "t1", db=str(tmp_path / "b.db"))
            watch.until(lambda: server.summary("t1")["unsteady"], timeout=30,
                        what="t1 said unsteady")
            [board] = app.test_client().get("/api/club/boards").get_json()
            assert board["unsteady"] is True and board["drops"] >= 3
            room = app.test_client().get("/api/club/boards/t1").get_json()
            assert room["unsteady"] is True
        finally:
            for service, publisher in (first, *([twin] if twin else [])):
                publisher.stop()
                service.stop()
            server.stop()


def test_the_shipped_broker_drops_a_message_bigger_than_a_boards_state(tmp_path):
    with broker(tmp_path / "broker", shipped=True) as mosq:
        server = ClubServer(login(mosq.url, "director"), "tuesday").start()
        watch = Watch(server)
        board = Connection(login(mosq.url, "t1"), "t1").start()
        try:
            assert server.wait_following(10) and board.wait_connected(10)
            big = topics.event_payload("t1", 1, 1, "move", 1, "b", "x" * 200_000, 1.8e9,
                                       "abalone", "standard")
            board.publish(topics.board_topic("tuesday", "t1", "events"), topics.encode(big))
            board.publish(topics.board_topic("tuesday", "t1", "presence"), topics.encode(
                topics.presence_payload("t1", True, 1.8e9, "boardlight")))
            watch.until(lambda: server.entry("t1") is not None, what="t1's presence")
            # The broker dropped the big one: the club server never spent a byte on it.
            assert server.counts["taken"] == 1 and server.counts["refused"] == 0
            assert not server.records
        finally:
            board.stop()
            server.stop()
