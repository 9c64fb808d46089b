"""Crosswise's side of a series: a finished game's points (``match X`` / ``sumof X``).

The series itself (``SeriesRule``, ``GameScore``, ``Series``) is game-independent and lives in
``controller.rules.series``; Crosswise credits each team's line totals on the final board to
every player of the team (a line of six, which ended its game at once, counts 9: see
``scoring``).
"""

from __future__ import annotations

from collections.abc import Mapping

from controller.rules.base import Outcome
from controller.rules.crosswise.scoring import totals
from controller.rules.crosswise.state import CrosswiseState, seating
from controller.rules.series import KINDS, GameScore, Series, SeriesRule

__all__ = ["KINDS", "GameScore", "Series", "SeriesRule", "game_score"]


def game_score(state: CrosswiseState, outcome: Outcome | None,
               players: Mapping[str, str] | None = None) -> GameScore:
    """The score a game adds to a series (``outcome``: the game's outcome; None for a game
    not finished, which has no winners yet)."""
    seats = seating(state.variant)
    names = {s: (players or {}).get(s, s) for s in seats.seats}
    green, orange = totals(state.board)
    team_points = {"green": green, "orange": orange}
    points = tuple((names[s], team_points[team]) for s, team in zip(seats.seats, seats.team))
    return GameScore(points, frozenset(names[s] for s in (outcome.winners if outcome else ())))
