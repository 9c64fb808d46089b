"""The frozen baseline: the two-player Abalone engine as it stood before the compiled core
(commit 845861d, 2026-11-28), so that ``boardlight bench ai`` measures every new engine
against the same opponent.  Do not improve it: it is a yardstick.

It is the pure-Python alpha-beta (``controller/ai/alphabeta.py`` with ``abalone_eval.py`` and
``abalone_moves.py``), which still plays where the core is not built and is kept as it was:
negamax with iterative deepening, a transposition table keyed on the position, the table's
move, push-offs and the history heuristic for ordering, a quiescence search over push-offs;
the evaluation's hand-set weights.  ``tests/boardlight/bench/test_abalone_baseline.py``
fails when those modules change: copy them here, as they were, before changing them.
"""

from __future__ import annotations

from controller.ai.alphabeta import AlphaBeta


class FrozenAlphaBeta(AlphaBeta):
    """The two-player Abalone engine of 2026-11-28 (pure Python)."""

    name = "baseline"
