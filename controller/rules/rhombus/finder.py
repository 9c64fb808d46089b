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
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import combinations_with_replacement

from controller.errors import ParseError
from controller.rules.base import Source
from controller.rules.rhombus.board import BIT, FULL, bits, names
from controller.rules.rhombus.cards import (
    HIDDEN,
    REACTIVATE,
    Carry,
    Program,
    cards_text,
    deck,
    multiset_contains,
    programs,
    sub_hands,
    suit,
    value,
)
from controller.rules.rhombus.match import SearchState, each_once, moves_among, push_next
from controller.rules.rhombus.movegen import (
    Context,
    Move,
    Outcome3,
    Reach,
    has_real_action,
    outcomes,
    reach,
)
from controller.rules.rhombus.position import held, mover_context
from controller.rules.rhombus.state import VARIANTS, RhombusState
from controller.rules.rhombus.text import parse_move_text

SOURCES: tuple[Source, ...] = ("legal", "hint", "public")


def unseen_cards(state: RhombusState) -> Counter[int]:
    """The cards the table cannot rule out as the mover's hand cards, with how many copies
    of each: every card of the deck(s) not lying open on a table or in the discards."""
    v = VARIANTS[state.variant]
    left = Counter(deck(v.options["copies"]))
    for table in state.open:
        left.subtract(table)
    left.subtract(state.discard)
    return Counter({c: n for c, n in left.items() if n > 0})


def _one_suit_kinds(largest: int, formation: bool
                    ) -> tuple[tuple[tuple[tuple[int, int], ...], tuple[Program, ...]], ...]:
    """Every multiset of 1..``largest`` card values that makes an action as cards of one
    suit, as ((value, how many), ...) with its programs, fewest cards first.  What a card set
    may do depends only on its values and on whether it is of one suit."""
    out = []
    for n in range(1, largest + 1):
        for combo in combinations_with_replacement(range(9), n):
            progs = programs(tuple(v << 2 for v in combo), formation)
            if progs:
                out.append((tuple(sorted(Counter(combo).items())), progs))
    return tuple(out)


# Built once, at import (a few milliseconds): the original rules, and Formation.
ONE_SUIT_KINDS = {(3, False): _one_suit_kinds(3, False), (4, True): _one_suit_kinds(4, True)}


