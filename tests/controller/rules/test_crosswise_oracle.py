"""The rules package against an independent reference (``crosswise_reference``)."""

from __future__ import annotations

import random

import pytest

from controller.rules.crosswise import CROSSWISE as G
from controller.rules.perft import perft
from tests.controller.rules import crosswise_reference as ref


def sample(variant: str, seed: int, every: int = 7) -> list:
    """Positions of one random game, every ``every`` plies, and its last position."""
    rng = random.Random(seed)
    state, out, ply = G.setup(variant, seed=seed), [], 0
    while G.outcome(state) is None:
        if ply % every == 0:
            out.append(state)
        state = G.play(state, rng.choice(G.legal_moves(state)))
        ply += 1
    return [*out, state]


@pytest.mark.parametrize("variant", list(G.variants))
def test_moves_and_successors_agree_with_the_reference(variant):
    for seed in range(4):
        for state in sample(variant, seed):
            text = G.position_text(state)
            mine = [G.move_text(m) for m in G.legal_moves(state)]
            theirs = ref.Ref.read(text, variant)
            assert sorted(mine) == sorted(theirs.moves()), text
            for move in G.legal_moves(state)[::11]:
                after = G.position_text(G.play(state, move))
                assert after == theirs.after(G.move_text(move)).write(), (text, move)


def test_perft_agrees_with_the_reference_in_every_variant():
    for variant in G.variants:
        for state in sample(variant, 21, every=9)[1:4]:
            text = G.position_text(state)
            assert perft(G, state, 2) == ref.perft(ref.Ref.read(text, variant), 2), text
