"""Properties every game keeps (the registry's and the suite's own), over random positions of
every variant.

The contract (``controller/rules/base.py``, ``docs/rules-core.md``) is checked here once, for
every game: position text round-trips; every legal move applies and its text round-trips;
made-up moves are refused with words; an effect describes exactly what a move changes; random
games of every variant play to their end.  Each game brings its own ``Sample``: how many
examples, how far random play goes, the special positions it needs and the made-up moves of
its own types.  What only one game promises (its pieces conserved, its effects' paths) stays
in that game's test files.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.errors import IllegalMoveError
from controller.rules.base import Game, diff_layouts
from controller.rules.words import WORDS
from controller.said import english
from tests.controller.rules import (
    abalone_positions,
    crosswise_positions,
    drhombix_positions,
    plimus_positions,
    rhombus_positions,
)
from tests.controller.rules.random_play import played, random_game
from tests.support.games import Sample, every_manifest, own_samples

# Every game: the shipped ones, and the suite's own (each with its sample in its package).
GAMES: dict[str, Game[Any, Any]] = {name: m.game for name, m in every_manifest().items()}
CASES = [(name, variant) for name, game in GAMES.items() for variant in game.variants]
SOME = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


SAMPLES = {
    "abalone": Sample(60, 400, abalone_positions.arbitrary_moves, games=1, longest=20_000),
    "crosswise": Sample(40, 60, crosswise_positions.arbitrary_moves, games=10, longest=500),
    "drhombix": Sample(80, 60, drhombix_positions.arbitrary_moves, games=35, longest=500),
    "plimus": Sample(60, 300, plimus_positions.arbitrary_moves, games=3, longest=50_000,
                     special=lambda seed, variant: plimus_positions.scattered(seed, variant),
                     made_up=75),
    "rhombus": Sample(40, 250, rhombus_positions.arbitrary_moves, games=3, longest=600),
    **own_samples(),
}


def positions(name: str) -> st.SearchStrategy[tuple[Any, random.Random]]:
    """A position of any variant and a random generator to go on drawing from."""
    game, sample = GAMES[name], SAMPLES[name]
    variants, seeds = st.sampled_from(list(game.variants)), st.integers(0, 2**32)
    found = st.builds(lambda variant, seed, plies: played(game, variant, seed, plies, dealt=True),
                      variants, seeds, st.integers(0, sample.plies))
    special = sample.special
    if special is not None:
        found |= st.builds(lambda seed, variant: (special(seed, variant), random.Random(seed)),
                           seeds, variants)
    return found


Check = Callable[[Game[Any, Any], Any, random.Random, st.DataObject], None]


def for_each_position(name: str, check: Check) -> None:
    """Run ``check(game, state, rng, data)`` on the game's sample of positions."""

    @settings(max_examples=SAMPLES[name].examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(position=positions(name), data=st.data())
    def run(position: tuple[Any, random.Random], data: st.DataObject) -> None:
        state, rng = position
        check(GAMES[name], state, rng, data)

    run()


def some(moves: Sequence[Any], rng: random.Random, first: int, more: int) -> list[Any]:
    """The first ``first`` moves and ``more`` of the rest, chosen at random."""
    rest = list(moves[first:])
    return [*moves[:first], *rng.sample(rest, min(more, len(rest)))]


def test_every_game_of_the_registry_has_a_sample():
    assert set(SAMPLES) == set(GAMES)


@pytest.mark.parametrize("name", list(GAMES))
def test_position_text_round_trips(name):
    def check(game, state, rng, data):
        variant = game.variant_of(state).name
        text = game.position_text(state)
        again = game.parse_position(text, variant)
        assert again == state, text
        assert game.position_text(again) == text

    for_each_position(name, check)


@pytest.mark.parametrize("name", list(GAMES))
def test_every_legal_move_applies_and_its_text_round_trips(name):
    def check(game, state, rng, data):
        variant = game.variant_of(state).name
        moves = game.legal_moves(state)
        assert game.count_legal_moves(state) == len(moves) == len(set(moves))
        assert bool(moves) == (game.outcome(state) is None), game.position_text(state)
        # All of them, up to 200, and a fifth of any beyond (at least 100 more).
        for move in some(moves, rng, 200, max(100, (len(moves) - 200) // 5)):
            text = game.move_text(move)
            assert game.parse_move(state, text) == move, text
            assert game.move_text(game.parse_move(state, text)) == text
            after = game.apply(state, move)
            assert after == game.play(state, move)
            assert game.parse_position(game.position_text(after), variant) == after, text

    for_each_position(name, check)


@pytest.mark.parametrize("name", list(GAMES))
def test_made_up_moves_are_refused_with_a_reason(name):
    """Moves of the game's own types, and the moves the next player will have: whichever is
    not legal here is refused with a reason of the game's words (typed, said in plain English
    without a gap) or because the game is over."""
    sample = SAMPLES[name]

    def check(game, state, rng, data):
        moves = game.legal_moves(state)
        legal = set(moves)
        candidates = data.draw(st.lists(sample.arbitrary(state), min_size=sample.made_up,
                                        max_size=sample.made_up))
        if moves:
            candidates += game.legal_moves(game.play(state, rng.choice(moves)))[:25]
        for move in candidates:
            if move in legal:
                continue
            with pytest.raises(IllegalMoveError) as refused:
                game.apply(state, move)
            reason = refused.value.reason
            assert game.words.get(reason.key) or WORDS.get(reason.key), reason
            text = str(refused.value)
            assert text == english(reason, game), text
            assert len(text.split()) >= 3 and "%(" not in text, text

    for_each_position(name, check)


@pytest.mark.parametrize("name", list(GAMES))
def test_effects_describe_exactly_what_changes(name):
    def check(game, state, rng, data):
        order = game.geometry(game.variant_of(state).name).positions
        before = game.layout(state)
        for move in some(game.legal_moves(state), rng, 40, 12):
            effect = game.effect(state, move)
            after = game.layout(game.play(state, move))
            # Every position whose stack differs, in the geometry's order, and no other.
            assert effect.changes == diff_layouts(before, after, order), game.move_text(move)
            heights = {c.position for c in effect.changes if len(c.before) != len(c.after)}
            assert heights <= effect.touched <= set(order)
            assert set(effect.path) <= set(order)
            # What no sensor sees is what a phone declares.
            assert bool(effect.unseen) == bool(game.move_facets(state, move))

    for_each_position(name, check)


@pytest.mark.parametrize(("name", "variant"), CASES)
def test_random_games_of_every_variant_play_to_the_end(name, variant):
    game, sample = GAMES[name], SAMPLES[name]
    for seed in range(sample.games):
        played_out = random_game(game, variant, seed, sample.longest)
        final = played_out.final
        outcome = game.outcome(final)
        assert outcome is not None, (variant, seed, len(played_out.moves))
        said = english(outcome.said, game)
        assert said and "%(" not in said and set(outcome.winners) <= set(game.seats(final))
        assert game.legal_moves(final) == () and game.to_move(final) is None
        with pytest.raises(IllegalMoveError) as refused:
            game.apply(final, played_out.last)
        assert refused.value.reason.key == "illegal.game-over"


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
