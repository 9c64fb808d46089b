"""How a hand carries out a move: the lifts and places, in an order a person could use.

From a move's ``Effect``: every piece a position loses is lifted, every piece a position gains
is placed, each place using a lifted piece of the same kind (or one from the player's supply
when the move brings a new piece).  Any order is allowed where a piece is in hand before it is
put down, a position is cleared before a different piece lands on it, and stacks are built
bottom first.  ``hand_steps`` picks one such order, at random when given a generator.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from controller.rules.base import Effect, Piece


@dataclass(frozen=True, slots=True)
class Step:
    action: str        # "lift" or "place"
    position: str
    piece: Piece


def hand_steps(effect: Effect, rng: random.Random | None = None,
               path_order: bool = True,
               before: Mapping[str, tuple[Piece, ...]] | None = None) -> list[Step]:
    """One physical order of lifts and places that turns the before layout into the after.

    Moves with a ``path`` are carried out along it (a multi-jump lands on each stop in turn)
    unless ``path_order`` is False.  With the ``before`` layout, a position the move touches
    without changing it (a Crosswise swap of two equal tiles) is lifted and put back.
    """
    lifts: list[Step] = []
    places: list[Step] = []
    for p in sorted(effect.touched - effect.changed):
        top = before.get(p, ()) if before is not None else ()
        if top:
            lifts.append(Step("lift", p, top[-1]))
            places.append(Step("place", p, top[-1]))
    for c in effect.changes:
        keep = 0  # pieces at the bottom that stay
        while keep < min(len(c.before), len(c.after)) and c.before[keep] == c.after[keep]:
            keep += 1
        lifts += [Step("lift", c.position, p) for p in reversed(c.before[keep:])]
        places += [Step("place", c.position, p) for p in c.after[keep:]]
    steps: list[Step] = []
    if effect.path and path_order:
        start, *stops = effect.path
        # Everything leaving the start travels together (a Plimus double is two stones).
        movers = [s.piece for s in lifts if s.position == start]  # top first
        if movers:
            for stop in stops[:-1]:
                steps += [Step("lift", start, p) for p in movers]
                steps += [Step("place", stop, p) for p in reversed(movers)]
                start = stop
            steps += [Step("lift", start, p) for p in movers]
            lifts = [s for s in lifts if s.position != effect.path[0]]
            hand: Counter[Piece] = Counter(movers)
            return steps + _order(lifts, places, hand, rng)
    return _order(lifts, places, Counter(), rng)


def _order(lifts: list[Step], places: list[Step], hand: Counter[Piece],
           rng: random.Random | None) -> list[Step]:
    lifts, places = list(lifts), list(places)
    supply = Counter(s.piece for s in places) - Counter(s.piece for s in lifts) - hand
    hand = hand + supply  # new pieces (from a reserve or supply) are as good as in hand
    pending_lift = Counter(s.position for s in lifts)
    out: list[Step] = []
    while lifts or places:
        ready = [s for s in places if hand[s.piece] > 0 and pending_lift[s.position] == 0
                 and not _below_pending(s, places)]
        choices = lifts + ready
        if not choices:
            raise ValueError("no physical order makes this move: " + ", ".join(
                f"{s.action} {s.piece} {s.position}" for s in lifts + places))
        step = rng.choice(choices) if rng else choices[0]
        if step.action == "lift":
            # A stack is unbuilt top first: only its topmost pending lift is possible now.
            same = [s for s in lifts if s.position == step.position]
            step = same[0]
            lifts.remove(step)
            pending_lift[step.position] -= 1
            hand[step.piece] += 1
        else:
            places.remove(step)
            hand[step.piece] -= 1
        out.append(step)
    return out


def _below_pending(step: Step, places: list[Step]) -> bool:
    """Stacks are built bottom first: a place waits for the places listed before it there."""
    for s in places:
        if s.position == step.position:
            return s is not step
    return False
