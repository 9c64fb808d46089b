"""The computer only ever plays legal moves: every game and variant, many positions, very
short budgets (a node limit, so the tests do not depend on the machine's speed)."""

from __future__ import annotations

import pytest

from controller.ai import Budget, NotYourTurnError, engine_for, think
from controller.rules import find_game
from controller.rules.base import Resign
from tests.controller.ai.positions import VARIANTS, random_positions


@pytest.mark.parametrize("name, variant", VARIANTS)
def test_the_computer_plays_only_legal_moves(name, variant):
    game = find_game(name)
    for k, state in enumerate(random_positions(game, variant, 6)):
        seat = game.to_move(state)
        decision = think(game, state, seat, Budget(30, seed=k, nodes=25))
        assert decision.move in game.legal_moves(state), game.position_text(state)
        game.apply(state, decision.move)  # the checked path agrees


@pytest.mark.parametrize("name, variant", VARIANTS)
def test_a_seat_that_is_not_to_move_is_refused(name, variant):
    game = find_game(name)
    state = random_positions(game, variant, 1, seed=2)[0]
    other = next(s for s in game.seats(state) if s != game.to_move(state))
    with pytest.raises(NotYourTurnError, match=f"it is {game.to_move(state)}'s turn"):
        engine_for(game, variant).think(game, state, other, Budget(1, nodes=5))
    over = game.apply(state, Resign(game.to_move(state)))
    with pytest.raises(NotYourTurnError, match="the game is over"):
        think(game, over, game.to_move(state), Budget(1, nodes=5))


def test_each_game_gets_its_engine():
    names = {(g, v): engine_for(find_game(g), v).name for g, v in VARIANTS}
    assert names["abalone", "standard"] == names["abalone", "free-placement"] == "core"
    assert names["abalone", "four-player"] == "mcts"
    assert names["drhombix", "ant-square"] == names["drhombix", "ant-triangle"] == "solver"
    assert {names["drhombix", v] for v in ("cuckoo-square", "cuckoo-triangle",
                                           "cuckoo-square-no-nest",
                                           "cuckoo-triangle-inverted-nests")} == {"negamax"}
    assert names["drhombix", "cuckoo-square-no-sandwich"] == "mcts"
    assert names["drhombix", "cuckoo-triangle-no-captures"] == "mcts"
    assert {names[k] for k in names if k[0] in ("crosswise", "rhombus")} == {"mcts"}
    assert {names[k] for k in names if k[0] == "plimus"} == {"race"}
