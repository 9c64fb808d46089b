"""What flows into the game session and what comes out of it.

Every event carries ``t``, seconds on the session's clock (monotonic; simulated in tests and
``boardlight simulate``).  Sensor threads, the serial link and web requests build inbound
events and post them to the one thread that owns the session; ``handle`` answers each with
the outbound events (what happened: a commit, a take-back, a frame for the LEDs, a refusal)
and the snapshot after it (``Handled``): what the LED driver, the pages, the event log and
the club read.

A request (a phone action, a press on the table page) carries a ``request`` id: the
session's refusal of it (``Rejected``) carries the same id, and nothing else answers it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from controller.physical import LedFrame, Light, Value
from controller.records import NOBODY, By
from controller.rules.base import Outcome
from controller.session.actions import Action
from controller.session.messages import Message
from controller.session.picture import Reason
from controller.session.snapshot import Snapshot

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
    """A button on the board (``end-turn``, ...); ``request``: the id of the page's request
    that pressed it (the simulated board's), 0 for the board's own button."""

    t: float
    button: str
    request: int = 0


@dataclass(frozen=True, slots=True)
class PhoneAction:
    """A choice made on a seat's phone page, parsed at the edge (``controller.session.
    actions``): ``request`` its request's id (0: none waits for the answer, as in a script),
    ``version`` the snapshot its page showed (None: not said, as in a script): an answer
    to an offer that has changed since is refused as stale."""

    t: float
    seat: str
    action: Action
    request: int = 0
    version: int | None = None


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
class RemoteMove:
    """The player of ``seat`` made ``move`` (move text) at ply ``ply`` on another board,
    ``board`` (its shown name; remote play, ``remote.play``): as with the computer's move, a
    human here carries it out, guided by the lights and the words.  ``move=None``: the move
    shown is withdrawn (the hand there went on and made another, which follows)."""

    t: float
    seat: str
    move: str | None
    ply: int
    board: str
    position: str = ""  # the position it was made in (its text; empty: not compared)


@dataclass(frozen=True, slots=True)
class RemotePosition:
    """The position at ply ``ply`` as the host board of a remote game holds it, its hidden
    parts (the other board's hands, the bag or pile) dealt for this board: this board takes
    it as its own.  The same public position changes nothing anyone sees; another one (the
    two boards disagree) is taken as well, the host board being the judge of record, and
    this board is guided to it (a correction)."""

    t: float
    ply: int
    position: str
    board: str


@dataclass(frozen=True, slots=True)
class RemoteFlag:
    """The clock of ``seat`` fell on the other board of a remote game: the game is lost on
    time here too (each board keeps its own clocks; they stop alike while the boards cannot
    reach each other, and the first to fall ends the game on both)."""

    t: float
    seat: str


@dataclass(frozen=True, slots=True)
class RemoteSeats:
    """The seats played at another board now (remote play), each with that board's shown
    name; empty: every seat is played here.  Until a move of such a seat arrives
    (``RemoteMove``), no move of it on this board is taken."""

    t: float
    boards: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class RemoteReach:
    """Whether the other board of a remote game can be reached: while it cannot, the clocks
    stop and the table says so (moves made here wait for it in the link's outbox)."""

    t: float
    board: str
    reached: bool


@dataclass(frozen=True, slots=True)
class PhonesJoined:
    """The seats whose player's phone is joined now (the web layer posts it whenever that
    changes): who may answer a take-back on their phone, and when the table answers for a
    side that has none."""

    t: float
    seats: frozenset[str]


@dataclass(frozen=True, slots=True)
class SeatNames:
    """The players' names by seat, as the host gave them (public, for the pages and the
    record of who made each move)."""

    t: float
    names: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class ComputerSeats:
    """The seats the computer plays now, with their levels (the computer's own moves say
    so in the record)."""

    t: float
    levels: Mapping[str, str]


InEvent = (RawScan | StableScan | StableChanges | ButtonPress | PhoneAction | Tick | LinkStatus
           | ComputerMove | PhonesJoined | SeatNames | ComputerSeats | RemoteMove | RemoteSeats
           | RemoteReach | RemotePosition | RemoteFlag)

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
    by: By = NOBODY  # who made it, as it stood then (the computer's level, the player's name)


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
class Dealt:
    """The position at ply ``ply`` was taken from the host board of a remote game
    (``RemotePosition``): ``position`` its text; ``agreed`` whether its public part was
    this board's (else the board is guided to it)."""

    t: float
    ply: int
    position: str
    agreed: bool


@dataclass(frozen=True, slots=True)
class LedsShown:
    """The light frame the LEDs show now, and what it means by position."""

    t: float
    frame: LedFrame
    lights: Mapping[str, Light]
    reason: Reason


@dataclass(frozen=True, slots=True)
class GameOver:
    t: float
    outcome: Outcome

    @property
    def winners(self) -> tuple[str, ...]:
        return self.outcome.winners


@dataclass(frozen=True, slots=True)
class Rejected:
    """A phone action or button the session could not take, and why (nothing changed): for
    that seat's phone only (``seat`` None: the board's button); ``request``: the id of the
    request it answers."""

    t: float
    seat: str | None
    reason: Message
    request: int = 0


OutEvent = Committed | TakenBack | LedsShown | GameOver | Rejected | Dealt


@dataclass(frozen=True, slots=True)
class Handled:
    """What one event came to: the events it made, in order, and the snapshot after it
    (the same object as before when nothing a reader sees has changed)."""

    events: list[OutEvent]
    snapshot: Snapshot

    def refusal(self, request: int) -> Message | None:
        """The session's refusal of request ``request``, if it refused it."""
        return next((e.reason for e in self.events
                     if isinstance(e, Rejected) and e.request == request), None)
