"""The reference figures of the rules page (perft 4 runs in ``boardlight bench rules``)."""

from __future__ import annotations

from collections import Counter

import pytest

from controller.rules.abalone import ABALONE
from controller.rules.perft import perft, perft_full


@pytest.mark.parametrize("variant, figures", [
    ("standard", (44, 1936, 98912)),
    ("belgian-daisy", (52, 2692, 149322)),
    ("german-daisy", (80, 6244, 493480)),
])
def test_perft_reference_figures(variant, figures):
    start = ABALONE.setup(variant)
    assert tuple(perft(ABALONE, start, d) for d in (1, 2, 3)) == figures


def test_standard_start_moves_by_group_size():
    sizes = Counter(len(m.cells) for m in ABALONE.legal_moves(ABALONE.setup()))
    assert sizes == {1: 14, 2: 20, 3: 10}


def test_each_move_counted_once_per_marble_set_and_direction():
    for variant in ABALONE.variants:
        moves = ABALONE.legal_moves(ABALONE.setup(variant))
        keys = [(frozenset(getattr(m, "cells", (getattr(m, "cell", None),))),
                 getattr(m, "direction", None)) for m in moves]
        assert len(keys) == len(set(keys)), variant


def test_bulk_counting_agrees_with_full_generation():
    start = ABALONE.setup("belgian-daisy")
    assert perft(ABALONE, start, 2) == perft_full(ABALONE, start, 2)
