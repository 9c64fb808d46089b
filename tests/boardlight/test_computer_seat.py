"""A computer seat in the running service: its search never holds up the board, and what
moves the game on (a person taking the seat back, a new game) stops it."""

from __future__ import annotations

import threading
import time

from boardlight.service import Service, ServiceOptions


def started(game: str = "abalone") -> Service:
    service = Service(ServiceOptions(game=game, seed=3)).start()
    deadline = time.monotonic() + 10
    while service.table.public()["status"] != "playing":
        assert time.monotonic() < deadline, "the simulated board never came up"
        time.sleep(0.01)
    return service


def thinking(service: Service) -> bool:
    return service.computer.searching and service.computer.decisions == 0


def test_the_board_is_read_and_served_while_the_computer_thinks():
    service = started()
    try:
        service.set_computer("b", "strong")  # five seconds for black, to move first
        assert thinking(service)
        # Meanwhile the board is read and the session answers, at once.
        service.sim_lift("A1")
        start = time.monotonic()
        while service.runner.call(lambda s: s.reading.get("A1")).result(timeout=1) != 0:
            assert time.monotonic() - start < 1.0, "the board was not read during the search"
            time.sleep(0.01)
        assert thinking(service)  # still searching: the reading did not wait for it
        answer = service.runner.call(lambda s: s.ply)
        assert answer.result(timeout=0.5) == 0
        # A person takes the seat back: the search stops and its answer never shows.
        service.set_computer("b", None)
        time.sleep(0.3)
        assert not service.computer.searching and service.computer.decisions == 0
        assert not [p for p in service.table.public()["prompts"] if p["kind"] == "computer"]
    finally:
        service.stop()


def test_a_new_game_stops_the_search_and_forgets_seats_it_does_not_have():
    service = started()
    try:
        service.set_computer("b", "strong")
        assert thinking(service)
        service.new_game(game="crosswise")
        assert not service.computer.searching
        assert service.computer_seats() == {}  # black is no Crosswise seat
        time.sleep(0.3)
        assert service.computer.decisions == 0  # the Abalone search was dropped unfinished
        service.set_computer("green", "easy")  # green lays first
        deadline = time.monotonic() + 10
        while not [p for p in service.table.public()["prompts"] if p["kind"] == "computer"]:
            assert time.monotonic() < deadline, "the computer never showed its move"
            time.sleep(0.02)
        assert service.computer.decisions == 1
    finally:
        service.stop()


def computer_prompts(service: Service) -> list[str]:
    return [p["text"] for p in service.table.public()["prompts"] if p["kind"] == "computer"]


def test_an_answer_that_arrives_after_the_seat_went_back_to_a_person_is_dropped():
    """The host's request lands between the end of the search and the hand-over of its
    answer (held there by the computer's clock, read in that very window)."""
    service = started()
    reached, release = threading.Event(), threading.Event()
    real = service.computer.clock

    def clock() -> float:
        if threading.current_thread().name.startswith("computer"):
            reached.set()
            release.wait(5)
        return real()
    service.computer.clock = clock
    try:
        service.set_computer("b", "easy")
        assert reached.wait(5), "the search never ended"
        service.set_computer("b", None)
        release.set()
        time.sleep(0.3)
        assert service.computer.decisions == 0 and computer_prompts(service) == []
        assert service.runner.call(lambda s: (s.guide, s.declared_move)).result(2) == (None, {})
    finally:
        release.set()
        service.stop()


def test_a_search_that_fails_is_tried_again():
    service = started()
    failed: list[bool] = []
    real = service.computer.clock

    def clock() -> float:  # the clock read after the search: fails once, on that thread
        if threading.current_thread().name.startswith("computer") and not failed:
            failed.append(True)
            raise OSError("the clock failed once")
        return real()
    service.computer.clock = clock
    try:
        service.set_computer("b", "easy")
        deadline = time.monotonic() + 10
        while not computer_prompts(service):
            assert time.monotonic() < deadline, "the computer never moved after a failure"
            time.sleep(0.02)
        assert failed and service.computer.decisions == 1
        assert service.computer_seats() == {"b": "easy"}
    finally:
        service.stop()
