"""Helpers for the hidden-information tests: re-dealing what a seat cannot see by hand, and a
game stand-in that records every state the search hands it."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from controller.rules.crosswise.state import CrosswiseState, seating
from controller.rules.crosswise.tiles import sort_tiles
from controller.rules.rhombus.state import VARIANTS, RhombusState


def redeal(state: Any, seat: str, seed: int) -> Any:
    """``state`` with everything ``seat`` cannot see dealt differently, written independently
    of ``sample_hidden``: the other hands and the bag or pile pooled in their current order,
    shuffled, dealt back; and for Rhombus another seed."""
    rng = random.Random(seed)
    if isinstance(state, CrosswiseState):
        seats = seating(state.variant).seats
        others = [j for j in range(len(seats)) if seats[j] != seat]
        pool = [t for j in others for t in state.hands[j]] + list(state.bag)
        rng.shuffle(pool)
        hands = list(state.hands)
        for j in others:
            hands[j] = sort_tiles(pool[:len(hands[j])])
            del pool[:len(hands[j])]
        return replace(state, hands=tuple(hands), bag=tuple(pool))
    assert isinstance(state, RhombusState)
    seats = VARIANTS[state.variant].seats
    others = [j for j in range(len(seats)) if seats[j] != seat]
    pool = [c for j in others for c in state.hidden[j]] + list(state.pile)
    rng.shuffle(pool)
    hidden = list(state.hidden)
    for j in others:
        hidden[j] = tuple(sorted(pool[:len(hidden[j])]))
        del pool[:len(hidden[j])]
    return replace(state, hidden=tuple(hidden), pile=tuple(pool), seed=state.seed + 1 + seed)


class Spy:
    """Stands in for a game: forwards everything, and records each call that is given a
    state, and every state that ``sample_hidden`` and ``play`` hand back."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self._state_type = type(game.setup())
        self.calls: list[tuple[str, Any]] = []
        self.made: list[Any] = []      # kept alive, so that their ids stay theirs
        self.made_ids: set[int] = set()
        self.samples: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._game, name)
        if not callable(attr):
            return attr

        def call(*args: Any, **kwargs: Any) -> Any:
            for a in args:
                if isinstance(a, self._state_type):
                    self.calls.append((name, a))
            result = attr(*args, **kwargs)
            if name in ("sample_hidden", "play"):
                self.made.append(result)
                self.made_ids.add(id(result))
                if name == "sample_hidden":
                    self.samples.append(result)
            return result
        return call
