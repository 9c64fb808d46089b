"""The board data file: the shipped one is the rules page's invented board, and a builder's
own file is read, or refused with every problem named."""

from __future__ import annotations

from importlib import resources

import pytest

from controller.errors import BoardError
from controller.rules.plimus import BoardFileError, Plimus, load_board
from controller.rules.plimus.board import default_board

SHIPPED = resources.files("controller.rules.plimus").joinpath("board.toml").read_text()
B = default_board()


def name(x: int, y: int) -> str:
    """The rules page's grid, independently: 2 x 2 corner blocks are poles."""
    if x <= 1 and y <= 1:
        return "SW"
    if x >= 8 and y <= 1:
        return "SE"
    if x <= 1 and y >= 8:
        return "NW"
    if x >= 8 and y >= 8:
        return "NE"
    return "abcdefghij"[x] + str(y + 1)


def rules_page_neighbours() -> set[frozenset[str]]:
    """Every pair of neighbours the rules page's lines make."""
    pairs = set()
    for x in range(10):
        for y in range(10):
            for dx, dy in ((1, 0), (0, 1)):           # rows and columns everywhere
                if x + dx < 10 and y + dy < 10:
                    pairs.add(frozenset((name(x, y), name(x + dx, y + dy))))
            for dx, dy in ((1, 1), (1, -1)):          # diagonals of the middle field
                if 2 <= x <= 7 and 2 <= y <= 7 and 2 <= x + dx <= 7 and 2 <= y + dy <= 7:
                    pairs.add(frozenset((name(x, y), name(x + dx, y + dy))))
    for a, b in (((1, 1), (2, 2)), ((7, 7), (8, 8)), ((1, 8), (2, 7)), ((7, 2), (8, 1))):
        pairs.add(frozenset((name(*a), name(*b))))   # main diagonals run into the poles
    return {p for p in pairs if len(p) == 2}          # inside one pole is no pair


def test_the_shipped_board_is_the_invented_board_of_the_rules_page():
    assert len(B.names) == 88 and B.cells == 84
    assert B.pole_names == ("SW", "SE", "NW", "NE")
    ours = {frozenset((B.names[a], B.names[b])) for a in range(88) for b in B.step[a].values()}
    assert ours == rules_page_neighbours()
    assert sorted(B.names[n] for n in B.dots) == ["d4", "d7", "g4", "g7"]
    assert [B.names[n] for n in B.circles] == ["c5", "h6"]
    areas = {"blue": (range(2, 8), range(0, 2)), "red": (range(2, 8), range(8, 10)),
             "yellow": (range(0, 2), range(2, 8)), "green": (range(8, 10), range(2, 8))}
    for team, (xs, ys) in areas.items():
        expected = {(name(x, y), 1 if (x + y) % 2 == 0 else -1) for x in xs for y in ys}
        assert {(B.names[n], s) for n, s in B.start[team]} == expected
    assert dict(B.targets) == {"blue": "red", "red": "blue", "yellow": "green",
                               "green": "yellow"}
    assert len(B.start_fields) == 48


def test_a_jump_goes_straight_on_except_over_a_dot_field():
    straight = {(B.names[o], B.names[t]) for o, t, _ in B.all_jumps[B.index("e3")]}
    assert ("e4", "e5") in straight and ("f4", "g5") in straight and ("d4", "c5") in straight
    assert ("d4", "c4") in straight  # over the dot d4, any of its neighbours
    assert all(B.names[o] != "SW" for a in range(88) for o, _, _ in B.all_jumps[a])
    into_pole = {B.names[t] for o, t, _ in B.all_jumps[B.index("d1")]}
    assert "SW" in into_pole


def edited(tmp_path, *edits):
    text = SHIPPED
    for old, new in edits:
        assert old in text, f"test bug: {old!r} is not in the board file"
        text = text.replace(old, new, 1)
    path = tmp_path / "myboard.toml"
    path.write_text(text)
    return path


def test_a_builder_describes_their_own_board_and_the_game_plays_on_it(tmp_path):
    # The real board has its dots elsewhere, say: the file says so, no code changes.
    path = edited(tmp_path, ('dots = ["d4", "g4", "d7", "g7"]', 'dots = ["e6", "f3"]'))
    mine = Plimus(board=load_board(path))
    assert sorted(mine.board.names[n] for n in mine.board.dots) == ["e6", "f3"]
    s = mine.parse_position(
        "6/6/10/10/4r5/3B6/10/10/6/6 SW:- SE:- NW:- NE:- blue 0")  # B on d5, r on e6
    jumps = {mine.move_text(m) for m in mine.legal_moves(s)}
    assert {"d5:f7", "d5:e7", "d5:f5"} <= jumps  # e6 is a dot field on this board
    assert mine.geometry().positions == load_board(path).names


def test_every_problem_of_a_board_file_is_named_at_once(tmp_path):
    path = edited(tmp_path,
                  ('"SW c1 d1 e1 f1 g1 h1 SE",', '"SW c1 d1 e1 f1 g1 h1 SE", "c1 zz",'),
                  ('blue = "c1+', 'blue = "c1- c1+'),
                  ('blue = "red"', 'blue = "blue"'))
    with pytest.raises(BoardFileError) as refused:
        load_board(path)
    text = str(refused.value)
    assert isinstance(refused.value, BoardError) and isinstance(refused.value, ValueError)
    assert "names 'zz', which is neither in [nodes] nor [poles]" in text
    assert "c1 is in two start areas" in text or "as many plus as minus" in text
    assert "[targets] blue must name another team" in text
    assert all(line.startswith(str(path)) for line in text.splitlines())


def test_a_board_needs_four_poles_and_unshared_neighbours(tmp_path):
    path = edited(tmp_path, ("NE = [8.5, 8.5]\n", ""),
                  ('"c7 d8",', '"c7 d8", "d8 c7",'))
    with pytest.raises(BoardFileError) as refused:
        load_board(path)
    assert "exactly 4 poles" in str(refused.value)
    assert "already a pair of neighbours" in str(refused.value)


def test_an_unreadable_board_file_says_so(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("lines = [")
    with pytest.raises(BoardFileError, match=r"bad\.toml"):
        load_board(bad)
    with pytest.raises(BoardFileError, match=r"missing\.toml"):
        load_board(tmp_path / "missing.toml")
