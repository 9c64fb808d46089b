"""The games' words as players use them, for the pages: seats, pieces, games, variants.

The rules core names things in English for the command line (``Game.seat_name``); the pages
say them in the reader's language from these tables, whose entries pybabel extracts
(``N_`` marks a word, ``Np_`` a word with its plural) and the catalogs translate (Kuckucksspiel,
jeu du coucou; Herz-Dame, dame de cœur).  ``tests/web_ui/test_catalogs.py`` checks that every
seat and piece of every game has its words here.
"""

from __future__ import annotations

from typing import Any

from babel.support import NullTranslations

from controller.rules.base import Game


def N_(text: str) -> str:
    """Marks a word for the catalogs; it is translated where it is used."""
    return text


def Np_(one: str, many: str) -> tuple[str, str]:
    """Marks a word and its plural for the catalogs."""
    return one, many


GAMES: dict[str, str] = {
    "abalone": N_("Abalone"), "crosswise": N_("Crosswise"), "drhombix": N_("DRHOMBIX"),
    "rhombus": N_("Rhombus"), "plimus": N_("Plimus"),
}

SEATS: dict[tuple[str, str], str] = {
    ("abalone", "b"): N_("Black"), ("abalone", "w"): N_("White"),
    ("abalone", "r"): N_("Red"), ("abalone", "g"): N_("Green"),
    ("drhombix", "w"): N_("White"), ("drhombix", "b"): N_("Black"),
    ("drhombix", "first"): N_("First player"), ("drhombix", "second"): N_("Second player"),
    ("rhombus", "r"): N_("Red"), ("rhombus", "b"): N_("Blue"),
    ("rhombus", "y"): N_("Yellow"), ("rhombus", "g"): N_("Green"),
    ("crosswise", "green"): N_("Green"), ("crosswise", "orange"): N_("Orange"),
    ("crosswise", "green-1"): N_("Green 1"), ("crosswise", "green-2"): N_("Green 2"),
    ("crosswise", "orange-1"): N_("Orange 1"), ("crosswise", "orange-2"): N_("Orange 2"),
    ("plimus", "blue"): N_("Blue"), ("plimus", "red"): N_("Red"),
    ("plimus", "yellow"): N_("Yellow"), ("plimus", "green"): N_("Green"),
}

PIECES: dict[tuple[str, str], tuple[str, str]] = {
    ("abalone", "b"): Np_("black marble", "black marbles"),
    ("abalone", "w"): Np_("white marble", "white marbles"),
    ("abalone", "r"): Np_("red marble", "red marbles"),
    ("abalone", "g"): Np_("green marble", "green marbles"),
    ("drhombix", "w"): Np_("white piece", "white pieces"),
    ("drhombix", "b"): Np_("black piece", "black pieces"),
    ("drhombix", "o"): Np_("piece", "pieces"),
    ("rhombus", "r"): Np_("red piece", "red pieces"),
    ("rhombus", "b"): Np_("blue piece", "blue pieces"),
    ("rhombus", "y"): Np_("yellow piece", "yellow pieces"),
    ("rhombus", "g"): Np_("green piece", "green pieces"),
    ("crosswise", "1"): Np_("sun tile", "sun tiles"),
    ("crosswise", "2"): Np_("cross tile", "cross tiles"),
    ("crosswise", "3"): Np_("triangle tile", "triangle tiles"),
    ("crosswise", "4"): Np_("square tile", "square tiles"),
    ("crosswise", "5"): Np_("pentagon tile", "pentagon tiles"),
    ("crosswise", "6"): Np_("star tile", "star tiles"),
    ("crosswise", "move"): Np_("move tile", "move tiles"),
    ("crosswise", "remove"): Np_("remove tile", "remove tiles"),
    ("crosswise", "replace"): Np_("replace tile", "replace tiles"),
    ("crosswise", "swap"): Np_("swap tile", "swap tiles"),
    ("plimus", "blue+"): Np_("blue plus stone", "blue plus stones"),
    ("plimus", "blue-"): Np_("blue minus stone", "blue minus stones"),
    ("plimus", "red+"): Np_("red plus stone", "red plus stones"),
    ("plimus", "red-"): Np_("red minus stone", "red minus stones"),
    ("plimus", "yellow+"): Np_("yellow plus stone", "yellow plus stones"),
    ("plimus", "yellow-"): Np_("yellow minus stone", "yellow minus stones"),
    ("plimus", "green+"): Np_("green plus stone", "green plus stones"),
    ("plimus", "green-"): Np_("green minus stone", "green minus stones"),
    ("plimus", "blank"): Np_("blank stone", "blank stones"),
}


# The computer's levels (``controller.ai.LEVELS``), as the host page and the table name them.
LEVELS: tuple[str, ...] = (N_("easy"), N_("quick"), N_("club"), N_("strong"))


def game_name(game: Game[Any, Any], t: NullTranslations) -> str:
    return t.gettext(GAMES.get(game.name, game.title))


def seat_name(game: Game[Any, Any], seat: str, t: NullTranslations) -> str:
    """A seat as players call it, in ``t``'s language (the core's English name if the
    tables lack it: the catalog test keeps that from happening)."""
    word = SEATS.get((game.name, seat))
    return t.gettext(word) if word else game.seat_name(seat)


def piece_name(game: Game[Any, Any], piece: str, t: NullTranslations, n: int = 1) -> str:
    words = PIECES.get((game.name, piece))
    if words is None:
        return game.piece_name(piece, plural=n != 1)
    return t.ngettext(words[0], words[1], n)
