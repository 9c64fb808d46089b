"""The pages in a real browser (Debian's Chromium, headless), at a phone's size.

Screenshots go to test-artifacts/ for people to look at.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from controller.rules import MANIFESTS
from tests.support.toygame import TOY
from tests.web_ui.browser import Phone
from tests.web_ui.conftest import FAST
from tests.web_ui.english import assert_no_english, english_patterns, shown
from tests.web_ui.support import HOST_TOKEN, serving, wait_until

pytestmark = pytest.mark.slow


def test_the_table_page_on_a_phone_follows_a_move_without_reloading(browser, abalone):
    from playwright.sync_api import expect
    with serving(abalone) as (_app, base):
        phone = Phone(browser, base)
        page = phone.open("/")
        expect(page.locator("#board [data-pos]")).to_have_count(61 + 2)
        expect(page.locator("#turn")).to_have_text("Black to move")
        expect(page.locator("#join-codes svg.qr")).to_have_count(2)
        phone.shot("table-phone-first-screen.png", full=False)
        page.click('[data-pos="A1"]')
        expect(page.locator("#hand .piece-chip")).to_have_count(1)
        expect(page.locator('[data-pos="A1"] circle.piece')).to_have_class("piece lifted")
        page.click('[data-pos="D4"]')
        expect(page.locator("#last-move")).to_have_text(
            "Last move, Black: moved the black marbles on A1, B2, and C3 in line to B2, C3, "
            "and D4")
        expect(page.locator("#turn")).to_have_text("White to move")
        expect(page.locator('[data-pos="D4"] circle.led')).to_have_attribute("visibility",
                                                                              "visible")
        assert abalone.table.public()["last_move"] == "A1B2"
        assert phone.navigations == 1  # the page was never reloaded
        phone.shot("table-phone-after-move.png")
        phone.close()
        assert_no_english(browser, base)  # the game as it stands, in German and French


def test_the_table_page_says_how_to_put_a_wrong_move_back(browser, abalone):
    from playwright.sync_api import expect
    with serving(abalone) as (_app, base):
        tablet = Phone(browser, base, viewport={"width": 820, "height": 1180},
                       device_scale_factor=1, is_mobile=False, has_touch=True)
        page = tablet.open("/")
        page.click('[data-pos="I5"]')  # a white marble, on black's turn
        expect(page.locator("#hand .piece-chip")).to_have_count(1)  # in hand before placing
        page.click('[data-pos="E5"]')
        correction = page.locator(".prompt.correction")
        expect(correction).to_contain_text("Put it back", timeout=10_000)
        expect(correction).to_contain_text("E5")
        expect(page.locator('[data-pos="E5"] circle.led')).to_have_attribute("visibility",
                                                                              "visible")
        tablet.shot("table-tablet-correction.png", full=False)
        page.click('[data-pos="E5"]')
        expect(page.locator("#hand .piece-chip")).to_have_count(1)
        page.click('[data-pos="I5"]')
        expect(correction).to_have_count(0)
        tablet.close()


@pytest.fixture
def toy6() -> Iterator[Service]:
    service = Service(ServiceOptions(game=TOY, seed=6, session=FAST)).start()
    wait_until(service.table, lambda s: s["status"] == "playing")
    yield service
    service.stop()


def hand_on(page: Any) -> list[str]:
    page.wait_for_selector("#private .token")
    return sorted(page.locator("#private .token").all_text_contents())


def test_two_seats_each_see_their_own_hand_only(browser, toy6):
    from playwright.sync_api import expect
    n_hand, s_hand = (sorted(h) for h in toy6.runner.session.state.hands)
    assert n_hand != s_hand  # seed 6 deals them differently, so a mix-up would show
    with serving(toy6) as (app, base):
        tokens = app.extensions["boardlight"].tokens
        n, s, table = Phone(browser, base), Phone(browser, base), Phone(browser, base)
        n_page = n.open(f"/join/{tokens.token('n')}")
        s_page = s.open(f"/join/{tokens.token('s')}")
        assert n_page.url == base + "/seat" and s_page.url == base + "/seat"
        assert hand_on(n_page) == n_hand and hand_on(s_page) == s_hand
        expect(n_page.locator("#turn")).to_have_text("Your turn")
        expect(s_page.locator("#turn")).to_have_text("North to move")
        table_page = table.open("/")
        expect(table_page.locator("#private")).to_have_count(0)
        n.shot("seat-n-phone.png")
        s.shot("seat-s-phone.png")
        # n lays a token from the hand on the simulated board; the board cannot tell which,
        # so n's page asks, and n alone.
        token = n_hand[0]
        n_page.click(f'#private .token:text-is("{token}")')
        n_page.click('[data-pos="c3"]')
        name = {"r": "red token", "b": "blue token"}[token]
        choice = n_page.locator(f'.prompt.choose button:text-is("laid a {name} on c3")')
        expect(choice).to_be_visible()
        expect(s_page.locator(".prompt.choose")).to_have_count(0)
        n.shot("seat-n-asked.png")
        choice.click()
        expect(s_page.locator("#turn")).to_have_text("Your turn")
        expect(table_page.locator("#last-move")).to_have_text(
            f"Last move, North: laid a {name} on c3")
        new_n = sorted(toy6.runner.session.state.hands[0])
        expect(n_page.locator("#private .token")).to_have_count(len(new_n))
        assert hand_on(n_page) == new_n and hand_on(s_page) == s_hand
        table.shot("table-toy-phone.png")
        for phone in (n, s, table):
            phone.close()


def test_a_player_resigns_with_a_confirm_step(browser, abalone):
    from playwright.sync_api import expect
    with serving(abalone) as (app, base):
        phone = Phone(browser, base)
        page = phone.open(f"/join/{app.extensions['boardlight'].tokens.token('w')}")
        expect(page.locator("#you-label")).to_have_text("White")
        expect(page.locator("#end-turn")).to_be_disabled()  # not white's turn
        phone.shot("seat-white-phone.png")
        page.click("#resign")
        expect(page.locator("#resign-confirm")).to_be_visible()
        assert abalone.table.public()["outcome"] is None  # nothing happens before "yes"
        page.click("#resign-yes")
        expect(page.locator("#outcome")).to_have_text("Black wins: White resigned.")
        phone.close()


def test_the_host_names_players_and_starts_a_new_game(browser, abalone):
    from playwright.sync_api import expect
    with serving(abalone) as (_app, base):
        host, table = Phone(browser, base), Phone(browser, base)
        page = host.page
        page.goto(f"{base}/host/{HOST_TOKEN}")
        page.wait_for_selector("#seats input")
        page.fill('#seats input[name="b"]', "Ann")
        page.click('#names button[type="submit"]')
        table_page = table.open("/")
        expect(table_page.locator("#turn")).to_have_text("Ann (Black) to move")
        page.select_option("#variant-select", "belgian-daisy")
        expect(page.locator("#variant-summary")).to_contain_text("daisies")
        page.click('#new-game button[type="submit"]')
        page.click("#new-game-yes")
        expect(table_page.locator("#variant")).to_have_text("Belgian daisy")
        host.shot("host-phone.png")
        table.shot("table-phone-belgian-daisy.png", full=False)
        host.close(), table.close()


def test_the_host_hands_a_seat_to_the_computer_and_the_table_shows_its_move(browser, abalone):
    from playwright.sync_api import expect
    with serving(abalone) as (_app, base):
        host, table = Phone(browser, base), Phone(browser, base)
        page = host.page
        page.goto(f"{base}/host/{HOST_TOKEN}")
        page.wait_for_selector('select[name="computer-b"]')
        table_page = table.open("/")
        page.select_option('select[name="computer-b"]', "easy")
        expect(table_page.locator("#turn")).to_contain_text("(computer, easy) to move")
        shown = table_page.locator("#prompts")
        expect(shown).to_contain_text("Computer's move")
        expect(shown).to_contain_text("Black (computer): moved the black marble")
        table.shot("table-phone-computer-move.png", full=False)
        page.select_option('select[name="computer-b"]', "")  # a person again
        expect(shown).not_to_contain_text("Computer's move")
        expect(table_page.locator("#turn")).not_to_contain_text("computer")
        host.close(), table.close()


def test_blitz_clocks_count_down_on_the_table_page(browser):
    from playwright.sync_api import expect
    service = Service(ServiceOptions(game="abalone", variant="blitz")).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        with serving(service) as (_app, base):
            phone = Phone(browser, base)
            page = phone.open("/")
            clocks = page.locator("#clocks .clock")
            expect(clocks).to_have_count(2)
            expect(page.locator("#clocks .clock.running")).to_contain_text("Black 4:5")
            expect(clocks.nth(1)).to_have_text("White 5:00")
            page.click('[data-pos="A1"]')
            expect(page.locator("#hand .piece-chip")).to_have_count(1)
            page.click('[data-pos="D4"]')
            expect(page.locator("#clocks .clock.running")).to_contain_text("White 4:5")
            expect(page.locator("#clocks")).to_contain_text("5 min")
            phone.shot("table-phone-blitz-clocks.png", full=False)
            phone.close()
    finally:
        service.stop()


RANKS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def hand_item_name(game: str, item: str) -> str:
    """A hand's tile or card as its page names it: Crosswise's tiles by their piece names
    ("cross tile"), Rhombus's cards as "queen of clubs"."""
    if game == "rhombus":
        return f"{RANKS.get(item[:-1], item[:-1])} of {SUITS[item[-1]]}"
    return MANIFESTS[game].pieces[item][0]


