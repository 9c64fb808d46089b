"""Properties every game of the registry keeps, over random positions of every variant."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.rules import GAMES
from tests.controller.rules.random_play import played

CASES = [(name, variant) for name, game in GAMES.items() for variant in game.variants]
SOME = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SOME
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**31), plies=st.integers(0, 80))
def test_every_piece_that_stands_anywhere_is_one_of_the_variants_pieces(case, seed, plies):
    name, variant = case
    game = GAMES[name]
    state, _ = played(game, variant, seed, plies, dealt=True)
    kinds = set(game.pieces(variant))
    assert len(kinds) == len(game.pieces(variant))
    standing = {piece for stack in game.layout(state).values() for piece in stack}
    assert standing <= kinds, f"{name} {variant}: {standing - kinds} not in pieces()"
    for kind in kinds:
        assert game.piece_name(kind) != kind, f"{name}: {kind!r} has no name in words"


@SOME
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**31), plies=st.integers(0, 60))
def test_what_a_phone_may_declare_is_what_the_legal_moves_carry(case, seed, plies):
    name, variant = case
    game = GAMES[name]
    state, _ = played(game, variant, seed, plies, dealt=True)
    declarable = game.declarable(state)
    moves = game.legal_moves(state) if game.outcome(state) is None else ()
    carried: dict[str, set[str]] = {}
    for move in moves:
        for key, value in game.move_facets(state, move).items():
            carried.setdefault(key, set()).add(value)
    assert {k: set(v) for k, v in declarable.items()} == carried
    assert game.facet_choices(state) == {k: v for k, v in declarable.items() if len(v) > 1}
