"""Series of games (a match): first to X won games, or the most points after X games.

* ``match X``: games are played until a player has won X of them; that player (with any
  partner who reached X in the same game) wins the match.  A drawn game counts for nobody.
* ``sumof X``: X games are played; the highest sum of points over all games wins the match.
  Everyone sharing the highest sum wins; when everyone shares it, the match is drawn.

A game's points come from ``capabilities.match_points``: the game's own when it has
``ScoresMatches.match_points`` (Crosswise: its team's line totals, credited to every player of
the team), else the scores of its view.  Players are named by the caller, so that a series
survives players changing seats between games.  The table keeps a series running across new games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from controller.errors import BoardError, ParseError
from controller.rules.base import Outcome, Termination

Kind = Literal["match", "sumof"]
KINDS: tuple[Kind, ...] = ("match", "sumof")


@dataclass(frozen=True, slots=True)
class SeriesRule:
    """``match X`` (first to X wins) or ``sumof X`` (most points after X games)."""

    kind: Kind
    target: int

    def __post_init__(self) -> None:
        if self.kind not in KINDS or self.target < 1:
            raise ParseError(f"a series is 'match X' or 'sumof X' with X of 1 or more; "
                             f"got {self.kind!r} {self.target!r}")

    @classmethod
    def parse(cls, text: str) -> SeriesRule:
        words = text.split()
        if len(words) != 2 or words[0].lower() not in KINDS or not words[1].isdigit():
            raise ParseError(f"{text!r} is no series option: write 'match X' (the first to win "
                             "X games wins) or 'sumof X' (the most points after X games)")
        kind = next(k for k in KINDS if k == words[0].lower())
        return cls(kind, int(words[1]))

    def text(self) -> str:
        return f"{self.kind} {self.target}"


@dataclass(frozen=True, slots=True)
class GameScore:
    """One finished game as a series counts it: points and wins per player."""

    points: tuple[tuple[str, int], ...]   # (player, points), in seat order
    winners: frozenset[str]


@dataclass(frozen=True, slots=True)
class Series:
    rule: SeriesRule
    games: tuple[GameScore, ...] = ()

    def add(self, game: GameScore) -> Series:
        """The series with one more finished game; refused once the series is decided."""
        done = self.outcome()
        if done is not None:
            raise BoardError("the series is over; start a new one")
        return Series(self.rule, (*self.games, game))

    def players(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(p for g in self.games for p, _ in g.points))

    def wins(self) -> dict[str, int]:
        return {p: sum(p in g.winners for g in self.games) for p in self.players()}

    def totals(self) -> dict[str, int]:
        out = dict.fromkeys(self.players(), 0)
        for g in self.games:
            for p, n in g.points:
                out[p] += n
        return out

    def outcome(self) -> Outcome | None:
        """``None`` while the series goes on; else who won it (nobody: a drawn series)."""
        if self.rule.kind == "match":
            wins = self.wins()
            top = [p for p, n in wins.items() if n >= self.rule.target]
            if not top:
                return None
            return Outcome.of(top, Termination.SERIES_WON, n=self.rule.target)
        if len(self.games) < self.rule.target:
            return None
        sums = self.totals()
        best = max(sums.values(), default=0)
        top = [p for p, n in sums.items() if n == best]
        if len(top) == len(sums):
            return Outcome.of((), Termination.SERIES_TIED, n=best, games=len(self.games))
        return Outcome.of(top, Termination.SERIES_POINTS, n=best, games=len(self.games))

    def to_json(self) -> dict[str, Any]:
        done = self.outcome()
        return {"rule": self.rule.text(), "games": len(self.games), "wins": self.wins(),
                "totals": self.totals(), "outcome": done.to_json() if done else None}
