"""The games' words as players use them, for the pages: seats, pieces, games, variants.

The rules core names things in English for the command line (``Game.seat_name``); the pages
say them in the reader's language from each game's manifest (``controller.rules.manifest``),
whose words pybabel extracts (``N_`` marks a word, ``Np_`` a word with its plural) and the
catalogs translate (Kuckucksspiel, jeu du coucou; Herz-Dame, dame de cœur).  The contract
tests check that every seat, piece and variant of every game has its words there.
"""

from __future__ import annotations

from typing import Any

from babel.support import NullTranslations

from controller.rules.base import Game
from controller.rules.registry import manifest_of


def N_(text: str) -> str:
    """Marks a word for the catalogs; it is translated where it is used."""
    return text


def Np_(one: str, many: str) -> tuple[str, str]:
    """Marks a word and its plural for the catalogs."""
    return one, many


# The computer's levels (``controller.ai.LEVELS``), as the host page and the table name them.
LEVELS: tuple[str, ...] = (N_("easy"), N_("quick"), N_("club"), N_("strong"))


def level_names(t: NullTranslations) -> dict[str, str]:
    """The computer's levels by name, in ``t``'s language."""
    return {level: t.gettext(level) for level in LEVELS}


def game_name(game: Game[Any, Any], t: NullTranslations) -> str:
    manifest = manifest_of(game)
    return t.gettext(manifest.title) if manifest else game.title


def seat_name(game: Game[Any, Any], seat: str, t: NullTranslations) -> str:
    """A seat as players call it, in ``t``'s language (the core's English name for a game
    without a manifest, or a seat its manifest lacks: the contract tests keep that from
    happening to a registered game)."""
    manifest = manifest_of(game)
    word = manifest.seats.get(seat) if manifest else None
    return t.gettext(word) if word else game.seat_name(seat)


def seat_colour(game: Game[Any, Any], seat: str) -> str:
    """The colour word a seat's pieces and dot are drawn in (``black``, ``green``), whatever
    the page's language; for a game without a manifest, its seat name's first word."""
    manifest = manifest_of(game)
    colour = manifest.colours.get(seat) if manifest else None
    return colour or game.seat_name(seat).split()[0].lower()


def piece_name(game: Game[Any, Any], piece: str, t: NullTranslations, n: int = 1) -> str:
    manifest = manifest_of(game)
    words = manifest.pieces.get(piece) if manifest else None
    if words is None:
        return game.piece_name(piece, plural=n != 1)
    return t.ngettext(words[0], words[1], n)


def variant_name(game: Game[Any, Any], variant: str, t: NullTranslations) -> str:
    manifest = manifest_of(game)
    words = manifest.variants.get(variant) if manifest else None
    return t.gettext(words.title) if words else variant


def variant_summary(game: Game[Any, Any], variant: str, t: NullTranslations) -> str:
    manifest = manifest_of(game)
    words = manifest.variants.get(variant) if manifest else None
    return t.gettext(words.summary) if words else game.variant(variant).summary
