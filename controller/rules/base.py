"""The contract every game implements.

Shaped after python-chess (typed values, moves that round-trip through text, variants found by
name) and boardgame.io (a game is data plus pure functions; hidden information is stripped per
seat; randomness comes from a seed).  States are immutable; ``apply`` never accepts an illegal
move.

The physical half of the contract is what makes a sensor board possible:

* ``layout(state)`` says what physically stands on every position: a *stack* of piece kinds,
  bottom first.  Board cells, and also the zones a build may have beside the board (a tray of
  pushed-off marbles, a reserve, a supply of tiles, Plimus poles), are positions.
* ``effect(state, move)`` says what a move does to the pieces: which positions empty, fill,
  change colour or change stack height (``Change``), which positions a hand must touch, and,
  for moves made in steps (a multi-jump, a slide), the order in which the hand visits them.

The game session projects stacks onto what a sensor can read (``controller.physical``) and
matches the board's reading against the effects of the legal moves.  Moves that look the same
to the sensors (which tile was laid, which card was played) are told apart by choices made on a
player's phone; ``Effect.unseen`` names what the sensors cannot see.
"""

from __future__ import annotations

import dataclasses
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, Literal, NoReturn, Protocol, TypeVar

from controller.errors import IllegalMoveError, ParseError, UnknownVariantError
from controller.said import Cell, Message, Place, Template, Who, english

Seat = str
"""A seat at the table: the name a game gives a player (``"b"``, ``"green-1"``, ...)."""

Piece = str
"""A kind of physical piece as the sensors might tell it (``"b"``, ``"blue+"``, ``"3"``)."""

Stack = tuple[Piece, ...]
"""What stands on one position, bottom first; ``()`` is empty."""

EMPTY: Stack = ()


# --------------------------------------------------------------------------------------------
# Outcomes
# --------------------------------------------------------------------------------------------