@pytest.mark.parametrize("game, variant, seat", [("crosswise", "two-player", "green"),
                                                 ("rhombus", "two-player", "r")])
def test_a_hidden_hand_game_shows_each_seat_its_own_hand(browser, game, variant, seat):
    from playwright.sync_api import expect
    service = Service(ServiceOptions(game=game, variant=variant, seed=1)).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        hand = service.table.seat(seat)["view"]["hand"]
        with serving(service) as (app, base):
            token = app.extensions["boardlight"].tokens.token(seat)
            phone = Phone(browser, base)
            page = phone.open(f"/join/{token}")
            expect(page.locator("#private")).to_be_visible()
            for item in hand:  # each tile or card by its name: "cross tile", "8 of clubs"
                name = hand_item_name(game, str(item))
                expect(page.locator(f'#private [aria-label="{name}"]').first).to_be_visible()
            phone.shot(f"seat-{game}-{seat}-phone.png")
            table = Phone(browser, base)
            table.open("/")
            table.shot(f"table-{game}-phone.png")  # (what the table may see: test_privacy*)
            phone.close()
            table.close()
    finally:
        service.stop()


@pytest.mark.parametrize("game, variant", [("abalone", "three-player"), ("crosswise", "two-player"),
                                           ("drhombix", "cuckoo-square"), ("rhombus", "formation"),
                                           ("plimus", "four-player")])
