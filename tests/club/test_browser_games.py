"""The club's room and a followed board in a real browser, with a board of each of the five
games: each board drawn as its own game (the game's own hooks, as on its table page), its
variant, seats, pieces and last move in the players' words, never an internal name or a raw
move text; in English, German and French, with no English left in German and French.
Screenshots on a big screen and a phone in test-artifacts/club-games-*.png."""

from __future__ import annotations

import contextlib
import os
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from club.director import Director
from club.server import ClubServer
from club.web import create_club_app
from controller.rules import find_game
from tests.club.support import PlayersPace, Watch, broker, carry_out, club_board
from tests.web_ui.browser import INTERNAL, PHONE, TV, Phone, launch
from tests.web_ui.english import english_patterns, shown
from web_ui.server import WebServer

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    bool(os.environ.get("BOARDLIGHT_SKIP_BROWSER")), reason="BOARDLIGHT_SKIP_BROWSER is set")]

# board, game, variant, moves to play, and what only that game's own drawing puts on the page
BOARDS = [
    ("table-1", "abalone", "belgian-daisy", 3, "svg polygon.cell"),
    ("table-2", "crosswise", "two-player", 3, "svg .cw-tile-art"),
    ("table-3", "drhombix", "cuckoo-triangle", 3, "svg .dx-base"),
    ("table-4", "plimus", "two-player", 3, "svg .pl-node"),
    ("table-5", "rhombus", "two-player", 2, "svg .rh-pawn"),
]
NAMES = {"table-1": {"b": "Ann", "w": "Bob"}, "table-2": {"green": "Cat", "orange": "Dan"}}

def english_left(text: str, lang: str) -> list[str]:
    """The catalog's English messages found in ``text`` (``tests/web_ui/english.py``)."""
    return [english for english, pattern in english_patterns(lang) if pattern.search(text)]


def play(service: Any, plies: int, rng: random.Random, pace: PlayersPace) -> list[str]:
    """Random legal moves on the simulated board, as hands do; a move that could still grow
    (a Plimus jump) ended with the board's end-turn button."""
    from tests.support.waiting import wait_until

    done: list[str] = []
    for _ in range(plies):
        snap = wait_until(service.table, lambda s: s["outcome"] or s["status"] == "playing")
        if snap["outcome"]:
            break
        pace.skip(3.0)
        state = service.runner.call(lambda s: s.state).result(5)
        game = service.game
        text = game.move_text(rng.choice(list(game.legal_moves(state))))
        ply = snap["ply"]
        carry_out(service, text, rng)
        try:
            wait_until(service.table, lambda s, ply=ply: s["ply"] > ply, timeout=1)
        except AssertionError:
            service.press("end-turn")
            wait_until(service.table, lambda s, ply=ply: s["ply"] > ply, timeout=5)
        done.append(text)
    return done


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("club-games")
    with broker(tmp / "broker") as mosq:
        server = ClubServer(mosq.url, "tuesday").start()
        watch = Watch(server)
        app = create_club_app(server, Director(server), {"DIRECTOR_TOKEN": "dir-token"})
        web = WebServer(app, "127.0.0.1", 0).start()
        pace = PlayersPace()
        boards = {}
        try:
            for name, game, variant, _plies, _art in BOARDS:
                boards[name] = club_board(tmp, mosq.url, name, game=game, variant=variant,
                                          clock=pace, seed=3)
            played: dict[str, list[str]] = {}
            for k, (name, _game, _variant, plies, _art) in enumerate(BOARDS):
                service = boards[name][0]
                if name in NAMES:
                    service.set_names(NAMES[name])
                played[name] = play(service, plies, random.Random(k), pace)
            watch.until(lambda: len(server.board_names()) == len(BOARDS) and all(
                (server.summary(name) or {}).get("ply") == len(played[name])
                for name in played), timeout=20, what="every board's moves")
            with contextlib.contextmanager(launch)() as browser:
                yield {"base": f"http://127.0.0.1:{web.port}", "browser": browser,
                       "played": played, "server": server}
        finally:
            web.stop()
            for service, publisher in boards.values():
                publisher.stop()
                service.stop()
            server.stop()


