"""The DRHOMBIX ant game: perfect play by the rules package's solver.

``controller.rules.drhombix.solver`` solves the ant game exactly (a memoised search over the
masks of occupied positions, symmetries folded).  From a winning position it plays a winning
move; from a losing one the move that leaves the opponent the fewest winning replies, the
hardest for a fallible opponent to find.  A cold table costs about 0.15 s on the square board
on the development machine (once per process: the table is shared); ``prepare`` fills it
ahead of the first move.
"""

from __future__ import annotations

from typing import Any

from controller.ai.budget import Budget
from controller.ai.engine import Decision, begin
from controller.rules.base import Game, Seat, Variant
from controller.rules.drhombix.solver import computer_move, solver
from controller.rules.drhombix.variants import VARIANTS


class AntSolver:
    name = "solver"

    def think(self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget) -> Decision:
        deadline, _, seen = begin(game, state, seat, budget)  # the ant game hides nothing
        del state
        shape = VARIANTS[seen.variant].options["board"]
        table = solver(shape)
        before = len(table.memo)
        move = computer_move(seen)
        wins = table.wins(seen.occupied)
        return Decision(move, self.name, len(table.memo) - before, deadline.elapsed(),
                        score=1.0 if wins else 0.0)


def prepare_ant(variant: str) -> None:
    """Solve the board's start position, so that the first move is instant."""
    shape = VARIANTS[variant].options["board"]
    table = solver(shape)
    table.wins(table.board.full)


def prepare(game: Game[Any, Any], variant: Variant) -> None:
    """Solve the ant game's variant before the first move (the manifest's ``prepare``)."""
    if variant.options.get("game") == "ant":
        prepare_ant(variant.name)
