"""The game session: sensor evidence and phone choices in, moves and lights out.

One thread owns a session (see ``controller.session.runner``); everything reaches it as an
event with a timestamp, and every timer runs on those timestamps, so a simulated clock drives
it exactly like the real one.  The rules are the design note's (``physical-board.md``):

* the reading equal to the committed position, nothing lifted: nothing happened;
* a reading that matches exactly one legal move commits it at once, unless the move could
  still be extended (the first marble of a broadside): then it waits for the end-turn button,
  the phone, or a settle time adapted to the player's own pace;
* a provisional commit that the same player then extends is amended, never doubled;
* several matching moves are narrowed by the phone (declared facets, or a choice);
* a reading equal to an earlier position offers a take-back;
* a reading that matches nothing and is no move in progress blinks, and after a grace time
  turns into correction mode: pairs of positions (from -> to) by least total distance, in
  lights and in words, ending by itself when the board matches again.

Nothing is committed that the board does not show (or the phone does not declare, for moves
no sensor can see): a ghost move is the worst bug this product can have.
"""

from __future__ import annotations

import logging
import statistics
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from controller.errors import BoardError
from controller.physical import BoardSpec, Light, Value
from controller.rules.base import AgreeDraw, Game, Resign, TimeForfeit
from controller.session import actions as act
from controller.session import lights as L
from controller.session.clock import Clocks, TimeControl
from controller.session.correction import Pair, describe, pair_up, wrong_positions
from controller.session.debounce import Debouncer
from controller.session.events import (
    BoardStatus,
    ButtonPress,
    Committed,
    ComputerMove,
    Correction,
    GameOver,
    InEvent,
    LedsShown,
    LinkStatus,
    OutEvent,
    PhoneAction,
    Prompt,
    RawScan,
    Rejected,
    StableChanges,
    StableScan,
    TakenBack,
    Tick,
)
from controller.session.footprints import Diff, Footprint, FootprintIndex

log = logging.getLogger(__name__)
CANNOT = "Your hand cannot make that move: put the pieces back as they were."


class Mode(StrEnum):
    SETUP = "setup"
    PLAYING = "playing"
    OVER = "over"
    DISCONNECTED = "disconnected"


@dataclass(frozen=True)
class SessionConfig:
    settle: float = 1.0          # wait for an extendable move before the player's pace is known
    settle_min: float = 0.45
    settle_max: float = 2.5
    settle_factor: float = 2.5   # times the player's median pause between pieces
    grace: float = 1.2           # an unmatched, complete-looking board turns into correction
    # A press while the last piece is still being debounced waits at most this long for it.
    end_turn_hold: float = 0.1
    takeback: str = "ask"        # ask | auto | off
    clock: TimeControl | str | None = "variant"  # a time control, None, or the variant's


@dataclass
class _Entry:
    state: Any
    footprint: Footprint
    seat: str
    reading: frozenset[tuple[str, Value]]  # the committed reading before the move


@dataclass
class _Pending:
    footprint: Footprint
    deadline: float


@dataclass
class _AmendBase:
    index: FootprintIndex
    footprint: Footprint
    seat: str
    touched: set[str]
    committed_at: float
    declared: dict[str, str] = field(default_factory=dict)  # what the mover's phone said
    declared_move: str | None = None


@dataclass
class _Turn:
    """Evidence gathered since the last commit."""

    touched: set[str] = field(default_factory=set)
    order: deque[tuple[float, str, Value]] = field(default_factory=lambda: deque(maxlen=256))
    last_change: float | None = None


