"""Perft figures from the start of every variant (checked against the reference generator)."""

from __future__ import annotations

import pytest

from controller.rules.perft import perft, perft_full
from controller.rules.plimus import PLIMUS
from tests.controller.rules import plimus_reference as ref


@pytest.mark.parametrize("variant, figures", [
    ("two-player", (52, 2704, 131768)),
    ("two-player-extended", (2, 104, 5408)),       # the first ply puts the blank stone
    ("four-player", (52, 2702, 140400)),
    ("four-player-extended", (52, 2702, 140400)),  # nobody meets anybody in three plies
])
def test_perft_figures(variant, figures):
    start = PLIMUS.setup(variant)
    assert tuple(perft(PLIMUS, start, d) for d in (1, 2, 3)) == figures


def test_the_reference_generator_counts_the_same():
    start = PLIMUS.setup("four-player")
    v = PLIMUS.variant_of(start)
    foes = {s: set(f) for s, f in v.options["foes"].items()}

    def count(nodes, poles, turn, depth):
        if depth == 0:
            return 1
        seat = v.seats[turn]
        return sum(count(n, p, (turn + 1) % len(v.seats), depth - 1)
                   for _, n, p in ref.successors(nodes, poles, seat, foes[seat]))

    nodes = {n: list(s) for n, s in PLIMUS.layout(start).items()}
    assert count(nodes, {p: [] for p in ref.POLES}, 0, 2) == 2702


def test_bulk_counting_agrees_with_full_generation():
    start = PLIMUS.setup()
    assert perft(PLIMUS, start, 2) == perft_full(PLIMUS, start, 2)


def test_the_start_moves_are_steps_joins_and_jumps_of_single_stones():
    moves = [PLIMUS.move_text(m) for m in PLIMUS.legal_moves(PLIMUS.setup())]
    assert len(moves) == len(set(moves)) == 52
    assert {"c1-SW", "c1-d1", "c1:c3", "d1:SW", "h2-h3"} <= set(moves)
