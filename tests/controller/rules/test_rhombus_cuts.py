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


def check_toward_prepared(state, rng: random.Random, tries: int) -> None:
    """The moves on the way asked of a finder that was ``prepare``d (whose lights of the
    lifted pieces rule out programs: ``RhombusFinder._lifted_squares``) are the listed
    moves that fit, for every source that has them listed, growing or not."""
    from controller.rules.rhombus.board import bits, names
    from tests.controller.rules.test_rhombus_finder import prepared, subset, toward_expected
    if G.outcome(state) is not None:
        return
    ctx = mover_context(state)
    asks = 0
    for source, listed in (("legal", list(G.legal_moves(state))),
                           ("hint", list(G.hint_moves(state)))):
        for budget in (10, 400):
            finder = prepared(state, budget)
            cases = [(b, 0) for b in bits(ctx.own)]
            empty = bits((1 << 25) - 1 & ~(ctx.own | ctx.blockers | ctx.foes))
            cases += [(b, rng.choice(empty)) for b in bits(ctx.own) if empty]
            for move in rng.sample(listed, min(tries, len(listed))):
                cases.append((subset(rng, move.sources | move.kills & ~move.targets),
                              subset(rng, move.targets & ~(ctx.own | ctx.foes))))
            for gone, came in cases:
                for beyond in (False, True):
                    asks += 1
                    found = list(finder.toward(source, names(gone), names(came), beyond))
                    assert len(found) == len(set(found))
                    assert set(found) == toward_expected(state, listed, gone, came, beyond), (
                        G.position_text(state), source, budget, names(gone), names(came),
                        beyond)
    assert asks


@SETTINGS
@given(positions)
def test_moves_on_the_way_of_a_prepared_finder_are_the_listed_moves_that_fit(pos):
    state, rng = pos
    check_toward_prepared(state, rng, 4)


@pytest.mark.parametrize("variant", VARIANTS)
def test_moves_on_the_way_of_a_prepared_finder_in_built_positions(variant):
    from boardlight.bench.rhombus_rules import built_positions
    rng = random.Random(9)
    for state in built_positions(variant, 6, 23):
        check_toward_prepared(state, rng, 3)


STRAIGHTS = [("two-player", ["b2", "c3", "d2"], "d4", ("J", "Q", "K"), "C"),
             ("two-player", ["b1", "c4"], "e2", ("Q", "K", "A"), "S"),
             ("four-player", ["b2", "c3"], "b3", ("6", "7", "8"), "H"),
             ("formation", ["b2", "c3", "d2"], "a1", ("9", "10", "J", "Q"), "D"),
             ("formation", ["c2", "b4"], "d3", ("J", "Q", "K", "K"), "C"),
             ("formation-four-player", ["b3", "c2"], "a1", ("9", "10", "J", "Q"), "S")]


@pytest.mark.parametrize("case", STRAIGHTS, ids=[f"{c[0]}-{''.join(c[3])}" for c in STRAIGHTS])
def test_readings_of_straight_flushes_find_the_eliminators_too(case):
    # A straight flush's eliminator (and Formation's entryliminator) is no carry: a reading
    # that refutes the flush's carry by counting (it kills with no kill card) must still ask
    # it (once, the card sets were asked only for their carries' counts).
    from boardlight.bench.rhombus_rules import built
    from controller.rules.rhombus.board import names
    from controller.rules.rhombus.finder import RhombusFinder
    from tests.controller.rules.test_rhombus_properties import occupied_after
    state = built(*case)
    legal = list(G.legal_moves(state))
    finder = RhombusFinder(state)
    finder.prepare()
    killing = 0
    rng = random.Random(len(legal))
    asked = [m for m in legal if m.kills or m.entered]
    for move in rng.sample(asked, min(30, len(asked))) + rng.sample(legal, min(20, len(legal))):
        occupied = occupied_after(state, move)
        touched = move.sources | move.targets | move.kills
        expected = {m for m in legal if occupied_after(state, m) == occupied
                    and (m.sources | m.targets | m.kills) & ~touched == 0}
        found = finder.reading("legal", names(occupied), names(touched))
        assert set(found) == expected and len(found) == len(expected), (
            G.position_text(state), move)
        killing += bool(move.kills)
    assert killing


KILLS = [("two-player", ["b2", "c3", "d2"], "c4", ("7", "Q", "K"), "C"),
         ("four-player", ["b2", "c3"], "d4", ("10", "J", "A"), "H"),
         ("formation", ["b2", "c3", "d2"], "c4", ("6", "7", "Q", "K"), "D"),
         ("formation-four-player", ["b3", "c2"], "d3", ("7", "10", "K", "A"), "S")]


@pytest.mark.parametrize("case", KILLS, ids=[f"{c[0]}-{''.join(c[3])}" for c in KILLS])
def test_lights_of_a_lifted_opponent_prepared_are_where_the_kills_end(case):
    # ``prepare`` finds the lights of the opponents' pieces lifted too (a kill may start by
    # lifting the victim), within its budget; with kill cards open they are where the
    # table-card kills of that piece end the mover's pieces (the victim's square among them).
    from boardlight.bench.rhombus_rules import built
    from controller.rules.rhombus.board import names
    from controller.rules.rhombus.finder import RhombusFinder
    from tests.controller.rules.test_rhombus_finder import check_targets
    state = built(*case)
    ctx = mover_context(state)
    finder = RhombusFinder(state)
    finder.prepare()
    foe = ctx.foes
    kills = [m for m in G.hint_moves(state) if m.kills & foe]
    assert kills
    lit = 0
    for m in kills:
        lit |= m.targets
    assert finder._lights["hint", foe, 0, False, 0] == names(lit)  # kept by prepare
    assert finder.targets("hint", names(foe), []) == names(lit)
    check_targets(state, random.Random(4), 4)


