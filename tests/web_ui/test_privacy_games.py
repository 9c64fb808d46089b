"""The privacy test of the web issue on every game that deals hidden hands (Crosswise, Rhombus,
the suite's own noughts and crosses with a hidden card: ``hidden_variants`` finds them).

Random legal moves are played the way players do: the mover's phone declares what no sensor
sees, the pieces are moved on the simulated board through its API, the phone answers when the
session asks, and moves no sensor sees are made from the phone.  Every response and every
stream message each seat and the table receive is recorded, and checked against the true
hidden state read from the session: a seat only ever receives its own hand, the table page no
hand at all, and nobody the full position text (which holds every hand and the bag or pile).
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from controller.physical import project
from controller.session.handplan import hand_steps
from tests.support.games import hidden_variants, playable
from tests.web_ui.support import Browser, as_json, serving, values_under, wait_until

GAMES = hidden_variants(plies_two=40, plies_more=40)


class Truth:
    """The hidden state as the session holds it, noted before every move."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.game = service.game
        self.hands: dict[str, list[list[str]]] = {}
        self.secret_texts: set[str] = set()

    def note(self) -> Any:
        state = self.service.runner.call(lambda s: s.state).result(5)
        for seat in self.game.seats(state):
            hand = self.game.view(state, seat).get("hand")
            if hand is not None:
                self.hands.setdefault(seat, []).append(list(hand))
        self.secret_texts.add(self.game.position_text(state))
        return state


def seen_by_sensors(service: Service, position: str, timeout: float = 2.0) -> None:
    """Wait until the session's debounced reading shows what the simulated board now holds
    at ``position`` (a hand is never faster than the debounce; unsensed places need none)."""
    spec, game = service.spec, service.game
    if position not in spec.sensed:
        return
    want = project(tuple(service.sim.layout().get(position, ())), spec.sense, game.polarity)
    deadline = time.monotonic() + timeout
    while service.runner.call(lambda s: s.reading.get(position)).result(5) != want:
        assert time.monotonic() < deadline, f"the sensors never read {position} as {want}"
        service.table.wait_for(service.table.version, 0.005)


class PlayersPace:
    """The session's clock: real time plus the pauses between turns the players take (the
    test's hands are machine-fast; people take a breath before the next move, so a move is
    not read as the previous player amending theirs)."""

    def __init__(self) -> None:
        self.paused = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.paused

    def breathe(self, seconds: float = 3.0) -> None:
        self.paused += seconds


def play(service: Service, truth: Truth, table: Browser, phones: dict[str, Browser],
         plies: int, rng: random.Random, pace: PlayersPace) -> None:
    game = service.game
    for _ in range(plies):
        pace.breathe()
        snap = service.table.public()
        if snap["outcome"]:
            return
        state = truth.note()
        mover, ply = snap["to_move"], snap["ply"]
        move = rng.choice(list(game.legal_moves(state)))
        text = game.move_text(move)
        fp = service.runner.call(lambda s, text=text: next(
            f for f in s.index.footprints if f.text == text)).result(5)
        phone = phones[mover]
        for seat, other in phones.items():  # everybody looks, out of turn too
            other.get("/api/seat")
            if seat != mover:
                assert other.post("/api/seat/action", {"type": "end-turn"})[0] == 409
        table.get("/api/state")
        if fp.facets:
            assert phone.post("/api/seat/action", {"type": "declare",
                                                   "facets": dict(fp.facets)})[0] == 200
        if not fp.diff:
            assert phone.post("/api/seat/action", {"type": "move", "move": text})[0] == 200
        else:
            for step in hand_steps(game.effect(state, move), rng, before=game.layout(state)):
                body = {"position": step.position}
                if step.action == "place":
                    body["piece"] = step.piece
                status, answer = table.post(f"/api/sim/{step.action}", body)
                assert status == 200, answer
                seen_by_sensors(service, step.position)
            table.post("/api/sim/button", {"button": "end-turn"})
        try:
            wait_until(service.table, lambda s, ply=ply: s["ply"] > ply, timeout=3)
        except AssertionError:  # the session asks the mover's phone: answer it
            asked = [p for p in service.table.seat(mover)["prompts"] if p["kind"] == "choose"]
            assert asked and text in asked[0]["choices"], (text, asked, service.table.public()[
                "prompts"], service.runner.call(lambda s: (sorted(s.index.diff_of(s.reading)),
                                                          sorted(s.turn.touched))).result(5))
            assert phone.post("/api/seat/action", {"type": "choose", "move": text})[0] == 200
            wait_until(service.table, lambda s, ply=ply: s["ply"] > ply)
        assert service.table.public()["moves"][-1]["move"] == text


@pytest.fixture
def found(game: str) -> Any:
    """The game the registry finds by name while the test plays it (a suite's game too)."""
    with playable(game) as manifest:
        yield manifest


@pytest.mark.slow
@pytest.mark.usefixtures("found")
@pytest.mark.parametrize("game, variant, plies", GAMES)
def test_no_seat_receives_another_seats_hand_in_a_real_game(game, variant, plies):
    pace = PlayersPace()
    service = Service(ServiceOptions(game=game, variant=variant, seed=5), clock=pace).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        truth = Truth(service)
        with serving(service, SSE_KEEPALIVE=1.0) as (_app, base):
            table = Browser(base)
            table_stream = table.stream("/events")
            status, body = table.get("/api/join")
            assert status == 200
            phones = {}
            for k, entry in enumerate(body["seats"]):
                phone = Browser(base)
                assert phone.get(entry["url"].removeprefix(base))[0] == 200
                # The players speak German and French (the table English): the words each
                # phone gets are its own language's, and they must leak no more than codes.
                lang = ("de", "fr")[k % 2]
                assert phone.post("/api/lang", {"lang": lang}) == (200, {"lang": lang})
                phone.stream("/api/seat/events")
                phones[entry["seat"]] = phone
            play(service, truth, table, phones, plies, random.Random(f"{game}{variant}"), pace)
            truth.note()
            final = service.table.version
            table_stream.until(lambda e: e.kind == "state" and int(e.id) >= final)
            for phone in phones.values():
                phone.streams[0].until(lambda e: e.kind == "state" and int(e.id) >= final)
            received = {None: table.seen + [e.data for e in table_stream.log]}
            for k, (seat, phone) in enumerate(phones.items()):
                received[seat] = phone.seen + [e.data for e in phone.streams[0].log]
                states = [as_json(e.data) for e in phone.streams[0].log if e.kind == "state"]
                assert states and states[-1]["lang"] == ("de", "fr")[k % 2]
                phone.close()
            table.close()
        end = service.table.public()  # the game really went on (or was played to its end)
        assert end["ply"] >= plies // 2 or end["outcome"], end["ply"]
        for seat, texts in received.items():
            assert texts, seat
            for text in texts:
                for secret in truth.secret_texts:
                    assert secret not in text, f"{seat} received a full position text"
                data = as_json(text)
                if data is None:
                    continue
                for hand in values_under(data, ("hand", "hands")):
                    assert seat is not None, f"the table received a hand: {hand}"
                    assert hand in truth.hands[seat], f"{seat} received a hand not its own"
    finally:
        service.stop()
