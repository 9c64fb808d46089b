"""Crosswise through its pages in a real browser: a stretch of a game played as players do.

The table page runs on a tablet beside the simulated board, each player's page on a small
phone.  Green lays a tile the phone way (tap the tile in the hand, then the cell: no question
follows); Orange lays one on the board first and confirms on the phone; Green lays two tiles at
once on the table's board and is told why that is refused, puts them back, and plays a move
tile by following its steps on the phone; Orange plays a swap tile.  Every tile is then checked
by its accessible name where it stands, seen at its centre; the line scores at the board's
edge, the played action tiles and the supply are there; no page shows internal data; the board
fits a tablet and a TV.  Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from controller.rules.crosswise.tiles import FULL_SET, TILE_ORDER
from tests.web_ui.browser import (
    SMALL_PHONE,
    TABLET,
    TV,
    Phone,
    fits,
    internal_words,
)
from tests.web_ui.conftest import FAST
from tests.web_ui.english import assert_no_english
from tests.web_ui.games import Pace, check_board, named, played, tap
from tests.web_ui.support import serving, wait_until

pytestmark = pytest.mark.slow

NAMES = {"1": "sun tile", "2": "cross tile", "3": "triangle tile", "4": "square tile",
         "5": "pentagon tile", "6": "star tile", "move": "move tile", "remove": "remove tile",
         "replace": "replace tile", "swap": "swap tile"}


def start_position(board: str, hands: list[str], used: str = "-") -> str:
    """A two-player position with Green to move: the board (rows 6 to 1), the hands; the bag
    holds the other tiles in their canonical order."""
    have = Counter(c for c in board if c.isdigit()) + Counter("".join(hands)) \
        + Counter(used.strip("-"))
    rest = FULL_SET.copy()
    rest.subtract(have)
    bag = "".join(t * rest[t] for t in TILE_ORDER)
    return f"{board} green {used} {'/'.join(hands)} {bag}"


# Green holds a sun, a triangle, a square and a move tile; Orange two crosses (one symbol only:
# laid on the board first, the phone confirms it rather than asking which) and two swaps.
START = start_position("....../..5.../.6..6./..13../...4../1.....", ["134M", "22SS"])


@pytest.fixture
def game() -> Iterator[tuple[Service, Pace]]:
    pace = Pace()
    service = Service(ServiceOptions(game="crosswise", variant="two-player", seed=1,
                                     position=START, session=FAST), clock=pace).start()
    wait_until(service.table, lambda s: s["status"] == "playing")
    yield service, pace
    service.stop()


def names_on_board(service: Service, places: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Every occupied place and what its accessible name must say: the place's words from the
    geometry ("c6", "place 1 of the played move tiles") and the tile on top."""
    out = {}
    for pos, stack in service.table.public()["layout"].items():
        if places[pos]["kind"] == "pile":
            continue
        out[pos] = f"{places[pos]['words']}: {NAMES[stack[-1]]}"
    return out


