"""The cuckoo game: placing, raising, and the sandwich and nest captures.

Order within one move (the rules page): the piece lands (placed from the reserve, or raised
from its position); every sandwich it closes is taken; then, if it completed a nest of the
mover's colour, the mover takes one free opponent piece of their choice.  A taken piece is
turned over and goes to the mover's reserve.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from controller.rules.drhombix.board import Board, bits_of
from controller.rules.drhombix.state import DrhombixState, Place, Raise


@dataclass(frozen=True, slots=True)
class Landing:
    """The board right after a piece lands and its sandwiches are taken."""

    own: int          # the mover's pieces
    opp: int          # the opponent's pieces left
    sandwiched: int   # opponent pieces taken by sandwich
    nest: bool        # the move completed a nest of the mover's colour

    @property
    def occupied(self) -> int:
        return self.own | self.opp


def sides(state: DrhombixState) -> tuple[int, int]:
    """(mover's pieces, opponent's pieces)."""
    if state.to_move == 0:
        return state.white, state.black
    return state.black, state.white


def land(b: Board, options: Mapping[str, Any], state: DrhombixState, source: int | None,
         target: int) -> Landing:
    own, opp = sides(state)
    own = own | 1 << target
    if source is not None:
        own &= ~(1 << source)
    occupied = own | opp
    taken = 0
    if options["sandwich"]:
        for nxt, beyond in b.lines[target]:
            # Own-opponent-own with the moved piece at one end; the middle piece must carry
            # nothing, and its position must not have yielded a sandwich before.
            if (opp >> nxt & 1 and own >> beyond & 1 and not state.used >> nxt & 1
                    and not b.above[nxt] & occupied):
                taken |= 1 << nxt
    nests = b.inverted_nests if options["inverted_nests"] else b.nests
    nest = bool(options["nest"]) and any(n & own == n for n in nests[target])
    return Landing(own, opp & ~taken, taken, nest)


def nest_choices(b: Board, landing: Landing) -> list[int | None]:
    """What a completed nest lets the mover take: any one free opponent piece (``None``: no
    nest, or no free opponent piece to take)."""
    if not landing.nest:
        return [None]
    free = b.free_pieces(landing.opp, landing.occupied)
    return list(bits_of(free)) or [None]


def targets(b: Board, occupied: int) -> list[int]:
    """Empty positions whose supports are all occupied."""
    return [t for t in bits_of(b.full & ~occupied) if not b.supports[t] & ~occupied]


def raise_targets(b: Board, occupied: int, source: int) -> list[int]:
    """Where a free piece may rise: one or two levels up, empty, supported, and not resting
    on the piece itself."""
    return [t for t in b.raise_targets[source]
            if not occupied >> t & 1 and not b.supports[t] & ~occupied]


def legal_moves(b: Board, options: Mapping[str, Any], state: DrhombixState
                ) -> list[Place | Raise]:
    own, _ = sides(state)
    occupied = state.occupied
    names = b.names
    out: list[Place | Raise] = []
    if state.reserves[state.to_move]:
        for t in targets(b, occupied):
            out += [Place(names[t], _name(b, c))
                    for c in nest_choices(b, land(b, options, state, None, t))]
    for p in bits_of(b.free_pieces(own, occupied)):
        for t in raise_targets(b, occupied, p):
            out += [Raise(names[p], names[t], _name(b, c))
                    for c in nest_choices(b, land(b, options, state, p, t))]
    return out


def _name(b: Board, p: int | None) -> str | None:
    return None if p is None else b.names[p]


def has_move(b: Board, state: DrhombixState) -> bool:
    """Whether the mover can move at all (faster than listing the moves)."""
    occupied = state.occupied
    if state.reserves[state.to_move] and not occupied >> b.apex & 1:
        return True  # the lowest level with a gap is fully supported: a placement exists
    own, _ = sides(state)
    return any(raise_targets(b, occupied, p) for p in bits_of(b.free_pieces(own, occupied)))


def play(b: Board, options: Mapping[str, Any], state: DrhombixState, move: Place | Raise
         ) -> DrhombixState:
    source = b.index[move.source] if isinstance(move, Raise) else None
    landing = land(b, options, state, source, b.index[move.target])
    opp = landing.opp
    gained = landing.sandwiched.bit_count()
    if move.capture is not None:
        opp &= ~(1 << b.index[move.capture])
        gained += 1
    me = state.to_move
    reserves = list(state.reserves)
    reserves[me] += gained - (1 if source is None else 0)
    black = landing.own if me == 1 else opp
    return DrhombixState(state.variant, landing.own | opp, black,
                         (reserves[0], reserves[1]), state.used | landing.sandwiched, 1 - me)
