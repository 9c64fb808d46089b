"""Matching a board reading by destination sets, without listing every action.

A four-card Formation flush on an open board has tens of thousands of actions, too many to
list after every move on a Raspberry Pi, so the session does not look a Rhombus reading up
in a list of legal actions: it asks the game's move finder (``Game.move_finder``, here
``finder.RhombusFinder``), whose ``reading`` is ``moves_among`` below.  A reading says
almost everything an action does: which squares emptied, which filled, which were touched.
``moves_among`` turns that into the few outcomes it can be (the unseen part: which touched
opponent squares now hold a killer of the mover's) and asks, per card set, whether the
cards can reach exactly that outcome: a search aimed at one goal (``reaches``), pruned as
soon as too few cards are left to put the wrong pieces right.  ``moves_reading`` does the
same for one player's hand.  Its answers equal the listed actions'
(``tests/controller/rules/test_rhombus_properties.py`` and ``test_rhombus_finder.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from controller.rules.rhombus.board import FULL, bits
from controller.rules.rhombus.cards import (
    DIAGONAL,
    REACTIVATE,
    Carry,
    Program,
    programs,
    sub_hands,
)
from controller.rules.rhombus.movegen import (
    Context,
    Move,
    Outcome3,
    Reach,
    has_real_action,
    one_card_less,
    outcomes,
    reach,
)

ODD = sum(1 << i for i in range(25) if (i % 5 + i // 5) % 2)
SearchState = tuple[int, int, int, tuple[int, ...], int]  # own, killed, entered, cards, nines
DIST = [[abs(i % 5 - j % 5) + abs(i // 5 - j // 5) for j in range(25)] for i in range(25)]
REACH = {1: 1, 2: 2, 3: 3, 6: 6, DIAGONAL: 8}   # at most this far (Manhattan) per card


def _too_far(own: int, want: int, budget: int) -> bool:
    """Every piece off the goal must walk at least to the nearest goal square still empty
    of own pieces; more than the cards left can carry is hopeless."""
    missing = [b.bit_length() - 1 for b in bits(want & ~own)]
    if not missing:
        return False
    need = 0
    for b in bits(own & ~want):
        row = DIST[b.bit_length() - 1]
        need += min(row[m] for m in missing)
    return need > budget


def reaches(ctx: Context, prog: Carry, goal: Outcome3, cache: Reach) -> bool:
    """Whether carrying out ``prog`` can end in exactly ``goal`` (own, killed, entered).

    Depth first, aimed at the goal, with three cuts: too few cards left to move every piece
    that is wrong, to fill every square that is missing or to make every kill; the colour
    parity (an A or a Q changes the colour of the square its piece stands on, the other
    cards do not, and every card left must be carried out); and too few squares of movement
    left to walk the wrong pieces to the nearest missing squares.
    """
    want_own, want_killed, want_entered = goal
    want_parity = (want_own & ODD).bit_count() & 1
    others = ctx.blockers | ctx.foes
    stack: list[SearchState] = [(ctx.own, 0, 0, prog.movers, prog.nines)]
    for state in each_once(stack):
        own, killed, entered, rem, nines = state
        wrong = (own & ~want_own).bit_count()
        missing = (want_own & ~own).bit_count()
        to_enter = want_entered - entered
        unkilled = (want_killed & ~killed).bit_count()
        kills_left = prog.kills - killed.bit_count()  # a kill needs a kill card
        if (wrong > len(rem) or missing > len(rem) + min(nines, to_enter) or to_enter < 0
                or unkilled > min(len(rem) + nines, kills_left)):
            continue  # too few cards left to put it right
        odd = sum(1 for step in rem if step in (1, 3))
        if ((own & ODD).bit_count() + odd) & 1 != want_parity:
            continue  # pieces entering land on a1-coloured corners: parity is the movers'
        if _too_far(own, want_own, sum(REACH[step] for step in rem)):
            continue
        if not rem and own == want_own and killed == want_killed and entered == want_entered \
                and (kills_left == 0 or not prog.must_kill):
            return True
        free = FULL & ~(own | others & ~killed)
        ends = ctx.killable & want_killed & ~killed if kills_left else 0
        push_next(ctx, state, free, ends, cache, stack, enter=to_enter > 0)
    return False


def each_once(stack: list[SearchState]) -> Iterator[SearchState]:
    """Pop ``stack`` (which the caller goes on filling) until empty, each state once."""
    seen: set[SearchState] = set()
    while stack:
        state = stack.pop()
        if state not in seen:
            seen.add(state)
            yield state


def push_next(ctx: Context, state: SearchState, free: int, ends: int, cache: Reach,
              stack: list[SearchState], enter: bool = True, movable: int | None = None
              ) -> None:
    """Push every state one card on from ``state``: each move card (once per step size)
    with each piece (of ``movable``, if given) to each square it reaches (``ends``: squares
    it may kill on), and, with ``enter``, a 9 bringing a reserve piece onto the corner
    (killing an opponent there)."""
    own, killed, entered, rem, nines = state
    for step, rest in one_card_less(rem):
        for p in bits(own if movable is None else movable):
            for d in bits(reach(cache, step, p, free, ends)):
                stack.append((own ^ p | d, killed | d & ends, entered, rest, nines))
    if enter and nines and entered < ctx.reserve:
        corner = ctx.corner
        if free & corner:
            stack.append((own | corner, killed, entered + 1, rem, nines - 1))
        elif ends & corner:
            stack.append((own | corner, killed | corner, entered + 1, rem, nines - 1))


def _fits(ctx: Context, prog: Program, goal: Outcome3, cache: Reach) -> bool:
    if isinstance(prog, Carry):
        return reaches(ctx, prog, goal, cache)
    return goal in outcomes(ctx, prog)  # the eliminator and friends have few outcomes


def moves_reading(ctx: Context, held: tuple[int, ...], largest: int, occupied: int,
                  touched: int) -> list[Move]:
    """The actions of a player holding ``held`` after which exactly ``occupied`` squares
    hold a piece (presence sensing) and whose squares that change were all ``touched``."""
    # Formation: with no piece on the board (or, with ``stuck_discards``, no other action) a
    # card set may be played for nothing (a discard), which reads as an unchanged board.
    discard = (ctx.formation and not ctx.own) or (
        ctx.stuck_discards and not has_real_action(ctx, held))
    return moves_among(ctx, sub_hands(held, largest), occupied, touched, discard)


def moves_among(ctx: Context, card_sets: Iterable[tuple[int, ...]], occupied: int,
                touched: int, discard: bool, distinct: bool = False) -> list[Move]:
    """The actions with one of ``card_sets`` that read as ``occupied`` (see ``moves_reading``;
    ``discard``: each card set may also be played for nothing; ``distinct``: one action per
    outcome on the board is enough, with the first card set that makes it).

    A kill whose killer stays on the victim's square leaves the reading unchanged there;
    such squares must have been touched, so each touched, still occupied opponent square
    may or may not be one.
    """
    before = ctx.own | ctx.blockers | ctx.foes
    vacated = before & ~occupied
    filled = occupied & ~before
    if vacated & ctx.blockers or (vacated | filled) & ~touched & FULL:
        return []
    maybe_kills = bits(ctx.foes & occupied & touched)
    goals: list[Outcome3] = []
    for mask in range(1 << len(maybe_kills)):
        stay = sum(b for i, b in enumerate(maybe_kills) if mask >> i & 1)
        own_after = ctx.own & ~vacated | filled | stay
        entered = own_after.bit_count() - ctx.own.bit_count()
        if 0 <= entered <= ctx.reserve:
            goals.append((own_after, vacated & ctx.foes | stay, entered))
    nothing = (ctx.own, 0, 0)
    out: list[Move] = []
    cache: Reach = {}
    fits: dict[tuple[Program, Outcome3], bool] = {}  # many card sets share a program
    made: set[Outcome3] = set()

    def fit(prog: Program, goal: Outcome3) -> bool:
        key = (prog, goal)
        found = fits.get(key)
        if found is None:
            found = fits[key] = _fits(ctx, prog, goal, cache)
        return found

    for cards in card_sets:
        progs = programs(cards, ctx.formation)
        revived = 1 if REACTIVATE in progs and ctx.out else 0
        for goal in goals:
            if distinct and goal in made:
                continue
            if any(fit(prog, goal) for prog in progs) or (
                    discard and progs and goal == nothing):
                own_after, killed, entered = goal
                made.add(goal)
                out.append(Move(cards, ctx.own & ~own_after, own_after & ~ctx.own, killed,
                                entered, revived))
    return out
