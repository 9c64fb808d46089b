"""A board publishes its state, events and presence; the club server follows it."""

from __future__ import annotations

import random

from club.server import ClubServer
from tests.club.support import Watch, broker, club_board, eventlog_units, play_random

Unit = tuple[int, str, int, str | None]


def record_units(server: ClubServer, board: str, game_id: int) -> list[Unit]:
    record = server.records[(board, game_id)]
    return [(s, e["kind"], e["ply"], e["move"]) for s, e in sorted(record.events.items())
            if e["kind"] != "result"]


def test_a_board_is_followed_live_by_the_club_server(tmp_path):
    with broker(tmp_path / "broker") as mosq:
        server = ClubServer(mosq.url, "tuesday").start()
        watch = Watch(server)
        service, publisher = club_board(tmp_path, mosq.url, "table-1")
        try:
            service.set_names({"b": "Ann", "w": "Bob"})
            watch.until(lambda: (s := server.summary("table-1")) and s["online"] and s["seats"]
                        and s["seats"][0]["name"] == "Ann", what="the board online, named")
            moves = play_random(service, 4, random.Random(1))
            summary = watch.until(lambda: (s := server.summary("table-1")) and s["ply"] == 4
                                  and s, what="ply 4")
            assert summary["game"] == "abalone" and summary["last_move"] == moves[-1]
            assert summary["seats"] == [{"seat": "b", "label": "Black", "name": "Ann"},
                                        {"seat": "w", "label": "White", "name": "Bob"}]
            game_id = service.game_id
            watch.until(lambda: (r := server.records.get(("table-1", game_id))) and
                        len(r.events) == 4, what="4 events")
            assert record_units(server, "table-1", game_id) == eventlog_units(service, game_id)
            assert [m["move"] for m in server.records[("table-1", game_id)].moves()] == moves
        finally:
            publisher.stop()
            service.stop()
        watch.until(lambda: not server.summary("table-1")["online"], what="offline")
        server.stop()
