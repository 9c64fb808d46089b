"""The match a game is part of: the series so far, and the counting of each game that ends.

A series (``controller.rules.series``) is a value: counting a game makes the next one.  The
session holds its game's ``Match``; when the game ends the match counts it (its players named
by seat, with the game's match points), once, while the series is undecided.  The service
hands the match on to the next game of the series (``boardlight.service``); the snapshot
shows the series as it stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from controller.rules.base import Game, Outcome
from controller.rules.capabilities import match_points
from controller.rules.series import GameScore, Series


@dataclass
class Match:
    series: Series | None = None  # None: the game is no part of a match

    @property
    def undecided(self) -> bool:
        """A series is running and nobody has won it yet: its next game counts."""
        return self.series is not None and self.series.outcome() is None

    def count(self, game: Game[Any, Any], state: Any, outcome: Outcome) -> None:
        """The game that ended in ``state`` counts towards the series, if it is undecided."""
        series = self.series
        if series is not None and series.outcome() is None:
            points = match_points(game, state)
            self.series = series.add(GameScore(tuple(points.items()),
                                               frozenset(outcome.winners)))
