"""Abalone's manifest: what the rest of Boardlight knows about the game."""

from __future__ import annotations

from controller.rules.abalone.game import ABALONE
from controller.rules.manifest import N_, Manifest, Np_, VariantWords

MANIFEST = Manifest(
    game=ABALONE,
    title=N_("Abalone"),
    seats={
        "b": N_("Black"),
        "w": N_("White"),
        "r": N_("Red"),
        "g": N_("Green"),
    },
    colours={
        "b": "black",
        "w": "white",
        "r": "red",
        "g": "green",
    },
    pieces={
        "b": Np_("black marble", "black marbles"),
        "w": Np_("white marble", "white marbles"),
        "r": Np_("red marble", "red marbles"),
        "g": Np_("green marble", "green marbles"),
    },
    variants={
        "standard": VariantWords(
            N_("Standard"),
            N_("The published start: 14 marbles each; push off 6 to win.")),
        "belgian-daisy": VariantWords(
            N_("Belgian daisy"),
            N_("The tournament start: two interlocked daisies of marbles per side.")),
        "german-daisy": VariantWords(
            N_("German daisy"),
            N_("Daisies one row further in than in the Belgian daisy.")),
        "free-placement": VariantWords(
            N_("Free placement"),
            N_("An empty board: Black and White place their 14 marbles one by one, then play as "
               "usual.")),
        "blitz": VariantWords(
            N_("Blitz"),
            N_("The standard start; push off 4 to win; 5 minutes for each player.")),
        "three-player": VariantWords(
            N_("Three players"),
            N_("Black, White and Red, 11 marbles each; push off 6 marbles of any opponents to "
               "win.")),
        "four-player": VariantWords(
            N_("Four players"),
            N_("Two teams, Black and Red against White and Green, 9 marbles each; a team wins by "
               "pushing off 6 marbles of the other team.")),
    },
    sensing="presence",
    engine="controller.ai.abalone_engine:engine",
    heuristic="controller.ai.heuristics.abalone:config",
    prepare="controller.ai.abalone_engine:prepare",
)
