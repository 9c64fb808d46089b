"""Noughts and crosses with a hidden card.

Nine cells, ``a1``..``c3`` (file a-c, rank 1-3).  Crosses (``x``) begin; a player puts one of
their pieces on an empty cell.  Each player is also dealt one card, hidden from the other: a
cell.  Once, on their turn and instead of a piece, a player may play the card from their
phone while its cell is empty: the cell is then theirs, with no piece on it (the sensors see
nothing; the lights and the pages show whose it is).  When every cell is taken the game ends:
each player scores the lines of three (rows, columns, diagonals) wholly theirs; more lines
win, equal lines draw.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from controller.errors import ParseError
from controller.rules.base import Game, Geometry, Outcome, Stack, Termination, Variant
from controller.said import N_, Cell, Message, Piece, Template, Zone

CELLS = tuple(f"{f}{r}" for r in "123" for f in "abc")
SEATS = ("x", "o")
LINES = (*(tuple(f"{f}{r}" for f in "abc") for r in "123"),
         *(tuple(f"{f}{r}" for r in "123") for f in "abc"),
         ("a1", "b2", "c3"), ("c1", "b2", "a3"))
CARD = "card:"  # a played card's move text: card:b2
SUPPLY = {"x": "supply-x", "o": "supply-o"}  # each player's pieces beside the board
EACH = 5  # pieces per player: enough to fill the board alone


@dataclass(frozen=True, slots=True)
class Put:
    """The mover's piece on an empty cell."""
    cell: str


@dataclass(frozen=True, slots=True)
class Claim:
    """The mover's card played: its cell becomes the mover's, with no piece on it."""
    cell: str


Move = Put | Claim


@dataclass(frozen=True, slots=True)
class NoughtsState:
    cells: tuple[str, ...]           # per cell: "" empty, "x"/"o" a piece, "X"/"O" a claim
    cards: tuple[str, str]           # the cell each seat was dealt (hidden until played)
    played: tuple[bool, bool]        # whether each seat has played its card
    to_move: int
    result: Outcome | None = None


def owner(value: str) -> str | None:
    return value.lower() or None


