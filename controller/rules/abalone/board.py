"""The Abalone board as bitboards.

Cell (row r, column n) has bit ``(r + 1) * 11 + n`` of an 11 x 11 box.  Every valid cell
(r = 0..8 for rows A..I, n = max(1, r - 3)..min(9, r + 5)) lies at least one step inside the
box, so one step in any direction from a valid cell lands inside the box and never wraps:
shifting a whole bitboard by a direction's step moves every marble one cell at once.  Cells of
the box outside the hexagon are ``OFF`` the board.

The six directions (see ``DIRECTIONS``): along a row E (+1) and W (-1); up the board
NE (+12, next row, next column) and NW (+11, next row, same column); down SW (-12) and SE (-11).
"""

from __future__ import annotations

import math

from controller.rules.bits import bits_of as bits_of  # re-exported: the board API

ROWS = "ABCDEFGHI"
WIDTH = 11
BOX = (1 << (WIDTH * WIDTH)) - 1

# name, step; opposite directions are paired (index ^ 1).
DIRECTIONS: tuple[tuple[str, int], ...] = (
    ("E", 1), ("W", -1), ("NE", 12), ("SW", -12), ("NW", 11), ("SE", -11))
STEPS: tuple[int, ...] = tuple(step for _, step in DIRECTIONS)
AXES: tuple[int, ...] = (1, 12, 11)  # the positive step of each line direction


def columns(row: int) -> range:
    return range(max(1, row - 3), min(9, row + 5) + 1)


CELLS: tuple[int, ...] = tuple((r + 1) * WIDTH + n for r in range(9) for n in columns(r))
NAMES: tuple[str, ...] = tuple(f"{ROWS[r]}{n}" for r in range(9) for n in columns(r))
INDEX: dict[str, int] = dict(zip(NAMES, CELLS))
NAME: dict[int, str] = dict(zip(CELLS, NAMES))
ORDER: dict[int, int] = {cell: i for i, cell in enumerate(CELLS)}  # position in A1..I9 order

VALID = 0
for _cell in CELLS:
    VALID |= 1 << _cell
OFF = BOX & ~VALID


def row_col(cell: int) -> tuple[int, int]:
    return cell // WIDTH - 1, cell % WIDTH


def shift(bits: int, step: int) -> int:
    """Move every bit ``step`` places (towards higher bits for a positive step)."""
    return bits << step if step > 0 else bits >> -step


def mask_of(cells: list[int] | tuple[int, ...]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def coords(cell: int) -> tuple[float, float]:
    """Drawing coordinates in cell units: row A at the bottom, A1 at the left of row A."""
    r, n = row_col(cell)
    return (n - r / 2, r * math.sqrt(3) / 2)


def direction_between(a: int, b: int) -> int | None:
    """The direction index leading from cell ``a`` to its neighbour ``b``, if they touch."""
    step = b - a
    for i, s in enumerate(STEPS):
        if s == step:
            return i
    return None
