"""The game session: sensor evidence and phone choices in, moves, words and lights out.

One thread owns a session (``controller.session.runner``); everything reaches it as an event
with a timestamp, and every timer runs on those timestamps, so a simulated clock drives it
exactly like the real one.  The session itself is timers and routing:

* what a reading means is ``judge`` (a pure function, ``controller.session.judge``);
* the turn's phase is one value (``controller.session.turn``), changed only by the verdicts,
  the timers, the buttons and the phones (docs/session.md: the state diagram);
* what a phone action and an end-turn press mean are ``phones.Phones`` and
  ``presses.Presses``, which answer with what the session does next;
* what the LEDs show and what the pages are told are derived from the state after every event
  (``picture``, ``prompts``), and only what changed goes out; the snapshots are made by
  ``snapshot.Snapshots`` from what the session passes it;
* the moves kept are ``history.History``, the match series ``match.Match``, each player's
  pace ``pace.Pace``.

Nothing is committed that the board does not show (or the phone does not declare, for moves
no sensor can see): a ghost move is the worst bug this product can have.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from controller.errors import BoardError
from controller.physical import BoardSpec, Light, Value
from controller.records import By, Played, RecordKind
from controller.rules.base import AgreeDraw, Game, Resign, TimeForfeit
from controller.rules.capabilities import hand_hidden, lit_positions
from controller.rules.series import Series
from controller.session import judge
from controller.session.clock import Clocks, TimeControl
from controller.session.correction import Pair, pairs_back
from controller.session.debounce import Debouncer
from controller.session.elsewhere import Elsewhere, adopted
from controller.session.events import (
    ButtonPress,
    Committed,
    ComputerMove,
    ComputerSeats,
    Dealt,
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
    RemoteFlag,
    RemoteMove,
    RemotePosition,
    RemoteReach,
    RemoteSeats,
    SeatNames,
    StableChanges,
    StableScan,
    TakenBack,
    Tick,
)
from controller.session.footprints import Diff, Footprint
from controller.session.history import Entry, History
from controller.session.match import Match
from controller.session.messages import Message, Refusal, refusal
from controller.session.mode import Mode
from controller.session.moves import Moves, moves_of
from controller.session.options import Options
from controller.session.pace import Pace
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
    refused,
)
from controller.session.picture import Scene, move_of, picture
from controller.session.presses import Hands, Presses
from controller.session.prompts import PromptScene, Standing, Standings, standing
from controller.session.snapshot import Snapshot, Snapshots
from controller.session.turn import (
    Asking,
    Carrying,
    Correcting,
    Evidence,
    Idle,
    InProgress,
    LastCommit,
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
        self.config = c = config or SessionConfig()
        self.state = state
        self._to_move: tuple[Any, str | None] | None = None  # (state, its seat to move)
        self._diff_of: tuple[Any, Any, Diff] | None = None  # (reading, index, their diff)
        self.variant = game.variant_of(state).name
        self.geometry = game.geometry(self.variant)
        # The LEDs lighting each position (a board's own layout: worked out once each).
        self._lit = functools.cache(functools.partial(lit_positions, game, self.variant))
        self._last_lit: tuple[Footprint, dict[str, Light]] | None = None  # the last move's
        self.ply = 0
        self.history = History()  # the moves kept, and as the pages list them
        self.mode = Mode.SETUP
        self.resumed = resumed  # a game picked up from the log: guide the board back to it
        self.debouncer = Debouncer(len(spec.sensors), spec.debounce_scans)
        self.reading: dict[str, Value] = {}
        self._index: Moves | None = None
        self.evidence = Evidence()
        self.turn = Turn()  # the phase, the last move, declarations, draw offers, phones joined
        self.phones = Phones(game, self.turn)
        self.carrying: Carrying | None = None  # the computer's move, still being carried out
        self.presses = Presses(game, self.turn, self.phones, c.end_turn_hold)  # end-turn
        self.pace = Pace(c.settle, c.settle_min, c.settle_max, c.settle_factor)
        self.lights: dict[str, Light] = {}
        self.standings = Standings()
        self._resume_mode = Mode.SETUP
        self._framed = False  # no frame sent yet: the first one goes out even if dark
        self._resync = False  # after a reconnect, judge the next full reading afresh
        self._at_rest = False  # the reading is the committed position's (just committed)
        # Who plays: the match, the players' names, the computer's seats (with their levels).
        self.match = Match(match)
        self.names: Mapping[str, str] = dict(names or {})
        self.computer: Mapping[str, str] = dict(computer or {})
        self.elsewhere = Elsewhere()  # remote play: the seats played at another board
        self.snapshots = Snapshots(version)
        self.options = Options(game, self._moves_of)
        self._t = 0.0
        self.clocks = Clocks.of(game.seats(state), self.config.clock,
                                game.variant_of(state).options.get("clock"))

    def _position(self) -> Position:
        last = self.history.last
        return Position(self.state, self.mode, self.ply, self.to_move, lambda: self.index,
                        last.ply if last else None, last.seat if last else None)

    # ---- the committed position ------------------------------------------------------------

    @property
    def index(self) -> Moves:
        """The committed position's moves (``controller.session.moves``), built once per
        position: whatever sets ``state`` gets the moves of the new one."""
        if self._index is None or self._index.state is not self.state:
            # (The reading's difference from the old position goes with it: nothing keeps
            # the old moves alive past this point, so they are freed here, while the board
            # rests, not on the next reading.)
            self._diff_of = None
            self._index = moves_of(self.game, self.state, self.spec)
        return self._index

    def prepare(self) -> None:
        """Build what the next sensor change needs; the runner calls this when idle, so that
        the work stays off the path from a stable reading to the LED frame."""
        self.index.prepare()

    def _moves_of(self, state: Any) -> Moves:
        """The moves of ``state``: the committed position's own, or built for another."""
        return self.index if state is self.state else moves_of(self.game, state, self.spec)

    def restore(self, states: list[Any], moves: list[str], seats: list[str],
                clocks: dict[str, Any] | None = None, keep: int = 8,
                played: list[Played] | None = None) -> None:
        """Take up a game replayed from the log: ``states[k]`` is the position after ply k.
        The last ``keep`` moves get their footprints back, so a take-back works after a
        restart; clocks continue from the times stored with the last move; ``played``: the
        moves as the pages list them."""
        self.state = states[-1]
        self.ply = len(moves)
        self.history.restore(self.game, self.spec, states, moves, seats, keep, played or [])
        if self.clocks and clocks:
            self.clocks.restore(clocks)
        if self.game.outcome(self.state) is not None:
            self.mode = Mode.OVER

    @property
    def to_move(self) -> str | None:
        """The seat to move in the committed position (asked of the rules once a position:
        an Abalone position's answer counts its moves, and every event asks)."""
        state, known = self.state, self._to_move
        if known is None or known[0] is not state:
            known = self._to_move = (state, self.game.to_move(state))
        return known[1]

    @property
    def last_move(self) -> Footprint | None:
        """The last board move kept (the lights show it)."""
        last = self.history.last
        return last.footprint if last else None

    @property
    def correction(self) -> tuple[Pair, ...] | None:
        """The pieces to move back, while correcting."""
        return self.turn.phase.pairs if isinstance(self.turn.phase, Correcting) else None

    @property
    def prompts(self) -> list[Standing]:
        """The prompts standing now (what a page that just opened should show)."""
        return list(self.standings.now.values())

    @property
    def computer_move(self) -> Footprint | None:
        """The computer's move shown for a human to carry out, if any."""
        seat = self.to_move
        mine = self.turn.declarations(seat)
        if seat is None or not mine.by_computer or mine.move is None \
                or self.mode is not Mode.PLAYING:
            return None
        return self.index.find(mine.move)

    # ---- time ------------------------------------------------------------------------------

    def next_deadline(self) -> float | None:
        phase, times = self.turn.phase, []
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
        if self.presses.deadline is not None:
            times.append(self.presses.deadline)
        return min(times) if times else None

    def _timers(self, t: float, out: list[OutEvent]) -> None:
        if self.clocks and self.mode is Mode.PLAYING:
            fallen = self.clocks.flagged(t)
            if fallen is not None:
                self._finish_by(t, TimeForfeit(fallen), out)
                return
        held = self.presses.deadline
        if held is not None and t >= held:
            self._press_settled(t, out)
        phase = self.turn.phase
        if isinstance(phase, Asking) and phase.ask_at is not None and t >= phase.ask_at:
            self.turn.phase = dataclasses.replace(phase, ask_at=None)
        elif (isinstance(phase, Provisional) and t >= phase.deadline
              and self.mode is Mode.PLAYING):
            self._commit(t, phase.footprint, "settle", out)
        elif (isinstance(phase, Unmatched) and t - phase.since >= self.config.grace
              and self.mode is Mode.PLAYING):
            self.turn.phase = Correcting(self._pairs_now(phase.back_to), phase.back_to)
        elif isinstance(phase, InProgress) and not phase.stalled \
                and t - phase.since >= self.config.stall:
            self.turn.phase = dataclasses.replace(phase, stalled=True)

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
            self._sensors(t, self.debouncer.force_changes(event.changes), out)
        elif isinstance(event, ButtonPress):
            self._button(t, event, out)
        elif isinstance(event, PhoneAction):
            self._phone(t, event, out)
        elif isinstance(event, LinkStatus):
            self._link(t, event)
        elif isinstance(event, ComputerMove | RemoteMove):
            with refused(out, t, event.seat):
                self._do(t, event.seat, self.phones.computer_chose(self._position(), event),
                         out)
        elif isinstance(event, PhonesJoined):
            self.turn.phones = frozenset(event.seats)
        elif isinstance(event, SeatNames):
            self.names = dict(event.names)
        elif isinstance(event, ComputerSeats):
            self.computer = dict(event.levels)
        elif isinstance(event, RemoteSeats):
            self.elsewhere.boards = dict(event.boards)
        elif isinstance(event, RemoteReach):
            self.elsewhere.reach(event, self.clocks, self.mode is Mode.PLAYING, self.to_move)
        elif isinstance(event, RemotePosition):
            with refused(out, t, None):
                self._adopt(t, event, out)
        elif isinstance(event, RemoteFlag):
            if self.mode is Mode.PLAYING and event.seat in self.elsewhere.boards:
                self._finish_by(t, TimeForfeit(event.seat), out)
        elif not isinstance(event, Tick):
            raise TypeError(f"not a session event: {event!r}")
        self.elsewhere.hold(self.clocks, t)
        self._timers(t, out)
        self._publish(t, out)
        return Handled(out, self.snapshot)

    def _sensors(self, t: float, changes: list[tuple[int, Value]], out: list[OutEvent]) -> None:
        if not self.debouncer.ready:
            return
        first = not self.reading
        if changes:
            # A new reading, never one changed in place: what was worked out of the last
            # one (``_diff``) is kept by its identity.
            self.reading = dict(self.reading)
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
                self.pace.note(self.to_move, t - last)
            self.evidence.last_change = t
        carrying = self.carrying
        if first or changes or self._resync:
            self._resync = False
            self._evaluate(t, out)
        if carrying is not None and carrying is self.carrying:
            self._carried({p for i, _ in changes if (p := self.spec.sensors[i]) is not None})
        if self.presses.held is not None and not self.debouncer.in_flight:
            self._press_settled(t, out)

    def _link(self, t: float, event: LinkStatus) -> None:
        if not event.connected:
            if self.mode is Mode.DISCONNECTED:
                return
            log.info("the board's link is down: %s", event.detail or "no reason given")
            self._resume_mode = self.mode
            self.mode = Mode.DISCONNECTED
            if isinstance(self.turn.phase, Provisional):
                self.turn.phase = InProgress(since=t)
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

    def _adopt(self, t: float, event: RemotePosition, out: list[OutEvent]) -> None:
        """The host board's position at this ply, its hidden parts dealt for this board."""
        if event.ply != self.ply or self.mode is Mode.DISCONNECTED:
            return  # another ply's (the board moved on, or has not come there yet)
        taken = adopted(self.game, self.spec, self.variant, self.state, self.index,
                        self.to_move, self.mode is Mode.OVER, event)
        if taken is None:
            return
        self._index, agreed = taken   # (its moves, worked out to compare: kept)
        self.state = self._index.state
        if not agreed:
            log.warning("ply %d: the host board's position differs from this board's; "
                        "taking it: %s", self.ply, event.position)
        self.turn.last = None  # the move before is the host's now: not amended from here
        self._new_turn()
        if self.mode is Mode.PLAYING and self.reading and self._diff():
            self.turn.phase = Unmatched(t - self.config.grace)  # guided to it at once
        out.append(Dealt(t, self.ply, event.position, agreed))

    def _situation(self, t: float) -> judge.Situation:
        seat = self.to_move
        declared = self.elsewhere.declared(seat, self.turn.declarations(seat))
        return judge.Situation(self.game, seat, declared,
                               hand_hidden(self.game, self.state), self.turn.last,
                               self.history.readings(), self.config.takeback, t,
                               self.config.settle_max)

    def _evaluate(self, t: float, out: list[OutEvent]) -> None:
        if self.mode is Mode.SETUP:
            self._set_up(t)
            return
        if self.mode is not Mode.PLAYING:
            return
        verdict = judge.judge(self.index, self.reading, self.evidence, self._situation(t))
        phase = self.turn.phase
        match verdict:
            case judge.NoChange():
                self.turn.phase = Idle()
            case judge.Commit(fp, how):
                self._commit(t, fp, how, out)
            case judge.Grows(fp):
                self.turn.phase = Provisional(fp, t + self.pace.settle_time(self.to_move))
            case judge.Ambiguous(candidates, shown):
                same = (isinstance(phase, Asking)
                        and [f.text for f in phase.shown] == [f.text for f in shown])
                ask_at = phase.ask_at if same and isinstance(phase, Asking) else (
                    t + self.pace.settle_time(self.to_move))
                self.turn.phase = Asking(candidates, shown, ask_at)
            case judge.Amend(fp):
                self._amend(t, fp, out)
            case judge.Withdraw():
                last = self.history.entries[-1]
                log.info("ply %d: %s withdrawn (the board is back as before it)", self.ply,
                         last.footprint.text)
                self._take_back(t, last.ply - 1, out)
            case judge.Takeback(kept):
                ply = self.history.entries[kept].ply - 1  # back to the position before that move
                if self.config.takeback == "auto":
                    self._take_back(t, ply, out)
                elif not (isinstance(phase, TakebackOffered) and phase.ply == ply):
                    self.turn.phase = TakebackOffered(ply)
            case judge.Moving(cannot, steps):
                diff = self._diff()
                if isinstance(phase, Correcting) and diff != phase.back_to:
                    # The correction ends when the board matches what it leads back to; on
                    # the way there it follows the hand (never naming a piece already moved).
                    self.turn.phase = Correcting(self._pairs_now(phase.back_to), phase.back_to)
                else:
                    self.turn.phase = InProgress(cannot, steps, since=t, diff=diff)
            case judge.NoMove():
                if isinstance(phase, Correcting):
                    self.turn.phase = Correcting(self._pairs_now(phase.back_to), phase.back_to)
                elif not isinstance(phase, Unmatched):
                    # Gone wrong from a move on its way with a piece put down (the next
                    # player's piece put down while a capture was still owed): the
                    # correction may lead back to it.
                    way = phase.diff if isinstance(phase, InProgress) else frozenset()
                    self.turn.phase = Unmatched(t, way if any(
                        v != self.index.empty for _, v in way) else None)

    def _set_up(self, t: float) -> None:
        if self.reading == self.index.reading:
            self.mode = Mode.PLAYING
            self.evidence = Evidence()
            self.turn.phase = Idle()
            if self.clocks and self.clocks.running is None:
                self.clocks.start(self.to_move, t)
            log.info("the board matches the position: play")
        elif self.resumed:
            self.turn.phase = Correcting(self._pairs_now())

    def _pairs_now(self, back_to: frozenset[tuple[str, Value]] | None = None
                   ) -> tuple[Pair, ...]:
        return pairs_back(self.index.reading, self.reading, self.index.empty,
                          self.geometry.distance, back_to)

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
        declared = amends.declared if amends else self.turn.declarations(seat)
        said = self.game.describe(before, fp.move)
        by_computer = declared.by_computer and declared.move == fp.text
        by = self._by(seat, by_computer)
        kind = RecordKind.AMEND if amends else RecordKind.MOVE
        self.history.add(kind, Entry(self.ply + 1, before, fp, seat, idx.reading_key, said,
                                     by_computer),
                         Played(self.ply + 1, seat, fp.text, t, said, by))
        self.carrying = (Carrying.of(seat, fp, said, self.spec.sensed, self.evidence.touched)
                         if by_computer else None)
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

    def _carried(self, changed: set[str]) -> None:
        """The hand goes on with the computer's move (``Carrying.touched``); once it has
        touched every position and the board reads the position, the move is carried out."""
        carrying = self.carrying = self.carrying.touched(changed) if self.carrying else None
        if carrying is not None and carrying.left is not None and not carrying.left \
                and self.mode is Mode.PLAYING and not self._diff():
            self.carrying = None

    def _amend(self, t: float, fp: Footprint, out: list[OutEvent]) -> None:
        last = self.turn.last
        assert last is not None
        self.state = self.history.entries[-1].state  # the amendment replaces it (``fold``)
        self._index = last.moves
        self.ply -= 1
        self.evidence.touched |= last.touched
        self._commit(t, fp, "sensors", out, amends=last)

    def _new_turn(self) -> None:
        """Whatever stood before (an offer, a correction, the computer's shown move) is over."""
        self.evidence = Evidence()
        self.turn.phase = Idle()
        self.presses.held = None
        # The computer's choice is spent by any commit (its move, or an amendment of the move
        # it answered) and by a take-back.
        self.turn.declared = {s: d for s, d in self.turn.declared.items() if not d.by_computer}

    def _take_back(self, t: float, ply: int, out: list[OutEvent]) -> None:
        """Back to the position after ply ``ply``: the moves kept after it are undone."""
        undone = self.history.take_back(ply)
        self.state = undone[0].state
        self.ply = ply
        self._new_turn()
        self.turn.last = None
        self.carrying = None
        if self.clocks:
            self.clocks.start(self.to_move, t)
        if self.reading and self._diff():
            # Taken back on request: the pieces still stand after the move; guide them back.
            self.turn.phase = Unmatched(t - self.config.grace)
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
        self.history.end(Played(self.ply, seat, text, t, said, by))
        out.append(Committed(t, seat, text, self.game.position_text(self.state), self.ply,
                             None, "phone", said, ends=True, by=by))
        self._check_over(t, out)

    def _check_over(self, t: float, out: list[OutEvent]) -> None:
        outcome = self.game.outcome(self.state)
        if outcome is not None and self.mode is not Mode.OVER:
            self.mode = Mode.OVER
            self.turn.phase = Idle()
            if self.clocks:
                self.clocks.stop(t)
            self.match.count(self.game, self.state, outcome)
            out.append(GameOver(t, outcome))
            log.info("the game is over: %s", outcome.termination.value)

    # ---- the phones, the computer and the buttons ------------------------------------------

    def _phone(self, t: float, event: PhoneAction, out: list[OutEvent]) -> None:
        seat = event.seat
        with refused(out, t, seat, event.request):
            # An answer aimed at an offer that has changed since the page's version (a "yes"
            # to a take-back asked again, a choice among other moves) is stale.
            if self.standings.stale(answers(event.action, seat), event.version):
                raise refusal("action.stale")
            self._do(t, seat, self.phones.act(self._position(), seat, event.action), out)

    def _do(self, t: float, seat: str | None, want: Want, out: list[OutEvent]) -> None:
        match want:
            case Commit(fp, how):
                self._commit(t, fp, how, out)
            case TakeBack(ply):
                self._take_back(t, ply, out)
            case Finish(move):
                self._finish_by(t, move, out)
            case EndTurn():
                self._do(t, seat, self.presses.press(self._position(), self._hands(), t, seat),
                         out)
            case Judge():
                self._evaluate(t, out)
            case Declined():
                # Guide the board back at once, if it still shows what was offered.
                self.turn.phase = (Unmatched(t - self.config.grace)
                                   if self.reading and self._diff()
                                   else Idle())

    def _button(self, t: float, event: ButtonPress, out: list[OutEvent]) -> None:
        button = event.button
        if button not in self.spec.buttons:
            out.append(Rejected(t, None, Message.of("button.unknown", button=button,
                                                    buttons=self.spec.buttons), event.request))
            return
        if button == "end-turn":
            try:
                self._do(t, None, EndTurn(), out)
            except Refusal as no:
                out.append(Rejected(t, None, no.message, event.request))

    def _hands(self) -> Hands:
        return Hands(bool(self.evidence.touched), self.debouncer.in_flight,
                     lambda: bool(self.reading and self._diff()))

    def _press_settled(self, t: float, out: list[OutEvent]) -> None:
        """The reading a held press was waiting for is in (or it did not come in time)."""
        assert self.presses.held is not None
        seat = self.presses.held[1]
        try:
            self._do(t, seat, self.presses.settled(self._position(), self._hands()), out)
        except Refusal as no:
            out.append(Rejected(t, seat, no.message))

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
        offered = self.turn.phase if isinstance(self.turn.phase, TakebackOffered) else None
        undone = self.history.after(offered.ply) if offered else []
        self._publish_prompts(shown, offered, undone)
        done = (carrying.footprint.effect.changed & self.spec.sensed) - carrying.left \
            if carrying is not None and carrying.left is not None else frozenset()
        scene = Scene(self.mode, self.turn.phase, self.reading, lambda: self.index, self.last_move,
                      shown[1] if shown else None, done, [e.footprint for e in undone],
                      self._at_rest, self._lit, self.lights, self._moving_now, self._diff,
                      self._last_lights)
        lights, reason = picture(scene)
        lights = {p: light for p, light in lights.items() if p in self.spec.led_index}
        if lights != self.lights or not self._framed:
            self._framed = True
            self.lights = lights
            out.append(LedsShown(t, self.spec.frame_of(lights), lights, reason))

    def _last_lights(self) -> dict[str, Light]:
        """The last move's lights (``picture.move_of``), worked out once a move."""
        last, known = self.last_move, self._last_lit
        assert last is not None
        if known is None or known[0] is not last:
            known = self._last_lit = (last, move_of(last, self._lit))
        return known[1]

    def _diff(self) -> Diff:
        """The reading against the committed position, worked out once for the two (the
        reading is replaced, never changed in place, when a sensor changes)."""
        reading, index, known = self.reading, self.index, self._diff_of
        if known is None or known[0] is not reading or known[1] is not index:
            known = self._diff_of = (reading, index, index.diff_of(reading))
        return known[2]

    def _moving_now(self) -> bool:
        return judge.moving(self.index, self._diff(), self.reading,
                            self._situation(0.0))

    def _publish_prompts(self, shown: tuple[str, Footprint, Message] | None,
                         offered: TakebackOffered | None, undone: list[Entry]) -> None:
        scene = PromptScene(self.mode, self.turn.phase, self.resumed, self.to_move,
                            lambda: self.index, self.reading, tuple(e.said for e in undone),
                            tuple(self.turn.draw_offers), shown,
                            self.phones.takeback_answer(self._position(), offered)
                            if offered else ((), False), self.elsewhere.boards,
                            self.elsewhere.away)
        self.standings.update(standing(scene), self.snapshots.version)

    @property
    def snapshot(self) -> Snapshot:
        """What the session shows now; a new one (the next version) only when something a
        reader sees has changed (``snapshot.Snapshots``)."""
        last, turn = self.last_move, self.turn
        return self.snapshots.after(
            self._t, game=self.game, variant=self.variant, state=self.state, mode=self.mode,
            ply=self.ply, prompts=self.standings.now, lights=self.lights,
            led_kind=self.spec.led_kind, correction=self.correction,
            last_move=last.text if last else None, played=self.history.played,
            draw_offers=turn.draw_offers, declared=turn.declared, clocks=self.clocks,
            match=self.match.series, names=self.names, computer=self.computer,
            remote=self.elsewhere.boards, away=self.elsewhere.away,
            takeback=(turn.phase.ply, turn.phase.asked_by)
            if isinstance(turn.phase, TakebackOffered) else None,
            to_move=self.to_move, options=self.options.of(self.state))
