"""Questions about a position that several modules ask: sides, the pieces a player plays,
the cards a player holds, the search context for the player to move."""

from __future__ import annotations

from controller.rules.base import Variant
from controller.rules.rhombus.cards import HIDDEN
from controller.rules.rhombus.movegen import Context, context
from controller.rules.rhombus.state import VARIANTS, RhombusState, corner_bit


def teams_of(v: Variant) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(v.seats.index(s) for s in team) for team in v.options["teams"])


def team_of(v: Variant, seat: int) -> tuple[int, ...]:
    return next(t for t in teams_of(v) if seat in t)


def plays_with(state: RhombusState, seat: int) -> int:
    """The seat whose pieces ``seat`` plays: their own, or under the original four-player
    rules, once their own pieces are all gone from the board, the partner's."""
    v = VARIANTS[state.variant]
    if state.pieces[seat] or v.options["formation"]:
        return seat
    return next((j for j in team_of(v, seat) if j != seat), seat)


def controlled(state: RhombusState) -> int:
    """The seat whose pieces the player to move plays."""
    return plays_with(state, state.to_move)


def context_for(state: RhombusState, seat: int) -> Context:
    """The search context as if ``seat`` were to move."""
    v = VARIANTS[state.variant]
    c = plays_with(state, seat)
    side = team_of(v, seat)
    others = tuple(t for t in teams_of(v) if t != side)
    return context(state.pieces, c, side, others, corner_bit(v.seats[c]), state.reserve[c],
                   state.out[c], v.options["formation"], v.options["stuck"] == "discard")


def mover_context(state: RhombusState) -> Context:
    return context_for(state, state.to_move)


def held(state: RhombusState, seat: int) -> tuple[int, ...]:
    """A seat's cards as held ints: table cards, then hand cards marked ``HIDDEN``."""
    return state.open[seat] + tuple(c | HIDDEN for c in state.hidden[seat])
