"""Rhombus's manifest: what the rest of Boardlight knows about the game."""

from __future__ import annotations

from controller.rules.manifest import N_, Manifest, Np_, VariantWords
from controller.rules.rhombus.game import RHOMBUS

MANIFEST = Manifest(
    game=RHOMBUS,
    title=N_("Rhombus"),
    seats={
        "r": N_("Red"),
        "b": N_("Blue"),
        "y": N_("Yellow"),
        "g": N_("Green"),
    },
    colours={
        "r": "red",
        "b": "blue",
        "y": "yellow",
        "g": "green",
    },
    pieces={
        "r": Np_("red piece", "red pieces"),
        "b": Np_("blue piece", "blue pieces"),
        "y": Np_("yellow piece", "yellow pieces"),
        "g": Np_("green piece", "green pieces"),
    },
    variants={
        "two-player": VariantWords(
            N_("Two players"),
            N_("Red (from a1) against Blue (from e5), 6 pieces each, 36 cards; take every piece "
               "of the other player off the board to win.")),
        "four-player": VariantWords(
            N_("Four players"),
            N_("Teams: Red and Blue against Yellow and Green, 4 pieces each; partners block and "
               "protect together.")),
        "formation": VariantWords(
            N_("Formation"),
            N_("Two decks, 3 cards on the table and 1 in the hand; win with a cross of five "
               "pieces (two crossing blockades); pieces taken off go back to the reserve.")),
        "formation-four-player": VariantWords(
            N_("Formation, four players"),
            N_("Formation for two teams of two; nobody moves a partner's pieces.")),
    },
    sensing="presence",
    heuristic="controller.ai.heuristics.rhombus:config",
    drawing="web_ui.games.rhombus:geometry_extras",
)
