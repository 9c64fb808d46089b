"""The simulated board's hand and the places beside the board no sensor reads (a tray, a
reserve, a taken area): a piece lifted off the board goes there only when a move the board
may be making takes it off; otherwise the hand keeps it and the refusal says why and where it
goes back (issue 28: a DRHOMBIX piece that was not free vanished into a taken area while the
table still said it was in the hand)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from controller.session.session import SessionConfig
from tests.web_ui.support import Browser, serving, wait_until

SESSION = SessionConfig(settle=0.6, settle_min=0.4)
# Abalone, Black to move: D6-D7 pushes White's marble on D8 off the board into White's tray.
PUSH_OFF = "b.bb..b.bbb.wb..b.....bbbw.wbw.b.....w..w.w.......wwww.w.w..w b 0 0"


@pytest.fixture
def start() -> Iterator[Any]:
    services: list[Service] = []

    def run(game: str, variant: str | None = None, position: str | None = None) -> Service:
        service = Service(ServiceOptions(game=game, variant=variant, position=position,
                                         session=SESSION)).start()
        services.append(service)
        wait_until(service.table, lambda s: s["status"] == "playing")
        return service

    yield run
    for service in services:
        service.stop()


def test_a_piece_that_is_not_free_stays_in_the_hand_and_is_said_why(start):
    service = start("drhombix", "ant-triangle")
    with serving(service) as (_app, base):
        hand = Browser(base)
        assert hand.post("/api/sim/lift", {"position": "0d1"})[0] == 200
        status, body = hand.post("/api/sim/place", {"position": "taken-first"})
        assert status == 409
        assert body["error"] == (
            "The piece from d1 on level 1 does not go to the pieces First player took (the "
            "piece at d1 on level 1 is not free: it carries the piece at c1 on level 2). Put "
            "it back on d1 on level 1.")
        # Said in the asker's language, the game's reason with it.
        status, body = hand.request("POST", "/api/sim/place", {"position": "taken-first"},
                                    headers={"Accept-Language": "de"})
        assert status == 409 and "nicht frei" in body["error"] and "d1 auf Lage 1" in body[
            "error"]
        # The hand still holds it, the taken area is as it was: what the page's "in hand"
        # and the session say agree.
        status, sim = hand.get("/api/sim")
        assert sim["lifted"] == ["o"] and "taken-first" not in sim["layout"]
        assert hand.post("/api/sim/place", {"position": "0d1"})[0] == 200
        assert hand.get("/api/sim")[1]["lifted"] == []
        # A piece a move takes off goes there, at once or once the move is taken.
        assert hand.post("/api/sim/lift", {"position": "3a1"})[0] == 200
        assert hand.post("/api/sim/place", {"position": "taken-first"})[0] == 200
        wait_until(service.table, lambda s: s["ply"] == 1)
        assert service.table.public()["moves"][-1]["move"] == "x3a1"


def test_pieces_a_move_on_its_way_takes_off_go_beside_the_board(start):
    # Abalone: the marble a push will send off, lifted first, goes into its tray before the
    # pushing marbles move (pieces are moved in any order).
    service = start("abalone", position=PUSH_OFF)
    with serving(service) as (_app, base):
        hand = Browser(base)
        assert hand.post("/api/sim/lift", {"position": "D8"})[0] == 200
        assert hand.post("/api/sim/place", {"position": "tray-w"})[0] == 200
        assert hand.post("/api/sim/lift", {"position": "D6"})[0] == 200
        assert hand.post("/api/sim/place", {"position": "D8"})[0] == 200
        wait_until(service.table, lambda s: s["ply"] == 1)
        assert service.table.public()["moves"][-1]["move"] == "D6D7"


def test_a_move_taken_back_by_hand_puts_its_piece_back_in_the_reserve(start):
    service = start("drhombix", "cuckoo-square")
    with serving(service) as (_app, base):
        hand = Browser(base)
        hand.post("/api/sim/lift", {"position": "reserve-w"})
        hand.post("/api/sim/place", {"position": "0a1"})
        wait_until(service.table, lambda s: s["ply"] == 1)
        # White's piece back into White's reserve: the board as before the move.
        assert hand.post("/api/sim/lift", {"position": "0a1"})[0] == 200
        assert hand.post("/api/sim/place", {"position": "reserve-w"})[0] == 200
        assert hand.get("/api/sim")[1]["lifted"] == []
