"""DRHOMBIX on the pages: what the drawing of the pyramid needs beyond the game's geometry.

Seen straight from above, an upper piece hides what stands under it (``3a1`` stands over
``1b2``, ``2a1`` over ``0b2``), so the pages draw each level a little further up the screen
than the one beneath it: every piece's middle is then in sight and can be tapped, and an upper
piece still sits among the pieces it rests on.  The lift per level is the one that keeps the
middles of any two positions farthest apart (half a cell on the square board).

Each piece is drawn as large as it can be while the middle of every piece drawn before it (a
lower level) stays in sight: a piece covers, as a real one seen from above does, a part of
those it rests on, never their middles.  The sizes come from the drawing coordinates
(``sizes``, in cells: the radius of a piece at each position, which is also its seat's and
what a finger taps).

Drawing data only: what a position is (a cell of a level, a player's reserve or taken pieces)
and how it is said come with the geometry's typed ``places``.
"""

from __future__ import annotations

import math
from typing import Any

from controller.rules.base import Game
from controller.rules.drhombix.board import board

# How far each level is drawn up the screen, in cells (x east, y north), per board.
LIFT = {"square": (0.0, 0.25), "triangle": (0.0, 0.15)}
# What stays in sight around the middle of a piece an upper one partly covers, in cells: room
# for a fingertip there and for the eye to tell the piece.
IN_SIGHT = 0.15
# The largest piece per board, in cells (a base piece within its cell; any piece with its
# shadow clear of the pieces beside it on its own level).
LARGEST = {"square": 0.38, "triangle": 0.36}


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
        "sizes": sizes(coords, dict(zip(b.names, b.level)), LARGEST[b.shape]),
        "apex": b.names[b.apex],
    }


def sizes(coords: dict[str, list[float]], levels: dict[str, int], largest: float
          ) -> dict[str, float]:
    """The radius of the piece at each position: up to ``largest``, and short of the middle
    of every position of a lower level (drawn before it, so under it) by ``IN_SIGHT``."""
    out = {}
    for name, (x, y) in coords.items():
        below = [math.dist((x, y), coords[q]) for q in coords if levels[q] < levels[name]]
        out[name] = round(min([largest, *(d - IN_SIGHT for d in below)]), 3)
    return out
