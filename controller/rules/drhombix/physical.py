"""The physical DRHOMBIX board: positions, stacks, what a move does to the pieces, and what
a board that senses only the base cannot see.

Every position of the pyramid is a position of its own holding at most one piece (``w``,
``b``, or in the ant game ``o``: colours play no part there).  The cuckoo game adds a reserve
zone per player, ``reserve-w`` and ``reserve-b``, holding that player's pieces off the board;
a captured piece is turned over and put in the captor's reserve, so it is the captor's colour
there.  The ant game's removed pieces leave the board for the box: no zone.

Only base positions can carry a sensor under the board; whether upper positions are sensed is
the board profile's business.  ``move_facets`` names the parts of a move that lie above the
base (``source``, ``target``, ``capture``), so that a phone can say them where no sensor sees.
They are public (the pieces stand on the table for all to see), so no move waits for a phone
just because it has facets: ``facets_need_confirmation`` is false.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from controller.rules.base import Change, Effect, Geometry, Stack, Variant
from controller.rules.drhombix.board import Board, bits_of, board
from controller.rules.drhombix.state import DrhombixState, Move, Raise, Remove
from controller.rules.drhombix.variants import CUCKOO_SEATS, VARIANTS

RESERVES = tuple(f"reserve-{s}" for s in CUCKOO_SEATS)


def is_ant(v: Variant) -> bool:
    return bool(v.options["game"] == "ant")


@cache
def geometry(variant: str) -> Geometry:
    v = VARIANTS[variant]
    b = board(v.options["board"])
    coords = dict(b.coords)
    zones: tuple[str, ...] = ()
    if not is_ant(v):
        # The reserves lie beside the board, white's on the left and black's on the right.
        middle = max(y for _, y in b.coords.values()) / 2
        coords[RESERVES[0]] = (-1.5, middle)
        coords[RESERVES[1]] = (max(x for x, _ in b.coords.values()) + 1.5, middle)
        zones = RESERVES
    return Geometry(b.names, zones, coords, shape="pyramid")


def piece_at(v: Variant, state: DrhombixState, p: int) -> str:
    if is_ant(v):
        return "o"
    return "b" if state.black >> p & 1 else "w"


def layout(v: Variant, state: DrhombixState) -> dict[str, Stack]:
    b = board(v.options["board"])
    out: dict[str, Stack] = {b.names[p]: (piece_at(v, state, p),)
                             for p in bits_of(state.occupied)}
    if not is_ant(v):
        for seat, zone, count in zip(CUCKOO_SEATS, RESERVES, state.reserves):
            if count:
                out[zone] = (seat,) * count
    return out


def effect(v: Variant, before: DrhombixState, after: DrhombixState, move: Move) -> Effect:
    """The changes straight from the masks (the generic layout diff, without building two
    whole layouts for every legal move of every position the session indexes)."""
    b = board(v.options["board"])
    changed = (before.occupied ^ after.occupied) | (before.black ^ after.black)
    changes = []
    for p in bits_of(changed):
        was = (piece_at(v, before, p),) if before.occupied >> p & 1 else ()
        now = (piece_at(v, after, p),) if after.occupied >> p & 1 else ()
        changes.append(Change(b.names[p], was, now))
    if not is_ant(v):
        for seat, zone, n0, n1 in zip(CUCKOO_SEATS, RESERVES, before.reserves, after.reserves):
            if n0 != n1:
                changes.append(Change(zone, (seat,) * n0, (seat,) * n1))
    touched = frozenset(c.position for c in changes if len(c.before) != len(c.after))
    return Effect(tuple(changes), touched, (), tuple(facets(b, move)))


def facets(b: Board, move: Move) -> dict[str, str]:
    """The parts of a move above the base, by role: what a base-sensing board cannot see."""
    def above_base(name: str | None) -> bool:
        return name is not None and b.level[b.index[name]] > 0

    if isinstance(move, Remove):
        upper = [p for p in move.positions if above_base(p)]
        return {"removed": ",".join(upper)} if upper else {}
    parts = [("target", move.target), ("capture", move.capture)]
    if isinstance(move, Raise):
        parts.insert(0, ("source", move.source))
    return {role: p for role, p in parts if p is not None and above_base(p)}


def lit_positions(variant: str, position: str) -> tuple[str, ...]:
    """A position above the base has no light of its own: the base positions beneath it are
    lit, a (k+1) x (k+1) block (square) or a triangle of side k+1, different for every
    position, so that a target two levels up is not mistaken for one a level up."""
    return _lit(variant).get(position, (position,))


@cache
def _lit(variant: str) -> Mapping[str, tuple[str, ...]]:
    b = board(VARIANTS[variant].options["board"])
    return {b.names[p]: tuple(b.names_of(b.base_block[p])) for p in range(b.size)}

