"""Abalone with three and four players, for MCTS: the evaluation per side.

Each side (a player, or a team of two) scores the marbles it has pushed off (the goal: 6 of
any opponents'), less a part of the marbles it has lost, plus the centrality and cohesion
terms of ``abalone_eval`` scaled to marbles; the lead over the best other side is squashed to
a chance of winning.  Random Abalone moves say little, so playouts are cut after a few plies.
"""

from __future__ import annotations

from typing import Any

from controller.ai.abalone_eval import centrality, cohesion
from controller.ai.heuristics import squash
from controller.ai.mcts import MctsConfig, Rewards
from controller.rules.abalone import AbaloneState
from controller.rules.abalone.layouts import VARIANTS
from controller.rules.base import Game, Variant

PLIES = 4
LOST = 0.6          # a marble lost, against one pushed off
CENTRE = 0.04       # per centrality point (a marble one ring further in)
COHESION = 0.015    # per pair of own marbles side by side
SHARPNESS = 1.5     # a lead of one marble: about 82%


def heuristic(state: AbaloneState) -> Rewards:
    v = VARIANTS[state.variant]
    teams = [tuple(v.seats.index(s) for s in team) for team in v.options["teams"]]
    values = []
    for team in teams:
        marbles = 0
        for j in team:
            marbles |= state.marbles[j]
        values.append(sum(state.pushed[j] - LOST * state.lost[j] for j in team)
                      + CENTRE * centrality(marbles) + COHESION * cohesion(marbles))
    out: dict[str, float] = {}
    for k, team in enumerate(teams):
        p = squash(SHARPNESS * (values[k] - max(x for j, x in enumerate(values) if j != k)))
        out.update((v.seats[j], p) for j in team)
    return out


def config(game: Game[Any, Any], variant: Variant) -> MctsConfig:
    return MctsConfig("mcts", playout_plies=PLIES, heuristic=heuristic)
