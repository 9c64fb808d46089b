"""Build Crosswise positions by hand for tests: a board, the hands, the rest goes in the bag."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from controller.rules.crosswise import CROSSWISE, CrosswiseState, Lay, Remove, Replace, Shift, Swap
from controller.rules.crosswise.moves import Move
from controller.rules.crosswise.tiles import FULL_SET, TILE_ORDER

G = CROSSWISE
EMPTY_BOARD = "/".join(["......"] * 6)


def position(board: str = EMPTY_BOARD, hands: tuple[str, ...] = ("1234", "1234"), *,
             to_move: str | None = None, used: str = "-", bag: str | None = None,
             variant: str = "two-player") -> CrosswiseState:
    """A state from its parts.  ``board`` is the board text (lines or ``/``-joined rows, row 6
    first); ``hands`` one string per seat in seat order.  Without ``bag``, every tile not on
    the board, in a hand or used lies in the bag in canonical order (1s first); ``bag=""`` is
    an empty bag (then the counts must add up by themselves)."""
    rows = board.strip().replace(" ", "").splitlines()
    board_field = "/".join(rows) if len(rows) > 1 else rows[0]
    if bag is None:
        left = Counter(FULL_SET)
        left.subtract(ch for ch in board_field if ch in "123456")
        left.subtract(ch for ch in "".join(hands) + used if ch != "-")
        bag = "".join(t * left[t] for t in TILE_ORDER)
    seat = to_move or G.variant(variant).seats[0]
    text = f"{board_field} {seat} {used} {'/'.join(h or '-' for h in hands)} {bag or '-'}"
    return G.parse_position(text, variant)


def moves_text(state: CrosswiseState) -> set[str]:
    return {G.move_text(m) for m in G.legal_moves(state)}


def play(state: CrosswiseState, *texts: str) -> CrosswiseState:
    for text in texts:
        state = G.apply(state, G.parse_move(state, text))
    return state


def arbitrary_moves(state: CrosswiseState) -> st.SearchStrategy[Move]:
    """Moves of the game's own types, legal or not: any symbol, any cells."""
    cells, symbols = st.integers(0, 35), st.integers(1, 6)
    return st.one_of(st.builds(Lay, symbols, cells), st.builds(Shift, cells, cells),
                     st.builds(Remove, cells), st.builds(Replace, cells, symbols),
                     st.builds(Swap, cells, cells))
