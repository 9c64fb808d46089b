"""Matches across games: each game's points per seat, and who starts the next game."""

from __future__ import annotations

from controller.rules import find_game
from controller.rules.base import Resign
from controller.rules.capabilities import match_points, next_match_game
from controller.rules.series import GameScore, Series, SeriesRule


def test_by_default_a_sides_score_goes_to_each_of_its_seats():
    g = find_game("abalone")
    from tests.controller.rules.abalone_positions import position
    s = position({"A1": "b", "I9": "w", "A3": "r", "I7": "g"}, variant="four-player",
                 lost=(0, 3, 0, 2), pushed=(2, 0, 3, 0))
    assert match_points(g, s) == {"b": 5, "r": 5, "w": 0, "g": 0}  # team b+r pushed off 5


def test_crosswise_credits_each_teams_lines_to_its_players():
    g = find_game("crosswise")
    s = g.parse_board("514122\n534134\n636666\n624531\n532431\n531426", "four-player")
    assert match_points(g, s) == {"green-1": 24, "orange-1": 22, "green-2": 24, "orange-2": 22}


def test_in_rhombus_the_winner_deals_the_next_game():
    g = find_game("rhombus")
    first = g.setup("two-player", seed=3)
    assert g.to_move(first) == "r"
    red_won = g.apply(first, Resign("b"))
    assert g.to_move(next_match_game(g, red_won, "two-player", 4)) == "b"  # red deals
    blue_won = g.apply(first, Resign("r"))
    assert g.to_move(next_match_game(g, blue_won, "two-player", 4)) == "r"
    four = g.setup("four-player", seed=3)
    yellow_won = g.apply(four, Resign("r"))  # r's team loses: y and g win
    nxt = next_match_game(g, yellow_won, "four-player", 5)
    assert g.to_move(nxt) == g.seats(nxt)[(g.seats(nxt).index("y") + 1) % 4]


def test_a_series_decides_by_wins_or_by_points():
    match = Series(SeriesRule.parse("match 2"))
    match = match.add(GameScore((("b", 6), ("w", 2)), frozenset({"b"})))
    match = match.add(GameScore((("b", 1), ("w", 6)), frozenset({"w"})))
    assert match.outcome() is None and match.wins() == {"b": 1, "w": 1}
    match = match.add(GameScore((("b", 6), ("w", 5)), frozenset({"b"})))
    assert match.outcome().winners == ("b",)
    points = Series(SeriesRule.parse("sumof 2"))
    points = points.add(GameScore((("b", 6), ("w", 2)), frozenset({"b"})))
    points = points.add(GameScore((("b", 0), ("w", 6)), frozenset({"w"})))
    assert points.totals() == {"b": 6, "w": 8} and points.outcome().winners == ("w",)
