"""How a Rhombus game ends.

Original rules: a side with no piece on the board loses.  Formation: a side that holds a
cross of five (a square of the inner nine and its four diagonal neighbours, two crossing
blockades) wins.  Either way, a player with no legal action loses (with the partner), and
a game still running after the variant's action limit is drawn.

Each end is a ``Termination`` with its typed parameters: ``CROSS`` and ``NO_PIECES`` with the
``side`` (the seats of the team, and ``n``, how many, for the words' grammar), ``MOVE_LIMIT``
with the actions played (``n``), ``NO_MOVE`` with the seat that cannot act (``who``).
"""

from __future__ import annotations

from functools import lru_cache

from controller.rules.base import Outcome, Termination
from controller.rules.rhombus.board import has_cross
from controller.rules.rhombus.movegen import can_act
from controller.rules.rhombus.position import held, mover_context, team_of, teams_of
from controller.rules.rhombus.state import VARIANTS, RhombusState
from controller.said import Who


@lru_cache(maxsize=8)
def board_outcome(state: RhombusState) -> Outcome | None:
    """How the position itself ends the game (cached: the session and selfplay ask it of
    one state many times)."""
    v = VARIANTS[state.variant]
    teams = teams_of(v)

    def side(t: tuple[int, ...]) -> tuple[Who, ...]:
        return tuple(Who(v.seats[j]) for j in t)

    masks = [sum(state.pieces[j] for j in t) for t in teams]
    if v.options["formation"]:
        for t, m in zip(teams, masks):
            if has_cross(m):
                return Outcome.of((v.seats[j] for j in t), Termination.CROSS, side=side(t),
                                  n=len(t))
    else:
        for t, m in zip(teams, masks):
            if not m:
                winners = tuple(s for k, s in enumerate(v.seats) if k not in t)
                return Outcome.of(winners, Termination.NO_PIECES, side=side(t), n=len(t))
    if state.ply >= v.options["ply_limit"]:
        return Outcome.of((), Termination.MOVE_LIMIT, n=state.ply)
    if not can_act(mover_context(state), held(state, state.to_move)):
        stuck = team_of(v, state.to_move)
        winners = tuple(s for k, s in enumerate(v.seats) if k not in stuck)
        return Outcome.of(winners, Termination.NO_MOVE, who=Who(v.seats[state.to_move]))
    return None
