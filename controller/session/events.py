"""What flows into the game session and what comes out of it.

Every event carries ``t``, seconds on the session's clock (monotonic; simulated in tests and
``boardlight simulate``).  Sensor threads, the serial link and web requests build inbound
events and post them to the one thread that owns the session; the session answers with
outbound events that the LED driver, the web pages and the event log consume.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from controller.physical import LedFrame, Light, Value
from controller.rules.base import Outcome
from controller.session.messages import Message
from controller.session.picture import Mode, Reason
from controller.session.prompts import PromptKind

How = Literal["sensors", "end-turn", "settle", "phone"]
"""How a move was committed: the sensors alone (provisional: the same hand may still amend
it), the end-turn button or the phone's end-turn (final), the settle time after a move that
could still grow, or the phone (a choice, or a move no sensor sees)."""

# ---- inbound ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RawScan:
    """One raw scan of every sensor, not yet debounced (GPIO matrix, simulated board)."""

    t: float
    values: tuple[Value, ...]


@dataclass(frozen=True, slots=True)
class StableScan:
    """A full, already debounced reading (a microcontroller's full scan)."""

    t: float
    values: tuple[Value, ...]


@dataclass(frozen=True, slots=True)
class StableChanges:
    """Debounced changes since the last report: (sensor index, new value) pairs."""

    t: float
    changes: tuple[tuple[int, Value], ...]


@dataclass(frozen=True, slots=True)
class ButtonPress:
    """A button on the board (``end-turn``, ...)."""

    t: float
    button: str


@dataclass(frozen=True, slots=True)
class PhoneAction:
    """A choice made on a seat's phone page (see ``controller.session.actions``)."""

    t: float
    seat: str
    action: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Tick:
    """Time passes with nothing else happening (the runner posts it when a timer is due)."""

    t: float


@dataclass(frozen=True, slots=True)
class LinkStatus:
    """The board's link came up or went down (serial cable pulled, device reset)."""

    t: float
    connected: bool
    detail: str = ""


@dataclass(frozen=True, slots=True)
class ComputerMove:
    """The computer playing ``seat`` chose ``move`` (move text) for ply ``ply`` of the
    position ``position`` (its text; empty: whatever position the ply has); a human carries
    it out on the board, guided by the lights.  ``move=None``: the computer no longer plays
    ``seat``, and the move it showed is withdrawn."""

    t: float
    seat: str
    move: str | None
    ply: int
    position: str = ""


@dataclass(frozen=True, slots=True)
class PhonesJoined:
    """The seats whose player's phone is joined now (the web layer posts it whenever that
    changes): who may answer a take-back on their phone, and when the table answers for a
    side that has none."""

    t: float
    seats: frozenset[str]


InEvent = (RawScan | StableScan | StableChanges | ButtonPress | PhoneAction | Tick | LinkStatus
           | ComputerMove | PhonesJoined)

# ---- outbound ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Committed:
    """A move was committed (``amends`` names the provisional move it replaces, if any):
    ``move`` its text (the game's notation, for the log), ``said`` what it did (the game's
    description, for people), ``ends`` whether it is an action that ends the game without a
    board move (a resignation, an agreed draw, a fallen flag), ``by_computer`` whether the
    computer chose it."""

    t: float
    seat: str
    move: str
    position: str
    ply: int
    amends: str | None = None
    how: How = "sensors"
    said: Message | None = None
    ends: bool = False
    by_computer: bool = False  # the computer chose it (a human carried it out)


@dataclass(frozen=True, slots=True)
class TakenBack:
    """Moves were taken back: ``move`` their texts, ``undone`` what they did, back to
    ``ply``."""

    t: float
    move: str
    position: str
    ply: int
    undone: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class LedsShown:
    """The light frame the LEDs show now, and what it means by position."""

    t: float
    frame: LedFrame
    lights: Mapping[str, Light]
    reason: Reason


@dataclass(frozen=True, slots=True)
class Prompt:
    """Something to say to a phone (``seat``) or the table page (``seat`` None), of one
    ``PromptKind`` (``controller.session.prompts``).  ``message`` None clears the earlier
    prompt of that kind for that reader."""

    t: float
    seat: str | None
    kind: PromptKind
    message: Message | None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Correction:
    """Correction mode: pieces to move back, as (from, to) pairs; ``None`` means "remove it"
    (to) or "bring a piece" (from)."""

    t: float
    active: bool
    pairs: tuple[tuple[str | None, str | None], ...] = ()


@dataclass(frozen=True, slots=True)
class GameOver:
    t: float
    outcome: Outcome

    @property
    def winners(self) -> tuple[str, ...]:
        return self.outcome.winners


@dataclass(frozen=True, slots=True)
class BoardStatus:
    """``setup`` (waiting for the start position), ``playing``, ``disconnected``, ``over``."""

    t: float
    status: Mode
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Rejected:
    """A phone action or button the session could not take, and why (nothing changed): for
    that seat's phone only (``seat`` None: the board's button)."""

    t: float
    seat: str | None
    reason: Message
    action: Mapping[str, Any] = field(default_factory=dict)


OutEvent = (Committed | TakenBack | LedsShown | Prompt | Correction | GameOver | BoardStatus
            | Rejected)
