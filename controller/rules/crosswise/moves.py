"""Crosswise moves and their text.

Move text (``docs/games/crosswise.md``):

* ``3a1``: lay the symbol tile 3 from the hand on the empty cell a1;
* ``move a1 b2``: play a move tile, the tile on a1 goes to the empty cell b2;
* ``remove a1``: play a remove tile, the tile on a1 goes into the own hand;
* ``replace a1 5``: play a replace tile, the hand's 5 takes the place of the tile on a1, which
  goes into the hand;
* ``swap a1 b2``: play a swap tile, the tiles on a1 and b2 change places (the cells are
  written in a1..f6 order; either order is read);
* ``pass``: the player has no legal play.
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.errors import ParseError
from controller.rules.crosswise.tiles import CELL_INDEX, CELL_NAMES


@dataclass(frozen=True, slots=True)
class Lay:
    """A symbol tile from the hand onto an empty cell."""

    symbol: int
    cell: int


@dataclass(frozen=True, slots=True)
class Shift:
    """The move action: a tile on the board to an empty cell (``Move`` is the union type)."""

    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class Remove:
    """The remove action: a tile from the board into the own hand."""

    cell: int


@dataclass(frozen=True, slots=True)
class Replace:
    """The replace action: a hand symbol tile takes the place of a board tile."""

    cell: int
    symbol: int


@dataclass(frozen=True, slots=True)
class Swap:
    """The swap action: two board tiles change places (``a < b``)."""

    a: int
    b: int


@dataclass(frozen=True, slots=True)
class Pass:
    """No legal play: the turn goes on."""


PASS = Pass()

Move = Lay | Shift | Remove | Replace | Swap | Pass
ActionMove = Shift | Remove | Replace | Swap

ACTION_OF: dict[type, str] = {Shift: "M", Remove: "R", Replace: "X", Swap: "S"}
"""The action tile each kind of action move spends."""

FORMS = ("write a move as 3a1 (lay tile 3 on a1), move a1 b2, remove a1, replace a1 5, "
         "swap a1 b2 or pass")


def move_text(move: Move) -> str:
    if isinstance(move, Lay):
        return f"{move.symbol}{CELL_NAMES[move.cell]}"
    if isinstance(move, Shift):
        return f"move {CELL_NAMES[move.src]} {CELL_NAMES[move.dst]}"
    if isinstance(move, Remove):
        return f"remove {CELL_NAMES[move.cell]}"
    if isinstance(move, Replace):
        return f"replace {CELL_NAMES[move.cell]} {move.symbol}"
    if isinstance(move, Swap):
        return f"swap {CELL_NAMES[move.a]} {CELL_NAMES[move.b]}"
    return "pass"


def _cell(word: str, text: str) -> int:
    try:
        return CELL_INDEX[word.lower()]
    except KeyError:
        raise ParseError(f"{text!r}: {word!r} is not a cell (a1..f6: column a-f, row 1-6)"
                         ) from None


def _symbol(word: str, text: str) -> int:
    if len(word) == 1 and word in "123456":
        return int(word)
    raise ParseError(f"{text!r}: {word!r} is not a symbol tile (1-6)")


def parse_move_text(text: str) -> Move:
    """Read move text (any case, any spacing); ``ParseError`` says which form is expected."""
    words = text.strip().lower().split()
    if not words:
        raise ParseError(f"an empty move: {FORMS}")
    head, args = words[0], words[1:]
    if head == "pass" and not args:
        return PASS
    if head == "move" and len(args) == 2:
        return Shift(_cell(args[0], text), _cell(args[1], text))
    if head == "remove" and len(args) == 1:
        return Remove(_cell(args[0], text))
    if head == "replace" and len(args) == 2:
        return Replace(_cell(args[0], text), _symbol(args[1], text))
    if head == "swap" and len(args) == 2:
        a, b = _cell(args[0], text), _cell(args[1], text)
        if a == b:
            raise ParseError(f"{text!r}: a swap exchanges two different cells")
        return Swap(min(a, b), max(a, b))
    if len(words) == 1 and len(head) in (3, 4) and head[0] in "123456":
        return Lay(int(head[0]), _cell(head[1:], text))
    raise ParseError(f"{text!r} is not a Crosswise move: {FORMS}")
