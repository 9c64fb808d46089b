"""Abalone move generation over bitboards.

Every kind of move is found for all marbles at once with a few shifts and ands: for a group
kind (size, line axis, direction) one bitboard holds the anchor cell of every group of that
kind that may move.  Counting the legal moves is a sum of popcounts (what perft's last ply
uses); listing them expands the same bitboards, so the two can never disagree.

Groups are anchored at their lowest cell: a pair along axis ``a`` is ``(t, t + a)``, a triple
``(t, t + a, t + 2a)``.  ``own`` are the mover's marbles; ``friends`` also blocks a push but is
never pushed (the mover's own marbles, plus the partner's in the four-player game); ``foes``
may be pushed.
"""

from __future__ import annotations

from controller.rules.abalone.board import AXES, OFF, STEPS, VALID, bits_of, shift

Kind = tuple[int, int, int]  # (size, axis step (0 for a single marble), direction index)

_DIR_OF_STEP = {s: i for i, s in enumerate(STEPS)}
# For each axis: (axis step, forward direction, backward direction, the four broadside
# directions as (direction index, step)).
_AXIS_INFO = tuple(
    (a, _DIR_OF_STEP[a], _DIR_OF_STEP[-a],
     tuple((d, s) for d, s in enumerate(STEPS) if s not in (a, -a)))
    for a in AXES)


def movable_groups(own: int, friends: int, foes: int) -> list[tuple[int, Kind]]:
    """``(anchors, kind)`` pairs: every set bit of ``anchors`` is one legal move of ``kind``."""
    empty = VALID & ~(friends | foes)
    free = empty | OFF  # where a pushed marble may go: an empty cell or off the board
    out: list[tuple[int, Kind]] = []
    for d, s in enumerate(STEPS):
        singles = own & shift(empty, -s)
        if singles:
            out.append((singles, (1, 0, d)))
    for a, fwd, back, sides in _AXIS_INFO:
        pairs = own & shift(own, -a)
        if not pairs:
            continue
        triples = pairs & shift(own, -2 * a)
        # In line, forward: the leader of a pair is t + a, of a triple t + 2a.
        m = pairs & (shift(empty, -2 * a) | shift(foes, -2 * a) & shift(free, -3 * a))
        if m:
            out.append((m, (2, a, fwd)))
        if triples:
            m = triples & (shift(empty, -3 * a) | shift(foes, -3 * a) & (
                shift(free, -4 * a) | shift(foes, -4 * a) & shift(free, -5 * a)))
            if m:
                out.append((m, (3, a, fwd)))
        # In line, backward: the leader is t itself.
        m = pairs & (shift(empty, a) | shift(foes, a) & shift(free, 2 * a))
        if m:
            out.append((m, (2, a, back)))
        if triples:
            m = triples & (shift(empty, a) | shift(foes, a) & (
                shift(free, 2 * a) | shift(foes, 2 * a) & shift(free, 3 * a)))
            if m:
                out.append((m, (3, a, back)))
        # Broadside: every marble's target cell must be empty; no pushing.
        for d, s in sides:
            m = pairs & shift(empty, -s) & shift(empty, -(a + s))
            if m:
                out.append((m, (2, a, d)))
                if triples:
                    m3 = m & triples & shift(empty, -(2 * a + s))
                    if m3:
                        out.append((m3, (3, a, d)))
    return out


def has_moves(own: int, friends: int, foes: int) -> bool:
    """Whether any legal move exists: almost always a single marble's step (no list made);
    else the whole count decides (pushes into foes, broadsides)."""
    empty = VALID & ~(friends | foes)
    if any(own & shift(empty, -s) for s in STEPS):
        return True
    return count_moves(own, friends, foes) > 0


def count_moves(own: int, friends: int, foes: int) -> int:
    return sum(anchors.bit_count() for anchors, _ in movable_groups(own, friends, foes))


def list_moves(own: int, friends: int, foes: int) -> list[tuple[tuple[int, ...], int]]:
    """Every legal move as ``(cells, direction index)``, cells in ascending order."""
    out: list[tuple[tuple[int, ...], int]] = []
    for anchors, (size, a, d) in movable_groups(own, friends, foes):
        for t in bits_of(anchors):
            if size == 1:
                out.append(((t,), d))
            elif size == 2:
                out.append(((t, t + a), d))
            else:
                out.append(((t, t + a, t + 2 * a), d))
    return out
