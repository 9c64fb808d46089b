"""The frozen baseline stays frozen: it is the pure-Python Abalone engine, and that engine's
modules are as they were when it became the yardstick (behaviourally the engine of commit
845861d; only dead code has left them since)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from boardlight.bench.abalone_baseline import FrozenAlphaBeta
from controller.ai import Budget
from controller.ai.alphabeta import AlphaBeta
from controller.rules.abalone import ABALONE

AI = Path(__file__).resolve().parents[3] / "controller" / "ai"
FROZEN = "4ae5e50fd1ea1405b0543914d09fdb6850fcdf7d8ddc41d0b6c9cd9ef642b728"


def test_the_baseline_engines_modules_are_unchanged():
    digest = hashlib.sha256()
    for name in ("alphabeta.py", "abalone_eval.py", "abalone_moves.py"):
        digest.update((AI / name).read_bytes())
    assert digest.hexdigest() == FROZEN, (
        "controller/ai/alphabeta.py, abalone_eval.py or abalone_moves.py changed: they are "
        "the benchmark's frozen baseline; copy them as they were into "
        "boardlight/bench/abalone_baseline.py first, then change them")


def test_the_baseline_plays_as_the_python_engine_under_its_own_name():
    state = ABALONE.setup("standard")
    budget = Budget(60, seed=3, nodes=1500)
    a = FrozenAlphaBeta().think(ABALONE, state, "b", budget)
    b = AlphaBeta().think(ABALONE, state, "b", budget)
    assert (a.move, a.nodes, a.depth, a.score) == (b.move, b.nodes, b.depth, b.score)
    assert (a.engine, b.engine) == ("baseline", "alphabeta")
