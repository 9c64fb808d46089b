"""What Rhombus puts on the table: squares, reserves, eliminated pieces, and what a move does
to them.

Positions: the 25 squares ``a1``..``e5``, and beside the board one ``reserve-SEAT`` per seat
(pieces waiting to enter with a 9) and, under the original rules, one ``eliminated-SEAT``
(Formation returns eliminated pieces to their owner's reserve).  Each zone lies beside its
seat's corner.  A piece is its seat's letter.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from controller.rules.base import Change, Effect, Geometry, Stack, Variant
from controller.rules.rhombus.board import NAMES, bits
from controller.rules.rhombus.movegen import Move
from controller.rules.rhombus.state import VARIANTS, RhombusState

# Where each seat's zones lie: beside its corner, the reserve level with the corner's rank.
_ZONE_AT = {"r": (-1.5, 0.0, 1.0), "y": (5.5, 0.0, 1.0), "b": (5.5, 4.0, -1.0),
            "g": (-1.5, 4.0, -1.0)}


@cache
def geometry(name: str) -> Geometry:
    variant = VARIANTS[name]
    coords: dict[str, tuple[float, float]] = {n: (float(i % 5), float(i // 5))
                                              for i, n in enumerate(NAMES)}
    zones = []
    for seat in variant.seats:
        x, y, towards_centre = _ZONE_AT[seat]
        zones.append(f"reserve-{seat}")
        coords[f"reserve-{seat}"] = (x, y)
        if not variant.options["formation"]:
            zones.append(f"eliminated-{seat}")
            coords[f"eliminated-{seat}"] = (x, y + towards_centre)
    return Geometry(NAMES, tuple(zones), coords, shape="square")


def layout(state: RhombusState, variant: Variant) -> dict[str, Stack]:
    out: dict[str, Stack] = {}
    for seat, mask, reserve, lost in zip(variant.seats, state.pieces, state.reserve, state.out):
        for b in bits(mask):
            out[NAMES[b.bit_length() - 1]] = (seat,)
        if reserve:
            out[f"reserve-{seat}"] = (seat,) * reserve
        if lost:
            out[f"eliminated-{seat}"] = (seat,) * lost
    return out


def owner_of(state: RhombusState, square: int) -> int:
    return next(j for j, m in enumerate(state.pieces) if m & square)


def effect(state: RhombusState, variant: Variant, mover: int, move: Move) -> Effect:
    """The changes of ``move`` by the seat whose pieces are ``mover``'s, computed from the
    move's squares directly (the session builds one per legal move)."""
    seats = variant.seats
    piece = seats[mover]
    changes: dict[str, Change] = {}
    zone_delta: dict[str, int] = {}
    for b in bits(move.sources):
        changes[NAMES[b.bit_length() - 1]] = Change(NAMES[b.bit_length() - 1], (piece,), ())
    for b in bits(move.kills | move.targets):
        name = NAMES[b.bit_length() - 1]
        victim = seats[owner_of(state, b)] if b & move.kills else None
        changes[name] = Change(name, (victim,) if victim else (),
                               (piece,) if b & move.targets else ())
        if victim:
            zone = f"reserve-{victim}" if variant.options["formation"] else f"eliminated-{victim}"
            zone_delta[zone] = zone_delta.get(zone, 0) + 1
    if move.entered or move.revived:
        zone_delta[f"reserve-{piece}"] = (zone_delta.get(f"reserve-{piece}", 0)
                                          - move.entered + move.revived)
    if move.revived:
        zone_delta[f"eliminated-{piece}"] = zone_delta.get(f"eliminated-{piece}", 0) - 1
    if zone_delta:  # most actions only move pieces on the board
        before = _zone_counts(state, variant)
        for zone, delta in zone_delta.items():
            if delta:
                seat = zone.rsplit("-", 1)[1]
                n = before.get(zone, 0)
                changes[zone] = Change(zone, (seat,) * n, (seat,) * (n + delta))
    rank = _rank(variant.name)
    ordered = tuple(sorted(changes.values(), key=lambda c: rank[c.position]))
    return Effect(ordered, frozenset(changes), (), ("card",))


@cache
def _rank(name: str) -> Mapping[str, int]:
    """Each position's place in the canonical order (squares, then zones)."""
    return {p: i for i, p in enumerate(geometry(name).positions)}


def _zone_counts(state: RhombusState, variant: Variant) -> Mapping[str, int]:
    out: dict[str, int] = {}
    for seat, reserve, lost in zip(variant.seats, state.reserve, state.out):
        out[f"reserve-{seat}"] = reserve
        out[f"eliminated-{seat}"] = lost
    return out
