"""What flows into the game session and what comes out of it.

Every event carries ``t``, seconds on the session's clock (monotonic; simulated in tests and
``boardlight simulate``).  Sensor threads, the serial link and web requests build inbound
events and post them to the one thread that owns the session; the session answers with
outbound events that the LED driver, the web pages and the event log consume.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from controller.physical import LedFrame, Light, Value

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


InEvent = (RawScan | StableScan | StableChanges | ButtonPress | PhoneAction | Tick | LinkStatus
           | ComputerMove)

# ---- outbound ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Committed:
    """A move was committed (``amends`` names the provisional move it replaces, if any)."""

    t: float
    seat: str
    move: str
    position: str
    ply: int
    amends: str | None = None
    how: str = "sensors"  # sensors | end-turn | settle | phone | button


@dataclass(frozen=True, slots=True)
class TakenBack:
    t: float
    move: str
    position: str
    ply: int


@dataclass(frozen=True, slots=True)
class LedsShown:
    """The light frame the LEDs show now, and what it means by position."""

    t: float
    frame: LedFrame
    lights: Mapping[str, Light]
    reason: str


@dataclass(frozen=True, slots=True)
class Prompt:
    """Words for a phone (``seat``) or the table page (``seat`` None).

    ``kind``: ``choose`` (pick one of ``choices``), ``correction``, ``takeback``, ``setup``,
    ``illegal``, ``info``.  A prompt with no text clears the earlier one of that kind.
    """

    t: float
    seat: str | None
    kind: str
    text: str
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Correction:
    """Correction mode: pieces to move back, as (from, to) pairs; ``None`` means "remove it"
    (to) or "bring a piece" (from)."""

    t: float
    active: bool
    pairs: tuple[tuple[str | None, str | None], ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class GameOver:
    t: float
    winners: tuple[str, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class BoardStatus:
    """``setup`` (waiting for the start position), ``playing``, ``disconnected``, ``over``."""

    t: float
    status: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Rejected:
    """A phone action or button the session could not take, and why (nothing changed)."""

    t: float
    seat: str | None
    reason: str
    action: Mapping[str, Any] = field(default_factory=dict)


OutEvent = (Committed | TakenBack | LedsShown | Prompt | Correction | GameOver | BoardStatus
            | Rejected)
