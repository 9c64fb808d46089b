"""The DRHOMBIX ant-game solver's speed: a cold search of each board
(``boardlight bench solver``)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from controller.rules.drhombix.solver import AntSolver


@dataclass(frozen=True, slots=True)
class SolverFigure:
    variant: str
    winner: str          # "first" or "second": who wins from the start
    seconds: float       # a cold search: an empty table, best of the runs
    positions: int       # masks in the table after the search (symmetric ones counted once)
    symmetry: bool

    def line(self) -> str:
        return (f"{self.variant}: {self.winner} player wins; {self.positions:,} positions "
                f"solved in {self.seconds * 1000:,.1f} ms"
                f"{' (symmetry reduction)' if self.symmetry else ' (no symmetry reduction)'}")


def solver_figures(shapes: Sequence[str] = ("square", "triangle"), repeat: int = 1,
                   use_symmetry: bool = True) -> list[SolverFigure]:
    """Solve each board's ant game from the start with an empty table, ``repeat`` times, and
    report the best time (for ``boardlight bench solver`` and docs/benchmarks.md)."""
    out = []
    for shape in shapes:
        best, winner, size = float("inf"), "", 0
        for _ in range(max(1, repeat)):
            s = AntSolver(shape, use_symmetry)
            start = time.perf_counter()
            first_wins = s.wins(s.board.full)
            best = min(best, time.perf_counter() - start)
            winner, size = ("first" if first_wins else "second"), len(s.memo)
        out.append(SolverFigure(f"ant-{shape}", winner, best, size, use_symmetry))
    return out
