"""The ant game: the pyramid starts full; a move removes one or two free pieces of one level,
or raises one free piece one or two levels; whoever removes the last piece loses.

Only which positions hold a piece matters, so the rules work on the occupied mask alone (the
solver uses the same functions on bare masks).
"""

from __future__ import annotations

from collections.abc import Iterator

from controller.rules.drhombix.board import Board, bits_of
from controller.rules.drhombix.cuckoo import raise_targets
from controller.rules.drhombix.state import Raise, Remove


def legal_moves(b: Board, occupied: int) -> list[Remove | Raise]:
    free = bits_of(b.free_pieces(occupied, occupied))
    names = b.names
    out: list[Remove | Raise] = [Remove((names[p],)) for p in free]
    out += [Remove((names[p], names[q])) for n, p in enumerate(free) for q in free[n + 1:]
            if b.level[p] == b.level[q]]
    out += [Raise(names[p], names[t]) for p in free for t in raise_targets(b, occupied, p)]
    return out


def successors(b: Board, occupied: int) -> Iterator[int]:
    """The occupied masks one move away (a mask may repeat: two moves can meet)."""
    free = bits_of(b.free_pieces(occupied, occupied))
    for n, p in enumerate(free):
        gone = occupied & ~(1 << p)
        yield gone
        for q in free[n + 1:]:
            if b.level[p] == b.level[q]:
                yield gone & ~(1 << q)
        for t in raise_targets(b, occupied, p):
            yield gone | 1 << t


def play(b: Board, occupied: int, move: Remove | Raise) -> int:
    if isinstance(move, Remove):
        for name in move.positions:
            occupied &= ~(1 << b.index[name])
        return occupied
    return occupied & ~(1 << b.index[move.source]) | 1 << b.index[move.target]
