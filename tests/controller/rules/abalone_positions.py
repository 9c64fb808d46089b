"""Build Abalone positions by hand for tests: name the cells, get a state."""

from __future__ import annotations

from hypothesis import strategies as st

from controller.rules.abalone import ABALONE, AbaloneState, Push
from controller.rules.abalone.board import CELLS, NAMES


def position(cells: dict[str, str], to_move: str = "b", lost: tuple[int, ...] = (0, 0),
             variant: str = "standard", pushed: tuple[int, ...] = ()) -> AbaloneState:
    """``cells`` maps names to colours, e.g. ``{"E5": "b", "E6": "w"}``; strings of several
    names separated by spaces are allowed as keys: ``{"E3 E4 E5": "b"}``."""
    board = {}
    for names, colour in cells.items():
        for name in names.split():
            board[name] = colour
    text = "".join(board.get(n, ".") for n in NAMES)
    fields = [text, to_move, *map(str, lost), *map(str, pushed)]
    return ABALONE.parse_position(" ".join(fields), variant)


def moves_text(state: AbaloneState) -> set[str]:
    return {ABALONE.move_text(m) for m in ABALONE.legal_moves(state)}


def arbitrary_moves(state: AbaloneState) -> st.SearchStrategy[Push]:
    """Moves of the game's own type, legal or not: one to three cells in a line from any
    cell (off the board too), pushed in any direction."""
    return st.builds(lambda size, start, axis, direction: Push(
        tuple(start + k * axis for k in range(size)), direction),
        st.integers(1, 3), st.sampled_from(CELLS), st.sampled_from((1, 11, 12)),
        st.integers(0, 5))
