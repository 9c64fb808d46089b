"""Properties over random DRHOMBIX games (hypothesis chooses variants, seeds and lengths)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlight.cli import main
from controller.errors import IllegalMoveError
from controller.rules.drhombix import DRHOMBIX as G
from controller.rules.drhombix import Place, Raise, Remove
from controller.rules.drhombix.board import board
from controller.rules.selfplay import selfplay
from tests.controller.rules.random_play import played

VARIANTS = list(G.variants)


def random_position(variant: str, seed: int, plies: int):
    return played(G, variant, seed, plies)[0]


positions = st.builds(random_position, st.sampled_from(VARIANTS), st.integers(0, 2**32),
                      st.integers(0, 60))
FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def shape(state) -> str:
    return G.variant_of(state).options["board"]


@FAST
@given(positions)
def test_pieces_are_conserved_and_every_piece_rests_on_full_positions(state):
    v = G.variant_of(state)
    b = board(shape(state))
    if v.options["game"] == "cuckoo":
        assert state.occupied.bit_count() + sum(state.reserves) == 2 * v.options["pieces"]
        assert state.black & ~state.occupied == 0
    for p in range(b.size):
        if state.occupied >> p & 1:
            assert b.supports[p] & ~state.occupied == 0, G.position_text(state)


@FAST
@given(positions)
def test_position_text_round_trips(state):
    text = G.position_text(state)
    again = G.parse_position(text, state.variant)
    assert again == state and G.position_text(again) == text


@FAST
@given(positions)
def test_every_legal_move_applies_and_its_text_round_trips(state):
    moves = G.legal_moves(state)
    assert G.count_legal_moves(state) == len(moves) == len(set(moves))
    for move in moves:
        G.apply(state, move)
        assert G.parse_move(state, G.move_text(move)) == move


@FAST
@given(positions, st.data())
def test_random_illegal_moves_are_refused_with_a_reason(state, data):
    names = board(shape(state)).names
    legal = set(G.legal_moves(state))
    name = st.sampled_from(names)
    capture = st.none() | name
    kinds = st.one_of(st.builds(Place, name, capture), st.builds(Raise, name, name, capture),
                      st.builds(lambda a, b: Remove(tuple(sorted({a, b}, key=names.index))),
                                name, name))
    for _ in range(25):
        move = data.draw(kinds)
        if move in legal:
            continue
        with pytest.raises(IllegalMoveError) as refused:
            G.apply(state, move)
        assert str(refused.value).startswith(G.move_text(move)) or "over" in str(
            refused.value)


@FAST
@given(positions)
def test_effects_describe_exactly_what_changes(state):
    before = G.layout(state)
    for move in G.legal_moves(state)[:12]:
        effect = G.effect(state, move)
        after = G.layout(G.play(state, move))
        for change in effect.changes:
            assert before.get(change.position, ()) == change.before
            assert after.get(change.position, ()) == change.after
        for p in (set(before) | set(after)) - effect.changed:
            assert before.get(p) == after.get(p)
        assert effect.touched == {c.position for c in effect.changes
                                  if len(c.before) != len(c.after)}
        # What no base sensor sees is named: the move's parts above the base.
        assert set(effect.unseen) == set(G.move_facets(state, move))


@FAST
@given(positions)
def test_the_view_lists_the_legal_moves_with_their_parts(state):
    view = G.view(state, None)
    assert [m["move"] for m in view["moves"]] == [G.move_text(m) for m in G.legal_moves(state)]
    assert view == G.view(state, G.seats(state)[0])  # nothing is hidden
    for entry in view["moves"]:
        for role, where in entry["facets"].items():
            assert role in ("source", "target", "capture", "removed")
            assert all(n[0] != "0" for n in where.split(","))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_plays_to_the_end_through_apply(variant):
    rng = random.Random(variant)
    for _ in range(5):
        state = G.setup(variant)
        plies = 0
        while G.outcome(state) is None:
            state = G.apply(state, rng.choice(G.legal_moves(state)))
            plies += 1
            assert plies < 500, variant
        outcome = G.outcome(state)
        assert outcome.winners and G.legal_moves(state) == () and G.to_move(state) is None


@pytest.mark.parametrize("variant", VARIANTS)
def test_selfplay_finishes_every_game_of_every_variant(variant):
    report = selfplay(G, variant, games=30, seed=11, move_limit=50_000)
    assert report.errors == [] and report.finished == 30 and report.unfinished == 0


def test_the_selfplay_command_sums_up_drhombix(capsys):
    assert main(["selfplay", "--game", "drhombix", "--variant", "cuckoo-triangle",
                 "--games", "5", "--seed", "1", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("5 games: 5 finished, errors 0, ")
