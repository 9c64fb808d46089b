"""Random Plimus games play to the end in every variant: a win, or the rules' own draw after
200 moves in a row without a capture (a few fully checked games of every variant are played
by ``test_contract.py``)."""

from __future__ import annotations

import pytest

from controller.rules.plimus import PLIMUS
from controller.rules.selfplay import play_random_game
from tests.controller.rules.test_plimus_properties import stones

PLY_CAP = 50_000  # the selfplay command's default: no game may need it
# Games per variant.  Four-player extended games run to thousands of plies (random teams
# circle until the 200-move clock draws: about 4,100 a game), so 50 of them play some 206,000
# plies, nearly three times what 200 games of any other variant do (71,000-80,000).
GAMES = {"two-player": 200, "two-player-extended": 200, "four-player": 200,
         "four-player-extended": 50}


def test_every_variant_has_its_number_of_games():
    assert set(GAMES) == set(PLIMUS.variants)


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(GAMES))
def test_random_games_of_every_variant_end(variant):
    start = stones(PLIMUS.setup(variant))
    lengths = []
    for seed in range(GAMES[variant]):
        state, plies = play_random_game(PLIMUS, variant, seed, PLY_CAP, check=False)
        outcome = PLIMUS.outcome(state)
        assert outcome is not None, (variant, seed, plies)
        assert stones(state) == start  # captured stones stay in play
        assert PLIMUS.parse_position(PLIMUS.position_text(state), variant) == state
        assert PLIMUS.legal_moves(state) == ()
        if outcome.is_draw:
            assert state.quiet == 200
        lengths.append(plies)
    assert len(lengths) == GAMES[variant] and max(lengths) < PLY_CAP
