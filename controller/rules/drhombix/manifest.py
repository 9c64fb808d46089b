"""DRHOMBIX's manifest: what the rest of Boardlight knows about the game."""

from __future__ import annotations

from controller.rules.drhombix.game import DRHOMBIX
from controller.rules.manifest import N_, Manifest, Np_, VariantWords

MANIFEST = Manifest(
    game=DRHOMBIX,
    title=N_("DRHOMBIX"),
    seats={
        "w": N_("White"),
        "b": N_("Black"),
        "first": N_("First player"),
        "second": N_("Second player"),
    },
    colours={
        "w": "white",
        "b": "black",
        "first": "first",
        "second": "second",
    },
    pieces={
        "w": Np_("white piece", "white pieces"),
        "b": Np_("black piece", "black pieces"),
        "o": Np_("piece", "pieces"),
    },
    variants={
        "cuckoo-square": VariantWords(
            N_("Cuckoo game, square board"),
            N_("15 pieces each; sandwich and nest captures; White begins; place or raise a piece "
               "to the top to win.")),
        "cuckoo-triangle": VariantWords(
            N_("Cuckoo game, triangular board"),
            N_("10 pieces each; sandwich and nest captures; White begins; place or raise a piece "
               "to the top to win.")),
        "cuckoo-square-no-sandwich": VariantWords(
            N_("Cuckoo game, square board, no sandwich"),
            N_("15 pieces each; nest captures only; White begins; place or raise a piece to the "
               "top to win.")),
        "cuckoo-triangle-no-sandwich": VariantWords(
            N_("Cuckoo game, triangular board, no sandwich"),
            N_("10 pieces each; nest captures only; White begins; place or raise a piece to the "
               "top to win.")),
        "cuckoo-square-no-nest": VariantWords(
            N_("Cuckoo game, square board, no nest"),
            N_("15 pieces each; sandwich captures only; White begins; place or raise a piece to "
               "the top to win.")),
        "cuckoo-triangle-no-nest": VariantWords(
            N_("Cuckoo game, triangular board, no nest"),
            N_("10 pieces each; sandwich captures only; White begins; place or raise a piece to "
               "the top to win.")),
        "cuckoo-square-no-captures": VariantWords(
            N_("Cuckoo game, square board, no captures"),
            N_("15 pieces each; nothing is captured; White begins; place or raise a piece to the "
               "top to win.")),
        "cuckoo-triangle-no-captures": VariantWords(
            N_("Cuckoo game, triangular board, no captures"),
            N_("10 pieces each; nothing is captured; White begins; place or raise a piece to the "
               "top to win.")),
        "cuckoo-triangle-inverted-nests": VariantWords(
            N_("Cuckoo game, triangular board, upside-down nests"),
            N_("10 pieces each; sandwich and nest captures, and the upside-down triangles of "
               "three seats are nests too; White begins; place or raise a piece to the top to "
               "win.")),
        "ant-square": VariantWords(
            N_("Ant game, square board"),
            N_("The pyramid starts full; take off one or two free pieces of one level, or raise "
               "one free piece; whoever takes off the last piece loses.")),
        "ant-triangle": VariantWords(
            N_("Ant game, triangular board"),
            N_("The pyramid starts full; take off one or two free pieces of one level, or raise "
               "one free piece; whoever takes off the last piece loses.")),
    },
    sensing="presence",
    engine="controller.ai.heuristics.drhombix:engine",
    heuristic="controller.ai.heuristics.drhombix:config",
    prepare="controller.ai.ant:prepare",
    drawing="web_ui.games.drhombix:geometry_extras",
)
