"""Determinization: the hidden cards dealt afresh for a search that must not peek.

A seat sees every open table card, its own hand, how many hand cards the others hold, the
pile's size and the discards.  The other hands and the pile's order are one pool as far as it
can tell, and the secret seed decides every reshuffle to come, so ``sample_hidden`` shuffles
the pool, deals it back into hands and pile of the same sizes, and draws a new seed: a search
that read the seed could work out the cards of every later reshuffle.

The pool is built in card order from the visible parts alone (the deck less the open cards,
the seat's hand and the discards), so two states that look the same to the seat give the
same result for the same random state.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from controller.rules.rhombus.cards import deck
from controller.rules.rhombus.state import VARIANTS, RhombusState

SEED_BITS = 62


def unseen_cards(state: RhombusState, seat: str) -> list[int]:
    """The cards ``seat`` cannot see, sorted (every hand card when ``seat`` is no seat)."""
    v = VARIANTS[state.variant]
    pool = Counter(deck(v.options["copies"]))
    for opens in state.open:
        pool.subtract(opens)
    pool.subtract(state.discard)
    if seat in v.seats:
        pool.subtract(state.hidden[v.seats.index(seat)])
    return sorted(pool.elements())


def sample_hidden(state: RhombusState, seat: str, rng: random.Random) -> RhombusState:
    seats = VARIANTS[state.variant].seats
    cards = unseen_cards(state, seat)
    rng.shuffle(cards)
    hands = []
    for name, hand in zip(seats, state.hidden):
        if name == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(cards[:len(hand)])))
            del cards[:len(hand)]
    return replace(state, hidden=tuple(hands), pile=tuple(cards),
                   seed=rng.getrandbits(SEED_BITS))
