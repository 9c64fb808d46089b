"""Alpha-beta over the rules contract (DRHOMBIX cuckoo): it takes a win in one, it does not
walk into a loss the opponent takes next, it replays exactly with a node limit, and a
cancelled search still answers with a legal move."""

from __future__ import annotations

import threading

import pytest

from controller.ai import Budget, engine_for, think
from controller.ai.negamax import WIN, Negamax
from controller.rules import find_game
from tests.controller.ai.positions import random_positions

GAME = find_game("drhombix")
WIN_IN_ONE = [
    ("cuckoo-square", "bbbwbbbbwwwbbwww/bwbwwwwbb/w.../. w 4 0 0c1,0d2,0c3,0c4,1c2", ["1c2-2a2"]),
    ("cuckoo-triangle", "bwwbwwbbwb/wb.www/.../. w 5 0 0b2", ["+1c1"]),
]


def engine(variant: str) -> Negamax:
    found = engine_for(GAME, variant)
    assert isinstance(found, Negamax)
    return found


@pytest.mark.parametrize("variant, text, wins", WIN_IN_ONE)
def test_it_takes_a_win_in_one(variant, text, wins):
    state = GAME.parse_position(text, variant)
    for seed in range(3):
        decision = think(GAME, state, GAME.to_move(state), Budget(30, seed=seed, nodes=2000))
        assert GAME.move_text(decision.move) in wins
        assert decision.engine == "negamax" and decision.score == WIN - 1


def loses_at_once(state, move) -> bool:
    """After ``move`` the opponent has a move that wins the game."""
    after = GAME.apply(state, move)
    if GAME.outcome(after) is not None:
        return False
    other = GAME.to_move(after)
    return any(GAME.outcome(GAME.apply(after, m)) is not None
               and other in GAME.outcome(GAME.apply(after, m)).winners
               for m in GAME.legal_moves(after))


@pytest.mark.parametrize("variant", ["cuckoo-square", "cuckoo-triangle"])
def test_it_does_not_hand_the_opponent_a_win(variant):
    tested = 0
    for state in random_positions(GAME, variant, 1500, seed=3, max_plies=40):
        moves = GAME.legal_moves(state)
        losing = [m for m in moves if loses_at_once(state, m)]
        if not losing or len(losing) == len(moves) or any(
                GAME.outcome(GAME.apply(state, m)) is not None for m in moves):
            continue
        decision = engine(variant).think(GAME, state, GAME.to_move(state),
                                         Budget(30, seed=1, nodes=3000))
        assert decision.move not in losing, GAME.move_text(decision.move)
        assert decision.depth >= 2
        tested += 1
        if tested == 5:
            break
    assert tested >= 4, "too few positions with a move that loses at once"


def test_a_node_limit_replays_exactly():
    state = random_positions(GAME, "cuckoo-square", 1, seed=8, max_plies=20)[0]
    seat = GAME.to_move(state)
    a = engine("cuckoo-square").think(GAME, state, seat, Budget(60, seed=5, nodes=800))
    b = engine("cuckoo-square").think(GAME, state, seat, Budget(60, seed=5, nodes=800))
    assert (a.move, a.nodes, a.score, a.depth) == (b.move, b.nodes, b.score, b.depth)
    assert a.depth >= 2


def test_a_cancelled_search_answers_at_once_with_a_legal_move():
    state = random_positions(GAME, "cuckoo-square", 1, seed=4, max_plies=10)[0]
    cancel = threading.Event()
    cancel.set()
    decision = think(GAME, state, GAME.to_move(state), Budget(30, seed=2, cancel=cancel))
    assert decision.move in GAME.legal_moves(state)
    assert decision.depth == 1 and decision.seconds < 5
