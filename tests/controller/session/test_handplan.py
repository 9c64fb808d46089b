from __future__ import annotations

import random

from controller.rules.abalone import ABALONE as G
from controller.rules.base import Change, Effect
from controller.session.handplan import Step, hand_steps
from tests.controller.rules.abalone_positions import position


def replay(layout: dict, steps: list[Step]) -> dict:
    board = {p: list(s) for p, s in layout.items()}
    hand: list[str] = []
    for s in steps:
        if s.action == "lift":
            assert board.get(s.position) and board[s.position][-1] == s.piece
            hand.append(board[s.position].pop())
        else:
            if s.piece in hand:
                hand.remove(s.piece)
            board.setdefault(s.position, []).append(s.piece)
    return {p: tuple(v) for p, v in board.items() if v}


def test_every_random_order_of_every_legal_move_reaches_the_position_after_it():
    rng = random.Random(4)
    state = G.setup()
    for _ in range(60):
        for move in G.legal_moves(state):
            effect = G.effect(state, move)
            steps = hand_steps(effect, rng)
            assert replay(dict(G.layout(state)), steps) == dict(G.layout(G.play(state, move)))
        state = G.play(state, rng.choice(G.legal_moves(state)))


def test_a_push_lifts_the_pushed_marble_before_the_pusher_lands_on_its_cell():
    state = position({"E3 E4": "b", "E5": "w"})
    steps = hand_steps(G.effect(state, G.parse_move(state, "E3E4")))
    order = [(s.action, s.position) for s in steps]
    assert order.index(("lift", "E5")) < order.index(("place", "E5"))


def test_a_path_is_followed_stop_by_stop():
    effect = Effect((Change("a", ("x",), ()), Change("c", (), ("x",))), frozenset({"a", "c"}),
                    path=("a", "b", "c"))
    assert hand_steps(effect) == [Step("lift", "a", "x"), Step("place", "b", "x"),
                                  Step("lift", "b", "x"), Step("place", "c", "x")]


def test_stacks_are_built_bottom_first_and_unbuilt_top_first():
    effect = Effect((Change("a", ("p", "q"), ()), Change("b", (), ("p", "q"))),
                    frozenset({"a", "b"}))
    steps = hand_steps(effect)
    assert [(s.action, s.piece) for s in steps] == [
        ("lift", "q"), ("lift", "p"), ("place", "p"), ("place", "q")]


def test_a_stack_travels_along_a_path_as_a_whole():
    # A Plimus double (two stones) jumps a -> b -> c: both stones rest on b on the way.
    effect = Effect((Change("a", ("x-", "x+"), ()), Change("c", (), ("x-", "x+"))),
                    frozenset({"a", "c"}), path=("a", "b", "c"))
    assert hand_steps(effect) == [
        Step("lift", "a", "x+"), Step("lift", "a", "x-"), Step("place", "b", "x-"),
        Step("place", "b", "x+"), Step("lift", "b", "x+"), Step("lift", "b", "x-"),
        Step("place", "c", "x-"), Step("place", "c", "x+")]
