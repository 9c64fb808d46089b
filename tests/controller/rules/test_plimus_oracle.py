"""The fast generator against the straightforward reference, move by move and layout by layout."""

from __future__ import annotations

import random

import pytest

from controller.rules.plimus import PLIMUS, Pass, PlaceBlank, Plimus
from controller.rules.plimus.stones import PIECES
from tests.controller.rules import plimus_reference as ref
from tests.controller.rules.plimus_positions import scattered

ORDER = {p: i for i, p in enumerate(PIECES)}


def fast_moves(game, state):
    return {game.move_text(m): dict(game.layout(game.play(state, m)))
            for m in game.legal_moves(state)}


def reference_moves(game, state):
    layout = game.layout(state)
    nodes = {n: list(v) for n, v in layout.items() if n not in ref.POLES}
    poles = {p: list(layout.get(p, ())) for p in ref.POLES}
    v = game.variant_of(state)
    seat = v.seats[state.to_move]
    out = {}
    for text, after_nodes, after_poles in ref.successors(
            nodes, poles, seat, set(v.options["foes"][seat]), v.options["free_turns"]):
        after = {k: tuple(s) for k, s in after_nodes.items() if s}
        after.update({k: tuple(sorted(s, key=ORDER.__getitem__))
                      for k, s in after_poles.items() if s})
        out[text] = after
    return out


def comparable(game, state) -> bool:
    moves = game.legal_moves(state)
    return bool(moves) and not isinstance(moves[0], (Pass, PlaceBlank))


@pytest.mark.parametrize("variant", list(PLIMUS.variants))
def test_generators_agree_in_random_games(variant):
    rng = random.Random(variant)
    checked = 0
    for _ in range(2):
        state = PLIMUS.setup(variant)
        for _ in range(120):
            if PLIMUS.outcome(state) is not None:
                break
            if comparable(PLIMUS, state):
                assert fast_moves(PLIMUS, state) == reference_moves(PLIMUS, state), (
                    PLIMUS.position_text(state))
                checked += 1
            state = PLIMUS.play(state, rng.choice(PLIMUS.legal_moves(state)))
    assert checked > 150


@pytest.mark.parametrize("free_turns", [False, True])
def test_generators_agree_where_doubles_captures_and_poles_abound(free_turns):
    game = Plimus(free_turns=free_turns)
    captures = multi = 0
    for seed in range(60 if free_turns else 240):
        variant = list(game.variants)[seed % 4]
        state = game.parse_position(PLIMUS.position_text(scattered(seed, variant)), variant)
        if not comparable(game, state):
            continue
        fast = fast_moves(game, state)
        assert fast == reference_moves(game, state), game.position_text(state)
        captures += sum(" x" in t for t in fast)
        multi += sum(t.count(":") > 1 for t in fast)
    assert captures > 100 and multi > 100  # the hard cases were really there
