"""The DRHOMBIX ant game: the solver engine plays perfectly.

Checked by the rules core alone, not by the solver: from a winning position the engine's
side wins against every possible reply, all the way to the end of the game."""

from __future__ import annotations

import random

import pytest

from controller.ai import Budget, engine_for, think
from controller.rules.drhombix import DRHOMBIX as D


def wins_against_everything(state, engine_seat, memo):
    """Whether the engine (``engine_seat``) wins whatever the other side plays."""
    key = (state.occupied, state.to_move)
    if key not in memo:
        outcome = D.outcome(state)
        if outcome is not None:
            memo[key] = engine_seat in outcome.winners
        elif D.to_move(state) == engine_seat:
            move = think(D, state, engine_seat, Budget(5)).move
            memo[key] = wins_against_everything(D.play(state, move), engine_seat, memo)
        else:
            memo[key] = all(wins_against_everything(D.play(state, reply), engine_seat, memo)
                            for reply in D.legal_moves(state))
    return memo[key]


def mover_wins(state, memo):
    """Plain perfect-play search by the rules core (small positions only; the ant game is
    impartial, so the occupied positions alone say who wins)."""
    if state.occupied not in memo:
        outcome = D.outcome(state)
        if outcome is not None:
            memo[state.occupied] = D.seats(state)[state.to_move] in outcome.winners
        else:
            memo[state.occupied] = any(not mover_wins(D.play(state, m), memo)
                                       for m in D.legal_moves(state))
    return memo[state.occupied]


def test_the_first_player_wins_the_triangle_game_against_every_defence():
    start = D.setup("ant-triangle")
    assert engine_for(D, "ant-triangle").name == "solver"
    memo: dict = {}
    assert wins_against_everything(start, "first", memo)
    assert len(memo) > 300  # every reachable reply was tried


@pytest.mark.parametrize("seed", range(4))
def test_from_winning_square_positions_the_engine_keeps_winning(seed):
    rng = random.Random(seed)
    plain: dict = {}
    checked = 0
    while checked < 3:
        state = D.setup("ant-square")
        while D.outcome(state) is None and state.occupied.bit_count() > 12:
            state = D.play(state, rng.choice(D.legal_moves(state)))
        if D.outcome(state) is None and mover_wins(state, plain):
            seat = D.to_move(state)
            assert wins_against_everything(state, seat, {})
            checked += 1


def test_from_a_losing_position_it_still_plays_on():
    rng = random.Random(7)
    plain: dict = {}
    for _ in range(20):
        state = D.setup("ant-square")
        while D.outcome(state) is None and state.occupied.bit_count() > 10:
            state = D.play(state, rng.choice(D.legal_moves(state)))
        if D.outcome(state) is None and not mover_wins(state, plain):
            decision = think(D, state, D.to_move(state), Budget(5))
            assert decision.move in D.legal_moves(state) and decision.score == 0.0
            return
    pytest.fail("no losing position met")
