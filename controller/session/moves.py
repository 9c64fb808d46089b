"""The legal moves of one committed position, and the questions the session asks about them.

``Moves`` is the one interface the session uses: which moves read exactly like this board
(``matching``), which could the board be on its way to (``toward``), which could a move still
grow into (``extensions``), where do the moves the lights may show still put pieces
(``hint_targets``, ``growth_targets``), which move has this text (``find``).  Two
implementations answer it:

* ``ListedMoves`` lists every legal move once per committed position (off the latency path:
  ``GameSession.prepare``) and indexes the footprints by their diff: matching a reading is a
  dictionary lookup;
* ``FoundMoves`` asks the game's ``MoveFinder`` (Rhombus: a flush has too many actions to
  list after every move) each question by a search aimed at the answer, and builds footprints
  only for its answers, checking each against the same definitions as the listed moves.

``source`` names a set of moves: ``legal`` (the mover's), ``hint`` (what the lights may show:
``Game.hint_moves``), ``public`` (what the table may judge a reading by:
``Game.public_moves``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cached_property
from typing import Any

from controller.physical import BoardSpec, Value, empty_value, project
from controller.rules.base import Game, MoveFinder, Source
from controller.rules.capabilities import move_finder
from controller.said import Message
from controller.session.footprints import (
    NO_STEPS,
    Diff,
    Footprint,
    OneOf,
    Steps,
    arrivals,
    fitting,
)

Keep = Callable[[Footprint], bool] | None


KEPT_READINGS = 16  # readings of one position whose moves on the way are kept
# Moves on the way a finder builds for what is left before it asks, of each step they still
# agree on, for a move on the way without it (``FoundMoves.steps_toward``): few, since a
# narrowed search reuses the programs the first moves' search ran to the end
# (docs/benchmarks.md, "Tuning constants").
FEW_ON_THE_WAY = 3


def keyed(reading: Mapping[str, Value]) -> frozenset[tuple[str, Value]]:
    """A reading as a frozen set with its hash worked out: two such sets that differ compare
    unequal by their hashes at once, instead of item by item (a board reading has the same
    number of items every time, so only the hash tells them apart quickly)."""
    key = frozenset(reading.items())
    hash(key)   # kept by the set
    return key


class _Kept:
    """The items of an iterator, pulled from it only when first asked for and kept: each
    iteration starts from the first, goes on past the kept ones, and stops where it ends."""

    __slots__ = ("got", "source")

    def __init__(self, source: Iterator[Footprint]) -> None:
        self.got: list[Footprint] = []
        self.source: Iterator[Footprint] | None = source

    def __iter__(self) -> Iterator[Footprint]:
        got = self.got
        i = 0
        while True:
            if i == len(got):
                nxt = None if self.source is None else next(self.source, None)
                if nxt is None:
                    self.source = None
                    return
                got.append(nxt)
            yield got[i]
            i += 1


class Moves(ABC):
    """Footprints of the legal moves from ``state`` and the session's questions about them."""

    def __init__(self, game: Game[Any, Any], state: Any, spec: BoardSpec) -> None:
        self.game = game
        self.state = state
        self.spec = spec
        self.empty = empty_value(spec.sense)
        self.layout = game.layout(state)
        self.reading: dict[str, Value] = {p: self._proj(self.layout.get(p, ()))
                                          for p in spec.sensors if p is not None}
        # The same as a frozen set, hashed once (``keyed``): what the history keeps of each
        # position before a move, and compares every reading with.
        self.reading_key = keyed(self.reading)
        self.cells = frozenset(game.geometry(game.variant_of(state).name).cells)
        self._made: dict[Any, Footprint] = {}
        # Words worked out for a reading of this position (why it is no move), kept while the
        # reading stands: the prompts are derived again on every event.
        self.said: dict[Any, Any] = {}
        self._on_way: dict[tuple[Diff, Source], _Kept] = {}

    def __getstate__(self) -> dict[str, Any]:
        # A copy (a pickled or copied session) starts with no moves on the way kept: a search
        # part way through cannot be copied, and asking again gives the same moves.
        return {**self.__dict__, "_on_way": {}}

    # ---- what every implementation shares ------------------------------------------------

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

    def described(self, fp: Footprint) -> Message:
        """What a move of this position does (``Game.describe``), worked out once."""
        key = ("describe", fp.text)
        said = self.said.get(key)
        if said is None:
            said = self.said[key] = self.game.describe(self.state, fp.move)
        return said

    @cached_property
    def footprints(self) -> list[Footprint]:
        """Every legal move, listed (what a computer opponent and the tests use; a finder
        game's session never asks for it)."""
        return [self.footprint(m) for m in self.game.legal_moves(self.state)]

    def diff_of(self, reading: Mapping[str, Value]) -> Diff:
        base = self.reading
        return frozenset((p, v) for p, v in reading.items() if base.get(p) != v)

    def untraced(self) -> list[Footprint]:
        """Legal moves no sensor of this board sees (the phone makes them)."""
        return self.matching(frozenset())

    def unsensed(self, fp: Footprint) -> frozenset[str]:
        """Board cells the move changes that no sensor of this board reads."""
        return (fp.effect.changed & self.cells) - self.spec.sensed

    def in_progress(self, diff: Diff, among: Iterable[Footprint] | None = None
                    ) -> list[Footprint]:
        """Moves the board could be on its way to (``footprints.fitting``)."""
        return list(fitting(diff, self.footprints if among is None else among, self.reading,
                            self.empty))

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

    def left_of(self, fp: Footprint, reading: Mapping[str, Value], done: Diff
                ) -> tuple[set[str], set[str]]:
        """What is left of ``fp`` on a board that reads ``reading`` (``done``: its diff from
        the committed position): positions still to clear (a captured piece to take off),
        positions still to fill."""
        take = {p for p, v in fp.diff if v == self.empty
                and reading.get(p, self.empty) != self.empty}
        put = {p for p in self.targets(fp, done) if p in self.cells or p in self.spec.sensed}
        return take, put

    def steps_toward(self, diff: Diff, reading: Mapping[str, Value], source: Source = "legal"
                     ) -> Steps:
        """What every move of ``source`` the board could be on its way to (``each_toward``)
        still needs on a board that reads ``reading`` (``diff``), where they all agree."""
        return agreed_steps(self, self.each_toward(diff, source), reading)

    def _within(self, found: Iterable[Footprint], touched: Iterable[str] | None
                ) -> list[Footprint]:
        if touched is None:
            return list(found)
        allowed = frozenset(touched)
        return [fp for fp in found if fp.touched <= allowed]

    def _occupancy(self, diff: Diff) -> tuple[list[str], list[str]]:
        """Cells a reading shows emptied, and cells it shows filled that were empty."""
        empty, base = self.empty, self.reading
        emptied = [p for p, v in diff if v == empty]
        filled = [p for p, v in diff if v != empty and base.get(p) == empty]
        return emptied, filled

    @staticmethod
    def _take(found: Iterator[Footprint], first: bool | int, keep: Keep) -> list[Footprint]:
        """The moves ``keep`` accepts, at most ``first`` of them (``True``: one; ``False``:
        all): a finder builds only as many as are taken."""
        limit = int(first) if first is not False else 0
        out = []
        for fp in found:
            if keep is None or keep(fp):
                out.append(fp)
                if limit and len(out) >= limit:
                    break
        return out

    @staticmethod
    def _with_facets(facets: Mapping[str, str] | None) -> Keep:
        if not facets:
            return None
        return lambda o: all(o.facets.get(k) == v for k, v in facets.items())

    # ---- the questions ---------------------------------------------------------------------

    @abstractmethod
    def prepare(self) -> None:
        """Do now the work the first question would need (the session calls it when idle)."""

    @abstractmethod
    def matching(self, diff: Diff, touched: Iterable[str] | None = None,
                 source: Source = "legal", distinct: bool = False) -> list[Footprint]:
        """Moves of ``source`` that read exactly ``diff`` and, given ``touched``, change
        (or need a hand on) only positions the hand was seen to touch.  ``distinct``: one
        move per distinct change of the board is enough (what the table sees of a reading
        by hidden-hand rules: thousands of hands may explain it)."""

    @abstractmethod
    def find(self, text: str) -> Footprint | None:
        """The legal move written ``text`` (as ``Game.move_text`` writes it), or None."""

    def each_toward(self, diff: Diff, source: Source = "legal") -> Iterator[Footprint]:
        """Moves of ``source`` the board could be on its way to (``in_progress``), lazily:
        a finder builds only as many as the caller takes.  One reading is asked about
        several times (is it the next player's move, is it moving, what is left, on every
        event while it stands): the moves found are kept for the position's last few
        readings, and a later question goes on from where the earlier one stopped."""
        key = (diff, source)
        kept = self._on_way.get(key)
        if kept is None:
            if len(self._on_way) >= KEPT_READINGS:
                del self._on_way[next(iter(self._on_way))]
            kept = self._on_way[key] = _Kept(self._toward(diff, source))
        return iter(kept)

    @abstractmethod
    def _toward(self, diff: Diff, source: Source) -> Iterator[Footprint]:
        """``each_toward``, found afresh."""

    def toward(self, diff: Diff, source: Source = "legal", first: bool | int = False,
               keep: Keep = None) -> list[Footprint]:
        """``each_toward``, as a list; ``first``: one is enough (a number: that many);
        ``keep``: only moves it accepts."""
        return self._take(self.each_toward(diff, source), first, keep)

    @abstractmethod
    def extensions(self, fp: Footprint, source: Source = "legal", first: bool = False,
                   facets: Mapping[str, str] | None = None) -> list[Footprint]:
        """Moves of ``source`` the hand could still be making when the board reads ``fp``'s
        reading (with ``facets``: only moves with those facets): moves that change everything
        ``fp`` changes, the same way, and more (the first marble of a broadside), or whose
        path continues ``fp``'s path (a multi-jump, a slide)."""

    @abstractmethod
    def hint_targets(self, diff: Diff) -> set[str] | None:
        """Where the moves the lights may show (``hint``) that the board is on its way to
        still put pieces; None: it is on its way to none of them."""

    @abstractmethod
    def growth_targets(self, fp: Footprint) -> set[str]:
        """Where the moves the lights may show (``hint``) that could grow from ``fp``'s
        reading still put pieces."""


