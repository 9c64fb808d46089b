"""What MCTS knows about each game: a heuristic at the playout cut, a playout policy.

A heuristic turns a running position into each seat's chance to win (0..1); a policy picks
a playout move without listing every legal move where that is slow.  Both only ever see the
determinizations the search hands them.  A game whose manifest names no heuristic
gets plain MCTS: random playouts to the end.
"""

from __future__ import annotations

import math
from typing import Any

from controller.ai.mcts import MctsConfig
from controller.rules.base import Game, Variant
from controller.rules.manifest import resolve
from controller.rules.registry import manifest_of


def squash(advantage: float) -> float:
    """An advantage in the heuristic's units to a chance of winning, 0..1."""
    return 1.0 / (1.0 + math.exp(-advantage))


def mcts_config(game: Game[Any, Any], variant: Variant) -> MctsConfig:
    """The game's MCTS configuration from the maker its manifest names (``heuristic``)."""
    manifest = manifest_of(game)
    if manifest is None or manifest.heuristic is None:
        return MctsConfig()
    config: MctsConfig = resolve(manifest.heuristic)(game, variant)
    return config
