"""A turn's values: the evidence gathered, what the phones declared, and the turn's phase.

The phase is one tagged value (docs/session.md draws the transitions):

* ``Idle``: the board reads the committed position;
* ``InProgress``: pieces are on their way to some move (the lights hint where);
* ``Provisional``: the board shows a whole move that could still grow (the first marble of a
  broadside): it waits for the end-turn button, the phone, or ``deadline``;
* ``Asking``: the board shows more than one move (or one a hidden hand must confirm): the
  mover's phone is asked at ``ask_at`` (``None``: asked);
* ``Unmatched``: the board shows no move and no move in progress since ``since``: after the
  grace time it turns into ``Correcting``;
* ``Correcting``: pieces to move back, as (from, to) pairs: to the committed position, or to
  the reading on its way to a move that the board went wrong from (``back_to``), whichever
  is nearer;
* ``TakebackOffered``: the board shows the position before ply ``ply`` (``asked_by`` None),
  or a phone asked to take the last move back (``asked_by`` that seat).

The computer's move shown for a human to carry out is not a phase: it is the computer's
declaration for its seat (``Declarations.by_computer``), and the turn goes through the same
phases while the human carries it out.

``Carrying`` is the computer's move while a hand carries it out.  ``Turn`` holds what the
session and the phones (``controller.session.phones``) share of the turn in play: the phase,
the last move while the sensors may amend it, the declarations, the draw offers and the
phones joined.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from controller.physical import Value
from controller.session.correction import Pair
from controller.session.footprints import NO_STEPS, Diff, Footprint, Steps
from controller.session.messages import Message
from controller.session.moves import Moves


@dataclass
class Evidence:
    """What the hands did since the last commit: positions touched, changes in order."""

    touched: set[str] = field(default_factory=set)
    order: deque[tuple[float, str, Value]] = field(default_factory=lambda: deque(maxlen=256))
    last_change: float | None = None


@dataclass(frozen=True, slots=True)
class Declarations:
    """What one seat's phone (or the computer playing it) said of the coming move: facets no
    sensor sees, or the whole move."""

    facets: Mapping[str, str] = field(default_factory=dict)
    move: str | None = None
    by_computer: bool = False  # the move is the computer's choice, shown for a human

    def __bool__(self) -> bool:
        return bool(self.facets) or self.move is not None

    def with_facets(self, facets: Mapping[str, str]) -> Declarations:
        return replace(self, facets={**self.facets, **facets})

    def agrees(self, fp: Footprint) -> bool:
        """The footprint has every declared facet and is the declared move, if any."""
        if self.move is not None and fp.text != self.move:
            return False
        return all(fp.facets.get(k) == v for k, v in self.facets.items())


NOTHING = Declarations()
AWAITED = Declarations(move="", by_computer=True)
"""A seat played at another board, its move not here yet: no move on this board agrees."""


@dataclass(frozen=True, slots=True)
class LastCommit:
    """The last move, committed by the sensors alone: it may still be amended (the same hand
    goes on, or moves a piece it put down on its way elsewhere) or withdrawn."""

    moves: Moves                  # the moves of the position before it
    footprint: Footprint
    seat: str
    touched: frozenset[str]
    at: float
    declared: Declarations


@dataclass(frozen=True, slots=True)
class Carrying:
    """The computer's move, committed, while the hand carrying it out may not be done: the
    sensors read the new position before every piece is where it goes (lifting the marble
    that starts an Abalone push-off reads as the whole push on a presence board).  Its words
    and lights stay until the hand has touched every sensed position the move changes
    (``left``: those not touched yet) and the board reads the position; a move no sensor
    sees a step of (``left`` None) stays said until the next move."""

    seat: str
    footprint: Footprint
    said: Message
    left: frozenset[str] | None

    @classmethod
    def of(cls, seat: str, fp: Footprint, said: Message, sensed: frozenset[str],
           touched: set[str]) -> Carrying | None:
        """The computer's move just committed, if the hand may not be done with it: sensed
        positions it changes that the hand has not touched yet, or no sensed position at all
        (no sensor can say when it is done)."""
        changed = fp.effect.changed & sensed
        if not changed:
            return cls(seat, fp, said, None) if fp.effect.changes else None
        left = changed - touched
        return cls(seat, fp, said, frozenset(left)) if left else None

    def touched(self, changed: set[str]) -> Carrying | None:
        """The hand goes on with the move: positions it touched are done.  A hand on a
        position the move does not change has gone on to the next move (None: the
        computer's words and lights give way to it)."""
        if changed - self.footprint.moved:
            return None
        if self.left is None:
            return self
        left = self.left - changed
        return replace(self, left=left) if left != self.left else self


# ---- the phase ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Idle:
    pass


@dataclass(frozen=True, slots=True)
class InProgress:
    cannot: bool = False  # public information allows it, the mover's hand does not
    steps: Steps = NO_STEPS  # what is left, where every move it may be making agrees
    since: float = 0.0    # when the board started to be on its way
    stalled: bool = False  # nothing changed for a while: the table says what it waits for
    diff: Diff = frozenset()  # the reading on its way (a correction may lead back to it)


@dataclass(frozen=True, slots=True)
class Provisional:
    footprint: Footprint
    deadline: float


@dataclass(frozen=True, slots=True)
class Asking:
    candidates: tuple[Footprint, ...]  # what the mover's phone chooses from
    shown: tuple[Footprint, ...]       # what the table may see of it (the lights)
    ask_at: float | None               # None: asked


@dataclass(frozen=True, slots=True)
class Unmatched:
    since: float
    back_to: Diff | None = None  # the last reading on its way to a move, if it came from one


@dataclass(frozen=True, slots=True)
class Correcting:
    pairs: tuple[Pair, ...]
    # The reading on its way to a move that the board went wrong from (the next player's
    # piece put down while a nest capture was still owed): the pairs lead back to it when
    # that is nearer than the committed position, and the correction ends on reaching it.
    back_to: Diff | None = None


@dataclass(frozen=True, slots=True)
class TakebackOffered:
    ply: int
    asked_by: str | None = None


Phase = Idle | InProgress | Provisional | Asking | Unmatched | Correcting | TakebackOffered


@dataclass
class Turn:
    """The turn in play, shared by the session and the phones."""

    phase: Phase = field(default_factory=Idle)
    last: LastCommit | None = None  # the last move, while the sensors may amend it
    declared: dict[str, Declarations] = field(default_factory=dict)
    draw_offers: list[str] = field(default_factory=list)
    phones: frozenset[str] = frozenset()  # the seats whose phone is joined

    def declarations(self, seat: str | None) -> Declarations:
        return self.declared.get(seat or "", NOTHING)
