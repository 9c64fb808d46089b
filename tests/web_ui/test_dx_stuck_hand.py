"""DRHOMBIX's ant game at the table, in a real browser: a piece lifted that is not free (issue
28).  The table's help says at once that it carries a piece and where it goes back; tapping
the taken area is refused in words (why, and where the piece goes back), and the hand keeps
the piece: "in hand" shows it, as the table's status says.  Put back, the game goes on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardlight.service import Service, ServiceOptions
from tests.web_ui.browser import PHONE, TABLET, Phone
from tests.web_ui.games import SESSION, named, played, tap, tap_answered
from tests.web_ui.support import serving, wait_until

pytestmark = pytest.mark.slow


@pytest.fixture
def ant() -> Iterator[Service]:
    service = Service(ServiceOptions(game="drhombix", variant="ant-triangle",
                                     session=SESSION)).start()
    wait_until(service.table, lambda s: s["status"] == "playing")
    yield service
    service.stop()


@pytest.mark.parametrize("device", ["tablet", "phone"])
def test_a_piece_that_is_not_free_is_said_and_stays_in_the_hand(browser, ant, device):
    from playwright.sync_api import expect
    with serving(ant) as (_app, base):
        table = Phone(browser, base, "en", **(TABLET if device == "tablet" else PHONE))
        page = table.open("/")
        tap_answered(page, "0d1")
        expect(page.locator("#hand .piece-chip")).to_have_count(1)
        expect(page.locator("#sim-help")).to_have_text(
            "The piece from d1 on level 1 is not free: it carries the piece at c1 on level 2. "
            "Put it back on d1 on level 1 (tap it).")
        # The taken area refuses it, in words; the hand keeps it.
        with page.expect_response(lambda r: "/api/sim/place" in r.url) as answer:
            tap(page, "taken-first")
        assert answer.value.status == 409
        expect(page.locator("#toast")).to_have_text(
            "The piece from d1 on level 1 does not go to the pieces First player took (the "
            "piece at d1 on level 1 is not free: it carries the piece at c1 on level 2). Put "
            "it back on d1 on level 1.")
        expect(page.locator("#hand .piece-chip")).to_have_count(1)
        expect(named(page, "the pieces First player took: empty")).to_have_count(1)
        expect(named(page, "d1 on level 1: piece, lifted")).to_have_count(1)
        table.shot(f"dx-stuck-hand-{device}.png", full=False)
        # The table's status, once it says the piece is in the hand, says what "in hand" shows.
        expect(page.locator(".prompt")).to_contain_text(
            "First player is moving: the piece from d1 on level 1 is still in the hand.",
            timeout=8000)
        expect(page.locator("#hand .piece-chip")).to_have_count(1)
        # Back where it was: nothing in the hand, and a free piece is taken off as before.
        tap_answered(page, "0d1")
        expect(page.locator("#hand .piece-chip")).to_have_count(0)
        expect(page.locator(".prompt")).to_have_count(0)
        tap_answered(page, "3a1")
        played(ant, 1, "x3a1")
        expect(page.locator("#sim-help")).to_contain_text("taken area of First player")
        tap_answered(page, "taken-first")
        expect(named(page, "the pieces First player took: 1 piece")).to_have_count(1)
        expect(page.locator("#hand .piece-chip")).to_have_count(0)
        # The refusal is the one error the browser logs (a 409 answer).
        assert all("409" in e for e in table.errors), table.errors
        table.errors.clear()
        table.close()
