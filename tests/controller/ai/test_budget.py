"""The budget: thinking time, node limits, cancellation, levels."""

from __future__ import annotations

import threading
import time

import pytest

from controller.ai import LEVELS, Budget, UnknownLevelError, level, think
from controller.rules import find_game
from tests.controller.ai.positions import CountingFlag, StepClock, random_positions

# One engine of each kind: alpha-beta, the ant solver, MCTS without and with hidden hands,
# the Plimus race planner.
ENGINES = [("abalone", "standard"), ("drhombix", "ant-square"), ("drhombix", "cuckoo-square"),
           ("crosswise", "two-player"), ("rhombus", "formation"), ("abalone", "three-player"),
           ("plimus", "four-player")]


def test_a_deadline_is_spent_when_its_clock_passes_the_end():
    clock = StepClock(0.1)
    deadline = Budget(0.35, clock=clock).start()  # started at 0.1: ends at 0.45
    assert [deadline.spent() for _ in range(4)] == [False, False, False, True]  # 0.2 .. 0.5


def test_a_node_limit_and_a_cancel_flag_spend_a_deadline():
    deadline = Budget(60, nodes=3).start()
    deadline.count(2)
    assert not deadline.spent()
    deadline.count()
    assert deadline.spent()
    event = threading.Event()
    deadline = Budget(60, cancel=event).start()
    assert not deadline.spent()
    event.set()
    assert deadline.spent()


@pytest.mark.parametrize("seconds, nodes", [(-1, None), (float("nan"), None), (1, 0)])
def test_a_budget_refuses_nonsense(seconds, nodes):
    with pytest.raises(ValueError):
        Budget(seconds, nodes=nodes)


@pytest.mark.parametrize("name, variant", ENGINES)
def test_every_engine_stops_when_its_clock_says_so(name, variant):
    """On a clock that moves 1 ms per reading, a 50 ms budget ends after some 50 readings:
    the search reads the clock in its loops and stops at once."""
    game = find_game(name)
    for state in random_positions(game, variant, 2, seed=3, max_plies=30):
        clock = StepClock(0.001)
        decision = think(game, state, game.to_move(state), Budget(0.05, seed=1, clock=clock))
        assert decision.move in game.legal_moves(state)
        assert clock.now <= 0.05 + 0.005, f"read the clock {clock.reads} times"
        assert decision.seconds <= 0.05 + 0.005


@pytest.mark.parametrize("name, variant", ENGINES)
def test_every_engine_returns_within_its_time(name, variant):
    game = find_game(name)
    state = random_positions(game, variant, 1, seed=5, max_plies=40)[0]
    start = time.monotonic()
    decision = think(game, state, game.to_move(state), Budget(0.2, seed=2))
    took = time.monotonic() - start
    assert decision.move in game.legal_moves(state)
    assert took < 0.2 + 0.15, f"{took:.3f} s for a 0.2 s budget"


@pytest.mark.parametrize("name, variant", ENGINES)
def test_a_cancelled_search_returns_a_legal_move_at_once(name, variant):
    game = find_game(name)
    state = random_positions(game, variant, 1, seed=6, max_plies=40)[0]
    event = threading.Event()
    event.set()
    start = time.monotonic()
    decision = think(game, state, game.to_move(state), Budget(60, cancel=event))
    assert time.monotonic() - start < 1.0
    assert decision.move in game.legal_moves(state)


def test_a_search_cancelled_midway_stops_and_keeps_its_best_move():
    game = find_game("crosswise")
    state = random_positions(game, "two-player", 1, seed=7)[0]
    flag = CountingFlag(after=200)
    decision = think(game, state, game.to_move(state), Budget(60, cancel=flag))
    assert flag.asked == 201  # stopped at the first "set"
    assert decision.nodes > 0 and decision.move in game.legal_moves(state)


def test_levels_are_found_by_name_and_give_budgets():
    assert [lv.seconds for lv in LEVELS.values()] == sorted(lv.seconds for lv in LEVELS.values())
    assert level().name == "club" and level(" Quick ").seconds == 0.2
    event = threading.Event()
    budget = level("strong").budget(seed=4, cancel=event)
    assert (budget.seconds, budget.seed, budget.cancel) == (5.0, 4, event)
    with pytest.raises(UnknownLevelError, match="easy, quick, club, strong"):
        level("grandmaster")
    with pytest.raises(LookupError):
        level("grandmaster")