class ListedMoves(Moves):
    """Every legal move listed once, its footprint indexed by its diff."""

    def prepare(self) -> None:
        # Everything a reading may ask, built while the board rests: the public moves of a
        # hidden-hand game (every tile some hand could hold) are too many to build on the
        # first reading after a commit (docs/benchmarks.md, "Tuning constants").
        self.by_diff  # noqa: B018 - building it is the point
        self.by_item  # noqa: B018
        self.hintable  # noqa: B018
        self.public  # noqa: B018

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

    def matching(self, diff: Diff, touched: Iterable[str] | None = None,
                 source: Source = "legal", distinct: bool = False) -> list[Footprint]:
        found = (self.by_diff.get(diff, []) if source == "legal"
                 else [fp for fp in self.listed(source) if fp.diff == diff])
        return self._within(found, touched)

    def find(self, text: str) -> Footprint | None:
        return next((fp for fp in self.footprints if fp.text == text), None)

    def _toward(self, diff: Diff, source: Source) -> Iterator[Footprint]:
        return fitting(diff, self.listed(source), self.reading, self.empty)

    def extensions(self, fp: Footprint, source: Source = "legal", first: bool = False,
                   facets: Mapping[str, str] | None = None) -> list[Footprint]:
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
        return self._take(iter(out), first, self._with_facets(facets))

    def hint_targets(self, diff: Diff) -> set[str] | None:
        moving = self.toward(diff, "hint")
        return {p for fp in moving for p in self.targets(fp, diff)} if moving else None

    def growth_targets(self, fp: Footprint) -> set[str]:
        return {p for o in self.extensions(fp, "hint") for p in self.targets(o, fp.diff)}


