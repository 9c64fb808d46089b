"""A straightforward DRHOMBIX, written from the rules page without the bitmasks.

Positions are (level, column, row) tuples, the board a dict of them; every move copies the
dict.  Nests are found as the rules page words them (a 2 x 2 block of one level; the three
positions under one position above, and optionally the upside-down triangles), not through
the support table the real rules share with them.  It is the oracle the real rules are
checked against, move by move and position by position.
"""

from __future__ import annotations

from collections.abc import Iterator

LEVELS = 4
SQUARE_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))
TRIANGLE_DIRS = (*SQUARE_DIRS, (1, -1), (-1, 1))

Cell = tuple[int, int, int]
Board = dict[Cell, str]


def valid(shape: str, c: Cell) -> bool:
    k, i, j = c
    if not 0 <= k <= 3 or min(i, j) < 0:
        return False
    return max(i, j) <= 3 - k if shape == "square" else i + j <= 3 - k


def cells(shape: str) -> list[Cell]:
    """In position-text order: level, then row, then column."""
    return [(k, i, j) for k in range(4) for j in range(4) for i in range(4)
            if valid(shape, (k, i, j))]


def name(c: Cell) -> str:
    return f"{c[0]}{'abcd'[c[1]]}{c[2] + 1}"


def under(shape: str, c: Cell) -> list[Cell]:
    k, i, j = c
    if k == 0:
        return []
    if shape == "square":
        return [(k - 1, i, j), (k - 1, i + 1, j), (k - 1, i, j + 1), (k - 1, i + 1, j + 1)]
    return [(k - 1, i, j), (k - 1, i + 1, j), (k - 1, i, j + 1)]


def supported(shape: str, board: Board, c: Cell) -> bool:
    return all(d in board for d in under(shape, c))


def free(shape: str, board: Board, c: Cell) -> bool:
    return not any(c in under(shape, d) for d in board)


def nests_with(shape: str, c: Cell, inverted: bool) -> list[list[Cell]]:
    k, i, j = c
    out = []
    if shape == "square":
        for a in (0, -1):
            for b in (0, -1):
                block = [(k, i + a + x, j + b + y) for x in (0, 1) for y in (0, 1)]
                if all(valid(shape, d) for d in block):
                    out.append(block)
        return out
    shapes = [((0, 0), (1, 0), (0, 1))]
    if inverted:
        shapes.append(((1, 0), (0, 1), (1, 1)))
    for tri in shapes:
        for ox, oy in tri:  # c may be any corner of the triangle
            corners = [(k, i - ox + x, j - oy + y) for x, y in tri]
            if all(valid(shape, d) for d in corners):
                out.append(corners)
    return out


def cuckoo_moves(shape: str, board: Board, mover: str, reserves: dict[str, int],
                 used: set[Cell], sandwich: bool, nest: bool, inverted: bool
                 ) -> Iterator[tuple[str, Board, dict[str, int], set[Cell]]]:
    """(move text, board, reserves, used) after every legal move."""
    other = "b" if mover == "w" else "w"
    empty = [c for c in cells(shape) if c not in board and supported(shape, board, c)]
    starts: list[Cell | None] = [None] if reserves[mover] else []
    starts += [c for c in board if board[c] == mover and free(shape, board, c)]
    for src in starts:
        for t in empty:
            if src is not None and (t[0] - src[0] not in (1, 2) or src in under(shape, t)):
                continue
            new = dict(board)
            if src is not None:
                del new[src]
            new[t] = mover
            taken = []
            dirs = SQUARE_DIRS if shape == "square" else TRIANGLE_DIRS
            for di, dj in dirs if sandwich else ():
                mid, end = (t[0], t[1] + di, t[2] + dj), (t[0], t[1] + 2 * di, t[2] + 2 * dj)
                if (new.get(mid) == other and new.get(end) == mover and mid not in used
                        and free(shape, new, mid)):
                    taken.append(mid)
            for c in taken:
                del new[c]
            gain = len(taken) - (1 if src is None else 0)
            head = "+" + name(t) if src is None else f"{name(src)}-{name(t)}"
            completed = nest and any(all(new.get(d) == mover for d in n)
                                     for n in nests_with(shape, t, inverted))
            prey = [c for c in new if new[c] == other and free(shape, new, c)]
            for c in prey if completed and prey else [None]:
                after = dict(new)
                if c is not None:
                    del after[c]
                res = dict(reserves)
                res[mover] += gain + (c is not None)
                yield (head + ("x" + name(c) if c else ""), after, res, used | set(taken))


def ant_moves(shape: str, board: Board) -> Iterator[tuple[str, Board]]:
    loose = [c for c in cells(shape) if c in board and free(shape, board, c)]
    for n, c in enumerate(loose):
        yield "x" + name(c), {d: v for d, v in board.items() if d != c}
        for d in loose[n + 1:]:
            if d[0] == c[0]:
                yield f"x{name(c)}x{name(d)}", {e: v for e, v in board.items() if e not in (c, d)}
        rest = {d: v for d, v in board.items() if d != c}
        for t in cells(shape):
            if t not in board and t[0] - c[0] in (1, 2) and supported(shape, rest, t):
                yield f"{name(c)}-{name(t)}", {**rest, t: "o"}


def board_text(shape: str, board: Board) -> str:
    levels = ["".join(board.get(c, ".") for c in cells(shape) if c[0] == k) for k in range(4)]
    return "/".join(levels)


def read_board(shape: str, text: str) -> Board:
    chars = text.replace("/", "")
    return {c: ch for c, ch in zip(cells(shape), chars) if ch != "."}
