"""``bench_ai``: games are played whole, sides alternate, figures add up."""

from __future__ import annotations

from boardlight.bench.ai import (
    BASELINE_PLIES,
    FINISH_PLIES,
    Matchup,
    bench_ai,
    matchups,
    play_one,
    sides,
    summarise,
)
from controller.rules import find_game


def test_sides_group_partners():
    assert sides(find_game("crosswise"), "three-player") == [("green-1", "green-2"),
                                                             ("orange",)]
    assert sides(find_game("abalone"), "four-player") == [("b", "r"), ("w", "g")]
    assert sides(find_game("abalone"), "three-player") == [("b",), ("w",), ("r",)]


def test_one_game_is_played_to_the_end_and_the_computer_changes_sides():
    m = Matchup("drhombix", "ant-triangle", "random", 0.05)
    first, second = play_one(m, 0, seed=1), play_one(m, 1, seed=1)
    assert first.finished and second.finished
    assert first.engine == "solver" and first.moves > 0
    assert first.won  # the first player wins the triangle game, and plays it perfectly


def test_the_benchmark_reports_every_matchup():
    seen = []
    figures = bench_ai(2, 0.01, games=["drhombix"], processes=2, progress=seen.append)
    assert [f.matchup.variant for f in figures] == ["cuckoo-square", "cuckoo-triangle",
                                                    "ant-square", "ant-triangle"]
    assert sorted(f.matchup.variant for f in seen) == sorted(f.matchup.variant for f in figures)
    for f in figures:
        assert f.games == 2 and 0 <= f.wins <= 2
        assert f.matchup.label in f.line() and "target 95%" in f.line()


def test_abalone_is_also_played_against_the_greedy_player():
    labels = [m.label for m in matchups(0.2, 1.0, ["abalone"])]
    assert labels[-1] == "abalone standard vs greedy"
    assert [m.seconds for m in matchups(0.2, 1.0, ["abalone"])][-1] == 1.0


def test_every_variant_can_be_played_and_the_greedy_matchup_left_out():
    every = matchups(0.2, 1.0, ["plimus"], every_variant=True, greedy=False)
    assert [m.variant for m in every] == ["two-player", "two-player-extended", "four-player",
                                          "four-player-extended"]
    assert all(m.opponent == "random" for m in matchups(0.2, 1.0, ["abalone"], greedy=False))


def test_two_player_abalone_also_plays_the_frozen_baseline_on_both_layouts():
    labels = [m.label for m in matchups(0.2, 1.0, ["abalone"], greedy=False,
                                        baseline_seconds=1.0)]
    assert labels[-2:] == ["abalone standard vs baseline", "abalone belgian-daisy vs baseline"]
    assert not any(m.opponent == "baseline" for m in matchups(0.2, 1.0, ["abalone"]))


def test_a_game_against_the_baseline_is_scored_and_its_finish_counted():
    m = Matchup("abalone", "belgian-daisy", "baseline", 0.02)
    result = play_one(m, 0, seed=3)
    assert result.engine == "core" and result.plies <= BASELINE_PLIES
    figure = summarise(m, [result])
    assert figure.score == (1.0 if result.won else 0.5 if not result.finished else 0.0)
    assert figure.quick_wins == (result.won and result.plies <= FINISH_PLIES)
    assert "scored" in figure.line() and "within 200 plies" in figure.line()


def test_drhombix_cuckoo_also_plays_the_mcts_it_had_before():
    labels = [m.label for m in matchups(0.2, 1.0, ["drhombix"], previous=True)]
    assert labels[-2:] == ["drhombix cuckoo-square vs mcts", "drhombix cuckoo-triangle vs mcts"]
    assert not any(m.opponent == "mcts" for m in matchups(0.2, 1.0, ["drhombix"]))
    m = Matchup("drhombix", "cuckoo-triangle", "mcts", 0.02)
    result = play_one(m, 1, seed=2)
    assert result.finished and result.engine == "negamax" and result.moves > 0
    figure = summarise(m, [result])
    assert "target 75%" in figure.line() and figure.met == result.won
