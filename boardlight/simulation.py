"""The whole pipeline on a simulated clock: a simulated board, scanned at the profile's rate,
feeding the game session; deterministic and faster than real time.

A script is JSON lines, times in seconds from the start, read by ``controller.script`` (the
format ``boardlight emulator`` takes too; see ``docs/simulate.md``):

    {"t": 0.0, "lift": "C3"}
    {"t": 0.4, "place": "D3"}                   (the piece lifted last, or "piece": "w")
    {"t": 0.9, "button": "end-turn"}
    {"t": 1.0, "phone": {"seat": "b", "type": "choose", "move": "C3C5D4"}}
    {"t": 2.0, "play": "C3D3", "gap": 0.3}      (the hand steps of a move, from the position
                                                 committed at that time, "gap" s apart)
"""

from __future__ import annotations

import heapq
import json
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from controller.errors import BoardError
from controller.physical import BoardSpec
from controller.rules.base import Game, Stack
from controller.script import ScriptBoard, ScriptError
from controller.script import parse_script as read_script
from controller.session.actions import ActionError, parse_action
from controller.session.events import (
    ButtonPress,
    Committed,
    Dealt,
    GameOver,
    Handled,
    InEvent,
    LedsShown,
    OutEvent,
    PhoneAction,
    RawScan,
    Rejected,
    TakenBack,
)
from controller.session.handplan import hand_steps
from controller.session.messages import Message
from controller.session.mode import Mode
from controller.session.prompts import PromptKind
from controller.session.session import GameSession, SessionConfig
from controller.session.snapshot import Snapshot
from hardware.simboard import NoiseModel, SimulatedBoard
from web_ui.i18n import DEFAULT
from web_ui.words import Words, words
from web_ui.words import correction as correction_words

# ---- what the simulation says changed, read off the session's snapshots --------------------


@dataclass(frozen=True, slots=True)
class Prompt:
    """A prompt that came up (``message``) or went away (``message`` None) for a phone
    (``seat``) or the table page (``seat`` None), between two snapshots."""

    t: float
    seat: str | None
    kind: PromptKind
    message: Message | None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Correction:
    """Correction began or changed (``active``: pieces to move back, as (from, to) pairs;
    ``None`` means "remove it" (to) or "bring a piece" (from)), or it ended."""

    t: float
    active: bool
    pairs: tuple[tuple[str | None, str | None], ...] = ()


@dataclass(frozen=True, slots=True)
class BoardStatus:
    """The board's mode changed (``setup``, ``playing``, ``disconnected``, ``over``)."""

    t: float
    status: Mode
    detail: str = ""


Output = OutEvent | Prompt | Correction | BoardStatus


def changes(t: float, before: Snapshot | None, after: Snapshot) -> list[Output]:
    """What changed between two snapshots, as a script's reader follows it: the mode, the
    correction, the prompts standing (each one that came up or changed, each one gone)."""
    out: list[Output] = []
    if before is not None and after.mode != before.mode:
        out.append(BoardStatus(t, after.mode, _why(before.mode, after)))
    pairs = after.correction
    if (before.correction if before is not None else None) != pairs:
        out.append(Correction(t, True, pairs) if pairs is not None else Correction(t, False))
    old = {(p.seat, p.kind): p for p in (before.prompts if before is not None else ())}
    now = {(p.seat, p.kind): p for p in after.prompts}
    for key, p in now.items():
        if old.get(key) != p:
            out.append(Prompt(t, p.seat, p.kind, p.message, p.choices))
    for key, p in old.items():
        if key not in now:
            out.append(Prompt(t, p.seat, p.kind, None))
    return out


def _why(before: Mode, after: Snapshot) -> str:
    if after.mode is Mode.OVER:
        return after.outcome.termination.value if after.outcome else ""
    if after.mode is Mode.PLAYING:
        return ("board connected" if before is Mode.DISCONNECTED
                else "the board matches the position")
    return ""


@dataclass(frozen=True, slots=True)
class Action:
    t: float
    kind: str            # lift | place | button | phone | play (and carry, from hand_actions)
    value: Any
    extra: dict[str, Any] = field(default_factory=dict)
    line: int = 0


def parse_script(lines: Iterable[str], board: ScriptBoard | None = None) -> list[Action]:
    """Read a script (``controller.script``: every mistake names its line and says what is
    expected; with ``board``, what it names is checked against that board) as actions."""
    actions = []
    for s in read_script(lines, board):
        extra: dict[str, Any] = {}
        if s.piece is not None:
            extra["piece"] = s.piece
        if s.gap is not None:
            extra["gap"] = s.gap
        actions.append(Action(s.t, s.kind, s.value, extra, s.line))
    return actions