class FoundMoves(Moves):
    """Each question answered by the game's ``MoveFinder``, footprints built for its answers
    only and checked against the same definitions as the listed moves.  A finder's game has
    no paths: a move grows only by changing more."""

    def __init__(self, game: Game[Any, Any], state: Any, spec: BoardSpec,
                 finder: MoveFinder[Any]) -> None:
        super().__init__(game, state, spec)
        self.finder = finder
        self._agreed: dict[tuple[Diff, Source, Diff], Steps] = {}  # ``steps_toward``

    def prepare(self) -> None:
        self.finder.prepare()

    def matching(self, diff: Diff, touched: Iterable[str] | None = None,
                 source: Source = "legal", distinct: bool = False) -> list[Footprint]:
        after = {**self.reading, **dict(diff)}
        occupied = [p for p, v in after.items() if v != self.empty]
        reach = (frozenset(touched) if touched is not None
                 else frozenset(self.reading) | frozenset(self.layout))
        found = [fp for m in self.finder.reading(source, occupied, reach, distinct)
                 if (fp := self.footprint(m)).diff == diff]
        return self._within(found, touched)

    def find(self, text: str) -> Footprint | None:
        move = self.finder.find(text)
        if move is None:
            return None
        fp = self.footprint(move)
        return fp if fp.text == text else None

    def _toward(self, diff: Diff, source: Source) -> Iterator[Footprint]:
        # More pieces new on the board than squares emptied: they came from off it, and
        # only moves that take as many from there fit (``footprints.fitting``), so the
        # finder looks for no others (a flush has thousands that move a piece there).
        emptied, filled = self._occupancy(diff)
        pool = (self.footprint(m) for m in self.finder.toward(
            source, emptied, filled, arriving=len(filled) - len(emptied)))
        return fitting(diff, pool, self.reading, self.empty)

    def extensions(self, fp: Footprint, source: Source = "legal", first: bool = False,
                   facets: Mapping[str, str] | None = None) -> list[Footprint]:
        emptied, filled = self._occupancy(fp.diff)
        pool = (self.footprint(m) for m in self.finder.toward(
            source, emptied, filled, beyond=True, facets=facets))
        want = fp.diff
        grown = (o for o in pool if o is not fp and want < o.diff)
        return self._take(grown, first, self._with_facets(facets))

    def steps_toward(self, diff: Diff, reading: Mapping[str, Value], source: Source = "legal"
                     ) -> Steps:
        """The first few moves on the way narrow what they agree on down to a step or two;
        then each step is kept unless the finder finds a move on the way without it, by a
        search aimed at such a move (a step to clear: one that leaves a piece there; a step
        to fill: one that ends none there), rather than by building every move on the way
        until one disagrees (a flush has hundreds that do the same first).  By presence
        alone (one reading for every piece), those are the moves without the step."""
        if self.spec.sense != "presence":
            return super().steps_toward(diff, reading, source)
        done = self.diff_of(reading)
        key = (diff, source, done)
        found = self._agreed.get(key)
        if found is not None:
            return found
        agreed: tuple[set[str], set[str]] | None = None
        for n, fp in enumerate(self.each_toward(diff, source), 1):
            take, put = self.left_of(fp, reading, done)
            agreed = (take, put) if agreed is None else (agreed[0] & take, agreed[1] & put)
            if not agreed[0] and not agreed[1]:
                break
            if n == FEW_ON_THE_WAY:
                take, put = agreed
                agreed = ({p for p in take if not self._without(diff, reading, source, 0, p)},
                          {p for p in put if not self._without(diff, reading, source, 1, p)})
                break
        found = NO_STEPS if agreed is None else _steps(*agreed)
        if agreed is not None and not found.take:
            found = one_of(found, self._lefts(diff, reading, source))
        if len(self._agreed) >= KEPT_READINGS:
            del self._agreed[next(iter(self._agreed))]
        self._agreed[key] = found
        return found

    def _lefts(self, diff: Diff, reading: Mapping[str, Value], source: Source) -> list[Left]:
        """The first few moves on the way, with what each still needs (for ``one_of``: one
        more than it looks at says there are too many)."""
        done = self.diff_of(reading)
        out: list[Left] = []
        for fp in self.each_toward(diff, source):
            out.append((fp, self.left_of(fp, reading, done)[0]))
            if len(out) > ONE_OF_MOST or not _may_be_one_of(out):
                break
        return out

    def _without(self, diff: Diff, reading: Mapping[str, Value], source: Source, kind: int,
                 p: str) -> bool:
        """Whether a move of ``source`` on the way to ``diff`` leaves ``p`` out of what is
        left of it (``kind`` 0: the positions to clear, 1: to fill)."""
        emptied, filled = self._occupancy(diff)
        pool = (self.footprint(m) for m in self.finder.toward(
            source, emptied, filled, occupied=(p,) if kind == 0 else (),
            unfilled=(p,) if kind == 1 else (), arriving=len(filled) - len(emptied)))
        done = self.diff_of(reading)
        return any(p not in self.left_of(o, reading, done)[kind]
                   for o in fitting(diff, pool, self.reading, self.empty))

    def _on_cells(self, diff: Diff) -> bool:
        return all(p in self.cells for p, _ in diff)

    def hint_targets(self, diff: Diff) -> set[str] | None:
        if not self._on_cells(diff):
            moving = self.toward(diff, "hint")
            return {p for fp in moving for p in self.targets(fp, diff)} if moving else None
        # The finder works out the squares from the outcomes at once (a lifted piece may have
        # thousands of table-card moves on the way); every square of its board is a cell, and
        # a move's targets are the cells it ends a piece on.  (More pieces new than squares
        # emptied: only moves that bring pieces in from off the board fit, as in ``toward``.)
        emptied, filled = self._occupancy(diff)
        found = self.finder.targets("hint", emptied, filled,
                                    arriving=len(filled) - len(emptied)) if diff else None
        return None if found is None else set(found) - {p for p, _ in diff}

    def growth_targets(self, fp: Footprint) -> set[str]:
        if not self._on_cells(fp.diff):
            return {p for o in self.extensions(fp, "hint") for p in self.targets(o, fp.diff)}
        emptied, filled = self._occupancy(fp.diff)
        found = self.finder.targets("hint", emptied, filled, beyond=True)
        return set(found or ()) - set(filled)