def test_every_games_table_page_draws_its_whole_board(browser, game, variant):
    from playwright.sync_api import expect
    service = Service(ServiceOptions(game=game, variant=variant, seed=2)).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        geo = service.game.geometry(variant)
        with serving(service) as (_app, base):
            phone = Phone(browser, base)
            page = phone.open("/")
            expect(page.locator("#board [data-pos]")).to_have_count(
                len(geo.cells) + len(geo.zones))
            expect(page.locator("#turn")).to_contain_text("to move")
            phone.shot(f"table-{game}-{variant}.png", full=False)
            phone.close()
    finally:
        service.stop()


def test_crosswise_table_shows_the_live_line_scores(browser):
    from playwright.sync_api import expect
    service = Service(ServiceOptions(game="crosswise", variant="two-player", seed=1)).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        with serving(service) as (_app, base):
            phone = Phone(browser, base)
            page = phone.open("/")
            # Each line's points at its edge: green's rows 1..6, orange's columns a..f.
            badges = page.locator("#board .cw-badge")
            expect(badges).to_have_count(12)
            for label in ("row 1: 0 points for Green", "row 6: 0 points for Green",
                          "column a: 0 points for Orange", "column f: 0 points for Orange"):
                expect(page.locator(f'#board .cw-badge[aria-label="{label}"]')).to_have_text("0")
            expect(page.locator("#extras")).to_contain_text("Green scores the rows")
            phone.close()
    finally:
        service.stop()


# ---- the phone's header: the game's name whole; a page that lost its seat says so ----------

WHOLE_NAME = """() => {
  const top = document.querySelector("header.top"), where = top.querySelector(".where");
  const title = document.getElementById("game-title");
  const w = where.getBoundingClientRect(), t = title.getBoundingClientRect();
  return [where.scrollWidth <= where.clientWidth + 1, top.scrollWidth <= top.clientWidth + 1,
          t.left >= w.left - 1 && t.right <= w.right + 1 && t.bottom <= w.bottom + 1,
          title.textContent];
}"""


