"""Plimus through its pages in a real browser: a stretch of a game played as players do.

The two-player game on the simulated board with the real board's sensors (linear hall
sensors: plus, minus or empty; no sensor in the poles), the table page on a tablet, each
player's page on a small phone.  Blue has a double on e4, Red one on e7.  Blue steps the
double forward at the table (both its stones); Red splits the upper stone of its double off
on the phone's board; Blue's phone, which said nothing to declare until then, now offers the
pole for a capture; Blue jumps with the double, takes the captured stone off into a pole and
says on the phone which pole it went into, asked in words; Red steps a stone into a pole and
confirms it.  The board is checked by its accessible names: every stone where it stands,
seen at its centre; the dot, circle and start fields with their signs; the poles and what
they hold; no page shows internal data; the board fits a tablet and a TV.  Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardlight.service import Service, ServiceOptions
from controller.rules.plimus import PLIMUS
from tests.web_ui.browser import (
    SMALL_PHONE,
    TABLET,
    TV,
    Phone,
    fits,
    internal_words,
)
from tests.web_ui.english import assert_no_english
from tests.web_ui.games import SESSION, Pace, check_board, named, played, tap_answered
from tests.web_ui.support import serving, wait_until
from web_ui.payloads import places_json

pytestmark = pytest.mark.slow

# Six moves in: Blue's double on e4 (plus on top), Red's on e7 (minus on top).
START = "rRrRrR/R2rRr/10/4(Rr)5/10/10/4(bB)5/10/b2BbB/BbBbBb SW:- SE:- NW:- NE:- blue 6"

BOARD = PLIMUS.board
FIELDS = {BOARD.names[n]: f"start field of {team.capitalize()}, {'plus' if sign > 0 else 'minus'}"
          for team, area in BOARD.start.items() for n, sign in area}
FIELDS.update({BOARD.names[n]: "dot field" for n in BOARD.dots})
FIELDS.update({BOARD.names[n]: "circle field" for n in BOARD.circles})
SIGNS = {"+": "plus", "-": "minus"}
# Every position as /api/geometry names it: a pole in words ("the south-west pole").
PLACES = {pos: place["words"] for pos, place in places_json(
    PLIMUS, PLIMUS.geometry("two-player").positions, "en").items()}


@pytest.fixture
def game() -> Iterator[tuple[Service, Pace]]:
    pace = Pace()
    service = Service(ServiceOptions(game="plimus", variant="two-player", position=START,
                                     session=SESSION), clock=pace).start()
    wait_until(service.table, lambda s: s["status"] == "playing")
    yield service, pace
    service.stop()


def stone(kind: str) -> str:
    return f"{kind[:-1]} {SIGNS[kind[-1]]} stone"


def board_names(service: Service) -> dict[str, str]:
    """Every node and pole with stones, and the accessible name it must have."""
    out = {}
    for pos, stack in service.table.public()["layout"].items():
        if pos in BOARD.pole_names:
            counts = {k: stack.count(k) for k in sorted(set(stack))}
            listed = [f"{n} × {stone(k)}" for k, n in counts.items()]
            said = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
            out[pos] = f"{PLACES[pos]}: {said}"
            continue
        what = stone(stack[0]) if len(stack) == 1 else (
            f"double, {stone(stack[1])} on {stone(stack[0])}")
        out[pos] = f"{pos}: {what}" + (f"; {FIELDS[pos]}" if pos in FIELDS else "")
    return out


@pytest.mark.parametrize("lang", ["en"])
def test_plimus_is_played_through_its_pages(browser, game, lang):
    from playwright.sync_api import expect
    service, pace = game
    with serving(service) as (app, base):
        tokens = app.extensions["boardlight"].tokens
        table = Phone(browser, base, lang, **TABLET)
        blue, red = (Phone(browser, base, lang, **SMALL_PHONE) for _ in range(2))
        tpage = table.open("/")
        bpage = blue.open(f"/join/{tokens.token('blue')}")
        rpage = red.open(f"/join/{tokens.token('red')}")
        expect(tpage.locator("#turn")).to_have_text("Blue to move")
        # The board as the game looks: its fields, their signs, the poles.
        board = tpage.locator("#board")
        expect(board.locator(".pl-dot-field")).to_have_count(4)
        expect(board.locator(".pl-circle-field")).to_have_count(2)
        expect(board.locator(".pl-start-field")).to_have_count(48)
        expect(board.locator(".pl-field-sign")).to_have_count(48)
        expect(board.locator(".pl-pole")).to_have_count(4)
        expect(named(tpage, "d4: empty; dot field")).to_have_count(1)
        expect(named(tpage, "c5: empty; circle field")).to_have_count(1)
        expect(named(tpage, "a3: empty; start field of Yellow, plus")).to_have_count(1)
        expect(named(tpage, "d2: empty; start field of Blue, plus")).to_have_count(1)
        expect(named(tpage, "e4: double, blue plus stone on blue minus stone")).to_have_count(1)
        expect(named(tpage, f"{PLACES['SW']}: empty")).to_have_count(1)
        extras = tpage.locator("#extras")
        expect(extras).to_contain_text("0 of 12 formed up on Red's start area")
        expect(extras).to_contain_text("194 moves left before a draw")
        # Nothing to declare: a stone may go into a pole, but that is asked when it does.
        expect(bpage.locator("#declare")).to_be_hidden()
        assert internal_words(tpage) == [] and internal_words(bpage) == [] and fits(tpage)
        table.shot(f"plimus-{lang}-table-tablet-start.png", full=False)
        blue.shot(f"plimus-{lang}-blue-phone-start.png")

        # 1. Blue steps its double forward at the table: both stones up, both down.
        tap_answered(tpage, "e4", 2)
        tap_answered(tpage, "e5", 2)
        played(service, 1, "e4-e5")
        expect(tpage.locator("#last-move")).to_have_text(
            "Last move, Blue: double (blue plus stone on top) from e4 to e5")
        pace.breathe()

        # 2. Red splits its double on the phone's board: the upper stone steps to f6.
        tap_answered(rpage, "e7")
        tap_answered(rpage, "f6")
        played(service, 2, "e7^-f6")
        expect(named(tpage, "e7: red plus stone")).to_have_count(1)
        pace.breathe()

        # 3. Blue may now capture: the phone offers the pole first, only now.
        declare = bpage.locator("#declare")
        expect(declare).to_be_visible()
        expect(declare).to_contain_text("Which pole does the stone on f6 go into?")
        for pole in BOARD.pole_names:  # each pole by its name, standing alone
            name = PLACES[pole][0].upper() + PLACES[pole][1:]
            expect(declare.get_by_role("button", name=name, exact=True)).to_be_visible()
        blue.shot(f"plimus-{lang}-blue-phone-capture-offered.png")
        # Blue jumps with the double over f6, takes the red stone off into pole SW ...
        tap_answered(tpage, "e5", 2)
        tap_answered(tpage, "g7", 2)
        tap_answered(tpage, "f6")
        tap_answered(tpage, "SW")
        # ... and is asked which pole, in words (the board cannot see into the poles).
        choose = bpage.locator(".prompt.choose")
        expect(choose).to_contain_text("Which pole did the captured stone go into?")
        expect(choose.get_by_role("button")).to_have_count(4)
        expect(declare).to_be_hidden()  # the question stands: the answer goes there
        # Each answer is the whole move, the captured stone and its pole first.
        into_sw = ("captured red minus stone from f6 into the south-west pole: "
                   "double (blue plus stone on top) from e5 jumps to g7")
        expect(choose.get_by_role("button", name=into_sw)).to_be_visible()
        expect(tpage.locator(".prompt")).to_contain_text("Waiting for Blue's phone")
        blue.shot(f"plimus-{lang}-blue-phone-which-pole.png")
        choose.get_by_role("button", name=into_sw).click()
        played(service, 3, "e5:g7 xf6>SW")
        expect(tpage.locator("#last-move")).to_have_text(
            f"Last move, Blue: {into_sw}")
        expect(named(tpage, f"{PLACES['SW']}: 1 × red minus stone")).to_have_count(1)
        expect(named(tpage, "g7: double, blue plus stone on blue minus stone; dot field")
               ).to_have_count(1)
        # The pole's row beside the board, headed by its name: what it holds.
        expect(extras.locator(".pl-row").filter(has_text="The south-west pole")).to_contain_text(
            "1 × red minus stone")
        expect(extras).to_contain_text("200 moves left before a draw")
        pace.breathe()

        # 4. Red steps c9 into pole NW: one possible move, confirmed on the phone.
        tap_answered(rpage, "c9")
        tap_answered(rpage, "NW")
        confirm = rpage.locator(".prompt.confirm")
        expect(confirm).to_contain_text(
            "The board shows this move: red plus stone from c9 into the north-west pole.")
        red.shot(f"plimus-{lang}-red-phone-confirm.png")
        confirm.get_by_role("button", name="Yes, that is my move").click()
        played(service, 4, "c9-NW")
        expect(named(tpage, f"{PLACES['NW']}: 1 × red plus stone")).to_have_count(1)
        expect(tpage.locator("#recent li")).to_have_count(4)

        check_board(tpage, board_names(service))
        assert fits(tpage)
        table.shot(f"plimus-{lang}-table-tablet.png", full=False)
        for page in (bpage, rpage):
            check_board(page, board_names(service))
        blue.shot(f"plimus-{lang}-blue-phone.png")
        red.shot(f"plimus-{lang}-red-phone.png")
        tv = Phone(browser, base, lang, **TV)
        tvpage = tv.open("/")
        check_board(tvpage, board_names(service))
        assert fits(tvpage)
        tv.shot(f"plimus-{lang}-table-tv.png", full=False)
        for phone in (table, blue, red, tv):
            phone.close()
        assert_no_english(browser, base)  # the game as it stands, in German and French
