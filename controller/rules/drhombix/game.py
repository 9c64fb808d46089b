"""DRHOMBIX: all of ``shared/rules/drhombix.md``, both games on both boards.

The cuckoo game (``cuckoo.py``): place pieces from the reserve or raise your own, take
opponent pieces by sandwich and by nest, reach the apex to win.  The ant game (``ant.py``):
take the full pyramid apart; whoever removes the last piece loses; ``solver.py`` plays it
perfectly.  Texts are in ``text.py``, the physical board in ``physical.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from controller.errors import BoardError
from controller.rules.base import Effect, Game, Geometry, Outcome, Stack, Termination, Variant
from controller.rules.drhombix import ant, cuckoo, physical, text
from controller.rules.drhombix.board import Board, board
from controller.rules.drhombix.explain import explain, reading
from controller.rules.drhombix.physical import cell
from controller.rules.drhombix.state import DrhombixState, Move, Place, Raise, Remove
from controller.rules.drhombix.variants import VARIANTS
from controller.rules.drhombix.view import view
from controller.rules.drhombix.words import WORDS
from controller.said import Cell, From, Message, Piece, To, Who
from controller.said import Place as PlaceWords


def _board(state: DrhombixState) -> Board:
    return board(VARIANTS[state.variant].options["board"])


class Drhombix(Game[DrhombixState, Move]):
    name: ClassVar[str] = "drhombix"
    title: ClassVar[str] = "DRHOMBIX"
    default_variant: ClassVar[str] = "cuckoo-square"
    variants = VARIANTS
    words = WORDS

    # ---- set-up ------------------------------------------------------------------------------

    def setup(self, variant: str | None = None, seed: int = 0) -> DrhombixState:
        # Nothing is random in DRHOMBIX: the seed changes nothing.
        v = self.variant(variant)
        b = board(v.options["board"])
        if physical.is_ant(v):
            return DrhombixState(v.name, b.full, 0, (0, 0), 0, 0)
        pieces = v.options["pieces"]
        return DrhombixState(v.name, 0, 0, (pieces, pieces), 0, 0)

    def variant_of(self, state: DrhombixState) -> Variant:
        return VARIANTS[state.variant]

    def to_move(self, state: DrhombixState) -> str | None:
        if self.outcome(state) is not None:
            return None
        return VARIANTS[state.variant].seats[state.to_move]

    # ---- moves -------------------------------------------------------------------------------

    def legal_moves(self, state: DrhombixState) -> Sequence[Move]:
        if state.result is not None or self.board_outcome(state) is not None:
            return ()
        v = VARIANTS[state.variant]
        b = board(v.options["board"])
        if physical.is_ant(v):
            return tuple(ant.legal_moves(b, state.occupied))
        return tuple(cuckoo.legal_moves(b, v.options, state))

    # The last move played and the position after it, kept by identity: the session plays a
    # move and then describes it, and ``describe`` works out what the move took from the
    # position after it (states and moves are immutable; one tuple, replaced whole).
    _played: tuple[DrhombixState, Move, DrhombixState] | None = None

    def play(self, state: DrhombixState, move: Move) -> DrhombixState:
        last = self._played
        if last is not None and last[0] is state and last[1] is move:
            return last[2]
        after = self._play(state, move)
        self._played = (state, move, after)
        return after

    def _play(self, state: DrhombixState, move: Move) -> DrhombixState:
        v = VARIANTS[state.variant]
        b = board(v.options["board"])
        # ``play`` takes moves from ``legal_moves``: a placement is never an ant move, a
        # removal never a cuckoo move.
        if physical.is_ant(v):
            assert not isinstance(move, Place)
            taken = list(state.reserves)  # the pieces each player has taken off
            if isinstance(move, Remove):
                taken[state.to_move] += len(move.positions)
            return DrhombixState(state.variant, ant.play(b, state.occupied, move), 0,
                                 (taken[0], taken[1]), 0, 1 - state.to_move)
        assert not isinstance(move, Remove)
        return cuckoo.play(b, v.options, state, move)

    def explain_illegal(self, state: DrhombixState, move: Move) -> Message:
        why = explain(_board(state), VARIANTS[state.variant], state, move)
        return why if why is not None else super().explain_illegal(state, move)

    def explain_reading(self, state: DrhombixState, lifted: frozenset[str],
                        placed: frozenset[str]) -> Message | None:
        return reading(_board(state), VARIANTS[state.variant], state, self.legal_moves(state),
                       lifted, placed)

    # ---- words -------------------------------------------------------------------------------

    def describe(self, state: DrhombixState, move: Move) -> Message:
        """A placement, a raise (with the pieces it takes by sandwich and by nest, worked out
        from the position before the move), or the ant game's pieces taken off."""
        v = VARIANTS[state.variant]
        b = board(v.options["board"])
        if isinstance(move, Remove):
            # One level (the rules): said once, after the squares.
            level = b.level[b.index[move.positions[0]]] + 1
            return Message.of("drhombix.remove", n=len(move.positions), level=level,
                              cells=tuple(Cell(cell(p).name) for p in move.positions))
        mover = v.seats[state.to_move]
        where: dict[str, Any]
        if isinstance(move, Raise):
            kind = "drhombix.raise"
            where = {"source": cell(move.source), "target": cell(move.target)}
        else:
            kind = "drhombix.place"
            where = {"from": From(physical.reserve(mover)), "to": To(cell(move.target))}
        took = []
        if not physical.is_ant(v):
            # The opponent's pieces gone after the move: the nest capture the move names, and
            # the sandwiches it closed (which happen by themselves).
            other = v.seats[1 - state.to_move]
            _, theirs = cuckoo.sides(state)
            gone = theirs & ~self.play(state, move).occupied
            if move.capture is not None:
                gone &= ~(1 << b.index[move.capture])
            sandwiched = b.names_of(gone)
            if sandwiched:
                took.append(Message.of("drhombix.took.sandwich", n=len(sandwiched),
                                       piece=Piece(other, len(sandwiched)),
                                       **{"from": tuple(From(cell(p)) for p in sandwiched)}))
            if move.capture is not None:
                took.append(Message.of("drhombix.took.nest", piece=Piece(other),
                                       **{"from": From(cell(move.capture))}))
        if took:
            return Message.of(f"{kind}.taking", took=tuple(took), **where)
        return Message.of(kind, **where)

    def place(self, position: str) -> PlaceWords:
        return physical.place(position)

    def facet_said(self, facet: str, value: str) -> Any:
        """A part of a move above the base: a place (``removed``: the places, in a list)."""
        cells = tuple(cell(p) for p in value.split(",") if p)
        return cells if facet == "removed" else cells[0] if len(cells) == 1 else value

    # ---- the end -------------------------------------------------------------------------------

    def board_outcome(self, state: DrhombixState) -> Outcome | None:
        v = VARIANTS[state.variant]
        b = board(v.options["board"])
        seats = v.seats
        mover, other = seats[state.to_move], seats[1 - state.to_move]
        if physical.is_ant(v):
            if state.occupied:
                return None
            # Whoever took the last piece off (the player who moved last) loses.
            return Outcome.of((mover,), Termination.LAST_PIECE, who=Who(other))
        if state.occupied >> b.apex & 1:
            top = "b" if state.black >> b.apex & 1 else "w"
            return Outcome.of((top,), Termination.APEX, who=Who(top))
        if not cuckoo.has_move(b, state):
            return Outcome.of((other,), Termination.NO_MOVE, who=Who(mover))
        return None

    def solve(self, state: DrhombixState) -> str:
        """The seat that wins with perfect play (ant game): ``first`` or ``second``, the
        players named by who moved first in the game."""
        v = VARIANTS[state.variant]
        if not physical.is_ant(v):
            raise BoardError(f"drhombix {v.name} has no perfect-play solver; the solver plays "
                             "the ant game (--variant ant-square or ant-triangle)")
        outcome = self.outcome(state)
        if outcome is not None:
            return outcome.winners[0] if outcome.winners else "draw"
        from controller.rules.drhombix.solver import solver
        wins = solver(v.options["board"]).wins(state.occupied)
        return v.seats[state.to_move if wins else 1 - state.to_move]

    # ---- views and text ------------------------------------------------------------------------

    def view(self, state: DrhombixState, seat: str | None) -> dict[str, Any]:
        # Nothing in DRHOMBIX is hidden: every seat sees what the table sees.
        return view(self, state)

    def position_text(self, state: DrhombixState) -> str:
        return text.position_text(VARIANTS[state.variant], state)

    def parse_position(self, text_: str, variant: str | None = None) -> DrhombixState:
        return text.parse_position(self.variant(variant), text_)

    def board_move_text(self, move: Move) -> str:
        return text.move_text(move)

    def parse_board_move(self, state: DrhombixState, text_: str) -> Move:
        return text.parse_move(_board(state), text_)

    # ---- the physical board ------------------------------------------------------------------

    def geometry(self, variant: str | None = None) -> Geometry:
        return physical.geometry(self.variant(variant).name)

    def layout(self, state: DrhombixState) -> Mapping[str, Stack]:
        return physical.layout(VARIANTS[state.variant], state)

    def effect(self, state: DrhombixState, move: Move) -> Effect:
        return physical.effect(VARIANTS[state.variant], state, self.play(state, move), move)

    def move_facets(self, state: DrhombixState, move: Move) -> Mapping[str, str]:
        return physical.facets(_board(state), move)

    def facets_need_confirmation(self, state: DrhombixState, move: Move) -> bool:
        # A facet here is where a piece went above the base: public, on the table for all to
        # see, so committing at once tells nobody anything they could not see.
        return False

    def lit_positions(self, variant: str, position: str) -> tuple[str, ...]:
        return physical.lit_positions(variant, position)

    def profile_name(self, variant: str | None = None) -> str:
        board = self.variant(variant).options["board"]
        return self.name if board == "square" else f"{self.name}-{board}"

    def piece_name(self, piece: str, plural: bool = False) -> str:
        word = {"w": "white piece", "b": "black piece"}.get(piece, "piece")
        return word + ("s" if plural else "")

    def seat_name(self, seat: str) -> str:
        return {"w": "White", "b": "Black"}.get(seat, seat.capitalize() + " player")

    def pieces(self, variant: str | None = None) -> tuple[str, ...]:
        # The ant game is played with pieces of one kind, owned by nobody.
        return ("o",) if physical.is_ant(self.variant(variant)) else ("w", "b")


DRHOMBIX = Drhombix()
