"""The card sets the table cannot rule out (``public_card_sets``), found with bitmasks.

What a card set may do (its programs) depends only on its values and on whether it is of
one suit, so the table's view of a hand it cannot see is one card set per distinct thing
such a set may do.  Looking for each kind of card set suit by suit took two milliseconds a
Formation position (seven hundred kinds of one-suit sets of up to four cards, four suits);
here every kind is a bit of an int, the kinds a suit can make (the mover's table cards of
that suit with up to so many unseen ones) are found with a few dozen ANDs of them, and the
first kind of each distinct program set is the lowest bit of one AND.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement, product

from controller.rules.rhombus.cards import HIDDEN, Program, programs, suit, value

Kind = tuple[tuple[int, int], ...]  # ((value, how many), ...)


@cache
def one_suit_kinds(largest: int, formation: bool) -> tuple[tuple[Kind, tuple[Program, ...]], ...]:
    """Every multiset of 1..``largest`` card values that makes an action as cards of one
    suit, as ((value, how many), ...) with its programs, fewest cards first."""
    out = []
    for n in range(1, largest + 1):
        for combo in combinations_with_replacement(range(9), n):
            progs = programs(tuple(v << 2 for v in combo), formation)
            if progs:
                out.append((tuple(sorted(Counter(combo).items())), progs))
    return tuple(out)


class _Kinds:
    """The kinds of ``one_suit_kinds`` as bits (bit ``i``: the ``i``-th kind), by what they
    hold: ``at_most[v][c]``: at most ``c`` cards of value ``v``; ``exactly[v][j]``: ``j``
    of them; ``sized[n]``: ``n`` cards or fewer; and per distinct program set, its kinds."""

    def __init__(self, largest: int, formation: bool) -> None:
        kinds = one_suit_kinds(largest, formation)
        self.kinds = kinds
        self.largest = largest
        self.exactly = [[0] * (largest + 1) for _ in range(9)]
        self.sized = [0] * (largest + 2)
        groups: dict[tuple[Program, ...], int] = {}
        for i, (items, progs) in enumerate(kinds):
            bit = 1 << i
            held = dict(items)
            for v in range(9):
                self.exactly[v][held.get(v, 0)] |= bit
            size = sum(held.values())
            for n in range(size, largest + 2):
                self.sized[n] |= bit
            groups[progs] = groups.get(progs, 0) | bit
        self.at_most = [[sum(row[:c + 1]) for c in range(largest + 1)] for row in self.exactly]
        self.groups = tuple(groups.items())

    def makeable(self, table: Counter[int], free: Counter[int], count: int) -> int:
        """The kinds one suit can make with its ``table`` cards (value -> how many) and at
        most ``count`` of its ``free`` ones (unseen, value -> how many)."""
        largest = self.largest
        found = (1 << len(self.kinds)) - 1
        for v in range(9):
            cap = table[v] + free[v]
            if cap < largest:
                found &= self.at_most[v][cap]
        # Hand cards needed: the cards beyond the table's, value by value.  Only the values
        # on the table cover any; for each way they may (j of value v, up to the table's),
        # the kinds with that many cards or fewer than ``count`` more.
        on_table = [(v, min(t, largest)) for v, t in table.items() if t > 0]
        if not on_table:
            return found & self.sized[min(count, largest + 1)]
        any_way = 0
        for covers in product(*(range(t + 1) for _, t in on_table)):
            way = self.sized[min(count + sum(covers), largest + 1)]
            for (v, t), j in zip(on_table, covers, strict=True):
                way &= self.exactly[v][j] if j < t else ~self.at_most[v][t - 1]
            any_way |= way
        return found & any_way


@cache
def _kinds(largest: int, formation: bool) -> _Kinds:
    return _Kinds(largest, formation)


def public_card_sets(table: tuple[int, ...], unseen: Counter[int], count: int,
                     largest: int, formation: bool) -> list[tuple[int, ...]]:
    """The card sets the table cannot rule out: table cards with up to ``count`` hand cards
    (``HIDDEN`` marked), each any card of ``unseen``; one per distinct thing they may do
    (their programs), since the table can tell card sets apart only by what they do on the
    board.  Fewest cards first, table cards before hand cards; public information only.

    Two or more cards make an action only if they are of one suit, or (three) of one value
    over several suits.  Of the one-suit kinds that do the same, the first a suit can make
    is kept, in the first suit that can."""
    kinds = _kinds(largest, formation)
    on_table = [Counter(value(c) for c in table if suit(c) == s) for s in range(4)]
    left = [Counter[int]() for _ in range(4)]
    by_value = [list[int]() for _ in range(9)]
    for c, n in unseen.items():
        left[suit(c)][value(c)] += n
        by_value[value(c)] += [c] * n
    makeable = [kinds.makeable(on_table[s], left[s], count) for s in range(4)]
    anywhere = makeable[0] | makeable[1] | makeable[2] | makeable[3]
    chosen: list[tuple[int, tuple[int, ...]]] = []  # (kind, cards)
    for _, group in kinds.groups:
        first = group & anywhere
        if not first:
            continue
        first &= -first
        i = first.bit_length() - 1
        s = next(s for s in range(4) if makeable[s] & first)
        tab = on_table[s]
        cards: list[int] = []
        for v, k in kinds.kinds[i][0]:
            from_table = min(k, tab[v])
            card = v << 2 | s
            cards += [card] * from_table + [card | HIDDEN] * (k - from_table)
        chosen.append((i, tuple(sorted(cards))))
    chosen.sort()  # as the kinds come, fewest cards first
    found = {programs(cards, formation): cards for _, cards in chosen}
    if largest >= 3:  # three of one value over several suits
        for v in range(9):
            cards = [c for c in table if value(c) == v][:3]
            spare = sorted(c | HIDDEN for c in by_value[v])
            cards += spare[:min(3 - len(cards), count)]
            progs = programs(tuple(sorted(cards)), formation) if len(cards) == 3 else ()
            if progs and progs not in found:
                found[progs] = tuple(sorted(cards))
    return sorted(found.values(), key=len)
