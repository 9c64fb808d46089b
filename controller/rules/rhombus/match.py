"""Matching a board reading by destination sets, without listing every action.

A four-card Formation flush on an open board has tens of thousands of actions, too many to
list after every move on a Raspberry Pi, so the session does not look a Rhombus reading up
in a list of legal actions: it asks the game's move finder (``FindsMoves.move_finder``, here
``finder.RhombusFinder``), whose ``reading`` is ``moves_among`` below.  A reading says
almost everything an action does: which squares emptied, which filled, which were touched.
``moves_among`` turns that into the few outcomes it can be (the unseen part: which touched
opponent squares now hold a killer of the mover's) and asks, per card set, whether the
cards can reach exactly that outcome: a search aimed at one goal (``aimed.reaches``),
pruned as soon as too few cards are left, or too little reach, to put the wrong pieces
right.  Nearly every card set of a table-side (``public``) reading is ruled out by counting
and colours alone (``aimed.refuted``), before any search is made.  ``moves_reading`` does
the same for one player's hand.  Its answers equal the listed actions'
(``tests/controller/rules/test_rhombus_properties.py`` and ``test_rhombus_finder.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from controller.rules.rhombus.aimed import counts, reaches, refuted_all
from controller.rules.rhombus.board import FULL, bits
from controller.rules.rhombus.cards import REACTIVATE, Carry, Program, programs, sub_hands
from controller.rules.rhombus.movegen import (
    Context,
    Move,
    Outcome3,
    Reach,
    has_real_action,
    outcomes,
)
from controller.rules.rhombus.relax import Bounds


def _fits(ctx: Context, prog: Program, goal: Outcome3, cache: Reach,
          bounds: Callable[[Carry], Bounds]) -> bool:
    if isinstance(prog, Carry):
        return reaches(ctx, prog, goal, cache, bounds(prog))
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


def moves_among(ctx: Context, card_sets: Iterable[tuple[int, ...]] | CardSets, occupied: int,
                touched: int, discard: bool, distinct: bool = False,
                bounds: Callable[[Carry], Bounds] | None = None, cache: Reach | None = None,
                fits: dict[tuple[Program, Outcome3], bool] | None = None) -> list[Move]:
    """The actions with one of ``card_sets`` that read as ``occupied`` (see ``moves_reading``;
    ``discard``: each card set may also be played for nothing; ``distinct``: one action per
    outcome on the board is enough, with the first card set that makes it; ``bounds``: the
    relaxed reach for a program, to cut the searches with; ``cache``, ``fits``: what earlier
    questions about the position found, the reach of a piece and whether a program can end
    in an outcome, kept by the caller).

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
    reaches_of: Reach = {} if cache is None else cache
    if bounds is None:
        made_bounds = {kills: Bounds(ctx, kills) for kills in (False, True)}

        def bounds(prog: Carry) -> Bounds:
            return made_bounds[prog.kills > 0]
    known: dict[tuple[Program, Outcome3], bool] = {} if fits is None else fits
    made: set[Outcome3] = set()

    def fit(prog: Program, goal: Outcome3) -> bool:  # many card sets share a program
        key = (prog, goal)
        found = known.get(key)
        if found is None:
            found = known[key] = _fits(ctx, prog, goal, reaches_of, bounds)
        return found

    # Per goal, whether the carries of each ``counts`` are refuted by counting alone (most
    # are, and many card sets share their counts), and so which card sets are left to ask.
    indexed = card_sets if isinstance(card_sets, CardSets) else CardSets(card_sets,
                                                                         ctx.formation)
    checks: list[tuple[Outcome3, dict[int, bool], set[int]]] = []
    for goal in goals:
        refuted = refuted_all(ctx, goal, indexed.by_counts)
        if discard and goal == nothing:
            left = set(range(len(indexed.sets)))
        else:
            left = set(indexed.others)
            for sig, no in refuted.items():
                if not no:
                    left.update(indexed.by_counts[sig])
        checks.append((goal, refuted, left))
    for i in sorted(set().union(*(left for _, _, left in checks))):
        cards, progs, counted = indexed.sets[i]
        revived = 1 if REACTIVATE in progs and ctx.out else 0
        for goal, refuted, left in checks:
            if i not in left or (distinct and goal in made):
                continue
            for prog, sig in counted:
                if sig >= 0 and refuted[sig]:
                    continue
                if fit(prog, goal):
                    break
            else:
                if not (discard and goal == nothing):
                    continue
            own_after, killed, entered = goal
            made.add(goal)
            out.append(Move(cards, ctx.own & ~own_after, own_after & ~ctx.own, killed,
                            entered, revived))
    return out


class CardSets:
    """Card sets as ``moves_among`` asks them: in order, those that make an action with
    their programs and each program's ``aimed.counts`` (-1: not a carry), and which card
    sets have a carry of each count (``by_counts``) or a program that is not a carry
    (``others``): a reading asks only the card sets whose counts are not refuted.  A finder
    keeps them for the position."""

    __slots__ = ("by_counts", "others", "sets")

    def __init__(self, card_sets: Iterable[tuple[int, ...]], formation: bool) -> None:
        self.sets: list[tuple[tuple[int, ...], tuple[Program, ...],
                              tuple[tuple[Program, int], ...]]] = []
        self.by_counts: dict[int, list[int]] = {}
        self.others: list[int] = []
        for cards in card_sets:
            progs, counted = _counted(cards, formation)
            if not progs:
                continue
            i = len(self.sets)
            self.sets.append((cards, progs, counted))
            for sig in dict.fromkeys(sig for _, sig in counted):
                if sig < 0:
                    self.others.append(i)
                else:
                    self.by_counts.setdefault(sig, []).append(i)


@lru_cache(maxsize=8192)
def _counted(cards: tuple[int, ...], formation: bool
             ) -> tuple[tuple[Program, ...], tuple[tuple[Program, int], ...]]:
    """The programs of ``cards``, and each with its ``aimed.counts`` (-1: not a carry)."""
    progs = programs(cards, formation)
    return progs, tuple((p, counts(p) if isinstance(p, Carry) else -1) for p in progs)
