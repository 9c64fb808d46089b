"""Searches aimed at what a question asks of one program's outcomes.

A carry (``cards.Carry``) is carried out one card at a time over states of the whole board
``(own squares, squares killed, pieces entered, move cards left, 9s left)``; an outcome is a
state with no move card left.  The session's questions ask for outcomes that do something
on the board (an ``Aim``): fill some squares, leave others, eliminate some opponents, bring
in so many pieces.  A search looks past only the states from which that can still be done
(``Search.viable``), and makes the states one card on per card and piece with bitmasks,
leaving out at once those that cannot pass (``Search.children``).  What rules a state out:

* counting: each card left moves one piece and each 9 left may bring one in (none while
  the start corner holds a piece the carry can neither move nor eliminate: ``entry_room``;
  without it a partner's piece there made a search prove, program by program, that no piece
  set down came from the reserve), so too many
  pieces still on a square they must leave, squares still to fill or opponents still to
  eliminate (a kill also needs a kill card) leave no way; each of those moves ends on one
  square, so the squares to fill and the opponents to eliminate together take one each;
* colours: an A or a Q takes its piece to a square of the other colour, every other card
  keeps its colour and a piece comes in on a corner's colour, so the cards left bound how
  many pieces can end on each colour;
* reach (``relax.Bounds``): each square still to fill takes a piece of its own, and at
  least as many of the cards left as the nearest piece is away from it; so does lighting
  one more square (``ends_toward``); a piece that must leave its square and fills none of
  them takes one card more; an opponent to eliminate must be within some piece's reach.

A search keeps every state it met, so each is looked past once however many orders of the
cards lead to it.  ``reaches`` asks whether a carry can end exactly so (a reading), first
asking ``refuted`` (the counting and colours of the first state, without a search: a
reading asks hundreds of card sets, and rules out nearly all of them so),
``outcomes_toward`` lists the outcomes that fit, depth first with the states nearest the
aim first (a move on the way), ``ends_toward`` ORs the squares they end pieces on (the
lights) and, once something fits, looks past no state that could light nothing unlit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from controller.rules.rhombus.board import FULL, slide, walk
from controller.rules.rhombus.cards import Carry
from controller.rules.rhombus.movegen import REGIONS, Context, Outcome3, Reach, one_card_less
from controller.rules.rhombus.relax import Bounds, dealt_ends

NO_LIMIT = 1 << 30  # more pieces than any reserve holds
# States a search looks past before it uses the bounds: none.  They cost a few shifts per
# square and cards left the first time they are asked; since the counting cuts and the
# entries' room, using them at once is as fast or faster in every variant (the figures:
# docs/benchmarks.md, "Tuning constants").
PATIENCE = 0
# The same for a reading's search for one exact goal (``reaches``): most that are not
# refuted at once find their goal in a few dozen states, sooner without the bounds.
READING_PATIENCE = 40
# States an aimed search looks past without an answer before it asks whether any dealing of
# the cards to the pieces could do what it aims at (``Search.dealt``).
DEALING = 40
SearchState = tuple[int, int, int, tuple[int, ...], int]  # own, killed, entered, cards, nines
# A state with no card left after one more, made as masks rather than states: the mover's
# pieces but the one that moved (``base``), the squares it may end on without a kill
# (``plain``) and with one (``hits``), the squares killed before, and the pieces entered.
Last = tuple[int, int, int, int, int]

ODD = sum(1 << i for i in range(25) if (i % 5 + i // 5) % 2)
EVEN = FULL & ~ODD  # the corners' colour
_LIGHTABLE = (0, EVEN, ODD, FULL)  # by ``Search.rooms`` & 3
_ODD_CARDS: dict[tuple[int, ...], int] = {}
_NEXT: dict[tuple[int, ...], tuple[tuple[int, tuple[int, ...], int, bool], ...]] = {}


def _odd_cards(rem: tuple[int, ...]) -> int:
    """How many of the move cards ``rem`` change the colour of their piece's square (the A
    and the Q: an odd number of orthogonal steps)."""
    found = _ODD_CARDS.get(rem)
    if found is None:
        found = _ODD_CARDS[rem] = sum(1 for step in rem if step in (1, 3))
    return found


def _next_cards(rem: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...], int, bool], ...]:
    """Each move card of ``rem`` that may go next, once per step size (``one_card_less``):
    (step, the cards left after it, how many, whether it changes its piece's colour)."""
    found = _NEXT.get(rem)
    if found is None:
        found = _NEXT[rem] = tuple((step, rest, len(rest), step in (1, 3))
                                   for step, rest in one_card_less(rem))
    return found


def _room(odd: int, total: int, odd_cards: int, want_odd: int, want_even: int) -> bool:
    """Whether ``want_odd`` of the mover's pieces can end on squares of the odd colour and
    ``want_even`` on the even one, when ``odd`` stand on the odd colour now, ``total``
    there can be in all (entries included) and ``odd_cards`` cards left change colour: the
    odd count can end anywhere from ``odd - odd_cards`` to ``odd + odd_cards`` in steps of
    two (within 0 .. ``total``)."""
    least = odd - odd_cards if odd >= odd_cards else (odd + odd_cards) & 1
    most = odd + odd_cards
    if most > total:
        most = total - ((total - least) & 1)
    fewest = want_odd if want_odd > least else least
    if (fewest - least) & 1:
        fewest += 1
    return fewest <= most and fewest + want_even <= total


def _fewest(near_by: tuple[int, ...], tokens: int) -> int:
    """The fewest cards with which a piece on ``tokens`` ends on the squares ``near_by`` is
    about (``Bounds.layers``); ``len(near_by)``: none can."""
    least = 0
    for near in near_by:
        if tokens & near:
            return least
        least += 1
    return least


def entry_room(ctx: Context, kills: int) -> int:
    """How many pieces a carry's 9s may bring in (``kills``: its kill cards): none while the
    start corner holds a piece the mover can neither move nor eliminate (a partner's, an
    opponent's in a blockade, or any opponent's for a carry with no kill card), which no
    card of the carry takes away; else as many as wait in the reserve."""
    held = ctx.blockers | ctx.foes & ~ctx.killable if kills else ctx.blockers | ctx.foes
    return 0 if ctx.corner & held else ctx.reserve


@dataclass(frozen=True, slots=True)
class Aim:
    """What the outcomes looked for do on the board."""

    need: int = 0           # squares that must end holding one of the mover's pieces
    forbid: int = 0         # squares on which none of the mover's pieces may end
    victims: int = 0        # opponent pieces that must be eliminated
    kill_on: int = FULL     # the only squares on which a kill may be made
    least: int = 0          # pieces to bring in from the reserve: at least
    fewer: int = NO_LIMIT   # and fewer than
    same: int | None = None  # the occupancy an outcome must not end in (growing)
    exact: bool = False     # ``need`` is the whole of the mover's squares after

    @classmethod
    def exactly(cls, goal: Outcome3) -> Aim:
        """The outcome ``goal`` and no other."""
        own, killed, entered = goal
        return cls(own, FULL & ~own, killed, killed, entered, entered + 1, exact=True)


class Search:
    """The states of one carry that can still end as ``aim`` asks (see the module text)."""

    __slots__ = ("_armed", "_rooms", "aim", "allowed", "bounds", "cache", "corner", "ctx", "exact",
                 "fewer", "forbid", "kill_on", "kills", "least", "light", "more", "must_kill",
                 "need", "need_even", "need_odd", "others", "patience", "prog", "reserve",
                 "same", "victims")

    def __init__(self, ctx: Context, prog: Carry, aim: Aim, cache: Reach,
                 bounds: Bounds | None, patience: int = PATIENCE) -> None:
        self.ctx = ctx
        self.prog = prog
        self.aim = aim
        self.cache = cache
        self._armed = bounds
        self.bounds = bounds if patience <= 0 else None  # used from the patience-th state
        self.patience = patience
        self.need, self.forbid, self.victims = aim.need, aim.forbid, aim.victims
        self.kill_on = ctx.killable & aim.kill_on
        self.least, self.fewer, self.same, self.exact = (aim.least, aim.fewer, aim.same,
                                                         aim.exact)
        self.kills, self.must_kill = prog.kills, prog.must_kill
        self.reserve, self.corner = entry_room(ctx, prog.kills), ctx.corner
        self.others = ctx.blockers | ctx.foes
        # Where a piece on a square it must leave may go: for an exact aim, the goal.
        self.allowed = aim.need if aim.exact else 0
        self.light = 0  # squares an outcome looked past must still be able to light
        # Reading otherwise than ``same``, with no kill and no piece coming in (the other
        # pieces stay as they are): when ``same`` holds the others and as many squares for
        # the mover's as it has pieces, an outcome ends one on a square outside it.
        others = self.others
        mine = (aim.same or 0) & ~others
        self.more = (FULL & ~mine & ~aim.forbid & ~others
                     if aim.same is not None and not prog.kills
                     and not (prog.nines and self.reserve) and others & ~aim.same == 0
                     and mine.bit_count() == ctx.own.bit_count() else 0)
        self.need_odd = (aim.need & ODD).bit_count()
        self.need_even = (aim.need & EVEN).bit_count()
        self._rooms: dict[int, int] = {}

    def rooms(self, odd: int, total: int, odd_cards: int) -> int:
        """``_room`` for the squares to fill (bit 2), and for one piece more on the odd
        colour (bit 1, ``ODD``) or the even one (bit 0): all in one look-up."""
        key = odd | total << 5 | odd_cards << 10
        found = self._rooms.get(key)
        if found is None:
            need_odd, need_even = self.need_odd, self.need_even
            found = self._rooms[key] = (
                4 * _room(odd, total, odd_cards, need_odd, need_even)
                + 2 * _room(odd, total, odd_cards, need_odd + 1, need_even)
                + _room(odd, total, odd_cards, need_odd, need_even + 1))
        return found

    def aiming(self, square: int) -> Search:
        """The same search, aimed also at filling ``square``, with the bounds at once.  A
        piece that ends on ``square`` outside what the board reads (``more``) is already the
        one more that a move that must grow needs."""
        aim = dataclasses.replace(self.aim, need=self.aim.need | square)
        search = Search(self.ctx, self.prog, aim, self.cache, self._armed, 0)
        if square & search.more:
            search.more = 0
        return search

    def tick(self) -> None:
        """One more state looked past: the bounds are used from the ``patience``-th on."""
        self.patience -= 1
        if self.patience == 0:
            self.bounds = self._armed

    def root(self) -> SearchState:
        return (self.ctx.own, 0, 0, self.prog.movers, self.prog.nines)

    def viable(self, state: SearchState) -> bool:
        """Whether ``state`` may still lead to an outcome as aimed (see the module text)."""
        own, killed, entered, rem, nines = state
        n = len(rem)
        room = self.reserve - entered
        e = nines if nines < room else room
        if entered >= self.fewer or entered + e < self.least:
            return False
        wrong = own & self.forbid
        if wrong and wrong.bit_count() > n:
            return False
        missing = self.need & ~own
        if missing and missing.bit_count() > n + e:
            return False
        unkilled = self.victims & ~killed
        if unkilled:
            count = unkilled.bit_count()
            if count > self.kills - killed.bit_count():
                return False
            if missing:
                # Each card left ends one move (or brings one piece in) on one square: on
                # each square to fill and on each opponent to eliminate.
                count = (missing | unkilled).bit_count()
            if count > n + e:
                return False
        odd = (own & ODD).bit_count()
        odd_cards = _ODD_CARDS.get(rem)
        if odd_cards is None:
            odd_cards = _odd_cards(rem)
        if self.exact and (odd + odd_cards + self.need_odd) & 1:
            # Every card will be carried out, so the odd count's parity is known.
            return False
        total = own.bit_count() + e
        rooms = self._rooms.get(odd | total << 5 | odd_cards << 10)  # ``rooms``, inlined
        if rooms is None:
            rooms = self.rooms(odd, total, odd_cards)
        if not rooms & 4:
            return False
        bounds = self.bounds
        if bounds is None:
            return True
        if self.allowed and wrong & ~bounds.within(self.allowed, rem):
            return False
        tokens = own | (self.corner if e > 0 else 0)
        while unkilled:
            m = unkilled & -unkilled
            unkilled ^= m
            if not tokens & bounds.within(m, rem):
                return False
        # The cards it takes to fill each square (and light one more), each by a piece of
        # its own; the squares from which a piece could fill one with the cards to spare.
        # (``Bounds.layers`` and ``_fewest``, inlined: the hot loop.)
        known = bounds.known
        cost = 0
        targets = 0
        found: list[tuple[tuple[int, ...], int]] = []
        while missing:
            m = missing & -missing
            missing ^= m
            near_by = known.get((m, rem))
            if near_by is None:
                near_by = bounds.layers(m, rem)
            least = 0
            for near in near_by:
                if tokens & near:
                    break
                least += 1
            cost += least
            if cost > n:
                return False
            targets += 1
            if wrong:
                found.append((near_by, least))
        target = self.light or self.more
        if target:
            lit = target & _LIGHTABLE[rooms & 3]
            if not lit:
                return False  # nothing unlit that it could light, or no more to change
            near_by = known.get((lit, rem))
            if near_by is None:
                near_by = bounds.layers(lit, rem)
            least = 0
            for near in near_by:
                if tokens & near:
                    break
                least += 1
            cost += least
            if cost > n:
                return False
            targets += 1
            if wrong:
                found.append((near_by, least))
        if wrong:
            spare = n - cost
            near = 0
            for near_by, least in found:
                near |= near_by[least + spare if least + spare < n else n]
            could_fill = (wrong & near).bit_count()
            cost += (wrong & ~near).bit_count() + (could_fill - targets if could_fill > targets
                                                   else 0)
            if cost > n:
                return False
        return True

    def dealt(self) -> bool:
        """Whether some dealing of the cards to the pieces (``relax.dealt_ends``) could do
        what is aimed at; True when that is not known (no bounds, or too many dealings)."""
        ctx, prog = self.ctx, self.prog
        if self._armed is None:
            return True
        found = dealt_ends(self._armed, ctx.own, ctx.corner if prog.nines and self.reserve
                           else 0, prog.movers, self.need, self.forbid, also=self.more,
                           entries=min(prog.nines, self.reserve))
        return found is None or found != 0 or not prog.movers

    def fits(self, state: SearchState) -> bool:
        """Whether ``state``, with no move card left, is an outcome as aimed."""
        own, killed, entered, rem, _ = state
        return (not rem and own & self.forbid == 0 and self.need & ~own == 0
                and self.victims & ~killed == 0 and self.least <= entered < self.fewer
                and (not self.must_kill or killed.bit_count() == self.kills)
                and (self.same is None or own | self.others & ~killed != self.same))

    def children(self, state: SearchState, low: list[SearchState], high: list[SearchState],
                 last: list[Last]) -> None:
        """The states one card on from ``state`` that may still end as aimed: those that
        move a piece off a square it must leave, onto one to fill, or onto a victim go to
        ``high``, the rest to ``low``; those with no card left after it (and no 9) are
        ``last`` (as masks: ``Last``).  A 9 brings a piece in as a state of its own."""
        own, killed, entered, rem, nines = state
        kills_left = self.kills - killed.bit_count()
        free = FULL & ~(own | self.others & ~killed)
        ends = self.kill_on & ~killed if kills_left else 0
        room = self.reserve - entered
        e = nines if nines < room else room
        corner = self.corner if e > 0 else 0
        forbid, need = self.forbid, self.need
        n_wrong_now = (own & forbid).bit_count()
        missing = need & ~own
        landing = missing | self.victims & ~killed
        n_land_now = landing.bit_count()
        unkilled = self.victims & ~killed
        n_unkilled = unkilled.bit_count()
        bounds = self.bounds
        cache = self.cache
        light = self.light
        keen_now = missing | unkilled | light  # squares it would be good to land on
        odd_now = (own & ODD).bit_count()
        total = own.bit_count() + e
        odd_left = _ODD_CARDS.get(rem)
        if odd_left is None:
            odd_left = _odd_cards(rem)
        within = layers = None
        to_allowed = FULL
        victims: list[tuple[int, int, int]] = []  # (victim, near, pieces near now)
        fills: list[tuple[tuple[int, ...], int, int]] = []  # (near_by, fewest, who)
        counts: list[tuple[tuple[int, ...], int]] = []
        rooms_now = self.rooms(odd_now, total, odd_left)
        target = light or self.more
        one_more: list[tuple[tuple[int, ...], int, int] | None] = [None, None]  # by colour
        if bounds is not None:
            within, layers = bounds.within, bounds.layers
            lit_now = light & _LIGHTABLE[rooms_now & 3]
        for step, rest, n, flips in _next_cards(rem):
            cap = n + e  # squares the cards after this one may still fill
            done = not rest and not nines
            # By the colour the moved piece stands on now: whether the colours leave room
            # for the squares to fill after this card, and where it must be to light more.
            if flips:
                rooms_even = self.rooms(odd_now + 1, total, odd_left - 1)
                rooms_odd = self.rooms(odd_now - 1, total, odd_left - 1)
                from_even, from_odd = rooms_even & 4, rooms_odd & 4
            else:
                rooms_even = rooms_odd = rooms_now
                from_even = from_odd = True
            to_light_even = to_light_odd = FULL
            if within is not None and layers is not None:
                if light:
                    if flips:
                        to_light_even = within(light & _LIGHTABLE[rooms_even & 3], rest)
                        to_light_odd = within(light & _LIGHTABLE[rooms_odd & 3], rest)
                    else:
                        to_light_even = to_light_odd = within(lit_now, rest)
                to_allowed = within(self.allowed, rest) if self.allowed else FULL
                victims.clear()
                todo = unkilled
                while todo:
                    m = todo & -todo
                    todo ^= m
                    near = within(m, rest)
                    victims.append((m, near, (own | corner) & near))
                fills.clear()
                todo = missing
                while todo:
                    m = todo & -todo
                    todo ^= m
                    near_by = layers(m, rest)
                    least = _fewest(near_by, own | corner)
                    fills.append((near_by, least,
                                  (own | corner) & near_by[least] if least <= n else 0))
                if target:
                    # And one more square, to light (``light``) or outside the reading
                    # (``more``), of a colour with room for it after this card (as
                    # ``viable`` asks of the state it makes), by the moved piece's colour.
                    for colour, rooms_after in ((0, rooms_even), (1, rooms_odd)):
                        squares = target & _LIGHTABLE[rooms_after & 3]
                        if not squares:
                            one_more[colour] = None
                        elif colour and squares == target & _LIGHTABLE[rooms_even & 3]:
                            one_more[1] = one_more[0]
                        else:
                            near_by = layers(squares, rest)
                            least = _fewest(near_by, own | corner)
                            one_more[colour] = (near_by, least, (own | corner) & near_by[least]
                                                if least <= n else 0)
            # A kill after this card: the victims still to kill must fit what is left.
            plain_ok = n_unkilled <= min(cap, kills_left)
            hit_lim = min(cap, kills_left - 1)
            hits_ok = n_unkilled - 1 <= hit_lim
            # The pieces this card may move (as the loop below would find, sooner): only
            # from a colour with room left, and only off a square it must leave if the
            # cards after it could not move all those away.
            movers = own if n_wrong_now <= n else own & forbid
            if not from_odd:
                movers &= EVEN
            if not from_even:
                movers &= ODD
            while movers:
                p = movers & -movers
                movers ^= p
                to_light = to_light_odd if p & ODD else to_light_even
                n_wrong = n_wrong_now - 1 if p & forbid else n_wrong_now
                dmask = FULL if n_wrong < n else ~forbid
                # Each card after this one (and each entry) ends on one square: on each
                # square to fill and each opponent to eliminate.
                if p & need:
                    n_land = n_land_now + 1
                    land = landing | p
                else:
                    n_land = n_land_now
                    land = landing
                if n_land > cap:
                    if n_land > cap + 1:
                        continue
                    dmask &= land  # this card must fill one, or eliminate one
                base = own ^ p
                if within is not None and layers is not None:
                    if to_allowed != FULL:
                        if base & forbid & ~to_allowed:
                            continue
                        dmask &= ~forbid | to_allowed
                    gone = p & ~corner  # no longer a piece that may reach anything
                    tokens = base | corner
                    for m, near, held in victims:
                        if not held & ~gone:
                            dmask &= near | m  # this piece must go within reach of it
                    # Each square to fill takes a piece of its own and as many cards as it
                    # is away: if the pieces left where they are would need more than are
                    # left, this one must go nearer one of them.
                    cost = 0
                    counts.clear()
                    for near_by, least, held in fills:
                        if not held & ~gone:
                            least = _fewest(near_by, tokens)
                        counts.append((near_by, least))
                        cost += least
                    if p & need:
                        near_by = layers(p, rest)
                        least = _fewest(near_by, tokens)
                        counts.append((near_by, least))
                        cost += least
                    if target:
                        entry = one_more[1 if p & ODD else 0]
                        if entry is None:
                            continue  # no room on either colour for one more
                        near_by, least, held = entry
                        if not held & ~gone:
                            least = _fewest(near_by, tokens)
                        counts.append((near_by, least))
                        cost += least
                    if n_wrong > len(counts):  # more pieces to leave than to fill squares
                        cost += n_wrong - len(counts)
                    if cost > n:
                        over = cost - n
                        nearer = 0
                        for near_by, least in counts:
                            if least >= over:
                                nearer |= near_by[least - over if least - over < n else n]
                        dmask &= nearer
                    if light and not tokens & to_light:
                        dmask &= to_light
                    if not dmask:
                        continue
                region = REGIONS[step, p]  # ``movegen.reach``, inlined: the hot loop
                key = (step, p, free & region, ends & region)
                dest = cache.get(key)
                if dest is None:
                    dest = walk(p, step, free | p, ends) if step else slide(p, free, ends)
                    cache[key] = dest
                dest &= dmask
                if not dest:
                    continue
                hits = dest & ends
                plain = dest & ~ends if plain_ok else 0
                if hits:
                    if not hits_ok:
                        hits = 0
                    elif n_unkilled > hit_lim:
                        hits &= unkilled
                if done:
                    if plain | hits:
                        last.append((base, plain, hits, killed, entered))
                    continue
                if p & forbid:
                    where, good = 0, plain  # a piece off a square it must leave: good
                else:
                    keen = keen_now | p & need
                    where, good = plain & ~keen, plain & keen
                while where:
                    d = where & -where
                    where ^= d
                    low.append((base | d, killed, entered, rest, nines))
                while good:
                    d = good & -good
                    good ^= d
                    high.append((base | d, killed, entered, rest, nines))
                while hits:
                    d = hits & -hits
                    hits ^= d
                    high.append((base | d, killed | d, entered, rest, nines))
        if e > 0:
            c = self.corner
            kid: SearchState | None = None
            if free & c:
                kid = (own | c, killed, entered + 1, rem, nines - 1)
            elif ends & c:
                kid = (own | c, killed | c, entered + 1, rem, nines - 1)
            if kid is not None and self.viable(kid):
                high.append(kid)

    def last_outcomes(self, base: int, plain: int, hits: int, killed: int
                      ) -> tuple[int, int]:
        """Of a ``Last``: the landing squares that make an outcome as aimed, without a kill
        and with one (a carry that must kill, and growing, rule some out)."""
        if self.must_kill:
            kills_left = self.kills - killed.bit_count()
            if kills_left != 0:
                plain = 0
            if kills_left != 1:
                hits = 0
        same = self.same
        if same is not None:
            rest = base | self.others & ~killed  # occupied after, but for the landing square
            if rest & ~same == 0:
                extra = same & ~rest  # a kill leaves ``rest``; a plain landing adds one
                if not extra:
                    hits = 0
                elif not extra & (extra - 1):
                    plain &= ~extra
        return plain, hits


def counts(prog: Carry) -> int:
    """What ``refuted`` asks of a carry, as one small int: carries with the same counts
    (move cards, 9s, kill cards, whether it must kill, cards that change colour) are
    refuted alike, so a reading asks each count once per goal, not each program."""
    odd_cards = _ODD_CARDS.get(prog.movers)
    if odd_cards is None:
        odd_cards = _odd_cards(prog.movers)
    return (len(prog.movers) | prog.nines << 3 | prog.kills << 6 | prog.must_kill << 9
            | odd_cards << 10)


def refuted(ctx: Context, prog: Carry, goal: Outcome3) -> bool:
    """Whether counting and colours alone rule out ``prog`` ending in exactly ``goal``:
    what ``Search.viable`` asks of a search's first state, and what ``Search.fits`` asks
    of the kills, without making the search (a reading asks hundreds of programs, and
    nearly all of them are ruled out so).  Also: a victim in a blockade, which no carry
    may eliminate, and a carry that must kill eliminating other than all it may."""
    sig = counts(prog)
    return refuted_all(ctx, goal, (sig,))[sig]


def refuted_all(ctx: Context, goal: Outcome3, sigs: Iterable[int]) -> dict[int, bool]:
    """``refuted`` for the carries of each ``counts`` of ``sigs``: what the goal asks is
    counted once."""
    own, killed, entered = goal
    room = (entry_room(ctx, 0), entry_room(ctx, 1))  # without a kill card, and with one
    leave = (ctx.own & ~own).bit_count()
    land = (own & ~ctx.own | killed).bit_count()  # a move (or an entry) ends on each
    count = killed.bit_count()
    bad_kill = killed & ~ctx.killable != 0
    odd = (ctx.own & ODD).bit_count()
    need_odd = (own & ODD).bit_count()
    need_even = (own & EVEN).bit_count()
    pieces = ctx.own.bit_count()
    out = {}
    for sig in sigs:
        n = sig & 7
        nines = sig >> 3 & 7
        kills = sig >> 6 & 7
        must_kill = sig >> 9 & 1
        odd_cards = sig >> 10
        reserve = room[kills > 0]
        e = nines if nines < reserve else reserve
        out[sig] = (e < entered or leave > n or land > n + e
                    or (count > kills or bad_kill or (must_kill and count != kills)
                        if count else must_kill and kills > 0)
                    or (odd + odd_cards + need_odd) & 1 == 1
                    or not _room(odd, pieces + e, odd_cards, need_odd, need_even))
    return out


def reaches(ctx: Context, prog: Carry, goal: Outcome3, cache: Reach,
            bounds: Bounds | None = None, patience: int = READING_PATIENCE) -> bool:
    """Whether carrying out ``prog`` can end in exactly ``goal`` (own, killed, entered)."""
    if refuted(ctx, prog, goal):
        return False
    search = Search(ctx, prog, Aim.exactly(goal), cache, bounds, patience)
    root = search.root()
    if not search.viable(root):
        return False
    stack = [root]
    seen: set[SearchState] = set()
    low: list[SearchState] = []
    high: list[SearchState] = []
    last: list[Last] = []
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        search.tick()
        if search.patience == -DEALING and not search.dealt():
            return False  # no dealing of the cards to the pieces does it
        if not search.viable(state):
            continue
        if not state[3] and search.fits(state):
            return True
        search.children(state, low, high, last)
        stack += low
        stack += high
        low.clear()
        high.clear()
        for base, plain, hits, killed, _ in last:
            plain, hits = search.last_outcomes(base, plain, hits, killed)
            if plain | hits:
                return True  # the aim is exact: any landing left is the goal
        last.clear()
    return False


def outcomes_toward(search: Search, doubt: Callable[[], bool] | None = None,
                    patience: int = 1000, budget: list[int] | None = None
                    ) -> Iterator[Outcome3]:
    """The outcomes ``search`` aims at, each once, depth first with the states nearest the
    aim first: an answer comes fast when there is one.  Proving there is none can take
    every order of the cards, so after ``patience`` states without an answer it asks
    ``doubt`` (is there one at all?) once, and stops on no.  ``budget``: as for
    ``ends_toward``."""
    root = search.root()
    if not search.viable(root):
        return
    stack = [root]
    seen: set[SearchState] = set()
    low: list[SearchState] = []
    high: list[SearchState] = []
    last: list[Last] = []
    done: set[Outcome3] = set()
    visited = 0
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        search.tick()
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise Unfinished
        if not done and search.patience == -DEALING and not search.dealt():
            return  # no dealing of the cards to the pieces does it
        if doubt is not None and not done:
            visited += 1
            if visited > patience:
                if not doubt():
                    return
                doubt = None
        if not search.viable(state):
            continue
        own, killed, entered, rem, _ = state
        if not rem and search.fits(state):
            out = (own, killed, entered)
            if out not in done:
                done.add(out)
                yield out
        search.children(state, low, high, last)
        stack += low
        stack += high
        low.clear()
        high.clear()
        for base, plain, hits, killed_before, entered_before in last:
            plain, hits = search.last_outcomes(base, plain, hits, killed_before)
            for landed, kill in ((plain, 0), (hits, 1)):
                while landed:
                    d = landed & -landed
                    landed ^= d
                    out = (base | d, killed_before | d * kill, entered_before)
                    if out not in done:
                        done.add(out)
                        yield out
        last.clear()


class Unfinished(Exception):
    """A search gave up: it looked past more states than it was given."""


def ends_toward(search: Search, enough: int, patience: int = 40,
                budget: list[int] | None = None) -> int | None:
    """The squares the outcomes ``search`` aims at end a piece of the mover's on that did
    not hold one, without making them one by one; None: none fits.  It stops once every
    square of ``enough`` is lit, and once something fits looks past no state from which no
    square of ``enough`` still unlit could be lit (``Search.light``).

    A search for many squares at once is not aimed at any: once something fits and
    ``patience`` states in a row have lit nothing new, each square of ``enough`` still
    unlit is looked for by a search aimed at it (one that must fill it too), which finds it
    at once if it can be lit and, if not, is cut by the cards it takes to fill it.
    ``budget``: how many more states it may look past (counted down, shared with the
    searches it asks); ``Unfinished`` when that is not enough."""
    start = search.ctx.own
    root = search.root()
    if not search.viable(root):
        return None
    stack = [root]
    seen: set[SearchState] = set()
    low: list[SearchState] = []
    high: list[SearchState] = []
    last: list[Last] = []
    found = False
    out = 0
    want = enough & FULL
    idle = 0
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        search.tick()
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise Unfinished
        if not search.viable(state):
            continue  # (``light`` may have shrunk since it was made)
        lit = out
        if not state[3] and search.fits(state):
            found = True
            out |= state[0] & ~start
        search.children(state, low, high, last)
        stack += low
        stack += high
        low.clear()
        high.clear()
        for base, plain, hits, killed, _ in last:
            plain, hits = search.last_outcomes(base, plain, hits, killed)
            landed = plain | hits
            if landed:
                found = True
                out |= (base | landed) & ~start
        last.clear()
        want &= ~out
        if found:
            if not want:
                return out
            search.light = want
            idle = 0 if out != lit else idle + 1
            if idle > patience:
                break
    else:
        return out if found else None
    # What no dealing of the cards to the pieces could light is not looked for.
    ctx, prog = search.ctx, search.prog
    if search.bounds is not None:
        dealt = dealt_ends(search.bounds, ctx.own,
                           ctx.corner if prog.nines and search.reserve else 0, prog.movers,
                           search.need, search.forbid, entries=min(prog.nines, search.reserve),
                           blocking=True)
        if dealt is not None:
            want &= dealt
    while want:  # the rest, square by square
        square = want & -want
        one = next(outcomes_toward(search.aiming(square), budget=budget), None)
        if one is not None:
            out |= one[0] & ~start
        want &= ~out & ~square
    return out
