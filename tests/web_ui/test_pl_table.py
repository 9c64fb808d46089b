"""Plimus, what newcomers tripped on (issue 28, item 12), in a real browser.

* A stone in the hand shows its sign: in the table's "in hand" (a stone with its sign and
  its name) and as the ghost left where it was lifted (on the table and on the phone's board).
* A double is told from a single at a glance: its lower stone shows a band of its own under
  the upper one, with its own sign there, not hidden under the upper stone.
* The pole said on the phone for a captured stone shows as the chosen one (pressed, marked)
  until the move is done or the phone forgets it; a toast alone is gone in a moment.

Screenshots (``test-artifacts/``) at tablet and phone sizes, in English, German and French.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from tests.web_ui.browser import PHONE, SMALL_PHONE, TABLET, Phone
from tests.web_ui.games import SESSION, Pace, played, tap_answered
from tests.web_ui.support import serving, wait_until

pytestmark = pytest.mark.slow

# Blue's double on e5 (plus on top) may jump Red's minus stone on f6 to g7 (Red split its
# double on e7 the move before); Blue's c2 is a single minus stone.
START = "rRrRrR/R2rRr/10/4R5/5r4/4(bB)5/10/10/b2BbB/BbBbBb SW:- SE:- NW:- NE:- blue 6"
LANGS = ["en", "de", "fr"]
MINUS = "\u2212"


@pytest.fixture
def game() -> Iterator[tuple[Service, Pace]]:
    pace = Pace()
    service = Service(ServiceOptions(game="plimus", variant="two-player", position=START,
                                     session=SESSION), clock=pace).start()
    wait_until(service.table, lambda s: s["status"] == "playing")
    yield service, pace
    service.stop()


def ghost_signs(page: Any, pos: str) -> list[str]:
    """The signs drawn where ``pos``'s stones were lifted from."""
    return list(page.locator(f'#board [data-pos="{pos}"] .art .pl-sign').all_text_contents())


def double_drawing(page: Any, pos: str) -> dict[str, Any]:
    """How a double on ``pos`` is drawn, in the board's user units: the band of its lower
    stone below the upper one, the spacing of the nodes, and whether the lower stone's sign
    lies clear of the upper stone."""
    return dict(page.evaluate("""(pos) => {
      const g = document.querySelector(`#board [data-pos="${pos}"]`);
      const upper = g.querySelector('.pl-upper .pl-body');
      const lower = g.querySelector('.pl-lower .pl-body');
      const sign = g.querySelector('.pl-lower .pl-sign');
      const n = (el, a) => Number(el.getAttribute(a));
      const band = (n(lower, 'cy') + n(lower, 'r')) - (n(upper, 'cy') + n(upper, 'r'));
      let clear = false;
      if (sign && sign.textContent) {
        const b = sign.getBBox();
        const cx = n(upper, 'cx'), cy = n(upper, 'cy'), r = n(upper, 'r');
        const nx = Math.max(b.x, Math.min(cx, b.x + b.width));
        const ny = Math.max(b.y, Math.min(cy, b.y + b.height));
        clear = Math.hypot(nx - cx, ny - cy) >= r;
      }
      const a = document.querySelector('#board [data-pos="c3"] .pl-node').getAttribute('cx');
      const b = document.querySelector('#board [data-pos="d3"] .pl-node').getAttribute('cx');
      return { band, spacing: Number(b) - Number(a), clear,
               lowerSign: sign ? sign.textContent : null,
               upperSign: g.querySelector('.pl-upper .pl-sign').textContent };
    }""", pos))


