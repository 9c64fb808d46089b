"""What MCTS knows about each game: a heuristic at the playout cut, a playout policy.

A heuristic turns a running position into each seat's chance to win (0..1); a policy picks
a playout move without listing every legal move where that is slow.  Both only ever see the
determinizations the search hands them.  A game without an entry here (a game added later)
gets plain MCTS: random playouts to the end.
"""

from __future__ import annotations

import math
from typing import Any

from controller.ai.mcts import MctsConfig
from controller.rules.base import Game, Variant


def squash(advantage: float) -> float:
    """An advantage in the heuristic's units to a chance of winning, 0..1."""
    return 1.0 / (1.0 + math.exp(-advantage))


def mcts_config(game: Game[Any, Any], variant: Variant) -> MctsConfig:
    from controller.ai.heuristics import abalone, crosswise, drhombix, rhombus

    makers = {"abalone": abalone.config, "crosswise": crosswise.config,
              "drhombix": drhombix.config, "rhombus": rhombus.config}
    maker = makers.get(game.name)
    return maker(game, variant) if maker is not None else MctsConfig()
