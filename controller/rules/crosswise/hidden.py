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
from collections.abc import Collection
from dataclasses import replace

from controller.rules.crosswise.state import CrosswiseState, seating, used_index
from controller.rules.crosswise.tiles import ACTIONS, FULL_SET, TILE_ORDER, sort_tiles


def unseen_tiles(state: CrosswiseState, seats: Collection[str]) -> list[str]:
    """The tiles none of ``seats`` can see, in canonical order (every hand when none of them
    is a seat of the game)."""
    if isinstance(seats, str):
        raise TypeError(f"seats must be a collection of seats, not one name ({seats!r})")
    pool = Counter(FULL_SET)
    pool.subtract(str(v) for v in state.board if v)
    for code in ACTIONS:
        pool[code] -= state.used[used_index(code)]
    names = seating(state.variant).seats
    for seat in seats:
        if seat in names:
            pool.subtract(state.hands[names.index(seat)])
    return [t for t in TILE_ORDER for _ in range(max(0, pool[t]))]


def sample_hidden(state: CrosswiseState, seats: Collection[str],
                  rng: random.Random) -> CrosswiseState:
    """The hands of every seat but ``seats``, and the bag, dealt afresh from the tiles none
    of ``seats`` can see (one seat: a search's determinization; a board's seats: remote
    play's guest position)."""
    names = seating(state.variant).seats
    tiles = unseen_tiles(state, seats)
    rng.shuffle(tiles)
    hands = []
    for j, hand in enumerate(state.hands):
        if j < len(names) and names[j] in seats:
            hands.append(hand)
        else:
            hands.append(sort_tiles(tiles[:len(hand)]))
            del tiles[:len(hand)]
    return replace(state, hands=tuple(hands), bag=tuple(tiles))
