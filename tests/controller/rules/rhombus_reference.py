"""A slow, plain Rhombus action generator: the oracle the bitmask generator is checked against.

It shares nothing with ``controller.rules.rhombus.movegen`` but the card table: squares are
(file, rank) pairs in frozensets, each move card's paths are walked step by step, and every
order of the cards is tried (memoised on the position reached, so that it finishes).
"""

from __future__ import annotations

from functools import cache
from itertools import permutations

from controller.rules.rhombus.cards import (
    ELIMINATE,
    ENTRYLIMINATE,
    KILLERS,
    NINE,
    REACTIVATE,
    Carry,
    programs,
    value,
)

Square = tuple[int, int]
ORTHO = ((1, 0), (0, 1), (-1, 0), (0, -1))
DIAG = ((1, 1), (-1, 1), (1, -1), (-1, -1))
STEPS = {0: 6, 6: 3, 7: 2, 8: 1}  # 6, Q, K, A; the J (5) slides
JACK = 5


def on_board(s: Square) -> bool:
    return 0 <= s[0] < 5 and 0 <= s[1] < 5


def ends_of_walk(start: Square, steps: int, blocked: frozenset[Square],
                 killable: frozenset[Square]) -> set[Square]:
    """Every square a path of exactly ``steps`` orthogonal steps can stop on."""
    out: set[Square] = set()

    def go(at: Square, left: int, came: tuple[int, int] | None) -> None:
        for d in ORTHO:
            if came is not None and d == (-came[0], -came[1]):
                continue  # straight back over the edge just crossed
            nxt = (at[0] + d[0], at[1] + d[1])
            if not on_board(nxt):
                continue
            if left == 1:
                if nxt != start and (nxt not in blocked or nxt in killable):
                    out.add(nxt)
            elif nxt not in blocked:
                go(nxt, left - 1, d)

    go(start, steps, None)
    return out


def ends_of_slide(start: Square, blocked: frozenset[Square],
                  killable: frozenset[Square]) -> set[Square]:
    out = set()
    for dx, dy in DIAG:
        at = (start[0] + dx, start[1] + dy)
        while on_board(at):
            if at in blocked:
                if at in killable:
                    out.add(at)
                break
            out.add(at)
            at = (at[0] + dx, at[1] + dy)
    return out


def outcomes(own: frozenset[Square], friends: frozenset[Square], foes: frozenset[Square],
             killable: frozenset[Square], corner: Square, reserve: int,
             cards: tuple[int, ...], formation: bool) -> set[tuple[frozenset, frozenset, int]]:
    """(own squares after, killed squares, pieces entered) for every way to play ``cards``."""
    found: set[tuple[frozenset, frozenset, int]] = set()
    for prog in programs(cards, formation):
        if prog == ELIMINATE:
            found |= {(own - {p} | {q}, frozenset({q}), 0) for p in own for q in foes}
        elif prog == ENTRYLIMINATE:
            if corner in foes and reserve:
                found.add((own | {corner}, frozenset({corner}), 1))
        elif prog == REACTIVATE:
            found.add((own, frozenset(), 0))
        else:
            assert isinstance(prog, Carry)
            values = tuple(value(c) for c in cards)
            for order in set(permutations(values)):
                found |= _carry(own, friends, foes, killable, corner, reserve, order,
                                prog.must_kill)
    return found


def _carry(own, friends, foes, killable, corner, reserve, order, must_kill):
    kill_cards = sum(1 for v in order if v in KILLERS)
    # Kill cards act with the move that ends on a piece, so only move cards and 9s are
    # ordered; the kill cards are a count to spend.
    acting = tuple(v for v in order if v in (NINE, JACK) or v in STEPS)

    @cache
    def go(own, killed, entered, k, kills_left):
        if k == len(acting):
            if must_kill and kills_left:
                return frozenset()
            return frozenset({(own, killed, entered)})
        v = acting[k]
        out = set()
        blocked = own | friends | (foes - killed)
        can_kill = killable - killed if kills_left else frozenset()
        if v == NINE:
            out |= go(own, killed, entered, k + 1, kills_left)  # the 9 does nothing
            if entered < reserve:
                if corner not in blocked:
                    out |= go(own | {corner}, killed, entered + 1, k + 1, kills_left)
                elif corner in can_kill:
                    out |= go(own | {corner}, killed | {corner}, entered + 1, k + 1,
                              kills_left - 1)
            return frozenset(out)
        for p in own:
            if v == JACK:
                ends = ends_of_slide(p, blocked - {p}, can_kill)
            else:
                ends = ends_of_walk(p, STEPS[v], blocked - {p}, can_kill)
            for d in ends:
                if d in foes - killed:
                    out |= go(own - {p} | {d}, killed | {d}, entered, k + 1, kills_left - 1)
                else:
                    out |= go(own - {p} | {d}, killed, entered, k + 1, kills_left)
        return frozenset(out)

    return go(own, frozenset(), 0, 0, kill_cards)
