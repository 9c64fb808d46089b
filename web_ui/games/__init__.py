"""What each game adds to its pages, beyond what every game shares.

A game may have a module here (``web_ui.games.<name>``) with:

* ``geometry_extras(game, variant) -> dict``: static drawing data for its board, sent with
  ``/api/geometry`` as ``extras`` (field kinds, square colours, start areas, levels);

and, in ``web_ui/static/games/<name>.js``, its hooks for the board drawing, the table's public
information in words, the phone's hand, and the move list (see ``web_ui/static/board.js``),
with ``<name>.css`` beside it; and its "How to play" page, ``templates/howto/<name>.html``.
"""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from controller.rules.base import Game

STATIC = Path(__file__).resolve().parent.parent / "static" / "games"
HOWTO = Path(__file__).resolve().parent.parent / "templates" / "howto"


@cache
def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"web_ui.games.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"web_ui.games.{name}":
            raise
        return None


def geometry_extras(game: Game[Any, Any], variant: str) -> dict[str, Any]:
    module = _module(game.name)
    extras = getattr(module, "geometry_extras", None) if module else None
    return dict(extras(game, variant)) if extras else {}


def assets(name: str) -> dict[str, bool]:
    """Which of a game's page assets exist: its script, its style, its How to play page."""
    return {"script": (STATIC / f"{name}.js").exists(), "style": (STATIC / f"{name}.css").exists(),
            "howto": (HOWTO / f"{name}.html").exists()}
