"""The club's pages in a real browser (Debian's Chromium, headless): the room on a big
screen, one board followed, the director pairing a round, and a board's host page showing
the pairing it received and starting it with one tap.  Screenshots in test-artifacts/."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from club.director import Director
from club.server import ClubServer
from club.web import create_club_app
from tests.club.support import PlayersPace, Watch, broker, club_board, play_random
from tests.web_ui.support import HOST_TOKEN, serving
from web_ui.server import WebServer

CHROMIUM = os.environ.get("BOARDLIGHT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    bool(os.environ.get("BOARDLIGHT_SKIP_BROWSER")), reason="BOARDLIGHT_SKIP_BROWSER is set")]


def test_the_room_a_followed_board_the_director_and_a_boards_pairing(tmp_path):
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"no chromium at {CHROMIUM}: 'sudo apt-get install chromium' (the test "
                    "command does it when it can), or set BOARDLIGHT_SKIP_BROWSER=1")
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with broker(tmp_path / "broker") as mosq:
        server = ClubServer(mosq.url, "tuesday").start()
        watch = Watch(server)
        director = Director(server)
        app = create_club_app(server, director, {"DIRECTOR_TOKEN": "dir-token"})
        web = WebServer(app, "127.0.0.1", 0).start()
        base = f"http://127.0.0.1:{web.port}"
        pace = PlayersPace()
        boards = [club_board(tmp_path, mosq.url, name, game=game, clock=pace, seed=2)
                  for name, game in (("table-1", "abalone"), ("table-2", "abalone"),
                                     ("table-3", "crosswise"))]
        errors: list[str] = []
        try:
            for (service, _), names in zip(boards, ({"b": "Ann", "w": "Bob"},
                                                    {"b": "Cat", "w": "Dan"}, {})):
                if names:
                    service.set_names(names)
            play_random(boards[0][0], 3, random.Random(1), pace)
            play_random(boards[2][0], 2, random.Random(2), pace)
            boards[1][1].stop()
            boards[1][0].stop()  # table-2 goes home: offline
            watch.until(lambda: len(server.board_names()) == 3
                        and server.summary("table-1")["ply"] == 3
                        and not server.summary("table-2")["online"], what="the room")
            with sync_playwright() as p:
                chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                screen = chromium.new_context(viewport={"width": 1280, "height": 800})
                page = screen.new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.goto(base + "/")
                page.wait_for_selector(".board-tile svg polygon")
                page.locator(".board-tile").nth(2).wait_for()
                page.wait_for_selector("#qr svg")
                text = page.inner_text("#boards")
                assert "Ann" in text and "Bob" in text and "offline" in text
                assert "move 3" in text
                # Live: a move on table-1 shows without a reload.
                play_random(boards[0][0], 1, random.Random(3), pace)
                page.locator("#boards", has_text="move 4").wait_for()
                page.screenshot(path=str(ARTIFACTS / "club-room.png"))

                page.click("a.board-tile[href='/board/table-1']")
                page.wait_for_selector("#board svg polygon")
                page.locator("#players", has_text="Ann").wait_for()
                page.screenshot(path=str(ARTIFACTS / "club-follow.png"))

                # The director: an event of four players, the first round sent to the boards.
                page.goto(base + "/director/dir-token")
                page.wait_for_selector("#ev-game option", state="attached")
                page.fill("#ev-players", "Ann\nBob\nCat\nDan")
                page.select_option("#ev-system", "swiss")
                page.fill("#ev-rounds", "3")
                page.click("#new-event button[type=submit]")
                page.wait_for_selector("#running:not([hidden])")
                page.click("#pair")
                page.wait_for_selector(".pairings td")
                page.screenshot(path=str(ARTIFACTS / "club-director.png"), full_page=True)
                event = director.event
                assert event is not None and event.current_round == 1

                # Board table-1's host page shows its pairing; one tap starts it.
                service, publisher = boards[0]
                with serving(service) as (board_app, board_base):
                    board_app.extensions["pairing"] = publisher
                    phone = chromium.new_context(viewport={"width": 390, "height": 844},
                                                 device_scale_factor=2)
                    host = phone.new_page()
                    host.on("pageerror", lambda e: errors.append(str(e)))
                    host.goto(f"{board_base}/host/{HOST_TOKEN}")
                    host.wait_for_selector("#club-pairing button")
                    said = host.inner_text("#club-pairing")
                    assert "round 1, table 1" in said
                    # The game and variant as players name them (once 'Abalone, standard').
                    assert "Abalone, Standard" in said and "standard" not in said
                    host.screenshot(path=str(ARTIFACTS / "club-board-pairing.png"))
                    host.click("#club-pairing button")
                    host.locator("#club-pairing", has_text="on the board now").wait_for()
                    host.screenshot(path=str(ARTIFACTS / "club-board-pairing-started.png"))
                first = event.round_pairings(1)[0]
                names = set(service.names().values())
                assert names == {event.players[first.white - 1], event.players[first.black - 1]}
                watch.until(lambda: server.summary("table-1")["pairing"] == first.id,
                            what="table-1 playing the pairing")
                chromium.close()
            assert not errors, errors
        finally:
            web.stop()
            for service, publisher in boards:
                publisher.stop()
                service.stop()
            server.stop()
