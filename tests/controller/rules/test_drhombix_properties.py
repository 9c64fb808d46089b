"""DRHOMBIX's own properties over random games (hypothesis chooses variants, seeds and
lengths); the contract every game keeps is checked in ``test_contract.py``."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlight.cli import main
from controller.rules.drhombix import DRHOMBIX as G
from controller.rules.drhombix.board import board
from tests.controller.rules.random_play import played, random_game
from tests.controller.rules.test_contract import SAMPLES

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
def test_a_hand_touches_exactly_where_a_height_changes_and_the_phone_names_the_upper_parts(
        state):
    for move in G.legal_moves(state)[:12]:
        effect = G.effect(state, move)
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
def test_random_games_end_with_a_winner(variant):
    # The same games the contract plays to the end (shared: played once per session).
    for seed in range(SAMPLES["drhombix"].games):
        game = random_game(G, variant, seed, SAMPLES["drhombix"].longest)
        assert G.outcome(game.final).winners, (variant, seed)


def test_the_selfplay_command_sums_up_drhombix(capsys):
    assert main(["selfplay", "--game", "drhombix", "--variant", "cuckoo-triangle",
                 "--games", "5", "--seed", "1", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("5 games: 5 finished, errors 0, ")
