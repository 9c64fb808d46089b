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


# Every variant's name and what it is, as the host page and the table say them (the rules
# core's ``Variant.summary`` is for the command line).
VARIANTS: dict[tuple[str, str], tuple[str, str]] = {
    ("abalone", "standard"): (N_("Standard"), N_(
        "The published start: 14 marbles each; push off 6 to win.")),
    ("abalone", "belgian-daisy"): (N_("Belgian daisy"), N_(
        "The tournament start: two interlocked daisies of marbles per side.")),
    ("abalone", "german-daisy"): (N_("German daisy"), N_(
        "Daisies one row further in than in the Belgian daisy.")),
    ("abalone", "free-placement"): (N_("Free placement"), N_(
        "An empty board: Black and White place their 14 marbles one by one, then play as "
        "usual.")),
    ("abalone", "blitz"): (N_("Blitz"), N_(
        "The standard start; push off 4 to win; 5 minutes for each player.")),
    ("abalone", "three-player"): (N_("Three players"), N_(
        "Black, White and Red, 11 marbles each; push off 6 marbles of any opponents to win.")),
    ("abalone", "four-player"): (N_("Four players"), N_(
        "Two teams, Black and Red against White and Green, 9 marbles each; a team wins by "
        "pushing off 6 marbles of the other team.")),
    ("crosswise", "two-player"): (N_("Two players"), N_(
        "Green (rows) against Orange (columns), 4 tiles in hand each.")),
    ("crosswise", "three-player"): (N_("Three players"), N_(
        "A team of two (Green, rows) against one player (Orange, columns) who holds 6 tiles "
        "and plays every other turn.")),
    ("crosswise", "four-player"): (N_("Four players"), N_(
        "Two teams of two, Green (rows) and Orange (columns), taking turns team by team; 4 "
        "tiles in hand each.")),
    ("drhombix", "cuckoo-square"): (N_("Cuckoo game, square board"), N_(
        "15 pieces each; sandwich and nest captures; White begins; place or raise a piece "
        "to the top to win.")),
    ("drhombix", "cuckoo-triangle"): (N_("Cuckoo game, triangular board"), N_(
        "10 pieces each; sandwich and nest captures; White begins; place or raise a piece "
        "to the top to win.")),
    ("drhombix", "cuckoo-square-no-sandwich"): (
        N_("Cuckoo game, square board, no sandwich"), N_(
            "15 pieces each; nest captures only; White begins; place or raise a piece to the "
            "top to win.")),
    ("drhombix", "cuckoo-triangle-no-sandwich"): (
        N_("Cuckoo game, triangular board, no sandwich"), N_(
            "10 pieces each; nest captures only; White begins; place or raise a piece to the "
            "top to win.")),
    ("drhombix", "cuckoo-square-no-nest"): (N_("Cuckoo game, square board, no nest"), N_(
        "15 pieces each; sandwich captures only; White begins; place or raise a piece to the "
        "top to win.")),
    ("drhombix", "cuckoo-triangle-no-nest"): (N_("Cuckoo game, triangular board, no nest"), N_(
        "10 pieces each; sandwich captures only; White begins; place or raise a piece to the "
        "top to win.")),
    ("drhombix", "cuckoo-square-no-captures"): (
        N_("Cuckoo game, square board, no captures"), N_(
            "15 pieces each; nothing is captured; White begins; place or raise a piece to the "
            "top to win.")),
    ("drhombix", "cuckoo-triangle-no-captures"): (
        N_("Cuckoo game, triangular board, no captures"), N_(
            "10 pieces each; nothing is captured; White begins; place or raise a piece to the "
            "top to win.")),
    ("drhombix", "cuckoo-triangle-inverted-nests"): (
        N_("Cuckoo game, triangular board, upside-down nests"), N_(
            "10 pieces each; sandwich and nest captures, and the upside-down triangles of three "
            "seats are nests too; White begins; place or raise a piece to the top to win.")),
    ("drhombix", "ant-square"): (N_("Ant game, square board"), N_(
        "The pyramid starts full; take off one or two free pieces of one level, or raise one "
        "free piece; whoever takes off the last piece loses.")),
    ("drhombix", "ant-triangle"): (N_("Ant game, triangular board"), N_(
        "The pyramid starts full; take off one or two free pieces of one level, or raise one "
        "free piece; whoever takes off the last piece loses.")),
    ("rhombus", "two-player"): (N_("Two players"), N_(
        "Red (from a1) against Blue (from e5), 6 pieces each, 36 cards; take every piece of "
        "the other player off the board to win.")),
    ("rhombus", "four-player"): (N_("Four players"), N_(
        "Teams: Red and Blue against Yellow and Green, 4 pieces each; partners block and "
        "protect together.")),
    ("rhombus", "formation"): (N_("Formation"), N_(
        "Two decks, 3 cards on the table and 1 in the hand; win with a cross of five pieces "
        "(two crossing blockades); pieces taken off go back to the reserve.")),
    ("rhombus", "formation-four-player"): (N_("Formation, four players"), N_(
        "Formation for two teams of two; nobody moves a partner's pieces.")),
    ("plimus", "two-player"): (N_("Two players"), N_(
        "Blue (south) against Red (north), 12 stones each: line them up on the other "
        "side's start fields.")),
    ("plimus", "two-player-extended"): (N_("Two players, with the blank stone"), N_(
        "As two players, with the blank stone on a circle field Blue chooses: it never moves "
        "and is never jumped.")),
    ("plimus", "four-player"): (N_("Four players"), N_(
        "Blue, Yellow, Red and Green each play alone; only opposite players (Blue and Red, "
        "Yellow and Green) capture each other.")),
    ("plimus", "four-player-extended"): (N_("Four players, all against all"), N_(
        "Four players; everyone captures everyone.")),
}

# The computer's levels (``controller.ai.LEVELS``), as the host page and the table name them.
LEVELS: tuple[str, ...] = (N_("easy"), N_("quick"), N_("club"), N_("strong"))


def level_names(t: NullTranslations) -> dict[str, str]:
    """The computer's levels by name, in ``t``'s language."""
    return {level: t.gettext(level) for level in LEVELS}


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


def variant_name(game: Game[Any, Any], variant: str, t: NullTranslations) -> str:
    words = VARIANTS.get((game.name, variant))
    return t.gettext(words[0]) if words else variant


def variant_summary(game: Game[Any, Any], variant: str, t: NullTranslations) -> str:
    words = VARIANTS.get((game.name, variant))
    return t.gettext(words[1]) if words else game.variant(variant).summary