def public_card_sets(table: tuple[int, ...], unseen: Counter[int], count: int,
                     largest: int, formation: bool) -> list[tuple[int, ...]]:
    """The card sets the table cannot rule out: table cards with up to ``count`` hand cards
    (``HIDDEN`` marked), each any card of ``unseen``; one per distinct thing they may do
    (their programs), since the table can tell card sets apart only by what they do on the
    board.  Fewest cards first, table cards before hand cards; public information only.

    Two or more cards make an action only if they are of one suit, or (three) of one value
    over several suits; each kind of card set is looked for once, per suit."""
    found: dict[tuple[Program, ...], tuple[int, ...]] = {}
    on_table = [Counter(value(c) for c in table if suit(c) == s) for s in range(4)]
    left = [Counter(value(c) for c in unseen.elements() if suit(c) == s) for s in range(4)]
    for items, progs in ONE_SUIT_KINDS[largest, formation]:
        if progs in found:
            continue
        for s in range(4):
            tab, free = on_table[s], left[s]
            hand = 0
            for v, k in items:
                extra = k - tab[v]
                if extra > free[v]:
                    break
                hand += max(extra, 0)
            else:
                if hand <= count:
                    cards: list[int] = []
                    for v, k in items:
                        from_table = min(k, tab[v])
                        card = v << 2 | s
                        cards += [card] * from_table + [card | HIDDEN] * (k - from_table)
                    found[progs] = tuple(sorted(cards))
                    break
    if largest >= 3:  # three of one value over several suits
        for v in range(9):
            cards = [c for c in table if value(c) == v][:3]
            spare = sorted(c | HIDDEN for c in unseen.elements() if value(c) == v)
            cards += spare[:min(3 - len(cards), count)]
            progs = programs(tuple(sorted(cards)), formation) if len(cards) == 3 else ()
            if progs and progs not in found:
                found[progs] = tuple(sorted(cards))
    return sorted(found.values(), key=len)


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

    def prepare(self) -> None:
        """The card sets of every source (the public ones take a millisecond or two)."""
        for source in SOURCES:
            self.card_sets(source)

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
        return moves_among(self.ctx, self.card_sets(source), _mask(occupied), _mask(touched),
                           discard, distinct)

    # ---- on the way --------------------------------------------------------------------------

    def toward(self, source: Source, emptied: Iterable[str], filled: Iterable[str],
               beyond: bool = False, facets: Mapping[str, str] | None = None
               ) -> Iterator[Move]:
        """The actions the board could be on its way to: every square in ``emptied`` is one
        the action changes (a piece leaves it or is eliminated there), every square in
        ``filled`` ends holding the mover's piece.  ``beyond``: only actions that also leave
        every ``emptied`` square empty and change more squares' occupancy than these (what a
        move that reads like this may still grow into); ``facets``: only the card set
        ``facets["cards"]``.  Each action once, lazily: the cheap card sets first."""
        ctx = self.ctx
        fit = self._fit(emptied, filled, beyond)
        if fit is None:
            return
        gone, came, not_own, need_killed, same = fit
        # A discard (Formation) changes nothing, so it is on the way only to nothing.
        discard = not gone | came and not beyond and self._discards(source)
        wanted = (facets or {}).get("cards")
        memo: dict[Program, list[Outcome3]] = {}  # many card sets share a program

        def fitting(prog: Program) -> Iterator[Outcome3]:
            if prog in memo:
                yield from memo[prog]
                return
            found = []
            for out in self._toward(prog, came, not_own, need_killed, same):
                found.append(out)
                yield out
            memo[prog] = found  # only once the search ran to its end

        for cards in self.card_sets(source):
            if wanted is not None and cards_text(cards) != wanted:
                continue
            progs = programs(cards, self.formation)
            revived = 1 if REACTIVATE in progs and ctx.out else 0
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

    def _toward(self, prog: Program, came: int, not_own: int, need_killed: int,
                same: int | None) -> Iterator[Outcome3]:
        """Outcomes of ``prog`` that fit: a carry's by a depth-first search aimed at the fit
        (one answer is quick), which, when a thousand states give none, asks the
        level-by-level search (``carry_ends``, stopped at the first) whether any fits at all:
        proving that none does is where the depth-first search pays for every order of the
        cards ("can this move still grow?" after a whole flush: 12 ms, against 0.6 ms); the
        few outcomes of the other programs from their list."""
        if isinstance(prog, Carry):
            yield from toward_carry(
                self.ctx, prog, came, not_own, need_killed, self.cache, same,
                lambda: carry_ends(self.ctx, prog, came, not_own, need_killed, self.cache, 0,
                                   same) is not None)
            return
        for out in self._all(prog):
            if _fits(self.ctx, out[0], out[1], came, not_own, need_killed, same):
                yield out

    def _all(self, prog: Program) -> set[Outcome3]:
        """Every outcome of ``prog``, listed once: only for the programs that are not a
        carry (the eliminator and friends, whose outcomes are few)."""
        found = self._outcomes.get(prog)
        if found is None:
            found = self._outcomes[prog] = outcomes(self.ctx, prog, self.cache)
        return found

    def targets(self, source: Source, emptied: Iterable[str], filled: Iterable[str],
                beyond: bool = False) -> list[str] | None:
        """The squares the actions on the way (``toward``, with ``beyond``) end a piece of
        the mover's on (entering, or landing on a piece it eliminates), from all of them at
        once rather than action by action (the lights of a lifted piece, or of a move that
        may still grow); None: no action is on the way.

        Each program once (card sets share them), cheapest first; a carry's squares come
        from ``carry_ends``, which stops once nothing more could be lit: a flush on an open
        board lights every empty square long before its thousands of outcomes are made."""
        ctx = self.ctx
        fit = self._fit(emptied, filled, beyond)
        if fit is None:
            return None
        gone, came, not_own, need_killed, same = fit
        progs = dict.fromkeys(p for cards in self.card_sets(source)
                              for p in programs(cards, self.formation))
        kills = any(not isinstance(p, Carry) or p.kills for p in progs)
        # Every square a piece could end on: an empty one, the entry corner, a victim's.
        could = (FULL & ~(ctx.own | ctx.blockers | ctx.foes) | ctx.corner
                 | (ctx.foes if kills else 0)) & ~not_own
        # A discard (Formation) changes nothing, so it is on the way only to nothing.
        found = bool(progs) and not gone | came and not beyond and self._discards(source)
        ends = 0
        for prog in progs:
            if isinstance(prog, Carry):
                more = carry_ends(ctx, prog, came, not_own, need_killed, self.cache,
                                  could & ~ends, same)
                if more is not None:
                    found = True
                    ends |= more
            else:
                for after, killed, _ in self._all(prog):
                    if _fits(ctx, after, killed, came, not_own, need_killed, same):
                        found = True
                        ends |= after & ~ctx.own
            if found and ends & could == could:
                break
        return names(ends) if found else None

    def _fit(self, emptied: Iterable[str], filled: Iterable[str], beyond: bool
             ) -> tuple[int, int, int, int, int | None] | None:
        """What an outcome on the way must do, as masks: (``gone``: the emptied squares,
        ``came``: the filled ones that it keeps, ``not_own``: where no piece of the mover's
        may end, ``need_killed``: the opponents it must eliminate, ``same``: with ``beyond``,
        the occupancy it must not end in, what the board reads now); None: none can be."""
        ctx = self.ctx
        gone, came = _mask(emptied), _mask(filled)
        if gone & ctx.blockers or came & (ctx.blockers | ctx.foes | ctx.own):
            return None
        if not beyond:
            return gone, came, gone & ctx.own, gone & ctx.foes, None
        # Growing, no piece may end on an emptied square, and the board must read as more.
        return gone, came, gone, gone & ctx.foes, _occupied(ctx, ctx.own, 0) ^ (gone | came)

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
                            _discards(self.ctx, self.held))
        return move in found


