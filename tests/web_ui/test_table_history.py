"""The table's move list keeps who made each move: a seat given to the computer later, or a
player renamed, does not rewrite the moves made before (each entry's ``by``, set when the
move was made)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from tests.support import hand
from tests.web_ui.browser import TABLET, Phone
from tests.web_ui.games import SESSION, Pace
from tests.web_ui.support import HOST_TOKEN, serving, wait_until

pytestmark = pytest.mark.slow


@pytest.fixture
def paced() -> Iterator[tuple[Service, Pace]]:
    pace = Pace()
    service = Service(ServiceOptions(game="abalone", session=SESSION), clock=pace).start()
    wait_until(service.table, lambda s: s["status"] == "playing")
    yield service, pace
    service.stop()


def computer_move(snap: dict[str, Any]) -> str | None:
    shown = [p["choices"] for p in snap["prompts"] if p["kind"] == "computer"]
    return str(shown[0][0]) if shown else None


def test_each_move_keeps_who_made_it(browser, paced):
    from playwright.sync_api import expect
    service, pace = paced
    with serving(service) as (app, base):
        host = app.test_client()
        assert host.get(f"/host/{HOST_TOKEN}").status_code == 303
        assert host.post("/api/host/names", json={"names": {"b": "Ann"}}).status_code == 200
        table = Phone(browser, base, **TABLET)
        page = table.open("/")
        movers = page.locator("#recent li .muted")
        page.click('[data-pos="A1"]')  # Ann, Black: A1 B2 C3 in line to D4
        page.click('[data-pos="D4"]')
        expect(movers).to_have_text([" Ann (Black)"])
        pace.breathe()
        page.click('[data-pos="G5"]')  # White, nobody named: G5 to F5
        page.click('[data-pos="F5"]')
        expect(movers).to_have_text([" Ann (Black)", " White"])
        # Black goes to the computer: it shows its move, and a hand carries it out.
        assert host.post("/api/host/computer", json={"seat": "b", "level": "quick"}
                         ).status_code == 200
        snap = wait_until(service.table, lambda s: computer_move(s) is not None, timeout=15)
        move = computer_move(snap)
        assert move is not None
        pace.breathe()
        hand.carry_out(service, move, random.Random(1), hand.read_step_by_step)
        wait_until(service.table, lambda s: s["ply"] == 3, timeout=10)
        expect(movers).to_have_text([" Ann (Black)", " White", " Black (computer, quick)"])
        expect(page.locator("#last-move")).to_contain_text(
            "Last move, Black (computer, quick): ")
        # A name given later does not rename the moves made before it.
        assert host.post("/api/host/names", json={"names": {"b": "Bob", "w": "Cleo"}}
                         ).status_code == 200
        expect(page.locator("#turn")).to_have_text("Cleo (White) to move")
        expect(movers).to_have_text([" Ann (Black)", " White", " Black (computer, quick)"])
        table.shot("table-history-tablet.png", full=False)
        table.close()


def test_a_move_list_without_who_made_it_names_the_seat_as_it_is_now(browser, abalone):
    """Moves of an older snapshot (the club's boards, a log from before ``by``): the seat as
    it is now, as before."""
    from playwright.sync_api import expect
    with serving(abalone) as (app, base):
        host = app.test_client()
        assert host.get(f"/host/{HOST_TOKEN}").status_code == 303
        assert host.post("/api/host/names", json={"names": {"b": "Ann"}}).status_code == 200
        table = Phone(browser, base, **TABLET)
        page = table.open("/")
        expect(page.locator("#turn")).to_have_text("Ann (Black) to move")
        page.evaluate("""() => {
          const s = { seats: ["b", "w"], labels: { b: "Black", w: "White" }, names: { b: "Ann" },
            computer: { w: "quick" }, level_names: { quick: "quick" }, colours: {},
            moves: [{ ply: 1, seat: "b", words: "one" }, { ply: 2, seat: "w", words: "two" },
                    { ply: 3, seat: "b", words: "three", by: { computer: null, name: null } }] };
          BL.renderMoves(document.getElementById("recent"), s);
          BL.renderLastMove(document.getElementById("last-move"), s);
        }""")
        expect(page.locator("#recent li .muted")).to_have_text(
            [" Ann (Black)", " White (computer, quick)", " Black"])
        expect(page.locator("#last-move")).to_have_text("Last move, Black: three")
        table.close()
