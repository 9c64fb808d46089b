"""A move in progress, as the sensors see it: every order a hand may use reads as on its way to
the move, and a piece that could have come from nowhere is no move in progress.

A reading is "in progress" toward a move when every change belongs to the move and no more
pieces have appeared on the sensed board than hands could have brought there: from a position
the reading shows emptied, from a stack the move lowers, or from outside the sensed board (a
reserve, a supply, a hidden hand).  A piece that appears while nothing it could come from was
touched is a piece the previous player left behind, or a knock: correction, not a move.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.physical import SenseMode, project
from controller.rules import GAMES
from controller.rules.abalone import ABALONE
from controller.session.handplan import hand_steps
from controller.session.moves import moves_of
from hardware.simboard import default_spec
from tests.controller.rules.abalone_positions import position
from tests.controller.rules.random_play import played

CASES = [(name, variant) for name, game in GAMES.items() for variant in game.variants]
SENSES = {"abalone": (SenseMode.PRESENCE, SenseMode.POLARITY),
          "plimus": (SenseMode.POLARITY,)}


def readings_on_the_way(game, state, move, spec, rng):
    """The sensed reading after each step of one physical order of ``move`` (a stack is
    lifted and put down as a whole: magnetic Plimus stones stick together)."""
    layout = {p: list(s) for p, s in game.layout(state).items()}
    out = []
    steps = hand_steps(game.effect(state, move), rng, before=game.layout(state))
    for k, step in enumerate(steps):
        stack = layout.setdefault(step.position, [])
        if step.action == "lift":
            stack.pop()
        else:
            stack.append(step.piece)
        done, to_do = steps[:k + 1], steps[k + 1:]
        if {(s.action, s.position) for s in done} & {(s.action, s.position) for s in to_do}:
            continue  # half a stack in the air
        out.append({p: project(tuple(layout.get(p, ())), spec.sense, game.polarity)
                    for p in spec.sensors if p is not None})
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**31), plies=st.integers(0, 60))
def test_every_hand_order_of_every_move_reads_as_that_move_in_progress(case, seed, plies):
    name, variant = case
    game = GAMES[name]
    state, rng = played(game, variant, seed, plies, dealt=True)
    if game.outcome(state) is not None:
        return
    moves = list(game.legal_moves(state))
    for sense in SENSES.get(name, (SenseMode.PRESENCE,)):
        spec = default_spec(game, variant, sense)
        index = moves_of(game, state, spec)
        for move in rng.sample(moves, min(len(moves), 12)):
            fp = index.footprint(move)
            for reading in readings_on_the_way(game, state, move, spec, rng)[:-1]:
                diff = index.diff_of(reading)
                # Pieces only lifted are never judged (the player may be thinking); a stop on
                # the way of a multi-jump is a move of its own, which grows.
                if all(v == index.empty for _, v in diff):
                    continue
                # (The hand plan does not turn a double over as it jumps: a stop's own
                # reading is the rules' business, checked by the matching tests.)
                if any(p in fp.path[1:-1] and v != index.empty for p, v in diff):
                    continue
                if not any(fp in index.extensions(m) for m in index.matching(diff)):
                    assert index.in_progress(diff, [fp]), (
                        f"{name} {variant} {fp.text}: {sorted(diff)} is not on its way")


def test_a_piece_that_appears_with_nothing_lifted_is_no_move_in_progress():
    # Black could move C3 to D4; a marble put on D4 while C3 still stands came from nowhere
    # (the previous player's marble put down late, after their move was taken).
    state = ABALONE.setup()
    index = moves_of(ABALONE, state, default_spec(ABALONE))
    c3d4 = index.find("C3D4")
    assert c3d4 is not None
    assert index.in_progress(frozenset({("C3", 0)}), [c3d4])       # lifted: on its way
    assert index.in_progress(frozenset({("C3", 0), ("D4", 1)}), [c3d4])
    assert not index.in_progress(frozenset({("D4", 1)}), [c3d4])    # from nowhere
    assert not index.toward(frozenset({("D4", 1)}), "public")


def test_a_piece_from_outside_the_sensed_board_may_arrive_first():
    # Free placement: marbles come from the supply beside the board (no sensor there).
    state = ABALONE.setup("free-placement")
    index = moves_of(ABALONE, state, default_spec(ABALONE, "free-placement"))
    assert index.toward(frozenset({("E5", 1)}), "public")


@pytest.mark.parametrize("sense", [SenseMode.PRESENCE, SenseMode.POLARITY])
def test_pieces_placed_before_others_are_lifted_need_as_many_lifted(sense):
    # A broadside C3 C4 -> D4 D5: after lifting one marble, one may land; two may not.
    state = position({"C3 C4": "b", "G5": "w"})
    index = moves_of(ABALONE, state, default_spec(ABALONE, sense=sense))
    fp = index.find("C3C4D4")
    assert fp is not None
    mark = ABALONE.polarity("b") if sense is SenseMode.POLARITY else 1
    assert index.in_progress(frozenset({("C3", 0), ("D4", mark)}), [fp])
    assert not index.in_progress(frozenset({("C3", 0), ("D4", mark), ("D5", mark)}), [fp])


@pytest.mark.parametrize("name", list(GAMES))
def test_a_limited_question_takes_the_first_moves_of_the_full_answer(name):
    """``toward(diff, first=n)``: the first ``n`` moves the full answer gives, in its order,
    and a finder builds no more footprints than it needed to find them (the session asks for
    a few moves on the way, to name them; listing them all cost a Rhombus reading 250 ms)."""
    game = GAMES[name]
    state, _ = played(game, game.default_variant, 3, 12)
    spec = default_spec(game, game.variant_of(state).name)
    for fp in list(moves_of(game, state, spec).footprints)[:40]:
        if len(fp.diff) < 2:
            continue
        diff = frozenset(list(fp.diff)[:1])
        full = moves_of(game, state, spec)
        every = full.toward(diff, "public")
        some = moves_of(game, state, spec)
        few = some.toward(diff, "public", first=2)
        assert [f.text for f in few] == [f.text for f in every[:2]]
        if len(every) > 2:
            assert len(some._made) <= len(full._made)
