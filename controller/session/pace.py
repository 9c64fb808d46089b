"""Each player's pace: how long a move that could still grow waits for its next piece.

A move that could grow (the first marble of a broadside) is provisional until the settle
time passes without another piece.  The time follows the player: the session notes each
pause between two changes of a move played, per seat, and the settle time is about
``settle_factor`` times that seat's median pause, between ``settle_min`` and ``settle_max``;
until three pauses are known, ``settle``.
"""

from __future__ import annotations

import statistics
from collections import deque


class Pace:
    def __init__(self, settle: float, settle_min: float, settle_max: float,
                 settle_factor: float) -> None:
        self.settle, self.settle_min, self.settle_max = settle, settle_min, settle_max
        self.settle_factor = settle_factor
        self.pauses: dict[str, deque[float]] = {}

    def note(self, seat: str | None, gap: float) -> None:
        """A pause of ``gap`` seconds between two changes while ``seat`` moved (a longer one
        than the longest wait is no pace: the player stopped to think)."""
        if seat is not None and gap < self.settle_max:
            self.pauses.setdefault(seat, deque(maxlen=24)).append(gap)

    def settle_time(self, seat: str | None) -> float:
        """How long an extendable move of ``seat``'s waits."""
        pauses = self.pauses.get(seat or "")
        if not pauses or len(pauses) < 3:
            return self.settle
        guess = self.settle_factor * statistics.median(pauses)
        return min(self.settle_max, max(self.settle_min, guess))
