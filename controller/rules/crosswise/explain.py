"""What Crosswise says, as data: a move (``describe``), a position (``place``) and why a
reading of the board is no move (``reading``).

Everything here is public: a description names the tiles that stand (or stood) on the board
and the action tile played, never a tile that stays hidden in a hand; a reading is told by
presence sensors, which see where a tile lies and not which tile it is.  The words are the
templates of ``words``.
"""

from __future__ import annotations

from collections.abc import Iterable

from controller.rules.crosswise.moves import ACTION_OF, Lay, Move, Remove, Replace, Shift, Swap
from controller.rules.crosswise.physical import SUPPLY_ACTION, SUPPLY_SYMBOL, USED_SLOTS
from controller.rules.crosswise.state import CrosswiseState, used_index
from controller.rules.crosswise.tiles import (
    ACTION_KIND,
    ACTIONS,
    CELL_INDEX,
    CELL_NAMES,
    COPIES_PER_ACTION,
    SYMBOLS,
)
from controller.said import Cell, Message, Piece, Place, To, Zone

PLACES: dict[str, Place] = {
    **{name: Cell(name) for name in CELL_NAMES},
    **{SUPPLY_SYMBOL[s]: Zone("pile", piece=str(s)) for s in SYMBOLS},
    **{SUPPLY_ACTION[a]: Zone("pile", piece=ACTION_KIND[a]) for a in ACTIONS},
    **{slot: Zone("used", piece=ACTION_KIND[a], number=k + 1)
       for a in ACTIONS for k, slot in enumerate(USED_SLOTS[a])},
}
"""Every position of the geometry as players name it: the cells by their printed names, the
supply piles by the kind of tile they hold, the places of the played action tiles by their
kind and number."""

SLOT_OF: dict[str, tuple[str, int]] = {
    slot: (a, k) for a in ACTIONS for k, slot in enumerate(USED_SLOTS[a])}
"""A place of the played action tiles: its action code and its index (0 fills first)."""


def place(position: str) -> Place:
    return PLACES.get(position) or Cell(position)


def slot(code: str, k: int) -> Zone:
    """The ``k``-th place (0 first) of the played action tiles of ``code``."""
    return Zone("used", piece=ACTION_KIND[code], number=k + 1)


def _cell(i: int) -> Cell:
    return Cell(CELL_NAMES[i])


def _tile(value: int) -> Piece:
    return Piece(str(value))


def describe(state: CrosswiseState, move: Move) -> Message:
    """What ``move`` does in ``state`` (the position before it)."""
    board = state.board
    if isinstance(move, Lay):
        return Message.of("crosswise.lay", piece=_tile(move.symbol), cell=_cell(move.cell))
    if not isinstance(move, (Shift, Remove, Replace, Swap)):
        return Message.of("crosswise.pass")
    code = ACTION_OF[type(move)]
    played = {"action": Piece(ACTION_KIND[code]),
              "slot": slot(code, min(state.used[used_index(code)], COPIES_PER_ACTION - 1))}
    if isinstance(move, Shift):
        return Message.of("crosswise.move", piece=_tile(board[move.src]), cell=_cell(move.src),
                          target=_cell(move.dst), **played)
    if isinstance(move, Remove):
        return Message.of("crosswise.remove", piece=_tile(board[move.cell]),
                          cell=_cell(move.cell), **played)
    if isinstance(move, Replace):
        return Message.of("crosswise.replace", piece=_tile(move.symbol),
                          replaced=_tile(board[move.cell]), cell=_cell(move.cell), **played)
    return Message.of("crosswise.swap", piece=_tile(board[move.a]), cell=_cell(move.a),
                      other_piece=_tile(board[move.b]), other=_cell(move.b), **played)


# ---- a reading that is no move ------------------------------------------------------------------

NEEDS = {"M": 1, "R": 1, "X": 1, "S": 2}
"""The tiles an action needs on the board."""

UNPLAYED = {"M": "crosswise.illegal.unplayed-move", "R": "crosswise.illegal.unplayed-remove",
            "X": "crosswise.illegal.unplayed-replace", "S": "crosswise.illegal.unplayed-swap"}
