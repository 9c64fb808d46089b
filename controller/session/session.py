"""The game session: sensor evidence and phone choices in, moves, words and lights out.

One thread owns a session (``controller.session.runner``); everything reaches it as an event
with a timestamp, and every timer runs on those timestamps, so a simulated clock drives it
exactly like the real one.  The session itself is timers and routing:

* what a reading means is ``judge`` (a pure function, ``controller.session.judge``);
* the turn's phase is one value (``controller.session.turn``), changed only by the verdicts,
  the timers, the buttons and the phones (docs/session.md: the state diagram);
* what the LEDs show and what the pages are told are derived from the state after every event
  (``picture``, ``prompts``), and only what changed goes out.

Nothing is committed that the board does not show (or the phone does not declare, for moves
no sensor can see): a ghost move is the worst bug this product can have.
"""

from __future__ import annotations

import dataclasses
import logging
import statistics
from collections import deque
from dataclasses import dataclass
from typing import Any

from controller.errors import BoardError
from controller.physical import BoardSpec, Light, Value
from controller.rules.base import AgreeDraw, Game, Resign, TimeForfeit
from controller.rules.capabilities import hand_hidden, lit_positions
from controller.session import judge as J
from controller.session.clock import Clocks, TimeControl
from controller.session.correction import Pair, pair_up, wrong_positions
from controller.session.debounce import Debouncer
from controller.session.events import (
    BoardStatus,
    ButtonPress,
    Committed,
    ComputerMove,
    Correction,
    GameOver,
    How,
    InEvent,
    LedsShown,
    LinkStatus,
    OutEvent,
    PhoneAction,
    PhonesJoined,
    Prompt,
    RawScan,
    Rejected,
    StableChanges,
    StableScan,
    TakenBack,
    Tick,
)
from controller.session.footprints import Footprint
from controller.session.messages import Message, Refusal, refusal
from controller.session.moves import Moves, moves_of
from controller.session.phones import PhoneActions
from controller.session.picture import Mode, Scene, picture
from controller.session.prompts import (
    PromptKind,
    PromptScene,
    Standing,
    standing,
    steps_message,
)
from controller.session.turn import (
    Asking,
    Carrying,
    Correcting,
    Declarations,
    Evidence,
    Idle,
    InProgress,
    LastCommit,
    Phase,
    Provisional,
    TakebackOffered,
    Unmatched,
)

log = logging.getLogger(__name__)

__all__ = ["GameSession", "Mode", "SessionConfig"]


@dataclass(frozen=True)
class SessionConfig:
    settle: float = 1.0          # wait for an extendable move before the player's pace is known
    settle_min: float = 0.45
    settle_max: float = 2.5
    settle_factor: float = 2.5   # times the player's median pause between pieces
    grace: float = 1.2           # an unmatched, complete-looking board turns into correction
    stall: float = 2.0           # a move on its way with nothing changing: the table says why
    # A press while the last piece is still being debounced waits at most this long for it.
    end_turn_hold: float = 0.1
    takeback: J.TakebackMode = "ask"
    clock: TimeControl | str | None = "variant"  # a time control, None, or the variant's


@dataclass(frozen=True)
class Entry:
    """A committed move: the position before it, and the reading of that position."""

    state: Any
    footprint: Footprint
    seat: str
    reading: frozenset[tuple[str, Value]]
    said: Message  # what the move did (``Game.describe``), for people
    by_computer: bool = False  # the computer's choice, carried out by a human


