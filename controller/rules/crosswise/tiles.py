"""Crosswise's vocabulary: cells, lines, tiles.

Cells are ``a1``..``f6`` (column a..f, row 1..6, a1 bottom left); inside the rules a cell is
an index ``row * 6 + column`` (a1 = 0, f1 = 5, a2 = 6, ..., f6 = 35), and the board is a tuple
of 36 ints: 0 empty, 1..6 a symbol tile.

Tiles in hands and in the bag are one-character codes, so that a hand reads as a word in
position text: ``1``..``6`` for the symbols, ``M`` move, ``R`` remove, ``X`` replace (the
board tile is eXchanged for a hand tile) and ``S`` swap.  On the physical board the same tiles
are piece kinds ``"1"``..``"6"`` and ``"move"``, ``"remove"``, ``"replace"``, ``"swap"`` (the
names a tag table maps tag ids to).
"""

from __future__ import annotations

from collections import Counter

SIZE = 6
COLUMNS = "abcdef"
CELL_COUNT = SIZE * SIZE
CELL_NAMES: tuple[str, ...] = tuple(f"{COLUMNS[i % SIZE]}{i // SIZE + 1}"
                                    for i in range(CELL_COUNT))
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}

ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE))
"""The six rows, row 1 first, each a to f: green's lines."""
COLUMN_LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE))
"""The six columns, a first, each row 1 to 6: orange's lines."""
ROW_NAMES = tuple(str(r + 1) for r in range(SIZE))
COLUMN_NAMES = tuple(COLUMNS)

SYMBOLS = (1, 2, 3, 4, 5, 6)
SYMBOL_NAMES = {1: "sun", 2: "cross", 3: "triangle", 4: "square", 5: "pentagon", 6: "star"}
COPIES_PER_SYMBOL = 7

ACTIONS = ("M", "R", "X", "S")
"""Action tile codes in their canonical order: move, remove, replace, swap."""
ACTION_KIND = {"M": "move", "R": "remove", "X": "replace", "S": "swap"}
ACTION_CODE = {kind: code for code, kind in ACTION_KIND.items()}
COPIES_PER_ACTION = 3

TILE_ORDER = "123456" + "".join(ACTIONS)
"""The order tiles are listed in a hand (hands are kept sorted: their order means nothing)."""
TILE_RANK = {t: k for k, t in enumerate(TILE_ORDER)}

FULL_SET: Counter[str] = Counter(
    {**{str(s): COPIES_PER_SYMBOL for s in SYMBOLS}, **{a: COPIES_PER_ACTION for a in ACTIONS}})
"""The 54 tiles of the game."""

TEAMS = ("green", "orange")
"""Green scores the rows, orange the columns."""


def sort_tiles(tiles: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(tiles, key=TILE_RANK.__getitem__))


def kind_of(code: str) -> str:
    """The physical piece kind of a tile code (``"3"`` -> ``"3"``, ``"M"`` -> ``"move"``)."""
    return ACTION_KIND.get(code, code)


def tile_name(code_or_kind: str, plural: bool = False) -> str:
    """A tile in words, as the rulebook names it: ``"triangle tile"``, ``"swap tile"``."""
    s = "s" if plural else ""
    if code_or_kind.isdigit() and int(code_or_kind) in SYMBOL_NAMES:
        return f"{SYMBOL_NAMES[int(code_or_kind)]} tile{s}"
    kind = ACTION_KIND.get(code_or_kind, code_or_kind)
    return f"{kind} tile{s}"
