"""Series of games: ``match X`` (first to X wins) and ``sumof X`` (most points in X games)."""

from __future__ import annotations

import pytest

from controller.errors import BoardError, ParseError
from controller.rules.base import Outcome, Termination
from controller.rules.crosswise import CROSSWISE as G
from controller.rules.crosswise.series import GameScore, Series, SeriesRule, game_score
from tests.controller.rules.crosswise_positions import play, position


def won(winner: str, points: dict[str, int]) -> GameScore:
    return GameScore(tuple(points.items()), frozenset({winner} if winner else ()))


def test_series_options_read_and_write():
    assert SeriesRule.parse("match 3") == SeriesRule("match", 3)
    assert SeriesRule.parse(" SUMOF  5 ").text() == "sumof 5"
    for bad in ("match", "best 3", "match three", "sumof 0"):
        with pytest.raises(ParseError, match="match X"):
            SeriesRule.parse(bad)


def test_a_match_ends_when_a_player_has_won_x_games():
    series = Series(SeriesRule("match", 2))
    series = series.add(won("green", {"green": 20, "orange": 25}))
    series = series.add(won("", {"green": 22, "orange": 22}))       # a draw counts for nobody
    assert series.outcome() is None and series.wins() == {"green": 1, "orange": 0}
    series = series.add(won("orange", {"green": 10, "orange": 30}))
    assert series.outcome() is None
    series = series.add(won("green", {"green": 12, "orange": 40}))
    outcome = series.outcome()
    assert outcome == Outcome.of(("green",), Termination.SERIES_WON, n=2)
    with pytest.raises(BoardError, match="the series is over"):
        series.add(won("orange", {"green": 0, "orange": 1}))


def test_a_sum_of_x_games_goes_to_the_most_points():
    series = Series(SeriesRule("sumof", 2))
    series = series.add(won("green", {"green": 30, "orange": 20}))
    assert series.outcome() is None
    series = series.add(won("orange", {"green": 15, "orange": 28}))
    assert series.totals() == {"green": 45, "orange": 48}
    assert series.outcome().winners == ("orange",)   # fewer games won, more points


def test_equal_sums_draw_the_match():
    series = Series(SeriesRule("sumof", 1)).add(won("", {"green": 22, "orange": 22}))
    assert series.outcome().is_draw
    assert series.to_json()["outcome"]["draw"] is True


def test_partners_share_their_team_points_and_wins():
    s = position("....../....../....../....../....../22222.",
                 hands=("1345", "2134", "1345", "1356"), variant="four-player",
                 to_move="orange-1")
    done = play(s, "2f1")
    score = game_score(done, G.outcome(done), {"green-1": "Ann", "orange-1": "Bob",
                                               "green-2": "Cem", "orange-2": "Dee"})
    assert score.winners == {"Ann", "Cem"}
    # Green's row of six 2s counts 9; orange's columns hold nothing repeated.
    assert dict(score.points) == {"Ann": 9, "Bob": 0, "Cem": 9, "Dee": 0}
    series = Series(SeriesRule("match", 1)).add(score)
    assert set(series.outcome().winners) == {"Ann", "Cem"}


def test_a_resigned_game_counts_the_board_as_it_stands():
    s = position("....../....../....../....../....../33....", hands=("1245", "1256"))
    done = G.apply(s, G.parse_move(s, "resign green"))
    score = game_score(done, G.outcome(done))
    assert dict(score.points) == {"green": 1, "orange": 0}
    assert score.winners == {"orange"} and isinstance(G.outcome(done), Outcome)


def test_an_unfinished_game_has_points_and_no_winner():
    s = position("....../....../....../....../....../33....", hands=("1245", "1256"))
    score = game_score(s, G.outcome(s))
    assert dict(score.points) == {"green": 1, "orange": 0} and score.winners == frozenset()
    assert G.match_points(s) == {"green": 1, "orange": 0}
