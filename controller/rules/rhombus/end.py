"""How a Rhombus game ends.

Original rules: a side with no piece on the board loses.  Formation: a side that holds a
cross of five (a square of the inner nine and its four diagonal neighbours, two crossing
blockades) wins.  Either way, a player with no legal action loses (with the partner), and
a game still running after the variant's action limit is drawn.
"""

from __future__ import annotations

from functools import lru_cache

from controller.rules.base import Outcome
from controller.rules.rhombus.board import has_cross
from controller.rules.rhombus.movegen import can_act
from controller.rules.rhombus.position import held, mover_context, team_of, teams_of
from controller.rules.rhombus.state import VARIANTS, RhombusState


@lru_cache(maxsize=8)
def board_outcome(state: RhombusState) -> Outcome | None:
    """How the position itself ends the game (cached: the session and selfplay ask it of
    one state many times)."""
    v = VARIANTS[state.variant]
    teams = teams_of(v)

    def names_of(t: tuple[int, ...]) -> str:
        return "+".join(v.seats[j] for j in t)

    masks = [sum(state.pieces[j] for j in t) for t in teams]
    if v.options["formation"]:
        for t, m in zip(teams, masks):
            if has_cross(m):
                return Outcome(tuple(v.seats[j] for j in t),
                               f"{names_of(t)} formed a cross of five")
    else:
        for t, m in zip(teams, masks):
            if not m:
                winners = tuple(s for k, s in enumerate(v.seats) if k not in t)
                return Outcome(winners, f"{names_of(t)} has no piece on the board")
    if state.ply >= v.options["ply_limit"]:
        return Outcome((), f"{state.ply} actions without a winner (the limit is "
                           f"{v.options['ply_limit']})")
    if not can_act(mover_context(state), held(state, state.to_move)):
        stuck = team_of(v, state.to_move)
        winners = tuple(s for k, s in enumerate(v.seats) if k not in stuck)
        return Outcome(winners, f"{v.seats[state.to_move]} has no legal action")
    return None