def _movable(prog: Carry, state: SearchState, came: int, not_own: int, need_killed: int
             ) -> int | None:
    """The pieces that may move next on the way from ``state`` to an outcome of ``prog``
    whose own squares include ``came``, exclude ``not_own``, and whose kills include
    ``need_killed``; None: too few cards are left to move the pieces off ``not_own``, fill
    ``came`` or kill the rest (a kill needs a kill card).  When every card left must move a
    piece off ``not_own``, only those pieces may move."""
    own, killed, _, rem, nines = state
    cards_left = len(rem)
    wrong = own & not_own
    n_wrong = wrong.bit_count()
    if (n_wrong > cards_left or (came & ~own).bit_count() > cards_left + nines
            or (need_killed & ~killed).bit_count() > min(cards_left + nines,
                                                         prog.kills - killed.bit_count())):
        return None
    return wrong if n_wrong == cards_left else own


def toward_carry(ctx: Context, prog: Carry, came: int, not_own: int, need_killed: int,
                 cache: Reach, same: int | None = None,
                 doubt: Callable[[], bool] | None = None, patience: int = 1000
                 ) -> Iterator[Outcome3]:
    """Outcomes of carrying out ``prog`` whose own squares include ``came``, exclude
    ``not_own``, and whose kills include ``need_killed`` (and after which not exactly the
    squares ``same`` hold a piece): a depth-first search, cut where too few cards are left
    to put them right (``_movable``).  It finds an answer fast when there is one; proving
    that there is none can take every order of the cards, so after ``patience`` states
    without an answer it asks ``doubt`` (is there one at all?) once, and stops on no."""
    if not _may_grow(ctx, prog, came, not_own, same):
        return
    others = ctx.blockers | ctx.foes
    stack: list[SearchState] = [(ctx.own, 0, 0, prog.movers, prog.nines)]
    done: set[Outcome3] = set()
    visited = 0
    for state in each_once(stack):
        if doubt is not None and not done:
            visited += 1
            if visited > patience:
                if not doubt():
                    return
                doubt = None
        movable = _movable(prog, state, came, not_own, need_killed)
        if movable is None:
            continue
        own, killed, entered, rem, _ = state
        kills_left = prog.kills - killed.bit_count()
        if (not rem and (kills_left == 0 or not prog.must_kill)
                and _fits(ctx, own, killed, came, not_own, need_killed, same)):
            # Done (a 9 left over does nothing), as ``movegen.carry`` counts it.
            out = (own, killed, entered)
            if out not in done:
                done.add(out)
                yield out
        free = FULL & ~(own | others & ~killed)
        ends = ctx.killable & ~killed if kills_left else 0
        kids: list[SearchState] = []
        push_next(ctx, state, free, ends, cache, kids, movable=movable)
        # Aimed: the states nearest the fit are popped first.
        kids.sort(key=lambda k: (k[0] & came).bit_count() - (k[0] & not_own).bit_count()
                  + (k[1] & need_killed).bit_count())
        stack += kids


