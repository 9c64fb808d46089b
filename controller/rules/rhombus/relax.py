"""Where a piece could get at all: the bounds that cut the finder's searches.

The searches (``match.reaches``, ``finder.toward_carry``, ``finder.carry_ends``) follow a
program's cards one at a time over states of the whole board, and proving that no order of
the cards reaches what a question asks for takes every order.  Most of those orders are
hopeless for a reason that concerns one piece alone: the square it must fill is not within
reach of any piece with the cards left.  ``Bounds`` answers that for every piece at once
with bitmask shifts, on a *relaxed* board where the mover's own pieces are out of the way
(they may have moved) and every opponent piece the program could kill is gone too:

* every real move is a relaxed move: a real path runs over empty squares and ends on an
  empty square or a victim, all of which the relaxed board leaves open (``open``); a path
  is never shorter for having more room, and the J's slide only goes further;
* a relaxed path read backwards is a relaxed path (every square either end of it is open,
  no step straight back, the same number of steps), so the squares from which a piece can
  reach a target are found by spreading *from the target*: once per target and cards left,
  shared by every state and every program that asks.

So a state in which some square that must be filled is not ``within`` reach of any of the
mover's pieces (or of a piece that may still enter) with the cards left cannot lead to an
answer, and the search need not look past it.
"""

from __future__ import annotations

from itertools import product

from controller.rules.rhombus.board import FULL, NOT_FILE_A, NOT_FILE_E
from controller.rules.rhombus.cards import DIAGONAL
from controller.rules.rhombus.movegen import Context, one_card_less


def spread(start: int, step: int, ok: int) -> int:
    """The squares one move card of ``step`` (``DIAGONAL``: the J) takes a piece to from
    any square of ``start``, every square it enters being in ``ok``; all starts at once."""
    if step == DIAGONAL:
        out = 0
        for shift, edge in ((6, NOT_FILE_E), (4, NOT_FILE_A)):  # north-east, north-west
            x = start
            while x:
                x = (x & edge) << shift & ok
                out |= x
        for shift, edge in ((4, NOT_FILE_E), (6, NOT_FILE_A)):  # south-east, south-west
            x = start
            while x:
                x = (x & edge) >> shift & ok
                out |= x
        return out
    # As ``board.walk``, for many starts: the squares reached by a last step east, north,
    # west, south; no step goes straight back over the edge just crossed.
    fe = (start & NOT_FILE_E) << 1 & ok
    fn = start << 5 & ok
    fw = (start & NOT_FILE_A) >> 1 & ok
    fs = start >> 5 & ok
    for _ in range(step - 1):
        e, n, w, s = fe, fn, fw, fs
        fe = ((e | n | s) & NOT_FILE_E) << 1 & ok
        fn = (e | n | w) << 5 & ok
        fw = ((n | w | s) & NOT_FILE_A) >> 1 & ok
        fs = (e | w | s) >> 5 & ok
    return fe | fn | fw | fs


class Bounds:
    """Relaxed reach on one position's board, for programs that kill (``kills``) or not."""

    __slots__ = ("_within", "known", "open")

    def __init__(self, ctx: Context, kills: bool) -> None:
        # Never open: the mover's partners' pieces, and opponents it cannot kill.
        self.open = FULL & ~(ctx.blockers | ctx.foes) | (ctx.killable if kills else 0)
        self._within: dict[tuple[int, tuple[int, ...], int], int] = {}
        # ``layers`` found so far (the searches look them up themselves: the hot loop).
        self.known: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}

    def within(self, target: int, rem: tuple[int, ...], most: int = 4) -> int:
        """The squares from which a piece could end on a square of ``target`` using some of
        the move cards ``rem`` (steps, sorted), each at most once, in some order, and at
        most ``most`` of them (none: it stands there already).  Every square the mover's
        pieces could ever stand on that is not in it is certainly not."""
        if most > len(rem):
            most = len(rem)
        key = (target, rem, most)
        found = self._within.get(key)
        if found is None:
            ok = self.open
            found = target & ok
            if most:
                for step, rest in one_card_less(rem):
                    found |= spread(self.within(target, rest, most - 1), step, ok)
            self._within[key] = found
        return found

    def layers(self, target: int, rem: tuple[int, ...]) -> tuple[int, ...]:
        """``within(target, rem, k)`` for k = 0 .. ``len(rem)``."""
        key = (target, rem)
        found = self.known.get(key)
        if found is None:
            within = self.within
            found = self.known[key] = tuple(within(target, rem, k)
                                              for k in range(len(rem) + 1))
        return found

    def cards_to(self, target: int, tokens: int, rem: tuple[int, ...]) -> int:
        """The fewest of the cards ``rem`` with which a piece on ``tokens`` could end on a
        square of ``target`` (more than ``len(rem)``: none could)."""
        most = 0
        for near in self.layers(target, rem):
            if tokens & near:
                return most
            most += 1
        return most


