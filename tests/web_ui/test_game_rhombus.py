"""Rhombus through its pages in a real browser: a stretch of a game played as players do.

The table page runs on a tablet beside the simulated board, each player's page on a small
phone.  Red chooses a combination on the phone (the queen of clubs on the table with the king
of clubs from the hidden hand), says it, and moves two pieces on the board; Blue moves a piece
first and confirms on the phone (the hidden hand card means even a single reading is asked,
as a confirmation with the move in words); Red plays a kill card alone, which moves nothing,
from the phone.  Every piece is then checked by its accessible name where it stands, seen at
its centre, and the reserves and eliminated pieces by the geometry's words for them; the cards
by their names (``queen of clubs``); moves in words ("Q♣ + K♣: 2 red pieces from b1 and a2 to
e1 and a4"); no page shows internal data, a place id, a card code or a move text, and the
phones, switched to German and French, no English; the board fits a tablet and a TV.
Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from controller.rules.rhombus.cards import SUITS, VALUES
from tests.web_ui.browser import (
    SMALL_PHONE,
    TABLET,
    TV,
    Phone,
    fits,
)
from tests.web_ui.english import assert_no_english, english_patterns, shown
from tests.web_ui.games import SESSION, Pace, check_board, named, played, tap
from tests.web_ui.support import serving, wait_until
from tests.web_ui.test_said_in_words import codes

pytestmark = pytest.mark.slow



def start_position(board: str, hands: dict[str, str], pile_first: tuple[str, ...]) -> str:
    """A two-player position with Red to move: the board (ranks 5 to 1), each seat's open
    and hidden cards; the pile starts with ``pile_first``, then the rest of the deck."""
    used = {c for h in hands.values() for part in h.split("/") for c in part.split(",")}
    rest = [v + s for v in VALUES for s in SUITS if v + s not in used | set(pile_first)]
    return " ".join([board, "r", "reserve=3,3", "out=0,0",
                     *(f"{seat}={cards}" for seat, cards in hands.items()),
                     "pile=" + ",".join([*pile_first, *rest]), "discard=-", "seed=0",
                     "shuffles=0", "ply=0"])


# Red: the queen of clubs and the 7 of diamonds on the table, the king of clubs hidden; Blue:
# the ace of spades and the 8 of hearts on the table, the 6 of diamonds hidden.  The pile
# gives Red the 9 of hearts (open) and the 10 of spades (hidden) for the queen and the king.
START = start_position("...bb/....b/...../r..../rr...", {"r": "QC,7D/KC", "b": "AS,8H/6D"},
                       ("9H", "10S"))


@pytest.fixture
def game() -> Iterator[tuple[Service, Pace]]:
    pace = Pace()
    service = Service(ServiceOptions(game="rhombus", variant="two-player", seed=1,
                                     position=START, session=SESSION), clock=pace).start()
    wait_until(service.table, lambda s: s["status"] == "playing")
    yield service, pace
    service.stop()


COLOURS = {"r": "red", "b": "blue"}
STARTS = {"a1", "e5"}


def board_names(service: Service, places: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Every square with a piece and every place beside the board (a reserve, the eliminated
    pieces), and the accessible name each must have; the places as the geometry words them."""
    snap = service.table.public()
    blockades = set(snap["view"]["blockades"])
    out = {}
    for pos, place in places.items():
        stack = snap["layout"].get(pos, [])
        if place["kind"] == "reserve":
            n = len(stack)
            out[pos] = f"{place['words']} holds {n} {'piece' if n == 1 else 'pieces'}"
            continue
        if place["kind"] == "eliminated":
            out[pos] = f"{place['words']}: {len(stack)}"
            continue
        if not stack:
            continue
        label = f"{place['words']}: {COLOURS[stack[-1]]} piece"
        if pos in STARTS:
            label += ", start corner"
        if pos in blockades:
            label += ", in a blockade"
        out[pos] = label
    return out