@pytest.mark.parametrize("lang", LANGS)
def test_a_stone_in_the_hand_shows_its_sign(browser, game, lang):
    from playwright.sync_api import expect
    service, _pace = game
    with serving(service) as (app, base):
        tokens = app.extensions["boardlight"].tokens
        table = Phone(browser, base, lang, **TABLET)
        tpage = table.open("/")
        pieces = tpage.request.get(f"{base}/api/state").json()["pieces"]
        # The table lifts Blue's single minus stone on c2: in hand, a minus stone by name.
        tap_answered(tpage, "c2")
        held = tpage.locator(f'#hand [role="img"][aria-label="{pieces["blue-"]}"]')
        expect(held).to_have_count(1)
        expect(held).to_contain_text(MINUS)
        assert ghost_signs(tpage, "c2") == [MINUS]
        table.shot(f"pl28-{lang}-table-tablet-in-hand.png", full=False)
        # On a phone-sized table page too; then put back.
        small = Phone(browser, base, lang, **PHONE)
        spage = small.open("/")
        held = spage.locator(f'#hand [role="img"][aria-label="{pieces["blue-"]}"]')
        expect(held).to_contain_text(MINUS)
        assert ghost_signs(spage, "c2") == [MINUS]
        spage.locator("#hand").scroll_into_view_if_needed()
        small.shot(f"pl28-{lang}-table-phone-in-hand.png", full=False)
        tap_answered(tpage, "c2")
        expect(tpage.locator('#hand [role="img"]')).to_have_count(0)
        # On Blue's phone's board: the upper stone of the double lifted leaves the lower one;
        # both lifted, the ghost shows both signs.
        blue = Phone(browser, base, lang, **SMALL_PHONE)
        bpage = blue.open(f"/join/{tokens.token('blue')}")
        tap_answered(bpage, "e5", 2)
        expect(tpage.locator('#hand [role="img"]')).to_have_count(2)
        assert sorted(ghost_signs(bpage, "e5")) == sorted(["+", MINUS])
        assert sorted(ghost_signs(tpage, "e5")) == sorted(["+", MINUS])
        bpage.locator('#board [data-pos="e5"]').scroll_into_view_if_needed()
        blue.shot(f"pl28-{lang}-blue-phone-lifted.png", full=False)
        tap_answered(bpage, "e5", 2)
        for phone in (table, small, blue):
            phone.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_double_is_told_from_a_single(browser, game, lang):
    from playwright.sync_api import expect
    service, _pace = game
    with serving(service) as (_app, base):
        for device, size in ((TABLET, "tablet"), (SMALL_PHONE, "small-phone")):
            phone = Phone(browser, base, lang, **device)
            page = phone.open("/")
            expect(page.locator('#board [data-pos="e5"] .pl-upper')).to_have_count(1)
            d = double_drawing(page, "e5")
            assert d["upperSign"] == "+" and d["lowerSign"] == MINUS
            assert d["clear"], "the lower stone's sign shows beside the upper stone"
            assert d["band"] >= 0.3 * d["spacing"], d
            page.locator('#board [data-pos="e5"]').scroll_into_view_if_needed()
            phone.shot(f"pl28-{lang}-table-{size}-double.png", full=False)
            phone.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_pole_said_on_the_phone_shows_as_chosen(browser, game, lang):
    from playwright.sync_api import expect
    service, _pace = game
    with serving(service) as (app, base):
        tokens = app.extensions["boardlight"].tokens
        table = Phone(browser, base, lang, **TABLET)
        tpage = table.open("/")
        blue = Phone(browser, base, lang, **SMALL_PHONE)
        bpage = blue.open(f"/join/{tokens.token('blue')}")
        places = tpage.request.get(f"{base}/api/geometry").json()["places"]
        poles = [p for p, place in places.items() if place["kind"] == "pole"]
        declare = bpage.locator("#declare")
        expect(declare).to_be_visible()
        buttons = declare.locator(".pl-ask .button")
        expect(buttons).to_have_count(4)
        for i in range(4):
            expect(buttons.nth(i)).to_have_attribute("aria-pressed", "false")

        def pressed() -> list[str]:
            return [b.get_attribute("aria-pressed") or "" for b in buttons.all()]

        sw = places["SW"]["words"]
        choice = declare.get_by_role("button", name=sw[0].upper() + sw[1:], exact=True)
        choice.click()
        expect(choice).to_have_attribute("aria-pressed", "true")
        expect(choice).to_have_class(re.compile(r"\bchosen\b"))
        assert pressed().count("true") == 1
        # A mark that needs no colour to be seen: a tick before the pole's name.
        assert "\u2713" in choice.evaluate("b => getComputedStyle(b, '::before').content")
        blue.shot(f"pl28-{lang}-blue-phone-pole-chosen.png")
        # It stays chosen while the move is made: the table lifts the double ...
        tap_answered(tpage, "e5", 2)
        expect(choice).to_have_attribute("aria-pressed", "true")
        # ... changes its mind on the phone: the other pole is the chosen one now ...
        ne = places["NE"]["words"]
        other = declare.get_by_role("button", name=ne[0].upper() + ne[1:], exact=True)
        other.click()
        expect(other).to_have_attribute("aria-pressed", "true")
        expect(choice).to_have_attribute("aria-pressed", "false")
        # ... forgets it, and says the south-west pole again.
        forget = bpage.evaluate("() => BL._('Forget what I said')")
        declare.get_by_role("button", name=forget).click()
        expect(other).to_have_attribute("aria-pressed", "false")
        assert pressed().count("true") == 0
        choice.click()
        expect(choice).to_have_attribute("aria-pressed", "true")
        # The move, as said: no question follows; the question and its mark are gone.
        tap_answered(tpage, "g7", 2)
        tap_answered(tpage, "f6")
        tap_answered(tpage, "SW")
        played(service, 1, "e5:g7 xf6>SW")
        expect(declare).to_be_hidden()
        expect(bpage.locator(".pl-ask")).to_have_count(0)
        assert len(poles) == 4
        for phone in (table, blue):
            phone.close()


# Blue's double on e5 may jump Red's double on f6 (minus on top): both its stones are taken,
# each into a pole the phone says.
DOUBLE = "rRrRrR/R2rRr/10/10/5(Rr)4/4(bB)5/10/10/b2BbB/BbBbBb SW:- SE:- NW:- NE:- blue 6"


@pytest.mark.parametrize("lang", LANGS)
def test_the_poles_said_for_a_captured_double_show_as_chosen(browser, lang):
    from playwright.sync_api import expect
    service = Service(ServiceOptions(game="plimus", variant="two-player", position=DOUBLE,
                                     session=SESSION)).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        with serving(service) as (app, base):
            tokens = app.extensions["boardlight"].tokens
            blue = Phone(browser, base, lang, **SMALL_PHONE)
            bpage = blue.open(f"/join/{tokens.token('blue')}")
            rows = bpage.locator("#declare .pl-ask .action-row")
            expect(rows).to_have_count(2)
            upper, lower = rows.nth(0).locator(".button"), rows.nth(1).locator(".button")
            expect(upper).to_have_count(4)
            upper.nth(1).click()  # the upper stone's pole: pressed; the lower's still open
            expect(upper.nth(1)).to_have_attribute("aria-pressed", "true")
            expect(lower.locator('[aria-pressed="true"]')).to_have_count(0)
            lower.nth(2).click()  # and the lower stone's: both pressed, said
            expect(lower.nth(2)).to_have_attribute("aria-pressed", "true")
            expect(upper.nth(1)).to_have_attribute("aria-pressed", "true")
            expect(bpage.locator('#declare [aria-pressed="true"]')).to_have_count(2)
            blue.shot(f"pl28-{lang}-blue-phone-double-poles-chosen.png")
            blue.close()
    finally:
        service.stop()
