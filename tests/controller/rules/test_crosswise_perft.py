"""Move counts that can be worked out by hand, and bulk counting against full generation."""

from __future__ import annotations

import pytest

from controller.rules.crosswise import CROSSWISE as G
from controller.rules.perft import perft, perft_full
from tests.controller.rules.crosswise_positions import position

A1_3_B2_5 = "....../....../....../....../.5..../3....."


def test_an_empty_board_and_four_different_symbols():
    # Four symbols on 36 cells; then orange holds two kinds (5, 6) for the 35 cells left.
    s = position(hands=("1234", "5566"))
    assert perft(G, s, 1) == 4 * 36
    assert perft(G, s, 2) == 4 * 36 * 2 * 35


@pytest.mark.parametrize("hand, count, why", [
    ("1MXS", 34 + 2 * 34 + 2 + 1, "lays on 34 empty cells, 2 x 34 moves, 2 replaces, 1 swap"),
    ("12RX", 2 * 34 + 2 + 2 * 2, "two symbols on 34 cells, 2 removes, 2 cells x 2 symbols"),
    ("11SS", 34 + 1, "a pair counts once: 34 lays; one swap however many swap tiles"),
    ("MRXS", 2 * 34 + 2 + 0 + 1, "no symbol in hand: nothing to replace with"),
])
def test_each_action_adds_its_own_moves(hand, count, why):
    s = position(A1_3_B2_5, hands=(hand, "5566"))
    assert len(G.legal_moves(s)) == G.count_legal_moves(s) == count, why


def test_a_pass_is_one_move():
    s = position(hands=("MRXS", "1234"))
    assert G.count_legal_moves(s) == len(G.legal_moves(s)) == 1


@pytest.mark.parametrize("variant", list(G.variants))
def test_bulk_counting_agrees_with_full_generation(variant):
    start = G.setup(variant, seed=2)
    assert perft(G, start, 2) == perft_full(G, start, 2) > 0
