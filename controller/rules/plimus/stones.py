"""Stones and what stands on a node, as small integers.

A stone *kind* is ``2 * team + (0 for plus, 1 for minus)`` with teams in ``TEAMS`` order
(blue 0, red 1, yellow 2, green 3), so ``kind ^ 1`` is the same team's other sign: the only
stone a single may join into a double with.

A node holds a *code*: ``EMPTY``; a single ``1 + kind``; a double ``9 + kind of its upper
stone`` (the lower stone is always ``kind ^ 1``: a double is two stones of one team, of
opposite sign); or the ``BLANK`` stone.  Poles hold loose stones, counted by kind.
"""

from __future__ import annotations

from controller.rules.plimus.board import TEAMS

KINDS = 8
EMPTY = 0
SINGLE = 1   # codes 1..8
DOUBLE = 9   # codes 9..16
BLANK = 17
CODES = 18

LETTERS = "bryg"  # position text: upper case plus, lower case minus
BLANK_PIECE = "blank"


def kind_of(team: int, sign: int) -> int:
    return 2 * team + (0 if sign > 0 else 1)


def sign_of_kind(kind: int) -> int:
    return -1 if kind & 1 else 1


def piece(kind: int) -> str:
    """The physical piece kind of a stone: ``"blue+"``."""
    return TEAMS[kind >> 1] + ("-" if kind & 1 else "+")


PIECES = tuple(piece(k) for k in range(KINDS))
KIND_OF_PIECE = {p: k for k, p in enumerate(PIECES)}


def letter(kind: int) -> str:
    ch = LETTERS[kind >> 1]
    return ch.lower() if kind & 1 else ch.upper()


def kind_of_letter(ch: str) -> int | None:
    team = LETTERS.find(ch.lower())
    if team < 0 or not ch.isalpha():
        return None
    return 2 * team + (0 if ch.isupper() else 1)


# Per code: the sign a jumper or a sensor sees (the upper stone's), the team (-1: none), and
# whether it is a single or a double.
SIGN = tuple([0] + [sign_of_kind(k) for k in range(KINDS)] * 2 + [0])
TEAM = tuple([-1] + [k >> 1 for k in range(KINDS)] * 2 + [-1])
TOP = tuple([-1] + list(range(KINDS)) * 2 + [-1])          # kind of the upper stone
IS_SINGLE = tuple(SINGLE <= c < DOUBLE for c in range(CODES))
IS_DOUBLE = tuple(DOUBLE <= c < BLANK for c in range(CODES))


def stones_of(code: int) -> tuple[int, ...]:
    """The stones of a node, bottom first, as kinds (the blank stone is not a kind)."""
    if IS_SINGLE[code]:
        return (code - SINGLE,)
    if IS_DOUBLE[code]:
        top = code - DOUBLE
        return (top ^ 1, top)
    return ()


def stack_of(code: int) -> tuple[str, ...]:
    """What physically stands on a node, bottom first."""
    if code == BLANK:
        return (BLANK_PIECE,)
    return tuple(PIECES[k] for k in stones_of(code))