@pytest.mark.parametrize("lang", ["en"])
def test_crosswise_is_played_through_its_pages(browser, game, lang):
    from playwright.sync_api import expect
    service, pace = game
    with serving(service) as (app, base):
        tokens = app.extensions["boardlight"].tokens
        table = Phone(browser, base, lang, **TABLET)
        green, orange = (Phone(browser, base, lang, **SMALL_PHONE) for _ in range(2))
        tpage = table.open("/")
        gpage = green.open(f"/join/{tokens.token('green')}")
        opage = orange.open(f"/join/{tokens.token('orange')}")
        places = tpage.request.get(f"{base}/api/geometry").json()["places"]
        expect(tpage.locator("#turn")).to_have_text("Green to move")
        # The tiles are drawn for people: the symbols, the supply, the line scores.
        expect(named(tpage, "a1: sun tile")).to_have_count(1)
        expect(named(tpage, "b4: star tile")).to_have_count(1)
        expect(named(tpage, "beside the board: 3 move tiles")).to_have_count(1)
        expect(tpage.locator('#board .cw-badge[aria-label="row 4: 1 point for Green"]'))\
            .to_have_count(1)
        expect(tpage.locator("#extras")).to_contain_text("Green scores the rows")
        expect(tpage.locator("#extras")).to_contain_text("Tiles in hand")
        assert fits(tpage)
        # The hand on the phone: tiles with their names; Orange's page has none of Green's.
        hand = gpage.locator(".cw-hand")
        for name in ("sun tile", "triangle tile", "square tile", "move tile"):
            expect(hand.locator(f'[aria-label="{name}"]')).to_have_count(1)
        expect(opage.locator('.cw-hand [aria-label="sun tile"]')).to_have_count(0)
        green.shot(f"crosswise-{lang}-green-phone-hand.png")

        # 1. Green taps the sun tile, then an empty cell of the board on the phone: laid,
        #    no question.
        hand.locator('[aria-label="sun tile"]').click()
        expect(gpage.locator(".cw-guide")).to_contain_text("tap an empty cell")
        tap(gpage, "c6")
        played(service, 1, "1c6")
        expect(tpage.locator("#last-move")).to_have_text("Last move, Green: laid a sun tile on c6")
        expect(gpage.locator(".prompt")).to_have_count(0)
        expect(named(tpage, "c6: sun tile")).to_have_count(1)

        # 2. Orange lays a cross on the board first (from the supply, on the table's board);
        #    the phone confirms it: one possible tile, so no "which".
        pace.breathe()
        tap(tpage, "supply-2")
        expect(tpage.locator('#hand [aria-label="cross tile"]')).to_have_count(1)  # in hand
        tap(tpage, "d6")
        confirm = opage.locator(".prompt.confirm")
        expect(confirm).to_contain_text("The board shows this move: laid a cross tile on d6.")
        expect(opage.locator(".prompt.choose")).to_have_count(0)
        expect(opage.locator(".prompt.waiting")).to_have_count(0)  # the table's, not news here
        expect(tpage.locator(".prompt.waiting")).to_contain_text("Waiting for Orange's phone")
        orange.shot(f"crosswise-{lang}-orange-phone-confirm.png")
        confirm.get_by_role("button", name="Yes, that is my move").click()
        played(service, 2, "2d6")

        # A refused move: Green lays two tiles on the table's board. The table and Green's
        # phone say why, in the game's words, beside what to put back; put back, it is gone.
        pace.breathe()
        for pile, cell in (("supply-2", "a5"), ("supply-4", "a6")):
            tap(tpage, pile)
            tap(tpage, cell)
        why = "That move is not allowed: only one tile is laid per turn, and a5 and a6 were " \
            "filled."
        for page in (tpage, gpage):
            expect(page.locator(".prompt.illegal")).to_contain_text(why)
            expect(page.locator(".prompt.correction")).to_contain_text("a5")
            expect(page.locator(".prompt.correction")).to_contain_text("a6")
        assert internal_words(tpage) == []
        table.shot(f"crosswise-{lang}-table-refused.png", full=False)
        for pile, cell in (("supply-2", "a5"), ("supply-4", "a6")):
            tap(tpage, cell)
            tap(tpage, pile)
        expect(tpage.locator(".prompt.illegal")).to_have_count(0)
        expect(tpage.locator(".prompt.correction")).to_have_count(0)

        # 3. Green plays the move tile: its steps, followed on the phone's board.
        pace.breathe()
        expect(gpage.locator("#turn")).to_have_text("Your turn")
        hand.locator('[aria-label="move tile"]').click()
        steps = gpage.locator(".cw-steps li")
        expect(steps).to_have_count(3)
        expect(steps.nth(0)).to_contain_text("Tap the ringed place")
        expect(steps.nth(1)).to_have_text("Pick up any tile on the board.")
        expect(steps.nth(2)).to_have_text("Put it down on an empty cell.")
        expect(gpage.locator('#board [data-pos="used-move-1"] .cw-target')).to_have_count(1)
        green.shot(f"crosswise-{lang}-green-phone-move-steps.png")
        tap(gpage, "used-move-1")
        expect(steps.nth(0)).to_have_class("done")
        tap(gpage, "a1")
        expect(steps.nth(1)).to_have_class("done")
        tap(gpage, "b1")
        played(service, 3, "move a1 b1")
        expect(tpage.locator("#last-move")).to_have_text(
            "Last move, Green: moved the sun tile from a1 to b1 with a move tile")
        expect(named(tpage, "place 1 of the played move tiles: move tile")).to_have_count(1)

        # 4. Orange plays a swap tile: the tile on its place, two tiles exchanged.
        pace.breathe()
        expect(opage.locator("#turn")).to_have_text("Your turn")
        opage.locator('.cw-hand [aria-label="swap tile"]').first.click()
        expect(opage.locator(".cw-steps li").nth(1)).to_have_text("Pick up two tiles on the board.")
        tap(opage, "used-swap-1")
        tap(opage, "c3")
        tap(opage, "d3")
        tap(opage, "c3")
        tap(opage, "d3")
        played(service, 4, "swap c3 d3")
        expect(tpage.locator("#last-move")).to_have_text(
            "Last move, Orange: swapped the sun tile on c3 and the triangle tile on d3 with a "
            "swap tile")
        expect(named(tpage, "c3: triangle tile")).to_have_count(1)
        expect(named(tpage, "d3: sun tile")).to_have_count(1)

        # Every tile where it stands, seen; the move list and the table's words; no internal
        # data anywhere; the board whole on a tablet and on a TV.
        expect(tpage.locator("#recent li")).to_have_count(4)
        expect(tpage.locator("#recent li").first).to_contain_text("laid a sun tile on c6")
        expect(tpage.locator("#extras")).to_contain_text("1 move tile")
        expect(tpage.locator("#extras")).to_contain_text("1 swap tile")
        check_board(tpage, names_on_board(service, places))
        assert fits(tpage)
        table.shot(f"crosswise-{lang}-table-tablet.png", full=False)
        for page in (gpage, opage):
            assert internal_words(page) == []
            check_board(page, names_on_board(service, places))
        green.shot(f"crosswise-{lang}-green-phone.png")
        orange.shot(f"crosswise-{lang}-orange-phone.png")
        tv = Phone(browser, base, lang, **TV)
        tvpage = tv.open("/")
        expect(named(tvpage, "c6: sun tile")).to_have_count(1)
        check_board(tvpage, names_on_board(service, places))
        assert fits(tvpage)
        tv.shot(f"crosswise-{lang}-table-tv.png", full=False)
        for phone in (table, green, orange, tv):
            phone.close()
        assert_no_english(browser, base)  # the game as it stands, in German and French