Left = tuple[Footprint, set[str]]
"""A move on the way, and the positions it still has to clear."""

# Moves on the way looked at for "one of these positions" (more: only what they all agree
# on is said); also the most positions said so.
ONE_OF_MOST = 8


def agreed_steps(moves: Moves, on_way: Iterable[Footprint], reading: Mapping[str, Value]
                 ) -> Steps:
    """What every move of ``on_way`` still needs on a board that reads ``reading``, where
    they all agree (the table's words and the lights say it), and, where they agree on no
    position to clear but each still has exactly one to clear, which positions those are
    (``one_of``).  Asked lazily, it stops as soon as they agree on nothing and cannot be one
    of a few: a finder then builds no more of them."""
    done = moves.diff_of(reading)
    agreed: tuple[set[str], set[str]] | None = None
    lefts: list[Left] = []
    for fp in on_way:
        take, put = moves.left_of(fp, reading, done)
        agreed = (take, put) if agreed is None else (agreed[0] & take, agreed[1] & put)
        if len(lefts) <= ONE_OF_MOST:
            lefts.append((fp, take))
        if not agreed[0] and not agreed[1] and not _may_be_one_of(lefts):
            return NO_STEPS
    return NO_STEPS if agreed is None else one_of(_steps(*agreed), lefts)


