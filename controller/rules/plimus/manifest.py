"""Plimus's manifest: what the rest of Boardlight knows about the game."""

from __future__ import annotations

from controller.rules.manifest import N_, Manifest, Np_, VariantWords
from controller.rules.plimus.game import PLIMUS

MANIFEST = Manifest(
    game=PLIMUS,
    title=N_("Plimus"),
    seats={
        "blue": N_("Blue"),
        "red": N_("Red"),
        "yellow": N_("Yellow"),
        "green": N_("Green"),
    },
    colours={
        "blue": "blue",
        "red": "red",
        "yellow": "yellow",
        "green": "green",
    },
    pieces={
        "blue+": Np_("blue plus stone", "blue plus stones"),
        "blue-": Np_("blue minus stone", "blue minus stones"),
        "red+": Np_("red plus stone", "red plus stones"),
        "red-": Np_("red minus stone", "red minus stones"),
        "yellow+": Np_("yellow plus stone", "yellow plus stones"),
        "yellow-": Np_("yellow minus stone", "yellow minus stones"),
        "green+": Np_("green plus stone", "green plus stones"),
        "green-": Np_("green minus stone", "green minus stones"),
        "blank": Np_("blank stone", "blank stones"),
    },
    variants={
        "two-player": VariantWords(
            N_("Two players"),
            N_("Blue (south) against Red (north), 12 stones each: line them up on the other "
               "side's start fields.")),
        "two-player-extended": VariantWords(
            N_("Two players, with the blank stone"),
            N_("As two players, with the blank stone on a circle field Blue chooses: it never "
               "moves and is never jumped.")),
        "four-player": VariantWords(
            N_("Four players"),
            N_("Blue, Yellow, Red and Green each play alone; only opposite players (Blue and "
               "Red, Yellow and Green) capture each other.")),
        "four-player-extended": VariantWords(
            N_("Four players, all against all"),
            N_("Four players; everyone captures everyone.")),
    },
    sensing="polarity",
    engine="controller.ai.plimus_race:engine",
    drawing="web_ui.games.plimus:geometry_extras",
)