SHAPE = {"M": "crosswise.illegal.move-shape", "R": "crosswise.illegal.remove-shape",
         "X": "crosswise.illegal.replace-shape", "S": "crosswise.illegal.swap-shape"}


def _cells(indices: Iterable[int]) -> tuple[Cell, ...]:
    return tuple(_cell(i) for i in sorted(indices))


def _unplayed(state: CrosswiseState, code: str) -> Message:
    """A change of the board only an action tile allows, made without one."""
    used = state.used[used_index(code)]
    if used >= COPIES_PER_ACTION:
        return Message.of("crosswise.illegal.none-left",
                          piece=Piece(ACTION_KIND[code], COPIES_PER_ACTION))
    return Message.of(UNPLAYED[code], to=To(slot(code, used)))


def reading(state: CrosswiseState, lifted: frozenset[str], placed: frozenset[str]
            ) -> Message | None:
    """Why a reading of the board is no move of ``state``, from what the table sees (the
    game is running).  ``lifted``: positions a tile was taken off; ``placed``: positions a
    tile was put on (a position in both was lifted and a tile put back).  None when the
    reading is a move some hand could make, or shows nothing to explain."""
    board = state.board
    emptied: set[int] = set()   # cells that held a tile and hold none now
    filled: set[int] = set()    # cells that were empty and hold a tile now
    touched: set[int] = set()   # cells that held a tile and hold one again (maybe another)
    slots_lifted: list[tuple[str, int]] = []
    slots_placed: list[tuple[str, int]] = []
    for position in sorted(lifted | placed):
        if position in CELL_INDEX:
            i = CELL_INDEX[position]
            if board[i] and position in lifted:
                (touched if position in placed else emptied).add(i)
            elif board[i]:
                touched.add(i)
            elif position in placed and position not in lifted:
                filled.add(i)
        elif position in SLOT_OF:
            code, k = SLOT_OF[position]
            full = k < state.used[used_index(code)]
            if full and position in lifted and position not in placed:
                slots_lifted.append((code, k))
            elif not full and position in placed and position not in lifted:
                slots_placed.append((code, k))
    if slots_lifted:
        code, k = slots_lifted[0]
        return Message.of("crosswise.illegal.slot-lifted", piece=Piece(ACTION_KIND[code]),
                          to=To(slot(code, k)))
    if len(slots_placed) > 1:
        return Message.of("crosswise.illegal.two-actions",
                          slots=tuple(slot(code, k) for code, k in slots_placed))
    on_board = sum(1 for v in board if v)
    if slots_placed:
        code, k = slots_placed[0]
        next_free = state.used[used_index(code)]
        if k != next_free:
            return Message.of("crosswise.illegal.wrong-slot", piece=Piece(ACTION_KIND[code]),
                              to=To(slot(code, next_free)))
        if on_board < NEEDS[code]:
            return Message.of("crosswise.illegal.too-few", piece=Piece(ACTION_KIND[code]),
                              n=NEEDS[code])
        fits = {"M": len(emptied) == 1 and len(filled) == 1 and not touched,
                "R": len(emptied) == 1 and not filled and not touched,
                "X": not emptied and not filled and len(touched) <= 1,
                "S": not emptied and not filled and len(touched) <= 2}[code]
        return None if fits else Message.of(SHAPE[code])
    if not emptied and not touched:
        if len(filled) > 1:
            return Message.of("crosswise.illegal.one-tile", cells=_cells(filled))
        return None  # nothing, or a tile laid: some hand may hold it
    if len(emptied) == 1 and len(filled) <= 1 and not touched:
        return _unplayed(state, "M" if filled else "R")
    if not emptied and not filled:
        if len(touched) == 1:
            return _unplayed(state, "X")
        if len(touched) == 2:
            return _unplayed(state, "S")
    if emptied:
        return Message.of("crosswise.illegal.lifted", cells=_cells(emptied), n=len(emptied))
    return None