@pytest.mark.parametrize("game", ["abalone", "crosswise", "drhombix", "plimus", "rhombus"])
def test_a_phones_header_shows_the_games_whole_name(browser, game):
    service = Service(ServiceOptions(game=game, seed=1)).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        with serving(service) as (app, base):
            seats = service.table.public()["seats"]
            for lang, seat in (("de", seats[0]), ("fr", seats[1])):
                token = app.extensions["boardlight"].tokens.token(seat)
                phone = Phone(browser, base, lang=lang)
                for path in (f"/join/{token}", "/"):
                    page = phone.open(path)
                    for width in (360, 390):
                        page.set_viewport_size({"width": width, "height": 800})
                        *fits, title = page.evaluate(WHOLE_NAME)
                        assert fits == [True, True, True], (game, lang, path, width, title)
                        if game in ("abalone", "crosswise"):
                            where = "seat" if path != "/" else "table"
                            phone.shot(f"header-{game}-{lang}-{where}-{width}.png", full=False)
                phone.close()
    finally:
        service.stop()


def test_a_seat_page_that_lost_its_seat_says_so_in_a_heading_and_why_below(browser, abalone):
    from playwright.sync_api import expect
    with serving(abalone) as (app, base):
        phone = Phone(browser, base, lang="de")
        page = phone.open(f"/join/{app.extensions['boardlight'].tokens.token('b')}")
        host = app.test_client()
        assert host.get(f"/host/{HOST_TOKEN}").status_code == 303
        assert host.post("/api/host/reissue", json={"seat": "b"}).status_code == 200
        heading = page.locator("main h1")
        expect(heading).to_have_text("Du hast keinen Platz")
        reason = page.locator(".signed-out .error-message")
        expect(reason).to_have_text(
            "Der Gastgeber hat einen neuen Link für deinen Platz erstellt, daher hält dieser "
            "Browser ihn nicht mehr: Scanne den neuen Code auf der Tischseite (oder frag den "
            "Gastgeber), um ihn wieder einzunehmen.")
        # The reason reads as text under its heading, not as a second heading.
        weight = reason.evaluate("n => Number(getComputedStyle(n).fontWeight)")
        assert weight < 600
        expect(page.locator(".links")).to_be_hidden()  # "Leave this seat": there is none
        phone.shot("seat-signed-out-phone.png", full=False)
        # Opened again, the page is an error page: the same reason, as a sentence.
        page.reload()
        expect(page.locator(".error-message")).to_have_text(
            "Der Gastgeber hat einen neuen Link für deinen Platz erstellt, daher hält dieser "
            "Browser ihn nicht mehr: Scanne den neuen Code auf der Tischseite (oder frag den "
            "Gastgeber), um ihn wieder einzunehmen.")
        assert page.locator(".error-message").evaluate(
            "n => Number(getComputedStyle(n).fontWeight)") < 600
        expect(page.locator("#live")).to_have_count(0)  # no stream here: no "connecting…"
        phone.shot("seat-signed-out-reopened-phone.png", full=False)
        phone.errors = [e for e in phone.errors if "status of 401" not in e]
        phone.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_host_page_says_a_stored_game_that_could_not_be_taken_up(browser, tmp_path, lang):
    from tests.boardlight.test_eventlog import interleaved_log

    db = tmp_path / "g.db"
    gid = interleaved_log(db)
    service = Service(ServiceOptions(game="abalone", db=str(db), session=FAST)).start()
    try:
        with serving(service) as (_app, base):
            host = Phone(browser, base, lang=lang)
            page = host.page
            page.goto(f"{base}/host/{HOST_TOKEN}")
            notice = page.locator("#unreplayable")
            notice.wait_for(state="visible")
            assert f"{gid}" in notice.inner_text()
            host.shot(f"host-unreplayable-{lang}.png")
            if lang != "en":
                page.locator("#unreplayable details summary").click()
                text = shown(page)
                left = [e for e, p in english_patterns(lang) if p.search(text)]
                assert not left, left
            host.close()
    finally:
        service.stop()
