"""Crosswise's drawing data for its pages (``/api/geometry`` ``extras``), from the rules core.

The pages draw the six symbols and four action tiles themselves (``static/games/crosswise.js``);
what they take from here is how the rules name and group things, so that the drawing and the
rules never disagree: the symbol and action kinds in their order, the lines each team scores
(green the rows, orange the columns) with their cells, each action's used-tile slots in the
order they fill, and the supply pile of every kind.
"""

from __future__ import annotations

from typing import Any

from controller.rules.base import Game
from controller.rules.crosswise.physical import SUPPLY_ACTION, SUPPLY_SYMBOL, USED_SLOTS
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
        "slots": {ACTION_KIND[a]: list(USED_SLOTS[a]) for a in ACTIONS},
        "supply": {**{str(s): SUPPLY_SYMBOL[s] for s in SYMBOLS},
                   **{ACTION_KIND[a]: SUPPLY_ACTION[a] for a in ACTIONS}},
    }
