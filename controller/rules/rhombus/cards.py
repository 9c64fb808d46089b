"""Cards, and which sets of cards make an action.

A card is an int ``4 * value + suit``: values 6 7 8 9 10 J Q K A are 0..8 (so consecutive
values differ by one and there is no wrap from A to 6), suits C D H S are 0..3.  A card held
by a player is a *held* int: the card, plus ``HIDDEN`` when it is the hidden hand card (a
move names where each card came from: a table card is replaced face up, a hand card hidden).

What a set of cards may do is a *program* (see ``programs``):

* ``Carry(movers, nines, kills, must_kill)``: every card is carried out, in any order, with
  any pieces: each move card moves a piece, each 9 may bring a reserve piece in, each kill
  card may eliminate the opponent piece a move (or an entry) of the action ended on (it does
  nothing otherwise, unless ``must_kill``: a move card and a kill card that are not
  consecutive are only a combination because the move kills).
* ``ELIMINATE``: a straight flush puts an own piece onto any opponent piece.
* ``ENTRYLIMINATE`` (Formation): a 9 and a straight flush of its suit bring a reserve piece
  onto the own start corner, eliminating the opponent piece there, blockade or not.
* ``REACTIVATE`` (original rules): three cards of one value bring an eliminated piece back to
  the reserve.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from controller.errors import ParseError

VALUES = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "CDHS"
HIDDEN = 64

SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(9)
KILLERS = frozenset({SEVEN, TEN})
# Orthogonal steps of each move card; the J slides diagonally (``DIAGONAL``).
DIAGONAL = 0
STEPS = {SIX: 6, QUEEN: 3, KING: 2, ACE: 1, JACK: DIAGONAL}


def value(card: int) -> int:
    return (card & ~HIDDEN) >> 2


def suit(card: int) -> int:
    return card & 3


def card_text(held: int) -> str:
    c = held & ~HIDDEN
    return VALUES[c >> 2] + SUITS[c & 3] + ("*" if held & HIDDEN else "")


_BY_TEXT = {VALUES[c >> 2] + SUITS[c & 3] + star: c + extra
            for c in range(36) for star, extra in (("", 0), ("*", HIDDEN))}


def parse_card(text: str) -> int:
    """``QC``, ``10h`` -> a card; ``KC*`` -> that card held hidden."""
    card = _BY_TEXT.get(text) or _BY_TEXT.get(text.strip().upper())
    if card is not None:
        return card
    raise ParseError(f"{text!r} is not a card: write the value (6 7 8 9 10 J Q K A) and the "
                     "suit (C D H S), e.g. QC or 10H; a hand card ends with '*' (KC*)")


def deck(copies: int) -> list[int]:
    return sorted(c for c in range(36) for _ in range(copies))


@dataclass(frozen=True, slots=True)
class Carry:
    movers: tuple[int, ...]   # STEPS of each move card, sorted
    nines: int
    kills: int
    must_kill: bool = False


ELIMINATE = "eliminate"
ENTRYLIMINATE = "entryliminate"
REACTIVATE = "reactivate"

Program = Carry | str


def _carry(values: list[int], must_kill: bool = False) -> Carry:
    return Carry(tuple(sorted(STEPS[v] for v in values if v in STEPS)),
                 values.count(NINE), sum(1 for v in values if v in KILLERS), must_kill)


def _straight(values: list[int]) -> bool:
    v = sorted(values)
    return len(v) == 3 and v[1] == v[0] + 1 and v[2] == v[1] + 1


@lru_cache(maxsize=8192)
def programs(cards: tuple[int, ...], formation: bool) -> tuple[Program, ...]:
    """What the set ``cards`` (held ints) may do as one action; ``()`` if it is no action."""
    return _programs(tuple(sorted(c & ~HIDDEN for c in cards)), formation)


@lru_cache(maxsize=4096)
def _programs(plain: tuple[int, ...], formation: bool) -> tuple[Program, ...]:
    return tuple(_classify(list(plain), formation))


def _classify(plain: list[int], formation: bool) -> list[Program]:
    values = sorted(value(c) for c in plain)
    one_suit = len({suit(c) for c in plain}) == 1
    n = len(plain)
    if n == 1:
        return [_carry(values)]
    if n == 2:
        if not one_suit:
            return []
        low, high = values
        if high == low + 1 or (formation and high == low):
            return [_carry(values)]
        if {low, high} & KILLERS and {low, high} & {JACK, QUEEN, KING, ACE}:
            return [_carry(values, must_kill=True)]
        return []
    if n == 3:
        if one_suit:
            out: list[Program] = [_carry(values)]
            if _straight(values):
                out.append(ELIMINATE)
            return out
        if len(set(values)) == 1:
            return [_carry(values)] if formation else [REACTIVATE]
        return []
    if n == 4 and formation and one_suit:
        out = [_carry(values)]
        if NINE in values:
            rest = list(values)
            rest.remove(NINE)
            if _straight(rest):
                out.append(ENTRYLIMINATE)
        return out
    return []


def kind_name(cards: tuple[int, ...], formation: bool) -> str:
    """A name for the combination, for pages: ``single``, ``pair``, ``move and kill``,
    ``identical pair``, ``flush``, ``straight flush``, ``three of a value``, ``four-card
    flush``, ``entryliminator``."""
    found = programs(cards, formation)
    if not found:
        return ""
    values = sorted(value(c) for c in cards)
    n = len(cards)
    if n == 1:
        return "single"
    if n == 2:
        if values[0] == values[1]:
            return "identical pair"
        first = found[0]
        return "move and kill" if isinstance(first, Carry) and first.must_kill else "pair"
    if n == 3:
        if len(set(values)) == 1:
            return "three of a value" if formation else "reactivation"
        return "straight flush" if ELIMINATE in found else "flush"
    return "entryliminator" if ENTRYLIMINATE in found else "four-card flush"


@lru_cache(maxsize=4096)
def sub_hands(held: tuple[int, ...], largest: int) -> tuple[tuple[int, ...], ...]:
    """Every non-empty sub-multiset of ``held`` with at most ``largest`` cards, each once,
    sorted (open cards before hidden ones)."""
    items = sorted(held)
    found = dict.fromkeys(c for k in range(1, min(largest, len(items)) + 1)
                          for c in combinations(items, k))
    return tuple(found)


def cards_text(cards: tuple[int, ...]) -> str:
    return "+".join(card_text(c) for c in sorted(cards))


def multiset_contains(held: tuple[int, ...], cards: tuple[int, ...]) -> bool:
    have = Counter(held)
    have.subtract(Counter(cards))
    return min(have.values(), default=0) >= 0
