from __future__ import annotations

import pytest

from controller.errors import BoardError, UnknownGameError, UnknownVariantError
from controller.rules import GAMES, find_game


def test_find_game_by_name_any_case():
    assert find_game(" Abalone ") is GAMES["abalone"]


def test_unknown_game_lists_the_games():
    with pytest.raises(UnknownGameError, match="the games are: abalone") as err:
        find_game("chess")
    assert isinstance(err.value, LookupError) and isinstance(err.value, BoardError)


def test_unknown_variant_lists_the_variants():
    with pytest.raises(UnknownVariantError, match="belgian-daisy"):
        find_game("abalone").variant("dutch-daisy")


def test_every_game_meets_the_contract_at_its_start():
    for game in GAMES.values():
        for name in game.variants:
            state = game.setup(name, seed=5)
            assert game.setup(name, seed=5) == state  # seeded: the same seed, the same game
            text = game.position_text(state)
            assert game.parse_position(text, name) == state
            assert game.view(state, None)["position"]
            seats = game.seats(state)
            assert game.to_move(state) in seats
            geo = game.geometry(name)
            assert set(game.layout(state)) <= set(geo.positions)
