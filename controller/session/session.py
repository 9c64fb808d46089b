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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from controller.errors import BoardError, IllegalMoveError
from controller.physical import BoardSpec, Light, Value
from controller.records import By, Played, RecordKind, fold
from controller.rules.base import AgreeDraw, Game, Resign, TimeForfeit
from controller.rules.capabilities import hand_hidden, lit_positions, match_points
from controller.rules.series import GameScore, Series
from controller.said import to_json
from controller.session import judge
from controller.session.clock import Clocks, TimeControl
from controller.session.correction import Pair, pair_up, wrong_positions
from controller.session.debounce import Debouncer
from controller.session.events import (
    ButtonPress,
    Committed,
    ComputerMove,
    ComputerSeats,
    GameOver,
    Handled,
    How,
    InEvent,
    LedsShown,
    LinkStatus,
    OutEvent,
    PhoneAction,
    PhonesJoined,
    RawScan,
    Rejected,
    SeatNames,
    StableChanges,
    StableScan,
    TakenBack,
    Tick,
)
from controller.session.footprints import Footprint
from controller.session.messages import Message, Refusal, refusal
from controller.session.mode import Mode
from controller.session.moves import Moves, moves_of
from controller.session.phones import (
    Commit,
    Declined,
    EndTurn,
    Finish,
    Judge,
    Phones,
    Position,
    TakeBack,
    Want,
    answers,
)
from controller.session.picture import Scene, picture
from controller.session.prompts import (
    PromptKind,
    PromptScene,
    Standing,
    standing,
    steps_message,
)
from controller.session.snapshot import PhoneOptions, Snapshot
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
    Turn,
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
    takeback: judge.TakebackMode = "ask"
    clock: TimeControl | str | None = "variant"  # a time control, None, or the variant's


@dataclass(frozen=True)
class Entry:
    """A committed move, kept for take-backs and amendments: its ply, the position before
    it, and the reading of that position."""

    ply: int
    state: Any
    footprint: Footprint
    seat: str
    reading: frozenset[tuple[str, Value]]
    said: Message  # what the move did (``Game.describe``), for people
    by_computer: bool = False  # the computer's choice, carried out by a human