class Termination(StrEnum):
    """How a game ended: a closed set (python-chess's ``Termination``), each with the typed
    parameters its ``Outcome`` carries (the wording layer says them: ``end.<value>``)."""

    # The position decides.
    PUSHED_OFF = "pushed-off"        # n: marbles pushed off (Abalone)
    NO_MOVE = "no-move"              # who: the seat that cannot move
    APEX = "apex"                    # who: the seat on the top of the pyramid (DRHOMBIX)
    LAST_PIECE = "last-piece"        # who: the seat that took the last piece off (ant game)
    SIX_IN_A_LINE = "six-in-a-line"  # piece, line, index: six equal tiles in a line (Crosswise)
    BOARD_FULL = "board-full"        # scores: every team's points (Crosswise)
    BLOCKED = "blocked"              # scores: nobody can play any more (Crosswise)
    CROSS = "cross"                  # side: the seats that formed a cross of five (Rhombus)
    NO_PIECES = "no-pieces"          # side: the seats with no piece left on the board (Rhombus)
    MOVE_LIMIT = "move-limit"        # n: moves played without a winner (a draw)
    NO_CAPTURE = "no-capture"        # n: moves in a row without a capture (Plimus, a draw)
    FORMED_UP = "formed-up"          # who, target: formed up on target's start area (Plimus)
    # The players decide.
    RESIGNED = "resigned"            # who
    TIME = "time"                    # who: ran out of time
    AGREED = "agreed"                # a draw the players agreed
    # A match of several games (``controller.rules.series``).
    SERIES_WON = "series-won"        # n: the wins that decided it
    SERIES_POINTS = "series-points"  # n: the most points, after the games
    SERIES_TIED = "series-tied"      # n: every player's points


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: who won (nobody: a draw), the termination, and its parameters
    (``controller.said`` values: ``Who``, numbers, tuples of them)."""

    winners: tuple[Seat, ...]
    termination: Termination
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, winners: Iterable[Seat], termination: Termination, **params: Any) -> Outcome:
        return cls(tuple(winners), termination, Message.of("", **params).params)

    @property
    def is_draw(self) -> bool:
        return not self.winners

    @property
    def said(self) -> Message:
        """Why the game ended, to be said (``end.<termination>`` with the parameters)."""
        return Message(f"end.{self.termination.value}", self.params)

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "draw": self.is_draw,
                "termination": self.termination.value, "said": self.said.to_json()}

    @classmethod
    def from_json(cls, data: Any) -> Outcome:
        """An outcome as ``to_json`` wrote it; raises ``ValueError`` saying what does not
        fit."""
        if not isinstance(data, Mapping):
            raise ValueError(f"an outcome is an object, not {data!r:.60}")
        winners = data.get("winners")
        if not isinstance(winners, list) or not all(
                isinstance(w, str) and 0 < len(w) <= 40 for w in winners) or len(winners) > 8:
            raise ValueError("an outcome's winners are a list of at most 8 seat names")
        try:
            termination = Termination(str(data.get("termination")))
        except ValueError:
            raise ValueError(f"{data.get('termination')!r:.40} is no termination; they are: "
                             + ", ".join(t.value for t in Termination)) from None
        said = Message.from_json(data.get("said", {"key": f"end.{termination.value}"}))
        if said.key != f"end.{termination.value}":
            raise ValueError(f"an outcome by {termination.value} is said as "
                             f"end.{termination.value}, not {said.key}")
        return cls(tuple(winners), termination, said.params)


PLAYERS_END = (Termination.RESIGNED, Termination.TIME, Termination.AGREED)
"""The ends the players decide, which a position text records in its result field."""


def result_field(outcome: Outcome | None) -> str | None:
    """The result field of a position text, written alike by every game: ``resigned:SEAT``,
    ``time:SEAT`` or ``draw``; None for a game still on or ended by the position itself."""
    if outcome is None or outcome.termination not in PLAYERS_END:
        return None
    if outcome.termination is Termination.AGREED:
        return "draw"
    who = dict(outcome.params)["who"]
    return f"{outcome.termination.value}:{who.seat}"


def read_result_field(text: str, seats: Sequence[Seat],
                      opponents: Callable[[Seat], Iterable[Seat]]) -> Outcome | None:
    """The outcome a result field writes (``result_field``), or None if ``text`` is no
    result field; raises ``ParseError`` for a result of no seat.  ``opponents(seat)``: the
    seats that win when ``seat`` resigns or runs out of time."""
    if text == "draw":
        return Outcome.of((), Termination.AGREED)
    kind, colon, seat = text.partition(":")
    if not colon or kind not in ("resigned", "time"):
        return None
    if seat not in seats:
        raise ParseError(f"{text!r}: {seat!r} is not a seat; the seats are: {', '.join(seats)}")
    return Outcome.of(opponents(seat), Termination(kind), who=Who(seat))


# --------------------------------------------------------------------------------------------
# Actions every game accepts: they have no physical trace and come from a phone.
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Resign:
    """A player gives up.  Allowed at any time before the game ends, on turn or not."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class AgreeDraw:
    """The players agreed a draw (the session collects the agreement of every seat)."""


@dataclass(frozen=True, slots=True)
class TimeForfeit:
    """A player's clock ran out: they lose on time (the session's clock decides this)."""

    seat: Seat


MetaMove = Resign | AgreeDraw | TimeForfeit


# --------------------------------------------------------------------------------------------
# The physical description
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Change:
    """One position before and after a move."""

    position: str
    before: Stack
    after: Stack

    @property
    def kind(self) -> str:
        """``fills``, ``empties``, ``recolours``, ``grows``, ``shrinks`` or ``replaces``.

        ``recolours`` is a change of the top piece with the height kept, as when an Abalone
        push puts a black marble where a white one stood.
        """
        if not self.before:
            return "fills"
        if not self.after:
            return "empties"
        if len(self.after) > len(self.before):
            return "grows"
        if len(self.after) < len(self.before):
            return "shrinks"
        if self.after[-1] != self.before[-1]:
            return "recolours"
        return "replaces"


