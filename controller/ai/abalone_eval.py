"""The Abalone evaluation, on the rules' bitboards (``controller.rules.abalone.board``).

Terms, from the side to move's point of view (own minus opponent's):

* material: marbles pushed off, by far the largest term (a marble is worth ``MARBLE``);
* centrality: per marble, 4 minus its distance from E5 (the centre holds: a marble there
  cannot be pushed off and pushes outward);
* cohesion: pairs of own marbles side by side (a tight group has lines of two and three to
  push with and offers no single marble to a sumito);
* the rim: marbles on the outermost ring, one push from falling off;
* danger: opponent marbles the side to move could push off at once (``tempo``: only when
  the caller wants it; the alpha-beta search tries those captures itself instead) and own
  marbles the opponent could push off next (one can usually be saved, two rarely).

A whole position is scored with a few dozen shifts and popcounts.  The weights were set by
playing the search against the one-ply greedy player (docs/ai.md).
"""

from __future__ import annotations

from controller.rules.abalone import AbaloneState
from controller.rules.abalone.board import AXES, CELLS, OFF, row_col
from controller.rules.abalone.layouts import VARIANTS

MARBLE = 1000
CENTRE = 16
COHESION = 6
RIM = 12
TEMPO = 700          # the side to move can push a marble off now
DANGER_ONE = 250     # one own marble hangs: usually saved, at some cost
DANGER_MORE = 700    # each further one: they cannot all be saved
WIN = 1_000_000


def _distance(cell: int) -> int:
    r, n = row_col(cell)
    q, s = n - 5, r - 4
    return max(abs(q), abs(s), abs(q - s))


RINGS: tuple[int, ...] = tuple(sum(1 << c for c in CELLS if _distance(c) == k) for k in range(5))
WITHIN: tuple[int, ...] = tuple(sum(RINGS[: j + 1]) for j in range(4))
"""``WITHIN[j]``: cells at most j from the centre; a marble at distance d lies in 4 - d of
them, so the popcounts add up to its centrality."""
RIM_MASK = RINGS[4]


def centrality(m: int) -> int:
    return ((m & WITHIN[0]).bit_count() + (m & WITHIN[1]).bit_count()
            + (m & WITHIN[2]).bit_count() + (m & WITHIN[3]).bit_count())


def cohesion(m: int) -> int:
    a, b, c = AXES
    return (m & m >> a).bit_count() + (m & m >> b).bit_count() + (m & m >> c).bit_count()


# Per positive step s: OFF seen from 3, 4 and 5 steps back, both ways (the shifts of
# ``threats`` written out: this is the evaluation's hot loop).
_OFF_AHEAD = tuple((s, OFF >> 3 * s, OFF >> 4 * s, OFF >> 5 * s,
                    OFF << 3 * s, OFF << 4 * s, OFF << 5 * s) for s in AXES)


def threats(me: int, opp: int) -> int:
    """The ``opp`` marbles that ``me`` could push off the board with one move (a mask).

    A line of two or three own marbles, then fewer opponent marbles, then off the board; the
    last opponent marble stands on the rim, so a side with none there is safe."""
    if not opp & RIM_MASK:
        return 0
    out = 0
    for s, f3, f4, f5, b3, b4, b5 in _OFF_AHEAD:
        two = me & me >> s  # X and X + s own: pushing towards +s
        if two:
            out |= (two & opp >> 2 * s & f3) << 2 * s
            o3 = two & me >> 2 * s & opp >> 3 * s
            if o3:
                out |= (o3 & f4) << 3 * s | (o3 & opp >> 4 * s & f5) << 4 * s
        two = me & me << s  # X and X - s own: pushing towards -s
        if two:
            out |= (two & opp << 2 * s & b3) >> 2 * s
            o3 = two & me << 2 * s & opp << 3 * s
            if o3:
                out |= (o3 & b4) >> 3 * s | (o3 & opp << 4 * s & b5) >> 4 * s
    return out


def evaluate(me: int, opp: int, my_off: int, opp_off: int, target: int,
             tempo: bool = True) -> int:
    """The position for the side to move, whose marbles are ``me``; ``my_off``: marbles it
    has pushed off."""
    if my_off >= target:
        return WIN
    if opp_off >= target:
        return -WIN
    score = (MARBLE * (my_off - opp_off)
             + CENTRE * (centrality(me) - centrality(opp))
             + COHESION * (cohesion(me) - cohesion(opp))
             - RIM * ((me & RIM_MASK).bit_count() - (opp & RIM_MASK).bit_count()))
    hanging = threats(opp, me).bit_count()
    if hanging:
        score -= DANGER_ONE + DANGER_MORE * (hanging - 1)
    if tempo and threats(me, opp):
        score += TEMPO
    return score


def evaluate_for(state: AbaloneState, seat: int) -> int:
    """A two-player position from the point of view of seat index ``seat``, whoever is to
    move (what the one-ply greedy player maximises)."""
    i = state.to_move
    target = VARIANTS[state.variant].options["target"]
    score = evaluate(state.marbles[i], state.marbles[1 - i], state.pushed[i],
                     state.pushed[1 - i], target)
    return score if seat == i else -score