def no_internal_words(text: str, played: dict[str, list[str]]) -> None:
    for _name, _game, variant, _plies, _art in BOARDS:
        assert variant not in text, f"the variant's internal name {variant!r} is on the page"
    for name, moves in played.items():
        if name == "table-1":
            continue  # Abalone's moves are its own notation (B3C3C4), as its table page says them
        for move in moves:
            if len(move) > 2:  # "5f4", "I9H9": a raw move text
                assert not re.search(rf"(?<![\w-]){re.escape(move)}(?![\w-])", text), \
                    f"raw move text {move!r} on the page"
    assert not INTERNAL.search(text), INTERNAL.search(text)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_room_draws_and_words_every_game_as_itself(room: dict[str, Any], lang: str) -> None:
    for size, device in (("tv", TV), ("phone", PHONE)):
        phone = Phone(room["browser"], room["base"], lang=lang, **device)
        page = phone.open("/")
        for name, _game, _variant, _plies, art in BOARDS:
            page.wait_for_selector(f"a.board-tile[href='/board/{name}'] {art}",
                                   state="attached", timeout=10000)
        page.wait_for_function("() => [...document.querySelectorAll('.board-tile .last')]"
                               ".every((n) => n.textContent.length > 0)")
        page.wait_for_selector("#qr svg")
        text = shown(page)
        no_internal_words(text, room["played"])
        assert page.locator("html").get_attribute("lang") == lang
        for _name, game, variant, _plies, _art in BOARDS:
            from web_ui.i18n import translator
            from web_ui.vocab import variant_name
            words = variant_name(find_game(game), variant, translator(lang))
            assert words in text, f"{game}'s variant as players say it ({words!r}) is missing"
        if lang == "en":
            assert "Cat (Green)" in text or "Dan (Orange)" in text
            assert "Belgian daisy" in text and "Two players" in text
            assert "Last move, " in text
        else:
            assert not english_left(text, lang), english_left(text, lang)
        phone.shot(f"club-games-room-{lang}-{size}.png", full=size == "phone")
        phone.close()


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("board", ["table-2", "table-5"])
def test_a_followed_board_reads_as_its_table_page(room: dict[str, Any], lang: str,
                                                 board: str) -> None:
    art = next(b[4] for b in BOARDS if b[0] == board)
    for size, device in (("tv", TV), ("phone", PHONE)):
        phone = Phone(room["browser"], room["base"], lang=lang, **device)
        page = phone.open(f"/board/{board}")
        page.wait_for_selector(f"#board {art}", state="attached")
        page.wait_for_selector("#recent li")
        page.wait_for_selector("#table-extras:not([hidden])")
        text = shown(page)
        no_internal_words(text, room["played"])
        if lang != "en":
            assert not english_left(text, lang), english_left(text, lang)
        phone.shot(f"club-games-{board}-{lang}-{size}.png", full=size == "phone")
        phone.close()


def test_the_director_page_and_the_event_in_german_and_french(room: dict[str, Any]) -> None:
    for lang in ("de", "fr"):
        phone = Phone(room["browser"], room["base"], lang=lang, **TV)
        page = phone.page
        page.goto(room["base"] + "/director/dir-token")
        page.wait_for_selector("#ev-variant option", state="attached")
        page.wait_for_selector("#live.on")
        if lang == "fr":  # an event, its first round paired: the running event's words too
            page.select_option("#ev-game", "crosswise")
            page.fill("#ev-players", "Ann\nBob\nCat\nDan\nEve")
            page.fill("#ev-rounds", "3")
            page.click("#new-event button[type=submit]")
            page.wait_for_selector("#running:not([hidden])")
            page.click("#pair")
            page.wait_for_selector(".pairings td")
        text = shown(page)
        assert "two-player" not in text and "belgian-daisy" not in text
        assert not english_left(text, lang), english_left(text, lang)
        phone.shot(f"club-games-director-{lang}.png")
        phone.close()
    for lang in ("de", "fr"):
        phone = Phone(room["browser"], room["base"], lang=lang, **TV)
        page = phone.open("/")
        page.wait_for_selector("#event:not([hidden]) #round li")
        text = shown(page)
        assert "Eve" in text and "two-player" not in text and "swiss" not in text
        assert not english_left(text, lang), english_left(text, lang)
        phone.shot(f"club-games-room-event-{lang}.png")
        phone.close()


def test_the_language_picker_changes_the_rooms_language(room: dict[str, Any]) -> None:
    phone = Phone(room["browser"], room["base"], lang="en", **PHONE)
    page = phone.open("/")
    page.select_option("#language", "de")
    page.wait_for_selector("html[lang=de]")
    page.wait_for_selector("#live.on")
    page.locator("#room-count", has_text="Bretter").wait_for()
    phone.close()
