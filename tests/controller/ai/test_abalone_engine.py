"""The compiled Abalone engine: tactics, finishing a won game, repetitions, its search process,
its threads, and the rules core judging its moves."""

from __future__ import annotations

import logging
import os
import threading

import pytest

from controller.ai import Budget, think
from controller.ai import abalone_engine as engine_module
from controller.ai.abalone_core import core, core_position, rules_move
from controller.ai.abalone_engine import AbaloneEngine, GameMemory
from controller.ai.search_process import POOL
from controller.rules.abalone import ABALONE as A
from controller.rules.abalone import AbaloneState, Push
from controller.rules.abalone.board import NAMES, STEPS
from tests.controller.ai.test_alphabeta import FORCED, forces_a_push_off


def board(**cells: str) -> str:
    return "".join(cells.get(name, ".") for name in NAMES)


@pytest.mark.parametrize("cells", FORCED)
def test_the_search_finds_a_forced_push_off(cells):
    state = A.parse_position(f"{cells} b 0 0", "standard")
    forcing = [m for m in A.legal_moves(state) if forces_a_push_off(state, m)]
    decision = think(A, state, "b", Budget(30, seed=1, nodes=200_000))
    assert decision.engine == "core" and decision.move in forcing
    assert decision.depth >= 3 and decision.score >= 600  # about a marble up


def test_the_winning_push_off_is_taken_at_once():
    # Black has pushed off five; C3-B2 pushes white's A1 off for the sixth.  Black could also
    # win more slowly (E5 and E6 hang too): the search prefers the win now.
    cells = board(A1="w", B2="b", C3="b", E5="w", E6="w", H8="b", I9="b")
    state = A.parse_position(f"{cells} b 0 5", "standard")
    decision = think(A, state, "b", Budget(30, seed=3, nodes=5_000))
    assert A.move_text(decision.move) == "C3B2"
    assert decision.score == core().WIN - 1


def test_a_node_limited_search_is_reproducible():
    state = A.parse_position(f"{FORCED[1]} b 0 0", "standard")
    first = think(A, state, "b", Budget(30, seed=4, nodes=8_000))
    again = think(A, state, "b", Budget(30, seed=4, nodes=8_000))
    assert (first.move, first.nodes, first.depth, first.score) == (
        again.move, again.nodes, again.depth, again.score)


def ahead_position():
    """White to move, two marbles up, in an open middlegame."""
    cells = board(C3="b", C4="b", D4="b", D5="b", E4="b", E5="b", F5="b", F6="b", B2="b",
                  E6="w", E7="w", F7="w", G6="w", G7="w", H7="w", H6="w", D7="w", G5="w",
                  F8="w", G8="w", H8="w")
    return A.parse_position(f"{cells} w 2 0", "standard")


def test_a_repetition_is_a_draw_so_the_side_ahead_avoids_it_and_the_side_behind_seeks_it():
    module = core()
    state = ahead_position()
    pos = core_position(state)
    first = module.search(pos, 6, 30, nodes=30_000, clear=True)
    assert first["score"] > 1000   # two marbles up, less what black's position is worth
    # Now the position after that move has been seen before in the game: it would repeat.
    seen = module.key(module.play(pos, first["move"]))
    again = module.search(pos, 6, 30, nodes=30_000, history=[seen], clear=True)
    assert again["move"] != first["move"] and again["score"] > 1000
    # Black, two down, takes any repetition on offer: a draw beats a lost game.
    black = A.play(state, rules_move(first["move"]))
    bpos = core_position(black)
    offer = module.moves(bpos)[7]
    back = module.key(module.play(bpos, offer))
    drawn = module.search(bpos, 6, 30, nodes=30_000, history=[back], clear=True)
    assert drawn["move"] == offer and drawn["score"] == 0


def test_the_engine_remembers_the_game_and_never_repeats_while_ahead():
    """Black shuffles one marble back and forth; white, ahead, never lets a position after
    its own move come back, though the state it is given carries no history."""
    engine = AbaloneEngine(memory=GameMemory())
    state = ahead_position()
    after_white: list[AbaloneState] = []
    last: Push | None = None
    for ply in range(12):
        decision = engine.think(A, state, "w", Budget(30, seed=ply, nodes=6_000))
        state = A.apply(state, decision.move)
        after_white.append(state)
        if A.outcome(state) is not None:
            break
        back = None if last is None else Push(
            tuple(sorted(c + STEPS[last.direction] for c in last.cells)), last.direction ^ 1)
        moves = A.legal_moves(state)
        last = back if back in moves else next(m for m in moves if isinstance(m, Push))
        state = A.apply(state, last)
    assert len(set(after_white)) == len(after_white)


