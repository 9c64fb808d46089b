"""The finder's cheap refutations, against the listed outcomes: a program said not to end in
an outcome has no such listed outcome.  The goals asked are every listed outcome of every
program of the position (as a reading asks every card set about the few outcomes the board
may show), and near misses of them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given

from controller.rules.rhombus.cards import Carry, programs, sub_hands
from controller.rules.rhombus.movegen import outcomes
from controller.rules.rhombus.position import held, mover_context
from tests.controller.rules.rhombus_positions import G
from tests.controller.rules.test_rhombus_finder import SETTINGS, VARIANTS, carries, positions


def goals_of(state, rng: random.Random) -> list[tuple[int, int, int]]:
    """Every listed outcome of every program the mover's cards make (the eliminator's too:
    its victims may stand in a blockade), and near misses: a square more or less, a piece
    more brought in, a kill more or less."""
    ctx = mover_context(state)
    formation = G.variant_of(state).options["formation"]
    found: set[tuple[int, int, int]] = set()
    for cards in sub_hands(held(state, state.to_move), 4 if formation else 3):
        for prog in programs(cards, formation):
            found |= outcomes(ctx, prog)
    out = set(found)
    for after, killed, entered in sorted(found):
        out.add((after ^ 1 << rng.randrange(25), killed, entered))
        out.add((after, killed, entered + 1))
        out.add((after, killed ^ 1 << rng.randrange(25) & ctx.foes, entered))
    return sorted(out)


def check_refuted(state, rng: random.Random) -> int:
    """``aimed.refuted`` never rules out a listed outcome; how many it ruled out."""
    from controller.rules.rhombus.aimed import refuted
    if G.outcome(state) is not None:
        return 0
    ctx, listed = carries(state)
    goals = goals_of(state, rng)
    said = 0
    for prog, outs in listed:
        assert isinstance(prog, Carry)
        for goal in goals:
            if refuted(ctx, prog, goal):
                said += 1
                assert goal not in outs, (G.position_text(state), prog, goal)
    return said


@SETTINGS
@given(positions)
def test_a_program_refuted_by_counting_has_no_such_listed_outcome(pos):
    state, rng = pos
    check_refuted(state, rng)


@pytest.mark.parametrize("variant", VARIANTS)
def test_refutations_by_counting_in_built_positions(variant):
    from boardlight.bench.rhombus_rules import built_positions
    rng = random.Random(3)
    said = sum(check_refuted(state, rng) for state in built_positions(variant, 12, 17))
    assert said  # the cut is asked and used
