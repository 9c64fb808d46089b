"""A whole game against the computer on the simulated board, in real time.

The service runs as it does for a player alone at the table: the computer's seat thinks on its
own thread and shows its move (lights, words); the test's "person" carries that move out on
the simulated board with a hand's lifts and places, and plays its own seat with random legal
moves.  Every move is committed from what the sensors read, the same path a real board takes.
The person's pace between steps is the service's clock moving on (``TableClock``), not sleep.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from controller.session import lights
from controller.session.handplan import hand_steps
from controller.session.session import SessionConfig
from tests.support import hand
from tests.support.clocks import TableClock
from tests.support.waiting import wait_until

FAST = SessionConfig(settle=0.25, settle_min=0.2)


def carry_out(service: Service, text: str, rng: random.Random) -> None:
    """Do move ``text`` on the simulated board as a hand would, at the table clock's pace."""
    hand.carry_out(service, text, rng, by_hand)


def by_hand(service: Service, effect: Any, before: Any, rng: random.Random) -> None:
    """A move's effect carried out on the simulated board, step by step, as a hand does it."""
    assert service.sim is not None and isinstance(service.clock, TableClock)
    sim, clock = service.sim, service.clock
    sensors = set(sim.spec.sensors)
    for step in hand_steps(effect, rng, before=before):
        clock.pause(rng.uniform(0.01, 0.05))
        if step.action == "lift":
            service.sim_lift(step.position)
        else:
            service.sim_place(step.position, step.piece)
        if step.position in sensors:
            # No hand puts a tile down where it lifted one faster than the sensors can
            # read: wait until the session has read the step (a quick lift-and-place could
            # otherwise fall inside one debounce window).
            read_by_the_session(service, clock, step.position, sim.value(step.position))


def read_by_the_session(service: Service, clock: TableClock, position: str, value: Any,
                        scans: int = 1000) -> None:
    """Wait, scan by scan, until the session's reading of ``position`` is ``value`` (a call
    to the session thread comes after the scans posted before it)."""
    for _ in range(scans):
        if service.runner.call(lambda s: s.reading.get(position)).result(5) == value:
            return
        clock.wait_scans(1)
    raise AssertionError(f"{scans} scans and the board never read {value!r} on {position}")


def computer_move(snap: dict[str, Any]) -> str | None:
    """The text of the computer's move the table shows (its prompt's one choice)."""
    shown = [p["choices"] for p in snap["prompts"] if p["kind"] == "computer"]
    return str(shown[0][0]) if shown else None


def play(service: Service, computer: str, rng: random.Random,
         plies: int) -> tuple[list[str], list[str]]:
    """Up to ``plies`` plies or the game's end: the computer's moves carried out as shown,
    the person's own seat played with random legal moves.  The moves shown and done."""
    shown: list[str] = []
    done: list[str] = []
    for _ in range(plies):
        snap = service.table.public()
        if snap["status"] == "over":
            break
        ply = snap["ply"]
        if snap["to_move"] == computer:
            # It shows its move in words and lights it, yellow: from (blinking), to.
            snap = wait_until(service.table, lambda s, ply=ply: s["ply"] != ply or (
                computer_move(s) is not None and bool(s["leds"]) and all(
                    v[:3] == list(lights.COMPUTER_TO.colour) for v in s["leds"].values())),
                timeout=10)
            if snap["ply"] != ply:
                # A move no sensor sees (a Rhombus card discarded: cards are digital; a
                # piece back to the unsensed reserve; on a board that reads only presence,
                # a piece entering where it eliminates one) stands at once.
                last = snap["moves"][-1]
                assert last["seat"] == computer and snap["ply"] == ply + 1
                entry = service.runner.call(lambda s: s.history.entries[-1]).result(5)
                assert entry.by_computer and entry.footprint.text == last["move"]
                assert not entry.footprint.diff  # nothing the sensors read changes
                game = service.runner.session.game
                effect = game.effect(entry.state, entry.footprint.move)
                if effect.changes and snap["status"] == "over":
                    # The game ended with it (a Rhombus entry kill on the corner taking the
                    # last piece of the other side: the computer's moves depend on how far
                    # its search got, so a loaded machine plays other games): the table
                    # says the result, not what to change on the board.
                    assert computer_move(snap) is None and snap["outcome"] is not None
                elif effect.changes:
                    # Pieces still to change by hand: the table says which until the next
                    # move, and the person does it.
                    assert computer_move(snap) == last["move"], snap["prompts"]
                    by_hand(service, effect, game.layout(entry.state), rng)
                    assert computer_move(service.table.public()) == last["move"]
                else:
                    assert computer_move(snap) is None
                shown.append(last["move"])
                done.append(last["move"])
                continue
            move = computer_move(snap)
            assert move is not None
            shown.append(move)
        else:
            session = service.runner.session
            move = service.runner.call(lambda s: s.game.move_text(
                rng.choice(s.game.legal_moves(s.state)))).result(timeout=5)
            assert session is service.runner.session
        carry_out(service, move, rng)
        # At least this move: the computer's answer may follow at once (a Rhombus discard
        # needs no hand) and the table may show both in one update.
        snap = wait_until(service.table, lambda s, ply=ply: s["ply"] > ply, timeout=10)
        assert [m["move"] for m in snap["moves"] if m["ply"] == ply + 1] == [move]
        done.append(move)
    return shown, done


@pytest.mark.parametrize(("game", "variant", "computer"), [
    ("abalone", "belgian-daisy", "w"),
    ("drhombix", "cuckoo-triangle", "w"),
    ("drhombix", "ant-triangle", "first"),
    ("crosswise", "two-player", "orange"),
    ("rhombus", "two-player", "b"),
])
def test_a_whole_game_against_the_computer_on_the_simulated_board(game, variant, computer):
    rng = random.Random(11)
    service = Service(ServiceOptions(game=game, variant=variant, seed=5, session=FAST),
                      clock=TableClock()).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        service.set_computer(computer, "easy")
        shown, done = play(service, computer, rng, 200)
        snap = service.table.public()
        assert snap["status"] == "over" and snap["outcome"] is not None
        assert shown and set(shown) <= set(done)
        assert service.computer.decisions >= len(shown)
        if game == "abalone":  # alpha-beta, even at the easy level, beats random moves
            assert computer in snap["outcome"]["winners"], snap["outcome"]
    finally:
        service.stop()


def test_plimus_against_the_computer_on_a_polarity_board():
    """A Plimus game runs to hundreds of plies; forty of them, on hall sensors that read each
    stone's sign, carry the planner's steps, jumps and pole moves out by hand."""
    rng = random.Random(4)
    service = Service(ServiceOptions(game="plimus", seed=2, sense="polarity", session=FAST),
                      clock=TableClock()).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        service.set_computer("red", "easy")
        shown, done = play(service, "red", rng, 40)
        assert len(done) == 40 and len(shown) == 20 and set(shown) <= set(done)
        snap = service.table.public()
        recent = [m["move"] for m in snap["moves"]]  # the table keeps the latest moves
        assert snap["ply"] == 40 and recent and recent == done[-len(recent):]
    finally:
        service.stop()
