"""Which engine plays which game.

* Abalone, two players: the compiled alpha-beta core (``abalone_engine``: C, in a search
  process of its own, on every core); the pure-Python alpha-beta (``alphabeta``) where the
  core is not built.
* Abalone, three and four players: MCTS with the Abalone heuristic at the playout cut (the
  evaluation generalised to several sides); paranoid alpha-beta would assume every other
  player plays against the computer, which in the three-player game is simply false.
* DRHOMBIX ant game: the perfect-play solver.
* DRHOMBIX cuckoo game with sandwich captures: alpha-beta over the rules contract
  (``negamax``: the compiled core's techniques, iterative deepening, PVS, a transposition
  table, captures first, killers and history) with the material-and-height evaluation; it
  beat the MCTS it replaced 35 of 40 games on the square board and 34-38 of 40 on the
  triangle (0.2 s a move).  Without sandwich captures material hardly moves, the
  evaluation says little, and alpha-beta lost games to a random player on the square board
  (8 and 9 of 10 won): those variants keep MCTS, whose playouts read the race to the apex.
* Plimus: the race planner (``plimus_race``): random playouts neither race nor watch the
  draw clock.
* Everything else (DRHOMBIX cuckoo without sandwich captures, Crosswise, Rhombus and
  any game added later):
  MCTS over the contract, with determinization where the game hides something, and the
  game's heuristic and playout policy from ``heuristics`` where there is one.
"""

from __future__ import annotations

from typing import Any

from controller.ai.abalone_core import available as core_available
from controller.ai.abalone_engine import AbaloneEngine, prepare_search
from controller.ai.alphabeta import AlphaBeta
from controller.ai.ant import AntSolver, prepare_ant
from controller.ai.engine import Engine
from controller.ai.heuristics import drhombix as drhombix_heuristic
from controller.ai.heuristics import mcts_config
from controller.ai.mcts import Mcts
from controller.ai.negamax import Negamax
from controller.ai.plimus_race import PlimusRace
from controller.rules.base import Game


def engine_for(game: Game[Any, Any], variant: str | None = None) -> Engine:
    """The engine for a game and variant (the game's default variant when ``None``)."""
    v = game.variant(variant)
    if game.name == "abalone" and len(v.seats) == 2:
        return AbaloneEngine() if core_available() else AlphaBeta()
    if game.name == "drhombix" and v.options.get("game") == "ant":
        return AntSolver()
    if game.name == "drhombix" and v.options.get("sandwich"):
        return Negamax(drhombix_heuristic.value, drhombix_heuristic.captures_first)
    if game.name == "plimus":
        return PlimusRace()
    return Mcts(mcts_config(game, v))


def prepare(game: Game[Any, Any], variant: str | None = None) -> None:
    """Fill an engine's shared tables before the first move (the ant game's solution), or
    start its search process (two-player Abalone); cheap or nothing for the others.  Call it
    off the session thread when a computer seat is set."""
    v = game.variant(variant)
    if game.name == "abalone" and len(v.seats) == 2:
        prepare_search()
    if game.name == "drhombix" and v.options.get("game") == "ant":
        prepare_ant(v.name)