def _may_be_one_of(lefts: list[Left]) -> bool:
    return len(lefts) <= ONE_OF_MOST and all(len(t) == 1 for _, t in lefts)


def one_of(steps: Steps, lefts: list[Left]) -> Steps:
    """``steps`` with what the moves on the way (``lefts``: every one of them) agree on
    beyond it: where none agree on a position to clear but each has exactly one left, one
    of those positions must be cleared (a DRHOMBIX nest: any one free piece of the other
    colour)."""
    if steps.take or not 1 < len(lefts) <= ONE_OF_MOST or not _may_be_one_of(lefts):
        return steps
    found = {(p, _kind(fp, p)) for fp, take in lefts for p in take}
    places = sorted({p for p, _ in found})
    if len(places) < 2:
        return steps
    kinds = {k for _, k in found}
    return Steps(steps.take, steps.put, OneOf(tuple(places), kinds.pop() if len(kinds) == 1
                                              else ""))


def _kind(fp: Footprint, position: str) -> str:
    """The piece ``fp`` takes off ``position`` (the top one)."""
    for c in fp.effect.changes:
        if c.position == position and c.before:
            return c.before[-1]
    return ""


def _steps(take: Iterable[str], put: Iterable[str]) -> Steps:
    return Steps(tuple(sorted(take)), tuple(sorted(put)))


def moves_of(game: Game[Any, Any], state: Any, spec: BoardSpec) -> Moves:
    """The position's moves: asked of the game's finder when it has one, else listed."""
    finder = move_finder(game, state)
    return ListedMoves(game, state, spec) if finder is None else FoundMoves(game, state, spec,
                                                                            finder)

