"""Abalone's own properties over random games (hypothesis chooses the seeds and lengths); the
contract every game keeps is checked in ``test_contract.py``."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.rules.abalone import ABALONE as G
from tests.controller.rules.random_play import played, random_game
from tests.controller.rules.test_contract import SAMPLES

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
def test_no_legal_move_loses_or_makes_a_marble(pos):
    state, _ = pos
    for move in G.legal_moves(state):
        assert marble_total(G.play(state, move)) == marble_total(state)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_end_with_a_winner(variant):
    # The same games the contract plays to the end (shared: played once per session).
    for seed in range(SAMPLES["abalone"].games):
        game = random_game(G, variant, seed, SAMPLES["abalone"].longest)
        assert G.outcome(game.final).winners, (variant, seed)
