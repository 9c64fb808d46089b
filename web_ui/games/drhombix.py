"""DRHOMBIX on the pages: what the drawing of the pyramid needs beyond the game's geometry.

Seen straight from above, an upper piece hides what stands under it (``3a1`` stands over
``1b2``, ``2a1`` over ``0b2``), so the pages draw each level a little further up the screen
than the one beneath it: every piece's middle is then in sight and can be tapped, and an upper
piece still sits among the pieces it rests on.  The lift per level is the one that keeps the
middles of any two positions farthest apart (half a cell on the square board).

Drawing data only: what a position is (a cell of a level, a player's reserve or taken pieces)
and how it is said come with the geometry's typed ``places``.
"""

from __future__ import annotations

from typing import Any

from controller.rules.base import Game
from controller.rules.drhombix.board import board

# How far each level is drawn up the screen, in cells (x east, y north), per board.
LIFT = {"square": (0.0, 0.25), "triangle": (0.0, 0.15)}


def geometry_extras(game: Game[Any, Any], variant: str) -> dict[str, Any]:
    v = game.variant(variant)
    b = board(v.options["board"])
    dx, dy = LIFT[b.shape]
    coords = {}
    for name, level in zip(b.names, b.level):
        x, y = b.coords[name]
        coords[name] = [round(x + dx * level, 4), round(y + dy * level, 4)]
    return {
        "board": b.shape,
        "kind": v.options["game"],
        "levels": dict(zip(b.names, b.level)),
        "supports": {name: b.names_of(s) for name, s in zip(b.names, b.supports) if s},
        "coords": coords,
        "apex": b.names[b.apex],
    }
