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
from controller.session.events import (
    ButtonPress,
    Committed,
    Correction,
    GameOver,
    InEvent,
    LedsShown,
    OutEvent,
    PhoneAction,
    Prompt,
    RawScan,
    Rejected,
    TakenBack,
)
from controller.session.handplan import hand_steps
from controller.session.session import GameSession, SessionConfig
from hardware.simboard import NoiseModel, SimulatedBoard
from web_ui.i18n import DEFAULT
from web_ui.words import Words, words
from web_ui.words import correction as correction_words


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
                 on_output: Callable[[OutEvent], None] | None = None,
                 board_layout: Mapping[str, Stack] | None = None) -> None:
        self.game = game
        self.spec = spec
        self.variant = game.variant_of(state).name
        layout = game.layout(state) if board_layout is None else board_layout
        self.board = SimulatedBoard(spec, layout, game, self.variant, noise, seed)
        self.session = GameSession(game, spec, state, config)
        self.session.prepare()  # as the runner does before the first scan
        self.period = spec.scan_period
        # Power-up: the board is scanned for a debounce window before script time 0, so the
        # session knows the start position when the first script line acts.
        self.t = -self.period * (spec.debounce_scans + 1)
        self.scans = 0
        self.outputs: list[OutEvent] = []
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

    def run(self, actions: Iterable[Action], tail: float = 3.0) -> list[OutEvent]:
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
                self._feed(PhoneAction(at, seat, payload))
            elif action.kind == "play":
                self.schedule(self.expand(action))
            elif action.kind == "carry":
                src, dst, t1 = action.value
                self.board.carry(src, dst, at, t1)
        except BoardError as exc:
            raise ScriptError(f"line {action.line} (t={action.t}): {exc}") from None

    def expand(self, action: Action) -> list[Action]:
        """The hand steps of a ``play`` line, from the position committed now."""
        state = self.session.state
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
        out = self.session.handle(event)
        elapsed, cpu_elapsed = time.perf_counter() - start, time.thread_time() - cpu
        if timed and any(isinstance(o, LedsShown) for o in out):
            self.latencies.append(elapsed)
            self.cpu_latencies.append(cpu_elapsed)
        for o in out:
            self.outputs.append(o)
            if self.on_output:
                self.on_output(o)

    # ---- results ----------------------------------------------------------------------------

    def commits(self) -> list[Committed]:
        return [o for o in self.outputs if isinstance(o, Committed)]

    def rejected(self) -> list[Rejected]:
        return [o for o in self.outputs if isinstance(o, Rejected)]

    def final_moves(self) -> list[str]:
        """The moves standing at the end (amended ones replaced, taken-back ones removed)."""
        return [e.footprint.text for e in self.session.history]


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


def to_json(event: OutEvent, game: Game[Any, Any], lang: str = DEFAULT) -> dict[str, Any]:
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
    return {"t": t, "status": event.status, "detail": event.detail}


def json_lines(events: Iterable[OutEvent], game: Game[Any, Any], lang: str = DEFAULT
               ) -> Iterator[str]:
    for e in events:
        yield json.dumps(to_json(e, game, lang), separators=(",", ":"), ensure_ascii=False)
