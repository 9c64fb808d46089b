"""Properties over random games (hypothesis chooses the seeds and lengths)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.errors import IllegalMoveError
from controller.rules.abalone import ABALONE, Push
from controller.rules.abalone.board import CELLS, bits_of
from tests.controller.rules.random_play import played

G = ABALONE

VARIANTS = list(G.variants)


def random_position(variant: str, seed: int, plies: int):
    return played(G, variant, seed, plies)


positions = st.builds(random_position, st.sampled_from(VARIANTS), st.integers(0, 2**32),
                      st.integers(0, 400))
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def marble_total(state) -> int:
    return sum(m.bit_count() for m in state.marbles) + sum(state.lost) + sum(state.to_place)


@FAST
@given(positions)
def test_marbles_are_conserved(pos):
    state, _ = pos
    start = G.setup(state.variant)
    assert marble_total(state) == marble_total(start)
    for j, m in enumerate(state.marbles):
        assert m.bit_count() + state.lost[j] + state.to_place[j] == (
            start.marbles[j].bit_count() + start.to_place[j])


@FAST
@given(positions)
def test_position_text_round_trips(pos):
    state, _ = pos
    text = G.position_text(state)
    assert G.parse_position(text, state.variant) == state
    assert G.position_text(G.parse_position(text, state.variant)) == text


@FAST
@given(positions)
def test_every_legal_move_applies_and_round_trips_as_text(pos):
    state, _ = pos
    moves = G.legal_moves(state)
    assert G.count_legal_moves(state) == len(moves)
    for move in moves:
        after = G.apply(state, move)
        assert marble_total(after) == marble_total(state)
        assert G.parse_move(state, G.move_text(move)) == move


@FAST
@given(positions, st.data())
def test_random_illegal_moves_are_refused(pos, data):
    state, _ = pos
    legal = set(G.legal_moves(state))
    for _ in range(20):
        size = data.draw(st.integers(1, 3))
        start = data.draw(st.sampled_from(CELLS))
        axis = data.draw(st.sampled_from((1, 11, 12)))
        direction = data.draw(st.integers(0, 5))
        cells = tuple(start + k * axis for k in range(size))
        move = Push(cells, direction)
        if move in legal:
            continue
        with pytest.raises(IllegalMoveError):
            G.apply(state, move)


@FAST
@given(positions)
def test_effects_describe_exactly_what_changes(pos):
    state, _ = pos
    for move in G.legal_moves(state)[:10]:
        effect = G.effect(state, move)
        after = G.play(state, move)
        before_layout, after_layout = G.layout(state), G.layout(after)
        for change in effect.changes:
            assert before_layout.get(change.position, ()) == change.before
            assert after_layout.get(change.position, ()) == change.after
        unchanged = set(before_layout) | set(after_layout)
        for p in unchanged - effect.changed:
            assert before_layout.get(p) == after_layout.get(p)


def test_every_variant_plays_to_the_end():
    for variant in VARIANTS:
        state, rng = random_position(variant, 11, 0)
        plies = 0
        while G.outcome(state) is None:
            state = G.apply(state, rng.choice(G.legal_moves(state)))
            plies += 1
            assert plies < 20_000, variant
        outcome = G.outcome(state)
        assert outcome.winners, variant
        assert G.legal_moves(state) == ()
        assert set(bits_of(0)) == set()
