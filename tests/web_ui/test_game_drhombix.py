"""DRHOMBIX through its pages in a real browser: a stretch of each game played as players do.

The cuckoo game on the square board: the table page on a tablet beside the simulated board,
each player's page on a small phone.  White and Black place pieces from their reserves (White
at the table, Black on the phone's board); White's third piece closes a sandwich on 0b1, and
the table and White's phone say at once which piece to take off while its light blinks; the
piece goes, turned over, to White's reserve; White then puts a piece on the first level.  The
ant game on the triangular board: the first player takes the top piece off into their taken
area, the second two pieces of one level into theirs, and the first raises a piece into an
empty seat.  Every piece is then checked by its accessible name where it stands, seen at its
centre; no page shows internal data; the board fits a tablet and a TV.  Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from tests.web_ui.browser import (
    SMALL_PHONE,
    TABLET,
    TV,
    Phone,
    fits,
    internal_words,
)
from tests.web_ui.english import assert_no_english, shown
from tests.web_ui.games import SESSION, Pace, check_board, named, played, tap_answered
from tests.web_ui.support import serving, wait_until

pytestmark = pytest.mark.slow

PIECES = {"w": "white piece", "b": "black piece", "o": "piece"}
# Each place as the geometry says it: a cell by its name and level, the level counted from 1
# at the base as the rulebook counts it; a place beside the board by whose it is.
PLACES = {"0a1": "a1 on level 1", "1a1": "a1 on level 2", "3a1": "a1 on level 4",
          "reserve-w": "White's reserve", "reserve-b": "Black's reserve",
          "taken-first": "the pieces First player took",
          "taken-second": "the pieces Second player took"}


@pytest.fixture
def start() -> Iterator[Any]:
    services: list[Service] = []

    def run(variant: str) -> tuple[Service, Pace]:
        pace = Pace()
        service = Service(ServiceOptions(game="drhombix", variant=variant, session=SESSION),
                          clock=pace).start()
        services.append(service)
        wait_until(service.table, lambda s: s["status"] == "playing")
        return service, pace

    yield run
    for service in services:
        service.stop()


def geometry_places(page: Any, base: str) -> dict[str, dict[str, Any]]:
    """Every position as the page's geometry says it (its kind, owner, level and words), in
    the page's language; the places this test names must read as players name them."""
    places = page.request.get(f"{base}/api/geometry").json()["places"]
    for pos, words in PLACES.items():
        if pos in places:
            assert places[pos]["words"] == words
    return dict(places)


# A position's id: the level digit, the column, the row ("0b1", "2a1"); a tray's id.
POSITION_ID = re.compile(r"\b[0-3][a-d][1-4]\b|\b(reserve|taken)-[a-z]+\b")


def no_ids(page: Any) -> None:
    """The page shows (in its text and accessible names) no position id and no tray id: every
    place is said in words."""
    assert [m.group(0) for m in POSITION_ID.finditer(shown(page))] == []


