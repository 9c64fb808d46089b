"""Whole games through the checked rules path: the computer in one seat, a scripted human in
the other(s).  The script plays the first legal move in move-text order, so a game replays
exactly; the computer's budget is a node limit for the same reason.  (The same game against
the simulated board is the session's test.)"""

from __future__ import annotations

import pytest

from controller.ai import Budget, prepare, think
from controller.rules import find_game

# (game, variant, the computer's node limit, whether it must win).  The Plimus script keeps
# its stones at home, where no stone can be captured, so the computer cannot form up there
# and the move limit draws the game (see docs/ai.md).
GAMES = [("abalone", "standard", 60, True), ("abalone", "four-player", 30, True),
         ("crosswise", "two-player", 30, True), ("drhombix", "cuckoo-square", 600, True),
         ("drhombix", "ant-triangle", 1, True), ("rhombus", "two-player", 25, True),
         ("plimus", "two-player", 30, False)]


def scripted(game, state):
    return min(game.legal_moves(state), key=game.move_text)


@pytest.mark.parametrize("name, variant, nodes, must_win", GAMES)
def test_a_whole_game_against_a_scripted_human(name, variant, nodes, must_win):
    game = find_game(name)
    prepare(game, variant)
    state = game.setup(variant, seed=11)
    computer = game.seats(state)[0]
    plies = 0
    while game.outcome(state) is None and plies < 400:
        seat = game.to_move(state)
        if game.same_side(state, seat, computer):
            move = think(game, state, seat, Budget(60, seed=plies, nodes=nodes)).move
        else:
            move = scripted(game, state)
        state = game.apply(state, move)  # refuses an illegal move
        plies += 1
    outcome = game.outcome(state)
    assert outcome is not None, f"{plies} plies and no end: {game.position_text(state)}"
    assert computer in outcome.winners or not must_win, outcome