def script_board(game: Game[Any, Any], variant: str, spec: BoardSpec) -> ScriptBoard:
    """What a script may name on the simulated board: every position of the game's board
    (sensed or not: a hand reaches a tray too), the profile's buttons, the variant's pieces."""
    return ScriptBoard(f"the {game.title} board ({variant})", game.geometry(variant).positions,
                       spec.buttons, game.pieces(variant))


class Simulation:
    """Board, session and clock.  ``step_to(t)`` advances scan by scan."""

    def __init__(self, game: Game[Any, Any], spec: BoardSpec, state: Any,
                 noise: NoiseModel | None = None, seed: int = 0,
                 config: SessionConfig | None = None,
                 on_output: Callable[[Output], None] | None = None,
                 board_layout: Mapping[str, Stack] | None = None) -> None:
        self.game = game
        self.spec = spec
        self.variant = game.variant_of(state).name
        layout = game.layout(state) if board_layout is None else board_layout
        self.board = SimulatedBoard(spec, layout, game, self.variant, noise, seed)
        self.session = GameSession(game, spec, state, config)
        self.session.prepare()  # as the runner does before the first scan
        self.snapshot = self.session.snapshot  # what the pages would show now
        self.period = spec.scan_period
        # Power-up: the board is scanned for a debounce window before script time 0, so the
        # session knows the start position when the first script line acts.
        self.t = -self.period * (spec.debounce_scans + 1)
        self.scans = 0
        self.outputs: list[Output] = []
        self.on_output = on_output
        self.latencies: list[float] = []  # host seconds from a stable change to its LED frame
        self.cpu_latencies: list[float] = []  # the same in CPU time (robust under other load)
        self._queue: list[tuple[float, int, Action]] = []
        self._seq = 0

    # ---- scheduling -------------------------------------------------------------------------

    def schedule(self, actions: Iterable[Action]) -> None:
        for a in actions:
            heapq.heappush(self._queue, (a.t, self._seq, a))
            self._seq += 1

    def step_to(self, t_end: float) -> None:
        """Run every scan up to ``t_end``, carrying out scheduled actions at their times."""
        while self.t + self.period <= t_end + 1e-9:
            next_scan = self.t + self.period
            while self._queue and self._queue[0][0] <= next_scan:
                at, _, action = heapq.heappop(self._queue)
                self._do(at, action)
            self.t = next_scan
            self.scans += 1
            self._feed(RawScan(self.t, self.board.scan(self.t)), timed=True)
            self.session.prepare()

    def run(self, actions: Iterable[Action], tail: float = 3.0) -> list[Output]:
        actions = list(actions)
        self.schedule(actions)
        end = max((a.t for a in actions), default=0.0) + tail
        self.step_to(end)
        while self._queue:  # "play" lines may have scheduled steps beyond the end
            self.step_to(max(a[0] for a in self._queue) + tail)
        return self.outputs

    # ---- carrying out actions ---------------------------------------------------------------

    def _do(self, at: float, action: Action) -> None:
        try:
            if action.kind == "lift":
                self.board.lift(action.value, at)
            elif action.kind == "place":
                self.board.place(action.value, at, action.extra.get("piece"))
            elif action.kind == "button":
                self._feed(ButtonPress(at, action.value))
            elif action.kind == "phone":
                payload = dict(action.value)
                seat = payload.pop("seat")
                try:
                    parsed = parse_action(payload)
                except ActionError as exc:  # refused here, at the edge: the session never sees it
                    self._told_now(Rejected(at, seat, exc.message))
                    return
                self._feed(PhoneAction(at, seat, parsed))
            elif action.kind == "play":
                self.schedule(self.expand(action))
            elif action.kind == "carry":
                src, dst, t1 = action.value
                self.board.carry(src, dst, at, t1)
        except BoardError as exc:
            raise ScriptError(f"line {action.line} (t={action.t}): {exc}") from None

    def expand(self, action: Action) -> list[Action]:
        """The hand steps of a ``play`` line, from the position committed now (the latest
        snapshot's)."""
        state = self.snapshot.state
        move = self.game.parse_move(state, action.value)
        if not self.game.is_legal(state, move):
            self.game.apply(state, move)  # raises IllegalMoveError saying why
        gap = float(action.extra.get("gap", 0.25))
        steps = hand_steps(self.game.effect(state, move), before=self.game.layout(state))
        times = [action.t + k * gap for k in range(len(steps))]
        return hand_actions(steps, times, action.line)

    def post(self, event: InEvent) -> None:
        """Hand the session an event now (the runner's ``post``, on the simulated clock)."""
        self._feed(event)

    def _feed(self, event: InEvent, timed: bool = False) -> None:
        start, cpu = time.perf_counter(), time.thread_time()
        handled = self.session.handle(event)
        elapsed, cpu_elapsed = time.perf_counter() - start, time.thread_time() - cpu
        if timed and any(isinstance(o, LedsShown) for o in handled.events):
            self.latencies.append(elapsed)
            self.cpu_latencies.append(cpu_elapsed)
        for o in self._told(event.t, handled):
            self._told_now(o)

    def _told_now(self, event: Output) -> None:
        self.outputs.append(event)
        if self.on_output:
            self.on_output(event)

    def _told(self, t: float, handled: Handled) -> list[Output]:
        """The events, with what changed in the snapshot said before the first frame (the
        order a reader of the table meets them in: what happened, what to do, the lights)."""
        out: list[Output] = list(handled.events)
        if handled.snapshot is not self.snapshot:
            said = changes(t, self.snapshot, handled.snapshot)
            self.snapshot = handled.snapshot
            at = next((k for k, o in enumerate(out) if isinstance(o, LedsShown)), len(out))
            out[at:at] = said
        return out

    # ---- results ----------------------------------------------------------------------------

    def commits(self) -> list[Committed]:
        return [o for o in self.outputs if isinstance(o, Committed)]

    def rejected(self) -> list[Rejected]:
        return [o for o in self.outputs if isinstance(o, Rejected)]

    def final_moves(self) -> list[str]:
        """The moves standing at the end (amended ones replaced, taken-back ones removed)."""
        return [e.footprint.text for e in self.session.history.entries]