SET_LANG = """async (lang) => { await fetch('/api/lang', {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify({lang})}); }"""


def no_codes(page: Any, service: Service, lang: str) -> None:
    """The page (text and accessible names) shows no place id, no card code, no move text of
    the notation, and in German or French no English of the catalog."""
    text = shown(page)
    moves = [m["move"] for m in service.table.public()["moves"]]
    assert not codes(text, service, moves), codes(text, service, moves)
    if lang != "en":
        left = [e for e, p in english_patterns(lang) if p.search(text)]
        assert not left, f"English in {lang}: {left[:6]}"


@pytest.mark.parametrize("lang", ["en"])
def test_rhombus_is_played_through_its_pages(browser, game, lang):
    from playwright.sync_api import expect
    service, pace = game
    with serving(service) as (app, base):
        tokens = app.extensions["boardlight"].tokens
        places = app.test_client().get("/api/geometry", headers={"Accept-Language": "en"}
                                       ).get_json()["places"]
        assert {"Red's reserve", "Red's eliminated pieces", "Blue's reserve",
                "Blue's eliminated pieces"} <= {p["words"] for p in places.values()}
        table = Phone(browser, base, lang, **TABLET)
        red, blue = (Phone(browser, base, lang, **SMALL_PHONE) for _ in range(2))
        tpage = table.open("/")
        rpage = red.open(f"/join/{tokens.token('r')}")
        bpage = blue.open(f"/join/{tokens.token('b')}")
        expect(tpage.locator("#turn")).to_have_text("Red to move")
        # The board as the designers drew it: start corners, both colours; the open cards.
        expect(named(tpage, "a1: red piece, start corner")).to_have_count(1)
        expect(named(tpage, "e5: blue piece, start corner")).to_have_count(1)
        expect(named(tpage, "c3: empty")).to_have_count(1)
        expect(tpage.locator("#board .rh-corner")).to_have_count(4)
        expect(tpage.locator("#board .rh-dark")).to_have_count(9)
        expect(tpage.locator("#board .rh-light")).to_have_count(12)
        expect(named(tpage, "Red's reserve holds 3 pieces")).to_have_count(1)
        expect(named(tpage, "Blue's eliminated pieces: 0")).to_have_count(1)
        extras = tpage.locator("#extras")
        for name in ("queen of clubs", "7 of diamonds", "ace of spades", "8 of hearts"):
            expect(extras.locator(f'[aria-label="{name}"]')).to_have_count(1)
        expect(extras.locator('[aria-label="a hidden hand card"]')).to_have_count(2)
        expect(extras.locator('[aria-label="king of clubs"]')).to_have_count(0)
        assert fits(tpage)
        table.shot(f"rhombus-{lang}-table-tablet-start.png", full=False)
        # Each phone: its own cards (the hidden one too), what they can do, in words.
        cards = rpage.locator(".rh-hand")
        for name in ("queen of clubs", "7 of diamonds", "king of clubs"):
            expect(cards.locator(f'[aria-label="{name}"]')).to_have_count(1)
        expect(bpage.locator('[aria-label="king of clubs"]')).to_have_count(0)
        expect(rpage.locator(".rh-combos")).to_contain_text(
            "Q♣ + K♣: 3 squares, 2 squares (either order, one piece or two)")
        expect(bpage.locator(".rh-hand")).to_contain_text("6")
        red.shot(f"rhombus-{lang}-red-phone-cards.png")

        # 1. Red picks the queen and the hidden king of clubs, says them, moves two pieces.
        cards.locator('[aria-label="queen of clubs"]').click()
        cards.locator('[aria-label="king of clubs"]').click()
        guide = rpage.locator(".rh-guide")
        expect(guide).to_contain_text("Q♣ + K♣: 3 squares, 2 squares")
        red.shot(f"rhombus-{lang}-red-phone-combination.png")
        guide.get_by_role("button", name="Play them: I move my pieces on the board").click()
        expect(guide).to_contain_text("Now move your pieces on the board")
        tap(tpage, "a2")
        expect(tpage.locator('#hand [aria-label="red piece"]')).to_have_count(1)  # in hand
        for pos in ("a4", "b1", "e1"):
            tap(tpage, pos)
        played(service, 1, "QC+KC* b1,a2-e1,a4")
        expect(tpage.locator("#last-move")).to_have_text(
            "Last move, Red: Q♣ + K♣: 2 red pieces from b1 and a2 to e1 and a4")
        expect(rpage.locator(".prompt")).to_have_count(0)  # said first: nothing to ask
        expect(named(tpage, "e1: red piece")).to_have_count(1)
        expect(named(tpage, "a4: red piece")).to_have_count(1)
        expect(extras.locator('[aria-label="9 of hearts"]')).to_have_count(1)  # the new card
        expect(cards.locator('[aria-label="10 of spades"]')).to_have_count(1)  # hidden, new
        expect(tpage.locator('[aria-label="10 of spades"]')).to_have_count(0)

        # 2. Blue moves first; the hidden hand card means the phone confirms even one reading.
        pace.breathe()
        tap(tpage, "d5")
        tap(tpage, "c5")
        confirm = bpage.locator(".prompt.confirm")
        expect(confirm).to_contain_text("The board shows this move: A♠: blue piece from d5 to c5.")
        expect(bpage.locator(".prompt.choose")).to_have_count(0)
        expect(tpage.locator(".prompt.waiting")).to_contain_text("Waiting for Blue's phone")
        blue.shot(f"rhombus-{lang}-blue-phone-confirm.png")
        no_codes(bpage, service, lang)
        confirm.get_by_role("button", name="Yes, that is my move").click()
        played(service, 2, "AS d5-c5")

        # 3. Red plays the 7 of diamonds alone: it moves nothing, so the phone plays it.
        pace.breathe()
        expect(rpage.locator("#turn")).to_have_text("Your turn")
        cards.locator('[aria-label="7 of diamonds"]').click()
        expect(guide).to_contain_text("no piece moves")
        guide.get_by_role("button", name="7♦: no piece moves").click()
        played(service, 3, "7D")

        # Every piece where it stands, seen; the cards; the move list; no internal data; the
        # board whole on a tablet and on a TV.
        expect(tpage.locator("#recent li")).to_have_count(3)
        expect(tpage.locator("#recent li").nth(1)).to_contain_text("A♠: blue piece from d5 to c5")
        for name in ("9 of hearts", "6 of hearts", "8 of hearts", "6 of clubs"):
            expect(extras.locator(f'[aria-label="{name}"]')).to_have_count(1)
        expect(extras).to_contain_text("4 cards played")
        check_board(tpage, board_names(service, places))
        assert fits(tpage)
        table.shot(f"rhombus-{lang}-table-tablet.png", full=False)
        for page in (rpage, bpage):
            check_board(page, board_names(service, places))
        red.shot(f"rhombus-{lang}-red-phone.png")
        blue.shot(f"rhombus-{lang}-blue-phone.png")
        for page in (tpage, rpage, bpage):
            no_codes(page, service, lang)
        tv = Phone(browser, base, lang, **TV)
        tvpage = tv.open("/")
        expect(named(tvpage, "c5: blue piece")).to_have_count(1)
        check_board(tvpage, board_names(service, places))
        assert fits(tvpage)
        tv.shot(f"rhombus-{lang}-table-tv.png", full=False)
        # The phones in German and French: Blue, to move, sees its cards and what they do.
        for other in ("de", "fr"):
            for phone, who in ((red, "red"), (blue, "blue")):
                phone.page.evaluate(SET_LANG, other)
                no_codes(phone.open("/seat"), service, other)
                phone.shot(f"rhombus-{other}-{who}-phone.png")
        for phone in (table, red, blue, tv):
            phone.close()
        assert_no_english(browser, base)  # the game as it stands, in German and French
