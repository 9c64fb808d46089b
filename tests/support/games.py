"""Every game the suite plays: the shipped games' manifests and the suite's own games
(``tests/games/<name>/manifest.py``), found by file the way the registry finds the shipped
ones; ``playable`` registers a suite's game for as long as a test plays it."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from controller.rules import MANIFESTS
from controller.rules.manifest import Manifest
from controller.rules.registry import registered

OWN = Path(__file__).resolve().parent.parent / "games"


@dataclass(frozen=True)
class Sample:
    """How one game is sampled.  ``examples``: positions per property; ``plies``: random play
    goes up to this far from a dealt start; ``special``: other positions, from a seed and a
    variant, where random play seldom goes; ``arbitrary``: moves of the game's own types,
    legal or not; ``games``: random games per variant played to the end; ``longest``: plies
    no such game may need; ``made_up``: arbitrary moves tried per position."""

    examples: int
    plies: int
    arbitrary: Callable[[Any], st.SearchStrategy[Any]]
    games: int
    longest: int
    special: Callable[[int, str], Any] | None = None
    made_up: int = 25


def own_samples() -> dict[str, Sample]:
    """The contract tests' samples of the suite's own games (``tests/games/<name>/sample.py``)."""
    return {name: importlib.import_module(f"tests.games.{name}.sample").SAMPLE
            for name in own_manifests()}


def own_manifests() -> dict[str, Manifest]:
    """The suite's own games, by name."""
    found = {}
    for folder in sorted(OWN.iterdir()):
        if (folder / "manifest.py").is_file():
            manifest = importlib.import_module(f"tests.games.{folder.name}.manifest").MANIFEST
            found[manifest.name] = manifest
    return found


def every_manifest() -> dict[str, Manifest]:
    """The shipped games and the suite's own, by name."""
    return {**{name: MANIFESTS[name] for name in MANIFESTS}, **own_manifests()}


def hidden_variants(plies_two: int, plies_more: int) -> list[tuple[str, str, int]]:
    """``(game, variant, plies)`` for every game that deals something a seat alone sees (a
    ``hand`` in its seats' views): its variants with the fewest and with the most seats."""
    out = []
    for name, manifest in every_manifest().items():
        game = manifest.game
        hiding = [v for v in game.variants.values() if any(
            "hand" in game.view(game.setup(v.name, seed=1), seat) for seat in v.seats)]
        if not hiding:
            continue
        fewest = min(hiding, key=lambda v: len(v.seats))
        most = max(hiding, key=lambda v: len(v.seats))
        for v in (fewest, most) if most is not fewest else (fewest,):
            out.append((name, v.name, plies_two if len(v.seats) == 2 else plies_more))
    return out


@contextmanager
def playable(name: str) -> Iterator[Manifest]:
    """The game called ``name`` found by the registry for the ``with`` block: a shipped game
    as it is, a suite's game registered (as a fixture does) and dropped again after."""
    if name in MANIFESTS:
        yield MANIFESTS[name]
        return
    with registered(own_manifests()[name]) as manifest:
        yield manifest