def test_the_game_memory_follows_games_and_take_backs():
    module = core()
    memory = GameMemory()
    s0 = A.setup("standard")
    s1 = play(s0, "A1B1")
    s2 = play(s1, "I5H5")
    s3 = play(s2, "A2B2")
    key = [module.key(core_position(s)) for s in (s0, s1, s2, s3)]
    assert memory.history(core_position(s0)) == []
    memory.played(core_position(s0), module.moves(core_position(s0))[0])  # not what was played
    assert memory.history(core_position(s1)) == [key[0]]   # a move after s0: same game
    assert memory.history(core_position(s2)) == key[:2]
    assert memory.history(core_position(s2)) == key[:2]    # asked again: nothing added
    assert memory.history(core_position(s3)) == key[:3]
    assert memory.history(core_position(s1)) == [key[0]]   # taken back to s1
    assert memory.history(core_position(A.setup("belgian-daisy"))) == []  # another game
    assert memory.history(core_position(s2)) == key[:2]    # and the first goes on


def play(state, text):
    return A.apply(state, A.parse_board_move(state, text))


def test_the_search_runs_in_a_process_of_its_own_and_stops_when_cancelled():
    state = ahead_position()
    flag = threading.Event()
    timer = threading.Timer(0.3, flag.set)
    timer.start()
    decision = AbaloneEngine(threads=2).think(A, state, "w", Budget(60, seed=1, cancel=flag))
    timer.join()
    assert decision.move in A.legal_moves(state) and decision.seconds < 5
    assert POOL.idle and all(p.proc.pid != os.getpid() for p in POOL.idle)


def test_a_dead_search_process_is_replaced():
    state = ahead_position()
    engine = AbaloneEngine(threads=1)
    engine.think(A, state, "w", Budget(0.05, seed=1))
    for proc in POOL.idle:
        proc.proc.kill()
        proc.proc.wait()
    decision = engine.think(A, state, "w", Budget(0.05, seed=2))
    assert decision.move in A.legal_moves(state)


def test_the_search_can_run_in_this_process_on_several_threads():
    state = ahead_position()
    decision = AbaloneEngine(threads=2, in_process=True).think(A, state, "w",
                                                               Budget(0.3, seed=1))
    assert decision.move in A.legal_moves(state)
    result = core().search(core_position(state), 6, 0.3, threads=2)
    assert len(result["thread_depths"]) == 2 and min(result["thread_depths"]) >= 1


def test_the_rules_judge_every_move_and_a_refused_one_is_replaced(monkeypatch, caplog):
    state = ahead_position()
    illegal = Push((12,), 3)  # A1 south-west: white has no marble there, and off the board
    monkeypatch.setattr(engine_module, "rules_move", lambda code: illegal)
    with caplog.at_level(logging.ERROR):
        decision = AbaloneEngine().think(A, state, "w", Budget(30, seed=1, nodes=2_000))
    assert decision.move in A.legal_moves(state) and decision.move != illegal
    assert "the rules refuse" in caplog.text


def test_a_search_process_that_dies_mid_search_costs_one_python_move(monkeypatch, caplog):
    from controller.ai.search_process import SearchProcess

    state = ahead_position()
    doomed = SearchProcess(nice=0)
    doomed.wait_ready()
    monkeypatch.setattr(POOL, "take", lambda nice: doomed)
    killer = threading.Timer(0.1, doomed.proc.kill)
    killer.start()
    with caplog.at_level(logging.ERROR):
        decision = AbaloneEngine(threads=1).think(A, state, "w", Budget(0.6, seed=1))
    killer.join()
    assert decision.move in A.legal_moves(state)
    assert "the Abalone search process failed" in caplog.text
    monkeypatch.undo()
    assert AbaloneEngine(threads=1).think(A, state, "w", Budget(0.05, seed=2)).nodes > 0
