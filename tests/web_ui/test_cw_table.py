"""Crosswise, what newcomers tripped on (issue 28, item 11), in a real browser.

* The names under the tiles of a phone's hand stay inside their tiles in every language
  (French "tuile action « Remplacer »" and German "Sonderstein „Verschieben“" are long, and a
  guillemet phrase does not break): no name runs into the next tile.
* Every place of the played action tiles carries its accessible name, empty or filled, in
  English, German and French.
* A tile chosen on the mover's phone leaves a hint on the table and on the other phones
  ("Green has chosen a tile on the phone."), never which tile; the hint goes when the phone
  takes the choice back.  The public snapshot says which seats have declared something
  (``declared``), never what.

Screenshots (``test-artifacts/``) at tablet and phone sizes, in English, German and French.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from tests.web_ui.browser import PHONE, SMALL_PHONE, TABLET, Phone
from tests.web_ui.conftest import FAST
from tests.web_ui.support import serving, wait_until
from tests.web_ui.test_game_crosswise import start_position

pytestmark = pytest.mark.slow

# Green holds a pentagon and three action tiles (the longest names); Orange two removes, a
# replace and a square.  One move tile is already played: its first place is filled.
START = start_position("....../..5.../.6..6./..13../...4../1.....", ["5MXS", "4RRX"], "M")
LANGS = ["en", "de", "fr"]


@pytest.fixture
def game() -> Iterator[Service]:
    service = Service(ServiceOptions(game="crosswise", variant="two-player", seed=1,
                                     position=START, session=FAST)).start()
    wait_until(service.table, lambda s: s["status"] == "playing")
    yield service
    service.stop()


def overflowing(page: Any) -> list[str]:
    """The hand's tile names whose text runs outside their tile."""
    return list(page.evaluate("""() => [...document.querySelectorAll('.cw-hand-tile')]
      .filter((tile) => {
        const name = tile.querySelector('.cw-hand-name');
        const range = document.createRange();
        range.selectNodeContents(name);
        const t = range.getBoundingClientRect(), b = tile.getBoundingClientRect();
        return t.left < b.left - 0.5 || t.right > b.right + 0.5 || t.bottom > b.bottom + 0.5;
      }).map((tile) => tile.getAttribute('aria-label'))"""))


def overlapping(page: Any) -> list[list[str]]:
    """Pairs of the hand's tiles that overlap."""
    return list(page.evaluate("""() => {
      const tiles = [...document.querySelectorAll('.cw-hand-tile')];
      const out = [];
      tiles.forEach((a, i) => tiles.slice(i + 1).forEach((b) => {
        const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
        if (r.left < s.right - 0.5 && s.left < r.right - 0.5 && r.top < s.bottom - 0.5
            && s.top < r.bottom - 0.5) {
          out.push([a.getAttribute('aria-label'), b.getAttribute('aria-label')]);
        }
      }));
      return out;
    }"""))


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_names_stay_inside_their_tiles(browser, game, lang):
    from playwright.sync_api import expect
    with serving(game) as (app, base):
        tokens = app.extensions["boardlight"].tokens
        for seat, device, size in (("green", SMALL_PHONE, "small-phone"),
                                   ("orange", PHONE, "phone")):
            phone = Phone(browser, base, lang, **device)
            page = phone.open(f"/join/{tokens.token(seat)}")
            expect(page.locator(".cw-hand-tile")).to_have_count(4)
            assert overflowing(page) == []
            assert overlapping(page) == []
            page.locator(".cw-hand").scroll_into_view_if_needed()
            phone.shot(f"cw28-{lang}-{seat}-{size}-hand.png", full=False)
            phone.close()


@pytest.mark.parametrize("lang", LANGS)
def test_every_place_of_the_played_action_tiles_is_named(browser, game, lang):
    from playwright.sync_api import expect
    with serving(game) as (_app, base):
        for device in (TABLET, SMALL_PHONE):
            phone = Phone(browser, base, lang, **device)
            page = phone.open("/")
            state = page.request.get(f"{base}/api/state").json()
            places = page.request.get(f"{base}/api/geometry").json()["places"]
            layout = state["layout"]
            slots = [pos for pos, place in places.items() if place["kind"] == "used"]
            assert len(slots) == 12
            for pos in slots:
                stack = layout.get(pos, [])
                name = page.evaluate(
                    "([p, w]) => w ? BL._('%(place)s: %(piece)s', {place: p, piece: w})"
                    " : BL._('%(place)s: empty', {place: p})",
                    [places[pos]["words"], state["pieces"][stack[-1]] if stack else ""])
                slot = page.locator(f'#board [data-pos="{pos}"]')
                expect(slot).to_have_attribute("aria-label", name)
                expect(page.get_by_role("button", name=name, exact=True)).to_have_count(1)
                assert places[pos]["words"] not in ("", pos)
            phone.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_tile_chosen_on_the_phone_is_hinted_on_the_table(browser, game, lang):
    from playwright.sync_api import expect
    with serving(game) as (app, base):
        tokens = app.extensions["boardlight"].tokens
        table = Phone(browser, base, lang, **TABLET)
        small = Phone(browser, base, lang, **PHONE)
        green = Phone(browser, base, lang, **SMALL_PHONE)
        orange = Phone(browser, base, lang, **SMALL_PHONE)
        tpage = table.open("/")
        spage = small.open("/")
        gpage = green.open(f"/join/{tokens.token('green')}")
        opage = orange.open(f"/join/{tokens.token('orange')}")
        state = tpage.request.get(f"{base}/api/state").json()
        hint = gpage.evaluate("(seat) => BL._('%(seat)s has chosen a tile on the phone.', {seat})",
                              state["labels"]["green"])
        pentagon = state["pieces"]["5"]
        for page in (tpage, spage, opage):
            expect(page.locator(".cw-declared")).to_have_count(0)

        # Green taps the pentagon tile on the phone: the table knows a tile is chosen, not
        # which; so does Orange's phone; Green's own phone needs no hint.
        gpage.locator(".cw-hand-tile").first.click()
        expect(gpage.locator(".cw-hand-tile").first).to_have_attribute("aria-pressed", "true")
        snap = wait_until(game.table, lambda s: "green" in s.get("declared", []), timeout=5)
        assert snap["declared"] == ["green"], "the public snapshot says who declared"
        public = tpage.request.get(f"{base}/api/state").json()
        assert public["declared"] == ["green"] and "tile" not in str(public.get("declared"))
        for page in (tpage, spage, opage):
            expect(page.locator(".cw-declared")).to_have_text(hint)
            assert pentagon not in page.locator(".cw-declared").inner_text()
        expect(gpage.locator(".cw-declared")).to_have_count(0)
        table.shot(f"cw28-{lang}-table-tablet-chosen.png", full=False)
        small.shot(f"cw28-{lang}-table-phone-chosen.png")
        orange.shot(f"cw28-{lang}-orange-phone-chosen.png")

        # Green puts it back (taps it again): the hint goes.
        gpage.locator(".cw-hand-tile").first.click()
        wait_until(game.table, lambda s: s.get("declared") == [], timeout=5)
        for page in (tpage, spage, opage):
            expect(page.locator(".cw-declared")).to_have_count(0)
        for phone in (table, small, green, orange):
            phone.close()
