"""Find a game, and through it a variant, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from controller.errors import UnknownGameError
from controller.rules.abalone import ABALONE
from controller.rules.base import Game
from controller.rules.crosswise import CROSSWISE
from controller.rules.drhombix import DRHOMBIX
from controller.rules.plimus import PLIMUS
from controller.rules.rhombus import RHOMBUS

GAMES: Mapping[str, Game[Any, Any]] = {g.name: g for g in (ABALONE, CROSSWISE, DRHOMBIX,
                                                          RHOMBUS, PLIMUS)}


def find_game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (case-insensitive); ``UnknownGameError`` lists the known ones."""
    try:
        return GAMES[name.strip().lower()]
    except KeyError:
        raise UnknownGameError(
            f"no game called {name!r}; the games are: {', '.join(GAMES)}") from None
