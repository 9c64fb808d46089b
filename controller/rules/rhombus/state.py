"""Rhombus variants, the state, the deal, and the refill with its reshuffle rule."""

from __future__ import annotations

import random
from dataclasses import dataclass

from controller.rules.base import Outcome, Variant
from controller.rules.rhombus.board import BIT, CORNERS, mask_of
from controller.rules.rhombus.cards import EIGHT, HIDDEN, deck, value

# Corners and the squares next to them, per seat.  Turns go round the board counter-clockwise
# seen from above with a1 at the bottom left: a1, e1, e5, a5.
CORNER = {"r": "a1", "y": "e1", "b": "e5", "g": "a5"}
BESIDE = {"r": "b1 a2", "y": "d1 e2", "b": "d5 e4", "g": "a4 b5"}
COLOUR_NAMES = {"r": "red", "y": "yellow", "b": "blue", "g": "green"}

# A game that nobody has won after this many actions per player is drawn (decided: the
# rules have no end but a win, and eliminated pieces can come back; 150 actions each is far
# beyond a real game, and random play ends most original games well before it).
ACTIONS_PER_PLAYER = 150


def _variant(name: str, summary: str, seats: tuple[str, ...], *, formation: bool) -> Variant:
    four = len(seats) == 4
    return Variant(name, summary, seats, {
        "teams": (("r", "b"), ("y", "g")) if four else (("r",), ("b",)),
        "pieces": 4 if four else 6,
        "corner_starts": not four,      # two players: the corner holds a piece at the start
        "copies": 2 if formation else 1,
        "open": 3 if formation else 2,  # open table cards per player
        "hidden": 1,                    # hidden hand cards per player
        "formation": formation,
        # A player with no legal action: "lose" (the rules page's End) or "discard" a card or
        # combination (decided for Formation, whose only end is the cross).
        "stuck": "discard" if formation else "lose",
        "ply_limit": ACTIONS_PER_PLAYER * len(seats),
        "clock": None,
    })


VARIANTS: dict[str, Variant] = {v.name: v for v in (
    _variant("two-player", "Red (from a1) against Blue (from e5), 6 pieces each, 36 cards; take "
                           "every piece of the other player off the board to win.",
                           ("r", "b"), formation=False),
    _variant("four-player", "Teams: Red and Blue against Yellow and Green, 4 pieces each; "
                            "partners block and protect together.", ("r", "y", "b", "g"),
             formation=False),
    _variant("formation", "Two decks, 3 cards on the table and 1 in the hand; win with a cross of "
                          "five pieces (two crossing blockades); pieces taken off go back to the "
                          "reserve.",
             ("r", "b"), formation=True),
    _variant("formation-four-player", "Formation for two teams of two; nobody moves a partner's "
                                      "pieces.", ("r", "y", "b", "g"), formation=True),
)}


@dataclass(frozen=True, slots=True)
class RhombusState:
    variant: str
    pieces: tuple[int, ...]             # per seat: the squares its pieces stand on
    reserve: tuple[int, ...]            # per seat: pieces waiting beside the board
    out: tuple[int, ...]                # per seat: pieces eliminated (original rules)
    open: tuple[tuple[int, ...], ...]   # per seat: open table cards, sorted
    hidden: tuple[tuple[int, ...], ...]  # per seat: hidden hand cards, sorted
    pile: tuple[int, ...]               # face down, top card first
    discard: tuple[int, ...]            # played since the last reshuffle, sorted
    to_move: int
    ply: int
    seed: int                           # secret: it decides the deal and every reshuffle
    shuffles: int                       # reshuffles so far
    result: Outcome | None = None


def deal(variant: Variant, seed: int) -> RhombusState:
    o = variant.options
    seats = variant.seats
    cards = deck(o["copies"])
    random.Random(f"{seed}:deal").shuffle(cards)
    opens, hiddens = [], []
    for _ in seats:
        opens.append(tuple(sorted(cards[:o["open"]])))
        del cards[:o["open"]]
        hiddens.append(tuple(sorted(cards[:o["hidden"]])))
        del cards[:o["hidden"]]
    pieces, reserve = [], []
    for s in seats:
        start = mask_of(BESIDE[s]) | (BIT[CORNER[s]] if o["corner_starts"] else 0)
        pieces.append(start)
        reserve.append(o["pieces"] - start.bit_count())
    n = len(seats)
    return RhombusState(variant.name, tuple(pieces), tuple(reserve), (0,) * n, tuple(opens),
                        tuple(hiddens), tuple(cards), (), 0, 0, seed, 0)


def corner_bit(seat: str) -> int:
    return CORNERS[CORNER[seat]]


@dataclass
class Refill:
    """The cards after an action: played cards out, replacements in, reshuffles as due."""

    open: list[int]
    hidden: list[int]
    pile: list[int]
    discard: list[int]
    seed: int
    shuffles: int


def refill(r: Refill, played: tuple[int, ...], reactivation: bool) -> None:
    """Replace each played card (in ``played`` order) from the pile: a table card face up, a
    hand card hidden, and an 8's replacement hidden except in a reactivation.

    The reshuffle: when the pile runs out, the discards are shuffled into a new pile
    (``random.Random(f"{seed}:{n}")`` for the n-th reshuffle, over the sorted cards, so a game
    replays from its seed and its moves).  The cards of this action go in too once one of
    their replacements came from the old pile; a pile already empty before the action gave
    none, so they wait in the discards for the next reshuffle.
    """
    for c in played:
        if c & HIDDEN:
            r.hidden.remove(c & ~HIDDEN)
        else:
            r.open.remove(c)
    plain = [c & ~HIDDEN for c in played]
    from_old = False   # a replacement came from the pile as it was before this action
    fresh = False      # the pile has been reshuffled during this action
    included = False   # this action's cards went into a new pile
    for c, card in zip(played, plain):
        if not r.pile:
            with_current = from_old and not included
            if _reshuffle(r, plain, with_current):
                fresh = True
                included = included or with_current
        if not r.pile:
            break  # no card left anywhere: the player holds one card fewer
        drawn = r.pile.pop(0)
        from_old = from_old or not fresh
        to_hand = bool(c & HIDDEN) or (value(card) == EIGHT and not reactivation)
        (r.hidden if to_hand else r.open).append(drawn)
    if not r.pile:
        # The pile ran out with the last replacement: reshuffle now, so that a pile is never
        # empty between actions while cards lie in the discards.
        with_current = from_old and not included
        if _reshuffle(r, plain, with_current):
            included = included or with_current
    if not included:
        r.discard.extend(plain)
    r.open.sort()
    r.hidden.sort()
    r.discard.sort()


def _reshuffle(r: Refill, current: list[int], with_current: bool) -> bool:
    """Shuffle the discards (and ``current``) into a new pile; False if there is nothing."""
    cards = sorted(r.discard + (current if with_current else []))
    if not cards:
        return False
    r.shuffles += 1
    random.Random(f"{r.seed}:{r.shuffles}").shuffle(cards)
    r.pile = cards
    r.discard = []
    return True
