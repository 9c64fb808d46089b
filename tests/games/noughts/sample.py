"""How the contract tests sample the test game (``tests/controller/rules/test_contract.py``)."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.games.noughts.game import CELLS, Claim, Move, NoughtsState, Put
from tests.support.games import Sample


def arbitrary_moves(state: NoughtsState) -> st.SearchStrategy[Move]:
    """Moves of the game's own types, legal or not: a piece or a card on any cell."""
    cell = st.sampled_from(CELLS)
    return st.one_of(st.builds(Put, cell), st.builds(Claim, cell))


SAMPLE = Sample(40, 9, arbitrary_moves, games=20, longest=9)