class GameSession(PhoneActions):
    def __init__(self, game: Game[Any, Any], spec: BoardSpec, state: Any,
                 config: SessionConfig | None = None, resumed: bool = False) -> None:
        if spec.game != game.name:
            raise BoardError(f"board profile {spec.name!r} is for {spec.game}, not {game.name}")
        self.game = game
        self.spec = spec
        self.config = config or SessionConfig()
        self.state = state
        self.variant = game.variant_of(state).name
        self.geometry = game.geometry(self.variant)
        self.ply = 0
        self.history: list[Entry] = []
        self.mode = Mode.SETUP
        self.resumed = resumed  # a game picked up from the log: guide the board back to it
        self.debouncer = Debouncer(len(spec.sensors), spec.debounce_scans)
        self.reading: dict[str, Value] = {}
        self._index: Moves | None = None
        self.evidence = Evidence()
        self.phase: Phase = Idle()
        self.last: LastCommit | None = None  # the last move, while the sensors may amend it
        self.carrying: Carrying | None = None  # the computer's move, still being carried out
        self.declared: dict[str, Declarations] = {}
        self.draw_offers: list[str] = []
        self.phones: frozenset[str] = frozenset()  # the seats whose phone is joined
        # A press that came while the last piece of a move was still settling on its sensor
        # (the debouncer had not accepted it yet): decided once that reading is in.
        self.held_press: tuple[float, str | None] | None = None
        self.last_move: Footprint | None = None
        self.pauses: dict[str, deque[float]] = {}
        self.lights: dict[str, Light] = {}
        self._standing: dict[tuple[str | None, PromptKind], Standing] = {}
        self._pairs: tuple[Pair, ...] | None = None  # the correction last announced
        self._resume_mode = Mode.SETUP
        self._framed = False  # no frame sent yet: the first one goes out even if dark
        self._resync = False  # after a reconnect, judge the next full reading afresh
        self._at_rest = False  # the reading is the committed position's (just committed)
        control = self.config.clock
        if control == "variant":
            control = TimeControl.from_options(game.variant_of(state).options.get("clock"))
        self.clocks = (Clocks(game.seats(state), control)
                       if isinstance(control, TimeControl) else None)

    # ---- the committed position ------------------------------------------------------------

    @property
    def index(self) -> Moves:
        """The committed position's moves (``controller.session.moves``), built once per
        position: whatever sets ``state`` gets the moves of the new one."""
        if self._index is None or self._index.state is not self.state:
            self._index = moves_of(self.game, self.state, self.spec)
        return self._index

    def prepare(self) -> None:
        """Build what the next sensor change needs; the runner calls this when idle, so that
        the work stays off the path from a stable reading to the LED frame."""
        self.index.prepare()

    def restore(self, states: list[Any], moves: list[str], seats: list[str],
                clocks: dict[str, Any] | None = None, keep: int = 8) -> None:
        """Take up a game replayed from the log: ``states[k]`` is the position after ply k.
        The last ``keep`` moves get their footprints back, so a take-back works after a
        restart; clocks continue from the times stored with the last move."""
        self.state = states[-1]
        self.ply = len(moves)
        self.history = []
        for k in range(max(0, len(moves) - keep), len(moves)):
            idx = moves_of(self.game, states[k], self.spec)
            fp = idx.find(moves[k])
            if fp is not None:
                self.history.append(Entry(states[k], fp, seats[k],
                                          frozenset(idx.reading.items()),
                                          self.game.describe(states[k], fp.move)))
        self.last_move = self.history[-1].footprint if self.history else None
        if self.clocks and clocks:
            for seat, left in clocks.get("left", {}).items():
                if seat in self.clocks.left:
                    self.clocks.left[seat] = float(left)
        if self.game.outcome(self.state) is not None:
            self.mode = Mode.OVER

    @property
    def to_move(self) -> str | None:
        return self.game.to_move(self.state)

    @property
    def correction(self) -> tuple[Pair, ...] | None:
        """The pieces to move back, while correcting."""
        return self.phase.pairs if isinstance(self.phase, Correcting) else None

    @property
    def prompts(self) -> list[Prompt]:
        """The prompts standing now (what a page that just opened should show)."""
        return [Prompt(0.0, s.seat, s.kind, s.message, s.choices)
                for s in self._standing.values()]

    def clock_json(self, t: float) -> dict[str, Any] | None:
        """The clocks as the pages show them (None: the game is untimed)."""
        return self.clocks.to_json(t) if self.clocks else None

    # ---- time ------------------------------------------------------------------------------

    def next_deadline(self) -> float | None:
        phase, times = self.phase, []
        if isinstance(phase, Provisional):
            times.append(phase.deadline)
        if isinstance(phase, Asking) and phase.ask_at is not None:
            times.append(phase.ask_at)
        if isinstance(phase, Unmatched):
            times.append(phase.since + self.config.grace)
        if isinstance(phase, InProgress) and not phase.stalled:
            times.append(phase.since + self.config.stall)
        if self.clocks and self.mode is Mode.PLAYING and self.clocks.deadline() is not None:
            times.append(self.clocks.deadline())  # type: ignore[arg-type]
        if self.held_press is not None:
            times.append(self.held_press[0] + self.config.end_turn_hold)
        return min(times) if times else None

    def _timers(self, t: float, out: list[OutEvent]) -> None:
        if self.clocks and self.mode is Mode.PLAYING:
            fallen = self.clocks.flagged(t)
            if fallen is not None:
                self._finish_by(t, TimeForfeit(fallen), out)
                return
        if self.held_press is not None and t >= self.held_press[0] + self.config.end_turn_hold:
            self._press_settled(t, out)
        phase = self.phase
        if isinstance(phase, Asking) and phase.ask_at is not None and t >= phase.ask_at:
            self.phase = dataclasses.replace(phase, ask_at=None)
        elif (isinstance(phase, Provisional) and t >= phase.deadline
              and self.mode is Mode.PLAYING):
            self._commit(t, phase.footprint, "settle", out)
        elif (isinstance(phase, Unmatched) and t - phase.since >= self.config.grace
              and self.mode is Mode.PLAYING):
            self.phase = Correcting(self._pairs_now(phase.back_to), phase.back_to)
        elif isinstance(phase, InProgress) and not phase.stalled \
                and t - phase.since >= self.config.stall:
            self.phase = dataclasses.replace(phase, stalled=True)

    def settle_time(self, seat: str | None) -> float:
        """How long an extendable move waits: about 2.5 times this player's usual pause
        between pieces, between 0.45 and 2.5 seconds."""
        pauses = self.pauses.get(seat or "")
        if not pauses or len(pauses) < 3:
            return self.config.settle
        guess = self.config.settle_factor * statistics.median(pauses)
        return min(self.config.settle_max, max(self.config.settle_min, guess))

    # ---- events in -------------------------------------------------------------------------

    def handle(self, event: InEvent) -> list[OutEvent]:
        out: list[OutEvent] = []
        t = event.t
        if isinstance(event, RawScan):
            self._sensors(t, self.debouncer.feed(event.values), out)
        elif isinstance(event, StableScan):
            self._sensors(t, self.debouncer.force(event.values), out)
        elif isinstance(event, StableChanges):
            if self.debouncer.ready:
                full = list(self.debouncer.stable)
                for i, v in event.changes:
                    if 0 <= i < len(full):
                        full[i] = v
                self._sensors(t, self.debouncer.force(tuple(full)), out)  # type: ignore[arg-type]
        elif isinstance(event, ButtonPress):
            self._button(t, event.button, out)
        elif isinstance(event, PhoneAction):
            self._phone(t, event.seat, event.action, out)
        elif isinstance(event, LinkStatus):
            self._link(t, event, out)
        elif isinstance(event, ComputerMove):
            self._computer_move(t, event, out)
        elif isinstance(event, PhonesJoined):
            self.phones = frozenset(event.seats)
        elif not isinstance(event, Tick):
            raise TypeError(f"not a session event: {event!r}")
        self._timers(t, out)
        self._publish(t, out)
        return out

    def _sensors(self, t: float, changes: list[tuple[int, Value]], out: list[OutEvent]) -> None:
        if not self.debouncer.ready:
            return
        first = not self.reading
        for i, v in changes:
            pos = self.spec.sensors[i]
            if pos is None:
                continue
            self.reading[pos] = v
            self.evidence.touched.add(pos)
            self.evidence.order.append((t, pos, v))
        if changes:
            self._at_rest = False
        if changes and not first:
            last = self.evidence.last_change
            if last is not None and self.mode is Mode.PLAYING:
                self._note_pause(t - last)
            self.evidence.last_change = t
        carrying = self.carrying
        if first or changes or self._resync:
            self._resync = False
            self._evaluate(t, out)
        if carrying is not None and carrying is self.carrying:
            self._carried({p for i, _ in changes if (p := self.spec.sensors[i]) is not None})
        if self.held_press is not None and not self.debouncer.in_flight:
            self._press_settled(t, out)

    def _note_pause(self, gap: float) -> None:
        seat = self.to_move
        if seat is not None and gap < self.config.settle_max:
            self.pauses.setdefault(seat, deque(maxlen=24)).append(gap)

    def _link(self, t: float, event: LinkStatus, out: list[OutEvent]) -> None:
        if not event.connected:
            if self.mode is Mode.DISCONNECTED:
                return
            self._resume_mode = self.mode
            self.mode = Mode.DISCONNECTED
            if isinstance(self.phase, Provisional):
                self.phase = InProgress(since=t)
            if self.clocks:
                self.clocks.stop(t)  # a pulled cable is nobody's move
            out.append(BoardStatus(t, Mode.DISCONNECTED, event.detail))
            return
        if self.mode is Mode.DISCONNECTED:
            # The board may have changed while the link was down: wait for its full reading.
            self.mode = self._resume_mode
            self._resync = True
            if self.clocks and self.mode is Mode.PLAYING:
                self.clocks.start(self.to_move, t)
            out.append(BoardStatus(t, self.mode, event.detail or "board connected"))

    # ---- what a reading means --------------------------------------------------------------

    def _situation(self, t: float) -> J.Situation:
        seat = self.to_move
        return J.Situation(self.game, seat, self.declarations(seat),
                           hand_hidden(self.game, self.state), self.last,
                           tuple(e.reading for e in self.history), self.config.takeback, t,
                           self.config.settle_max)

    def _evaluate(self, t: float, out: list[OutEvent]) -> None:
        if self.mode is Mode.SETUP:
            self._set_up(t, out)
            return
        if self.mode is not Mode.PLAYING:
            return
        verdict = J.judge(self.index, self.reading, self.evidence, self._situation(t))
        phase = self.phase
        match verdict:
            case J.NoChange():
                self.phase = Idle()
            case J.Commit(fp, how):
                self._commit(t, fp, how, out)
            case J.Grows(fp):
                self.phase = Provisional(fp, t + self.settle_time(self.to_move))
            case J.Ambiguous(candidates, shown):
                same = (isinstance(phase, Asking)
                        and [f.text for f in phase.shown] == [f.text for f in shown])
                ask_at = phase.ask_at if same and isinstance(phase, Asking) else (
                    t + self.settle_time(self.to_move))
                self.phase = Asking(candidates, shown, ask_at)
            case J.Amend(fp):
                self._amend(t, fp, out)
            case J.Withdraw():
                log.info("ply %d: %s withdrawn (the board is back as before it)", self.ply,
                         self.history[-1].footprint.text)
                self._take_back(t, len(self.history) - 1, out)
            case J.Takeback(ply):
                if self.config.takeback == "auto":
                    self._take_back(t, ply, out)
                elif not (isinstance(phase, TakebackOffered) and phase.ply == ply):
                    self.phase = TakebackOffered(ply)
            case J.Moving(cannot, steps):
                diff = self.index.diff_of(self.reading)
                if isinstance(phase, Correcting) and diff != phase.back_to:
                    # The correction ends when the board matches what it leads back to; on
                    # the way there it follows the hand (never naming a piece already moved).
                    self.phase = Correcting(self._pairs_now(phase.back_to), phase.back_to)
                else:
                    self.phase = InProgress(cannot, steps, since=t, diff=diff)
            case J.NoMove():
                if isinstance(phase, Correcting):
                    self.phase = Correcting(self._pairs_now(phase.back_to), phase.back_to)
                elif not isinstance(phase, Unmatched):
                    # Gone wrong from a move on its way with a piece put down (the next
                    # player's piece put down while a capture was still owed): the
                    # correction may lead back to it.
                    way = phase.diff if isinstance(phase, InProgress) else frozenset()
                    self.phase = Unmatched(t, way if any(
                        v != self.index.empty for _, v in way) else None)

    def _set_up(self, t: float, out: list[OutEvent]) -> None:
        if self.reading == self.index.reading:
            self.mode = Mode.PLAYING
            self.evidence = Evidence()
            self.phase = Idle()
            if self.clocks and self.clocks.running is None:
                self.clocks.start(self.to_move, t)
            out.append(BoardStatus(t, Mode.PLAYING, "the board matches the position"))
        elif self.resumed:
            self.phase = Correcting(self._pairs_now())

    def _pairs_now(self, back_to: frozenset[tuple[str, Value]] | None = None
                   ) -> tuple[Pair, ...]:
        """Pieces to move: back to the committed position, or to the reading on its way to a
        move (``back_to``) when that needs fewer pairs."""
        home = self._pairs_to(self.index.reading)
        if not back_to:
            return home
        way = self._pairs_to({**self.index.reading, **dict(back_to)})
        return way if len(way) < len(home) else home

    def _pairs_to(self, target: dict[str, Value]) -> tuple[Pair, ...]:
        extra, missing = wrong_positions(target, self.reading, self.index.empty)
        return tuple(pair_up(extra, missing, self.geometry.distance))

    # ---- committing ------------------------------------------------------------------------

    def _commit(self, t: float, fp: Footprint, how: How, out: list[OutEvent],
                amends: LastCommit | None = None) -> None:
        seat = self.to_move or ""
        before, idx = self.state, self.index
        # The footprint comes from this position's own legal moves: no need to generate them
        # all again to check it (apply would), on the path to the LED frame.
        assert idx.state is before, "a footprint of another position"
        after = self.game.play(before, fp.move)
        first_at = amends.at if amends else t
        declared = amends.declared if amends else self.declarations(seat)
        said = self.game.describe(before, fp.move)
        by_computer = declared.by_computer and declared.move == fp.text
        self.history.append(Entry(before, fp, seat, frozenset(idx.reading.items()), said,
                                  by_computer))
        self.carrying = self._still_carrying(seat, fp, said) if by_computer else None
        # Only a commit the sensors made on their own is provisional; one ended by the
        # button or the phone is the player's final word.
        touched = frozenset(self.evidence.touched)
        self.last = (LastCommit(idx, fp, seat, touched, first_at, declared)
                     if how in ("sensors", "settle") else None)
        self.state = after
        self.ply += 1
        self.last_move = fp
        if self.clocks:
            if amends:
                self.clocks.amend(seat, first_at, t)
            else:
                self.clocks.moved(seat, self.game.to_move(after), t)
        self.declared.pop(seat, None)
        self.draw_offers.clear()
        self._new_turn()
        self._at_rest = True  # the board reads exactly the new position: no index needed yet
        text = amends.footprint.text if amends else None
        out.append(Committed(t, seat, fp.text, self.game.position_text(after), self.ply, text,
                             how, said, by_computer=by_computer))
        log.info("ply %d: %s %s (%s%s)", self.ply, seat, fp.text, how,
                 f", amends {text}" if text else "")
        self._check_over(t, out)

    def _still_carrying(self, seat: str, fp: Footprint, said: Message) -> Carrying | None:
        """The computer's move just committed, if the hand may not be done with it: sensed
        positions it changes that the hand has not touched yet, or no sensed position at all
        (no sensor can say when it is done)."""
        sensed = fp.effect.changed & self.spec.sensed
        if not sensed:
            return Carrying(seat, fp, said, None) if fp.effect.changes else None
        left = sensed - self.evidence.touched
        return Carrying(seat, fp, said, frozenset(left)) if left else None

    def _carried(self, changed: set[str]) -> None:
        """The hand goes on with the computer's move: positions it touched are done; once
        every one is, and the board reads the position, the move is carried out.  A hand on
        a position the move does not change has gone on to the next move: the computer's
        words and lights give way to it."""
        carrying = self.carrying
        if carrying is None:
            return
        if changed - carrying.footprint.moved:
            self.carrying = None
            return
        if carrying.left is None:
            return
        left = carrying.left - changed
        if left != carrying.left:
            carrying = self.carrying = dataclasses.replace(carrying, left=left)
        if not left and self.mode is Mode.PLAYING and not self.index.diff_of(self.reading):
            self.carrying = None

    def _amend(self, t: float, fp: Footprint, out: list[OutEvent]) -> None:
        last = self.last
        assert last is not None
        entry = self.history.pop()
        self.state = entry.state
        self._index = last.moves
        self.ply -= 1
        self.evidence.touched |= last.touched
        self._commit(t, fp, "sensors", out, amends=last)

    def _new_turn(self) -> None:
        """Whatever stood before (an offer, a correction, the computer's shown move) is over."""
        self.evidence = Evidence()
        self.phase = Idle()
        self.held_press = None
        # The computer's choice is spent by any commit (its move, or an amendment of the move
        # it answered) and by a take-back.
        self.declared = {s: d for s, d in self.declared.items() if not d.by_computer}

    def _take_back(self, t: float, ply: int, out: list[OutEvent]) -> None:
        undone = self.history[ply:]
        self.state = undone[0].state
        del self.history[ply:]
        self.ply = ply
        self._new_turn()
        self.last = None
        self.carrying = None
        self.last_move = self.history[-1].footprint if self.history else None
        if self.clocks:
            self.clocks.start(self.to_move, t)
        if self.reading and self.index.diff_of(self.reading):
            # Taken back on request: the pieces still stand after the move; guide them back.
            self.phase = Unmatched(t - self.config.grace)
        out.append(TakenBack(t, ", ".join(e.footprint.text for e in undone),
                             self.game.position_text(self.state), self.ply,
                             tuple(e.said for e in undone)))

    def _finish_by(self, t: float, move: Resign | AgreeDraw | TimeForfeit,
                   out: list[OutEvent]) -> None:
        if self.mode is Mode.OVER:
            raise refusal("game.over")
        said = self.game.description(self.state, move)
        self.state = self.game.apply(self.state, move)
        self._new_turn()
        self.carrying = None
        out.append(Committed(t, getattr(move, "seat", ""), self.game.move_text(move),
                             self.game.position_text(self.state), self.ply, None, "phone",
                             said, ends=True))
        self._check_over(t, out)

    def _check_over(self, t: float, out: list[OutEvent]) -> None:
        outcome = self.game.outcome(self.state)
        if outcome is not None and self.mode is not Mode.OVER:
            self.mode = Mode.OVER
            self.phase = Idle()
            if self.clocks:
                self.clocks.stop(t)
            out.append(GameOver(t, outcome))
            out.append(BoardStatus(t, Mode.OVER, outcome.termination.value))

    # ---- buttons ---------------------------------------------------------------------------

    def _button(self, t: float, button: str, out: list[OutEvent]) -> None:
        if button not in self.spec.buttons:
            out.append(Rejected(t, None, Message.of("button.unknown", button=button,
                                                    buttons=self.spec.buttons)))
            return
        if button == "end-turn":
            try:
                self._end_turn(t, None, out)
            except Refusal as no:
                out.append(Rejected(t, None, no.message))

    def _end_turn(self, t: float, seat: str | None, out: list[OutEvent]) -> None:
        if self.mode is not Mode.PLAYING:
            raise refusal("end.not-playing", mode=self.mode.value)
        phase = self.phase
        if isinstance(phase, TakebackOffered):
            # The board's button is the table's "yes" when no phone of the other side is
            # joined; a phone's end-turn is that seat's.
            self._consents(phase, seat)
            self._take_back(t, phase.ply, out)
        elif isinstance(phase, Provisional):
            self._commit(t, phase.footprint, "end-turn", out)
        elif isinstance(phase, Asking):
            # Asked at once, whether or not the hand can make what the board shows: the
            # press and its answer are public, so they follow what the table sees (``shown``)
            # and never the hand (the phone alone hears that it cannot).
            self.phase = dataclasses.replace(phase, ask_at=None)
            raise refusal("end.ambiguous")
        elif self.evidence.touched and self.debouncer.in_flight and self.held_press is None:
            # The last piece went down a moment ago and its sensor has not settled: the press
            # ends the reading that is landing, and nothing later (never the next player's
            # first touch: only a reading the player saw when pressing is theirs to confirm).
            self.held_press = (t, seat)
        else:
            no = self._nothing_to_end()
            self._confirm_last(no, seat)
            raise no

    def _press_settled(self, t: float, out: list[OutEvent]) -> None:
        """The reading a held press was waiting for is in (or it did not come in time)."""
        assert self.held_press is not None
        seat = self.held_press[1]
        self.held_press = None
        phase = self.phase
        if self.mode is Mode.PLAYING and isinstance(phase, Provisional):
            self._commit(t, phase.footprint, "end-turn", out)
        elif self.mode is Mode.PLAYING and isinstance(phase, Asking):
            self.phase = dataclasses.replace(phase, ask_at=None)
        else:
            no = self._nothing_to_end()
            self._confirm_last(no, seat)
            out.append(Rejected(t, seat, no.message))

    def _confirm_last(self, no: Refusal, seat: str | None) -> None:
        """A press after the sensors took the move (the board button, or the mover's phone)
        ends nothing, but it is the mover's word that the move is done: the sensors may no
        longer amend it (the next player's first touch would otherwise read as the mover
        taking back part of a move, when it pushes the piece the mover just put down)."""
        last = self.last
        if no.message.key == "end.nothing-taken" and last is not None and (
                seat is None or seat == last.seat):
            self.last = None

    def _nothing_to_end(self) -> Refusal:
        """Why an end-turn press ends nothing, in the terms of what the board shows."""
        phase = self.phase
        if isinstance(phase, InProgress) and phase.steps and self.to_move is not None:
            # What the board waits for, said to whoever pressed (a nest capture still owed).
            return refusal("end.steps-left", left=steps_message(self.game, self.to_move,
                                                                 phase.steps))
        if self.reading and self.index.diff_of(self.reading):
            return refusal("end.nothing-yet")
        if self.evidence.touched or not self.history:
            return refusal("end.nothing-first")
        return refusal("end.nothing-taken")

    # ---- what goes out ---------------------------------------------------------------------

    def _publish(self, t: float, out: list[OutEvent]) -> None:
        """Derive the lights, the prompts and the correction from the state; send what
        changed (the first frame always goes out)."""
        carrying, move = self.carrying, self.computer_move
        # The computer's move still being carried out is said and lit before its next one.
        shown = ((carrying.seat, carrying.footprint, carrying.said) if carrying is not None
                 and self.mode is Mode.PLAYING else
                 (self.to_move or "", move, self.index.described(move)) if move is not None
                 else None)
        pairs = self.correction
        if pairs != self._pairs:
            self._pairs = pairs
            out.append(Correction(t, True, pairs) if pairs is not None else Correction(t, False))
        self._publish_prompts(t, shown, out)
        undone = ([e.footprint for e in self.history[self.phase.ply:]]
                  if isinstance(self.phase, TakebackOffered) else [])
        done = (carrying.footprint.effect.changed & self.spec.sensed) - carrying.left \
            if carrying is not None and carrying.left is not None else frozenset()
        scene = Scene(self.mode, self.phase, self.reading, lambda: self.index, self.last_move,
                      shown[1] if shown else None, done, undone, self._at_rest,
                      lambda p: lit_positions(self.game, self.variant, p), self.lights,
                      self._moving_now)
        lights, reason = picture(scene)
        lights = {p: light for p, light in lights.items() if p in self.spec.led_index}
        if lights != self.lights or not self._framed:
            self._framed = True
            self.lights = lights
            out.append(LedsShown(t, self.spec.frame_of(lights), lights, reason))

    def _moving_now(self) -> bool:
        return J.moving(self.index, self.index.diff_of(self.reading), self.reading,
                        self._situation(0.0))

    def _publish_prompts(self, t: float, shown: tuple[str, Footprint, Message] | None,
                         out: list[OutEvent]) -> None:
        scene = PromptScene(self.mode, self.phase, self.resumed, self.to_move,
                            lambda: self.index, self.reading,
                            [(e.seat, e.said) for e in self.history],
                            tuple(self.draw_offers), shown,
                            self.takeback_answer(self.phase)
                            if isinstance(self.phase, TakebackOffered) else ((), False))
        now = standing(scene)
        old = self._standing
        for key, s in now.items():
            if old.get(key) != s:
                out.append(Prompt(t, s.seat, s.kind, s.message, s.choices))
        for key, s in old.items():
            if key not in now:
                out.append(Prompt(t, s.seat, s.kind, None))
        self._standing = now
