"""A computer seat in the running service: its search never holds up the board, and what
moves the game on (a person taking the seat back, a new game) stops it.

Nothing here sleeps: the tests wait for the table's snapshots, and for the computer's thread
to be done (``close`` returns once its search has ended; a call to the session thread after
it returns once whatever the search handed over has been handled)."""

from __future__ import annotations

import threading

from boardlight.service import Service, ServiceOptions
from tests.support.waiting import wait_until


def started(game: str = "abalone") -> Service:
    service = Service(ServiceOptions(game=game, seed=3)).start()
    wait_until(service.table, lambda s: s["status"] == "playing", timeout=10)
    return service


def thinking(service: Service) -> bool:
    return service.computer.searching and service.computer.decisions == 0


def search_done(service: Service) -> None:
    """Wait until the computer's search has ended and what it handed over was handled."""
    service.computer.close()
    service.runner.call(lambda s: None).result(timeout=5)


def test_the_board_is_read_and_served_while_the_computer_thinks():
    service = started()
    try:
        service.set_computer("b", "strong")  # five seconds for black, to move first
        assert thinking(service)
        # Meanwhile the board is read and the session answers, at once: the lifted marble
        # is lit as a move in progress.
        unlit = service.table.public()["leds"]
        service.sim_lift("A1")
        wait_until(service.table, lambda s: s["leds"] != unlit, timeout=1.0)
        assert service.runner.call(lambda s: s.reading.get("A1")).result(timeout=1) == 0
        assert thinking(service)  # still searching: the reading did not wait for it
        answer = service.runner.call(lambda s: s.ply)
        assert answer.result(timeout=0.5) == 0
        # A person takes the seat back: the search stops and its answer never shows.
        service.set_computer("b", None)
        assert not service.computer.searching
        search_done(service)
        assert service.computer.decisions == 0
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
        service.set_computer("green", "easy")  # green lays first
        wait_until(service.table, lambda s: any(p["kind"] == "computer" for p in s["prompts"]),
                   timeout=10)
        # The computer has one thread: green's search ran after the Abalone one ended, so an
        # Abalone answer would have been handed over, and counted, before green's.
        assert service.computer.decisions == 1
    finally:
        service.stop()


def computer_prompts(service: Service) -> list[str]:
    return [p["message"] for p in service.table.public()["prompts"] if p["kind"] == "computer"]


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
        search_done(service)
        assert service.computer.decisions == 0 and computer_prompts(service) == []
        assert service.runner.call(
            lambda s: (s.computer_move, s.turn.declared)).result(2) == (None, {})
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
        wait_until(service.table, lambda s: any(p["kind"] == "computer" for p in s["prompts"]),
                   timeout=10)
        assert failed and service.computer.decisions == 1
        assert service.computer_seats() == {"b": "easy"}
    finally:
        service.stop()


def carry_out(service: Service, text: str) -> None:
    """A hand carries out ``text`` on the simulated board: the pieces it takes off, then the
    pieces it puts down (an Abalone move with no push off)."""
    game, state = service.game, service.runner.call(lambda s: s.state).result(5)
    effect = game.effect(state, game.parse_move(state, text))
    for c in effect.changes:
        if c.before and not c.after:
            service.sim_lift(c.position)
    for c in effect.changes:
        if c.after and not c.before:
            service.sim_place(c.position, c.after[-1])


def test_a_seat_given_to_the_computer_keeps_its_earlier_moves_its_players():
    service = started()
    try:
        service.set_names({"b": "Ann", "w": "Bo"})
        service.sim_lift("A1")
        service.sim_place("D4")
        wait_until(service.table, lambda s: s["ply"] == 1)
        service.sim_lift("I5")
        service.sim_place("F5")
        wait_until(service.table, lambda s: s["ply"] == 2)
        service.set_computer("b", "easy")  # Ann hands black to the computer
        snap = wait_until(service.table, lambda s: any(p["kind"] == "computer"
                                                       for p in s["prompts"]), timeout=10)
        [shown] = [p for p in snap["prompts"] if p["kind"] == "computer"]
        carry_out(service, shown["choices"][0])
        snap = wait_until(service.table, lambda s: s["ply"] == 3)
        assert [m["by"] for m in snap["moves"]] == [
            {"computer": None, "name": "Ann"}, {"computer": None, "name": "Bo"},
            {"computer": "easy", "name": "Ann"}]
    finally:
        service.stop()
