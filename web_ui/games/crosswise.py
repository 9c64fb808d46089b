"""Crosswise's drawing data for its pages (``/api/geometry`` ``extras``), from the rules core.

The pages draw the six symbols and four action tiles themselves (``static/games/crosswise.js``);
what they take from here is how the rules name and group things, so that the drawing and the
rules never disagree: the symbol and action kinds in their order, how many tiles of each there
are, and the lines each team scores (green the rows, orange the columns) with their cells.
What each position beside the cells is (the pile of one kind of tile, a place of the played
action tiles, by kind and number) the pages read from the geometry's ``places``.
"""

from __future__ import annotations

from typing import Any

from controller.rules.base import Game
from controller.rules.crosswise.tiles import (
    ACTION_KIND,
    ACTIONS,
    CELL_NAMES,
    COLUMN_LINES,
    COLUMN_NAMES,
    COPIES_PER_ACTION,
    COPIES_PER_SYMBOL,
    ROW_NAMES,
    ROWS,
    SYMBOLS,
)


def geometry_extras(game: Game[Any, Any], variant: str) -> dict[str, Any]:
    game.variant(variant)  # an unknown variant is refused, as everywhere
    return {
        "symbols": [str(s) for s in SYMBOLS],
        "actions": [ACTION_KIND[a] for a in ACTIONS],
        "copies": {"symbol": COPIES_PER_SYMBOL, "action": COPIES_PER_ACTION},
        "lines": {
            "green": {name: [CELL_NAMES[i] for i in line] for name, line in zip(ROW_NAMES, ROWS)},
            "orange": {name: [CELL_NAMES[i] for i in line]
                       for name, line in zip(COLUMN_NAMES, COLUMN_LINES)},
        },
    }