@dataclass(frozen=True, slots=True)
class Effect:
    """What a move does to the pieces.

    ``changes``: every position whose stack differs after the move, in canonical position order.
    ``touched``: positions a hand must empty, at least for a moment, to make the move: where
    the stack's height changes, and where a piece is lifted and the same kind put back (a
    Crosswise swap).  A cell that a pushed line slides through (an Abalone push's contact
    cell) changes colour without ever being empty, so it is not touched.
    ``path``: for moves made in steps (a multi-jump, a slide), the positions the moving piece
    rests on in order, start first; empty when the order does not matter.
    ``unseen``: what no sensor can observe and a phone must say (``"tile"``, ``"card"``,
    ``"pole"``); empty when the sensors tell everything.
    """

    changes: tuple[Change, ...]
    touched: frozenset[str]
    path: tuple[str, ...] = ()
    unseen: tuple[str, ...] = ()

    @property
    def after(self) -> dict[str, Stack]:
        return {c.position: c.after for c in self.changes}

    @property
    def changed(self) -> frozenset[str]:
        return frozenset(c.position for c in self.changes)


def diff_layouts(before: Mapping[str, Stack], after: Mapping[str, Stack],
                 order: Sequence[str]) -> tuple[Change, ...]:
    """The changes between two layouts, in the given position order."""
    return tuple(
        Change(p, before.get(p, EMPTY), after.get(p, EMPTY))
        for p in order
        if before.get(p, EMPTY) != after.get(p, EMPTY)
    )


@dataclass(frozen=True, slots=True)
class Geometry:
    """Where positions lie, for drawing the board and for measuring hand distances.

    Coordinates are in cell units: neighbouring cells are about 1 apart.  ``cells`` are the
    positions on the board proper; ``zones`` lie beside it (trays, reserves, supplies, poles).
    """

    cells: tuple[str, ...]
    zones: tuple[str, ...]
    coords: Mapping[str, tuple[float, float]]
    shape: str = "grid"  # how a page draws a cell: "hex", "square", "node", "pyramid"

    @property
    def positions(self) -> tuple[str, ...]:
        return self.cells + self.zones

    def distance(self, a: str, b: str) -> float:
        (ax, ay), (bx, by) = self.coords[a], self.coords[b]
        return math.hypot(ax - bx, ay - by)


@dataclass(frozen=True, slots=True)
class Variant:
    """A named set of rules of one game."""

    name: str
    summary: str
    seats: tuple[Seat, ...]
    options: Mapping[str, Any] = field(default_factory=dict)


# --------------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------------

class GameState(Protocol):
    """What the base class needs of a state: the outcome set by resignation or agreement."""

    @property
    def result(self) -> Outcome | None: ...


S = TypeVar("S", bound=GameState)  # a game's state type: a frozen dataclass
M = TypeVar("M")  # a game's move type: a frozen, hashable value
M_co = TypeVar("M_co", covariant=True)



Source = Literal["legal", "hint", "public"]
"""A set of moves the session asks about: ``legal`` (the mover's own), ``hint`` (what the
lights may show: public information only), ``public`` (what any hand the table cannot rule out
could make: what the table may judge a reading by)."""


