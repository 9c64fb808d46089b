"""Crosswise's own properties over random games (hypothesis chooses the variants, seeds and
lengths); the contract every game keeps is checked in ``test_contract.py``."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.rules.crosswise import CROSSWISE as G
from controller.rules.crosswise.tiles import ACTIONS, FULL_SET, kind_of
from tests.controller.rules.random_play import played, random_game
from tests.controller.rules.test_contract import SAMPLES

VARIANTS = list(G.variants)


def random_position(variant: str, seed: int, plies: int):
    return played(G, variant, seed, plies, dealt=True)


positions = st.builds(random_position, st.sampled_from(VARIANTS), st.integers(0, 2**32),
                      st.integers(0, 60))
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def tiles_of(state) -> Counter[str]:
    out: Counter[str] = Counter(str(v) for v in state.board if v)
    out.update(code for code, n in zip(ACTIONS, state.used) for _ in range(n))
    for part in (*state.hands, state.bag):
        out.update(part)
    return out


@FAST
@given(positions)
def test_the_54_tiles_are_conserved(pos):
    state, _ = pos
    assert tiles_of(state) == FULL_SET


@FAST
@given(positions)
def test_hands_stay_full_while_the_bag_has_tiles(pos):
    state, _ = pos
    sizes = G.variant_of(state).options["hand"]
    for seat, hand in zip(G.seats(state), state.hands):
        assert len(hand) == sizes[seat] or not state.bag


@FAST
@given(positions)
def test_every_fifth_legal_move_keeps_the_54_tiles(pos):
    state, _ = pos
    for move in G.legal_moves(state)[::5]:
        assert tiles_of(G.apply(state, move)) == FULL_SET


def shuffled_hidden(state, rng):
    """The same public position with the hidden tiles dealt differently among the hands and
    the bag (hand sizes kept)."""
    hidden = [t for part in (*state.hands, state.bag) for t in part]
    rng.shuffle(hidden)
    hands = []
    for hand in state.hands:
        hands.append(tuple(sorted(hidden[:len(hand)], key="123456MRXS".index)))
        del hidden[:len(hand)]
    return replace(state, hands=tuple(hands), bag=tuple(hidden))


@FAST
@given(positions)
def test_the_table_view_and_the_board_never_depend_on_hidden_tiles(pos):
    state, rng = pos
    other = shuffled_hidden(state, rng)
    if G.outcome(other) != G.outcome(state):
        return  # "nobody can play" depends on the hands; it ends the game for everyone
    assert json.dumps(G.view(state, None)) == json.dumps(G.view(other, None))
    assert G.layout(state) == G.layout(other)
    assert G.hint_moves(state) == G.hint_moves(other) == ()


@FAST
@given(positions)
def test_a_seat_sees_its_own_hand_and_no_other(pos):
    state, rng = pos
    for k, seat in enumerate(G.seats(state)):
        view = G.view(state, seat)
        assert view["hand"] == [kind_of(t) for t in state.hands[k]]
        other = shuffled_hidden(state, rng)
        mine = tuple(sorted(state.hands[k]))
        if tuple(sorted(other.hands[k])) == mine and G.outcome(other) == G.outcome(state):
            assert G.view(other, seat) == view  # only the own hand shows
        public = G.view(state, None)
        assert {k: v for k, v in view.items() if k not in ("seat", "hand", "must_pass")} \
            == public


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_game_has_at_most_51_plays_besides_passes(variant):
    # A lay fills a cell, a remove (3 tiles) empties one, 12 action tiles in all.  The same
    # random games the contract plays to the end (shared: played once per session).
    for seed in range(SAMPLES["crosswise"].games):
        game = random_game(G, variant, seed, SAMPLES["crosswise"].longest)
        assert sum(text != "pass" for text in game.moves) <= 36 + 3 + 12
