"""The session's questions about a Rhombus position, answered without listing every action.

A four-card Formation flush on an open board has tens of thousands of actions; listing them
all after every move takes half a second in Python, and a table-side view of the game (what
*some* hand the table cannot rule out could do) is twenty-odd times more.  The session only
ever asks narrow questions of a position: which actions read exactly like this board, which
could the board be on its way to, which one has this text.  ``RhombusFinder`` answers each
with a search aimed at the answer (``match.reaches`` for a reading, ``toward`` below for
moves in progress), per card set, stopping at the first answer when one is all it needs.

Three sets of cards can be asked about (``Source``):

* ``legal``: the cards the mover holds (the table cards and the hidden hand card);
* ``hint``: the open table cards alone (what the lights may show: the table sees them);
* ``public``: the table cards with as many hand cards as the mover holds, each any card the
  table cannot rule out (what the table itself may judge a reading by, so that nothing it
  sees depends on the hand); one card set of each kind (``public_card_sets``: card sets that
  do the same are alike to the table).  Without a hand card it is ``legal``.

Squares here are board square names; the reserve and eliminated zones are the session's
business (it checks every answer against its own sensed reading).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import NamedTuple

from controller.errors import ParseError
from controller.rules.base import Source
from controller.rules.rhombus.aimed import (
    NO_LIMIT,
    PATIENCE,
    Aim,
    Search,
    Unfinished,
    ends_toward,
    entry_room,
    outcomes_toward,
)
from controller.rules.rhombus.board import BIT, FULL, bits, names
from controller.rules.rhombus.cards import (
    REACTIVATE,
    Carry,
    Program,
    cards_text,
    deck,
    multiset_contains,
    programs,
    sub_hands,
)
from controller.rules.rhombus.match import CardSets, moves_among
from controller.rules.rhombus.movegen import (
    Context,
    Move,
    Outcome3,
    Reach,
    has_real_action,
    outcomes,
)
from controller.rules.rhombus.position import held, mover_context
from controller.rules.rhombus.public import public_card_sets
from controller.rules.rhombus.relax import Bounds
from controller.rules.rhombus.state import VARIANTS, RhombusState
from controller.rules.rhombus.text import parse_move_text

SOURCES: tuple[Source, ...] = ("legal", "hint", "public")


class Fit(NamedTuple):
    """What an outcome on the way must do (``RhombusFinder._fit``), as masks."""

    gone: int                # the squares emptied
    came: int                # the squares filled (empty now) that it keeps
    not_own: int             # the squares it changes where no piece of the mover's may end
    need_killed: int         # the opponents to eliminate
    same: int | None         # growing: the occupancy it must not end in
    # And what ``toward`` may ask besides (``occupied``, ``unfilled``); the cuts that look
    # only at the fields above stay sound, as these only leave outcomes out:
    hold: int = 0            # squares that must end holding one of the mover's pieces
    avoid: int = 0           # squares on which no piece of the mover's may end
    spared: int = 0          # opponents that must not be eliminated

# States ``prepare`` looks past at most for the lights of the mover's pieces lifted (a few
# milliseconds' worth; a millisecond or so is usual).
PREPARE_BUDGET = 400


def unseen_cards(state: RhombusState) -> Counter[int]:
    """The cards the table cannot rule out as the mover's hand cards, with how many copies
    of each: every card of the deck(s) not lying open on a table or in the discards."""
    v = VARIANTS[state.variant]
    left = Counter(deck(v.options["copies"]))
    for table in state.open:
        left.subtract(table)
    left.subtract(state.discard)
    return Counter({c: n for c, n in left.items() if n > 0})


class RhombusFinder:
    """Narrow questions about one position's actions (see the module text)."""

    def __init__(self, state: RhombusState) -> None:
        v = VARIANTS[state.variant]
        self.state = state
        self.ctx = mover_context(state)
        self.formation = bool(v.options["formation"])
        self.largest = 4 if self.formation else 3
        self.held = held(state, state.to_move)
        self.cache: Reach = {}
        self._outcomes: dict[Program, set[Outcome3]] = {}
        self._sets: dict[Source, tuple[tuple[int, ...], ...]] = {}
        self._indexed: dict[Source, CardSets] = {}  # the card sets as a reading asks them
        self._bounds: dict[bool, Bounds] = {}
        # Whether a program can end in an outcome: what a reading asks of each card set's
        # programs, kept for the position (the public card sets' programs include the
        # mover's, and every reading of a move in progress asks again).
        self._fits: dict[tuple[Program, Outcome3], bool] = {}
        # The lights asked for (``targets``), and a lifted piece's squares per program.
        self._lights: dict[tuple[Source, int, int, bool, int], list[str] | None] = {}
        self._lifted: dict[tuple[Program, int], int | None] = {}
        # Every outcome of a program that fits (bringing in least to fewer - 1 pieces), once
        # a search ran to its end (``toward``), or none (``targets`` found none): the
        # questions of one reading share them (``half: hints`` and ``half: moving``, ``can
        # grow`` and ``hints to grow`` ask of the same programs and fits).
        self._outs: dict[tuple[Program, Fit, int, int], tuple[Outcome3, ...]] = {}

    def bounds(self, prog: Carry) -> Bounds:
        """Relaxed reach for ``prog`` (``relax.py``), shared by every program that kills,
        or by every one that does not."""
        kills = prog.kills > 0
        found = self._bounds.get(kills)
        if found is None:
            found = self._bounds[kills] = Bounds(self.ctx, kills)
        return found

    def prepare(self, budget: int = PREPARE_BUDGET) -> None:
        """The card sets of every source (indexed for a reading: ``match.CardSets``), and
        the lights of each of the mover's pieces lifted, program by program: every move
        starts by lifting one, and the lights of a move on its way and of one that may grow
        are among a lifted piece's (``_targets``, ``_toward``); then, while the budget
        lasts (``budget``: states to look past), the lights of each opponent piece lifted
        (a kill may start so)."""
        for source in SOURCES:
            self._indexed[source] = CardSets(self.card_sets(source), self.formation)
        left = [budget]  # states still to look past (counted down)
        # The mover's pieces, then the opponents' (a kill may start by lifting the victim).
        for piece in bits(self.ctx.own) + bits(self.ctx.foes):
            key: tuple[Source, int, int, bool, int] = ("hint", piece, 0, False, 0)
            if key not in self._lights:
                try:
                    self._lights[key] = self._targets(*key, each=left)
                except Unfinished:
                    break  # the rest when asked, program by program as before

    # ---- which card sets ---------------------------------------------------------------------

    def card_sets(self, source: Source) -> tuple[tuple[int, ...], ...]:
        """The card sets of ``source`` that make an action, fewest cards first (the cheap
        searches come first when one answer is enough)."""
        found = self._sets.get(source)
        if found is None:
            found = self._sets[source] = self._card_sets(source)
        return found

    def _card_sets(self, source: Source) -> tuple[tuple[int, ...], ...]:
        state = self.state
        table = state.open[state.to_move]
        if source == "hint":
            found: Iterable[tuple[int, ...]] = sub_hands(table, self.largest)
        elif source == "public" and state.hidden[state.to_move]:
            # As many hand cards as the mover holds (the table sees how many), each any card
            # the table cannot rule out.
            found = public_card_sets(table, unseen_cards(state),
                                     len(state.hidden[state.to_move]), self.largest,
                                     self.formation)
        else:
            found = sub_hands(self.held, self.largest)
        sets = dict.fromkeys(cards for cards in found if programs(cards, self.formation))
        return tuple(sorted(sets, key=len))

    # ---- a reading ---------------------------------------------------------------------------

    def reading(self, source: Source, occupied: Iterable[str], touched: Iterable[str],
                distinct: bool = False) -> list[Move]:
        """The actions after which exactly the squares ``occupied`` hold a piece and whose
        changed squares were all ``touched`` (a kill whose killer stays reads unchanged);
        ``distinct``: one per outcome on the board (the first card set that makes it)."""
        discard = self._discards(source)
        indexed = self._indexed.get(source)  # (made by ``prepare``)
        if indexed is None:
            indexed = self._indexed[source] = CardSets(self.card_sets(source), self.formation)
        return moves_among(self.ctx, indexed, _mask(occupied), _mask(touched), discard,
                           distinct, self.bounds, self.cache, self._fits)

    # ---- on the way --------------------------------------------------------------------------

    def toward(self, source: Source, emptied: Iterable[str], filled: Iterable[str],
               beyond: bool = False, facets: Mapping[str, str] | None = None,
               occupied: Iterable[str] = (), unfilled: Iterable[str] = (), arriving: int = 0
               ) -> Iterator[Move]:
        """The actions the board could be on its way to: every square in ``emptied`` is one
        the action changes (a piece leaves it or is eliminated there), every square in
        ``filled`` ends holding the mover's piece.  ``beyond``: only actions that also leave
        every ``emptied`` square empty and change more squares' occupancy than these (what a
        move that reads like this may still grow into); ``facets``: only the card set
        ``facets["cards"]``; ``occupied``: only actions that leave a piece on each of these
        squares; ``unfilled``: only actions that end no piece on one of these squares that
        was not there before; ``arriving``: only actions that take at least this many pieces
        from off the board (each piece brought in from the reserve, and a reactivated one
        from the eliminated).  Each action once, lazily: the cheap card sets first.

        A board that shows more squares filled than emptied has pieces on it from off the
        board (the reserve), so the actions that bring as many in come first: those are the
        ones the session looks for, and a flush has thousands of others that fit (which
        ``arriving`` leaves out at once: the session knows no hand can have taken them)."""
        fit = self._fit(emptied, filled, beyond)
        if fit is None:
            return
        fits = self._asked(fit, _mask(occupied), _mask(unfilled))
        surplus = fit.came.bit_count() - fit.gone.bit_count()
        # (at least, fewer than) pieces brought in from the reserve, and whether only by the
        # card sets that also reactivate one
        bands: list[tuple[int, int, bool]] = [(0, NO_LIMIT, False)]
        if not beyond and arriving > 0:
            first = max(surplus, arriving)
            bands = [(first, NO_LIMIT, False), (arriving, first, False),
                     (arriving - 1, arriving, True)]
        elif not beyond and surplus > 0:
            bands = [(surplus, NO_LIMIT, False), (0, surplus, False)]
        seen: set[Move] = set()  # an action may fit more than one of ``fits``
        for least, fewer, reactivating in bands:
            if least >= fewer:
                continue
            for one in fits:
                for move in self._toward_sets(source, one, facets, least, fewer,
                                              reactivating):
                    if len(fits) > 1:
                        if move in seen:
                            continue
                        seen.add(move)
                    yield move

    def _asked(self, fit: Fit, occupied: int, unfilled: int) -> list[Fit]:
        """``fit`` narrowed to the actions that leave a piece on every square of
        ``occupied`` and end none of the mover's on a square of ``unfilled`` that does not
        hold one now: as one or more fits whose outcomes together are those.  An empty
        square or the mover's own holds a piece after only if one of the mover's ends there;
        a blocker always does; an opponent's, if it is not eliminated or a piece of the
        mover's ends on it (two fits for each such square)."""
        ctx = self.ctx
        others = ctx.blockers | ctx.foes
        fits = [fit._replace(hold=fit.hold | occupied & ~others,
                             avoid=fit.avoid | unfilled & ~ctx.own)]
        for foe in bits(occupied & ctx.foes):
            fits = ([f._replace(spared=f.spared | foe) for f in fits]
                    + [f._replace(hold=f.hold | foe) for f in fits])
        return fits

    def _toward_sets(self, source: Source, fit: Fit, facets: Mapping[str, str] | None,
                     least: int, fewer: int, reactivating: bool = False) -> Iterator[Move]:
        """``toward``'s actions that bring in at least ``least`` and fewer than ``fewer``
        pieces from the reserve; ``reactivating``: only those of card sets that also take a
        piece back from the eliminated."""
        ctx = self.ctx
        # A discard (Formation) changes nothing, so it is on the way only to nothing.
        discard = (not fit.gone | fit.came and fit.same is None and least == 0
                   and _fits(ctx, ctx.own, 0, fit) and self._discards(source))
        wanted = (facets or {}).get("cards")

        # A narrowed fit's outcomes are those of the fit it narrows that pass it: a program
        # whose outcomes on the way are known (an earlier question of the reading ran its
        # search to the end) needs no search of its own ("what is left" asks, of each step
        # the first moves on the way agree on, for one that leaves it out).
        wider = (fit._replace(hold=0, avoid=0, spared=0)
                 if fit.hold or fit.avoid or fit.spared else None)

        def fitting(prog: Program) -> Iterator[Outcome3]:
            key = (prog, fit, least, fewer)  # many card sets share a program
            if key in self._outs:
                yield from self._outs[key]
                return
            if wider is not None:
                known = self._outs.get((prog, wider, least, fewer))
                if known is not None:
                    self._outs[key] = tuple(o for o in known if _fits(ctx, o[0], o[1], fit))
                    yield from self._outs[key]
                    return
            found = []
            for out in self._toward(prog, fit, least, fewer):
                found.append(out)
                yield out
            self._outs[key] = tuple(found)  # only once the search ran to its end

        for cards in self.card_sets(source):
            if wanted is not None and cards_text(cards) != wanted:
                continue
            progs = programs(cards, self.formation)
            revived = 1 if REACTIVATE in progs and ctx.out else 0
            if reactivating and not revived:
                continue
            seen: set[Outcome3] = set()
            for prog in progs:
                for out in fitting(prog):
                    if out in seen:
                        continue
                    seen.add(out)
                    after, killed, entered = out
                    yield Move(cards, ctx.own & ~after, after & ~ctx.own, killed, entered,
                               revived)
            if discard and (ctx.own, 0, 0) not in seen:
                yield Move(cards, 0, 0, 0, 0, revived)

    def _toward(self, prog: Program, fit: Fit, least: int = 0, fewer: int = NO_LIMIT
                ) -> Iterator[Outcome3]:
        """Outcomes of ``prog`` that fit (bringing in ``least`` to ``fewer`` - 1 pieces): none
        for a carry whose lifted pieces' lights (``prepare``) leave out a square to fill or
        that has no action leaving one of the squares emptied (``_lifted_squares``); else a
        carry's by a depth-first search aimed at the fit (one answer is quick), which, when
        a thousand states give none, asks the search behind the lights (``carry_ends``,
        stopped at the first) whether any fits at all: proving that none does is where the
        aimed search pays for every order of the cards; the few outcomes of the other
        programs from their list."""
        if isinstance(prog, Carry):
            if (not _may_grow(self.ctx, prog, fit.came, fit.not_own, fit.same)
                    or self._lifted_squares(prog, fit.came, fit.not_own) == 0):
                return
            yield from outcomes_toward(
                self._search(prog, fit, least, fewer),
                lambda: ends_toward(self._search(prog, fit, least, fewer), 0) is not None)
            return
        for out in self._all(prog):
            if least <= out[2] < fewer and _fits(self.ctx, out[0], out[1], fit):
                yield out

    def _search(self, prog: Carry, fit: Fit, least: int = 0, fewer: int = NO_LIMIT,
                patience: int = PATIENCE) -> Search:
        """A search for ``prog``'s outcomes that fit (``aimed.py``)."""
        aim = Aim(fit.came | fit.hold, fit.not_own | fit.avoid, fit.need_killed,
                  FULL & ~fit.spared, least, fewer, fit.same)
        return Search(self.ctx, prog, aim, self.cache, self.bounds(prog), patience)

    def _all(self, prog: Program) -> set[Outcome3]:
        """Every outcome of ``prog``, listed once: only for the programs that are not a
        carry (the eliminator and friends, whose outcomes are few)."""
        found = self._outcomes.get(prog)
        if found is None:
            found = self._outcomes[prog] = outcomes(self.ctx, prog, self.cache)
        return found

    def targets(self, source: Source, emptied: Iterable[str], filled: Iterable[str],
                beyond: bool = False, arriving: int = 0) -> list[str] | None:
        """The squares the actions on the way (``toward``, with ``beyond`` and ``arriving``)
        end a piece of
        the mover's on (entering, or landing on a piece it eliminates), from all of them at
        once rather than action by action (the lights of a lifted piece, or of a move that
        may still grow); None: no action is on the way.

        Each program once (card sets share them), cheapest first; a carry's squares come
        from ``aimed.ends_toward``, which stops once nothing more could be lit: a flush on
        an open board lights every empty square long before its thousands of outcomes are
        made.  Asked again, the same answer (kept for the position)."""
        key = (source, _mask(emptied), _mask(filled), beyond, 0 if beyond else max(0, arriving))
        if key not in self._lights:
            self._lights[key] = self._targets(*key)
        found = self._lights[key]
        return None if found is None else list(found)

    def _targets(self, source: Source, gone: int, came: int, beyond: bool, arriving: int = 0,
                 each: list[int] | None = None) -> list[str] | None:
        """``targets`` for the squares ``gone`` and ``came`` (and ``arriving``, as ``toward``);
        ``each``: (``prepare``) look past no more states than ``each[0]`` (counted down;
        ``Unfinished`` when that is not enough), and for a lifted piece of the mover's find
        every program's squares in full and keep them."""
        ctx = self.ctx
        fit = self._fit_of(gone, came, beyond)
        if fit is None:
            return None
        gone, came, not_own, same = fit.gone, fit.came, fit.not_own, fit.same
        # A lifted piece's squares, kept program by program: the programs' squares for any
        # question whose actions leave that piece's square are among them, and a program
        # that cannot fill a square asked for, or has no action that leaves it, has none.
        lifted = gone if (not came and not beyond and not arriving and gone & ctx.own == gone
                          and gone.bit_count() == 1) else 0
        # Each program, with the fewest pieces its actions must bring in from the reserve to
        # take ``arriving`` from off the board (one fewer for a card set that reactivates).
        progs: dict[Program, int] = {}
        fewest = NO_LIMIT  # (of any card set: a discard brings none in, but may reactivate)
        for cards in self.card_sets(source):
            least = max(0, arriving - (1 if REACTIVATE in programs(cards, self.formation)
                                       and ctx.out else 0))
            fewest = min(fewest, least)
            for p in programs(cards, self.formation):
                progs[p] = min(least, progs.get(p, least))
        kills = any(not isinstance(p, Carry) or p.kills for p in progs)
        # Every square a piece could end on: an empty one, the entry corner, a victim's.
        empty = FULL & ~(ctx.own | ctx.blockers | ctx.foes)
        could = (empty | ctx.corner | (ctx.foes if kills else 0)) & ~not_own
        # A discard (Formation) changes nothing, so it is on the way only to nothing.
        found = (bool(progs) and not gone | came and not beyond and fewest == 0
                 and self._discards(source))
        ends = 0
        # The few outcomes of the programs that are not a carry first: what they light, the
        # carries' searches need not look for; then the carries with the most cards: they
        # light the most, which leaves the others less to light.
        for prog in sorted(progs, key=lambda p: (1, -len(p.movers) - p.nines)
                           if isinstance(p, Carry) else (0, 0)):
            least = progs[prog]
            if isinstance(prog, Carry):
                # A carry ends a new piece only on an empty square or a victim it may kill,
                # and only within reach of a piece, or of a piece it may bring in.
                bounds = self.bounds(prog)
                tokens = ctx.own | (ctx.corner if prog.nines and entry_room(ctx, prog.kills)
                                    else 0)
                mine = (empty | (ctx.killable if prog.kills else 0)) & could & bounds.within(
                    tokens, prog.movers)
                if each is not None and lifted:
                    lit = None
                    if _may_grow(ctx, prog, came, not_own, same):
                        lit = ends_toward(self._search(prog, fit, patience=0), mine,
                                          budget=each)
                    self._lifted[prog, lifted] = lit
                    if lit is None:
                        self._outs[prog, fit, 0, NO_LIMIT] = ()  # none fits
                    else:
                        found = True
                        ends |= lit
                    continue
                outs = self._outs.get((prog, fit, least, NO_LIMIT))
                if outs is not None:  # the outcomes are known: no search
                    for after, _, _ in outs:
                        found = True
                        ends |= after & ~ctx.own
                    continue
                known = self._lifted_squares(prog, came, not_own)
                if known is not None:
                    mine &= known
                if (known == 0 or (found and not mine & ~ends)
                        or not _may_grow(ctx, prog, came, not_own, same)):
                    continue  # nothing it could light is unlit, or nothing fits
                more = ends_toward(self._search(prog, fit, least, patience=0), mine & ~ends,
                                   budget=each)
                if more is not None:
                    found = True
                    ends |= more
                else:
                    self._outs[prog, fit, least, NO_LIMIT] = ()  # none fits
            else:
                for after, killed, entered in self._all(prog):
                    if entered >= least and _fits(ctx, after, killed, fit):
                        found = True
                        ends |= after & ~ctx.own
            if found and ends & could == could and (each is None or not lifted):
                break
        return names(ends) if found else None

    def _lifted_squares(self, prog: Carry, came: int, not_own: int) -> int | None:
        """What the lights of the mover's pieces lifted (kept by ``prepare``, program by
        program) say of ``prog``'s outcomes that fill ``came`` and leave every square of
        ``not_own``: each such outcome is one of a lifted piece's on ``not_own``, so it ends
        its pieces on that piece's squares, and ``came`` among them.  The squares they may
        end on (0: there is no such outcome); None: nothing is known."""
        out = None
        for piece in bits(not_own & self.ctx.own):
            key = (prog, piece)
            if key in self._lifted:
                known = self._lifted[key]
                if known is None or came & ~known:
                    return 0  # no action of it leaves that square and fills these
                out = known if out is None else out & known
        return out

    def _fit(self, emptied: Iterable[str], filled: Iterable[str], beyond: bool
             ) -> Fit | None:
        return self._fit_of(_mask(emptied), _mask(filled), beyond)

    def _fit_of(self, gone: int, came: int, beyond: bool) -> Fit | None:
        """What an outcome on the way must do, as masks: (``gone``: the emptied squares,
        ``came``: the filled ones that it keeps, ``not_own``: where no piece of the mover's
        may end, ``need_killed``: the opponents it must eliminate, ``same``: with ``beyond``,
        the occupancy it must not end in, what the board reads now); None: none can be."""
        ctx = self.ctx
        if gone & ctx.blockers or came & (ctx.blockers | ctx.foes | ctx.own):
            return None
        if not beyond:
            return Fit(gone, came, gone & ctx.own, gone & ctx.foes, None)
        # Growing, no piece may end on an emptied square, and the board must read as more.
        return Fit(gone, came, gone, gone & ctx.foes, _occupied(ctx, ctx.own, 0) ^ (gone | came))

    def _discards(self, source: Source) -> bool:
        """Whether ``source``'s card sets may be played for nothing (Formation: no piece on
        the board, or with ``stuck_discards`` no other action; for ``public``, when the
        table cards alone have none, some hand may have none either)."""
        cards = self.state.open[self.state.to_move] if source == "public" else self.held
        return _discards(self.ctx, cards)

    # ---- one action ----------------------------------------------------------------------------

    def find(self, text: str) -> Move | None:
        """The legal action written ``text`` (any order or case), or None."""
        try:
            move = parse_move_text(text)
        except ParseError:
            return None
        return move if self.is_legal(move) else None

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is one of the mover's actions, by a search aimed at its result."""
        ctx = self.ctx
        if not multiset_contains(self.held, move.cards) or not programs(move.cards,
                                                                        self.formation):
            return False
        if move.sources & ~ctx.own or move.targets & ctx.own:
            return False
        after = ctx.own & ~move.sources | move.targets
        occupied = after | (ctx.blockers | ctx.foes) & ~move.kills
        if move.kills & ~ctx.foes:
            return False
        changed = move.sources | move.targets | move.kills
        found = moves_among(ctx, (tuple(sorted(move.cards)),), occupied, changed,
                            _discards(self.ctx, self.held), bounds=self.bounds,
                            cache=self.cache, fits=self._fits)
        return move in found


