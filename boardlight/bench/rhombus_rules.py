"""Worst cases of Rhombus action generation, for ``boardlight bench rhombus``.

Actions grow with flushes: three (Formation: four) cards of one suit, all carried out, split
over any pieces.  ``search`` measures positions met in random play, then builds bad ones on
purpose (every piece of the mover on an open board, every one-suit hand of move cards) and
improves the worst by moving one piece at a time while that finds more actions.  It returns
the worst action count and the time to generate those actions (best of ``repeat`` runs: the
figure is the generator's, not the machine's hiccups), and for random play the median, the
99th percentile and the maximum time.

Wiring ``boardlight bench rhombus``: ``for line in report(): print(line)`` (after the machine
line); ``report(quick=True)`` runs small budgets.  Listing every action is what the AI and
``rules --moves`` do; the game session asks narrow questions instead (``finder.py``), timed
by ``boardlight.bench.rhombus_session`` on the positions found here.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import combinations_with_replacement

from controller.rules.rhombus.board import NAMES, mask_of
from controller.rules.rhombus.cards import HIDDEN, SUITS, parse_card
from controller.rules.rhombus.game import RHOMBUS
from controller.rules.rhombus.match import moves_reading
from controller.rules.rhombus.movegen import Move, generate
from controller.rules.rhombus.position import held, mover_context
from controller.rules.rhombus.state import VARIANTS, RhombusState
from controller.rules.rhombus.text import position_text
from controller.rules.selfplay import positions_in_random_play

TARGET = 0.020   # seconds: the budget for generating the actions of any position
MOVE_VALUES = ("6", "J", "Q", "K", "A")


@dataclass
class BenchResult:
    variant: str
    random_positions: int = 0
    random_times: list[float] = field(default_factory=list)
    random_worst_actions: int = 0
    worst_actions: int = 0
    worst_seconds: float = 0.0
    worst_position: str = ""
    constructed: int = 0      # positions built on purpose and measured
    floor_seconds: float = 0.0  # making the worst position's actions from their fields alone
    match_times: list[float] = field(default_factory=list)  # worst position, per reading

    def lines(self) -> list[str]:
        ms = 1000.0
        t = sorted(self.random_times) or [0.0]
        p99 = statistics.quantiles(t, n=100)[98] if len(t) > 1 else t[0]
        over = sum(1 for x in t if x > TARGET)
        return [
            f"rhombus {self.variant}: random play, {self.random_positions} positions: "
            f"generation p50 {statistics.median(t) * ms:.2f} ms, p99 {p99 * ms:.2f} ms, "
            f"max {t[-1] * ms:.2f} ms ({over} over {TARGET * ms:.0f} ms); most actions "
            f"{self.random_worst_actions}",
            f"rhombus {self.variant}: worst found ({self.constructed} built positions "
            f"searched): {self.worst_actions} actions generated in "
            f"{self.worst_seconds * ms:.1f} ms (making that many action objects from their "
            f"fields, with no search at all: {self.floor_seconds * ms:.1f} ms)",
            f"  position: {self.worst_position}",
            f"rhombus {self.variant}: matching one reading of the worst position by "
            f"destination sets (match.moves_reading, {len(self.match_times)} readings): "
            f"p50 {_pct(self.match_times, 50) * ms:.2f} ms, p99 "
            f"{_pct(self.match_times, 99) * ms:.2f} ms, max "
            f"{max(self.match_times, default=0.0) * ms:.2f} ms",
        ]


def _pct(xs: list[float], q: int) -> float:
    if len(xs) < 2:
        return xs[0] if xs else 0.0
    return statistics.quantiles(xs, n=100)[q - 1]


def match_times(state: RhombusState, readings: int, seed: int) -> list[float]:
    """Seconds to match the reading after each of ``readings`` random actions of ``state``
    (every piece at rest, every changed square touched)."""
    largest = 4 if VARIANTS[state.variant].options["formation"] else 3
    ctx = mover_context(state)
    cards = held(state, state.to_move)
    before = ctx.own | ctx.blockers | ctx.foes
    actions = generate(ctx, cards, largest)
    out = []
    for m in random.Random(seed).sample(actions, min(readings, len(actions))):
        occupied = before & ~m.sources & ~m.kills | m.targets
        start = time.perf_counter()
        found = moves_reading(ctx, cards, largest, occupied, m.sources | m.targets | m.kills)
        out.append(time.perf_counter() - start)
        assert m in found
    return out


def generation_time(state: RhombusState, repeat: int = 3) -> tuple[int, float]:
    """(actions, best seconds) for generating every action of ``state`` afresh (no cache)."""
    largest = 4 if VARIANTS[state.variant].options["formation"] else 3
    ctx = mover_context(state)
    cards = held(state, state.to_move)
    best = float("inf")
    count = 0
    for _ in range(repeat):
        start = time.perf_counter()
        count = len(generate(ctx, cards, largest))
        best = min(best, time.perf_counter() - start)
    return count, best


def object_floor(state: RhombusState, repeat: int = 3) -> float:
    """Best seconds to make ``state``'s actions as objects from their fields alone: what a
    list of them costs even if finding them were free."""
    largest = 4 if VARIANTS[state.variant].options["formation"] else 3
    fields = [(m.cards, m.sources, m.targets, m.kills, m.entered, m.revived)
              for m in generate(mover_context(state), held(state, state.to_move), largest)]
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        [Move(*f) for f in fields]  # making them is the point
        best = min(best, time.perf_counter() - start)
    return best


def random_positions(variant: str, count: int, seed: int) -> list[RhombusState]:
    return positions_in_random_play(RHOMBUS, variant, count, seed)


def built(variant: str, squares: Iterable[str], foe: str, values: tuple[str, ...],
          suit: str) -> RhombusState:
    """The mover (seat 0) with pieces on ``squares`` and a one-suit hand of ``values`` (the
    last card hidden), the opponents with one piece on ``foe``; the rest of the deck in the
    pile."""
    v = VARIANTS[variant]
    o = v.options
    state = RHOMBUS.setup(variant)
    cards = [parse_card(x + suit) for x in values]
    deck = list(state.pile) + [c for h in state.open + state.hidden for c in h]
    for c in cards:
        deck.remove(c)
    n = len(v.seats)
    own = mask_of(list(squares))
    others = [0] * n
    others[1] = mask_of([foe])
    pieces = (own, *others[1:])
    reserve = tuple(o["pieces"] - p.bit_count() for p in pieces)
    opens = [tuple(sorted(cards[:-1]))] + [()] * (n - 1)
    hidden = [(cards[-1],)] + [()] * (n - 1)
    # Everyone else holds cards that move nothing, so the position stays playable.
    for j in range(1, n):
        spare = next(c for c in deck if c >> 2 in (1, 2))
        deck.remove(spare)
        opens[j] = (spare,)
    return RhombusState(variant, pieces, reserve, (0,) * n, tuple(opens), tuple(hidden),
                        tuple(sorted(deck)), (), 0, 0, 0, 0)


def built_positions(variant: str, count: int, seed: int) -> Iterator[RhombusState]:
    """``count`` built positions of all sorts: 2 to 6 (four players: 4) pieces of the mover
    anywhere, any one-suit hand (8s, 9s and kill cards too), one opponent piece anywhere."""
    v = VARIANTS[variant]
    rng = random.Random(seed)
    cells = [n for n in NAMES if n not in ("a1", "e5")]
    size = v.options["open"] + v.options["hidden"]
    made = 0
    while made < count:
        squares = rng.sample(cells, rng.randint(2, min(v.options["pieces"], 6)))
        hand = tuple(rng.choice(("6", "7", "8", "9", "10", "J", "Q", "K", "A"))
                     for _ in range(size))
        if max(hand.count(x) for x in hand) > v.options["copies"]:
            continue
        foe = rng.choice([c for c in cells if c not in squares])
        state = built(variant, squares, foe, hand, rng.choice(SUITS))
        if RHOMBUS.outcome(state) is None:
            made += 1
            yield state


def search(variant: str, random_count: int = 2000, seed: int = 1, layouts: int = 12,
           climb: int = 60, repeat: int = 3, readings: int = 200) -> BenchResult:
    """Random play, then built flushes on open boards, then a hill climb from the worst."""
    v = VARIANTS[variant]
    result = BenchResult(variant)
    for state in random_positions(variant, random_count, seed):
        actions, seconds = generation_time(state, 1)
        result.random_positions += 1
        result.random_times.append(seconds)
        if actions > result.random_worst_actions:
            result.random_worst_actions = actions
        if actions > result.worst_actions:
            result.worst_actions, result.worst_position = actions, position_text(state, v)
            result.worst_seconds = generation_time(state, repeat)[1]
    rng = random.Random(seed)
    size = v.options["open"] + v.options["hidden"]
    pieces = min(v.options["pieces"], 6)
    copies = v.options["copies"]
    hands = [h for h in combinations_with_replacement(MOVE_VALUES, size)
             if max(h.count(x) for x in h) <= copies]
    best: tuple[int, list[str], str, tuple[str, ...]] = (0, [], "e5", ())
    cells = [n for n in NAMES if n not in ("a1", "e5")]
    for _ in range(layouts):
        squares = rng.sample(cells, pieces)
        for hand in hands:
            actions, _ = generation_time(built(variant, squares, "e5", hand, SUITS[0]), 1)
            result.constructed += 1
            if actions > best[0]:
                best = (actions, squares, "e5", hand)
    actions, squares, foe, hand = best
    for _ in range(climb):
        trial = list(squares)
        trial[rng.randrange(len(trial))] = rng.choice([c for c in cells if c not in trial])
        count, _ = generation_time(built(variant, trial, foe, hand, SUITS[0]), 1)
        result.constructed += 1
        if count > actions:
            actions, squares = count, trial
    if actions > result.worst_actions:
        state = built(variant, squares, foe, hand, SUITS[0])
        result.worst_actions, result.worst_seconds = generation_time(state, repeat)
        result.worst_position = position_text(state, v)
    worst = RHOMBUS.parse_position(result.worst_position, variant)
    result.floor_seconds = object_floor(worst, repeat)
    result.match_times = match_times(worst, readings, seed)
    return result


def public_ambiguity(variant: str, positions: int = 200, seed: int = 1) -> tuple[int, int, int]:
    """Evidence for ``facets_need_confirmation``: of the table-card actions in random play,
    how many the table could tell apart from every action a hand card might make.

    For each table-card action, each card the table cannot rule out (not open, not in the
    discards) is tried as the mover's hand card; if an action with it reads the same on a
    presence board (or reads as more: the session would wait for it to be extended), the
    table could not know that the hand card played no part.  Returns (table-card actions,
    ones a hand card could read the same as, ones a hand card could read the same as or
    extend).  One hand card is assumed (as dealt).
    """
    same = grown = total = 0
    for state in random_positions(variant, positions, seed)[::7]:
        v = VARIANTS[state.variant]
        i = state.to_move
        if len(state.hidden[i]) != 1:
            continue
        seen = [c for h in state.open for c in h] + list(state.discard)
        pool = sorted(set(range(36)) - {c for c in seen if seen.count(c) >= v.options["copies"]})
        ctx = mover_context(state)
        largest = 4 if v.options["formation"] else 3
        reads: list[tuple[int, int]] = []
        for card in pool:
            cards = state.open[i] + (card | HIDDEN,)
            reads += [_reading(m) for m in generate(ctx, cards, largest)
                      if any(c & HIDDEN for c in m.cards)]
        for m in RHOMBUS.hint_moves(state):
            emptied, filled = _reading(m)
            if not emptied and not filled:
                continue  # read as nothing: the phone declares it anyway
            total += 1
            if (emptied, filled) in reads:
                same += 1
            if any(e & emptied == emptied and f & filled == filled for e, f in reads):
                grown += 1
    return total, same, grown


def _reading(m: Move) -> tuple[int, int]:
    """What a presence board shows of an action: squares emptied, squares filled."""
    return m.sources | m.kills & ~m.targets, m.targets & ~m.kills


def report(variants: Iterable[str] | None = None, quick: bool = False,
           also: Callable[[BenchResult], list[str]] | None = None) -> Iterator[str]:
    """Every variant's figures as printable lines (``quick``: small budgets, for a check);
    ``also``: more lines per variant from its result (the session's figures)."""
    for variant in variants or VARIANTS:
        if quick:
            result = search(variant, random_count=100, layouts=1, climb=5, repeat=1,
                            readings=20)
        else:
            result = search(variant)
        yield from result.lines()
        if also is not None:
            yield from also(result)
        total, same, grown = public_ambiguity(variant, 100 if quick else 1400)
        yield (f"rhombus {variant}: privacy: of {total} table-card actions in random "
               f"play, a hand card the table cannot rule out reads the same for {same} "
               f"and the same or more for {grown}")
