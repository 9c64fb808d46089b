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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from controller.errors import IllegalMoveError, ParseError, UnknownVariantError

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


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.  ``winners`` is empty for a draw."""

    winners: tuple[Seat, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "draw": self.is_draw, "reason": self.reason}


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
            raise IllegalMoveError(f"the game is over ({self.outcome(state).reason}); "  # type: ignore[union-attr]
                                   "start a new game to play on")
        if isinstance(move, (Resign, TimeForfeit)):
            if move.seat not in self.seats(state):
                seats = ", ".join(self.seats(state))
                raise IllegalMoveError(f"{move.seat!r} is not a seat of this game; seats: {seats}")
            winners = tuple(s for s in self.seats(state) if not self.same_side(state, s, move.seat))
            reason = (f"resignation of {move.seat}" if isinstance(move, Resign)
                      else f"time: {move.seat} ran out")
            return self._finish(state, Outcome(winners, reason))
        if isinstance(move, AgreeDraw):
            return self._finish(state, Outcome((), "agreement"))
        try:
            legal = move in self.legal_moves(state)
        except TypeError:  # an unhashable or incomparable value is no move of this game
            legal = False
        if not legal:
            raise IllegalMoveError(self.explain_illegal(state, move))
        return self.play(state, move)

    @abstractmethod
    def play(self, state: S, move: M) -> S:
        """Apply a move already known to be legal (the fast path of perft and search)."""

    def explain_illegal(self, state: S, move: M) -> str:
        """Why ``move`` is refused; games override this with their own reasons."""
        return (f"{self.move_text(move)} is not a legal move for {self.to_move(state)} "
                f"in this position")

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
        return state

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
