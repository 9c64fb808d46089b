"""The two DRHOMBIX boards as bitmasks: positions, what rests on what, lines and nests.

A position is (level k, column i, row j).  Its name is the level digit, the column letter and
the row number: ``0a1`` is a corner of the base, ``1b2`` the middle of the square board's
first level, ``3a1`` the apex of both boards.  Square board: i, j = 0..3-k (16 + 9 + 4 + 1
positions); triangular board: i, j >= 0 and i + j <= 3-k (10 + 6 + 3 + 1).

Positions are numbered level by level, row by row (row 1 first), column by column, and bit n
of a mask is position n; the same order is the position text's.

A piece at (k, i, j), k > 0, rests on the 2 x 2 block (k-1, i..i+1, j..j+1) of the square
board, or on (k-1, i, j), (k-1, i+1, j), (k-1, i, j+1) of the triangular board.  Those sets
are also the nests (a 2 x 2 block of one level; on the triangular board the three positions
that support one position above), so one table serves both.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from controller.rules.bits import bits_of as bits_of  # re-exported: the board API

Cell = tuple[int, int, int]  # (level, column, row)
LEVELS = 4
COLUMNS = "abcd"

# Sandwich lines lie within one level: the square board's rows and columns, the triangular
# board's three directions.  Each direction appears with its opposite.
DIRECTIONS = {
    "square": ((1, 0), (-1, 0), (0, 1), (0, -1)),
    "triangle": ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)),
}


def on_board(shape: str, k: int, i: int, j: int) -> bool:
    if not 0 <= k < LEVELS or i < 0 or j < 0:
        return False
    size = LEVELS - 1 - k
    return i <= size and j <= size if shape == "square" else i + j <= size


def name_of(cell: Cell) -> str:
    k, i, j = cell
    return f"{k}{COLUMNS[i]}{j + 1}"


@dataclass(frozen=True)
class Board:
    shape: str                                   # "square" or "triangle"
    cells: tuple[Cell, ...]
    names: tuple[str, ...]
    index: dict[str, int]
    level: tuple[int, ...]
    supports: tuple[int, ...]                    # what each position rests on (0 at the base)
    above: tuple[int, ...]                       # what rests on each position
    level_mask: tuple[int, ...]
    lines: tuple[tuple[tuple[int, int], ...], ...]  # per position: (next, beyond) in one level
    nests: tuple[tuple[int, ...], ...]           # per position: the nests that contain it
    inverted_nests: tuple[tuple[int, ...], ...]  # the same, upside-down triangles counted too
    raise_targets: tuple[tuple[int, ...], ...]   # per position: 1-2 levels up, not resting on it
    base_block: tuple[int, ...]                  # per position: the base positions beneath it
    coords: dict[str, tuple[float, float]]
    apex: int

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def full(self) -> int:
        return (1 << self.size) - 1

    def free_pieces(self, mask: int, occupied: int) -> int:
        """The pieces of ``mask`` that carry nothing."""
        out = 0
        for p in bits_of(mask):
            if not self.above[p] & occupied:
                out |= 1 << p
        return out

    def names_of(self, mask: int) -> list[str]:
        return [self.names[p] for p in bits_of(mask)]

    def listing(self) -> str:
        """The position names level by level, for messages."""
        parts = []
        for k in range(LEVELS):
            names = [n for n, c in zip(self.names, self.cells) if c[0] == k]
            parts.append(names[0] if len(names) == 1 else f"{names[0]}..{names[-1]}")
        return ", ".join(parts)


def _coords(shape: str, k: int, i: int, j: int) -> tuple[float, float]:
    """Drawing coordinates seen from above, neighbours of one level 1 apart: an upper piece
    sits over the centre of the pieces it rests on."""
    if shape == "square":
        return (i + k / 2, j + k / 2)
    return (i + j / 2 + k / 2, (j + k / 3) * math.sqrt(3) / 2)


def _rests_on(shape: str, k: int, i: int, j: int) -> list[Cell]:
    if k == 0:
        return []
    if shape == "square":
        return [(k - 1, i + a, j + b) for a in (0, 1) for b in (0, 1)]
    return [(k - 1, i, j), (k - 1, i + 1, j), (k - 1, i, j + 1)]


@cache
def board(shape: str) -> Board:
    if shape not in DIRECTIONS:
        raise ValueError(f"no DRHOMBIX board {shape!r}: square or triangle")
    cells = tuple((k, i, j) for k in range(LEVELS) for j in range(LEVELS - k)
                  for i in range(LEVELS - k) if on_board(shape, k, i, j))
    index_of = {c: n for n, c in enumerate(cells)}
    names = tuple(name_of(c) for c in cells)

    def mask(cs: list[Cell]) -> int:
        return sum(1 << index_of[c] for c in cs)

    supports = tuple(mask(_rests_on(shape, *c)) for c in cells)
    above = tuple(sum(1 << q for q, s in enumerate(supports) if s >> p & 1)
                  for p in range(len(cells)))
    level_mask = tuple(mask([c for c in cells if c[0] == k]) for k in range(LEVELS))
    lines = []
    for k, i, j in cells:
        pairs = []
        for di, dj in DIRECTIONS[shape]:
            nxt, beyond = (k, i + di, j + dj), (k, i + 2 * di, j + 2 * dj)
            if on_board(shape, *nxt) and on_board(shape, *beyond):
                pairs.append((index_of[nxt], index_of[beyond]))
        lines.append(tuple(pairs))
    upright = [s for s in supports if s]
    inverted = []
    if shape == "triangle":
        for k, i, j in cells:
            corners = [(k, i + 1, j), (k, i, j + 1), (k, i + 1, j + 1)]
            if all(on_board(shape, *c) for c in corners):
                inverted.append(mask(corners))
    nests = tuple(tuple(n for n in upright if n >> p & 1) for p in range(len(cells)))
    inverted_nests = tuple(tuple(n for n in upright + inverted if n >> p & 1)
                           for p in range(len(cells)))
    level = tuple(c[0] for c in cells)
    raise_targets = tuple(
        tuple(t for t in range(len(cells)) if level[t] - level[p] in (1, 2)
              and not supports[t] >> p & 1)
        for p in range(len(cells)))
    blocks: list[int] = []
    for p, s in enumerate(supports):  # supports lie earlier in the order: already computed
        block = 1 << p if not s else 0
        for q in bits_of(s):
            block |= blocks[q]
        blocks.append(block)
    coords = {names[n]: _coords(shape, *c) for n, c in enumerate(cells)}
    return Board(shape, cells, names, dict(zip(names, range(len(cells)))), level, supports,
                 above, level_mask, tuple(lines), nests, inverted_nests, raise_targets,
                 tuple(blocks), coords, index_of[(3, 0, 0)])

