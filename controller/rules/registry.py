"""Find a game, and through it a variant, by name.

The registry knows every game's name without importing it: a game's package is imported the
first time the game is asked for, so that ``boardlight rules abalone`` loads Abalone alone and
``boardlight --help`` no game at all.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from controller.errors import UnknownGameError
from controller.rules.base import Game

# name -> (module, the game object's name in it)
PACKAGES: dict[str, tuple[str, str]] = {
    "abalone": ("controller.rules.abalone", "ABALONE"),
    "crosswise": ("controller.rules.crosswise", "CROSSWISE"),
    "drhombix": ("controller.rules.drhombix", "DRHOMBIX"),
    "rhombus": ("controller.rules.rhombus", "RHOMBUS"),
    "plimus": ("controller.rules.plimus", "PLIMUS"),
}


class Registry(Mapping[str, Game[Any, Any]]):
    """The games by name, each imported on first use."""

    def __init__(self, packages: Mapping[str, tuple[str, str]]) -> None:
        self._packages = dict(packages)
        self._loaded: dict[str, Game[Any, Any]] = {}

    def __getitem__(self, name: str) -> Game[Any, Any]:
        game = self._loaded.get(name)
        if game is None:
            module, attribute = self._packages[name]  # KeyError: no such game
            game = getattr(importlib.import_module(module), attribute)
            self._loaded[name] = game
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)


GAMES: Mapping[str, Game[Any, Any]] = Registry(PACKAGES)


def find_game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (case-insensitive); ``UnknownGameError`` lists the known ones."""
    try:
        return GAMES[name.strip().lower()]
    except KeyError:
        raise UnknownGameError(
            f"no game called {name!r}; the games are: {', '.join(GAMES)}") from None
