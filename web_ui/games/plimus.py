"""Plimus on the pages: the board file's fields, for drawing the board as the game looks.

Everything comes from the board file (``controller/rules/plimus/board.toml``, or a builder's
own): the lines between the nodes, the dot and circle fields, the coloured start fields with
their signs, the poles, and whose start area each team must fill.
"""

from __future__ import annotations

from typing import Any

from controller.rules.base import Game
from controller.rules.plimus.game import Plimus


def geometry_extras(game: Game[Any, Any], variant: str) -> dict[str, Any]:
    assert isinstance(game, Plimus)
    b = game.board
    v = game.variant(variant)
    return {
        "lines": [[b.names[n] for n in line] for line in b.lines],
        "dots": sorted(b.names[n] for n in b.dots),
        "circles": [b.names[n] for n in b.circles],
        "poles": list(b.pole_names),
        # Every start field: its team and sign, whether or not the team plays this variant.
        "start": {b.names[n]: [team, "+" if sign > 0 else "-"]
                  for team, area in b.start.items() for n, sign in area},
        "targets": {seat: b.targets[seat] for seat in v.seats},
        "teams": list(v.seats),
    }
