"""A game's manifest: everything the house needs to know about a game, in the game's package.

Home Assistant's integration folders are the model: each game's package exports one
``MANIFEST`` (``controller/rules/<name>/manifest.py``; a game elsewhere, such as the test
suite's own, registers its manifest with ``registry.register``), and the registry, the pages'
words, the computer's engines, the simulated board and the pages' assets read it.  Nothing
outside a game's package names the game.

Everything here is data.  What belongs to an outer layer (the computer's engine, the pages'
drawing data) is named by import path (``"package.module:function"``) and imported by that
layer when asked for, so that the rules core imports neither ``controller.ai`` nor
``web_ui`` and a game's manifest loads without them.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.rules.base import Game

# How a shipped board of the game senses its pieces (``controller.physical.SenseMode``'s
# values; the rules core does not import the physical layer).
SENSINGS = ("presence", "polarity", "tag")


def N_(text: str) -> str:
    """Marks a word for the catalogs (``pybabel extract -k N_``); translated where it is shown."""
    return text


def Np_(one: str, many: str) -> tuple[str, str]:
    """Marks a word and its plural for the catalogs (``-k Np_:1,2``)."""
    return one, many


@dataclass(frozen=True)
class VariantWords:
    """A variant as players are told about it: its name and what it is, in English, marked
    for the catalogs.  The rules core's ``Variant.summary`` says the same (a contract test
    keeps the two equal)."""
    title: str
    summary: str


@dataclass(frozen=True)
class Manifest:
    """One game, as the rest of Boardlight sees it.

    ``seats``, ``pieces``, ``variants`` and ``title`` are the players' words (marked with
    ``N_``/``Np_``); ``colours`` the colour word each seat's pieces and dot are drawn in
    (``black``, ``green``: a CSS colour name or one the pages' style sheet knows).
    ``sensing``: how the game's own board senses its pieces, and so what its simulated board
    reads.  ``engine``: ``"module:function"`` making the computer's engine from ``(game,
    variant)``, or ``None`` for Monte Carlo tree search with ``heuristic`` (``"module:function"``
    making an ``MctsConfig`` from ``(game, variant)``; ``None``: plain playouts).
    ``prepare``: ``"module:function"`` called with ``(game, variant)`` off the session thread
    before the computer's first move (a solver's tables).  ``drawing``: ``"module:function"``
    giving the pages' static drawing data for ``(game, variant)``.  ``assets``: the folder
    of the game's page files, each optional: ``script.js`` (its drawing and words hooks),
    ``style.css``, ``howto.html`` (its How to play page); ``None`` for the shipped games,
    whose files are the web UI's own (``static/games/<name>.js``, ``.css``,
    ``templates/howto/<name>.html``).
    """
    game: Game[Any, Any]
    title: str
    seats: Mapping[str, str]
    colours: Mapping[str, str]
    pieces: Mapping[str, tuple[str, str]]
    variants: Mapping[str, VariantWords]
    sensing: str = "presence"
    engine: str | None = None
    heuristic: str | None = None
    prepare: str | None = None
    drawing: str | None = None
    assets: Path | None = None

    def __post_init__(self) -> None:
        if self.sensing not in SENSINGS:
            raise ValueError(f"manifest of {self.game.name}: sensing {self.sensing!r} is not one "
                             f"of {', '.join(SENSINGS)}")

    @property
    def name(self) -> str:
        return self.game.name

    def gaps(self) -> list[str]:
        """What the manifest leaves unsaid about its game: a seat, piece or variant without
        words, a seat without a colour, a variant whose summary differs from the rules
        core's.  Empty for a complete manifest (the contract tests check every game's)."""
        missing: list[str] = []
        game = self.game
        for variant in game.variants.values():
            words = self.variants.get(variant.name)
            if words is None:
                missing.append(f"variant {variant.name}: no words")
            elif words.summary != variant.summary:
                missing.append(f"variant {variant.name}: summary {words.summary!r} differs "
                               f"from the rules core's {variant.summary!r}")
            for seat in variant.seats:
                if seat not in self.seats:
                    missing.append(f"seat {seat}: no name")
                if seat not in self.colours:
                    missing.append(f"seat {seat}: no colour")
            for piece in game.pieces(variant.name):
                if piece not in self.pieces:
                    missing.append(f"piece {piece}: no words")
        return sorted(set(missing))


def resolve(reference: str) -> Any:
    """The object a manifest names by import path, ``"package.module:attribute"``."""
    module, _, attribute = reference.partition(":")
    if not attribute:
        raise ValueError(f"{reference!r}: a manifest names code as 'package.module:attribute'")
    return getattr(importlib.import_module(module), attribute)
