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
from collections.abc import Collection
from dataclasses import replace

from controller.rules.rhombus.cards import deck
from controller.rules.rhombus.state import VARIANTS, RhombusState

SEED_BITS = 62


def unseen_cards(state: RhombusState, seats: Collection[str]) -> list[int]:
    """The cards none of ``seats`` can see, sorted (every hand card when none of them is a
    seat)."""
    if isinstance(seats, str):
        raise TypeError(f"seats must be a collection of seats, not one name ({seats!r})")
    v = VARIANTS[state.variant]
    pool = Counter(deck(v.options["copies"]))
    for opens in state.open:
        pool.subtract(opens)
    pool.subtract(state.discard)
    for seat in seats:
        if seat in v.seats:
            pool.subtract(state.hidden[v.seats.index(seat)])
    return sorted(pool.elements())


def sample_hidden(state: RhombusState, seats: Collection[str],
                  rng: random.Random) -> RhombusState:
    """The hands of every seat but ``seats``, and the pile, dealt afresh from the cards none
    of them can see, and a new secret seed (one seat: a search's determinization; a board's
    seats: remote play's guest position)."""
    names = VARIANTS[state.variant].seats
    cards = unseen_cards(state, seats)
    rng.shuffle(cards)
    hands = []
    for name, hand in zip(names, state.hidden):
        if name in seats:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(cards[:len(hand)])))
            del cards[:len(hand)]
    return replace(state, hidden=tuple(hands), pile=tuple(cards),
                   seed=rng.getrandbits(SEED_BITS))
