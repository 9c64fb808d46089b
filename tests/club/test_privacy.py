"""No hidden information in any published payload: whole games of every game that deals hidden
hands (Crosswise, Rhombus, the suite's noughts and crosses with a hidden card), every
message on the broker recorded by a client that reads everything, checked against the hands
and the full position texts (which hold every hand and the bag) the session really had."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from controller.session.actions import parse_action
from controller.session.events import Rejected
from tests.club.support import PlayersPace, Spy, broker, club_board, play_random
from tests.support.games import hidden_variants, playable
from tests.web_ui.support import values_under


def words(reason: object) -> str:
    """A refusal as it could appear in a payload: its words, or its message's JSON."""
    if isinstance(reason, str):
        return reason
    to_json = getattr(reason, "to_json", None)
    return json.dumps(to_json(), separators=(",", ":")) if to_json else repr(reason)


GAMES = hidden_variants(plies_two=24, plies_more=16)


@pytest.fixture
def found(game: str) -> Any:
    """The game the registry finds by name while the test plays it (a suite's game too)."""
    with playable(game) as manifest:
        yield manifest


@pytest.mark.usefixtures("found")
@pytest.mark.parametrize("game, variant, plies", GAMES)
def test_no_published_payload_holds_a_hand_or_a_hidden_card(tmp_path, game, variant, plies):
    with broker(tmp_path / "broker") as mosq:
        spy = Spy(mosq.url)
        pace = PlayersPace()
        service, publisher = club_board(tmp_path, mosq.url, "t1", game=game, variant=variant,
                                        seed=5, clock=pace)
        hands: dict[str, list[list[str]]] = {}
        refusals: set[str] = set()
        service.runner.subscribe(lambda handled: refusals.update(
            words(e.reason) for e in handled.events if isinstance(e, Rejected)))
        secrets: set[str] = set()
        rng = random.Random(f"{game}{variant}")
        try:
            for _ in range(plies):
                state = service.runner.call(lambda s: s.state).result(5)
                for seat in service.game.seats(state):
                    hand = service.game.view(state, seat).get("hand")
                    if hand:
                        hands.setdefault(seat, []).append(list(hand))
                secrets.add(service.game.position_text(state))
                # A refused action of a seat (its words may name its own cards) is never sent.
                seat = service.table.public()["to_move"]
                other = next(s for s in service.table.seats if s != seat)
                service.phone(other, parse_action({"type": "end-turn"}))
                if not play_random(service, 1, rng, pace):
                    break
            end = service.table.public()  # the game went on (or was played to its end)
            assert end["ply"] >= plies // 2 or end["outcome"], end["ply"]
            assert publisher.wait_idle(20)
            ply = service.table.public()["ply"]
            spy.until(lambda ms: any(t.endswith("/state") and json.loads(p)["ply"] == ply
                                     for t, p in ms if p))
        finally:
            publisher.stop()
            service.stop()
            spy.stop()
    assert hands, "the game dealt no hands: nothing was tested"
    kinds = {t.rsplit("/", 1)[1] for t, _ in spy.messages}
    assert kinds >= {"state", "events", "presence"}
    every_card = {card for seat_hands in hands.values() for hand in seat_hands for card in hand}
    for topic, payload in spy.messages:
        text = payload.decode()
        for secret in secrets:
            assert secret not in text, f"{topic} holds a full position text"
        data = json.loads(text) if text else {}
        for hand in values_under(data, ("hand", "hands")):
            raise AssertionError(f"{topic} published a hand: {hand}")
        for reason in refusals:
            assert reason not in text, f"{topic} holds a refusal meant for one seat"
        if topic.endswith("/state"):
            assert "hand" not in data["view"] and "private" not in data
    assert every_card and refusals  # real cards were dealt, real refusals were made