class GameSession:
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
        self.history: list[_Entry] = []
        self.mode = Mode.SETUP
        self.resumed = resumed  # a game picked up from the log: guide the board back to it
        self.debouncer = Debouncer(len(spec.sensors), spec.debounce_scans)
        self.reading: dict[str, Value] = {}
        self._index: FootprintIndex | None = None
        self.turn = _Turn()
        self.pending: _Pending | None = None
        self.amend: _AmendBase | None = None
        self.ambiguous: list[Footprint] = []  # the legal moves a reading may be (the phone's)
        self.ambiguous_shown: list[Footprint] = []  # ... as the table sees it (the lights)
        self.ask_at: float | None = None  # when to ask the phone about an ambiguous reading
        self.declared: dict[str, dict[str, str]] = {}
        self.declared_move: dict[str, str] = {}
        self.unmatched_since: float | None = None
        self.correction: list[Pair] | None = None
        self.takeback_to: int | None = None
        self.takeback_asked = False  # the offer is a phone's request, not a reading's
        self.draw_offers: set[str] = set()
        # A press that came while the last piece of a move was still settling on its sensor
        # (the debouncer had not accepted it yet): decided once that reading is in.
        self.end_turn_held: tuple[float, str | None] | None = None
        self.last_move: Footprint | None = None
        self.guide: Footprint | None = None  # the computer's move a human is to carry out
        self.guide_seat = ""                  # ... for this seat
        self.pauses: dict[str, deque[float]] = {}
        self.lights: dict[str, Light] = {}
        self._prompts: dict[tuple[str | None, str], Prompt] = {}
        self._resume_mode = Mode.SETUP
        self._dirty = True  # something the lights depend on changed
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
    def index(self) -> FootprintIndex:
        if self._index is None:
            self._index = FootprintIndex(self.game, self.state, self.spec)
        return self._index

    def prepare(self) -> None:
        """Build what the next sensor change needs; the runner calls this when idle, so that
        the work stays off the path from a stable reading to the LED frame."""
        self.index.build()

    def restore(self, states: list[Any], moves: list[str], seats: list[str],
                clocks: dict[str, Any] | None = None, keep: int = 8) -> None:
        """Take up a game replayed from the log: ``states[k]`` is the position after ply k.
        The last ``keep`` moves get their footprints back, so a take-back works after a
        restart; clocks continue from the times stored with the last move."""
        self.state = states[-1]
        self.ply = len(moves)
        self._index = None
        self.history = []
        for k in range(max(0, len(moves) - keep), len(moves)):
            idx = FootprintIndex(self.game, states[k], self.spec)
            fp = idx.find(moves[k])
            if fp is not None:
                self.history.append(_Entry(states[k], fp, seats[k],
                                           frozenset(idx.reading.items())))
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

    def next_deadline(self) -> float | None:
        times = []
        if self.pending:
            times.append(self.pending.deadline)
        if self.clocks and self.mode is Mode.PLAYING and self.clocks.deadline() is not None:
            times.append(self.clocks.deadline())  # type: ignore[arg-type]
        if self.ask_at is not None:
            times.append(self.ask_at)
        if self.end_turn_held is not None:
            times.append(self.end_turn_held[0] + self.config.end_turn_hold)
        if self.unmatched_since is not None and self.correction is None:
            times.append(self.unmatched_since + self.config.grace)
        return min(times) if times else None

    # ---- events in -------------------------------------------------------------------------

    def handle(self, event: InEvent) -> list[OutEvent]:
        out: list[OutEvent] = []
        t = event.t
        if not isinstance(event, (RawScan, Tick)):
            self._dirty = True
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
        elif not isinstance(event, Tick):
            raise TypeError(f"not a session event: {event!r}")
        self._timers(t, out)
        if self._dirty or out:
            self._show(t, out)
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
            self.turn.touched.add(pos)
            self.turn.order.append((t, pos, v))
        if changes:
            self._dirty = True
            self._at_rest = False
        if changes and not first:
            if self.turn.last_change is not None and self.mode is Mode.PLAYING:
                self._note_pause(t - self.turn.last_change)
            self.turn.last_change = t
        if first or changes or self._resync:
            self._resync = False
            self._evaluate(t, out)
        if self.end_turn_held is not None and not self.debouncer.in_flight:
            self._end_turn_settled(t, out)

    def _link(self, t: float, event: LinkStatus, out: list[OutEvent]) -> None:
        if not event.connected:
            if self.mode is Mode.DISCONNECTED:
                return
            self._resume_mode = self.mode
            self.mode = Mode.DISCONNECTED
            self.pending = None
            if self.clocks:
                self.clocks.stop(t)  # a pulled cable is nobody's move
            out.append(BoardStatus(t, "disconnected", event.detail))
            return
        if self.mode is Mode.DISCONNECTED:
            # The board may have changed while the link was down: wait for its full reading.
            self.mode = self._resume_mode
            self._resync = True
            if self.clocks and self.mode is Mode.PLAYING:
                self.clocks.start(self.to_move, t)
            out.append(BoardStatus(t, self.mode.value, event.detail or "board connected"))

    # ---- matching --------------------------------------------------------------------------

    def _evaluate(self, t: float, out: list[OutEvent]) -> None:
        if self.mode is Mode.SETUP:
            if self.reading == self.index.reading:
                self.mode = Mode.PLAYING
                self.turn = _Turn()
                if self.clocks and self.clocks.running is None:
                    self.clocks.start(self.to_move, t)
                out.append(BoardStatus(t, "playing", "the board matches the position"))
                self._prompt(out, t, None, "setup", "")
                if self.correction is not None:
                    self.correction = None
                    out.append(Correction(t, False))
                    self._prompt(out, t, None, "correction", "")
            elif self.resumed:
                self._update_correction(t, out)
            else:
                self._prompt(out, t, None, "setup", self._setup_words())
            return
        if self.mode is not Mode.PLAYING:
            return
        idx = self.index
        diff = idx.diff_of(self.reading)
        previous, shown_before = self.ambiguous, self.ambiguous_shown
        self.ambiguous, self.ambiguous_shown = [], []
        if not diff:
            self._settled(out, t)
            self.pending = None
            self._declared_without_trace(t, out)
            return
        candidates = self._candidates(idx, diff, self.turn.touched, self.to_move)
        # With a hidden hand, what the table sees of a reading is decided by the moves some
        # hand the table cannot rule out could make (``seen``), never by the hand itself:
        # such a reading always goes to the mover's phone, which hears what the hand allows.
        seen = self._seen_by_table(idx, diff)
        if len(candidates) == 1 and self._hidden_choice(candidates[0]):
            # Committing at once here, but asking when the hand allows two choices, would tell
            # the table what the hand holds: a choice no sensor sees is always the phone's.
            candidates = candidates * 2
        if len(candidates) > 1 or seen:
            self.ambiguous = previous  # kept if the same candidates stand (see below)
        else:
            self._ask(t, out, [])
        if len(candidates) == 1 and not seen:
            self._settled(out, t)
            self._matched(t, candidates[0], out)
            return
        if len(candidates) > 1 or seen:
            self._settled(out, t)
            self.pending = None
            # The hand may still be giving evidence (touching the cell that tells them
            # apart): ask once the player pauses, or at once on an end-turn press.
            candidates = list(dict.fromkeys(candidates))
            shown = seen or candidates
            if [fp.text for fp in shown] != [fp.text for fp in shown_before]:
                self.ask_at = t + self.settle_time(self.to_move)
            self.ambiguous, self.ambiguous_shown = candidates, shown
            return
        self.pending = None
        # A reading on its way to the computer's move shown on the board is that move being
        # carried out: the computer answered the previous move, which is final now (changing
        # it takes a take-back), so it is neither amended nor offered back.
        if self.guide is not None and idx.in_progress(diff, (self.guide,)):
            self.unmatched_since = None
            self._prompt(out, t, None, "illegal", "")
            return
        # A reading on its way to the next player's move is theirs, not an amendment, unless
        # it comes at once and the hand touched only what the two moves of the mover change
        # (a tile put on the wrong cell and moved on straight away).
        if self.amend:
            theirs = bool(idx.toward(diff, "public", first=True))
            if self._try_amend(t, out, strict=theirs):
                return
        if self._try_takeback(t, diff, out):
            return
        if self._moving(diff):
            self.unmatched_since = None
            self._prompt(out, t, None, "illegal", "")
            self._guide_privately(t, diff, out)
            return
        if self.unmatched_since is None:
            self.unmatched_since = t
        if self.correction is not None:
            self._update_correction(t, out)
        else:
            self._prompt(out, t, None, "illegal", "That is not a legal move here.")

    def _setup_words(self) -> str:
        """What to put where, by kind of piece, for a board being set up."""
        idx = self.index
        extra, missing = wrong_positions(idx.reading, self.reading, idx.empty)
        by_kind: dict[str, list[str]] = {}
        for p in missing:
            stack = idx.layout.get(p, ())
            by_kind.setdefault(stack[-1] if stack else "", []).append(p)
        parts = []
        for kind, cells in by_kind.items():
            shown = ", ".join(cells[:8]) + (f" and {len(cells) - 8} more" if len(cells) > 8
                                             else "")
            name = (self.game.piece_name(kind, plural=len(cells) > 1) if kind else "pieces")
            name = name if len(cells) > 1 else f"a {name}"
            parts.append(f"put {name} on {shown}")
        if extra:
            parts.append("take the pieces off " + ", ".join(extra))
        return "Set up the board: " + "; ".join(parts) + "."

    def _guide_privately(self, t: float, diff: Diff, out: list[OutEvent]) -> None:
        """A reading that public information allows but the mover's hand does not (a move
        tile slid with none in hand): the table and the lights stay as for any move in
        progress, and only the mover's phone says to put it back."""
        seat = self.to_move
        # One public move reading so is enough to know (thousands of hands may explain it).
        stuck = not self.index.matching(diff) and self.index.matching(
            diff, source="public", distinct=True)
        text = CANNOT if stuck else ""
        self._prompt(out, t, seat, "private", text)

    def _candidates(self, idx: FootprintIndex, diff: Diff, touched: set[str],
                    seat: str | None, base: _AmendBase | None = None) -> list[Footprint]:
        """Legal moves of ``idx`` that the reading shows and the mover's phone allows (the
        declarations are the amendment base's when matching an amendment)."""
        found = idx.matching(diff, touched)
        facets = base.declared if base else self.declared.get(seat or "", {})
        if facets:
            found = [fp for fp in found if all(fp.facets.get(k) == v for k, v in facets.items())]
        wanted = base.declared_move if base else self.declared_move.get(seat or "")
        if wanted:
            found = [fp for fp in found if fp.text == wanted]
        if len(found) > 1:
            found = self._by_path(found) or found
        if len(found) > 1:
            found = self._by_touch(found, touched) or found
        return found

    def _by_path(self, found: list[Footprint]) -> list[Footprint]:
        """Among moves the reading cannot tell apart, those whose path the hand followed."""
        placed = [p for _, p, v in self.turn.order if v != self.index.empty]
        keep = []
        for fp in found:
            stops = list(fp.path[1:-1])
            it = iter(placed)
            if stops and all(any(p == s for p in it) for s in stops):
                keep.append(fp)
        return keep

    def _hidden_choice(self, fp: Footprint, base: _AmendBase | None = None) -> bool:
        """The move needs its owner's phone: a facet no sensor sees that the mover has not
        declared, or a change on board cells no sensor of this build reads (a raise to an
        unsensed level), unless the mover declared the move or its facets."""
        seat = self.to_move or ""
        wanted = base.declared_move if base else self.declared_move.get(seat)
        if wanted == fp.text:
            return False
        declared = base.declared if base else self.declared.get(seat, {})
        facets_said = bool(fp.facets) and all(declared.get(k) == v
                                              for k, v in fp.facets.items())
        state = base.index.state if base else self.state
        if fp.facets and not facets_said and self.game.facets_need_confirmation(state, fp.move):
            return True
        return bool(self._unsensed(fp)) and not facets_said

    def _unsensed(self, fp: Footprint) -> frozenset[str]:
        """Board cells the move changes that no sensor of this board reads."""
        return self.index.unsensed(fp)

    def _seen_by_table(self, idx: FootprintIndex, diff: Diff) -> list[Footprint]:
        """With the mover's hand hidden and nothing declared: the moves public information
        allows that read exactly so (what the table may judge the reading by); else none."""
        seat = self.to_move or ""
        if (not self.game.hand_hidden(self.state) or self.declared.get(seat)
                or self.declared_move.get(seat)):
            return []
        return idx.matching(diff, self.turn.touched, "public", distinct=True)

    def _ask(self, t: float, out: list[OutEvent], candidates: list[Footprint],
             asking: bool = False) -> None:
        """Show (or, with no candidates, withdraw) the phone question of an ambiguous reading;
        ``asking`` with no candidates: a reading the table allows but the hand does not."""
        seat = self.to_move
        if candidates:
            self._prompt(out, t, seat, "choose", "The board shows more than one move: "
                         "which did you make?", tuple(fp.text for fp in candidates))
        else:
            self.ask_at = None
            self._prompt(out, t, seat, "choose", "")
        old = self._prompts.get((seat, "private"))
        if asking and not candidates:
            self._prompt(out, t, seat, "private", CANNOT)
        elif old is not None and old.text == CANNOT:
            self._prompt(out, t, seat, "private", "")

    def _by_touch(self, found: list[Footprint], touched: set[str]) -> list[Footprint]:
        """Among moves with one reading, the one whose every changed sensed position the hand
        was seen to touch, when no other is (an Abalone push-off: the marble that fell off was
        lifted from its cell, although a marble of the other colour now stands there)."""
        sensed = self.spec.sensed
        full = [fp for fp in found if (fp.effect.changed & sensed) <= touched]
        return full if len(full) == 1 else []

    def _matched(self, t: float, fp: Footprint, out: list[OutEvent]) -> None:
        # A move the reading shows only through touches (a swap or a replace: the cells read
        # as before) is never final at once: a later touch may name other tiles.
        by_touch = bool(fp.touched - fp.changed)
        if not (self._extendable(fp) or by_touch):
            self._commit(t, fp, "sensors", out)
            return
        if not self.pending or self.pending.footprint is not fp:
            self.pending = _Pending(fp, t + self.settle_time(self.to_move))
        else:
            self.pending.deadline = t + self.settle_time(self.to_move)

    def _extendable(self, fp: Footprint) -> bool:
        facets = self.declared.get(self.to_move or "", {})
        return bool(self.index.extensions(fp, first=True, facets=facets))

    def _moving(self, diff: Diff) -> bool:
        """Pieces are in the air on the way to some legal move (of this player, or of the
        player whose provisional move may still grow).  Pieces only lifted are never an
        error: the player may be thinking, and judging them against the mover's own legal
        moves would tell the table what a hidden hand allows."""
        if all(v == self.index.empty for _, v in diff):
            return True
        wanted = self.declared_move.get(self.to_move or "")
        declared = self.index.find(wanted) if wanted else None
        # A declared move (the computer's, or the phone's) is the only one the board may be
        # on its way to; otherwise any move public information allows.
        if declared is not None:
            if self.index.in_progress(diff, (declared,)):
                return True
        elif self.index.toward(diff, "public", first=True):
            return True
        if self.amend:
            base = self.amend
            diff2 = base.index.diff_of(self.reading)
            return bool(base.index.toward(diff2, "public", first=True,
                                          keep=lambda fp: fp.move != base.footprint.move))
        return False

    def _try_amend(self, t: float, out: list[OutEvent], strict: bool = False) -> bool:
        base = self.amend
        assert base is not None
        if strict and t - base.committed_at > self.config.settle_max:
            return False
        diff = base.index.diff_of(self.reading)
        found = [fp for fp in self._candidates(base.index, diff, base.touched | self.turn.touched,
                                               base.seat, base)
                 if fp.move != base.footprint.move]
        if len(found) != 1:
            return False
        fp = found[0]
        if strict and not self.turn.touched <= base.footprint.moved | fp.moved:
            return False
        if self._hidden_choice(fp, base):
            # The sensors alone never make a move that needs its owner's phone, an amended
            # one included: whether it would tell the table what the hand holds.
            return False
        entry = self.history.pop()
        self.state = entry.state
        self._index = base.index
        self.ply -= 1
        self.turn.touched |= base.touched
        self._commit(t, fp, "sensors", out, amends=base.footprint.text)
        return True

    def _try_takeback(self, t: float, diff: Diff, out: list[OutEvent]) -> bool:
        if not self.history:
            return False
        key = frozenset(self.reading.items())
        base = self.amend
        if (base is not None and self.history[-1].reading == key
                and t - base.committed_at <= self.config.settle_max
                and not self.index.toward(diff, "public", first=True)):
            # The move the sensors took a moment ago is undone on the board at once, and the
            # next player could not be starting a move of theirs so (a piece set down on its
            # way elsewhere, a move put back): a provisional move is amended to none, as a
            # piece lifted and put back is no move.  (When the next player could be starting,
            # the board's next readings decide: an amendment, their move, or the offer.)
            log.info("ply %d: %s withdrawn (the board is back as before it)", self.ply,
                     base.footprint.text)
            self._take_back(t, len(self.history) - 1, out)
            return True
        if self.config.takeback == "off":
            return False
        for ply in range(len(self.history) - 1, -1, -1):
            if self.history[ply].reading == key:
                break
        else:
            if self.takeback_to is not None and not self.takeback_asked:
                # The board no longer shows the earlier position the offer was about: the
                # offer lapses (an end-turn press meant for the move now on the board must
                # not answer it).
                self.takeback_to = None
                self._prompt(out, t, None, "takeback", "")
            return False
        if self.config.takeback == "auto":
            self._take_back(t, ply, out)
            return True
        if self.takeback_to != ply:
            self.takeback_to = ply
            self.takeback_asked = False
            undone = ", ".join(e.footprint.text for e in self.history[ply:])
            self._prompt(out, t, None, "takeback", f"The board shows the position before "
                         f"{undone}. Take back?", ("accept", "decline"))
        return True

    def _take_back(self, t: float, ply: int, out: list[OutEvent]) -> None:
        undone = self.history[ply:]
        self.state = undone[0].state
        del self.history[ply:]
        self.ply = ply
        self._reset_turn()
        self.amend = None
        self.last_move = self.history[-1].footprint if self.history else None
        self._index = None
        self.takeback_to = None
        if self.clocks:
            self.clocks.start(self.to_move, t)
        self._prompt(out, t, None, "takeback", "")
        if self.reading and self.index.diff_of(self.reading):
            # Taken back on request: the pieces still stand after the move; guide them back.
            self.unmatched_since = t - self.config.grace
        out.append(TakenBack(t, ", ".join(e.footprint.text for e in undone),
                             self.game.position_text(self.state), self.ply))

    def _settled(self, out: list[OutEvent], t: float) -> None:
        """The board reads something recognisable: no correction, nothing illegal."""
        self.unmatched_since = None
        if self.correction is not None:
            self.correction = None
            out.append(Correction(t, False))
            self._prompt(out, t, None, "correction", "")
        self._prompt(out, t, None, "illegal", "")
        if self.takeback_to is not None:
            self.takeback_to = None
            self._prompt(out, t, None, "takeback", "")

    def _update_correction(self, t: float, out: list[OutEvent]) -> None:
        extra, missing = wrong_positions(self.index.reading, self.reading, self.index.empty)
        pairs = pair_up(extra, missing, self.geometry.distance)
        if pairs != self.correction:
            self.correction = pairs
            text = describe(pairs)
            out.append(Correction(t, True, tuple(pairs), text))
            self._prompt(out, t, None, "illegal", "")
            self._prompt(out, t, None, "correction", text)

    # ---- committing ------------------------------------------------------------------------

    def _commit(self, t: float, fp: Footprint, how: str, out: list[OutEvent],
                amends: str | None = None) -> None:
        seat = self.to_move or ""
        before = self.state
        idx = self.index
        # Whatever stood before the move (a take-back offer of a reading in passing, a
        # correction) is over: the board shows a legal move now.  A stale offer left standing
        # would be accepted by the next stray end-turn press.
        self._settled(out, t)
        # The footprint comes from this position's own legal moves: no need to generate them
        # all again to check it (apply would), on the path to the LED frame.
        assert idx.state is before, "a footprint of another position"
        after = self.game.play(before, fp.move)
        self.history.append(_Entry(before, fp, seat, frozenset(idx.reading.items())))
        first_at = self.amend.committed_at if amends and self.amend else t
        declared = (dict(self.amend.declared) if amends and self.amend
                    else dict(self.declared.get(seat, {})))
        declared_move = (self.amend.declared_move if amends and self.amend
                         else self.declared_move.get(seat))
        # Only a commit the sensors made on their own is provisional; one ended by the
        # button or the phone is the player's final word.
        self.amend = (_AmendBase(idx, fp, seat, set(self.turn.touched), first_at, declared,
                                 declared_move)
                      if how in ("sensors", "settle") else None)
        self.state = after
        self.ply += 1
        self._index = None
        self.last_move = fp
        if self.clocks:
            if amends:
                self.clocks.amend(seat, first_at, t)
            else:
                self.clocks.moved(seat, self.game.to_move(after), t)
        self.declared.pop(seat, None)
        self.declared_move.pop(seat, None)
        if self.draw_offers:
            self.draw_offers.clear()
            self._prompt(out, t, None, "draw", "")
        self._reset_turn()
        self._at_rest = True  # the board reads exactly the new position: no index needed yet
        self._prompt(out, t, seat, "choose", "")
        position = self.game.position_text(after)
        out.append(Committed(t, seat, fp.text, position, self.ply, amends, how))
        log.info("ply %d: %s %s (%s%s)", self.ply, seat, fp.text, how,
                 f", amends {amends}" if amends else "")
        self._check_over(t, out)

    def _reset_turn(self) -> None:
        if self.guide is not None:
            # A commit (the computer's move, or an amendment of the move it answered): the
            # computer's choice is spent either way.
            self.declared_move.pop(self.guide_seat, None)
            self.guide = None
            self._prompts.pop((None, "computer"), None)
        self.turn = _Turn()
        self.pending = None
        self.ambiguous = []
        self.ambiguous_shown = []
        self.ask_at = None
        self.unmatched_since = None
        self.correction = None

    def _check_over(self, t: float, out: list[OutEvent]) -> None:
        outcome = self.game.outcome(self.state)
        if outcome is not None and self.mode is not Mode.OVER:
            self.mode = Mode.OVER
            self.pending = None
            if self.clocks:
                self.clocks.stop(t)
            out.append(GameOver(t, outcome.winners, outcome.reason))
            out.append(BoardStatus(t, "over", outcome.reason))

    def _declared_without_trace(self, t: float, out: list[OutEvent]) -> None:
        """A move declared on the phone that no sensor sees commits on the unchanged board."""
        seat = self.to_move
        wanted = self.declared_move.get(seat or "")
        if wanted:
            fp = self.index.find(wanted)
            if fp is not None and not fp.diff:
                self._commit(t, fp, "phone", out)

    # ---- timing ----------------------------------------------------------------------------

    def _note_pause(self, gap: float) -> None:
        seat = self.to_move
        if seat is not None and gap < self.config.settle_max:
            self.pauses.setdefault(seat, deque(maxlen=24)).append(gap)

    def settle_time(self, seat: str | None) -> float:
        """How long an extendable move waits: about 2.5 times this player's usual pause
        between pieces, between 0.45 and 2.5 seconds."""
        pauses = self.pauses.get(seat or "")
        if not pauses or len(pauses) < 3:
            return self.config.settle
        guess = self.config.settle_factor * statistics.median(pauses)
        return min(self.config.settle_max, max(self.config.settle_min, guess))

    def _timers(self, t: float, out: list[OutEvent]) -> None:
        if self.clocks and self.mode is Mode.PLAYING:
            fallen = self.clocks.flagged(t)
            if fallen is not None:
                self._finish_by(t, TimeForfeit(fallen), out)
                return
        if self.ask_at is not None and t >= self.ask_at and self.ambiguous_shown:
            self.ask_at = None
            self._dirty = True
            self._ask(t, out, self.ambiguous, asking=True)
        if (self.end_turn_held is not None
                and t >= self.end_turn_held[0] + self.config.end_turn_hold):
            self._end_turn_settled(t, out)
        if self.pending and t >= self.pending.deadline and self.mode is Mode.PLAYING:
            self._commit(t, self.pending.footprint, "settle", out)
        if (self.unmatched_since is not None and self.correction is None
                and t - self.unmatched_since >= self.config.grace and self.mode is Mode.PLAYING):
            self._update_correction(t, out)

    # ---- buttons and phones ----------------------------------------------------------------

    def _button(self, t: float, button: str, out: list[OutEvent]) -> None:
        if button not in self.spec.buttons:
            out.append(Rejected(t, None, f"this board has no button {button!r}; its buttons: "
                                f"{', '.join(self.spec.buttons) or 'none'}"))
            return
        if button == "end-turn":
            self._end_turn(t, None, out)

    def _end_turn(self, t: float, seat: str | None, out: list[OutEvent]) -> None:
        if self.mode is not Mode.PLAYING:
            out.append(Rejected(t, seat, f"no move to end: the game is {self.mode.value}"))
            return
        if self.takeback_to is not None:
            self._take_back(t, self.takeback_to, out)
        elif self.pending:
            self._commit(t, self.pending.footprint, "end-turn", out)
        elif self.ambiguous:
            self._ask(t, out, self.ambiguous)
            out.append(Rejected(t, seat, "the board shows more than one move: choose yours "
                                "on your phone"))
        elif self.turn.touched and self.debouncer.in_flight and self.end_turn_held is None:
            # The last piece went down a moment ago and its sensor has not settled: the press
            # ends the reading that is landing, and nothing later (never the next player's
            # first touch: only a reading the player saw when pressing is theirs to confirm).
            self.end_turn_held = (t, seat)
        else:
            out.append(Rejected(t, seat, self._nothing_to_end()))

    def _end_turn_settled(self, t: float, out: list[OutEvent]) -> None:
        """The reading a held press was waiting for is in (or it did not come in time)."""
        assert self.end_turn_held is not None
        seat = self.end_turn_held[1]
        self.end_turn_held = None
        if self.mode is Mode.PLAYING and self.pending:
            self._commit(t, self.pending.footprint, "end-turn", out)
        elif self.mode is Mode.PLAYING and self.ambiguous:
            self._ask(t, out, self.ambiguous)
        else:
            out.append(Rejected(t, seat, self._nothing_to_end()))

    def _nothing_to_end(self) -> str:
        """Why an end-turn press ends nothing, in the words of what the board shows."""
        if self.reading and self.index.diff_of(self.reading):
            return ("nothing to end yet: the board does not show a whole move; finish it, or "
                    "put the pieces back")
        if self.turn.touched or not self.history:
            return "nothing to end: make your move on the board first"
        return "nothing to end: your move was already taken"

    def _phone(self, t: float, seat: str, raw: Mapping[str, Any], out: list[OutEvent]) -> None:
        try:
            action = act.parse_action(raw)
            self._phone_action(t, seat, action, out)
        except BoardError as exc:
            out.append(Rejected(t, seat, str(exc), dict(raw) if isinstance(raw, Mapping) else {}))

    def _phone_action(self, t: float, seat: str, action: act.Action, out: list[OutEvent]) -> None:
        seats = self.game.seats(self.state)
        if seat not in seats:
            raise act.ActionError(f"{seat!r} is not a seat of this game; seats: "
                                  f"{', '.join(seats)}")
        if isinstance(action, act.ResignAction):
            self._finish_by(t, Resign(seat), out)
            return
        if isinstance(action, act.DrawAction):
            if action.accept:
                if not self.draw_offers - {seat}:
                    raise act.ActionError("nobody has offered a draw")
                self._finish_by(t, AgreeDraw(), out)
            else:
                self.draw_offers.add(seat)
                self._prompt(out, t, None, "draw", f"{seat} offers a draw.",
                             ("accept",))
            return
        if isinstance(action, act.RequestTakeback):
            if not self.history:
                raise act.ActionError("there is no move to take back")
            if self.takeback_to is None:
                self.takeback_to = len(self.history) - 1
                self.takeback_asked = True
                last = self.history[-1]
                self._prompt(out, t, None, "takeback", f"{seat} asks to take back "
                             f"{last.footprint.text}. Take back?", ("accept", "decline"))
            return
        if isinstance(action, act.AnswerTakeback):
            if self.takeback_to is None:
                raise act.ActionError("there is no take-back to answer")
            if action.accept:
                self._take_back(t, self.takeback_to, out)
            else:
                self.takeback_to = None
                self._prompt(out, t, None, "takeback", "")
                self.unmatched_since = t - self.config.grace  # guide the board back now
            return
        if self.mode is not Mode.PLAYING:
            raise act.ActionError(f"the game is {self.mode.value}; that action waits for play")
        if seat != self.to_move:
            if self._amend_by_phone(t, seat, action, out):
                return
            raise act.ActionError(f"it is {self.to_move}'s turn, not {seat}'s")
        if isinstance(action, act.EndTurn):
            self._end_turn(t, seat, out)
        elif isinstance(action, act.Choose):
            pool = self.ambiguous or ([self.pending.footprint] if self.pending else [])
            chosen = [fp for fp in pool if fp.text == action.move]
            if not chosen:
                offered = ", ".join(fp.text for fp in pool) or "none"
                raise act.ActionError(f"{action.move!r} is not a move the board shows now "
                                      f"(it shows: {offered})")
            self._commit(t, chosen[0], "phone", out)
        elif isinstance(action, act.Declare):
            self._check_facets(self.state, action.facets)
            self.declared[seat] = dict(action.facets)
            self._evaluate(t, out)
        elif isinstance(action, act.DeclareMove):
            self.declared_move[seat] = self._declarable_move(self.state, action.move)
            self._evaluate(t, out)
        elif isinstance(action, act.Cancel):
            self.declared.pop(seat, None)
            self.declared_move.pop(seat, None)
            self._evaluate(t, out)

    def _check_facets(self, state: Any, facets: Mapping[str, str]) -> None:
        """Refuse a declaration no legal move of the mover's agrees with (a card or tile the
        hand does not hold, a facet this game does not have); the words go to that phone
        only, which may hear what its own hand allows."""
        allowed = self.game.declarable(state)
        for key, value in facets.items():
            if key not in allowed:
                known = (f"here you may declare: {', '.join(allowed)}" if allowed
                         else "no move here needs one: the board sees them all")
                raise act.ActionError(f"{key!r} is nothing to declare; {known}")
            if value not in allowed[key]:
                raise act.ActionError(f"none of your moves has {key} {value!r}; yours: "
                                      f"{', '.join(allowed[key])}")

    def _declarable_move(self, state: Any, text: str) -> str:
        """The text of a legal board move the mover's phone declares, or a refusal."""
        move = self.game.parse_move(state, text)
        if isinstance(move, (Resign, AgreeDraw, TimeForfeit)):
            raise act.ActionError(f"{text!r} is not a move to declare: to give up, use "
                                  "Resign on your own page (a seat resigns only for itself); "
                                  "to end in a draw, offer one")
        if not self.game.is_legal(state, move):
            self.game.apply(state, move)  # raises IllegalMoveError with the reason
        return self.game.move_text(move)

    def clock_json(self, t: float) -> dict[str, Any] | None:
        """The clocks as the pages show them (None: the game is untimed)."""
        return self.clocks.to_json(t) if self.clocks else None

    def _amend_by_phone(self, t: float, seat: str, action: act.Action,
                        out: list[OutEvent]) -> bool:
        """The previous mover's phone still speaks for their provisional move: what it says
        now (the pole a captured stone went to) may let the board's reading amend it."""
        base = self.amend
        if base is None or seat != base.seat or not isinstance(
                action, (act.Declare, act.DeclareMove, act.Choose)):
            return False
        if isinstance(action, act.Declare):
            self._check_facets(base.index.state, action.facets)
            base.declared.update(action.facets)
        else:
            base.declared_move = self._declarable_move(base.index.state, action.move)
        self._evaluate(t, out)
        return True

    def _computer_move(self, t: float, event: ComputerMove, out: list[OutEvent]) -> None:
        """The computer's choice: the board must now show exactly that move; the lights
        show it (from blinking, to steady) and the table page says it in words."""
        if event.move is None:  # a person plays the seat again: any legal move will do
            if self.guide is not None and self.guide_seat == event.seat:
                self.declared_move.pop(event.seat, None)
                self.guide = None
                self._prompt(out, t, None, "computer", "")
                self._dirty = True
                if self.mode is Mode.PLAYING:
                    self._evaluate(t, out)
            return
        if (self.mode is not Mode.PLAYING or event.ply != self.ply
                or event.seat != self.to_move or self.guide is not None or (
                    event.position and event.position != self.game.position_text(self.state))):
            # Stale: the game moved on (or the move it answered was amended); or a move is
            # already shown, which the person may be halfway through carrying out.
            return
        fp = self.index.find(event.move)
        if fp is None:
            out.append(Rejected(t, event.seat, f"the computer's move {event.move} is not legal "
                                "here"))
            return
        self.declared_move[event.seat] = fp.text
        self.guide, self.guide_seat = fp, event.seat
        self._dirty = True
        self._prompt(out, t, None, "computer", f"{self.game.seat_name(event.seat)} (computer) "
                     f"plays {fp.text}: {self._steps_words(fp)}")
        self._evaluate(t, out)

    def _steps_words(self, fp: Footprint) -> str:
        """A move as a hand does it: what to take away and where to put it."""
        emptied = [c.position for c in fp.effect.changes if len(c.after) < len(c.before)
                   or (c.before and c.after and c.after[-1] != c.before[-1])]
        filled = [c.position for c in fp.effect.changes if len(c.after) > len(c.before)
                  or (c.before and c.after and c.after[-1] != c.before[-1])]
        take = ", ".join(p for p in emptied if p not in filled) or "the pieces shown"
        put = ", ".join(filled) or "nowhere"
        return f"take from {take}, put on {put} (the lights blink where to take from)."

    def _finish_by(self, t: float, move: Resign | AgreeDraw | TimeForfeit,
                   out: list[OutEvent]) -> None:
        if self.mode is Mode.OVER:
            raise act.ActionError("the game is already over")
        self._settled(out, t)
        self.state = self.game.apply(self.state, move)
        self._index = None
        self._reset_turn()
        out.append(Committed(t, getattr(move, "seat", ""), self.game.move_text(move),
                             self.game.position_text(self.state), self.ply, None, "phone"))
        self._check_over(t, out)

    # ---- words and lights ------------------------------------------------------------------

    def _prompt(self, out: list[OutEvent], t: float, seat: str | None, kind: str, text: str,
                choices: tuple[str, ...] = ()) -> None:
        key = (seat, kind)
        old = self._prompts.get(key)
        if (old.text, old.choices) == (text, choices) if old else not text:
            return
        prompt = Prompt(t, seat, kind, text, choices)
        if text:
            self._prompts[key] = prompt
        else:
            self._prompts.pop(key, None)
        out.append(prompt)

    @property
    def prompts(self) -> list[Prompt]:
        """The prompts standing now (what a page that just opened should show)."""
        return list(self._prompts.values())

    def _picture(self) -> tuple[dict[str, Light], str]:
        lit = lambda p: self.game.lit_positions(self.variant, p)  # noqa: E731
        if (self._at_rest and self.mode is Mode.PLAYING and self.last_move is not None
                and self.guide is None):
            # Right after a commit: show the move without building the next position's index
            # (``prepare`` builds it off the latency path).
            emptied, filled = self._move_cells(self.last_move)
            return L.move_lights(emptied, filled, lit), "last move"
        idx = self.index
        if self.mode is Mode.SETUP:
            if not self.reading:
                return {}, "waiting for the board"
            if self.correction is not None:
                return L.correction_lights(self.correction, lit), "resume: correction"
            return L.setup_lights(idx.reading, self.reading, idx.empty, lit), "setup"
        if self.mode is Mode.DISCONNECTED:
            return self.lights, "disconnected"
        if self.correction is not None:
            return L.correction_lights(self.correction, lit), "correction"
        if self.takeback_to is not None:
            undone = self.history[self.takeback_to:]
            cells = {c.position for e in undone for c in e.footprint.effect.changes}
            return L.blink_lights(sorted(cells), L.TAKEBACK, lit), "take-back offered"
        if self.guide is not None and self.mode is Mode.PLAYING:
            # The computer's move, for a human to carry out: where from (blinking), where to.
            emptied, filled = self._move_cells(self.guide)
            return {**L.blink_lights(filled, L.COMPUTER_TO, lit),
                    **L.blink_lights(emptied, L.COMPUTER_FROM, lit)}, "computer's move"
        if self.ambiguous_shown and self.ask_at is None:  # asked: the candidates blink
            cells = {p for fp in self.ambiguous_shown for p in fp.changed}
            return L.blink_lights(sorted(cells), L.AMBIGUOUS, lit), "ambiguous"
        if self.mode is Mode.PLAYING and self.reading:
            diff = idx.diff_of(self.reading)
            if diff and self.pending is None:
                return self._progress_picture(diff, lit)
            if self.pending:
                fp = self.pending.footprint
                hints = idx.growth_targets(fp)
                emptied, filled = self._move_cells(fp)
                return L.move_lights(emptied, filled, lit, hints), "provisional"
        if self.last_move is not None:
            emptied, filled = self._move_cells(self.last_move)
            return L.move_lights(emptied, filled, lit), "last move"
        return {}, "idle"

    def _progress_picture(self, diff: Diff, lit: Any) -> tuple[dict[str, Light], str]:
        idx = self.index
        hints = idx.hint_targets(diff)  # public moves only: the lights are public
        if hints is not None:
            return L.move_lights((), (), lit, hints), "hints"
        if self._moving(diff):
            return {}, "moving"
        placed = [p for p, v in diff if v != idx.empty] or [p for p, _ in diff]
        return L.blink_lights(sorted(placed), L.ILLEGAL, lit), "illegal"

    def _move_cells(self, fp: Footprint) -> tuple[list[str], list[str]]:
        emptied = [c.position for c in fp.effect.changes if not c.after]
        filled = [c.position for c in fp.effect.changes if c.after]
        return emptied, filled

    def _show(self, t: float, out: list[OutEvent]) -> None:
        self._dirty = False
        lights, reason = self._picture()
        lights = {p: light for p, light in lights.items() if p in self.spec.led_index}
        if lights != self.lights or not self._framed:
            self._framed = True
            self.lights = lights
            out.append(LedsShown(t, self.spec.frame_of(lights), lights, reason))