class MoveFinder(Protocol[M_co]):
    """What the session asks of a position whose moves are too many to list (see
    ``capabilities.FindsMoves.move_finder``).  Sources: ``legal`` (``legal_moves``), ``hint``
    (``hint_moves``), ``public`` (``public_moves``).  Cells are board cell names; occupancy
    only (the session checks each answer against its own sensed reading, so a finder may
    answer more)."""

    def reading(self, source: Source, occupied: Iterable[str], touched: Iterable[str],
                distinct: bool = False) -> Sequence[M_co]:
        """Moves after which exactly ``occupied`` cells hold a piece, changing only
        ``touched`` cells; ``distinct``: one move per distinct change of the board is enough
        (the others, alike but for what no sensor sees, may be left out)."""

    def toward(self, source: Source, emptied: Iterable[str], filled: Iterable[str],
               beyond: bool = False, facets: Mapping[str, str] | None = None,
               occupied: Iterable[str] = (), unfilled: Iterable[str] = (), arriving: int = 0
               ) -> Iterable[M_co]:
        """Moves that change every ``emptied`` cell and leave a piece on every ``filled``
        one; ``beyond``: that leave the ``emptied`` cells empty and change more cells than
        these; ``facets``: only moves with these facets; ``occupied``: that leave a piece on
        each of these cells; ``unfilled``: that end no piece on one of these cells that was
        not there before; ``arriving``: that take at least this many pieces from off the
        board (a reserve, a supply).  Lazily, each once."""

    def find(self, text: str) -> M_co | None:
        """The legal move written ``text``, or None."""

    def targets(self, source: Source, emptied: Iterable[str], filled: Iterable[str],
                beyond: bool = False, arriving: int = 0) -> Sequence[str] | None:
        """The cells the ``toward`` moves (with ``beyond`` and ``arriving``) end a piece on
        (entering a cell, or landing on a piece they take), without listing the moves; None:
        no move is on the way."""

    def prepare(self) -> None:
        """Do, before the first question, the work every question needs (the session calls
        it off the latency path, when a position is committed)."""


