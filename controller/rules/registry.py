"""Find a game, its manifest, and through it a variant, by name.

The registry names no game: it finds the shipped games' manifests by their files
(``controller/rules/<name>/manifest.py``) and imports a game's manifest, and with it the game,
the first time the game is asked for, so that ``boardlight rules abalone`` loads Abalone alone
and ``boardlight --help`` no game at all.  A game kept elsewhere (the test suite's own) joins
with ``register(manifest)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from controller.errors import UnknownGameError
from controller.rules.base import Game
from controller.rules.manifest import Manifest

RULES = Path(__file__).resolve().parent


def shipped() -> dict[str, str]:
    """The shipped games' names and their manifests' modules, found by file, none imported."""
    return {folder.name: f"controller.rules.{folder.name}.manifest"
            for folder in sorted(RULES.iterdir()) if (folder / "manifest.py").is_file()}


class Manifests(Mapping[str, Manifest]):
    """The games' manifests by name, each imported on first use."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, Manifest] = {}

    def __getitem__(self, name: str) -> Manifest:
        manifest = self._loaded.get(name)
        if manifest is None:
            module = self._modules[name]  # KeyError: no such game
            manifest = importlib.import_module(module).MANIFEST
            if manifest.name != name:
                raise RuntimeError(f"{module} is the manifest of {manifest.name!r}, "
                                   f"not of {name!r}: its folder and its game's name must agree")
            self._loaded[name] = manifest
        return manifest

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def add(self, manifest: Manifest) -> None:
        if manifest.name in self._modules:
            raise ValueError(f"a game called {manifest.name!r} is already registered")
        self._modules[manifest.name] = f"<registered {manifest.name}>"
        self._loaded[manifest.name] = manifest

    def remove(self, name: str) -> None:
        del self._modules[name]
        self._loaded.pop(name, None)


class Games(Mapping[str, Game[Any, Any]]):
    """The games by name: each manifest's game."""

    def __init__(self, manifests: Manifests) -> None:
        self._manifests = manifests

    def __getitem__(self, name: str) -> Game[Any, Any]:
        return self._manifests[name].game

    def __iter__(self) -> Iterator[str]:
        return iter(self._manifests)

    def __len__(self) -> int:
        return len(self._manifests)


MANIFESTS = Manifests(shipped())
GAMES: Mapping[str, Game[Any, Any]] = Games(MANIFESTS)


def register(manifest: Manifest) -> None:
    """Add a game kept outside ``controller/rules`` (the test suite's own game)."""
    MANIFESTS.add(manifest)


def unregister(name: str) -> None:
    MANIFESTS.remove(name)


@contextmanager
def registered(manifest: Manifest) -> Iterator[Manifest]:
    """The game registered for the ``with`` block (a test's fixture)."""
    register(manifest)
    try:
        yield manifest
    finally:
        unregister(manifest.name)


def manifest_of(game: Game[Any, Any]) -> Manifest | None:
    """The manifest of ``game``; ``None`` for a game object no manifest registered (a test's
    game played directly: the house then says the rules core's own English words)."""
    manifest = MANIFESTS.get(game.name)
    return manifest if manifest is not None and isinstance(game, type(manifest.game)) else None


def find_game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (case-insensitive); ``UnknownGameError`` lists the known ones."""
    try:
        return GAMES[name.strip().lower()]
    except KeyError:
        raise UnknownGameError(
            f"no game called {name!r}; the games are: {', '.join(GAMES)}") from None
