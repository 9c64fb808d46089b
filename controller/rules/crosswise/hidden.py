"""Determinization: the hidden tiles dealt afresh for a search that must not peek.

A seat sees the board, the action tiles played, its own hand and how many tiles every other
hand and the bag hold.  Every other tile (the other hands, partners' included, and the bag) is
one pool as far as the seat can tell; ``sample_hidden`` shuffles that pool and deals it back
into hands and bag of the same sizes.

The pool is built in the canonical tile order from the visible parts alone, never from the
hidden hands or bag themselves, so two states that look the same to the seat give the same
result for the same random state.  Not tracked: tiles the table saw go into a hand (a remove,
a replace) and could remember; the state keeps no history, so they are redrawn like the rest.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from controller.rules.crosswise.state import CrosswiseState, seating, used_index
from controller.rules.crosswise.tiles import ACTIONS, FULL_SET, TILE_ORDER, sort_tiles


def unseen_tiles(state: CrosswiseState, seat: str) -> list[str]:
    """The tiles ``seat`` cannot see, in canonical order (every hand when ``seat`` is not a
    seat of the game)."""
    pool = Counter(FULL_SET)
    pool.subtract(str(v) for v in state.board if v)
    for code in ACTIONS:
        pool[code] -= state.used[used_index(code)]
    seats = seating(state.variant).seats
    if seat in seats:
        pool.subtract(state.hands[seats.index(seat)])
    return [t for t in TILE_ORDER for _ in range(max(0, pool[t]))]


def sample_hidden(state: CrosswiseState, seat: str, rng: random.Random) -> CrosswiseState:
    seats = seating(state.variant).seats
    tiles = unseen_tiles(state, seat)
    rng.shuffle(tiles)
    hands = []
    for j, hand in enumerate(state.hands):
        if j < len(seats) and seats[j] == seat:
            hands.append(hand)
        else:
            hands.append(sort_tiles(tiles[:len(hand)]))
            del tiles[:len(hand)]
    return replace(state, hands=tuple(hands), bag=tuple(tiles))