def check_shared(state, rng: random.Random, tries: int) -> None:
    """The questions of one reading share what they found (``RhombusFinder._outs``): asked
    of one finder in either order, the lights and the moves on the way of a lifted piece,
    half a move and a move that may grow are those of the listed moves that fit."""
    from controller.rules.rhombus.board import bits, names
    from tests.controller.rules.test_rhombus_finder import prepared, subset, toward_expected
    if G.outcome(state) is not None:
        return
    ctx = mover_context(state)
    listed = {"legal": list(G.legal_moves(state)), "hint": list(G.hint_moves(state))}
    asks = [(b, 0) for b in bits(ctx.own)]
    for move in rng.sample(listed["legal"], min(tries, len(listed["legal"]))):
        asks.append((subset(rng, move.sources | move.kills & ~move.targets),
                     subset(rng, move.targets & ~(ctx.own | ctx.foes))))
    for first_lights in (True, False):
        finder = prepared(state, 400 if first_lights else None)
        for (gone, came), beyond in ((a, b) for a in asks for b in (False, True)):
            order = ("lights", "toward") if first_lights else ("toward", "lights")
            for ask in order:
                if ask == "toward":
                    for source in ("hint", "legal"):
                        found = set(finder.toward(source, names(gone), names(came), beyond))
                        assert found == toward_expected(state, listed[source], gone, came,
                                                        beyond), (G.position_text(state), ask)
                else:
                    fitting = (listed["hint"] if not gone | came and not beyond
                               else toward_expected(state, listed["hint"], gone, came, beyond))
                    lit = 0
                    for m in fitting:
                        lit |= m.targets
                    expected = names(lit) if fitting else None
                    assert finder.targets("hint", names(gone), names(came), beyond) == expected, (
                        G.position_text(state), ask, names(gone), names(came), beyond)


@SETTINGS
@given(positions)
def test_questions_of_one_finder_share_what_they_found(pos):
    state, rng = pos
    check_shared(state, rng, 4)


@pytest.mark.parametrize("variant", VARIANTS)
def test_questions_of_one_finder_share_what_they_found_in_built_positions(variant):
    from boardlight.bench.rhombus_rules import built_positions
    rng = random.Random(12)
    for state in built_positions(variant, 6, 29):
        check_shared(state, rng, 3)


def _with_piece_on(state, square: str, seat: int):
    """``state`` with a piece of ``seat`` moved from its reserve onto ``square``."""
    import dataclasses

    from controller.rules.rhombus.board import BIT
    pieces = list(state.pieces)
    reserve = list(state.reserve)
    pieces[seat] |= BIT[square]
    reserve[seat] -= 1
    return dataclasses.replace(state, pieces=tuple(pieces), reserve=tuple(reserve))


# (variant, the mover's cards, who stands on the mover's corner a1, pieces that may come in)
CORNERS = [
    ("formation-four-player", ("9", "J", "Q", "K"), "partner", 0),
    ("formation-four-player", ("9", "10", "Q", "K"), "partner", 0),  # a kill card: still none
    ("formation", ("9", "J", "Q", "K"), "opponent", 0),  # no kill card to take it
    ("formation", ("9", "10", "J", "Q"), "opponent", 3),  # 9/10: the entry kill
    ("formation", ("9", "10", "J", "Q"), "blockade", 0),  # a blockade is never killed
    ("formation", ("9", "J", "Q", "K"), "nobody", 3),
]


@pytest.mark.parametrize(("variant", "values", "who", "room"), CORNERS)
def test_no_piece_comes_in_on_a_corner_held_by_a_piece_the_mover_cannot_take(
        variant, values, who, room):
    from boardlight.bench.rhombus_rules import built
    from controller.rules.rhombus.aimed import Aim, Search, entry_room
    from controller.rules.rhombus.board import BIT, names
    from controller.rules.rhombus.finder import RhombusFinder
    from tests.controller.rules.test_rhombus_finder import toward_expected
    state = built(variant, ["c2", "d3", "b4"], "e5", values, "C")
    if who == "partner":
        state = _with_piece_on(state, "a1", 2)
    elif who in ("opponent", "blockade"):
        state = _with_piece_on(state, "a1", 1)
    if who == "blockade":  # a1-b2-c3: three on one diagonal
        state = _with_piece_on(_with_piece_on(state, "b2", 1), "c3", 1)
    ctx = mover_context(state)
    kills = any(v in ("7", "10") for v in values)
    assert entry_room(ctx, kills) == room, names(ctx.corner & (ctx.foes | ctx.blockers))
    # The search for an action that brings a piece in looks past nothing when none can come.
    nine = Carry((), 1, int(kills))
    search = Search(ctx, nine, Aim(least=1), {}, None)
    assert search.viable(search.root()) == (room > 0)
    # And every answer is the listed one: a piece set down on d4 from off the board.
    finder = RhombusFinder(state)
    legal = list(G.legal_moves(state))
    for square in ("d4", "b1"):
        found = set(finder.toward("legal", [], [square], arriving=1))
        expected = {m for m in toward_expected(state, legal, 0, BIT[square], False)
                    if m.entered + m.revived >= 1}
        assert found == expected, (square, G.position_text(state))
