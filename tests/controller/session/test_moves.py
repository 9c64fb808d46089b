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
