"""DRHOMBIX cuckoo game for MCTS: material and height as the heuristic.

Material is every piece a colour commands, in its reserve or on the board (captures move a
piece from one side to the other); height is how far up its free pieces stand (the apex is
the goal, and a high piece is raised or covered less easily).  Cuckoo games are short (20 to
45 plies), so most playouts end by themselves before the cut.
"""

from __future__ import annotations

from typing import Any

from controller.ai.engine import Engine
from controller.ai.heuristics import squash
from controller.ai.mcts import MctsConfig, Rewards
from controller.rules.base import Game, Variant
from controller.rules.drhombix.board import board
from controller.rules.drhombix.state import DrhombixState
from controller.rules.drhombix.variants import VARIANTS

PLIES = 30
MATERIAL = 0.5
HEIGHT = 0.1


def heuristic(state: DrhombixState) -> Rewards:
    v = VARIANTS[state.variant]
    b = board(v.options["board"])
    white, black = state.white, state.black
    material = (white.bit_count() + state.reserves[0]) - (black.bit_count() + state.reserves[1])
    height = 0
    for p, level in enumerate(b.level):
        if white >> p & 1:
            height += level
        elif black >> p & 1:
            height -= level
    p_white = squash(MATERIAL * material + HEIGHT * height)
    return {"w": p_white, "b": 1.0 - p_white}


def config(game: Game[Any, Any], variant: Variant) -> MctsConfig:
    return MctsConfig("mcts", playout_plies=PLIES, heuristic=heuristic)


def value(state: DrhombixState, seat: str) -> float:
    """The same material and height, unsquashed, for ``seat`` (alpha-beta's evaluation)."""
    b = board(VARIANTS[state.variant].options["board"])
    white, black = state.white, state.black
    material = (white.bit_count() + state.reserves[0]) - (black.bit_count() + state.reserves[1])
    height = sum(level for p, level in enumerate(b.level) if white >> p & 1) \
        - sum(level for p, level in enumerate(b.level) if black >> p & 1)
    v = MATERIAL * material + HEIGHT * height
    return v if seat == "w" else -v


def captures_first(state: DrhombixState, move: Any) -> int:
    """Alpha-beta's move order: a move that captures before one that does not."""
    return 0 if getattr(move, "capture", None) is not None else 1


def engine(game: Game[Any, Any], variant: Variant) -> Engine | None:
    """DRHOMBIX's engine (its manifest's ``engine``).

    * The ant game: the perfect-play solver (``ant``).
    * The cuckoo game with sandwich captures: alpha-beta over the rules contract
      (``negamax``: the compiled core's techniques, iterative deepening, PVS, a transposition
      table, captures first, killers and history) with the material-and-height evaluation; it
      beat the MCTS it replaced 35 of 40 games on the square board and 34-38 of 40 on the
      triangle (0.2 s a move).
    * Without sandwich captures material hardly moves, the evaluation says little, and
      alpha-beta lost games to a random player on the square board (8 and 9 of 10 won):
      those variants keep MCTS with ``config`` (``None``), whose playouts read the race to
      the apex.
    """
    if variant.options.get("game") == "ant":
        from controller.ai.ant import AntSolver
        return AntSolver()
    if variant.options.get("sandwich"):
        from controller.ai.negamax import Negamax
        return Negamax(value, captures_first)
    return None
