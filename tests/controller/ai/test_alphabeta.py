"""Two-player Abalone in pure Python (the engine where the compiled core is not built, and the
frozen baseline's ancestor): the search's own move generation, the evaluation's threat
detection, and tactics: it finds a forced push-off and a winning push."""

from __future__ import annotations

import random

import pytest

from boardlight.bench.baselines import GreedyAbalone
from controller.ai import Budget
from controller.ai.abalone_eval import WIN, threats
from controller.ai.abalone_moves import children, position_of, to_rules_move
from controller.ai.alphabeta import AlphaBeta
from controller.rules.abalone import ABALONE as A
from controller.rules.abalone.board import NAMES, STEPS, VALID
from tests.controller.ai.positions import random_positions

TWO_PLAYER = ["standard", "belgian-daisy", "german-daisy", "free-placement", "blitz"]


@pytest.mark.parametrize("variant", TWO_PLAYER)
def test_the_search_generates_exactly_the_rules_moves_and_positions(variant):
    for state in random_positions(A, variant, 40, max_plies=200):
        kids = children(position_of(state))
        assert sorted(map(repr, (to_rules_move(k) for _, _, k in kids))) == sorted(
            map(repr, A.legal_moves(state)))
        for child, off, key in kids:
            after = A.play(state, to_rules_move(key))
            assert position_of(after) == child
            assert off == after.pushed[state.to_move] - state.pushed[state.to_move]


def pushed_off_cells(state):
    """The opponent marbles some legal move pushes off, found through the rules alone."""
    i = state.to_move
    opp = state.marbles[1 - i]
    out = 0
    for move in A.legal_moves(state):
        if A.play(state, move).lost[1 - i] > state.lost[1 - i]:
            s = STEPS[move.direction]
            cell = (max(move.cells) if s > 0 else min(move.cells)) + s
            while opp >> (cell + s) & 1:
                cell += s
            assert not VALID >> (cell + s) & 1
            out |= 1 << cell
    return out


def test_threats_are_exactly_the_marbles_a_move_pushes_off():
    seen = 0
    for state in random_positions(A, "standard", 200, seed=2, max_plies=400):
        i = state.to_move
        expected = pushed_off_cells(state)
        assert threats(state.marbles[i], state.marbles[1 - i]) == expected
        seen += bool(expected)
    assert seen > 20


def forces_a_push_off(state, move):
    """Oracle, by the rules alone: after ``move`` every reply lets the mover push off."""
    me = state.to_move
    after = A.play(state, move)
    for reply in A.legal_moves(after):
        position = A.play(after, reply)
        if not any(A.play(position, m).pushed[me] > position.pushed[me]
                   for m in A.legal_moves(position)):
            return False
    return True


# Black to move, nothing to push off at once, and one or two moves that force a push-off.
FORCED = [
    "......................bbb...w.....w......bw........b........w",
    "............w.b.....w.b.........................bw....b...wb.",
    "...........................b....ww.......b......b....bww..b..",
    "w.....w.ww..bb.....b.b.......b...............................",
    "..............ww..b................b.........b....w.bb..w....",
]


@pytest.mark.parametrize("board", FORCED)
def test_the_search_finds_a_forced_push_off(board):
    state = A.parse_position(f"{board} b 0 0", "standard")
    assert not any(A.play(state, m).pushed[0] for m in A.legal_moves(state))
    forcing = [m for m in A.legal_moves(state) if forces_a_push_off(state, m)]
    assert 1 <= len(forcing) <= 2
    decision = AlphaBeta().think(A, state, "b", Budget(30, seed=1, nodes=3000))
    assert decision.move in forcing
    assert decision.depth >= 3 and decision.score >= 900  # about a marble up


def board(**cells: str) -> str:
    return "".join(cells.get(name, ".") for name in NAMES)


def test_the_search_takes_the_winning_push():
    # Black has pushed off five; C3-B2 pushes white's A1 off the corner for the sixth.
    cells = board(A1="w", B2="b", C3="b", E5="w", E6="w", H8="b", I9="b")
    state = A.parse_position(f"{cells} b 0 5", "standard")
    wins = [m for m in A.legal_moves(state) if A.outcome(A.play(state, m)) is not None]
    assert [A.move_text(m) for m in wins] == ["C3B2"]
    decision = AlphaBeta().think(A, state, "b", Budget(30, seed=3, nodes=500))
    assert decision.move == wins[0] and decision.score >= WIN - 10


def test_the_greedy_player_takes_material():
    rng = random.Random(3)
    taken = 0
    for state in random_positions(A, "standard", 150, seed=4, max_plies=400):
        i = state.to_move
        if any(A.play(state, m).pushed[i] > state.pushed[i] for m in A.legal_moves(state)):
            move = GreedyAbalone().think(A, state, A.to_move(state),
                                         Budget(1, seed=rng.randrange(99))).move
            taken += A.play(state, move).pushed[i] > state.pushed[i]
    assert taken >= 10
