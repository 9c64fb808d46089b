"""Plimus for MCTS: how far each team's stones still have to go.

Plimus is a race: a team wins by forming up on the start area opposite its own, plus
stones on plus fields and minus stones on minus fields.  The heuristic is read through the
contract alone (``layout`` and ``geometry``), so it follows the rules package as it changes:
a team's target is the start area (as ``setup`` lays it out) farthest from its own.  A
team's distance is, over its stones not yet standing right, the distance from each to the
nearest target field of its sign still to be filled (a stone of a double counts on its own:
a double never stands right), less ``FIELD`` for every field already held by the right
single, plus ``TRAPPED`` for every other team's stone on a target field that the team helps shut in
(no empty node beside it: it cannot leave, and a stone on a start field is never captured,
so packing round it blocks the formation for good).  The team with the shorter way to go leads.

Playouts are one ply: random moves of a team's own stones undo its formation, and random
Plimus games mostly end by the move limit anyway.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from controller.ai.heuristics import squash
from controller.ai.mcts import MctsConfig, Rewards
from controller.rules.base import Game, Variant

PLIES = 1
FIELD = 4.0         # a target field held by the right stone, in cell units of distance
SHARPNESS = 0.25    # per cell unit of lead
TRAPPED = 6.0       # another team's stone shut in on a target field
NEAR = 1.1          # nodes closer than this are neighbours (diagonal lines are rare: ignored)


def team_of(piece: str) -> str:
    return piece.rstrip("+-")


class PlimusHeuristic:
    def __init__(self, game: Game[Any, Any], variant: Variant) -> None:
        self.game = game
        self.limit: int = variant.options.get("move_limit") or 0
        start = game.layout(game.setup(variant.name))
        self.coords = game.geometry(variant.name).coords
        seats = variant.seats
        areas = {s: {p: stack[-1] for p, stack in start.items() if team_of(stack[-1]) == s}
                 for s in seats}

        def centre(area: Mapping[str, str]) -> tuple[float, float]:
            xs, ys = zip(*(self.coords[p] for p in area))
            return sum(xs) / len(xs), sum(ys) / len(ys)

        self.seats = seats
        self.wanted: dict[str, dict[str, str]] = {}   # seat -> target field -> its stone
        for s in seats:
            mine = centre(areas[s])
            target = max((o for o in seats if o != s),
                         key=lambda o: math.dist(mine, centre(areas[o])))
            self.wanted[s] = {f: s + stone[len(target):] for f, stone in areas[target].items()}
        self.near = {f: tuple(p for p in game.geometry(variant.name).cells
                              if p != f and math.dist(self.coords[p], self.coords[f]) < NEAR)
                     for s in seats for f in self.wanted[s]}

    def way_to_go(self, layout: Mapping[str, tuple[str, ...]], seat: str) -> float:
        wanted = self.wanted[seat]
        open_fields: dict[str, list[tuple[float, float]]] = {}
        total = 0.0
        for field, stone in wanted.items():
            here = layout.get(field)
            if here == (stone,):
                total -= FIELD
                continue
            open_fields.setdefault(stone, []).append(self.coords[field])
            if here and team_of(here[-1]) != seat and self._shut_in(layout, field, seat):
                total += TRAPPED
        for position, stack in layout.items():
            if len(stack) == 1 and wanted.get(position) == stack[0]:
                continue
            xy = self.coords[position]
            for piece in stack:
                fields = open_fields.get(piece)
                if fields:
                    total += min(math.dist(xy, f) for f in fields)
        return total

    def _shut_in(self, layout: Mapping[str, tuple[str, ...]], field: str, seat: str) -> bool:
        """Whether the stone on ``field`` has no empty node beside it, and ``seat`` helps
        block it (a team's own start area packed at the start does not count)."""
        near = self.near[field]
        return (all(n in layout for n in near)
                and any(team_of(layout[n][-1]) == seat for n in near))

    def __call__(self, state: Any) -> Rewards:
        layout = self.game.layout(state)
        left = {s: self.way_to_go(layout, s) for s in self.seats}
        # The move limit draws a game that goes on too long without a capture: the closer
        # it is, the closer every chance is to a draw's, so a capture (which starts the
        # count again) is worth something to the side that leads.
        fresh = 1.0
        if self.limit:
            fresh = max(0.0, 1.0 - getattr(state, "quiet", 0) / self.limit)
        return {s: 0.5 + fresh * (squash(SHARPNESS * (
            min(x for o, x in left.items() if o != s) - left[s])) - 0.5) for s in self.seats}


def config(game: Game[Any, Any], variant: Variant) -> MctsConfig:
    return MctsConfig("mcts", playout_plies=PLIES, heuristic=PlimusHeuristic(game, variant))
