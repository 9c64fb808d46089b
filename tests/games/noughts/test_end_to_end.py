"""The test game played end to end, as a sixth game would be: registered by its manifest from
this package (nothing outside it names the game), through the session and the simulated
board, the table and both phones in a real browser, the event log and the club publisher.

Crosses put a piece by hand on the table's simulated board; Noughts play their hidden card
from the phone (no sensor sees it: the cell becomes theirs with no piece on it); the rest of
the game is played by hands on the simulated board to its end.  Each phone shows its own card
only, the table none; the pages use the game's own script, style and How to play page from
its folder; the log replays the game; the broker never carries a card before it is played.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardlight.eventlog import replay
from tests.club.support import PlayersPace, Spy, broker, club_board, play_random
from tests.games.noughts.game import CELLS, NOUGHTS
from tests.support.games import playable
from tests.web_ui.browser import SMALL_PHONE, TABLET, Phone, internal_words
from tests.web_ui.games import played, tap
from tests.web_ui.support import serving, values_under, wait_until

pytestmark = pytest.mark.slow

SEED = 7


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from tests.web_ui.browser import launch
    yield from launch()


@pytest.fixture
def found() -> Iterator[None]:
    """The game registered for the test, by its manifest (``registry.register``)."""
    with playable("noughts"):
        yield


@pytest.mark.usefixtures("found")
def test_noughts_is_played_end_to_end(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect
    x_card, o_card = NOUGHTS.setup(seed=SEED).cards
    first = next(c for c in CELLS if c not in (x_card, o_card))
    with broker(tmp_path / "broker") as mosq:
        spy = Spy(mosq.url)
        pace = PlayersPace()
        service, publisher = club_board(tmp_path, mosq.url, "t1", game="noughts", seed=SEED,
                                        clock=pace)
        phones: list[Phone] = []
        try:
            wait_until(service.table, lambda s: s["status"] == "playing")
            with serving(service) as (app, base):
                tokens = app.extensions["boardlight"].tokens
                table = Phone(browser, base, "en", **TABLET)
                crosses, noughts = (Phone(browser, base, "en", **SMALL_PHONE) for _ in range(2))
                phones = [table, crosses, noughts]
                tpage = table.open("/")
                xpage = crosses.open(f"/join/{tokens.token('x')}")
                opage = noughts.open(f"/join/{tokens.token('o')}")

                # The game's own words and page files, from its package's folder.
                expect(tpage.locator("#game-title")).to_have_text("Noughts and crosses")
                expect(tpage.locator("#turn")).to_have_text("Crosses to move")
                expect(tpage.locator("#extras .card-info")).to_have_count(2)
                expect(tpage.locator("#extras")).to_contain_text("card in hand")
                for asset in ("script", "style"):
                    assert tpage.request.get(f"{base}/games/noughts/{asset}").ok
                howto = tpage.request.get(f"{base}/howto/noughts")
                assert howto.ok and "lines of three" in howto.text()
                # Each phone its own card; the table no card at all.
                expect(xpage.locator(".hidden-card")).to_have_text(f"Your card: {x_card}")
                expect(opage.locator(".hidden-card")).to_have_text(f"Your card: {o_card}")
                expect(tpage.locator(".hidden-card")).to_have_count(0)

                # 1. Crosses put a piece on the table's simulated board, from their supply.
                tap(tpage, "supply-x")
                tap(tpage, first)
                played(service, 1, first)
                expect(tpage.locator("#last-move")).to_have_text(
                    f"Last move, Crosses: put a cross on {first}")

                # 2. Noughts play their card from the phone: only they are offered it.  What
                #    the broker carried up to here is everything published while the card was
                #    hidden, Noughts' turn included.
                pace.skip(3.0)
                expect(opage.locator("#turn")).to_have_text("Your turn")
                assert publisher.wait_idle(20)
                spy.until(lambda ms: any(t.endswith("/state") and p and json.loads(p)["ply"] == 1
                                         for t, p in ms))
                hidden_until = len(spy.messages)
                expect(xpage.locator("#untraced-moves button")).to_have_count(0)
                card = opage.locator("#untraced-moves button").filter(has_text="card")
                expect(card).to_have_text(f"played the card of {o_card}: the cell is theirs")
                card.click()
                played(service, 2, f"card:{o_card}")
                expect(tpage.locator("#extras")).to_contain_text(f"claimed {o_card}")
                expect(opage.locator(".hidden-card")).to_have_text("Your card is played.")
                expect(xpage.locator(".hidden-card")).to_have_text(f"Your card: {x_card}")
                assert service.sim is not None and o_card not in service.sim.layout()

                # 3. The rest by hands on the simulated board, to the end.
                play_random(service, 9, random.Random(SEED), pace)
                end = wait_until(service.table, lambda s: s["outcome"], timeout=10)
                state = service.runner.call(lambda s: s.state).result(5)
                outcome = NOUGHTS.outcome(state)
                assert outcome is not None
                lines = dict(outcome.params)
                said = f"every cell is taken; lines: Crosses {lines['x']}, Noughts {lines['o']}"
                for page in (tpage, xpage, opage):
                    expect(page.locator("#outcome")).to_contain_text(said)
                    assert internal_words(page) == []
                for phone in phones:
                    phone.close()  # no page error nor console error on any page

            # The event log replays the game the session played.
            assert service.log is not None and service.game_id is not None
            again = replay(service.log, service.game_id)
            assert again.record.game == "noughts"
            assert again.moves == [m["move"] for m in end["moves"]]
            assert again.state == state

            # The club publisher sent the game, and never a card before it was played.
            assert publisher.wait_idle(20)
            spy.until(lambda ms: any(t.endswith("/state") and p and json.loads(p)["ply"]
                                     == end["ply"] and json.loads(p)["outcome"] for t, p in ms))
        finally:
            for phone in phones:
                phone.context.close()
            publisher.stop()
            service.stop()
            spy.stop()
    secret_texts = {NOUGHTS.position_text(s) for s in again.states}
    x_played = f"card:{x_card}" in again.moves
    seen_ply = 0
    for k, (topic, payload) in enumerate(spy.messages):
        text = payload.decode()
        data = json.loads(text) if text else {}
        if topic.endswith("/state"):
            seen_ply = data["ply"]
            assert "hand" not in data["view"] and "private" not in data
        for secret in secret_texts:
            assert secret not in text, f"{topic} holds a full position text"
        assert not list(values_under(data, ("hand", "hands"))), f"{topic} published a hand"
        if k < hidden_until:
            assert f"card:{o_card}" not in text, f"{topic} told Noughts' card before it was played"
        if not x_played:
            assert f"card:{x_card}" not in text, f"{topic} told Crosses' card"
    assert seen_ply == end["ply"]