def dealt_ends(bounds: Bounds, pieces: int, corner: int, movers: tuple[int, ...],
               need: int, forbid: int, most: int = 400, also: int = 0,
               entries: int = 1, blocking: bool = False) -> int | None:
    """The squares a piece could end on by some dealing of the move cards ``movers`` to the
    mover's ``pieces`` (and, with ``corner``, to the ``entries`` pieces that may come in
    there, one after another), each card
    to one piece and each piece its cards in some order on the relaxed board, in which
    every square of ``need`` is where a piece of its own ends and no piece is left on
    ``forbid``; a piece that must fill a square of ``need`` (no other can) ends only there.
    Every square an outcome of the carry that fills ``need`` and leaves ``forbid`` ends a
    moved or entered piece on is among them (the converse need not hold: the pieces are not
    in each other's way here).  Unlike ``Bounds.within`` it knows that
    one card moves one piece: two squares that each need the one Q of the hand are not
    both filled.  ``also``: and one more piece ends on a square of it.  None when there are
    more than ``most`` dealings to try.  ``blocking``: a piece dealt no card stands in the
    others' way all along (it never moves), which takes a reach of their own per dealing."""
    tokens = [1 << i for i in range(25) if pieces >> i & 1]
    entry = len(tokens)  # the pieces that may come in: from this index on
    if corner & bounds.open:
        tokens += [corner] * entries  # pieces that come in, and may then move
    else:
        corner = 0
    if len(tokens) ** len(movers) > most:
        return None
    # ends[t][cards]: where the piece on tokens[t] may end with exactly those cards (a mask
    # of positions in ``movers``), in some order.
    full = (1 << len(movers)) - 1
    ends = []
    for token in tokens:
        mine = [token] + [0] * full
        for cards in range(1, full + 1):
            found = 0
            rest = cards
            while rest:
                card = rest & -rest
                rest ^= card
                found |= spread(mine[cards ^ card], movers[card.bit_length() - 1], bounds.open)
            mine[cards] = found
        ends.append(mine)
    out = 0
    around: dict[tuple[int, int, int], int] = {}
    need_all, also_all = need, also
    dealt = [0] * len(tokens)
    for deal in product(range(len(tokens)), repeat=len(movers)):
        for t in range(len(tokens)):
            dealt[t] = 0
        for card, t in enumerate(deal):
            dealt[t] |= 1 << card
        still = 0
        for t, token in enumerate(tokens):
            if not dealt[t] and t < entry:
                still |= token
        if still & forbid:
            continue  # a piece that must leave keeps its square
        where = []
        for t in range(len(tokens)):
            if dealt[t]:
                if blocking and still:
                    end = _ends_around(bounds, tokens[t], movers, dealt[t], still, around)
                else:
                    end = ends[t][dealt[t]]
                end &= ~forbid & ~still
                if not end:
                    break
                where.append(end)
            elif t >= entry and not corner & (still | forbid):
                where.append(corner)  # comes in and stays, or stays out
        else:
            # A piece that keeps its square fills it (an exact aim needs those too), and is
            # the one more piece on ``also`` if it stands there.
            need = need_all & ~still
            also = 0 if also_all & still else also_all
            if (need or also) and not _fill(where, need, also):
                continue
            # A piece may end anywhere it can if the others fill every square of ``need``
            # (and one of ``also``); else only on a square of those that they leave to it.
            for i, end in enumerate(where):
                others = where[:i] + where[i + 1:]
                if _fill(others, need, also):
                    out |= end
                    continue
                if end & also and _fill(others, need):
                    out |= end & also
                todo = end & need
                while todo:
                    square = todo & -todo
                    todo ^= square
                    if _fill(others, need ^ square, also):
                        out |= square
    return out


def _ends_around(bounds: Bounds, token: int, movers: tuple[int, ...], cards: int, still: int,
                 memo: dict[tuple[int, int, int], int]) -> int:
    """Where a piece on ``token`` may end with exactly the cards ``cards`` (a mask of
    positions in ``movers``), in some order, on the relaxed board with the squares ``still``
    closed."""
    key = (token, cards, still)
    found = memo.get(key)
    if found is None:
        if not cards:
            found = token
        else:
            found = 0
            ok = bounds.open & ~still
            rest = cards
            while rest:
                card = rest & -rest
                rest ^= card
                before = _ends_around(bounds, token, movers, cards ^ card, still, memo)
                if before:
                    found |= spread(before, movers[card.bit_length() - 1], ok)
        memo[key] = found
    return found


def _fill(where: list[int], need: int, also: int = 0) -> bool:
    """Whether every square of ``need`` (and one of ``also``) can be where a different one of
    the pieces that may end on ``where`` (one mask each) ends."""
    if not need:
        return not also or any(end & also for end in where)
    square = need & -need
    for i, end in enumerate(where):
        if end & square and _fill(where[:i] + where[i + 1:], need ^ square, also):
            return True
    return False
