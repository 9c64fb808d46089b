"""The Rhombus board: 5 x 5 squares as 25-bit masks.

Square ``a1`` is bit 0, ``e1`` bit 4, ``a2`` bit 5, ..., ``e5`` bit 24: bit ``5 * rank + file``
with files a..e and ranks 1..5 counted from 0.  A whole set of pieces is one int, so a walk of
N orthogonal steps is found for every route at once with N rounds of shifts (``walk``), the
way the Abalone generator finds groups.

Colours: ``a1`` and the other three corners share a colour (13 squares, ``file + rank`` even);
an orthogonal step changes colour, a diagonal one (the J) keeps it.
"""

from __future__ import annotations

FILES = "abcde"
FULL = (1 << 25) - 1
NAMES: tuple[str, ...] = tuple(f"{FILES[i % 5]}{i // 5 + 1}" for i in range(25))
INDEX: dict[str, int] = {n: i for i, n in enumerate(NAMES)}
BIT: dict[str, int] = {n: 1 << i for i, n in enumerate(NAMES)}

FILE_A = sum(1 << (5 * r) for r in range(5))
FILE_E = FILE_A << 4
NOT_FILE_A = FULL & ~FILE_A
NOT_FILE_E = FULL & ~FILE_E
CORNERS = {"a1": 1 << 0, "e1": 1 << 4, "a5": 1 << 20, "e5": 1 << 24}
# The nine inner squares b2..d4: the centres a Formation cross may have.
INNER = sum(1 << (5 * r + f) for r in range(1, 4) for f in range(1, 4))


def bits(mask: int) -> list[int]:
    """The single-bit masks of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def names(mask: int) -> list[str]:
    return [NAMES[b.bit_length() - 1] for b in bits(mask)]


def mask_of(squares: str | list[str]) -> int:
    m = 0
    for s in squares.split() if isinstance(squares, str) else squares:
        m |= BIT[s]
    return m


def walk(start: int, steps: int, free: int, ends: int) -> int:
    """Where a path of exactly ``steps`` orthogonal steps from ``start`` can stop.

    Every square the path enters must be in ``free`` (the moving piece's own start square
    counts as free: it is lifted), except the last one, which may also be in ``ends`` (an
    opponent piece the same action kills).  No step goes straight back over the edge just
    crossed; a path may loop round a block of four and pass its own start, but may not stop
    there.  ``fe, fn, fw, fs`` hold the squares reached by a last step east, north, west or
    south: a step east may follow any step but a step west, and so on.
    """
    not_e, not_w = NOT_FILE_E, NOT_FILE_A
    ok = free | ends if steps == 1 else free
    fe = (start & not_e) << 1 & ok
    fn = start << 5 & ok
    fw = (start & not_w) >> 1 & ok
    fs = start >> 5 & ok
    for k in range(2, steps + 1):
        if k == steps:
            ok = free | ends
        e, n, w, s = fe, fn, fw, fs
        fe = ((e | n | s) & not_e) << 1 & ok
        fn = (e | n | w) << 5 & ok
        fw = ((n | w | s) & not_w) >> 1 & ok
        fs = (e | w | s) >> 5 & ok
    return (fe | fn | fw | fs) & ~start


def _rays(i: int) -> tuple[tuple[int, ...], ...]:
    f, r = i % 5, i // 5
    out = []
    for df, dr in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        ray = []
        x, y = f + df, r + dr
        while 0 <= x < 5 and 0 <= y < 5:
            ray.append(1 << (5 * y + x))
            x, y = x + df, y + dr
        out.append(tuple(ray))
    return tuple(out)


RAYS: dict[int, tuple[tuple[int, ...], ...]] = {1 << i: _rays(i) for i in range(25)}


def slide(start: int, free: int, ends: int) -> int:
    """Where the J's diagonal slide from ``start`` can stop: any distance along one diagonal
    through free squares, or onto the first piece in the way if it is in ``ends``.  Only the
    diagonal squares count: the J passes between two pieces that touch at a corner."""
    out = 0
    for ray in RAYS[start]:
        for b in ray:
            if free & b:
                out |= b
                continue
            out |= b & ends
            break
    return out


def _diagonal_shifts() -> tuple[tuple[int, int], ...]:
    # (step, mask of squares that may step that way without leaving the board)
    ne = FULL & ~FILE_E & ~(0b11111 << 20)
    nw = FULL & ~FILE_A & ~(0b11111 << 20)
    return ((6, ne), (4, nw))


DIAGONALS = _diagonal_shifts()


def protected(side: int) -> int:
    """The pieces of ``side`` that stand in a blockade: three or more on consecutive squares
    of one diagonal line."""
    out = 0
    for step, may in DIAGONALS:
        # s starts a run of three when s, s + step and s + 2 step are all the side's and
        # neither step leaves the board.
        starts = side & side >> step & side >> 2 * step & may & may >> step
        out |= starts | starts << step | starts << 2 * step
    return out


CROSSES: tuple[int, ...] = tuple(
    (1 << c) | (1 << (c + 6)) | (1 << (c + 4)) | (1 << (c - 4)) | (1 << (c - 6))
    for c in range(25) if INNER >> c & 1)


def has_cross(side: int) -> bool:
    """Whether ``side`` holds a Formation cross: a square and its four diagonal neighbours."""
    return any(side & c == c for c in CROSSES)
