"""The table page's side panel on a tablet: who is to move, the scores and what to do now stay
in view however long the game; the move list scrolls inside its own box.

Each game is played for a stretch with random legal moves carried out on the simulated board
as hands do (``tests.support.hand``) while the table page is open at 1024x768; then the turn,
the scores and the prompts must be inside the viewport, the panel and the page unscrolled,
and the newest move visible inside the list's box.
"""

from __future__ import annotations

import random

import pytest

from boardlight.service import Service, ServiceOptions
from controller.session.actions import parse_action
from tests.support import hand
from tests.web_ui.browser import TABLET, Phone
from tests.web_ui.games import SESSION, Pace
from tests.web_ui.support import serving, wait_until

pytestmark = pytest.mark.slow


def play_random(service: Service, plies: int, rng: random.Random, pace: Pace) -> int:
    """Random legal moves carried out as hands do; how many were made."""
    made = 0
    for _ in range(plies):
        snap = wait_until(service.table, lambda s: s["outcome"] or s["status"] == "playing")
        if snap["outcome"]:
            break
        pace.breathe()  # a breath between turns: the next move is not an amend
        text = service.runner.call(lambda s: s.game.move_text(
            rng.choice(list(s.game.legal_moves(s.state))))).result(5)
        ply = snap["ply"]
        hand.carry_out(service, text, rng, hand.read_step_by_step)
        try:
            wait_until(service.table, lambda s, ply=ply: s["ply"] > ply, timeout=3)
        except AssertionError:  # the session asks the mover's phone which move it was
            seat = snap["to_move"]
            service.phone(seat, parse_action({"type": "choose", "move": text}))
            wait_until(service.table, lambda s, ply=ply: s["ply"] > ply, timeout=5)
        made += 1
    return made


IN_VIEW = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight + 1;
}"""
NEWEST_IN_BOX = """() => {
  const list = document.getElementById("recent");
  const last = list.lastElementChild;
  if (!last) return false;
  const box = list.getBoundingClientRect(), r = last.getBoundingClientRect();
  return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
}"""
# The page and the panel stay where they are: nothing in the side column but the move list
# has scrolled (by itself: nobody touched the page).
SCROLLED = """() => [window.scrollY, [...document.querySelectorAll(".side, .side *")]
  .filter((n) => n.id !== "recent" && n.scrollTop > 0).length]"""


@pytest.mark.parametrize(("game", "variant", "plies"), [
    ("abalone", "standard", 14), ("crosswise", "two-player", 12),
    ("drhombix", "cuckoo-square", 14), ("rhombus", "two-player", 14),
    ("plimus", None, 14)])
def test_the_turn_scores_and_prompts_stay_in_view_as_moves_pile_up(browser, game, variant, plies):
    from playwright.sync_api import expect
    pace = Pace()
    service = Service(ServiceOptions(game=game, variant=variant, seed=3, session=SESSION),
                      clock=pace).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        with serving(service) as (_app, base):
            tablet = Phone(browser, base, **TABLET)
            page = tablet.open("/")
            made = play_random(service, plies, random.Random(f"{game}-side"), pace)
            assert made >= 8
            ply = service.table.public()["ply"]
            expect(page.locator("#recent li")).to_have_count(ply)
            tablet.shot(f"table-side-{game}-tablet.png", full=False)
            for part in ("#turn", "#scores", "#prompts"):
                assert page.evaluate(IN_VIEW, part), f"{part} is out of view in {game}"
            assert page.evaluate(NEWEST_IN_BOX), f"the newest move of {game} is hidden"
            assert page.evaluate(SCROLLED) == [0, 0]
            # A page opened now (the start of a game seen late) shows the same.
            late = Phone(browser, base, **TABLET)
            later = late.open("/")
            expect(later.locator("#recent li")).to_have_count(ply)
            for part in ("#turn", "#scores", "#prompts"):
                assert later.evaluate(IN_VIEW, part), f"{part} is out of view in {game}"
            assert later.evaluate(NEWEST_IN_BOX) and later.evaluate(SCROLLED) == [0, 0]
            late.close()
            tablet.close()
    finally:
        service.stop()