class Game(ABC, Generic[S, M]):
    """One game: its variants, and pure functions over immutable states.

    Subclasses implement the abstract methods; the base supplies legality checking, the
    meta actions (resignation, agreed draw) and a generic ``effect`` derived from layouts.
    The contract has a core (variants, setup, to move, legal moves, apply, outcome, view,
    text) and a physical part (geometry, layout, pieces, effects, what the lights and the
    phones may say); what only some games do (a hidden hand, a move finder, a solver, match
    rules, board builds) are capabilities, small protocols in ``controller.rules.capabilities``.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    variants: Mapping[str, Variant]
    default_variant: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "sample_hidden" in cls.__dict__ and "sample_hidden_for" not in cls.__dict__:
            # Remote play deals a guest board's position with sample_hidden_for: a game that
            # hid its hands only in sample_hidden would send the guest every hand.
            raise TypeError(f"{cls.__name__}: a game with hidden information overrides "
                            "sample_hidden_for (several seats at once); sample_hidden "
                            "follows from it")

    # ---- variants ---------------------------------------------------------------------------

    def variant(self, name: str | None = None) -> Variant:
        key = self.default_variant if name is None else name
        try:
            return self.variants[key]
        except KeyError:
            known = ", ".join(self.variants)
            raise UnknownVariantError(
                f"{self.name} has no variant {key!r}; the variants are: {known}") from None

    # ---- the rules --------------------------------------------------------------------------

    @abstractmethod
    def setup(self, variant: str | None = None, seed: int = 0) -> S:
        """The start position; ``seed`` drives every random element (shuffles, deals)."""

    @abstractmethod
    def variant_of(self, state: S) -> Variant:
        """The variant a state belongs to."""

    def seats(self, state: S) -> tuple[Seat, ...]:
        return self.variant_of(state).seats

    @abstractmethod
    def to_move(self, state: S) -> Seat | None:
        """The seat whose turn it is, or ``None`` when the game is over."""

    @abstractmethod
    def legal_moves(self, state: S) -> Sequence[M]:
        """Every legal board move (meta actions are always allowed and are not listed)."""

    def count_legal_moves(self, state: S) -> int:
        """``len(legal_moves(state))``; games override it with something faster for perft."""
        return len(self.legal_moves(state))

    def is_legal(self, state: S, move: M | MetaMove) -> bool:
        if isinstance(move, (Resign, AgreeDraw, TimeForfeit)):
            return self.outcome(state) is None and (
                isinstance(move, AgreeDraw) or move.seat in self.seats(state))
        return self.outcome(state) is None and move in self.legal_moves(state)

    def apply(self, state: S, move: M | MetaMove) -> S:
        """The state after ``move``; raises ``IllegalMoveError`` saying why it is refused."""
        if self.outcome(state) is not None:
            self.refuse(Message.of("illegal.game-over"))
        if isinstance(move, (Resign, TimeForfeit)):
            if move.seat not in self.seats(state):
                self.refuse(Message.of("illegal.not-a-seat", seat=str(move.seat)[:40],
                                       seats=tuple(Who(s) for s in self.seats(state))))
            how = Termination.RESIGNED if isinstance(move, Resign) else Termination.TIME
            return self._finish(state, Outcome.of(self.opponents(state, move.seat), how,
                                                  who=Who(move.seat)))
        if isinstance(move, AgreeDraw):
            return self._finish(state, Outcome.of((), Termination.AGREED))
        try:
            legal = move in self.legal_moves(state)
        except TypeError:  # an unhashable or incomparable value is no move of this game
            legal = False
        if not legal:
            self.refuse(self.explain_illegal(state, move))
        return self.play(state, move)

    def refuse(self, reason: Message) -> NoReturn:
        """Raise ``IllegalMoveError`` with ``reason`` (and its plain English, for logs and the
        command line)."""
        raise IllegalMoveError(reason, english(reason, self))

    @abstractmethod
    def play(self, state: S, move: M) -> S:
        """Apply a move already known to be legal (the fast path of perft and search)."""

    def explain_illegal(self, state: S, move: M) -> Message:
        """Why ``move`` is refused: a reason key of the game's words with its parameters.
        Said to the mover (it may name what the mover's own hand holds, never another
        hand); games override this with their own reasons."""
        return Message.of("illegal.not-legal", who=Who(self.to_move(state) or ""))

    def explain_reading(self, state: S, lifted: frozenset[str], placed: frozenset[str]
                        ) -> Message | None:
        """Why what the board shows is no legal move, from public information only (the
        table says it, beside the lights' fix): ``lifted`` are the sensed positions a piece
        was taken off, ``placed`` those a piece was put on or whose piece changed (a reading
        tells no more than the sensors do).  A reason of the game's words, or None when the
        game sees nothing to say beyond the session's own words (whose piece it is, where
        it could go)."""
        return None

    def same_side(self, state: S, a: Seat, b: Seat) -> bool:
        """Whether two seats play on one side (partners in a team game)."""
        return a == b

    def outcome(self, state: S) -> Outcome | None:
        result: Outcome | None = state.result
        return result if result is not None else self.board_outcome(state)

    @abstractmethod
    def board_outcome(self, state: S) -> Outcome | None:
        """The outcome the position itself decides (a win, no legal move, a move limit)."""

    def _finish(self, state: S, outcome: Outcome) -> S:
        return dataclasses.replace(state, result=outcome)  # type: ignore[type-var]

    # ---- what each seat may see --------------------------------------------------------------

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> dict[str, Any]:
        """A JSON-ready view of ``state`` for ``seat`` (``None``: the public table).

        Everything the seat may not see is left out: other hands, the order of a bag or pile.
        """

    def sample_hidden(self, state: S, seat: Seat, rng: random.Random) -> S:
        """A determinization of ``state`` for ``seat``, for a search that must not peek.

        The result equals ``state`` in everything ``seat`` may see (``view(result, seat) ==
        view(state, seat)``), and everything hidden from ``seat`` (the other hands, the order
        of a bag or pile, the secret seed that decides cards still to come) is drawn afresh
        with ``rng`` from what ``seat`` cannot see.  It depends only on what ``seat`` sees and
        on ``rng``: two states that look the same to ``seat`` give the same result for the
        same ``rng`` state.  A game without hidden information returns ``state`` itself.
        """
        return self.sample_hidden_for(state, (seat,), rng)

    def sample_hidden_for(self, state: S, seats: Collection[Seat], rng: random.Random) -> S:
        """``sample_hidden`` for several seats at once: equal to ``state`` in everything any
        of ``seats`` may see, everything hidden from all of them drawn afresh.  Remote play
        gives the guest board this for the seats its players hold (docs/remote.md): their
        own hands are real, every other hand and the bag are not, so the guest works out its
        own players' legal moves and learns nothing the host's players hold.  A game with
        hidden information overrides this (and ``sample_hidden`` follows)."""
        return state

    # ---- words -----------------------------------------------------------------------------

    words: ClassVar[Mapping[str, Template]] = {}
    """The game's own templates (``controller/rules/<game>/words.py``): its moves, places,
    ends and refusals, marked for the catalogs; the words every game shares are in
    ``controller.rules.words``."""

    @abstractmethod
    def describe(self, state: S, move: M) -> Message:
        """What a board move of ``state`` does, as data: a key of the game's words
        (``<game>.<kind>``) with typed parameters (``controller.said``): what moves where,
        which cards or tiles are played, what is captured, pushed off, taken, replaced.  Never
        a move text: the wording layer says it in the reader's language."""

    def description(self, state: S, move: M | MetaMove) -> Message:
        """``describe``, and the actions every game shares: a resignation, an agreed draw, a
        fallen flag."""
        if isinstance(move, Resign):
            return Message.of("move.resign", who=Who(move.seat))
        if isinstance(move, AgreeDraw):
            return Message.of("move.draw")
        if isinstance(move, TimeForfeit):
            return Message.of("move.time", who=Who(move.seat))
        return self.describe(state, move)

    def place(self, position: str) -> Place:
        """A position of the geometry as players name it: a ``Cell`` by its printed name, a
        zone beside the board as a ``Zone`` (its kind and owner or tile, never its id).
        Games with zones, or with cells named otherwise than their positions, override it."""
        return Cell(position)

    # ---- text ------------------------------------------------------------------------------

    @abstractmethod
    def position_text(self, state: S) -> str: ...

    @abstractmethod
    def parse_position(self, text: str, variant: str | None = None) -> S:
        """Read a position text; raises ``ParseError`` saying what is wrong."""

    @abstractmethod
    def board_move_text(self, move: M) -> str: ...

    @abstractmethod
    def parse_board_move(self, state: S, text: str) -> M: ...

    def move_text(self, move: M | MetaMove) -> str:
        if isinstance(move, Resign):
            return f"resign {move.seat}"
        if isinstance(move, AgreeDraw):
            return "draw"
        if isinstance(move, TimeForfeit):
            return f"time {move.seat}"
        return self.board_move_text(move)

    @staticmethod
    def is_meta(move: object) -> bool:
        """Whether ``move`` is one of the actions every game shares (no board move)."""
        return isinstance(move, (Resign, AgreeDraw, TimeForfeit))

    def parse_move(self, state: S, text: str) -> M | MetaMove:
        """Read a move text in the context of ``state``; raises ``ParseError``."""
        words = text.split()
        if words[:1] == ["resign"]:
            if len(words) != 2:
                raise ParseError("write a resignation as 'resign SEAT', e.g. 'resign "
                                 f"{self.seats(state)[0]}'")
            return Resign(words[1])
        if words == ["draw"]:
            return AgreeDraw()
        if words[:1] == ["time"] and len(words) == 2:
            return TimeForfeit(words[1])
        return self.parse_board_move(state, text.strip())

    def opponents(self, state: S, seat: Seat) -> tuple[Seat, ...]:
        """The seats that win when ``seat`` resigns or runs out of time."""
        return tuple(s for s in self.seats(state) if not self.same_side(state, s, seat))

    # ---- the physical board -----------------------------------------------------------------

    def facets_need_confirmation(self, state: S, move: M) -> bool:
        """Whether a move with facets must wait for its owner's phone even when it is the only
        reading.  The safe default is yes: committing at once when the hand allows one choice
        but asking when it allows two would tell the table what the hand holds.  A game whose
        facets are public for this move (a card lying open on the table) may say no."""
        return bool(self.move_facets(state, move))

    @abstractmethod
    def geometry(self, variant: str | None = None) -> Geometry: ...

    @abstractmethod
    def layout(self, state: S) -> Mapping[str, Stack]:
        """What physically stands on every position (cells and zones) that holds something."""

    @abstractmethod
    def pieces(self, variant: str | None = None) -> tuple[Piece, ...]:
        """Every kind of piece ``variant`` is played with (what a layout's stacks hold)."""

    def polarity(self, piece: Piece) -> int:
        """The magnet pole a piece shows a linear hall sensor: +1 north, -1 south.

        A game played with ``polarity`` sensing overrides this; the default tells nothing.
        """
        return 0

    def effect(self, state: S, move: M) -> Effect:
        """What ``move`` does to the pieces.  The default compares the two layouts; a game
        overrides it to add a path, touches or unseen choices, or to compute it faster."""
        after_state = self.play(state, move)
        changes = diff_layouts(self.layout(state), self.layout(after_state),
                               self.geometry(self.variant_of(state).name).positions)
        return Effect(changes, frozenset(
            c.position for c in changes if len(c.before) != len(c.after)))

    def hint_moves(self, state: S) -> Sequence[M]:
        """The moves the board's lights may hint at: public information only.

        A game with hidden hands returns the moves that public information allows (Rhombus:
        the open table cards), so that the lights never give a hand away.
        """
        return self.legal_moves(state)

    def public_moves(self, state: S) -> Sequence[M]:
        """The moves the seat to move *might* have, as far as public information tells.

        A game with hidden hands returns every move some hand consistent with the table could
        make (it may list moves the real hand cannot), so that the session can tell a move in
        progress from an illegal one without looking at the hand.  Games without hidden
        information return their legal moves.
        """
        return self.legal_moves(state)

    def move_facets(self, state: S, move: M) -> Mapping[str, str]:
        """What about ``move`` no sensor sees (``{"tile": "3"}``, ``{"card": "QS"}``).

        A player's phone declares facets; the session keeps only the candidate moves whose
        facets agree.  Games whose moves the sensors tell completely return ``{}``.
        """
        return {}

    def facet_said(self, facet: str, value: str) -> Any:
        """A facet's value (``move_facets``) as something to say (``controller.said``): a
        ``Card`` or a tuple of them, a tile's ``Piece``, a pole's ``Zone``.  Games with
        facets override it; the default says nothing beyond the value itself."""
        return value

    def declarable(self, state: S) -> dict[str, list[str]]:
        """Every facet of the legal moves with every value it takes (what the mover's phone
        may declare at all): ``{"cards": ["KD", "KH QH", ...]}``."""
        found: dict[str, set[str]] = {}
        for move in self.legal_moves(state):
            for key, value in self.move_facets(state, move).items():
                found.setdefault(key, set()).add(value)
        return {k: sorted(v) for k, v in sorted(found.items())}

    def facet_choices(self, state: S) -> dict[str, list[str]]:
        """The facets the legal moves differ in, with their values (what a phone offers to
        declare before moving); facets every move shares are left out."""
        return {k: v for k, v in self.declarable(state).items() if len(v) > 1}

    def seat_name(self, seat: Seat) -> str:
        """A seat as players call it ("Green 1"); games whose seats are letters override."""
        return seat.replace("-", " ").capitalize()

    def piece_name(self, piece: Piece, plural: bool = False) -> str:
        """A piece kind in words, for prompts ("black marble")."""
        return piece

    def successors(self, state: S) -> Iterable[tuple[M, S]]:
        for move in self.legal_moves(state):
            yield move, self.play(state, move)
