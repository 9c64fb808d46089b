"""A small game with hidden hands, for testing what the real hidden-hand games will need.

Six cells in a row (``c1``..``c6``).  Two seats (``n``, ``s``) each hold a hidden hand of two
tokens drawn from a seeded bag of red and blue tokens; a move lays a hand token on an empty
cell (the sensors see that a token arrived, not its colour) and refills the hand.  When the
row is full the seat that laid more tokens of the majority colour wins; a tie is a draw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from controller.errors import ParseError
from controller.rules.base import Game, Geometry, Outcome, Stack, Termination, Variant
from controller.said import N_, Cell, Message, Piece, Template

CELLS = tuple(f"c{i}" for i in range(1, 7))


@dataclass(frozen=True, slots=True)
class Lay:
    token: str
    cell: str


@dataclass(frozen=True, slots=True)
class ToyState:
    cells: tuple[str, ...]          # "" empty, else "r"/"b"
    owners: tuple[str, ...]         # who laid each cell
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    bag: tuple[str, ...]
    to_move: int
    result: Outcome | None = None


class Toy(Game[ToyState, Lay]):
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    default_variant: ClassVar[str] = "standard"
    variants: ClassVar[dict[str, Variant]] = {
        "standard": Variant("standard", "six cells, hidden hands", ("n", "s"))}

    def setup(self, variant: str | None = None, seed: int = 0) -> ToyState:
        bag = ["r"] * 6 + ["b"] * 6
        random.Random(seed).shuffle(bag)
        return ToyState(("",) * 6, ("",) * 6, (tuple(bag[:2]), tuple(bag[2:4])),
                        tuple(bag[4:]), 0)

    def variant_of(self, state: ToyState) -> Variant:
        return self.variants["standard"]

    def to_move(self, state: ToyState) -> str | None:
        return None if self.outcome(state) else ("n", "s")[state.to_move]

    def legal_moves(self, state: ToyState) -> Sequence[Lay]:
        if state.result or all(state.cells):
            return ()
        hand = sorted(set(state.hands[state.to_move]))
        return tuple(Lay(tok, c) for c, v in zip(CELLS, state.cells) if not v for tok in hand)

    def play(self, state: ToyState, move: Lay) -> ToyState:
        i = state.to_move
        cells = list(state.cells)
        owners = list(state.owners)
        k = CELLS.index(move.cell)
        cells[k] = move.token
        owners[k] = ("n", "s")[i]
        hand = list(state.hands[i])
        hand.remove(move.token)
        bag = list(state.bag)
        if bag:
            hand.append(bag.pop(0))
        hands = list(state.hands)
        hands[i] = tuple(hand)
        return replace(state, cells=tuple(cells), owners=tuple(owners),
                       hands=(hands[0], hands[1]), bag=tuple(bag), to_move=1 - i)

    def board_outcome(self, state: ToyState) -> Outcome | None:
        if not all(state.cells):
            return None
        major = "r" if state.cells.count("r") >= state.cells.count("b") else "b"
        score = {s: sum(1 for c, o in zip(state.cells, state.owners) if c == major and o == s)
                 for s in ("n", "s")}
        winners = () if score["n"] == score["s"] else (max(score, key=score.__getitem__),)
        return Outcome.of(winners, Termination.BOARD_FULL, piece=Piece(major, 0))

    words: ClassVar[Mapping[str, Template]] = {
        "toy.lay": N_("laid a %(piece)s on %(cell)s"),
        "end.board-full": N_("the row is full; most %(piece)s laid"),
        "facet.token": N_("the token laid"),
    }

    def describe(self, state: ToyState, move: Lay) -> Message:
        return Message.of("toy.lay", piece=Piece(move.token), cell=Cell(move.cell))

    def view(self, state: ToyState, seat: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": "toy", "position": self.public_text(state), "to_move": self.to_move(state),
            "cells": dict(zip(CELLS, state.cells)), "hand_sizes": [len(h) for h in state.hands],
            "bag": len(state.bag)}
        if seat in ("n", "s"):
            out["hand"] = list(state.hands[("n", "s").index(seat)])
        return out

    def public_text(self, state: ToyState) -> str:
        return "".join(c or "." for c in state.cells) + " " + ("n", "s")[state.to_move]

    def position_text(self, state: ToyState) -> str:
        hands = "/".join("".join(h) or "-" for h in state.hands)
        owners = "".join(o or "." for o in state.owners)
        return f"{self.public_text(state)} {owners} {hands} {''.join(state.bag) or '-'}"

    def parse_position(self, text: str, variant: str | None = None) -> ToyState:
        try:
            cells, mover, owners, hands, bag = text.split()
            h0, h1 = hands.split("/")
        except ValueError:
            raise ParseError(f"not a toy position: {text!r}") from None
        clean = lambda s: "" if s == "-" else s  # noqa: E731
        return ToyState(tuple("" if c == "." else c for c in cells),
                        tuple("" if c == "." else c for c in owners),
                        (tuple(clean(h0)), tuple(clean(h1))), tuple(clean(bag)),
                        ("n", "s").index(mover))

    def board_move_text(self, move: Lay) -> str:
        return f"{move.token}@{move.cell}"

    def parse_board_move(self, state: ToyState, text: str) -> Lay:
        token, _, cell = text.partition("@")
        if cell not in CELLS or token not in ("r", "b"):
            raise ParseError(f"not a toy move: {text!r} (write r@c3)")
        return Lay(token, cell)

    def geometry(self, variant: str | None = None) -> Geometry:
        coords = {c: (float(i), 0.0) for i, c in enumerate(CELLS)}
        return Geometry(CELLS, (), coords)

    def layout(self, state: ToyState) -> Mapping[str, Stack]:
        return {c: (v,) for c, v in zip(CELLS, state.cells) if v}

    def seat_name(self, seat: str) -> str:
        return {"n": "North", "s": "South"}[seat]

    def pieces(self, variant: str | None = None) -> tuple[str, ...]:
        return ("r", "b")

    def piece_name(self, piece: str, plural: bool = False) -> str:
        word = {"r": "red token", "b": "blue token"}.get(piece, piece)
        return word + "s" if plural else word

    def facet_said(self, facet: str, value: str) -> Any:
        return Piece(value)

    def move_facets(self, state: ToyState, move: Lay) -> Mapping[str, str]:
        return {"token": move.token}

    def hint_moves(self, state: ToyState) -> Sequence[Lay]:
        # Public information only: the lights may say where a token can go, never which
        # tokens a hand holds.  Both colours are offered for every empty cell.
        return tuple(Lay(tok, c) for c, v in zip(CELLS, state.cells) if not v
                     for tok in ("b", "r") if Lay(tok, c) in self.legal_moves(state))


TOY = Toy()
