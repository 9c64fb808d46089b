"""Which engine plays which game: the one its manifest names (``Manifest.engine``), else Monte
Carlo tree search over the contract, with determinization where the game hides something, and
the game's heuristic and playout policy (``Manifest.heuristic``) where it names one.

The shipped games' manifests name: for two-player Abalone the compiled alpha-beta core
(``abalone_engine``: C, in a search process of its own, on every core; the pure-Python
``alphabeta`` where the core is not built); for the DRHOMBIX ant game the perfect-play solver
(``ant``), for its cuckoo game with sandwich captures alpha-beta over the contract
(``negamax``, see ``heuristics.drhombix.engine``); for Plimus the race planner
(``plimus_race``: random playouts neither race nor watch the draw clock); for the others
(three- and four-player Abalone, the DRHOMBIX cuckoo game without sandwich captures,
Crosswise, Rhombus) MCTS with their heuristics (``heuristics``).
"""

from __future__ import annotations

from typing import Any

from controller.ai.engine import Engine
from controller.ai.heuristics import mcts_config
from controller.ai.mcts import Mcts
from controller.rules.base import Game
from controller.rules.manifest import resolve
from controller.rules.registry import manifest_of


def engine_for(game: Game[Any, Any], variant: str | None = None) -> Engine:
    """The engine for a game and variant (the game's default variant when ``None``)."""
    v = game.variant(variant)
    manifest = manifest_of(game)
    if manifest is not None and manifest.engine is not None:
        made: Engine | None = resolve(manifest.engine)(game, v)
        if made is not None:
            return made
    return Mcts(mcts_config(game, v))


def prepare(game: Game[Any, Any], variant: str | None = None) -> None:
    """Fill an engine's shared tables before the first move (the ant game's solution), or
    start its search process (two-player Abalone); cheap or nothing for the others.  Call it
    off the session thread when a computer seat is set."""
    manifest = manifest_of(game)
    if manifest is not None and manifest.prepare is not None:
        resolve(manifest.prepare)(game, game.variant(variant))
