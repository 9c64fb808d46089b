"""Abalone children for the search, straight on bitboards.

A search position is ``(me, opp, my_off, opp_off, my_place, opp_place)`` for the side to
move: both sides' marbles, the marbles each has pushed off, the marbles each still has to
place (free placement).  Moves are found by the rules' own generator
(``controller.rules.abalone.movegen.movable_groups``, every legal group of a kind as one
bitboard of anchors) and applied here with a few shifts, without building rules states.  A
move key is ``(group mask, direction)`` or ``(cell mask, PLACE)``; ``to_rules_move`` turns it
into the rules' ``Push`` or ``Place``.
"""

from __future__ import annotations

from controller.rules.abalone import AbaloneState, Place, Push
from controller.rules.abalone.board import STEPS, VALID, bits_of
from controller.rules.abalone.movegen import movable_groups

Position = tuple[int, int, int, int, int, int]
Key = tuple[int, int]
Child = tuple[Position, int, Key]  # (the position for the other side, marbles pushed off, key)

PLACE = -1


def position_of(state: AbaloneState) -> Position:
    """A two-player rules state as a search position for the side to move."""
    i, j = state.to_move, 1 - state.to_move
    return (state.marbles[i], state.marbles[j], state.pushed[i], state.pushed[j],
            state.to_place[i], state.to_place[j])


def to_rules_move(key: Key) -> Push | Place:
    mask, direction = key
    if direction == PLACE:
        return Place(mask.bit_length() - 1)
    return Push(tuple(bits_of(mask)), direction)


def children(pos: Position) -> list[Child]:
    me, opp, mo, oo, mp, op = pos
    if mp or op:
        return [((opp, me | 1 << c, oo, mo, op, mp - 1), 0, (1 << c, PLACE))
                for c in bits_of(VALID & ~(me | opp))]
    out: list[Child] = []
    for anchors, (size, a, d) in movable_groups(me, me, opp):
        s = STEPS[d]
        inline = size > 1 and (s == a or s == -a)
        while anchors:
            low = anchors & -anchors
            anchors ^= low
            g = low if size == 1 else low | low << a if size == 2 else low | low << a | low << 2 * a
            moved = g << s if s > 0 else g >> -s
            new_me = me & ~g | moved
            if inline:
                ahead = (moved & ~g)  # the cell the leading marble moves into
                if ahead & opp:
                    nxt = ahead << s if s > 0 else ahead >> -s
                    run = ahead | (nxt & opp)
                    landed = (run << s if s > 0 else run >> -s) & VALID
                    off = run.bit_count() - landed.bit_count()
                    out.append(((opp & ~run | landed, new_me, oo, mo + off, op, mp), off,
                                (g, d)))
                    continue
            out.append(((opp, new_me, oo, mo, op, mp), 0, (g, d)))
    return out
