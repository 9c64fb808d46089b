"""The compiled Abalone core's benchmark figures and its tuning script, on a tiny scale."""

from __future__ import annotations

from boardlight.bench import abalone_tuning as tuning
from boardlight.bench.ai_core import core_figures, middlegame_positions
from controller.ai.abalone_core import core
from controller.ai.levels import Level
from controller.rules.abalone import ABALONE


def test_middlegame_positions_are_reproducible_and_running():
    first = middlegame_positions(2, seed=4, nodes=300)
    assert first == middlegame_positions(2, seed=4, nodes=300)
    assert all(ABALONE.outcome(s) is None for s in first)
    assert {s.variant for s in first} == {"standard", "belgian-daisy"}


def test_the_core_figures_are_printed_line_by_line():
    lines: list[str] = []
    core_figures(lines.append, positions=1, seconds=0.05, to_depth=2,
                 levels=[Level("club", 0.05, "")])
    assert lines[0].startswith("the compiled Abalone core")
    assert "core" in lines[1] and "baseline" in lines[1] and "nodes/s" in lines[1]
    assert lines[2].startswith("depth at club (0.05 s a move)") and "target 8" in lines[2]
    assert lines[3].startswith("1 thread:") and "load" in lines[3]


def test_self_play_games_give_positions_and_results_to_fit():
    games = [tuning.play_game(k, seed=2, nodes=150) for k in range(3)]
    for game in games:
        assert game.result in (0.0, 0.5, 1.0) and len(game.positions) > tuning.SKIP
        assert tuning.Game.from_json(game.to_json()) == game
    xs, ys = tuning.samples(games)
    assert len(xs) == len(ys) == sum(len(g.positions) - tuning.SKIP - 1 for g in games)
    assert len(xs[0]) == len(core().FEATURES)


def test_the_fit_recovers_the_weights_that_made_the_results():
    # Results drawn from a known logistic model of two features come back to its weights.
    import random

    rng = random.Random(1)
    truth = [0.8, -0.3]
    xs, ys = [], []
    for _ in range(4000):
        x = (rng.randint(-3, 3), rng.randint(-5, 5))
        p = tuning._sigmoid(truth[0] * x[0] + truth[1] * x[1])
        xs.append(x)
        ys.append(1.0 if rng.random() < p else 0.0)
    beta = tuning.fit(xs, ys, l2=0.0)
    assert abs(beta[0] - 0.8) < 0.1 and abs(beta[1] + 0.3) < 0.05
    assert tuning.scaled(beta)[0] == 1000
    assert tuning.log_loss(xs, ys, beta) < tuning.log_loss(xs, ys, [0.0, 0.0])
