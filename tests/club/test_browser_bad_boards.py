"""One bad board never hides the others on the room's page (Chromium, headless): boards that
sent what does not fit (a seat named "", a clock "x", winners that are a number) on a real
Mosquitto, among good ones; and the page itself drawing each board on its own, its tile saying
when it cannot be shown, or when the board's connection keeps dropping."""

from __future__ import annotations

import contextlib
import json
import os
from typing import Any

import pytest

from club import topics
from club.director import Director
from club.mqtt import Connection
from club.server import ClubServer
from club.web import ClubState, create_club_app
from tests.club.support import Watch, broker
from tests.club.test_payloads import state
from tests.web_ui.browser import ARTIFACTS, TV, launch
from web_ui.server import WebServer

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    bool(os.environ.get("BOARDLIGHT_SKIP_BROWSER")), reason="BOARDLIGHT_SKIP_BROWSER is set")]

GOOD = {"a-good": {"b": "Ann", "w": "Bob"}, "c-good": {"b": "Cat", "w": "Dan"},
        "f-good": {"b": "Eve", "w": "Fay"}}
BAD = {"b-clock": {"clocks": "x"},
       "d-winners": {"outcome": {"winners": 5, "termination": "resigned"}},
       "e-seat": {"seats": ["", " "]}}


@pytest.fixture
def room(tmp_path):
    with broker(tmp_path / "broker") as mosq:
        server = ClubServer(mosq.url, "tuesday").start()
        watch = Watch(server)
        app = create_club_app(server, Director(server), {"DIRECTOR_TOKEN": "tok"})
        web = WebServer(app, "127.0.0.1", 0).start()
        board = Connection(mosq.url, "careless").start()
        try:
            assert server.wait_following(10) and board.wait_connected(10)
            for name in sorted({**GOOD, **BAD}):
                board.publish(topics.board_topic("tuesday", name, "presence"), topics.encode(
                    topics.presence_payload(name, True, 1.8e9, "boardlight")))
                change: dict[str, Any] = BAD.get(name) or {"names": GOOD[name]}
                board.publish(topics.board_topic("tuesday", name, "state"),
                              topics.encode(state(name, **change)))
            watch.until(lambda: len(server.board_names()) == 6 and server.entry(
                "f-good").state, what="six boards")
            yield app, f"http://127.0.0.1:{web.port}"
        finally:
            board.stop()
            web.stop()
            server.stop()


def test_boards_that_sent_what_does_not_fit_never_hide_the_others(room):
    _app, base = room
    with contextlib.contextmanager(launch)() as chromium:
        page = chromium.new_context(**TV).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + "/")
        page.locator(".board-tile").nth(5).wait_for()
        page.locator("#boards", has_text="Eve").wait_for(timeout=10_000)
        text = page.inner_text("#boards")
        for names in GOOD.values():
            for name in names.values():
                assert name in text, (name, text)
        assert errors == []


def test_the_page_draws_each_board_on_its_own(room):
    """The page's own guard: a board whose message throws in the page script (fed to the
    page as the stream says it) gets a tile saying it cannot be shown; the others are drawn;
    a board whose connection keeps dropping says so on its tile."""
    app, base = room
    club: ClubState = app.extensions["club"]
    good = json.loads(club.board_json("a-good") or "null")
    boards = [good,
              {**good, "name": "b-clock", "clocks": "x"},
              {**json.loads(club.board_json("c-good") or "null")},
              {**good, "name": "d-winners", "result": {"winners": 5, "draw": False}},
              {**good, "name": "e-drawing", "drawing": {"layout": 7, "view": "x"}},
              {**json.loads(club.board_json("f-good") or "null"), "unsteady": True,
               "drops": 4}]
    body = ("retry: 2000\n\nevent: room\ndata: "
            + json.dumps({"boards": boards, "event": None}) + "\n\n")
    with contextlib.contextmanager(launch)() as chromium:
        page = chromium.new_context(**TV).new_page()
        page.route("**/events?*", lambda route: route.fulfill(
            status=200, headers={"Content-Type": "text/event-stream"}, body=body))
        page.goto(base + "/")
        page.locator(".board-tile").nth(5).wait_for()
        page.locator("#boards", has_text="Eve").wait_for(timeout=10_000)
        tiles = {page.locator(".board-tile").nth(k).locator("b").first.inner_text():
                 page.locator(".board-tile").nth(k).inner_text() for k in range(6)}
        assert "Ann" in tiles["a-good"] and "Cat" in tiles["c-good"], tiles
        assert "Eve" in tiles["f-good"]
        for broken in ("b-clock", "d-winners"):
            assert "cannot be shown" in tiles[broken], tiles[broken]
        assert "Connection unsteady: lost 4 times" in tiles["f-good"], tiles["f-good"]
        assert "boards, " in page.inner_text("#room-count")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "club-room-bad-boards.png"))