def _may_grow(ctx: Context, prog: Carry, came: int, not_own: int, same: int | None) -> bool:
    """False when no outcome of ``prog`` can read as more than ``same`` (always True
    without ``same``): see the cases below."""
    if same is None:
        return True
    entries = min(prog.nines, entry_room(ctx, prog.kills))
    if (ctx.own & ~not_own == 0 and came.bit_count() == ctx.own.bit_count()
            and not prog.kills and not entries):
        # Every piece has left and must end on ``came``, and none can be added or taken:
        # the board can only read ``same``.
        return False
    others = ctx.blockers | ctx.foes
    if not prog.kills and others & ~same == 0:
        # No other piece is taken, so the mover's pieces after (as many as now, and the
        # pieces brought in) must hold ``came`` and differ from its squares in ``same``:
        # as many as those, they need one square more than ``came``.
        mine = (same & ~others).bit_count()
        least = came.bit_count()
        pieces = ctx.own.bit_count()
        if not any(count >= (least + 1 if count == mine else least)
                   for count in range(pieces, pieces + entries + 1)):
            return False
    # Reading as more needs one more square to change than these; a move changes two
    # squares at most (a kill keeps its square full), an entry one.
    return (not_own | came).bit_count() < 2 * len(prog.movers) + entries


def _fits(ctx: Context, own: int, killed: int, fit: Fit) -> bool:
    """Whether an outcome (the mover's pieces on ``own``, ``killed`` eliminated) is one on
    the way as ``fit`` asks."""
    return ((fit.came | fit.hold) & ~own == 0 and own & (fit.not_own | fit.avoid) == 0
            and fit.need_killed & ~killed == 0 and killed & fit.spared == 0
            and _occupied(ctx, own, killed) != fit.same)


def _occupied(ctx: Context, own: int, killed: int) -> int:
    """The squares holding a piece when the mover's pieces stand on ``own`` and the pieces
    on ``killed`` are eliminated."""
    return own | (ctx.blockers | ctx.foes) & ~killed


def _discards(ctx: Context, cards: tuple[int, ...]) -> bool:
    """Formation: a card set may be played for nothing (no piece on the board, or, with
    ``stuck_discards``, no other action)."""
    return (ctx.formation and not ctx.own) or (ctx.stuck_discards
                                               and not has_real_action(ctx, cards))


def _mask(squares: Iterable[str]) -> int:
    """The board squares among ``squares`` (zone names and the like are left out)."""
    return sum(BIT[s] for s in squares if s in BIT)
