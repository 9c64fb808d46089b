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
* ``public``: the table cards with any card the table cannot rule out as the hand card
  (what the table itself may judge a reading by, so that nothing it sees depends on the
  hand).  Without a hand card it is ``legal``.

Squares here are board square names; the reserve and eliminated zones are the session's
business (it checks every answer against its own sensed reading).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from itertools import combinations_with_replacement

from controller.errors import ParseError
from controller.rules.base import Source
from controller.rules.rhombus.board import BIT, FULL, names
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


def hidden_parts(unseen: Counter[int], count: int, largest: int
                 ) -> list[tuple[int, ...]]:
    """The hand cards (up to ``count`` of them, ``HIDDEN`` marked) a card set might use, as
    far as the table can tell.  Two or more cards only make an action together if they
    share a suit or a value, so only such groups are formed (per suit, per value)."""
    out: dict[tuple[int, ...], None] = {(): None}
    groups = [[c for c in unseen if suit(c) == s] for s in range(4)]
    groups += [[c for c in unseen if value(c) == v] for v in range(9)]
    for j in range(1, min(count, largest) + 1):
        for group in groups:
            for combo in combinations_with_replacement(sorted(group), j):
                if all(combo.count(c) <= unseen[c] for c in set(combo)):
                    out[tuple(c | HIDDEN for c in combo)] = None
    return list(out)


def _with_hands(tables: Iterable[tuple[int, ...]], hands: list[tuple[int, ...]],
                largest: int) -> Iterator[tuple[int, ...]]:
    """Table card sets (and none) joined with hand parts, leaving out at once the joins
    that cannot be an action: two or more cards must share a suit or a value."""
    def kinds(cards: tuple[int, ...]) -> tuple[tuple[int, ...], frozenset[int], frozenset[int]]:
        return cards, frozenset(suit(c) for c in cards), frozenset(value(c) for c in cards)

    parts = [kinds(h) for h in hands]
    for t, t_suits, t_values in [kinds(()), *(kinds(t) for t in tables)]:
        for h, h_suits, h_values in parts:
            n = len(t) + len(h)
            if 0 < n <= largest and (n == 1 or len(t_suits | h_suits) == 1
                                     or len(t_values | h_values) == 1):
                yield tuple(sorted(t + h))


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
            found = _with_hands(sub_hands(table, self.largest), hidden_parts(
                unseen_cards(state), len(state.hidden[state.to_move]), self.largest),
                self.largest)
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
        gone, came = _mask(emptied), _mask(filled)
        if gone & ctx.blockers or came & (ctx.blockers | ctx.foes | ctx.own):
            return
        not_own = gone & ctx.own
        need_killed = gone & ctx.foes
        # A discard (Formation) changes nothing, so it is on the way only to nothing.
        discard = not gone | came and not beyond and self._discards(source)
        wanted = (facets or {}).get("cards")
        memo: dict[Program, list[Outcome3]] = {}  # many card sets share a program

        def fitting(prog: Program) -> Iterator[Outcome3]:
            if prog in memo:
                yield from memo[prog]
                return
            found = []
            for out in self._toward(prog, came, not_own, need_killed):
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
                    if beyond:
                        if after & gone:
                            continue
                        before = ctx.own | ctx.foes
                        now = after | (before & ~(ctx.own | killed))
                        if (before ^ now) & FULL == gone | came:
                            continue
                    yield Move(cards, ctx.own & ~after, after & ~ctx.own, killed, entered,
                               revived)
            if discard and (ctx.own, 0, 0) not in seen:
                yield Move(cards, 0, 0, 0, 0, revived)

    def _toward(self, prog: Program, came: int, not_own: int, need_killed: int
                ) -> Iterator[Outcome3]:
        """Outcomes of ``prog`` that fit: from its listed outcomes when they are at hand
        (``targets`` lists them), else by a search aimed at the fit (one answer is quick)."""
        if isinstance(prog, Carry) and prog not in self._outcomes:
            yield from toward_carry(self.ctx, prog, came, not_own, need_killed, self.cache)
            return
        for out in self._all(prog):
            after, killed, _ = out
            if came & ~after == 0 and after & not_own == 0 and need_killed & ~killed == 0:
                yield out

    def _all(self, prog: Program) -> set[Outcome3]:
        found = self._outcomes.get(prog)
        if found is None:
            found = self._outcomes[prog] = outcomes(self.ctx, prog, self.cache)
        return found

    def targets(self, source: Source, emptied: Iterable[str], filled: Iterable[str]
                ) -> list[str] | None:
        """The squares the actions on the way (``toward``) end a piece of the mover's on
        (entering, or landing on a piece it eliminates), from every outcome at once rather
        than action by action (the lights of a lifted piece); None: no action is on the way."""
        ctx = self.ctx
        gone, came = _mask(emptied), _mask(filled)
        if gone & ctx.blockers or came & (ctx.blockers | ctx.foes | ctx.own):
            return None
        not_own, need_killed = gone & ctx.own, gone & ctx.foes
        found = False
        ends = 0
        for cards in self.card_sets(source):
            for prog in programs(cards, self.formation):
                for after, killed, _ in self._all(prog):
                    if came & ~after == 0 and after & not_own == 0 and need_killed & ~killed == 0:
                        found = True
                        ends |= after & ~ctx.own
        return names(ends) if found else None

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


def toward_carry(ctx: Context, prog: Carry, came: int, not_own: int, need_killed: int,
                 cache: Reach) -> Iterator[Outcome3]:
    """Outcomes of carrying out ``prog`` whose own squares include ``came``, exclude
    ``not_own``, and whose kills include ``need_killed``: a depth-first search, cut where too
    few cards are left to move the pieces off ``not_own``, fill ``came`` or kill the rest."""
    others = ctx.blockers | ctx.foes
    stack: list[SearchState] = [(ctx.own, 0, 0, prog.movers, prog.nines)]
    done: set[Outcome3] = set()
    for state in each_once(stack):
        own, killed, entered, rem, nines = state
        cards_left = len(rem)
        if ((own & not_own).bit_count() > cards_left
                or (came & ~own).bit_count() > cards_left + nines
                or (need_killed & ~killed).bit_count() > cards_left + nines):
            continue
        kills_left = prog.kills - killed.bit_count()
        if (not rem and (kills_left == 0 or not prog.must_kill) and came & ~own == 0
                and own & not_own == 0 and need_killed & ~killed == 0):
            # Done (a 9 left over does nothing), as ``movegen.carry`` counts it.
            out = (own, killed, entered)
            if out not in done:
                done.add(out)
                yield out
        free = FULL & ~(own | others & ~killed)
        ends = ctx.killable & ~killed if kills_left else 0
        push_next(ctx, state, free, ends, cache, stack)


def _discards(ctx: Context, cards: tuple[int, ...]) -> bool:
    """Formation: a card set may be played for nothing (no piece on the board, or, with
    ``stuck_discards``, no other action)."""
    return (ctx.formation and not ctx.own) or (ctx.stuck_discards
                                               and not has_real_action(ctx, cards))


def _mask(squares: Iterable[str]) -> int:
    """The board squares among ``squares`` (zone names and the like are left out)."""
    return sum(BIT[s] for s in squares if s in BIT)
