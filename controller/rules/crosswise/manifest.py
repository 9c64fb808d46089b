"""Crosswise's manifest: what the rest of Boardlight knows about the game."""

from __future__ import annotations

from controller.rules.crosswise.game import CROSSWISE
from controller.rules.manifest import N_, Manifest, Np_, VariantWords

MANIFEST = Manifest(
    game=CROSSWISE,
    title=N_("Crosswise"),
    seats={
        "green": N_("Green"),
        "orange": N_("Orange"),
        "green-1": N_("Green 1"),
        "green-2": N_("Green 2"),
        "orange-1": N_("Orange 1"),
        "orange-2": N_("Orange 2"),
    },
    colours={
        "green": "green",
        "orange": "orange",
        "green-1": "green",
        "green-2": "green",
        "orange-1": "orange",
        "orange-2": "orange",
    },
    pieces={
        "1": Np_("sun tile", "sun tiles"),
        "2": Np_("cross tile", "cross tiles"),
        "3": Np_("triangle tile", "triangle tiles"),
        "4": Np_("square tile", "square tiles"),
        "5": Np_("pentagon tile", "pentagon tiles"),
        "6": Np_("star tile", "star tiles"),
        "move": Np_("move tile", "move tiles"),
        "remove": Np_("remove tile", "remove tiles"),
        "replace": Np_("replace tile", "replace tiles"),
        "swap": Np_("swap tile", "swap tiles"),
    },
    variants={
        "two-player": VariantWords(
            N_("Two players"),
            N_("Green (rows) against Orange (columns), 4 tiles in hand each.")),
        "three-player": VariantWords(
            N_("Three players"),
            N_("A team of two (Green, rows) against one player (Orange, columns) who holds 6 "
               "tiles and plays every other turn.")),
        "four-player": VariantWords(
            N_("Four players"),
            N_("Two teams of two, Green (rows) and Orange (columns), taking turns team by team; "
               "4 tiles in hand each.")),
    },
    sensing="presence",
    heuristic="controller.ai.heuristics.crosswise:config",
    drawing="web_ui.games.crosswise:geometry_extras",
)