def _may_grow(ctx: Context, prog: Carry, came: int, not_own: int, same: int | None) -> bool:
    """False when no outcome of ``prog`` can read as more than ``same`` (always True
    without ``same``): see the cases below."""
    if same is None:
        return True
    entries = min(prog.nines, ctx.reserve)
    if (ctx.own & ~not_own == 0 and came.bit_count() == ctx.own.bit_count()
            and not prog.kills and not entries):
        # Every piece has left and must end on ``came``, and none can be added or taken:
        # the board can only read ``same``.
        return False
    # Reading as more needs one more square to change than these; a move changes two
    # squares at most (a kill keeps its square full), an entry one.
    return (not_own | came).bit_count() < 2 * len(prog.movers) + entries


def carry_ends(ctx: Context, prog: Carry, came: int, not_own: int, need_killed: int,
               cache: Reach, enough: int = -1, same: int | None = None) -> int | None:
    """The squares the outcomes of ``prog`` that fit (as in ``toward_carry``) end a piece of
    the mover's on that did not hold one (``after & ~ctx.own``), without making them; None:
    no outcome fits.  It may stop early once it has found every square of ``enough``;
    outcomes after which exactly the squares ``same`` hold a piece are left out.

    Level by level over deduplicated states (one card carried out per level); at the last
    card each piece's reach is ORed in whole rather than made into outcomes one by one."""
    others = ctx.blockers | ctx.foes
    start = ctx.own
    if not _may_grow(ctx, prog, came, not_own, same):
        return None
    must_kill = prog.must_kill
    level: set[SearchState] = {(start, 0, 0, prog.movers, prog.nines)}
    found = False
    out = 0
    while level:
        nxt: list[SearchState] = []
        for state in level:
            movable = _movable(prog, state, came, not_own, need_killed)
            if movable is None:
                continue
            own, killed, _, rem, nines = state
            kills_left = prog.kills - killed.bit_count()
            unkilled = need_killed & ~killed
            if (not rem and (kills_left == 0 or not must_kill)
                    and _fits(ctx, own, killed, came, not_own, need_killed, same)):
                found = True
                out |= own & ~start
            free = FULL & ~(own | others & ~killed)
            ends = ctx.killable & ~killed if kills_left else 0
            if len(rem) != 1 or nines:
                push_next(ctx, state, free, ends, cache, nxt, movable=movable)
                continue
            # The last card: the outcomes are each piece's stay-behind squares with one of
            # the squares it reaches.
            plain_ok = (not must_kill or kills_left == 0) and not unkilled
            hit_ok = not must_kill or kills_left == 1
            for p in bits(movable):
                base = own ^ p
                if base & not_own:
                    continue
                ok = reach(cache, rem[0], p, free, ends) & ~not_own
                missing = came & ~base
                if missing:  # one square may be filled yet: the last piece must land there
                    ok &= missing if not missing & (missing - 1) else 0
                if unkilled:  # one kill may be missing yet: the last piece must make it
                    ok &= unkilled if not unkilled & (unkilled - 1) else 0
                plain = ok & ~ends if plain_ok else 0
                hits = ok & ends if hit_ok else 0
                rest = base | others & ~killed  # occupied after, but for the landing square
                if same is not None and rest & ~same == 0:
                    extra = same & ~rest  # a kill leaves ``rest``; a plain landing adds one
                    if not extra:
                        hits = 0
                    elif not extra & (extra - 1):
                        plain &= ~extra
                landed = plain | hits
                if landed:
                    found = True
                    out |= (base | landed) & ~start
                    if out & enough == enough:
                        return out
        level = set(nxt)
    return out if found else None


def _fits(ctx: Context, own: int, killed: int, came: int, not_own: int, need_killed: int,
          same: int | None) -> bool:
    """Whether an outcome (the mover's pieces on ``own``, ``killed`` eliminated) is one on
    the way (``RhombusFinder._fit``)."""
    return (came & ~own == 0 and own & not_own == 0 and need_killed & ~killed == 0
            and _occupied(ctx, own, killed) != same)


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
