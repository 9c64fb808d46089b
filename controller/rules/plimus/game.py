"""Plimus: all of ``shared/rules/plimus.md``; decisions and texts in docs/games/plimus.md.

Two or four teams of 12 magnetic stones (6 plus, 6 minus) cross a board of nodes and four
large poles to form up on the start area opposite their own.  Stones step along lines, jump
stones of the opposite sign, join into doubles and split again; doubles capture, and captured
stones go into the poles, where they stay in play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, ClassVar

from controller.rules.base import (
    Change,
    Effect,
    Game,
    Geometry,
    Outcome,
    Stack,
    Termination,
    Variant,
)
from controller.rules.plimus import explain, notation
from controller.rules.plimus.board import TEAMS, Board, default_board
from controller.rules.plimus.describe import describe
from controller.rules.plimus.movegen import generate
from controller.rules.plimus.moves import (
    UPPER,
    Move,
    Pass,
    PlaceBlank,
    PlimusMove,
    move_text,
    poles_text,
)
from controller.rules.plimus.state import MOVE_LIMIT, PlimusState, make_variants, team_index
from controller.rules.plimus.stones import (
    BLANK,
    BLANK_PIECE,
    DOUBLE,
    EMPTY,
    KINDS,
    PIECES,
    SINGLE,
    TOP,
    kind_of,
    stack_of,
    stones_of,
)
from controller.rules.plimus.view import table_view
from controller.rules.plimus.words import WORDS
from controller.said import COMPASS, Cell, Message, Place, To, Who, Zone

MEMO_SIZE = 256


class Plimus(Game[PlimusState, PlimusMove]):
    name: ClassVar[str] = "plimus"
    title: ClassVar[str] = "Plimus"
    default_variant: ClassVar[str] = "two-player"
    words = WORDS

    def __init__(self, board: Board | None = None, move_limit: int = MOVE_LIMIT,
                 free_turns: bool = False) -> None:
        """``board``: a board file's board (default: the shipped, invented one);
        ``move_limit``: moves in a row without a capture that end the game in a draw;
        ``free_turns``: let a multi-jump change its line at every landing."""
        self.board = board or default_board()
        self.variants = make_variants(self.board, move_limit, free_turns)
        self._foes = {name: tuple(frozenset(team_index(f) for f in v.options["foes"][s])
                                  for s in v.seats) for name, v in self.variants.items()}
        # What a team's finished formation looks like: its own single, of the field's sign,
        # on every field of the start area opposite its own.
        self._formation: dict[str, tuple[Callable[[tuple[int, ...]], Any], tuple[int, ...]]] = {}
        for team in TEAMS:
            area = self.board.start[self.board.targets[team]]  # at least two fields
            self._formation[team] = (
                itemgetter(*(n for n, _ in area)),
                tuple(SINGLE + kind_of(TEAMS.index(team), sign) for _, sign in area))
        # The moves of one position are asked for again and again (apply's check, the
        # session's footprints, its hints): keep those of the last few positions.
        self._memo: dict[PlimusState, tuple[PlimusMove, ...]] = {}
        self._steps: dict[tuple[int, str, int], Move] = {}  # at most ~5,000 for this board

    # ---- set-up --------------------------------------------------------------------------

    def setup(self, variant: str | None = None, seed: int = 0) -> PlimusState:
        v = self.variant(variant)
        cells = [EMPTY] * self.board.cells
        for seat in v.seats:
            team = team_index(seat)
            for n, sign in self.board.start[seat]:
                cells[n] = SINGLE + kind_of(team, sign)
        poles = ((0,) * KINDS,) * len(self.board.pole_names)
        return PlimusState(v.name, tuple(cells), poles, 0, 0)

    def variant_of(self, state: PlimusState) -> Variant:
        return self.variants[state.variant]

    def to_move(self, state: PlimusState) -> str | None:
        if self.outcome(state) is not None:
            return None
        return self.variants[state.variant].seats[state.to_move]

    def blank_to_place(self, state: PlimusState) -> bool:
        return bool(self.variants[state.variant].options["blank"]) and BLANK not in state.cells

    # ---- moves -----------------------------------------------------------------------------

    def legal_moves(self, state: PlimusState) -> Sequence[PlimusMove]:
        found = self._memo.get(state)
        if found is None:
            found = self._generate(state)
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            self._memo[state] = found
        return found

    def _generate(self, state: PlimusState) -> tuple[PlimusMove, ...]:
        if self.outcome(state) is not None:
            return ()
        if self.blank_to_place(state):
            return tuple(PlaceBlank(c) for c in self.board.circles if state.cells[c] == EMPTY)
        v = self.variants[state.variant]
        team = team_index(v.seats[state.to_move])
        moves = generate(self.board, state.cells, state.poles, team,
                         self._foes[state.variant][state.to_move], v.options["free_turns"],
                         self._steps)
        # Zugzwang: whoever can move must; a player who cannot passes.
        return tuple(moves) if moves else (Pass(),)

    def play(self, state: PlimusState, move: PlimusMove) -> PlimusState:
        nxt = (state.to_move + 1) % len(self.variants[state.variant].seats)
        if isinstance(move, Pass):
            return PlimusState(state.variant, state.cells, state.poles, nxt, state.quiet + 1)
        cells = list(state.cells)
        if isinstance(move, PlaceBlank):
            cells[move.node] = BLANK  # set-up: the same player then makes the first move
            return PlimusState(state.variant, tuple(cells), state.poles, state.to_move,
                               state.quiet)
        board = self.board
        poles = [list(p) for p in state.poles]
        team = team_index(self.variants[state.variant].seats[state.to_move])
        if board.is_pole(move.start):
            kinds = _pole_unit_kinds(team, move.unit)  # bottom first
            for k in kinds:
                poles[move.start - board.cells][k] -= 1
            moving = SINGLE + kinds[0] if len(kinds) == 1 else DOUBLE + kinds[-1]
        elif move.unit == UPPER:
            top = TOP[cells[move.start]]
            cells[move.start] = SINGLE + (top ^ 1)
            moving = SINGLE + top
        else:
            moving = cells[move.start]
            cells[move.start] = EMPTY
        for node, sent in move.captures:
            for k, pole in zip(reversed(stones_of(cells[node])), sent):  # upper stone first
                poles[pole - board.cells][k] += 1
            cells[node] = EMPTY
        dest = move.path[-1]
        if board.is_pole(dest):
            for k in stones_of(moving):
                poles[dest - board.cells][k] += 1
        elif cells[dest] == EMPTY:
            cells[dest] = moving
        else:  # a join: the arriving single is the upper stone
            cells[dest] = DOUBLE + (moving - SINGLE)
        quiet = 0 if move.captures else state.quiet + 1
        return PlimusState(state.variant, tuple(cells), tuple(tuple(p) for p in poles), nxt,
                           quiet)

    def explain_illegal(self, state: PlimusState, move: PlimusMove) -> Message:
        return explain.why_illegal(self, state, move)

    def explain_reading(self, state: PlimusState, lifted: frozenset[str],
                        placed: frozenset[str]) -> Message | None:
        return explain.why_reading(self, state, lifted, placed)

    # ---- the end ---------------------------------------------------------------------------

    def board_outcome(self, state: PlimusState) -> Outcome | None:
        v = self.variants[state.variant]
        cells = state.cells
        for seat in v.seats:
            stones, formed = self._formation[seat]
            if stones(cells) == formed:
                return Outcome.of((seat,), Termination.FORMED_UP, who=Who(seat),
                                  target=Who(self.board.targets[seat]))
        limit = v.options["move_limit"]
        if state.quiet >= limit:
            return Outcome.of((), Termination.NO_CAPTURE, n=limit)
        return None

    # ---- words -----------------------------------------------------------------------------

    def describe(self, state: PlimusState, move: PlimusMove) -> Message:
        return describe(self, state, move)

    def place(self, position: str) -> Place:
        """A node as its printed name; a pole as a ``Zone`` by its compass corner (a builder's
        board whose poles are not named by compass points: by its number, 1-4)."""
        node = self.board.find(position)
        if node is None or not self.board.is_pole(node):
            return Cell(position)
        name = self.board.names[node]
        if name.upper() in COMPASS:
            return Zone("pole", name=name.upper())
        return Zone("pole", number=node - self.board.cells + 1)

    def facet_said(self, facet: str, value: str) -> Any:
        """A pole a stone went into as its ``Zone``; a captured double's two poles, upper
        stone first, as ``plimus.facet.split`` (or ``plimus.facet.both`` into one pole)."""
        poles = value.split("/")
        if not all(self.board.find(p) is not None for p in poles) or len(poles) > 2:
            return value
        if len(poles) == 1:
            return self.place(poles[0])
        upper, lower = (To(self.place(p)) for p in poles)
        if upper == lower:
            return Message.of("plimus.facet.both", to=upper)
        return Message.of("plimus.facet.split", upper=upper, lower=lower)

    # ---- views and text --------------------------------------------------------------------

    def view(self, state: PlimusState, seat: str | None) -> dict[str, Any]:
        return table_view(self, state, seat)

    def position_text(self, state: PlimusState) -> str:
        return notation.position_text(self.board, self.variants[state.variant], state)

    def parse_position(self, text: str, variant: str | None = None) -> PlimusState:
        return notation.parse_position(self.board, self.variant(variant), text)

    def board_move_text(self, move: PlimusMove) -> str:
        return move_text(self.board, move)

    def parse_board_move(self, state: PlimusState, text: str) -> PlimusMove:
        return notation.parse_move(self.board, text)

    # ---- the physical board ----------------------------------------------------------------

    def geometry(self, variant: str | None = None) -> Geometry:
        self.variant(variant)
        b = self.board
        return Geometry(b.names[:b.cells], b.pole_names, dict(zip(b.names, b.coords)),
                        shape="node")

    def stack(self, state: PlimusState, node: int) -> Stack:
        if self.board.is_pole(node):
            counts = state.poles[node - self.board.cells]
            return tuple(PIECES[k] for k in range(KINDS) for _ in range(counts[k]))
        return stack_of(state.cells[node])

    def layout(self, state: PlimusState) -> Mapping[str, Stack]:
        names = self.board.names
        out = {names[n]: stack_of(c) for n, c in enumerate(state.cells) if c != EMPTY}
        for p in self.board.poles:
            if any(state.poles[p - self.board.cells]):
                out[names[p]] = self.stack(state, p)
        return out

    def effect(self, state: PlimusState, move: PlimusMove) -> Effect:
        after = self.play(state, move)
        if isinstance(move, Pass):
            return Effect((), frozenset())
        if isinstance(move, PlaceBlank):
            touched = {move.node}
            path: tuple[int, ...] = ()
        else:
            touched = {move.start, move.path[-1], *move.captured_nodes,
                       *(p for _, sent in move.captures for p in sent)}
            path = (move.start, *move.path)
        names = self.board.names
        changes = tuple(Change(names[n], b, a) for n in sorted(touched)
                        if (b := self.stack(state, n)) != (a := self.stack(after, n)))
        return Effect(changes,
                      frozenset(c.position for c in changes if len(c.before) != len(c.after)),
                      tuple(names[n] for n in path),
                      ("pole",) if isinstance(move, Move) and (
                          move.captures or self.board.is_pole(move.path[-1])) else ())

    def move_facets(self, state: PlimusState, move: PlimusMove) -> Mapping[str, str]:
        """What no sensor sees, for the mover's phone to say.  The poles have no sensors (see
        docs/games/plimus.md): ``pole NODE`` is the pole each captured stone went into, one
        key per captured node (a double's two poles upper stone first: ``NE/SW``); ``enters``
        is the pole the moving stones went into.  A stone lifted from a node beside a pole
        reads exactly like one put into the pole, so a move into a pole is never taken from
        the sensors alone: it waits for the phone, which a stone held in the hand does not
        answer."""
        if not isinstance(move, Move):
            return {}
        names = self.board.names
        facets = {f"pole {names[node]}": poles_text(self.board, sent)
                  for node, sent in move.captures}
        if self.board.is_pole(move.path[-1]):
            facets["enters"] = names[move.path[-1]]
        return facets

    def polarity(self, piece: str) -> int:
        # Plus stones show north, minus stones south; a double shows its upper stone.  The
        # blank stone carries a north magnet too, so that the board sees where it was put.
        return -1 if piece.endswith("-") else 1

    def pieces(self, variant: str | None = None) -> tuple[str, ...]:
        v = self.variant(variant)
        stones = tuple(PIECES[kind_of(team_index(seat), sign)] for seat in v.seats
                       for sign in (1, -1))
        return (*stones, BLANK_PIECE) if v.options["blank"] else stones

    def piece_name(self, piece: str, plural: bool = False) -> str:
        s = "s" if plural else ""
        if piece == BLANK_PIECE:
            return f"blank stone{s}"
        team, sign = piece[:-1], piece[-1]
        return f"{team} {'plus' if sign == '+' else 'minus'} stone{s}"


def _pole_unit_kinds(team: int, unit: str) -> tuple[int, ...]:
    """The kinds of the stones a pole unit takes out, bottom first."""
    plus, minus = 2 * team, 2 * team + 1
    return {"+": (plus,), "-": (minus,), "+/-": (minus, plus), "-/+": (plus, minus)}[unit]


PLIMUS = Plimus()
