"""Per-player game clocks, driven by the session's event times (so simulated time works).

A time control gives every seat ``initial`` seconds and adds ``increment`` after each of its
moves (Fischer).  The clock of the seat to move runs; a commit switches it.  It pauses while
the board is disconnected (nobody's fault) and stops when the game ends.  A seat whose time
runs out loses on time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from controller.errors import BoardError


@dataclass(frozen=True)
class TimeControl:
    initial: float
    increment: float = 0.0

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None) -> TimeControl | None:
        if not options:
            return None
        try:
            initial = float(options["initial"])
            increment = float(options.get("increment", 0))
        except (KeyError, TypeError, ValueError):
            raise BoardError("a time control needs 'initial' seconds and may have "
                             "'increment' seconds, both numbers") from None
        if initial <= 0 or increment < 0:
            raise BoardError("a time control needs initial > 0 and increment >= 0 seconds")
        return cls(initial, increment)

    def describe(self) -> str:
        minutes = self.initial / 60
        base = f"{minutes:g} min" if self.initial % 60 == 0 else f"{self.initial:g} s"
        return base + (f" + {self.increment:g} s per move" if self.increment else "")


class Clocks:
    def __init__(self, seats: tuple[str, ...], control: TimeControl) -> None:
        self.control = control
        self.left: dict[str, float] = {s: control.initial for s in seats}
        self.running: str | None = None
        self.since = 0.0

    @classmethod
    def of(cls, seats: tuple[str, ...], control: TimeControl | str | None,
           variant: Mapping[str, Any] | None) -> Clocks | None:
        """A game's clocks: for ``control``, or for the variant's own time control
        (``variant``: its ``clock`` option) when ``control`` is ``"variant"``; None: the game
        is untimed."""
        if control == "variant":
            control = TimeControl.from_options(variant)
        return cls(seats, control) if isinstance(control, TimeControl) else None

    def restore(self, stored: Mapping[str, Any]) -> None:
        """Go on from the times stored with a game's last move (``stored["left"]``)."""
        for seat, left in stored.get("left", {}).items():
            if seat in self.left:
                self.left[seat] = float(left)

    def start(self, seat: str | None, t: float) -> None:
        """Run ``seat``'s clock from ``t`` (stopping whichever ran)."""
        self.stop(t)
        self.running = seat
        self.since = t

    def stop(self, t: float) -> None:
        if self.running is not None:
            self.left[self.running] -= max(0.0, t - self.since)
            self.running = None

    def moved(self, seat: str, next_seat: str | None, t: float) -> None:
        """``seat`` completed a move at ``t``: add its increment, run the next clock."""
        self.stop(t)
        if seat in self.left:
            self.left[seat] += self.control.increment
        self.start(next_seat, t)

    def amend(self, seat: str, committed_at: float, t: float) -> None:
        """A provisional commit at ``committed_at`` was extended by ``seat`` until ``t``: that
        time was ``seat``'s, not the next player's, whose clock has been running since."""
        nxt = self.running
        self.stop(t)
        spent = max(0.0, t - committed_at)
        if nxt is not None and nxt != seat:
            self.left[nxt] += spent
        self.left[seat] -= spent
        self.start(nxt, t)

    def remaining(self, seat: str, t: float) -> float:
        left = self.left[seat]
        if seat == self.running:
            left -= max(0.0, t - self.since)
        return left

    def flagged(self, t: float) -> str | None:
        """The seat whose time has run out, if any."""
        if self.running is not None and self.remaining(self.running, t) <= 0:
            return self.running
        return None

    def deadline(self) -> float | None:
        """When the running clock falls."""
        if self.running is None:
            return None
        return self.since + self.left[self.running]

    def to_json(self, t: float) -> dict[str, Any]:
        return {"left": {s: round(max(0.0, self.remaining(s, t)), 3) for s in self.left},
                "running": self.running, "control": self.control.describe(),
                "initial": self.control.initial, "increment": self.control.increment}