def hand_actions(steps: list[Any], times: list[float], line: int = 0) -> list[Action]:
    """Script actions for hand steps at the given times; each lift of a piece that is placed
    later also carries it there (so a noisy board brushes the sensors on the way)."""
    out = []
    for k, (s, at) in enumerate(zip(steps, times)):
        if s.action == "place":
            out.append(Action(at, "place", s.position, {"piece": s.piece}, line))
            continue
        out.append(Action(at, "lift", s.position, {}, line))
        dst = next(((o.position, times[j]) for j, o in enumerate(steps) if j > k
                    and o.action == "place" and o.piece == s.piece), None)
        if dst:
            out.append(Action(at, "carry", (s.position, dst[0], dst[1]), {}, line))
    return out


def to_json(event: Output, game: Game[Any, Any], lang: str = DEFAULT) -> dict[str, Any]:
    """One output line of ``boardlight simulate`` (the session's messages in words, in
    ``lang``)."""
    t = round(event.t, 4)
    if isinstance(event, Committed):
        line: dict[str, Any] = {"t": t, "commit": event.move, "position": event.position,
                                "seat": event.seat, "ply": event.ply, "how": event.how,
                                "words": words(event.said, game, lang) if event.said else ""}
        if event.amends:
            line["amends"] = event.amends
        return line
    if isinstance(event, LedsShown):
        return {"t": t, "leds": {p: light.to_json() for p, light in sorted(event.lights.items())},
                "reason": event.reason}
    if isinstance(event, Prompt):
        text = words(event.message, game, lang) if event.message else ""
        return {"t": t, "prompt": text, "kind": event.kind, "seat": event.seat,
                "choices": list(event.choices)}
    if isinstance(event, Correction):
        return {"t": t, "correction": [list(p) for p in event.pairs] if event.active else None,
                "text": correction_words(event.pairs, Words(game, lang)) if event.active
                else ""}
    if isinstance(event, TakenBack):
        return {"t": t, "takeback": event.move, "position": event.position, "ply": event.ply,
                "words": [words(u, game, lang) for u in event.undone]}
    if isinstance(event, GameOver):
        o = event.outcome
        return {"t": t, "game_over": {"winners": list(o.winners),
                                      "termination": o.termination.value,
                                      "words": words(o.said, game, lang)}}
    if isinstance(event, Rejected):
        return {"t": t, "rejected": words(event.reason, game, lang), "seat": event.seat}
    if isinstance(event, Dealt):
        return {"t": t, "dealt": event.ply, "agreed": event.agreed}
    return {"t": t, "status": event.status, "detail": event.detail}


def json_lines(events: Iterable[Output], game: Game[Any, Any], lang: str = DEFAULT
               ) -> Iterator[str]:
    for e in events:
        yield json.dumps(to_json(e, game, lang), separators=(",", ":"), ensure_ascii=False)
