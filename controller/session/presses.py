"""What an end-turn press means: the board's button, or the mover's phone.

A press ends what the board shows: it says yes to a take-back offered (when the yes is the
other side's: ``Phones.consents``), commits a provisional move, or, where the board shows
more than one move, asks the mover's phone at once and is refused.  A press that comes while
the last piece of a move is still settling on its sensor (the debouncer has not accepted it)
is held: it is decided once that reading is in, or after ``hold`` seconds, and ends that
reading and nothing later (never the next player's first touch).  A press that ends nothing
is refused in the terms of what the board shows; after a move the sensors took, it is still
the mover's word that the move is done, so the sensors may no longer amend it.

Like ``Phones``, ``Presses`` answers with what the session does next (``phones.Want``) and
never calls into the session.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from controller.rules.base import Game
from controller.session.messages import Refusal, refusal
from controller.session.mode import Mode
from controller.session.phones import Commit, Phones, Position, TakeBack, Want
from controller.session.prompts import steps_message
from controller.session.turn import Asking, InProgress, Provisional, TakebackOffered, Turn


@dataclass(frozen=True, slots=True)
class Hands:
    """What the hands are doing, as a press is judged."""

    touched: bool             # they touched the board since the last commit
    landing: bool             # a piece changed and its sensor has not settled yet
    off: Callable[[], bool]   # the board reads other than the committed position


class Presses:
    def __init__(self, game: Game[Any, Any], turn: Turn, phones: Phones, hold: float) -> None:
        self.game = game
        self.turn = turn
        self.phones = phones
        self.hold = hold
        # A press waiting for the reading of a piece still settling: when, and whose (None:
        # the board's button).
        self.held: tuple[float, str | None] | None = None

    @property
    def deadline(self) -> float | None:
        """When a held press is decided, if the reading it waits for has not come."""
        return self.held[0] + self.hold if self.held is not None else None

    def press(self, now: Position, hands: Hands, t: float, seat: str | None) -> Want:
        """What a press at ``t`` does (``seat`` None: the board's button); a ``Refusal``
        when it ends nothing."""
        if now.mode is not Mode.PLAYING:
            raise refusal("end.not-playing", mode=now.mode.value)
        phase = self.turn.phase
        if isinstance(phase, TakebackOffered):
            # The board's button is the table's "yes" when no phone of the other side is
            # joined; a phone's end-turn is that seat's.
            self.phones.consents(now, phase, seat)
            return TakeBack(phase.ply)
        if isinstance(phase, Provisional):
            return Commit(phase.footprint, "end-turn")
        if isinstance(phase, Asking):
            # Asked at once, whether or not the hand can make what the board shows: the
            # press and its answer are public, so they follow what the table sees (``shown``)
            # and never the hand (the phone alone hears that it cannot).
            self.turn.phase = dataclasses.replace(phase, ask_at=None)
            raise refusal("end.ambiguous")
        if hands.touched and hands.landing and self.held is None:
            # The last piece went down a moment ago and its sensor has not settled: the press
            # ends the reading that is landing, and nothing later (only a reading the player
            # saw when pressing is theirs to confirm).
            self.held = (t, seat)
            return None
        raise self._nothing_to_end(now, hands, seat)

    def settled(self, now: Position, hands: Hands) -> Want:
        """The reading a held press was waiting for is in (or it did not come in time)."""
        assert self.held is not None
        seat = self.held[1]
        self.held = None
        phase = self.turn.phase
        if now.mode is Mode.PLAYING and isinstance(phase, Provisional):
            return Commit(phase.footprint, "end-turn")
        if now.mode is Mode.PLAYING and isinstance(phase, Asking):
            self.turn.phase = dataclasses.replace(phase, ask_at=None)
            return None
        raise self._nothing_to_end(now, hands, seat)

    def _nothing_to_end(self, now: Position, hands: Hands, seat: str | None) -> Refusal:
        """Why a press ends nothing, in the terms of what the board shows.  A press after the
        sensors took the move (the board's button, or the mover's phone) is the mover's word
        that the move is done: the sensors may no longer amend it (the next player's first
        touch would otherwise read as the mover taking back part of a move, when it pushes
        the piece the mover just put down)."""
        phase = self.turn.phase
        if isinstance(phase, InProgress) and phase.steps and now.to_move is not None:
            # What the board waits for, said to whoever pressed (a nest capture still owed).
            return refusal("end.steps-left", left=steps_message(self.game, now.to_move,
                                                                 phase.steps))
        if hands.off():
            return refusal("end.nothing-yet")
        if hands.touched or now.last_ply is None:
            return refusal("end.nothing-first")
        last = self.turn.last
        if last is not None and (seat is None or seat == last.seat):
            self.turn.last = None
        return refusal("end.nothing-taken")
