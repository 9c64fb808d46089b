"""Why a DRHOMBIX move is refused, and why what the board shows is no move: reason keys of
the game's words (``words.py``) with typed parameters.

Everything in DRHOMBIX lies open on the table (the reserves are counted in the open), so every
reason is public: ``reading`` may say any of them beside the lights' fix.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from controller.rules.base import Variant
from controller.rules.drhombix.board import Board
from controller.rules.drhombix.cuckoo import land, nest_choices, sides
from controller.rules.drhombix.physical import cell, reserve
from controller.rules.drhombix.state import DrhombixState, Move, Place, Raise, Remove
from controller.said import Message, Piece, Who

# The reasons about where a piece goes (what ``_target`` says), which a reading shows as such.
TARGET_REASONS = frozenset({"drhombix.illegal.not-up", "drhombix.illegal.too-high",
                            "drhombix.illegal.rests-on", "drhombix.illegal.occupied",
                            "drhombix.illegal.unsupported"})


def _m(reason: str, **params: Any) -> Message:
    return Message.of(f"drhombix.illegal.{reason}", **params)


def _cells(b: Board, mask: int) -> tuple[Any, ...]:
    return tuple(cell(n) for n in b.names_of(mask))


def explain(b: Board, v: Variant, state: DrhombixState, move: Any) -> Message | None:
    """The reason ``move`` is refused, or None when the game has none beyond "not legal"."""
    if not isinstance(move, (Place, Raise, Remove)):
        return _m("not-a-move")
    named = (move.positions if isinstance(move, Remove) else
             [p for p in (getattr(move, "source", None), move.target, move.capture) if p])
    off = [p for p in named if p not in b.index]
    if off:
        return _m("off-board", name=str(off[0])[:40])
    if v.options["game"] == "ant":
        return _ant(b, state, move)
    return _cuckoo(b, v, state, move)


def _free_or_why(b: Board, occupied: int, name: str) -> Message | None:
    p = b.index[name]
    if not occupied >> p & 1:
        return _m("empty", cell=cell(name))
    carried = b.above[p] & occupied
    if carried:
        return _m("not-free", cell=cell(name), carried=_cells(b, carried),
                  n=carried.bit_count())
    return None


def _target(b: Board, occupied: int, move: Place | Raise) -> Message | None:
    t = b.index[move.target]
    if isinstance(move, Raise):
        s = b.index[move.source]
        rise = b.level[t] - b.level[s]
        if rise <= 0:
            return _m("not-up", source=cell(move.source), target=cell(move.target))
        if rise > 2:
            return _m("too-high", source=cell(move.source), target=cell(move.target), n=rise)
        if b.supports[t] >> s & 1:
            return _m("rests-on", source=cell(move.source), target=cell(move.target))
    if occupied >> t & 1:
        return _m("occupied", cell=cell(move.target))
    missing = b.supports[t] & ~occupied
    if missing:
        return _m("unsupported", cell=cell(move.target), missing=_cells(b, missing))
    return None


def _ant(b: Board, state: DrhombixState, move: Place | Raise | Remove) -> Message | None:
    occupied = state.occupied
    if isinstance(move, Place):
        return _m("ant-place")
    if isinstance(move, Remove):
        if len(move.positions) not in (1, 2) or len(set(move.positions)) < len(move.positions):
            return _m("remove-count", n=len(move.positions))
        for p in move.positions:
            why = _free_or_why(b, occupied, p)
            if why:
                return why
        if len({b.level[b.index[p]] for p in move.positions}) > 1:
            return _m("remove-levels", cells=tuple(cell(p) for p in move.positions))
        return None
    if move.capture is not None:
        return _m("ant-capture")
    return _free_or_why(b, occupied, move.source) or _target(b, occupied, move)


def _cuckoo(b: Board, v: Variant, state: DrhombixState, move: Place | Raise | Remove
            ) -> Message | None:
    mover, other = v.seats[state.to_move], v.seats[1 - state.to_move]
    if isinstance(move, Remove):
        return _m("cuckoo-remove")
    occupied = state.occupied
    own, _ = sides(state)
    if isinstance(move, Place) and not state.reserves[state.to_move]:
        return _m("reserve-empty", reserve=reserve(mover))
    if isinstance(move, Raise):
        why = _free_or_why(b, occupied, move.source)
        if why:
            return why
        if not own >> b.index[move.source] & 1:
            return _m("not-own", cell=cell(move.source), owner=Who(other), who=Who(mover))
    why = _target(b, occupied, move)
    if why:
        return why
    source = b.index[move.source] if isinstance(move, Raise) else None
    landing = land(b, v.options, state, source, b.index[move.target])
    choices = [b.names[c] for c in nest_choices(b, landing) if c is not None]
    piece = Piece(other, 0)
    if move.capture is None and choices:
        return _m("nest-due", who=Who(mover), piece=piece,
                  choices=tuple(cell(c) for c in choices))
    if move.capture is not None and not choices:
        if not v.options["nest"]:
            return _m("no-nest-rule")
        return _m("nothing-free", piece=piece) if landing.nest else _m("no-nest")
    if move.capture is not None and move.capture not in choices:
        return _m("nest-choice", piece=piece, choices=tuple(cell(c) for c in choices),
                  cell=cell(move.capture))
    return None


# --------------------------------------------------------------------------------------------
# What the board shows
# --------------------------------------------------------------------------------------------


def _taken_off(b: Board, v: Variant, state: DrhombixState, move: Move) -> set[str]:
    """The positions ``move`` empties: the raised piece's, the pieces it captures, the pieces
    the ant game takes off."""
    if isinstance(move, Remove):
        return set(move.positions)
    out = {move.capture} if move.capture else set()
    source = None
    if isinstance(move, Raise):
        out.add(move.source)
        source = b.index[move.source]
    if v.options["game"] != "ant":
        out |= set(b.names_of(land(b, v.options, state, source,
                                   b.index[move.target]).sandwiched))
    return out


def reading(b: Board, v: Variant, state: DrhombixState, moves: Sequence[Move],
            lifted: Iterable[str], placed: Iterable[str]) -> Message | None:
    """Why the board's reading (sensed positions a piece left, ``lifted``, and sensed
    positions a piece came to, ``placed``) is no legal move, or None when some legal move
    still fits it or the game cannot tell."""
    occupied = state.occupied
    gone = sorted((p for p in lifted if p in b.index and occupied >> b.index[p] & 1),
                  key=b.index.__getitem__)
    come = sorted((p for p in placed if p in b.index and not occupied >> b.index[p] & 1),
                  key=b.index.__getitem__)
    if (not gone and not come) or not moves:
        return None
    # Some legal move empties every position seen emptied and fills every one seen filled:
    # the reading may be that move, done in part.
    for move in moves:
        if (set(come) <= {getattr(move, "target", None)}
                and set(gone) <= _taken_off(b, v, state, move)):
            return None
    if len(come) > 1:
        return _m("one-piece")
    gone_mask = sum(1 << b.index[p] for p in gone)
    for p in gone:
        carried = b.above[b.index[p]] & occupied & ~gone_mask
        if carried:
            return _m("not-free", cell=cell(p), carried=_cells(b, carried),
                      n=carried.bit_count())
    if v.options["game"] == "ant":
        return _ant_reading(b, v, state, gone, come)
    return _cuckoo_reading(b, v, state, gone, come)


def _ant_reading(b: Board, v: Variant, state: DrhombixState, gone: list[str], come: list[str]
                 ) -> Message | None:
    if come and not gone:
        return _m("ant-place")
    if len(gone) == 1 and come:
        return _target(b, state.occupied, Raise(gone[0], come[0]))
    if not come and len(gone) > 2:
        return _m("remove-count", n=len(gone))
    if not come and len(gone) == 2:
        return explain(b, v, state, Remove((gone[0], gone[1])))
    return None


def _cuckoo_reading(b: Board, v: Variant, state: DrhombixState, gone: list[str],
                    come: list[str]) -> Message | None:
    own, opp = sides(state)
    mine = [p for p in gone if own >> b.index[p] & 1]
    theirs = [p for p in gone if opp >> b.index[p] & 1]
    if len(mine) > 1:
        return _m("one-piece")
    if come and mine:
        why = explain(b, v, state, Raise(mine[0], come[0]))
        if why is not None and why.key in TARGET_REASONS:
            return why
    elif come:
        # A piece put down with none of the mover's lifted: a placement from the reserve.
        why = _target(b, state.occupied, Place(come[0]))
        if why is not None:
            return why
        if not state.reserves[state.to_move]:
            if len(theirs) == 1:  # a piece of the other colour moved up instead
                return explain(b, v, state, Raise(theirs[0], come[0]))
            return explain(b, v, state, Place(come[0]))
    if theirs:
        return _m("not-taken", piece=Piece(v.seats[1 - state.to_move]), cell=cell(theirs[0]))
    if mine and not come:
        return _m("no-raise", cell=cell(mine[0]))
    return None
