"""The physical DRHOMBIX board: positions, stacks, what a move does to the pieces, and what
a board that senses only the base cannot see.

Every position of the pyramid is a position of its own holding at most one piece (``w``,
``b``, or in the ant game ``o``: colours play no part there).  The cuckoo game adds a reserve
zone per player, ``reserve-w`` and ``reserve-b``, holding that player's pieces off the board;
a captured piece is turned over and put in the captor's reserve, so it is the captor's colour
there.  The ant game has a taken area per player instead, ``taken-first`` and
``taken-second``, where each player puts the pieces they take off the pyramid.

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
from controller.rules.drhombix.variants import ANT_SEATS, CUCKOO_SEATS, VARIANTS
from controller.said import Cell, Place, Zone

RESERVES = tuple(f"reserve-{s}" for s in CUCKOO_SEATS)
TAKEN = tuple(f"taken-{s}" for s in ANT_SEATS)
ZONES: dict[str, Zone] = {
    **{f"reserve-{s}": Zone("reserve", owner=s) for s in CUCKOO_SEATS},
    **{f"taken-{s}": Zone("taken", owner=s) for s in ANT_SEATS},
}


def is_ant(v: Variant) -> bool:
    return bool(v.options["game"] == "ant")


@cache
def geometry(variant: str) -> Geometry:
    v = VARIANTS[variant]
    b = board(v.options["board"])
    coords = dict(b.coords)
    # The reserves (cuckoo) or the taken areas (ant) lie beside the board, white's or the
    # first player's on the left, the other on the right.
    zones = zones_of(v)
    middle = max(y for _, y in b.coords.values()) / 2
    coords[zones[0]] = (-1.5, middle)
    coords[zones[1]] = (max(x for x, _ in b.coords.values()) + 1.5, middle)
    return Geometry(b.names, zones, coords, shape="pyramid")


def cell(name: str) -> Cell:
    """A position of the pyramid as players name it: ``0b2`` is b2 on the base (level 0)."""
    return Cell(name[1:], level=int(name[0]))


def place(position: str) -> Place:
    """A position of the geometry as players name it: a reserve or taken area by its kind and
    owner, a position of the pyramid by its square and level."""
    zone = ZONES.get(position)
    if zone is not None:
        return zone
    if len(position) == 3 and position[0].isdigit():
        return cell(position)
    return Cell(position)


def reserve(seat: str) -> Zone:
    """A cuckoo player's reserve."""
    return ZONES[f"reserve-{seat}"]


def zones_of(v: Variant) -> tuple[str, str]:
    """Beside the board: each player's reserve (cuckoo) or taken area (ant), by seat."""
    return (TAKEN[0], TAKEN[1]) if is_ant(v) else (RESERVES[0], RESERVES[1])


def piece_at(v: Variant, state: DrhombixState, p: int) -> str:
    if is_ant(v):
        return "o"
    return "b" if state.black >> p & 1 else "w"


def layout(v: Variant, state: DrhombixState) -> dict[str, Stack]:
    b = board(v.options["board"])
    out: dict[str, Stack] = {b.names[p]: (piece_at(v, state, p),)
                             for p in bits_of(state.occupied)}
    for zone, count, piece in zip(zones_of(v), state.reserves, _zone_pieces(v)):
        if count:
            out[zone] = (piece,) * count
    return out


def _zone_pieces(v: Variant) -> tuple[str, str]:
    """What lies in each zone: a reserve holds its owner's colour (captured pieces are turned
    over); a taken area the ant game's colourless pieces."""
    return ("o", "o") if is_ant(v) else (CUCKOO_SEATS[0], CUCKOO_SEATS[1])


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
    for zone, piece, n0, n1 in zip(zones_of(v), _zone_pieces(v), before.reserves,
                                   after.reserves):
        if n0 != n1:
            changes.append(Change(zone, (piece,) * n0, (piece,) * n1))
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

