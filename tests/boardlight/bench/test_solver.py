"""``boardlight bench solver``: a cold search of each board's ant game."""

from __future__ import annotations

from boardlight.bench.solver import solver_figures


def test_solver_figures_measure_a_cold_search_of_both_boards():
    figures = solver_figures(repeat=1)
    assert [(f.variant, f.winner) for f in figures] == [("ant-square", "second"),
                                                        ("ant-triangle", "first")]
    for f in figures:
        assert f.seconds > 0 and f.positions > 100 and f.symmetry
        assert f.line().startswith(f"{f.variant}: {f.winner} player wins; ")
