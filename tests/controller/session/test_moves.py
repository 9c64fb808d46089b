"""The session's questions about one position's moves, asked more than once: the moves on
the way to a reading are found once, lazily, and a later question goes on from there."""

from __future__ import annotations

import copy

from controller.rules import GAMES
from controller.session import moves as M
from controller.session.moves import moves_of
from hardware.simboard import default_spec
from tests.controller.rules.random_play import played


def test_kept_moves_are_pulled_once_and_only_when_asked_for():
    pulled = []

    def source():
        for k in range(5):
            pulled.append(k)
            yield k

    kept = M._Kept(source())
    first = iter(kept)
    assert [next(first), next(first)] == [0, 1] and pulled == [0, 1]
    assert list(kept) == [0, 1, 2, 3, 4] and pulled == [0, 1, 2, 3, 4]
    assert list(first) == [2, 3, 4]  # an earlier iteration goes on where it was
    assert list(kept) == [0, 1, 2, 3, 4] and pulled == [0, 1, 2, 3, 4]


def test_questions_on_the_way_agree_with_a_fresh_search_however_often_asked():
    # Rhombus (a finder: found lazily) and Crosswise (listed), the same reading asked for one
    # move, then all, then one again, and the same question of a fresh position's moves.
    for name, plies in (("rhombus", 6), ("crosswise", 4)):
        game = GAMES[name]
        variant = next(iter(game.variants))
        state, rng = played(game, variant, 3, plies, dealt=True)
        spec = default_spec(game, variant)
        moves = moves_of(game, state, spec)
        fresh = moves_of(game, state, spec)
        move = rng.choice(list(game.legal_moves(state)))
        fp = moves.footprint(move)
        diff = frozenset(list(fp.diff)[:1])
        one = moves.toward(diff, "public", first=True)
        every = moves.toward(diff, "public")
        assert one == every[:1] and every, (name, sorted(diff))
        assert moves.toward(diff, "public", first=2) == every[:2]
        assert [f.text for f in every] == [f.text for f in fresh.toward(diff, "public")]
        legal = [f.text for f in fresh.toward(diff, "legal")]
        assert [f.text for f in moves.toward(diff, "legal")] == legal
        if name == "crosswise":  # the table's public moves: every tile some hand may hold
            assert len(legal) < len(every)


def test_the_readings_kept_are_bounded():
    game = GAMES["abalone"]
    state, _ = played(game, "standard", 1, 0)
    moves = moves_of(game, state, default_spec(game))
    cells = sorted(p for p, v in moves.reading.items() if v == moves.empty)
    for cell in cells[:M.KEPT_READINGS + 5]:
        moves.toward(frozenset({(cell, 1)}), "public", first=True)
    assert len(moves._on_way) == M.KEPT_READINGS


def test_a_copy_of_the_moves_asks_afresh_and_answers_the_same():
    game = GAMES["rhombus"]
    state, rng = played(game, "two-player", 5, 4, dealt=True)
    moves = moves_of(game, state, default_spec(game, "two-player"))
    fp = moves.footprint(rng.choice(list(game.legal_moves(state))))
    diff = frozenset(list(fp.diff)[:1])
    one = moves.toward(diff, "public", first=True)  # a search part way through
    twin = copy.deepcopy(moves)
    assert twin._on_way == {} and [f.text for f in twin.toward(diff, "public", first=True)] \
        == [f.text for f in one]


def test_a_piece_put_down_with_none_lifted_is_looked_for_only_among_moves_that_bring_one_in():
    # A Formation flush: thousands of actions move a piece to d1, none of the mover's
    # brings one in from the reserve (no 9).  The reading of a piece put down on d1 with
    # none lifted is on the way to none of them (no hand took it from the board), and the
    # finder builds no move to find that out: before, it built every one of those
    # thousands and threw each away.
    from boardlight.bench.rhombus_rules import built
    game = GAMES["rhombus"]
    state = built("formation", ["b2", "c3", "b4", "d3"], "e5", ("6", "J", "Q", "A"), "S")
    moves = moves_of(game, state, default_spec(game, "formation"))
    moves.prepare()
    down = frozenset({("d1", 1)})
    assert moves.toward(down, "legal") == [] and moves.hint_targets(down) is None
    assert moves._made == {}
    # The table's moves (any hand card, a 9 among them) bring one in at the corner and may
    # move it on to d1: only those are built.
    public = moves.toward(down, "public")
    assert public and all(fp.arrivals >= 1 for fp in moves._made.values())
    # The same piece with the one it came from lifted is a move on the way, and lit.
    half = frozenset({("d1", 1), ("d3", 0)})
    assert moves.toward(half, "legal", first=True) and moves.hint_targets(half)


def test_what_is_left_by_a_finder_is_what_every_move_on_the_way_agrees_on():
    # The finder asks the first few moves on the way, then for each step they still agree
    # on, whether a move on the way leaves it out (a search aimed at one): the answer is
    # the one all of them give.  Built flush positions, half-made moves and pieces put down.
    import random

    from boardlight.bench.rhombus_rules import built_positions
    from controller.physical import project
    from controller.session.footprints import fitting
    game = GAMES["rhombus"]
    narrowed = 0
    for variant in ("formation-four-player", "two-player"):
        spec = default_spec(game, variant)
        for k, state in enumerate(built_positions(variant, 6, 3)):
            rng = random.Random(k)
            for move in rng.sample(list(game.legal_moves(state)), 3):
                moves = moves_of(game, state, spec)
                fresh = moves_of(game, state, spec)
                final = [(c.position, project(c.after, spec.sense, game.polarity))
                         for c in game.effect(state, move).changes if c.position in spec.sensed]
                rng.shuffle(final)
                for cut in range(1, len(final) + 1):
                    diff = frozenset((p, v) for p, v in final[:cut] if moves.reading[p] != v)
                    if not diff or all(v == moves.empty for _, v in diff):
                        continue
                    reading = {**moves.reading, **dict(diff)}
                    emptied, filled = fresh._occupancy(diff)
                    every = list(fitting(diff, (fresh.footprint(m) for m in fresh.finder.toward(
                        "public", emptied, filled)), fresh.reading, fresh.empty))
                    want = M.agreed_steps(fresh, every, reading)
                    assert moves.steps_toward(diff, reading, "public") == want, (
                        variant, game.move_text(move), sorted(diff))
                    first = M.agreed_steps(fresh, every[:M.FEW_ON_THE_WAY], reading)
                    narrowed += first != want
    assert narrowed  # the first few moves agreed on more than all of them
