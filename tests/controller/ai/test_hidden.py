"""The computer never reads what its seat may not see.

``sample_hidden`` keeps everything the seat sees and deals the rest afresh; the search
touches the real state only to hand it to ``sample_hidden`` and works on what comes back
(a stand-in game records every state it is given); and two positions that differ only in
what the seat cannot see give the same decision."""

from __future__ import annotations

import random

import pytest

from controller.ai import Budget, engine_for, think
from controller.rules import find_game
from tests.controller.ai.hidden_support import Spy, redeal
from tests.controller.ai.positions import random_positions

HIDDEN = [("crosswise", v) for v in find_game("crosswise").variants] + [
    ("rhombus", v) for v in find_game("rhombus").variants]


def same(a, b):
    return (a.move, a.nodes, a.depth, a.score) == (b.move, b.nodes, b.depth, b.score)


def secrets(state):
    """The parts of a state that some seat may not see."""
    if hasattr(state, "bag"):
        return state.hands, state.bag
    return state.hidden, state.pile, state.seed


@pytest.mark.parametrize("name, variant", HIDDEN)
def test_a_determinization_keeps_what_the_seat_sees_and_redeals_the_rest(name, variant):
    game = find_game(name)
    for state in random_positions(game, variant, 5, max_plies=60):
        for seat in game.seats(state):
            worlds = [game.sample_hidden(state, seat, random.Random(k)) for k in range(8)]
            for world in worlds:
                assert game.view(world, seat) == game.view(state, seat)
                assert game.view(world, None) == game.view(state, None)
                # Every tile or card is still there once: the position text reads back.
                game.parse_position(game.position_text(world), variant)
            if name == "rhombus":
                assert all(w.seed != state.seed for w in worlds)
            if len(state.bag if name == "crosswise" else state.pile) > 3:
                assert len({secrets(w) for w in worlds}) > 1


@pytest.mark.parametrize("name, variant", HIDDEN)
def test_a_determinization_depends_only_on_what_the_seat_sees(name, variant):
    game = find_game(name)
    for state in random_positions(game, variant, 4, seed=2, max_plies=60):
        for seat in game.seats(state):
            other = redeal(state, seat, seed=9)
            assert game.view(other, seat) == game.view(state, seat)
            assert game.sample_hidden(state, seat, random.Random(4)) == game.sample_hidden(
                other, seat, random.Random(4))


@pytest.mark.parametrize("name", ["abalone", "drhombix", "plimus"])
def test_a_game_without_hidden_information_returns_the_state_itself(name):
    game = find_game(name)
    for state in random_positions(game, game.default_variant, 3):
        assert game.sample_hidden(state, game.to_move(state), random.Random(1)) is state


@pytest.mark.parametrize("name, variant", HIDDEN)
def test_the_search_only_ever_sees_determinizations(name, variant):
    game = find_game(name)
    state = random_positions(game, variant, 1, seed=3, max_plies=8)[0]
    seat = game.to_move(state)
    spy = Spy(game)
    engine = engine_for(game, variant)
    decision = engine.think(spy, state, seat, Budget(30, seed=1, nodes=150))  # type: ignore[arg-type]
    assert decision.move in game.legal_moves(state)
    # The real state went to sample_hidden, once, and nowhere else.
    assert [method for method, s in spy.calls if s is state] == ["sample_hidden"]
    # Every other state the search handled came out of sample_hidden or play.
    strays = [(method, s) for method, s in spy.calls
              if s is not state and id(s) not in spy.made_ids]
    assert not strays
    # And none of them holds the true hidden parts: the bag or pile order, the seed.
    for world in spy.made:
        if name == "crosswise":
            assert world.bag != state.bag
        else:
            assert world.pile != state.pile and world.seed != state.seed
    assert len(spy.samples) > 100  # a fresh world for (nearly) every playout
    for world in spy.samples:
        assert game.view(world, seat) == game.view(state, seat)


@pytest.mark.parametrize("name, variant", HIDDEN)
def test_positions_that_differ_only_in_hidden_cards_get_the_same_decision(name, variant):
    game = find_game(name)
    for k, state in enumerate(random_positions(game, variant, 2, seed=4, max_plies=40)):
        seat = game.to_move(state)
        other = redeal(state, seat, seed=k)
        assert secrets(other) != secrets(state)
        budget = Budget(60, seed=k, nodes=200)
        assert same(think(game, state, seat, budget), think(game, other, seat, budget))


def test_the_same_decision_test_can_fail():
    """A search told the true hands (its own seat's hand changed) decides differently: the
    equality above is not an accident of a search that ignores the position."""
    game = find_game("crosswise")
    differ = 0
    for k, state in enumerate(random_positions(game, "two-player", 6, seed=5, max_plies=30)):
        seat = game.to_move(state)
        mine = redeal(state, next(s for s in game.seats(state) if s != seat), seed=k)
        budget = Budget(60, seed=k, nodes=200)
        a, b = think(game, state, seat, budget), think(game, mine, seat, budget)
        differ += (a.move, a.score) != (b.move, b.score)
    assert differ >= 3