class Noughts(Game[NoughtsState, Move]):
    name: ClassVar[str] = "noughts"
    title: ClassVar[str] = "Noughts and crosses"
    default_variant: ClassVar[str] = "standard"
    variants: Mapping[str, Variant] = {
        "standard": Variant("standard", "Crosses against Noughts on nine cells; each holds one "
                            "hidden card that claims its cell once.", SEATS)}

    def setup(self, variant: str | None = None, seed: int = 0) -> NoughtsState:
        deck = list(CELLS)
        random.Random(seed).shuffle(deck)
        return NoughtsState(("",) * 9, (deck[0], deck[1]), (False, False), 0)

    def variant_of(self, state: NoughtsState) -> Variant:
        return self.variants["standard"]

    def to_move(self, state: NoughtsState) -> str | None:
        return None if self.outcome(state) else SEATS[state.to_move]

    def legal_moves(self, state: NoughtsState) -> Sequence[Move]:
        if self.outcome(state):
            return ()
        moves: list[Move] = [Put(c) for c, v in zip(CELLS, state.cells) if not v]
        i = state.to_move
        card = state.cards[i]
        if not state.played[i] and not state.cells[CELLS.index(card)]:
            moves.append(Claim(card))
        return tuple(moves)

    def public_moves(self, state: NoughtsState) -> Sequence[Move]:
        """Every move some card could allow: the mover's card is not the table's to know."""
        if self.outcome(state):
            return ()
        empty = [c for c, v in zip(CELLS, state.cells) if not v]
        claims = [] if state.played[state.to_move] else [Claim(c) for c in empty]
        return (*(Put(c) for c in empty), *claims)

    def hint_moves(self, state: NoughtsState) -> Sequence[Move]:
        """The lights may show where a piece can go, never where the mover's card is."""
        return tuple(m for m in self.legal_moves(state) if isinstance(m, Put))

    def play(self, state: NoughtsState, move: Move) -> NoughtsState:
        i = state.to_move
        cells = list(state.cells)
        k = CELLS.index(move.cell)
        played = list(state.played)
        if isinstance(move, Claim):
            cells[k] = SEATS[i].upper()
            played[i] = True
        else:
            cells[k] = SEATS[i]
        return replace(state, cells=tuple(cells), played=(played[0], played[1]), to_move=1 - i)

    def explain_illegal(self, state: NoughtsState, move: Move) -> Message:
        if isinstance(move, Claim):
            return Message.of("noughts.illegal.card", cell=Cell(move.cell))
        return Message.of("noughts.illegal.taken", cell=Cell(move.cell))

    def board_outcome(self, state: NoughtsState) -> Outcome | None:
        if not all(state.cells):
            return None
        lines = {s: sum(1 for line in LINES
                        if all(owner(state.cells[CELLS.index(c)]) == s for c in line))
                 for s in SEATS}
        winners = () if lines["x"] == lines["o"] else (max(lines, key=lines.__getitem__),)
        return Outcome.of(winners, Termination.BOARD_FULL, x=lines["x"], o=lines["o"])

    words: ClassVar[Mapping[str, Template]] = {
        "noughts.put": N_("put a %(piece)s on %(cell)s"),
        "noughts.claim": N_("played the card of %(cell)s: the cell is theirs"),
        "noughts.illegal.taken": N_("%(cell)s is taken: choose an empty cell"),
        "noughts.illegal.card": N_("your card is not %(cell)s, or its cell is taken"),
        "end.board-full": N_("every cell is taken; lines: Crosses %(x)s, Noughts %(o)s"),
    }

    def describe(self, state: NoughtsState, move: Move) -> Message:
        if isinstance(move, Claim):
            return Message.of("noughts.claim", cell=Cell(move.cell))
        return Message.of("noughts.put", piece=Piece(SEATS[state.to_move]), cell=Cell(move.cell))

    def view(self, state: NoughtsState, seat: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": "noughts", "position": self.public_text(state), "to_move": self.to_move(state),
            "claimed": {c: owner(v) for c, v in zip(CELLS, state.cells) if v.isupper()},
            "cards_held": {s: not state.played[k] for k, s in enumerate(SEATS)}}
        if seat in SEATS:
            k = SEATS.index(seat)
            out["hand"] = [] if state.played[k] else [state.cards[k]]
        return out

    def sample_hidden_for(self, state: NoughtsState, seats: Collection[str],
                          rng: random.Random) -> NoughtsState:
        """Every card no seat of ``seats`` holds, unplayed, drawn afresh from the cells it
        could be (any but theirs)."""
        if isinstance(seats, str):
            raise TypeError(f"seats must be a collection of seats, not one name ({seats!r})")
        cards = list(state.cards)
        for k, seat in enumerate(SEATS):
            if seat in seats or state.played[k]:
                continue
            known = [state.cards[j] for j, s in enumerate(SEATS) if s in seats]
            cards[k] = rng.choice([c for c in CELLS if c not in known])
        return replace(state, cards=tuple(cards))

    def public_text(self, state: NoughtsState) -> str:
        played = "".join("+" if p else "-" for p in state.played)
        return f"{''.join(v or '.' for v in state.cells)} {SEATS[state.to_move]} {played}"

    def position_text(self, state: NoughtsState) -> str:
        return f"{self.public_text(state)} {'/'.join(state.cards)}"

    def parse_position(self, text: str, variant: str | None = None) -> NoughtsState:
        try:
            cells, mover, played, cards = text.split()
            first, second = cards.split("/")
        except ValueError:
            raise ParseError(f"not a noughts position: {text!r} (write 'x..o.....  o -- b2/c3')"
                             ) from None
        if (len(cells) != 9 or set(cells) - set(".xoXO") or mover not in SEATS
                or len(played) != 2 or set(played) - set("+-") or first not in CELLS
                or second not in CELLS or first == second):
            raise ParseError(f"not a noughts position: {text!r}")
        return NoughtsState(tuple("" if v == "." else v for v in cells), (first, second),
                            (played[0] == "+", played[1] == "+"), SEATS.index(mover))

    def board_move_text(self, move: Move) -> str:
        return f"{CARD}{move.cell}" if isinstance(move, Claim) else move.cell

    def parse_board_move(self, state: NoughtsState, text: str) -> Move:
        cell = text.removeprefix(CARD)
        if cell not in CELLS:
            raise ParseError(f"not a noughts move: {text!r} (write b2, or card:b2)")
        return Claim(cell) if text.startswith(CARD) else Put(cell)

    def geometry(self, variant: str | None = None) -> Geometry:
        coords = {c: (float("abc".index(c[0])), float(int(c[1]) - 1)) for c in CELLS}
        coords |= {SUPPLY["x"]: (-1.5, 1.0), SUPPLY["o"]: (3.5, 1.0)}
        return Geometry(CELLS, tuple(SUPPLY.values()), coords, "square")

    def layout(self, state: NoughtsState) -> Mapping[str, Stack]:
        out: dict[str, Stack] = {c: (v,) for c, v in zip(CELLS, state.cells) if v in SEATS}
        for seat, zone in SUPPLY.items():
            left = EACH - state.cells.count(seat)
            if left:
                out[zone] = (seat,) * left
        return out

    def place(self, position: str) -> Cell | Zone:
        """A supply beside the board as its owner's; a cell by its name."""
        for seat, zone in SUPPLY.items():
            if position == zone:
                return Zone("supply", owner=seat)
        return Cell(position)

    def seat_name(self, seat: str) -> str:
        return {"x": "Crosses", "o": "Noughts"}[seat]

    def pieces(self, variant: str | None = None) -> tuple[str, ...]:
        return SEATS

    def piece_name(self, piece: str, plural: bool = False) -> str:
        word = {"x": "cross", "o": "nought"}.get(piece, piece)
        return word + ("es" if piece == "x" else "s") if plural else word


NOUGHTS = Noughts()
