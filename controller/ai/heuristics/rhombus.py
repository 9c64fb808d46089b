"""Rhombus for MCTS: material, blockades and the Formation cross as the heuristic.

Random Rhombus games almost never end (a random player eliminates a piece by chance only;
every random two-player game we played reached the 300-action limit), so playouts are short
and the heuristic carries the search:

* original rules: pieces on the board count most (a side with none has lost), then pieces
  in reserve (a 9 brings them in) and pieces standing in a blockade (they cannot be killed);
* Formation: the nearest cross (the most own-side pieces on one cross of five), then
  pieces on the board.

Values are per side (partners share theirs), squashed to chances of winning.
"""

from __future__ import annotations

from typing import Any

from controller.ai.heuristics import squash
from controller.ai.mcts import MctsConfig, Rewards
from controller.rules.base import Game, Variant
from controller.rules.rhombus.board import CROSSES, protected
from controller.rules.rhombus.state import VARIANTS, RhombusState

PLIES = 6
BOARD = 1.0
RESERVE = 0.5
SHIELDED = 0.15
CROSS = 1.0
FORMATION_BOARD = 0.3


def side_value(state: RhombusState, team: tuple[int, ...], formation: bool) -> float:
    mask = 0
    reserve = 0
    for j in team:
        mask |= state.pieces[j]
        reserve += state.reserve[j]
    on_board = mask.bit_count()
    if formation:
        nearest = max((mask & c).bit_count() for c in CROSSES)
        return CROSS * nearest + FORMATION_BOARD * on_board
    return BOARD * on_board + RESERVE * reserve + SHIELDED * protected(mask).bit_count()


def heuristic(state: RhombusState) -> Rewards:
    v = VARIANTS[state.variant]
    formation = bool(v.options["formation"])
    teams = [tuple(v.seats.index(s) for s in team) for team in v.options["teams"]]
    values = [side_value(state, t, formation) for t in teams]
    out: dict[str, float] = {}
    for k, team in enumerate(teams):
        best_other = max(x for j, x in enumerate(values) if j != k)
        p = squash(values[k] - best_other)
        for j in team:
            out[v.seats[j]] = p
    return out


def config(game: Game[Any, Any], variant: Variant) -> MctsConfig:
    return MctsConfig("mcts", playout_plies=PLIES, heuristic=heuristic)
