"""Properties over random games (hypothesis chooses the variants, seeds and lengths)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.errors import IllegalMoveError
from controller.rules.crosswise import CROSSWISE as G
from controller.rules.crosswise import Lay, Remove, Replace, Shift, Swap
from controller.rules.crosswise.tiles import ACTIONS, FULL_SET, kind_of
from tests.controller.rules.random_play import played

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
    assert G.count_legal_moves(state) == len(moves) == len(set(moves))
    for move in moves[::5]:
        after = G.apply(state, move)
        assert tiles_of(after) == FULL_SET
        assert G.parse_move(state, G.move_text(move)) == move


@FAST
@given(positions, st.data())
def test_random_illegal_moves_are_refused(pos, data):
    state, _ = pos
    legal = set(G.legal_moves(state))
    cells, symbols = st.integers(0, 35), st.integers(1, 6)
    kinds = st.one_of(st.builds(Lay, symbols, cells), st.builds(Shift, cells, cells),
                      st.builds(Remove, cells), st.builds(Replace, cells, symbols),
                      st.builds(Swap, cells, cells))
    for _ in range(20):
        move = data.draw(kinds)
        if move in legal:
            continue
        with pytest.raises(IllegalMoveError):
            G.apply(state, move)


@FAST
@given(positions)
def test_effects_describe_exactly_what_changes(pos):
    state, rng = pos
    moves = list(G.legal_moves(state))
    for move in rng.sample(moves, min(12, len(moves))):
        effect = G.effect(state, move)
        before, after = G.layout(state), G.layout(G.play(state, move))
        for change in effect.changes:
            assert before.get(change.position, ()) == change.before
            assert after.get(change.position, ()) == change.after
        for p in (set(before) | set(after)) - effect.changed:
            assert before.get(p) == after.get(p)
        heights = {c.position for c in effect.changes if len(c.before) != len(c.after)}
        assert heights <= effect.touched


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


def test_every_variant_plays_to_the_end_by_its_own_rules():
    for variant in VARIANTS:
        for seed in range(10):
            state, rng = random_position(variant, seed, 0)
            plays = 0
            while G.outcome(state) is None:
                move = rng.choice(G.legal_moves(state))
                plays += G.move_text(move) != "pass"
                state = G.apply(state, move)
                # A lay fills a cell, a remove (3 tiles) empties one, 12 action tiles in all.
                assert plays <= 36 + 3 + 12
            assert G.legal_moves(state) == () and G.to_move(state) is None
