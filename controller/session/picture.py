"""What the LEDs show: a pure function of the session's scene, most urgent picture first.

``RULES`` is the priority order, as data: each rule returns its picture and the reason, or
``None`` when it does not apply; the first that applies is shown.  Lights are public: hints
come only from the moves public information allows (``hint``), never from a hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Literal, NamedTuple

from controller.physical import Light, Value
from controller.session import lights
from controller.session.footprints import Diff, Footprint
from controller.session.mode import Mode
from controller.session.moves import Moves
from controller.session.turn import (
    Asking,
    Correcting,
    Idle,
    InProgress,
    Phase,
    Provisional,
    TakebackOffered,
)


class Scene(NamedTuple):
    """What a picture is made of (a named tuple: made on every event, and cheap to make)."""

    mode: Mode
    phase: Phase
    reading: Mapping[str, Value]
    moves: Callable[[], Moves]           # built on first use (not right after a commit)
    last_move: Footprint | None
    computer_move: Footprint | None      # the computer's move a human is to carry out
    computer_done: frozenset[str]        # its positions the hand has done (it is committed)
    undone: Sequence[Footprint]          # the moves a take-back offer would undo
    at_rest: bool                        # just committed: the board reads the new position
    lit: lights.LitPositions
    shown: Mapping[str, Light]           # what the LEDs show now (kept while disconnected)
    moving: Callable[[], bool]           # the reading is on its way to some move
    diff: Callable[[], Diff]             # the reading against the position (worked out once)
    last_lights: Callable[[], Mapping[str, Light]]  # ``move_of(last_move, lit)``, kept a move


# What a picture means (``LedsShown.reason``): one per rule, "waiting for the board" in setup.
Reason = Literal["last move", "waiting for the board", "setup", "disconnected", "correction",
                 "resume: correction", "take-back offered", "computer's move", "ambiguous",
                 "hints", "moving", "illegal", "provisional", "idle"]
Picture = tuple[dict[str, Light], Reason]
Rule = Callable[[Scene], Picture | None]


def move_of(fp: Footprint, lit: lights.LitPositions,
            hints: set[str] | frozenset[str] = frozenset()) -> dict[str, Light]:
    """A move's lights: where it came from, where it went, and where it may grow."""
    emptied, filled = fp.cells()
    return lights.move_lights(emptied, filled, lit, hints)


def just_committed(s: Scene) -> Picture | None:
    # Right after a commit: the move, without building the next position's moves (``prepare``
    # builds them off the latency path); until something else stands (a phone asking to take
    # it back).
    if s.at_rest and s.mode is Mode.PLAYING and s.last_move is not None \
            and s.computer_move is None and isinstance(s.phase, Idle):
        return dict(s.last_lights()), "last move"
    return None


def setting_up(s: Scene) -> Picture | None:
    if s.mode is not Mode.SETUP:
        return None
    if not s.reading:
        return {}, "waiting for the board"
    if isinstance(s.phase, Correcting):
        return lights.correction_lights(s.phase.pairs, s.lit), "resume: correction"
    return lights.setup_lights(s.moves().reading, s.reading, s.moves().empty, s.lit), "setup"


def disconnected(s: Scene) -> Picture | None:
    return (dict(s.shown), "disconnected") if s.mode is Mode.DISCONNECTED else None


def correcting(s: Scene) -> Picture | None:
    if isinstance(s.phase, Correcting):
        return lights.correction_lights(s.phase.pairs, s.lit), "correction"
    return None


def takeback_offered(s: Scene) -> Picture | None:
    if not isinstance(s.phase, TakebackOffered):
        return None
    cells = {c.position for fp in s.undone for c in fp.effect.changes}
    return lights.blink_lights(sorted(cells), lights.TAKEBACK, s.lit), "take-back offered"


def computer_move(s: Scene) -> Picture | None:
    # The computer's move, for a human to carry out: where from (blinking), where to.
    if s.computer_move is None or s.mode is not Mode.PLAYING:
        return None
    emptied, filled = s.computer_move.cells()
    emptied = [p for p in emptied if p not in s.computer_done]
    filled = [p for p in filled if p not in s.computer_done]
    return {**lights.blink_lights(filled, lights.COMPUTER_TO, s.lit),
            **lights.blink_lights(emptied, lights.COMPUTER_FROM, s.lit)}, "computer's move"


def asked(s: Scene) -> Picture | None:
    # Asked on the phone: the candidates blink (as the table may see them).
    if isinstance(s.phase, Asking) and s.phase.shown and s.phase.ask_at is None:
        cells = {p for fp in s.phase.shown for p in fp.changed}
        return lights.blink_lights(sorted(cells), lights.AMBIGUOUS, s.lit), "ambiguous"
    return None


def in_progress(s: Scene) -> Picture | None:
    if s.mode is not Mode.PLAYING or not s.reading or isinstance(s.phase, Provisional):
        return None
    diff = s.diff()
    if not diff:
        return None
    hints = s.moves().hint_targets(diff)  # public moves only: the lights are public
    if hints is not None:
        return {**lights.move_lights((), (), s.lit, hints), **_steps_left(s)}, "hints"
    if s.moving():
        return _steps_left(s), "moving"
    placed = [p for p, v in diff if v != s.moves().empty] or [p for p, _ in diff]
    return lights.blink_lights(sorted(placed), lights.ILLEGAL, s.lit), "illegal"


def _steps_left(s: Scene) -> dict[str, Light]:
    """A move on its way: what is left of it where every move it may be agrees (a captured
    piece to take off blinks, a position still to fill is steady; where they agree only that
    one of a few pieces must be taken off, each of those blinks), as the table's words say."""
    if not isinstance(s.phase, InProgress) or not s.phase.steps:
        return {}
    steps = s.phase.steps
    take = steps.take + (steps.take_one.places if steps.take_one else ())
    put = steps.put
    return {**lights.blink_lights(put, lights.STEP_PUT, s.lit),
            **lights.blink_lights(take, lights.STEP_TAKE, s.lit)}


def provisional(s: Scene) -> Picture | None:
    if s.mode is not Mode.PLAYING or not s.reading or not isinstance(s.phase, Provisional):
        return None
    fp = s.phase.footprint
    return move_of(fp, s.lit, s.moves().growth_targets(fp)), "provisional"


def last_move(s: Scene) -> Picture | None:
    return (dict(s.last_lights()), "last move") if s.last_move is not None else None


def idle(s: Scene) -> Picture:
    return {}, "idle"


RULES: tuple[Rule, ...] = (just_committed, setting_up, disconnected, correcting,
                           takeback_offered, computer_move, asked, in_progress, provisional,
                           last_move, idle)


def picture(scene: Scene) -> Picture:
    for rule in RULES:
        shown = rule(scene)
        if shown is not None:
            return shown
    raise AssertionError("the idle rule always applies")
