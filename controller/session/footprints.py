"""The legal moves of one committed position, as the sensors will see them.

For every legal move the rules core's ``Effect`` is projected onto the sensed positions: the
*diff* is the set of (position, value) pairs in which the reading after the move differs from
the reading now.  Matching a board reading is then a dictionary lookup of the reading's own
diff.  Built once per committed position (off the latency path: see ``GameSession.prepare``).

A game whose moves are too many to list after every move (Rhombus) offers a ``MoveFinder``
instead: the index then asks it each question (which moves read like this, which could the
board be on its way to, which has this text) and builds footprints only for its answers,
checking each against the same definitions as the listed moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from controller.physical import BoardSpec, Value, empty_value, project
from controller.rules.base import Effect, Game, Source

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
    # Most pieces the move can bring onto the sensed board from outside it (see ``arrivals``).
    arrivals: int = 0
    final: Mapping[str, Value] = field(default_factory=dict)  # dict(diff), built once
    moved: frozenset[str] = frozenset()    # effect.changed and touched, built once

    def __post_init__(self) -> None:
        object.__setattr__(self, "final", dict(self.diff))
        object.__setattr__(self, "moved", self.effect.changed | self.touched)

    @property
    def changed(self) -> frozenset[str]:
        return frozenset(p for p, _ in self.diff)


class FootprintIndex:
    """Footprints of the legal moves from ``state``, and the questions the session asks.

    ``source`` names a set of moves: ``legal`` (the mover's), ``hint`` (those the lights may
    show: ``Game.hint_moves``), ``public`` (those the table may judge a reading by:
    ``Game.public_moves``)."""

    def __init__(self, game: Game[Any, Any], state: Any, spec: BoardSpec) -> None:
        self.game = game
        self.state = state
        self.spec = spec
        self.empty = empty_value(spec.sense)
        self.layout = game.layout(state)
        self.reading: dict[str, Value] = {p: self._proj(self.layout.get(p, ()))
                                          for p in spec.sensors if p is not None}
        self.finder = game.move_finder(state)  # None: every move is listed
        self.cells = frozenset(game.geometry(game.variant_of(state).name).cells)
        self._made: dict[Any, Footprint] = {}

    def _proj(self, stack: tuple[str, ...]) -> Value:
        return project(stack, self.spec.sense, self.game.polarity)

    def footprint(self, move: Any) -> Footprint:
        """The footprint of ``move`` (built once)."""
        fp = self._made.get(move)
        if fp is None:
            game, state, sensed = self.game, self.state, self.spec.sensed
            effect = game.effect(state, move)
            proj = self._proj
            diff = frozenset(
                (c.position, v) for c in effect.changes
                if c.position in sensed and (v := proj(c.after)) != proj(c.before))
            fp = self._made[move] = Footprint(
                move, game.move_text(move), diff, effect.touched & sensed, effect.path,
                effect.unseen, game.move_facets(state, move), effect,
                arrivals(effect, sensed))
        return fp

    def build(self) -> None:
        """Do the work the first question would (``GameSession.prepare``): list every move
        and index it, unless a finder answers questions one by one."""
        if self.finder is None:
            self.by_diff  # noqa: B018 - computing it is the point
        else:
            self.finder.prepare()

    # ---- the listed moves (every game can list; the session does so only without a finder)

    @cached_property
    def footprints(self) -> list[Footprint]:
        return [self.footprint(m) for m in self.game.legal_moves(self.state)]

    @cached_property
    def hintable(self) -> list[Footprint]:
        return [self.footprint(m) for m in self.game.hint_moves(self.state)]

    @cached_property
    def public(self) -> list[Footprint]:
        """What a reading may be judged "on its way" by: the moves public information allows
        (never committed; a hidden-hand game lists more than the hand holds)."""
        return [self.footprint(m) for m in self.game.public_moves(self.state)]

    def listed(self, source: Source) -> list[Footprint]:
        return {"legal": self.footprints, "hint": self.hintable, "public": self.public}[source]

    @cached_property
    def by_diff(self) -> dict[Diff, list[Footprint]]:
        out: dict[Diff, list[Footprint]] = {}
        for fp in self.footprints:
            out.setdefault(fp.diff, []).append(fp)
        return out

    @cached_property
    def by_item(self) -> dict[tuple[str, Value], list[Footprint]]:
        out: dict[tuple[str, Value], list[Footprint]] = {}
        for fp in self.footprints:
            for item in fp.diff:
                out.setdefault(item, []).append(fp)
        return out

    # ---- the questions ---------------------------------------------------------------------

    def diff_of(self, reading: Mapping[str, Value]) -> Diff:
        base = self.reading
        return frozenset((p, v) for p, v in reading.items() if base.get(p) != v)

    def matching(self, diff: Diff, touched: Iterable[str] | None = None,
                 source: Source = "legal", distinct: bool = False) -> list[Footprint]:
        """Moves of ``source`` that read exactly ``diff`` and, given ``touched``, change
        (or need a hand on) only positions the hand was seen to touch.  ``distinct``: one
        move per distinct change of the board is enough (what the table sees of a reading
        by hidden-hand rules: thousands of hands may explain it)."""
        allowed = None if touched is None else frozenset(touched)
        if self.finder is None:
            found = (self.by_diff.get(diff, []) if source == "legal"
                     else [fp for fp in self.listed(source) if fp.diff == diff])
        else:
            after = {**self.reading, **dict(diff)}
            occupied = [p for p, v in after.items() if v != self.empty]
            reach = allowed if allowed is not None else frozenset(self.reading) | frozenset(
                self.layout)
            found = [fp for m in self.finder.reading(source, occupied, reach, distinct)
                     if (fp := self.footprint(m)).diff == diff]
        if allowed is None:
            return list(found)
        return [fp for fp in found if fp.touched <= allowed]

    def find(self, text: str) -> Footprint | None:
        """The legal move written ``text`` (as ``Game.move_text`` writes it), or None."""
        if self.finder is None:
            return next((fp for fp in self.footprints if fp.text == text), None)
        move = self.finder.find(text)
        if move is None:
            return None
        fp = self.footprint(move)
        return fp if fp.text == text else None

    def untraced(self) -> list[Footprint]:
        """Legal moves no sensor of this board sees (the phone makes them)."""
        return self.matching(frozenset())

    def toward(self, diff: Diff, source: Source = "legal", first: bool = False,
               keep: Callable[[Footprint], bool] | None = None) -> list[Footprint]:
        """Moves of ``source`` the board could be on its way to (``in_progress``); ``first``:
        one is enough; ``keep``: only moves it accepts."""
        if not diff:
            return []
        if self.finder is None:
            pool: Iterable[Footprint] = self.listed(source)
        else:
            emptied, filled = self._occupancy(diff)
            pool = (self.footprint(m) for m in self.finder.toward(source, emptied, filled))
        return self._take(self._fitting(diff, pool), first, keep)

    def extensions(self, fp: Footprint, source: Source = "legal", first: bool = False,
                   facets: Mapping[str, str] | None = None) -> list[Footprint]:
        """Moves of ``source`` the hand could still be making when the board reads ``fp``'s
        reading (with ``facets``: only moves with those facets).

        Either the move changes everything ``fp`` changes, the same way, and more (the first
        marble of a broadside), or its path continues ``fp``'s path (a multi-jump, a slide).
        """
        keep = None if not facets else (
            lambda o: all(o.facets.get(k) == v for k, v in facets.items()))
        if self.finder is not None:
            # Finder games have no paths: a move grows only by changing more.
            emptied, filled = self._occupancy(fp.diff)
            pool = (self.footprint(m) for m in self.finder.toward(
                source, emptied, filled, beyond=True, facets=facets))
            want = fp.diff
            grown = (o for o in pool if o is not fp and want < o.diff)
            return self._take(grown, first, keep)
        listed = self.listed(source)
        out: list[Footprint] = []
        if fp.diff:
            if source == "legal":  # the moves that share every change, from the item index
                items = iter(fp.diff)
                common = set(self.by_item.get(next(items), []))
                for item in items:
                    common &= set(self.by_item.get(item, []))
                out = [o for o in listed if o in common and o is not fp and fp.diff < o.diff]
            else:
                out = [o for o in listed if o is not fp and fp.diff < o.diff]
        if len(fp.path) > 1:
            out += [o for o in listed if o is not fp and len(o.path) > len(fp.path)
                    and o.path[:len(fp.path)] == fp.path and o not in out]
        return self._take(iter(out), first, keep)

    def unsensed(self, fp: Footprint) -> frozenset[str]:
        """Board cells the move changes that no sensor of this board reads."""
        return (fp.effect.changed & self.cells) - self.spec.sensed

    def targets(self, fp: Footprint, done: Diff) -> set[str]:
        """Where a move still puts pieces: sensed positions not yet reading their final
        value, and board cells no sensor reads."""
        reached = {p for p, _ in done}
        out = {p for p, v in fp.diff if v != self.empty and (p, v) not in done}
        # Where a piece lands on another (a kill), or no sensor reads: the reading does not
        # change there, so the effect says it.
        unsensed = self.unsensed(fp)
        out |= {c.position for c in fp.effect.changes if c.after and c.after != c.before
                and c.position not in reached
                and (c.position in unsensed or len(c.after) == len(c.before))}
        return out

    def hint_targets(self, diff: Diff) -> set[str] | None:
        """Where the moves the lights may show (``hint``) that the board is on its way to
        still put pieces; None: it is on its way to none of them."""
        if self.finder is not None and all(p in self.cells for p, _ in diff):
            # A finder works out the squares from the outcomes at once (a lifted piece may
            # have thousands of table-card moves on the way); every square of its board is
            # a cell, and a move's targets are the cells it ends a piece on.
            emptied, filled = self._occupancy(diff)
            found = self.finder.targets("hint", emptied, filled) if diff else None
            return None if found is None else set(found) - {p for p, _ in diff}
        moving = self.toward(diff, "hint")
        return {p for fp in moving for p in self.targets(fp, diff)} if moving else None

    def growth_targets(self, fp: Footprint) -> set[str]:
        """Where the moves the lights may show (``hint``) that could grow from ``fp``'s
        reading (``extensions``) still put pieces."""
        if self.finder is not None and all(p in self.cells for p, _ in fp.diff):
            # From the outcomes at once, as in ``hint_targets``.
            emptied, filled = self._occupancy(fp.diff)
            found = self.finder.targets("hint", emptied, filled, beyond=True)
            return set(found or ()) - set(filled)
        return {p for o in self.extensions(fp, "hint") for p in self.targets(o, fp.diff)}

    @staticmethod
    def _take(found: Iterator[Footprint], first: bool,
              keep: Callable[[Footprint], bool] | None) -> list[Footprint]:
        out = []
        for fp in found:
            if keep is None or keep(fp):
                out.append(fp)
                if first:
                    break
        return out

    def _occupancy(self, diff: Diff) -> tuple[list[str], list[str]]:
        """Cells a reading shows emptied, and cells it shows filled that were empty."""
        empty, base = self.empty, self.reading
        emptied = [p for p, v in diff if v == empty]
        filled = [p for p, v in diff if v != empty and base.get(p) == empty]
        return emptied, filled

    def in_progress(self, diff: Diff, among: Iterable[Footprint] | None = None
                    ) -> list[Footprint]:
        """Moves the board could be on its way to: every change so far belongs to the move,
        either with its final value or emptied in passing (a piece lifted, not yet placed).
        An unchanged board is on its way to nothing."""
        return list(self._fitting(diff, self.footprints if among is None else among))

    def _fitting(self, diff: Diff, among: Iterable[Footprint]) -> Iterator[Footprint]:
        """Moves the reading may be on its way to: every change so far is the move's, with
        its final value or emptied in passing, and no more pieces have appeared on empty
        positions than hands can have brought: from positions the reading shows emptied, or
        from outside the sensed board as far as the move takes pieces from there."""
        if not diff:
            return
        empty, base = self.empty, self.reading
        appeared = sum(1 for p, v in diff if v != empty and base.get(p) == empty)
        surplus = appeared - sum(1 for _, v in diff if v == empty)
        for fp in among:
            final, moved = fp.final, fp.moved
            if surplus <= fp.arrivals and all(
                    final.get(p) == v or (v == empty and (p in final or p in moved))
                    for p, v in diff):
                yield fp


def arrivals(effect: Effect, sensed: frozenset[str]) -> int:
    """The most pieces ``effect`` can bring onto the sensed board from outside it: pieces
    taken from positions no sensor reads (a reserve, a supply, an upper level), pieces that
    appear out of nothing (a tile from a hidden hand: more of a kind after the move than
    before), and pieces taken off a stack that still stands (its sensor does not read it
    empty).  A reading showing more new pieces than positions emptied plus these is no move
    in progress: the piece came from nowhere a hand could take it (a marble put down after
    the move that moved it was taken, a knock)."""
    count = 0
    gained: Counter[str] = Counter()
    for c in effect.changes:
        lost = len(c.before) - len(c.after)
        if lost > 0 and (c.position not in sensed or c.after):
            count += lost
        gained.update(c.after)
        gained.subtract(c.before)
    return count + sum(n for n in gained.values() if n > 0)
