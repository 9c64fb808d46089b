"""MCTS: rewards, reproducibility, and the wins it must not miss in every game it plays."""

from __future__ import annotations

import pytest

from controller.ai import Budget, engine_for, think
from controller.ai.heuristics import mcts_config
from controller.ai.mcts import Mcts, outcome_rewards
from controller.rules import find_game
from controller.rules.base import Outcome
from controller.rules.crosswise.moves import PASS
from controller.rules.crosswise.state import CrosswiseState
from controller.rules.crosswise.tiles import FULL_SET, TILE_ORDER
from tests.controller.ai.positions import random_positions

# Positions met in random games where the mover has a move that wins at once (and most
# moves do not), with those moves.
WIN_IN_ONE = [
    ("crosswise", "two-player",
     "113456/145245/613222/426416/65.325/541243 orange MRRRXSS 135S/33MX 6MX6", ["3c2"]),
    ("rhombus", "two-player",
     "...../...../..b../..rrr/..... r reserve=2,1 out=1,4 r=-/10C,JC,AD b=7H/JS,KD "
     "pile=9C,QC,KS,JD,6D,KC,7C,KH,10D,8C,8D,QS,10S,JH,9D,AS,QH,6C,8H,7D,10H,QD,6S,9S,9H,8S,"
     "7S,discard=6H,AC,AH seed=284 shuffles=5 ply=136".replace("7S,discard", "7S discard"),
     ["10C*+JC* d2-c3 xc3"]),
    ("abalone", "three-player",
     "b......b..b...........rrrb.w.wr..rr..w.bb.r..r.......wbbww.w. r 3 4 3 1 4 5",
     ["D6D7", "D5D6"]),
]


@pytest.mark.parametrize("name, variant, text, wins", WIN_IN_ONE)
def test_mcts_takes_a_win_in_one(name, variant, text, wins):
    game = find_game(name)
    state = game.parse_position(text, variant)
    assert engine_for(game, variant).name == "mcts"
    for seed in range(3):
        decision = think(game, state, game.to_move(state), Budget(30, seed=seed, nodes=300))
        assert game.move_text(decision.move) in wins
        assert decision.score is not None and decision.score > 0.95


def test_rewards_count_partners_together_and_split_a_draw():
    seats = ("b", "w", "r", "g")
    assert outcome_rewards(Outcome(("b", "r"), "pushed off 6"), seats) == {
        "b": 1.0, "w": 0.0, "r": 1.0, "g": 0.0}
    assert outcome_rewards(Outcome((), "agreement"), seats) == dict.fromkeys(seats, 0.5)


@pytest.mark.parametrize("name, variant", [("drhombix", "cuckoo-square"),
                                           ("crosswise", "four-player"),
                                           ("rhombus", "formation"),
                                           ("abalone", "three-player")])
def test_a_search_with_a_node_limit_replays_exactly(name, variant):
    game = find_game(name)
    state = random_positions(game, variant, 1, seed=8, max_plies=20)[0]
    engine = Mcts(mcts_config(game, game.variant(variant)))
    seat = game.to_move(state)
    a = engine.think(game, state, seat, Budget(60, seed=5, nodes=120))
    b = engine.think(game, state, seat, Budget(60, seed=5, nodes=120))
    assert (a.move, a.nodes, a.score, a.depth) == (b.move, b.nodes, b.score, b.depth)
    assert a.nodes == 120 and a.depth >= 1


def test_a_single_legal_move_is_played_without_searching():
    game = find_game("crosswise")
    # Green holds action tiles only and the board is empty: passing is all green can do.
    hands = (("M", "R", "X", "S"), ("1", "1", "1", "1"))
    bag = [t for t in TILE_ORDER for _ in range(FULL_SET[t])]
    for tile in hands[0] + hands[1]:
        bag.remove(tile)
    state = CrosswiseState("two-player", (0,) * 36, hands, tuple(bag), (0, 0, 0, 0), 0)
    assert game.legal_moves(state) == (PASS,)
    decision = think(game, state, "green", Budget(60))
    assert decision.move == PASS and decision.nodes == 0 and decision.seconds < 0.5
