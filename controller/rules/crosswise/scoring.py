"""Scoring lines, and the board text of the rules page.

A line scores, for each symbol that appears in it 2, 3, 4 or 5 times, 1, 3, 5 or 7 points; a
full line of six different symbols scores 6.  A line of six equal symbols wins the game at
once for the team that owns it, so it never decides a score; where a number is still needed
(the live line scores of the finished board, the points a game adds to a ``sumof`` series)
it counts 9, the next step of 1/3/5/7 (decided, ``docs/games/crosswise.md``).  Incomplete
lines score the same way as they stand, which is what the table page shows while playing
(the seed's "Punkthilfe").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from controller.errors import ParseError
from controller.rules.crosswise.tiles import (
    CELL_COUNT,
    COLUMN_LINES,
    COLUMN_NAMES,
    ROW_NAMES,
    ROWS,
    SIZE,
)

POINTS = (0, 0, 1, 3, 5, 7, 9)
"""Points for a symbol appearing n times in one line (index n)."""
ALL_DIFFERENT = 6

Board = tuple[int, ...]


def line_score(values: Sequence[int]) -> int:
    """The points of one line (six cell values, 0 for an empty cell)."""
    counts = [0] * 7
    for v in values:
        counts[v] += 1
    if counts[0] == 0 and max(counts[1:]) == 1:
        return ALL_DIFFERENT
    return sum(POINTS[n] for n in counts[1:])


def row_scores(board: Board) -> tuple[int, ...]:
    """Green's six line scores, row 1 first."""
    return tuple(line_score([board[i] for i in line]) for line in ROWS)


def column_scores(board: Board) -> tuple[int, ...]:
    """Orange's six line scores, column a first."""
    return tuple(line_score([board[i] for i in line]) for line in COLUMN_LINES)


def totals(board: Board) -> tuple[int, int]:
    """(green, orange): each team's lines added up."""
    return sum(row_scores(board)), sum(column_scores(board))


@dataclass(frozen=True, slots=True)
class SixLine:
    """A line full of one symbol: the team owning it has won."""

    team: str
    kind: str      # "row" (green's) or "column" (orange's)
    name: str      # "4", "c"
    symbol: int
    cells: tuple[int, ...]

    @property
    def line(self) -> str:
        """``row 4``, ``column c`` (the table view's ``six``)."""
        return f"{self.kind} {self.name}"


def six_line(board: Board) -> SixLine | None:
    """The line of six equal symbols on the board, if there is one.

    Two cannot stand at once for different teams: a row and a column cross in one cell, so a
    row of one symbol and a column of another cannot both be full, and a row and a column of
    the same symbol would need 11 tiles of it (there are 7).
    """
    for name, line in zip(ROW_NAMES, ROWS):
        first = board[line[0]]
        if first and all(board[i] == first for i in line):
            return SixLine("green", "row", name, first, line)
    for name, line in zip(COLUMN_NAMES, COLUMN_LINES):
        first = board[line[0]]
        if first and all(board[i] == first for i in line):
            return SixLine("orange", "column", name, first, line)
    return None


# ---- board text (exact: tests outside the project read it) -----------------------------------

def parse_board_text(text: str) -> Board:
    """Six lines of six characters, row 6 first, ``1``..``6`` or ``.``; spaces are ignored."""
    lines = [line.replace(" ", "").replace("\t", "") for line in text.strip().splitlines()]
    lines = [line for line in lines if line]
    if len(lines) == 1 and "/" in lines[0]:  # the board field of a position text
        lines = lines[0].split("/")
    if len(lines) != SIZE:
        raise ParseError(f"a Crosswise board is {SIZE} lines of {SIZE} characters (row 6 "
                         f"first); got {len(lines)} lines")
    board = [0] * CELL_COUNT
    for k, line in enumerate(lines):
        row = SIZE - 1 - k
        if len(line) != SIZE:
            raise ParseError(f"board line {k + 1} (row {row + 1}) {line!r} has {len(line)} "
                             f"characters; it needs {SIZE}: 1-6 for a symbol, '.' for empty")
        for col, ch in enumerate(line):
            if ch == ".":
                continue
            if ch not in "123456":
                raise ParseError(f"board line {k + 1} (row {row + 1}) holds {ch!r}; use 1-6 "
                                 "for a symbol and '.' for an empty cell")
            board[row * SIZE + col] = int(ch)
    return tuple(board)


def board_lines(board: Board) -> tuple[str, ...]:
    """The board as six strings, row 6 first (the board text's lines)."""
    return tuple("".join(str(board[r * SIZE + c]) if board[r * SIZE + c] else "."
                         for c in range(SIZE)) for r in reversed(range(SIZE)))
