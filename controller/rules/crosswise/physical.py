"""The physical Crosswise board: positions, what stands on them, what a move changes.

The hands and the bag are not physical: the service deals, and every tile that is neither on
the board nor spent lies in a *supply* beside the board, sorted by kind (``supply-1`` ..
``supply-6``, ``supply-move``, ``supply-remove``, ``supply-replace``, ``supply-swap``).  A
player laying a 3 takes one from ``supply-3`` (the phone says which); a tile removed from the
board into a hand goes back on its supply pile, where it is as good as any other tile of its
kind.  So the supply holds 7 minus the board's count of each symbol and 3 minus the played
count of each action: public numbers, whoever holds what.

A played action tile goes face up on the next free slot of its kind beside the cells
(``used-move-1`` .. ``used-swap-3``, three slots per kind).  The slots are cells of the
geometry and sensed in the shipped profiles: the slot that fills tells the sensors which
action was played, and it turns a swap or a replace, which leave the presence reading of the
36 cells unchanged, into a reading of their own.

Only a lay's or a replace's tile is unseen by presence sensors: the phone declares it as the
facet ``tile``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache

from controller.rules.base import Change, Effect, Geometry, Stack
from controller.rules.crosswise.moves import ACTION_OF, Lay, Move, Pass, Remove, Replace, Shift
from controller.rules.crosswise.state import CrosswiseState, used_index
from controller.rules.crosswise.tiles import (
    ACTION_KIND,
    ACTIONS,
    CELL_NAMES,
    COPIES_PER_ACTION,
    COPIES_PER_SYMBOL,
    SIZE,
    SYMBOLS,
)

SUPPLY_SYMBOL = {s: f"supply-{s}" for s in SYMBOLS}
SUPPLY_ACTION = {code: f"supply-{ACTION_KIND[code]}" for code in ACTIONS}
USED_SLOTS = {code: tuple(f"used-{ACTION_KIND[code]}-{k}" for k in range(1, COPIES_PER_ACTION + 1))
              for code in ACTIONS}
SLOTS: tuple[str, ...] = tuple(slot for code in ACTIONS for slot in USED_SLOTS[code])
ZONES: tuple[str, ...] = (*SUPPLY_SYMBOL.values(), *SUPPLY_ACTION.values())
POSITIONS = CELL_NAMES + SLOTS + ZONES
PIECES: tuple[str, ...] = (*(str(s) for s in SYMBOLS), *(ACTION_KIND[a] for a in ACTIONS))
"""The tiles as they stand on the board: a symbol's number, an action tile's kind."""
RANK = {p: k for k, p in enumerate(POSITIONS)}


@cache
def geometry() -> Geometry:
    """Cells a1..f6 one unit apart (a1 at the origin); the used-action slots left of them,
    one row of three per kind; the supply to the right of the board.

    The slots count as cells of the board (they are the seed's "Ablage Sondersteine", part
    of its board): a build must sense them, or the session asks the phone about every move
    that fills one rather than guess; and a game's default simulated board senses them.
    The supply is a zone: nothing there is sensed or lit.
    """
    coords: dict[str, tuple[float, float]] = {
        name: (float(i % SIZE), float(i // SIZE)) for i, name in enumerate(CELL_NAMES)}
    for s in SYMBOLS:
        coords[SUPPLY_SYMBOL[s]] = (6.8, float(SIZE - s))
    for k, code in enumerate(ACTIONS):
        coords[SUPPLY_ACTION[code]] = (8.0, float(SIZE - 1 - k))
        for j, slot in enumerate(USED_SLOTS[code]):
            coords[slot] = (-3.8 + j, float(SIZE - 1 - k))
    return Geometry(CELL_NAMES + SLOTS, ZONES, coords, shape="square")


@lru_cache(maxsize=256)
def layout(state: CrosswiseState) -> Mapping[str, Stack]:
    out: dict[str, Stack] = {}
    count = [0] * 7
    for i, v in enumerate(state.board):
        if v:
            out[CELL_NAMES[i]] = (str(v),)
            count[v] += 1
    for s in SYMBOLS:
        if count[s] < COPIES_PER_SYMBOL:
            out[SUPPLY_SYMBOL[s]] = (str(s),) * (COPIES_PER_SYMBOL - count[s])
    for code, used in zip(ACTIONS, state.used):
        kind = ACTION_KIND[code]
        if used < COPIES_PER_ACTION:
            out[SUPPLY_ACTION[code]] = (kind,) * (COPIES_PER_ACTION - used)
        for slot in USED_SLOTS[code][:used]:
            out[slot] = (kind,)
    return out


def effect(state: CrosswiseState, move: Move) -> Effect:
    """What a move does to the pieces, computed from the move (no ``play``: the session
    builds one effect per legal move, several hundred per position)."""
    before = layout(state)
    after: dict[str, Stack] = {}
    lifted: set[str] = set()  # cells a hand empties for a moment, height kept or not

    def shift_pile(pile: str, kind: str, delta: int) -> None:
        n = len(after.get(pile, before.get(pile, ()))) + delta
        after[pile] = (kind,) * n

    if isinstance(move, Pass):
        return Effect((), frozenset())
    if isinstance(move, Lay):
        after[CELL_NAMES[move.cell]] = (str(move.symbol),)
        shift_pile(SUPPLY_SYMBOL[move.symbol], str(move.symbol), -1)
    else:
        code = ACTION_OF[type(move)]
        shift_pile(SUPPLY_ACTION[code], ACTION_KIND[code], -1)
        after[USED_SLOTS[code][state.used[used_index(code)]]] = (ACTION_KIND[code],)
        board = state.board
        if isinstance(move, Shift):
            src, dst = CELL_NAMES[move.src], CELL_NAMES[move.dst]
            after[src], after[dst] = (), before[src]
        elif isinstance(move, Remove):
            cell = CELL_NAMES[move.cell]
            after[cell] = ()
            shift_pile(SUPPLY_SYMBOL[board[move.cell]], str(board[move.cell]), +1)
        elif isinstance(move, Replace):
            cell = CELL_NAMES[move.cell]
            after[cell] = (str(move.symbol),)
            lifted.add(cell)
            shift_pile(SUPPLY_SYMBOL[move.symbol], str(move.symbol), -1)
            shift_pile(SUPPLY_SYMBOL[board[move.cell]], str(board[move.cell]), +1)
        else:
            a, b = CELL_NAMES[move.a], CELL_NAMES[move.b]
            after[a], after[b] = before[b], before[a]
            lifted |= {a, b}
    changes = tuple(Change(p, before.get(p, ()), after[p])
                    for p in sorted(after, key=RANK.__getitem__)
                    if before.get(p, ()) != after[p])
    touched = lifted | {c.position for c in changes if len(c.before) != len(c.after)}
    unseen = ("tile",) if isinstance(move, Lay | Replace) else ()
    return Effect(changes, frozenset(touched), (), unseen)


def facets(move: Move) -> dict[str, str]:
    """What a phone declares about a move: the tile a lay or a replace takes from the hand.

    Nothing else: the action of an action tile is told by the slot the tile is put on, and the
    cells by the sensors.  (A facet that every move of one kind carries, such as
    ``{"action": "lay"}``, would have to be declared too before the session could commit
    without asking, and a phone offers only facets that tell the player's moves apart.)
    """
    if isinstance(move, Lay | Replace):
        return {"tile": str(move.symbol)}
    return {}