class GameSession:
    def __init__(self, game: Game[Any, Any], spec: BoardSpec, state: Any,
                 config: SessionConfig | None = None, resumed: bool = False, *,
                 match: Series | None = None, version: int = 0,
                 names: Mapping[str, str] | None = None,
                 computer: Mapping[str, str] | None = None) -> None:
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
        self.turn = Turn()
        self.phone_actions = Phones(game, self.turn)
        self.carrying: Carrying | None = None  # the computer's move, still being carried out
        # A press that came while the last piece of a move was still settling on its sensor
        # (the debouncer had not accepted it yet): decided once that reading is in.
        self.held_press: tuple[float, str | None] | None = None
        self.pauses: dict[str, deque[float]] = {}
        self.lights: dict[str, Light] = {}
        self._standing: dict[tuple[str | None, PromptKind], Standing] = {}
        # The version of the snapshot each standing prompt first showed as it stands: an
        # answer aimed at an earlier version is stale.
        self._prompt_since: dict[tuple[str | None, PromptKind], int] = {}
        self._resume_mode = Mode.SETUP
        self._framed = False  # no frame sent yet: the first one goes out even if dark
        self._resync = False  # after a reconnect, judge the next full reading afresh
        self._at_rest = False  # the reading is the committed position's (just committed)
        # What the pages list, and who plays: the match, the players' names, the computer's
        # seats (with their levels).
        self.played: list[Played] = []
        self.match = match
        self.names: Mapping[str, str] = dict(names or {})
        self.computer: Mapping[str, str] = dict(computer or {})
        self.version = version  # of the last snapshot made
        self._snapshot: Snapshot | None = None
        self._shown: tuple[Any, ...] = ()
        self._t = 0.0
        self._options: tuple[Any, PhoneOptions] | None = None
        control = self.config.clock
        if control == "variant":
            control = TimeControl.from_options(game.variant_of(state).options.get("clock"))
        self.clocks = (Clocks(game.seats(state), control)
                       if isinstance(control, TimeControl) else None)

    # ---- the turn, as the phones share it ----------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self.turn.phase

    @phase.setter
    def phase(self, phase: Phase) -> None:
        self.turn.phase = phase

    @property
    def last(self) -> LastCommit | None:
        """The last move, while the sensors may still amend it."""
        return self.turn.last

    @property
    def declared(self) -> dict[str, Declarations]:
        return self.turn.declared

    @property
    def draw_offers(self) -> list[str]:
        return self.turn.draw_offers

    @property
    def phones(self) -> frozenset[str]:
        """The seats whose phone is joined."""
        return self.turn.phones

    def declarations(self, seat: str | None) -> Declarations:
        return self.turn.declarations(seat)

    def _position(self) -> Position:
        last = self.history[-1] if self.history else None
        return Position(self.state, self.mode, self.ply, self.to_move, lambda: self.index,
                        last.ply if last else None, last.seat if last else None)

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
                clocks: dict[str, Any] | None = None, keep: int = 8,
                played: list[Played] | None = None) -> None:
        """Take up a game replayed from the log: ``states[k]`` is the position after ply k.
        The last ``keep`` moves get their footprints back, so a take-back works after a
        restart; clocks continue from the times stored with the last move; ``played``: the
        moves as the pages list them."""
        self.state = states[-1]
        self.ply = len(moves)
        self.history = []
        for k in range(max(0, len(moves) - keep), len(moves)):
            idx = moves_of(self.game, states[k], self.spec)
            fp = idx.find(moves[k])
            if fp is not None:
                self.history.append(Entry(k + 1, states[k], fp, seats[k],
                                          frozenset(idx.reading.items()),
                                          self.game.describe(states[k], fp.move)))
        self.played = list(played or [])
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
    def last_move(self) -> Footprint | None:
        """The last board move kept (the lights show it)."""
        return self.history[-1].footprint if self.history else None

    @property
    def correction(self) -> tuple[Pair, ...] | None:
        """The pieces to move back, while correcting."""
        return self.phase.pairs if isinstance(self.phase, Correcting) else None

    @property
    def prompts(self) -> list[Standing]:
        """The prompts standing now (what a page that just opened should show)."""
        return list(self._standing.values())

    def clock_json(self, t: float) -> dict[str, Any] | None:
        """The clocks as the pages show them (None: the game is untimed)."""
        return self.clocks.to_json(t) if self.clocks else None

    @property
    def computer_move(self) -> Footprint | None:
        """The computer's move shown for a human to carry out, if any."""
        seat = self.to_move
        mine = self.declarations(seat)
        if seat is None or not mine.by_computer or mine.move is None \
                or self.mode is not Mode.PLAYING:
            return None
        return self.index.find(mine.move)

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

    def handle(self, event: InEvent) -> Handled:
        """Take one event: the events it made, and the snapshot after it."""
        out: list[OutEvent] = []
        t = self._t = event.t
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
            self._button(t, event, out)
        elif isinstance(event, PhoneAction):
            self._phone(t, event, out)
        elif isinstance(event, LinkStatus):
            self._link(t, event)
        elif isinstance(event, ComputerMove):
            self._act(t, event.seat, lambda: self.phone_actions.computer_chose(
                self._position(), event), out)
        elif isinstance(event, PhonesJoined):
            self.turn.phones = frozenset(event.seats)
        elif isinstance(event, SeatNames):
            self.names = dict(event.names)
        elif isinstance(event, ComputerSeats):
            self.computer = dict(event.levels)
        elif not isinstance(event, Tick):
            raise TypeError(f"not a session event: {event!r}")
        self._timers(t, out)
        self._publish(t, out)
        return Handled(out, self.snapshot)

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

    def _link(self, t: float, event: LinkStatus) -> None:
        if not event.connected:
            if self.mode is Mode.DISCONNECTED:
                return
            log.info("the board's link is down: %s", event.detail or "no reason given")
            self._resume_mode = self.mode
            self.mode = Mode.DISCONNECTED
            if isinstance(self.phase, Provisional):
                self.phase = InProgress(since=t)
            if self.clocks:
                self.clocks.stop(t)  # a pulled cable is nobody's move
            return
        if self.mode is Mode.DISCONNECTED:
            # The board may have changed while the link was down: wait for its full reading.
            log.info("the board's link is up again: %s", event.detail or "board connected")
            self.mode = self._resume_mode
            self._resync = True
            if self.clocks and self.mode is Mode.PLAYING:
                self.clocks.start(self.to_move, t)

    # ---- what a reading means --------------------------------------------------------------

    def _situation(self, t: float) -> judge.Situation:
        seat = self.to_move
        return judge.Situation(self.game, seat, self.declarations(seat),
                               hand_hidden(self.game, self.state), self.last,
                               tuple(e.reading for e in self.history), self.config.takeback, t,
                               self.config.settle_max)

    def _evaluate(self, t: float, out: list[OutEvent]) -> None:
        if self.mode is Mode.SETUP:
            self._set_up(t)
            return
        if self.mode is not Mode.PLAYING:
            return
        verdict = judge.judge(self.index, self.reading, self.evidence, self._situation(t))
        phase = self.phase
        match verdict:
            case judge.NoChange():
                self.phase = Idle()
            case judge.Commit(fp, how):
                self._commit(t, fp, how, out)
            case judge.Grows(fp):
                self.phase = Provisional(fp, t + self.settle_time(self.to_move))
            case judge.Ambiguous(candidates, shown):
                same = (isinstance(phase, Asking)
                        and [f.text for f in phase.shown] == [f.text for f in shown])
                ask_at = phase.ask_at if same and isinstance(phase, Asking) else (
                    t + self.settle_time(self.to_move))
                self.phase = Asking(candidates, shown, ask_at)
            case judge.Amend(fp):
                self._amend(t, fp, out)
            case judge.Withdraw():
                log.info("ply %d: %s withdrawn (the board is back as before it)", self.ply,
                         self.history[-1].footprint.text)
                self._take_back(t, self.history[-1].ply - 1, out)
            case judge.Takeback(kept):
                ply = self.history[kept].ply - 1  # back to the position before that move
                if self.config.takeback == "auto":
                    self._take_back(t, ply, out)
                elif not (isinstance(phase, TakebackOffered) and phase.ply == ply):
                    self.phase = TakebackOffered(ply)
            case judge.Moving(cannot, steps):
                diff = self.index.diff_of(self.reading)
                if isinstance(phase, Correcting) and diff != phase.back_to:
                    # The correction ends when the board matches what it leads back to; on
                    # the way there it follows the hand (never naming a piece already moved).
                    self.phase = Correcting(self._pairs_now(phase.back_to), phase.back_to)
                else:
                    self.phase = InProgress(cannot, steps, since=t, diff=diff)
            case judge.NoMove():
                if isinstance(phase, Correcting):
                    self.phase = Correcting(self._pairs_now(phase.back_to), phase.back_to)
                elif not isinstance(phase, Unmatched):
                    # Gone wrong from a move on its way with a piece put down (the next
                    # player's piece put down while a capture was still owed): the
                    # correction may lead back to it.
                    way = phase.diff if isinstance(phase, InProgress) else frozenset()
                    self.phase = Unmatched(t, way if any(
                        v != self.index.empty for _, v in way) else None)

    def _set_up(self, t: float) -> None:
        if self.reading == self.index.reading:
            self.mode = Mode.PLAYING
            self.evidence = Evidence()
            self.phase = Idle()
            if self.clocks and self.clocks.running is None:
                self.clocks.start(self.to_move, t)
            log.info("the board matches the position: play")
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

    def _by(self, seat: str, by_computer: bool) -> By:
        """Who makes a move now: the computer's level if it chose it, the player's name."""
        return By(self.computer.get(seat) if by_computer else None,
                  self.names.get(seat) or None)

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
        by = self._by(seat, by_computer)
        kind = RecordKind.AMEND if amends else RecordKind.MOVE
        fold(self.history, kind, self.ply + 1,
             Entry(self.ply + 1, before, fp, seat, frozenset(idx.reading.items()), said,
                   by_computer))
        fold(self.played, kind, self.ply + 1,
             Played(self.ply + 1, seat, fp.text, t, said, by))
        self.carrying = self._still_carrying(seat, fp, said) if by_computer else None
        # Only a commit the sensors made on their own is provisional; one ended by the
        # button or the phone is the player's final word.
        touched = frozenset(self.evidence.touched)
        self.turn.last = (LastCommit(idx, fp, seat, touched, first_at, declared)
                          if how in ("sensors", "settle") else None)
        self.state = after
        self.ply += 1
        if self.clocks:
            if amends:
                self.clocks.amend(seat, first_at, t)
            else:
                self.clocks.moved(seat, self.game.to_move(after), t)
        self.turn.declared.pop(seat, None)
        self.turn.draw_offers.clear()
        self._new_turn()
        self._at_rest = True  # the board reads exactly the new position: no index needed yet
        text = amends.footprint.text if amends else None
        out.append(Committed(t, seat, fp.text, self.game.position_text(after), self.ply, text,
                             how, said, by_computer=by_computer, by=by))
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
        self.state = self.history[-1].state  # the amendment replaces it (``fold``)
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
        self.turn.declared = {s: d for s, d in self.declared.items() if not d.by_computer}

    def _take_back(self, t: float, ply: int, out: list[OutEvent]) -> None:
        """Back to the position after ply ``ply``: the moves kept after it are undone."""
        undone = [e for e in self.history if e.ply > ply]
        self.state = undone[0].state
        fold(self.history, RecordKind.TAKEBACK, ply)
        fold(self.played, RecordKind.TAKEBACK, ply)
        self.ply = ply
        self._new_turn()
        self.turn.last = None
        self.carrying = None
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
        seat = getattr(move, "seat", "")
        by = self._by(seat, False)
        text = self.game.move_text(move)
        fold(self.played, RecordKind.END, self.ply, Played(self.ply, seat, text, t, said, by))
        out.append(Committed(t, seat, text, self.game.position_text(self.state), self.ply,
                             None, "phone", said, ends=True, by=by))
        self._check_over(t, out)

    def _check_over(self, t: float, out: list[OutEvent]) -> None:
        outcome = self.game.outcome(self.state)
        if outcome is not None and self.mode is not Mode.OVER:
            self.mode = Mode.OVER
            self.phase = Idle()
            if self.clocks:
                self.clocks.stop(t)
            if self.match is not None and self.match.outcome() is None:
                # The match counts the game (its players named by seat).
                points = match_points(self.game, self.state)
                self.match = self.match.add(GameScore(tuple(points.items()),
                                                      frozenset(outcome.winners)))
            out.append(GameOver(t, outcome))
            log.info("the game is over: %s", outcome.termination.value)

    # ---- the phones, the computer and the buttons ------------------------------------------

    def _phone(self, t: float, event: PhoneAction, out: list[OutEvent]) -> None:
        def act() -> Want:
            if event.version is not None:
                self._fresh(event.seat, event)
            return self.phone_actions.act(self._position(), event.seat, event.action)
        self._act(t, event.seat, act, out, event.request)

    def _fresh(self, seat: str, event: PhoneAction) -> None:
        """Refuse an answer aimed at an offer that has changed since the page's version (a
        "yes" to a take-back asked again, a choice among other moves)."""
        key = answers(event.action, seat)
        if key is None or key not in self._standing or event.version is None:
            return
        if event.version < self._prompt_since.get(key, 0):
            raise refusal("action.stale")

    def _act(self, t: float, seat: str, want: Any, out: list[OutEvent], request: int = 0
             ) -> None:
        """Do what a phone (or the computer) wants, or say why not to that seat."""
        try:
            self._do(t, seat, want(), out)
        except Refusal as no:
            out.append(Rejected(t, seat, no.message, request))
        except IllegalMoveError as exc:  # the rules' own refusal, with their reason
            out.append(Rejected(t, seat, Message.of("rules.refused", reason=exc.reason),
                                request))
        except BoardError as exc:  # a move text the rules cannot read (a hand-made request)
            log.info("%s's phone sent what the rules cannot read: %s", seat, exc)
            out.append(Rejected(t, seat, Message.of("rules.unreadable", detail=str(exc)),
                                request))

    def _do(self, t: float, seat: str, want: Want, out: list[OutEvent]) -> None:
        match want:
            case Commit(fp):
                self._commit(t, fp, "phone", out)
            case TakeBack(ply):
                self._take_back(t, ply, out)
            case Finish(move):
                self._finish_by(t, move, out)
            case EndTurn():
                self._end_turn(t, seat, out)
            case Judge():
                self._evaluate(t, out)
            case Declined():
                # Guide the board back at once, if it still shows what was offered.
                self.phase = (Unmatched(t - self.config.grace)
                              if self.reading and self.index.diff_of(self.reading) else Idle())

    def _button(self, t: float, event: ButtonPress, out: list[OutEvent]) -> None:
        button = event.button
        if button not in self.spec.buttons:
            out.append(Rejected(t, None, Message.of("button.unknown", button=button,
                                                    buttons=self.spec.buttons), event.request))
            return
        if button == "end-turn":
            try:
                self._end_turn(t, None, out)
            except Refusal as no:
                out.append(Rejected(t, None, no.message, event.request))

    def _end_turn(self, t: float, seat: str | None, out: list[OutEvent]) -> None:
        if self.mode is not Mode.PLAYING:
            raise refusal("end.not-playing", mode=self.mode.value)
        phase = self.phase
        if isinstance(phase, TakebackOffered):
            # The board's button is the table's "yes" when no phone of the other side is
            # joined; a phone's end-turn is that seat's.
            self.phone_actions.consents(self._position(), phase, seat)
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
            self.turn.last = None

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
        """Derive the lights and the prompts from the state; a frame goes out when the
        lights changed (the first frame always)."""
        carrying, move = self.carrying, self.computer_move
        # The computer's move still being carried out is said and lit before its next one.
        shown = ((carrying.seat, carrying.footprint, carrying.said) if carrying is not None
                 and self.mode is Mode.PLAYING else
                 (self.to_move or "", move, self.index.described(move)) if move is not None
                 else None)
        offered = self.phase if isinstance(self.phase, TakebackOffered) else None
        undone = [e for e in self.history if e.ply > offered.ply] if offered else []
        self._publish_prompts(shown, offered, undone)
        done = (carrying.footprint.effect.changed & self.spec.sensed) - carrying.left \
            if carrying is not None and carrying.left is not None else frozenset()
        scene = Scene(self.mode, self.phase, self.reading, lambda: self.index, self.last_move,
                      shown[1] if shown else None, done, [e.footprint for e in undone],
                      self._at_rest, lambda p: lit_positions(self.game, self.variant, p),
                      self.lights, self._moving_now)
        lights, reason = picture(scene)
        lights = {p: light for p, light in lights.items() if p in self.spec.led_index}
        if lights != self.lights or not self._framed:
            self._framed = True
            self.lights = lights
            out.append(LedsShown(t, self.spec.frame_of(lights), lights, reason))

    def _moving_now(self) -> bool:
        return judge.moving(self.index, self.index.diff_of(self.reading), self.reading,
                            self._situation(0.0))

    def _publish_prompts(self, shown: tuple[str, Footprint, Message] | None,
                         offered: TakebackOffered | None, undone: list[Entry]) -> None:
        scene = PromptScene(self.mode, self.phase, self.resumed, self.to_move,
                            lambda: self.index, self.reading, tuple(e.said for e in undone),
                            tuple(self.draw_offers), shown,
                            self.phone_actions.takeback_answer(self._position(), offered)
                            if offered else ((), False))
        now = standing(scene)
        old = self._standing
        if now == old:
            return
        for key, s in now.items():
            if old.get(key) != s:
                self._prompt_since[key] = self.version + 1  # first shown in the next snapshot
        self._standing = now

    # ---- the snapshot ----------------------------------------------------------------------

    @property
    def snapshot(self) -> Snapshot:
        """What the session shows now; a new one (the next version) only when something a
        reader sees has changed."""
        clocks = self.clocks
        shown = (self.state, self.mode, self.ply, self.lights, self._standing,
                 self.correction, tuple(self.draw_offers), self._declared_seats(),
                 len(self.played), self.played[-1] if self.played else None,
                 (clocks.running, clocks.since, tuple(clocks.left.values())) if clocks else None,
                 self.match, self.names, self.computer)
        if self._snapshot is not None and shown == self._shown:
            return self._snapshot
        self.version += 1
        self._shown = shown
        last = self.last_move
        self._snapshot = Snapshot(
            self.version, self._t, self.game, self.variant, self.state, self.mode, self.ply,
            tuple(self._standing.values()), self.lights, self.spec.led_kind, self.correction,
            last.text if last else None, tuple(self.played[-20:]), tuple(self.draw_offers),
            shown[7], self.clock_json(self._t), self.match, self.names, self.computer,
            self._options_now(self.state))
        return self._snapshot

    def _declared_seats(self) -> tuple[str, ...]:
        """Whose phone has declared something for the coming move (never what)."""
        return tuple(sorted(seat for seat, d in self.declared.items()
                            if d.facets or (d.move is not None and not d.by_computer)))

    def _options_now(self, state: Any) -> Callable[[], PhoneOptions]:
        """The phone options of the seat to move in ``state``, worked out when first asked
        (on the session thread), once a position."""
        def options() -> PhoneOptions:
            if self._options is None or self._options[0] is not state:
                moves = self.index if self.state is state else moves_of(
                    self.game, state, self.spec)
                declare = self.game.facet_choices(state)
                untraced = moves.untraced()
                self._options = (state, {
                    "declare": declare,
                    "declare_said": {facet: {v: to_json(self.game.facet_said(facet, v))
                                             for v in values}
                                     for facet, values in declare.items()},
                    "untraced": [fp.text for fp in untraced],
                    "untraced_said": [moves.described(fp).to_json() for fp in untraced],
                    "untraced_facets": [dict(fp.facets) for fp in untraced]})
            return self._options[1]
        return options
