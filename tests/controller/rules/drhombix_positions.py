"""Build DRHOMBIX positions by hand for tests: name the positions, get a state."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from controller.errors import IllegalMoveError
from controller.rules.drhombix import DRHOMBIX, DrhombixState, Place, Raise, Remove
from controller.rules.drhombix.board import board
from controller.rules.drhombix.state import Move
from controller.said import Cell, Message

G = DRHOMBIX


def position(pieces: dict[str, str], to_move: str | None = None, variant: str = "cuckoo-square",
             reserves: tuple[int, int] | None = None, used: str = "-") -> DrhombixState:
    """``pieces`` maps names to ``w``/``b`` (``o`` in the ant game); a key may hold several
    names separated by spaces: ``{"0a1 0b1": "w"}``.  The reserves default to what keeps
    the game's piece count, split as evenly as the board allows; the first seat moves unless
    ``to_move`` says otherwise."""
    v = G.variant(variant)
    b = board(v.options["board"])
    cells: dict[str, str] = {}
    for names, piece in pieces.items():
        for n in names.split():
            cells[n] = piece
    levels = ["".join(cells.get(n, ".") for n, lv in zip(b.names, b.level) if lv == k)
              for k in range(4)]
    fields = ["/".join(levels), to_move or v.seats[0]]
    if v.options["game"] == "cuckoo":
        if reserves is None:
            total = 2 * v.options["pieces"] - len(cells)
            reserves = (total - total // 2, total // 2)
        fields += [str(reserves[0]), str(reserves[1]), used]
    return G.parse_position(" ".join(fields), variant)


def play(state: DrhombixState, text: str) -> DrhombixState:
    return G.apply(state, G.parse_move(state, text))


def refused(state: DrhombixState, text: str) -> Message:
    """The reason the rules refuse the move ``text`` (the test fails if they do not)."""
    with pytest.raises(IllegalMoveError) as caught:
        play(state, text)
    return caught.value.reason


def C(name: str) -> Cell:
    """A position as it is said: ``0b2`` is b2 on the base, level 0."""
    return Cell(name[1:], level=int(name[0]))


def Cs(names: str) -> tuple[Cell, ...]:
    return tuple(C(n) for n in names.split())


def illegal(reason: str, **params: object) -> Message:
    return Message.of(f"drhombix.illegal.{reason}", **params)


def moves_text(state: DrhombixState) -> set[str]:
    return {G.move_text(m) for m in G.legal_moves(state)}


def cells_of(state: DrhombixState) -> dict[str, str]:
    return dict(G.view(state, None)["cells"])


def arbitrary_moves(state: DrhombixState) -> st.SearchStrategy[Move]:
    """Moves of the game's own types, legal or not: any positions of the variant's board,
    with or without a capture."""
    names = board(G.variant_of(state).options["board"]).names
    name = st.sampled_from(names)
    capture = st.none() | name
    return st.one_of(st.builds(Place, name, capture), st.builds(Raise, name, name, capture),
                     st.builds(lambda a, b: Remove(tuple(sorted({a, b}, key=names.index))),
                               name, name))
