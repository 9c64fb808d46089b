"""``boardlight rules crosswise`` and ``boardlight selfplay --game crosswise`` as users run them."""

from __future__ import annotations

import pytest

from boardlight.cli import main
from controller.rules.crosswise import CROSSWISE as G


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_variants_one_per_line(capsys):
    code, out, _ = run(capsys, "rules", "crosswise", "--list-variants")
    assert code == 0 and out.splitlines() == ["two-player", "three-player", "four-player"]


def test_moves_successors_and_perft_of_a_position_agree(capsys):
    start = G.setup("three-player", seed=0)
    text = G.position_text(start)
    _, moves, _ = run(capsys, "rules", "crosswise", "--variant", "three-player",
                      "--position", text, "--moves")
    _, succ, _ = run(capsys, "rules", "crosswise", "--variant", "three-player",
                     "--position", text, "--successors")
    _, perft, _ = run(capsys, "rules", "crosswise", "--variant", "three-player",
                      "--position", text, "--perft", "1")
    moves, succ = moves.splitlines(), succ.splitlines()
    assert len(moves) == len(succ) == int(perft) == len(G.legal_moves(start))
    for m, s in zip(moves, succ):
        assert G.position_text(G.apply(start, G.parse_move(start, m))) == s


def test_show_prints_the_position_and_the_seat_to_move(capsys):
    code, out, _ = run(capsys, "rules", "crosswise", "--variant", "four-player", "--show")
    assert code == 0
    assert out.splitlines() == [G.position_text(G.setup("four-player")), "to move: green-1"]


@pytest.mark.parametrize("variant", list(G.variants))
def test_selfplay_finishes_every_game_by_the_rules_own_end(capsys, variant):
    code, out, _ = run(capsys, "selfplay", "--game", "crosswise", "--variant", variant,
                       "--games", "20", "--seed", "3", "--quiet")
    assert code == 0
    assert out.startswith("20 games: 20 finished, errors 0, unfinished 0")
