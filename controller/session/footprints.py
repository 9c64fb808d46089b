"""The legal moves of one committed position, as the sensors will see them.

For every legal move the rules core's ``Effect`` is projected onto the sensed positions: the
*diff* is the set of (position, value) pairs in which the reading after the move differs from
the reading now.  Matching a board reading is then a dictionary lookup of the reading's own
diff.  Built once per committed position (off the latency path: see ``GameSession.prepare``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from controller.physical import BoardSpec, Value, empty_value, project
from controller.rules.base import Effect, Game

Diff = frozenset[tuple[str, Value]]


@dataclass(frozen=True, slots=True, eq=False)  # one object per move and position: identity
class Footprint:
    move: Any
    text: str
    diff: Diff                    # sensed (position, value after) pairs that change
    touched: frozenset[str]       # sensed positions a hand must empty on the way
    path: tuple[str, ...]
    unseen: tuple[str, ...]
    facets: Mapping[str, str]
    effect: Effect
    final: Mapping[str, Value] = field(default_factory=dict)  # dict(diff), built once
    moved: frozenset[str] = frozenset()                        # effect.changed, built once

    def __post_init__(self) -> None:
        object.__setattr__(self, "final", dict(self.diff))
        object.__setattr__(self, "moved", self.effect.changed)

    @property
    def changed(self) -> frozenset[str]:
        return frozenset(p for p, _ in self.diff)


class FootprintIndex:
    """Footprints of every legal move from ``state``, and the questions the session asks."""

    def __init__(self, game: Game[Any, Any], state: Any, spec: BoardSpec) -> None:
        self.game = game
        self.state = state
        self.spec = spec
        self.empty = empty_value(spec.sense)
        sensed = spec.sensed

        def proj(stack: tuple[str, ...]) -> Value:
            return project(stack, spec.sense, game.polarity)

        layout = game.layout(state)
        self.layout = layout
        self.reading: dict[str, Value] = {p: proj(layout.get(p, ())) for p in spec.sensors
                                          if p is not None}
        self.footprints: list[Footprint] = []
        self.by_diff: dict[Diff, list[Footprint]] = {}
        self.by_item: dict[tuple[str, Value], list[Footprint]] = {}
        hintable = set(game.hint_moves(state))
        self.hintable: list[Footprint] = []

        def footprint(move: Any) -> Footprint:
            effect = game.effect(state, move)
            diff = frozenset(
                (c.position, v) for c in effect.changes
                if c.position in sensed and (v := proj(c.after)) != proj(c.before))
            return Footprint(move, game.move_text(move), diff, effect.touched & sensed,
                             effect.path, effect.unseen, game.move_facets(state, move), effect)

        for move in game.legal_moves(state):
            fp = footprint(move)
            self.footprints.append(fp)
            self.by_diff.setdefault(fp.diff, []).append(fp)
            for item in fp.diff:
                self.by_item.setdefault(item, []).append(fp)
            if move in hintable:
                self.hintable.append(fp)
        # What a reading may be judged "on its way" by: the moves public information allows
        # (never committed; a hidden-hand game lists more than the hand holds).
        legal = {fp.move: fp for fp in self.footprints}
        self.public: list[Footprint] = [legal.get(m) or footprint(m)
                                        for m in game.public_moves(state)]

    def diff_of(self, reading: Mapping[str, Value]) -> Diff:
        base = self.reading
        return frozenset((p, v) for p, v in reading.items() if base.get(p) != v)

    def matching(self, diff: Diff) -> list[Footprint]:
        return self.by_diff.get(diff, [])

    def extensions(self, fp: Footprint) -> list[Footprint]:
        """Moves the hand could still be making when the board reads ``fp``'s reading.

        Either the move changes everything ``fp`` changes, the same way, and more (the first
        marble of a broadside), or its path continues ``fp``'s path (a multi-jump, a slide).
        """
        out = []
        if fp.diff:
            items = iter(fp.diff)
            pool = set(self.by_item.get(next(items), []))
            for item in items:
                pool &= set(self.by_item.get(item, []))
            out = [o for o in self.footprints
                   if o in pool and o is not fp and len(o.diff) > len(fp.diff)]
        if len(fp.path) > 1:
            out += [o for o in self.footprints if o is not fp and len(o.path) > len(fp.path)
                    and o.path[:len(fp.path)] == fp.path and o not in out]
        return out

    def in_progress(self, diff: Diff, among: Iterable[Footprint] | None = None
                    ) -> list[Footprint]:
        """Moves the board could be on its way to: every change so far belongs to the move,
        either with its final value or emptied in passing (a piece lifted, not yet placed).
        An unchanged board is on its way to nothing."""
        out: list[Footprint] = []
        if not diff:
            return out
        empty = self.empty
        for fp in self.footprints if among is None else among:
            final, moved = fp.final, fp.moved
            if all(final.get(p) == v or (v == empty and (p in final or p in moved))
                   for p, v in diff):
                out.append(fp)
        return out