def board_names(service: Service, places: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Every position with pieces, and the accessible name it must have: the place's words
    from the geometry, never its id."""
    out = {}
    for pos, stack in service.table.public()["layout"].items():
        words = places[pos]["words"]
        assert pos not in words
        if places[pos]["kind"] != "cell":
            word = "piece" if len(stack) == 1 else "pieces"
            out[pos] = f"{words}: {len(stack)} {word}"
        else:
            out[pos] = f"{words}: {PIECES[stack[-1]]}"
    return out


@pytest.mark.parametrize("lang", ["en"])
def test_the_cuckoo_game_is_played_through_its_pages(browser, start, lang):
    from playwright.sync_api import expect
    service, pace = start("cuckoo-square")
    with serving(service) as (app, base):
        tokens = app.extensions["boardlight"].tokens
        table = Phone(browser, base, lang, **TABLET)
        white, black = (Phone(browser, base, lang, **SMALL_PHONE) for _ in range(2))
        tpage = table.open("/")
        wpage = white.open(f"/join/{tokens.token('w')}")
        bpage = black.open(f"/join/{tokens.token('b')}")
        places = geometry_places(tpage, base)
        expect(tpage.locator("#turn")).to_have_text("White to move")
        # The empty base, the reserves; no seat above the base yet (none can be played).
        expect(named(tpage, "a1 on level 1: empty")).to_have_count(1)
        expect(named(tpage, "White's reserve: 15 pieces")).to_have_count(1)
        expect(tpage.locator('#board [data-pos="1a1"]')).to_have_attribute("visibility", "hidden")
        extras = tpage.locator("#extras")
        expect(extras).to_contain_text("15 pieces in reserve, 0 on the pyramid")
        expect(extras).to_contain_text("Sandwich rule: catch a piece")
        expect(extras).to_contain_text("Nest rule: fill a square of four places")
        assert internal_words(tpage) == [] and fits(tpage)
        table.shot(f"drhombix-{lang}-table-tablet-start.png", full=False)

        # 1-2. White places at the table, Black on the phone's board.
        tap_answered(tpage, "reserve-w")
        tap_answered(tpage, "0a1")
        played(service, 1, "+0a1")
        expect(tpage.locator("#last-move")).to_have_text(
            "Last move, White: placed a piece from White's reserve on a1 of level 1")
        pace.breathe()
        tap_answered(bpage, "reserve-b")
        tap_answered(bpage, "0b1")
        played(service, 2, "+0b1")
        pace.breathe()

        # 3. White closes a sandwich: the board waits for 0b1 to come off and says so, on the
        # table and on White's phone, and its light blinks, within a second.
        tap_answered(tpage, "reserve-w")
        tap_answered(tpage, "0c1")
        waiting = "To finish White's move: take the piece off b1 of level 1."
        expect(tpage.locator(".prompt")).to_contain_text(waiting, timeout=1000)
        expect(wpage.locator(".prompt")).to_contain_text(waiting, timeout=1000)
        expect(tpage.locator('[data-pos="0b1"] circle.led')).to_have_class("led blink",
                                                                           timeout=1000)
        expect(tpage.locator("#sim-help")).to_contain_text("Take the captured piece off")
        no_ids(tpage)
        no_ids(wpage)
        table.shot(f"drhombix-{lang}-table-tablet-sandwich.png", full=False)
        white.shot(f"drhombix-{lang}-white-phone-sandwich.png")
        tap_answered(tpage, "0b1")
        played(service, 3, "+0c1")
        expect(tpage.locator(".prompt")).to_have_count(0)
        expect(tpage.locator("#sim-help")).to_contain_text("goes to White's reserve")
        tap_answered(tpage, "reserve-w")  # turned over, it is White's now
        expect(tpage.locator("#hand .piece-chip")).to_have_count(0)
        expect(named(tpage, "White's reserve: 14 pieces")).to_have_count(1)
        expect(named(tpage, "b1 on level 1: empty")).to_have_count(1)
        expect(extras).to_contain_text("Already taken by a sandwich, never again: b1 on level 1.")
        pace.breathe()

        # 4-6. Black fills 0b1 again, White 0a2, Black 0b2: the seat 1a1 above them opens.
        for page, pos, ply in ((bpage, "0b1", 4), (tpage, "0a2", 5), (bpage, "0b2", 6)):
            seat = "b" if page is bpage else "w"
            tap_answered(page, f"reserve-{seat}")
            tap_answered(page, pos)
            played(service, ply, f"+{pos}")
            pace.breathe()
        expect(named(tpage, "a1 on level 2: empty")).to_be_visible()
        expect(tpage.locator('#board [data-pos="1b1"]')).to_have_attribute("visibility", "hidden")

        # 7. White puts a piece on the level above the base (level 2 as players count).
        tap_answered(tpage, "reserve-w")
        tap_answered(tpage, "1a1")
        played(service, 7, "+1a1")
        expect(named(tpage, "a1 on level 2: white piece")).to_have_count(1)
        # The piece shows the level its words say.
        expect(tpage.locator('#board [data-pos="1a1"] .dx-tag')).to_have_text("2")
        expect(tpage.locator("#recent li")).to_have_count(7)
        expect(tpage.locator("#recent li").nth(2)).to_contain_text(
            "placed a piece from White's reserve on c1 of level 1 and took the black piece off "
            "b1 of level 1 by the sandwich rule")
        expect(wpage.locator("#declare")).to_be_hidden()  # every move here is seen

        check_board(tpage, board_names(service, places))
        assert fits(tpage)
        table.shot(f"drhombix-{lang}-table-tablet.png", full=False)
        no_ids(tpage)
        for page in (wpage, bpage):
            check_board(page, board_names(service, places))
            no_ids(page)
        white.shot(f"drhombix-{lang}-white-phone.png")
        black.shot(f"drhombix-{lang}-black-phone.png")
        tv = Phone(browser, base, lang, **TV)
        tvpage = tv.open("/")
        check_board(tvpage, board_names(service, places))
        no_ids(tvpage)
        assert fits(tvpage)
        tv.shot(f"drhombix-{lang}-table-tv.png", full=False)
        for phone in (table, white, black, tv):
            phone.close()
        assert_no_english(browser, base)  # the game as it stands, in German and French


@pytest.mark.parametrize("lang", ["en"])
def test_the_ant_game_puts_what_each_player_takes_in_their_taken_area(browser, start, lang):
    from playwright.sync_api import expect
    service, pace = start("ant-triangle")
    with serving(service) as (app, base):
        tokens = app.extensions["boardlight"].tokens
        table = Phone(browser, base, lang, **TABLET)
        first = Phone(browser, base, lang, **SMALL_PHONE)
        tpage = table.open("/")
        fpage = first.open(f"/join/{tokens.token('first')}")
        places = geometry_places(tpage, base)
        expect(tpage.locator("#turn")).to_have_text("First player to move")
        # The full pyramid: every piece of every level in sight.
        check_board(tpage, board_names(service, places))
        expect(named(tpage, "a1 on level 4: piece")).to_have_count(1)
        expect(named(tpage, "the pieces First player took: empty")).to_have_count(1)

        # 1. The first player takes the top piece off, into their taken area.
        tap_answered(tpage, "3a1")
        played(service, 1, "x3a1")
        expect(tpage.locator("#sim-help")).to_contain_text("taken area of First player")
        table.shot(f"drhombix-{lang}-ant-table-tablet-taken.png", full=False)
        tap_answered(tpage, "taken-first")
        expect(named(tpage, "the pieces First player took: 1 piece")).to_have_count(1)
        expect(tpage.locator("#hand .piece-chip")).to_have_count(0)
        pace.breathe()

        # 2. The second player takes two pieces of one level off, into theirs.
        tap_answered(tpage, "2a1")
        tap_answered(tpage, "2b1")
        played(service, 2, "x2a1x2b1")
        tap_answered(tpage, "taken-second")
        tap_answered(tpage, "taken-second")
        expect(named(tpage, "the pieces Second player took: 2 pieces")).to_have_count(1)
        expect(tpage.locator("#last-move")).to_have_text(
            "Last move, Second player: took 2 pieces off a1 and b1 of level 3")
        pace.breathe()

        # 3. The first player raises 1c1 into the seat 2a1, now empty and open.
        expect(named(fpage, "a1 on level 3: empty")).to_be_visible()
        tap_answered(tpage, "1c1")
        tap_answered(tpage, "2a1")
        played(service, 3, "1c1-2a1")
        expect(named(tpage, "a1 on level 3: piece")).to_have_count(1)
        extras = tpage.locator("#extras")
        expect(extras).to_contain_text("17 pieces of 20")
        expect(extras).to_contain_text("took 2 pieces off")
        expect(extras).to_contain_text("Whoever takes the last piece off loses")

        check_board(tpage, board_names(service, places))
        check_board(fpage, board_names(service, places))
        no_ids(tpage)
        no_ids(fpage)
        assert fits(tpage)
        table.shot(f"drhombix-{lang}-ant-table-tablet.png", full=False)
        first.shot(f"drhombix-{lang}-ant-first-phone.png")
        tv = Phone(browser, base, lang, **TV)
        tvpage = tv.open("/")
        check_board(tvpage, board_names(service, places))
        no_ids(tvpage)
        assert fits(tvpage)
        tv.shot(f"drhombix-{lang}-ant-table-tv.png", full=False)
        for phone in (table, first, tv):
            phone.close()
        assert_no_english(browser, base)  # the game as it stands, in German and French
