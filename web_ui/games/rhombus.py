"""Rhombus's drawing data for its pages (``/api/geometry`` ``extras``), from the rules core.

The board's two colours (the four corners and every square of their colour, ``file + rank``
even, against the other twelve), the grey start corners and whose each one is in this variant,
the order of the card values and suits, and what each card does, so that the pages draw and
word the cards as the rules define them.
"""

from __future__ import annotations

from typing import Any

from controller.rules.base import Game
from controller.rules.rhombus.board import CORNERS, FILES, NAMES
from controller.rules.rhombus.cards import (
    DIAGONAL,
    EIGHT,
    KILLERS,
    NINE,
    STEPS,
    SUITS,
    VALUES,
)
from controller.rules.rhombus.state import CORNER, VARIANTS


def geometry_extras(game: Game[Any, Any], variant: str) -> dict[str, Any]:
    v = VARIANTS[game.variant(variant).name]
    steps = {VALUES[k]: ("diagonal" if n == DIAGONAL else n) for k, n in STEPS.items()}
    return {
        "squares": {name: "dark" if (FILES.index(name[0]) + int(name[1]) - 1) % 2 == 0
                    else "light" for name in NAMES},
        "corners": sorted(CORNERS),
        "starts": {CORNER[seat]: seat for seat in v.seats},
        "values": list(VALUES),
        "suits": list(SUITS),
        "steps": steps,
        "kills": sorted(VALUES[k] for k in KILLERS),
        "enter": VALUES[NINE],
        "mystery": VALUES[EIGHT],
        "formation": bool(v.options["formation"]),
    }
