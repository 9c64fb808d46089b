"""The bitboard generator against the straightforward reference, on random positions."""

from __future__ import annotations

import random

import pytest

from controller.rules.abalone import ABALONE as G
from controller.rules.abalone.board import DIRECTIONS
from tests.controller.rules import abalone_reference as ref


def bitboard_moves(state):
    out = {}
    for move in G.legal_moves(state):
        after = G.play(state, move)
        out[(frozenset(move.names), DIRECTIONS[move.direction][0])] = (
            G.position_text(after).split()[0])
    return out


def reference_moves(state):
    seats = G.variant_of(state).seats
    teams = G.variant_of(state).options["teams"]
    mover = seats[state.to_move]
    friends = set(next(t for t in teams if mover in t))
    board = ref.board_from_text(G.position_text(state).split()[0])
    out = {}
    for cells, direction, new, _off in ref.successors(board, mover, friends):
        coords = [(r, n) for r in range(9) for n in range(max(1, r - 3), min(9, r + 5) + 1)]
        out[(cells, direction)] = "".join(new.get(c, ".") for c in coords)
    return out


@pytest.mark.parametrize("variant", ["standard", "german-daisy", "three-player", "four-player"])
def test_generators_agree_on_random_positions(variant):
    rng = random.Random(variant)
    checked = 0
    for game in range(6):
        state = G.setup(variant)
        while G.outcome(state) is None and checked < 150 * (game + 1):
            assert bitboard_moves(state) == reference_moves(state), G.position_text(state)
            checked += 1
            state = G.play(state, rng.choice(G.legal_moves(state)))
    assert checked > 300


def test_reference_reproduces_perft_2():
    board = ref.board_from_text(G.position_text(G.setup()).split()[0])
    assert ref.perft(board, ["b", "w"], 0, 2) == 1936
