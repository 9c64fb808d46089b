"""The ant game's perfect-play solver: the rules page's reference facts, and agreement with a
plain search through the rules core written independently of the solver's masks."""

from __future__ import annotations

import random
from functools import cache

import pytest

from boardlight.cli import main
from controller.rules.drhombix import DRHOMBIX as G
from controller.rules.drhombix import ant
from controller.rules.drhombix import solver as S
from controller.rules.drhombix.board import board


def plain_search(state, memo: dict[str, bool]) -> bool:
    """Whether the side to move wins, by the rules core alone (position text as the key)."""
    key = G.position_text(state).split()[0]
    if key not in memo:
        outcome = G.outcome(state)
        if outcome is not None:
            memo[key] = G.seats(state)[state.to_move] in outcome.winners
        else:
            memo[key] = any(not plain_search(G.play(state, m), memo)
                            for m in G.legal_moves(state))
    return memo[key]


@pytest.mark.parametrize("variant, winner", [("ant-square", "second"),
                                             ("ant-triangle", "first")])
def test_the_reference_facts_from_the_command_line(variant, winner, capsys):
    assert main(["rules", "drhombix", "--variant", variant, "--solve"]) == 0
    assert capsys.readouterr().out == f"{winner}\n"


def test_the_solver_agrees_with_a_plain_search_on_every_triangle_position():
    memo: dict[str, bool] = {}
    assert plain_search(G.setup("ant-triangle"), memo) is True
    solver = S.AntSolver("triangle")
    for text, wins in memo.items():
        state = G.parse_position(f"{text} first", "ant-triangle")
        assert solver.wins(state.occupied) is wins, text
    assert len(memo) > 1000


def test_the_solver_agrees_with_a_plain_search_on_square_endgames():
    rng = random.Random(4)
    solver = S.AntSolver("square")
    checked = 0
    while checked < 40:
        state = G.setup("ant-square")
        while G.outcome(state) is None and state.occupied.bit_count() > 11:
            state = G.play(state, rng.choice(G.legal_moves(state)))
        if G.outcome(state) is None:
            assert solver.wins(state.occupied) is plain_search(state, {})
            checked += 1


def test_symmetry_reduction_changes_no_answer():
    b = board("square")
    with_sym, without = S.AntSolver("square"), S.AntSolver("square", use_symmetry=False)
    rng = random.Random(9)
    for _ in range(60):
        state = G.setup("ant-square")
        for _ in range(rng.randrange(1, 12)):
            if G.outcome(state) is not None:
                break
            state = G.play(state, rng.choice(G.legal_moves(state)))
        assert with_sym.wins(state.occupied) is without.wins(state.occupied)
    assert len(with_sym.memo) < len(without.memo)
    # Every symmetry keeps the board's structure: what rests on what.
    for perm in S.symmetries(b):
        for p in range(b.size):
            image = sum(1 << perm[q] for q in range(b.size) if b.supports[p] >> q & 1)
            assert image == b.supports[perm[p]]


def test_winning_moves_win_and_the_computer_player_finds_them():
    rng = random.Random(2)
    for variant, shape in (("ant-square", "square"), ("ant-triangle", "triangle")):
        state = G.setup(variant)
        while state.occupied.bit_count() > 16:  # no game ends with pieces on the board
            state = G.play(state, rng.choice(G.legal_moves(state)))
        s = S.solver(shape)
        for move in s.winning_moves(state.occupied):
            after = G.apply(state, move)
            assert G.solve(after) == G.seats(state)[state.to_move]
        chosen = S.computer_move(state)
        assert chosen == S.choose_move(shape, state.occupied) and chosen in G.legal_moves(state)
        if s.wins(state.occupied):
            assert chosen in s.winning_moves(state.occupied)


def test_the_computer_player_plays_only_the_ant_game():
    with pytest.raises(ValueError, match="not an ant game"):
        S.computer_move(G.setup("cuckoo-square"))


def test_solve_names_the_winning_seat_from_any_position():
    start = G.setup("ant-square")
    assert G.solve(start) == "second"
    after = G.apply(start, G.parse_move(start, "x3a1"))  # the only first move
    assert G.to_move(after) == "second" and G.solve(after) == "second"
    over = G.parse_position("................/........./..../. second", "ant-square")
    assert G.solve(over) == "second"  # first removed the last piece


@pytest.mark.parametrize("shape, plies", [("triangle", 32), ("square", 52)])
def test_no_ant_game_is_longer_than_the_solver_can_recurse(shape, plies):
    # The solver recurses once per ply: the longest game bounds its depth.
    b = board(shape)

    @cache
    def longest(mask: int) -> int:
        return 0 if not mask else 1 + max(longest(c) for c in ant.successors(b, mask))

    assert longest(b.full) == plies
