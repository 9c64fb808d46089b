"""Crosswise scoring: every category, the rules page's worked example, the board text."""

from __future__ import annotations

import pytest

from boardlight.cli import main
from controller.errors import ParseError
from controller.rules.crosswise import CROSSWISE as G
from controller.rules.crosswise.scoring import (
    board_lines,
    column_scores,
    line_score,
    row_scores,
    six_line,
)

# The seed's scoring example, on the concrete board of the rules page (row 6 first).
EXAMPLE = """\
5 1 4 1 2 2
5 3 4 1 3 4
6 3 6 6 6 6
6 2 4 5 3 1
5 3 2 4 3 1
5 3 1 4 2 6
"""


def test_the_worked_example_scores_green_24_orange_22():
    state = G.parse_board(EXAMPLE)
    assert G.score_text(state) == "green 24 orange 22"
    # Green's rows listed top to bottom on the rules page: 2, 2, 7, 6, 1, 6.
    assert tuple(reversed(row_scores(state.board))) == (2, 2, 7, 6, 1, 6)
    # Orange's columns a..f: 6, 5, 3, 2, 4, 2.
    assert column_scores(state.board) == (6, 5, 3, 2, 4, 2)
    assert G.scores(state) == {"green": 24, "orange": 22}


def test_the_score_command_prints_both_team_totals(capsys):
    assert main(["rules", "crosswise", "--board", EXAMPLE, "--score"]) == 0
    assert capsys.readouterr().out == "green 24 orange 22\n"


@pytest.mark.parametrize("line, points, category", [
    ("12....", 0, "nothing repeated"),
    ("11....", 1, "a pair"),
    ("111...", 3, "three of a kind"),
    ("1111..", 5, "four of a kind"),
    ("11111.", 7, "five of a kind"),
    ("123456", 6, "six different symbols"),
    ("612534", 6, "six different symbols, any order"),
    ("112345", 1, "a full line with one pair is no set of six"),
    ("1122..", 2, "two pairs"),
    ("112233", 3, "three pairs"),
    ("111223", 4, "three of a kind and a pair"),
    ("111222", 6, "two threes"),
    ("111122", 6, "four of a kind and a pair"),
    ("111112", 7, "five of a kind in a full line"),
    ("12345.", 0, "five different symbols: the set needs all six"),
    ("......", 0, "an empty line"),
    ("1.1.1.", 3, "tiles need not stand together"),
    ("111111", 9, "six of a kind (ends the game; counted 9 where a number is needed)"),
])
def test_line_categories(line, points, category):
    values = [0 if ch == "." else int(ch) for ch in line]
    assert line_score(values) == points, category


def test_rows_are_green_and_columns_orange():
    # One column of a pair: orange scores it; the two tiles stand in different rows.
    state = G.parse_board("....../....../....../....../3...../3.....")
    assert G.score_text(state) == "green 0 orange 1"
    state = G.parse_board("....../....../....../....../....../3.3...")
    assert G.score_text(state) == "green 1 orange 0"


def test_six_in_a_row_is_green_and_six_in_a_column_orange():
    row = G.parse_board("....../....../444444/....../....../......")
    found = six_line(row.board)
    assert (found.team, found.line, found.symbol) == ("green", "row 4", 4)
    column = G.parse_board("..2.../..2.../..2.../..2.../..2.../..2...")
    found = six_line(column.board)
    assert (found.team, found.line, found.symbol) == ("orange", "column c", 2)
    assert six_line(G.parse_board(EXAMPLE).board) is None


def test_board_text_allows_spaces_and_reads_back():
    state = G.parse_board(EXAMPLE)
    assert board_lines(state.board) == tuple(line.replace(" ", "")
                                             for line in EXAMPLE.splitlines())
    assert G.parse_board("\n".join(board_lines(state.board))) == state
    assert state.board[0] == 5 and state.board[35] == 2  # a1 bottom left, f6 top right


@pytest.mark.parametrize("text, words", [
    ("123456\n123456", "6 lines of 6 characters"),
    ("1234567\n" * 6, "has 7 characters"),
    ("12345x\n" * 6, "holds 'x'"),
    ("111111\n111111\n......\n......\n......\n......", "more than 7 tiles of 1"),
])
def test_bad_board_text_says_what_is_expected(text, words):
    with pytest.raises(ParseError, match=words):
        G.parse_board(text)


def test_a_board_position_deals_the_other_tiles_in_canonical_order():
    state = G.parse_board(EXAMPLE)
    # Off the board: one 1, two 2s, one 4, two 5s (the example holds 6, 5, 7, 6, 5, 7 of the
    # symbols 1-6) and the 12 action tiles, dealt in that order.
    assert state.hands == (("1", "2", "2", "4"), ("5", "5", "M", "M"))
    assert state.bag == ("M", "R", "R", "R", "X", "X", "X", "S", "S", "S")
    assert G.position_text(G.parse_position(G.position_text(state))) == G.position_text(state)
