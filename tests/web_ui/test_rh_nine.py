"""Rhombus on a player's phone, in a real browser: a 9 with no move card (issue 28).  With the
start corner taken (and no entry kill), the phone says that nothing comes in and why, offers
the 9 only as an action played on the phone, never "Play them: I move my pieces on the
board"; with the corner free, a piece enters and the board is where the 9 is played."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from controller.rules.rhombus.cards import SUITS, VALUES
from tests.web_ui.browser import PHONE, Phone
from tests.web_ui.games import SESSION, played
from tests.web_ui.support import serving, wait_until

pytestmark = pytest.mark.slow

BOARD_BUTTON = "Play them: I move my pieces on the board"


def position(board: str, reserve: str) -> str:
    """Red to move with the 6 of spades and the king of hearts on the table and the 9 of
    diamonds in the hand; Blue with the 8 and 9 of spades and the ace of diamonds."""
    hands = {"r": "6S,KH/9D", "b": "8S,9S/AD"}
    used = {c for h in hands.values() for part in h.split("/") for c in part.split(",")}
    rest = [v + s for v in VALUES for s in SUITS if v + s not in used]
    return " ".join([board, "r", f"reserve={reserve}", "out=0,0",
                     *(f"{seat}={cards}" for seat, cards in hands.items()),
                     "pile=" + ",".join(rest), "discard=-", "seed=0", "shuffles=0", "ply=0"])


# Red's start corner a1 holds a red piece; then the same with a1 empty (its piece in reserve).
TAKEN = position("...bb/....b/...../r..../rr...", "3,3")
FREE = position("...bb/....b/...../r..../.r...", "4,3")


@pytest.fixture
def start() -> Iterator[Any]:
    services: list[Service] = []

    def run(pos: str) -> Service:
        service = Service(ServiceOptions(game="rhombus", variant="two-player", seed=1,
                                         position=pos, session=SESSION)).start()
        services.append(service)
        wait_until(service.table, lambda s: s["status"] == "playing")
        return service

    yield run
    for service in services:
        service.stop()


def red_phone(browser: Any, base: str, app: Any, lang: str = "en") -> tuple[Phone, Any]:
    phone = Phone(browser, base, lang, **PHONE)
    page = phone.open(f"/join/{app.extensions['boardlight'].tokens.token('r')}")
    return phone, page


def test_a_nine_with_the_start_corner_taken_brings_nothing_in(browser, start):
    from playwright.sync_api import expect
    service = start(TAKEN)
    with serving(service) as (app, base):
        phone, page = red_phone(browser, base, app)
        nothing = "9♦: no piece moves (nothing comes in: your start corner, a1, is taken)"
        expect(page.locator(".rh-combos")).to_contain_text(nothing)
        page.locator('.rh-hand [aria-label="9 of diamonds"]').click()
        guide = page.locator(".rh-guide")
        expect(guide.locator(".rh-now")).to_have_text(nothing)
        expect(guide.get_by_role("button", name=BOARD_BUTTON)).to_have_count(0)
        expect(guide).to_contain_text("Play them here (no piece to move on the board):")
        phone.shot("rh-nine-corner-taken-phone.png")
        guide.get_by_role("button", name="9♦: no piece moves").click()
        played(service, 1, "9D*")
        phone.close()


def test_a_nine_with_the_start_corner_free_brings_a_piece_in_on_the_board(browser, start):
    from playwright.sync_api import expect
    service = start(FREE)
    with serving(service) as (app, base):
        phone, page = red_phone(browser, base, app)
        page.locator('.rh-hand [aria-label="9 of diamonds"]').click()
        guide = page.locator(".rh-guide")
        expect(guide.locator(".rh-now")).to_have_text(
            "9♦: a piece from your reserve enters your start corner (or nothing happens)")
        expect(guide.get_by_role("button", name=BOARD_BUTTON)).to_have_count(1)
        phone.shot("rh-nine-corner-free-phone.png")
        phone.close()


@pytest.mark.parametrize(("board", "reserve", "entry"), [
    ("...bb/....b/...../r..../rr...", "3,3", {"room": 0, "why": "corner-taken"}),  # Red's own
    ("...bb/....b/...../r..../br...", "4,2", {"room": 0, "why": "corner-taken"}),  # Blue's
    ("...bb/....b/...../r..../.r...", "4,3", {"room": 4, "why": None}),
])
def test_the_seat_view_says_what_a_nine_brings_in(board, reserve, entry):
    from controller.rules.registry import find_game
    game = find_game("rhombus")
    state = game.parse_position(position(board, reserve), "two-player")
    assert game.view(state, "r")["entry"] == {"corner": "a1", **entry}
    assert "entry" not in game.view(state, None)  # the phone's, like its reach
