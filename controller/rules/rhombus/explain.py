"""Why an action is refused, and why a reading of the board is no action: reasons as keys of
the game's words (``words.py``) with typed parameters.

``why_illegal`` is said to the mover only: it may name the mover's own cards (which of the
cards named the mover does not hold), never another hand.  ``why_reading`` is said on the
table: it works from public information only (the board, the reserves, the open table cards
and the card sets the table cannot rule out as the mover's hand), and says nothing when the
public card sets could read so (the mover's hand alone decides then, which the table may not
hear).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from controller.rules.base import Variant
from controller.rules.rhombus.board import BIT, FULL, names, slide, walk
from controller.rules.rhombus.cards import (
    DIAGONAL,
    EIGHT,
    ELIMINATE,
    ENTRYLIMINATE,
    HIDDEN,
    KILLERS,
    NINE,
    REACTIVATE,
    STEPS,
    SUITS,
    VALUES,
    programs,
    value,
)
from controller.rules.rhombus.movegen import Context, Move
from controller.rules.rhombus.state import RhombusState
from controller.said import Card, Cell, Message, Who


def card(held: int) -> Card:
    """A held card as the value said (a hand card is a card like any other)."""
    c = held & ~HIDDEN
    return Card(VALUES[c >> 2], SUITS[c & 3])


def cards_said(cards: Iterable[int]) -> Message:
    """The cards of an action, in order, as they lie on the table ("Q♣ + K♣")."""
    said = [card(c) for c in sorted(cards, key=lambda c: c & ~HIDDEN)]
    return Message.of(f"rhombus.cards.{len(said)}", **dict(zip("abcd", said)))


def cells(mask: int) -> tuple[Cell, ...]:
    """The squares of ``mask`` as cells, a1 first."""
    return tuple(Cell(n) for n in names(mask))


def effect(held: int) -> Message:
    """What one card does."""
    v = value(held)
    c = card(held)
    if v in STEPS:
        steps = STEPS[v]
        if steps == DIAGONAL:
            return Message.of("rhombus.effect.diagonal", card=c)
        return Message.of("rhombus.effect.steps", card=c, n=steps)
    if v in KILLERS:
        return Message.of("rhombus.effect.kill", card=c)
    if v == NINE:
        return Message.of("rhombus.effect.enter", card=c)
    assert v == EIGHT
    return Message.of("rhombus.effect.mystery", card=c)


def _missing(held: tuple[int, ...], wanted: tuple[int, ...]) -> tuple[list[int], Counter[int]]:
    """The cards of ``wanted`` that ``held`` does not have, and the held cards left over."""
    have = Counter(held)
    out = []
    for c in wanted:
        if have[c] > 0:
            have[c] -= 1
        else:
            out.append(c)
    return out, have


def why_illegal(state: RhombusState, v: Variant, move: Move, ctx: Context,
                held: tuple[int, ...]) -> Message:
    """Why ``move`` is no action of the mover's (``ctx``, ``held``: the mover's position and
    cards); the first reason that applies."""
    seat = v.seats[state.to_move]
    formation = bool(v.options["formation"])
    missing, left = _missing(held, move.cards)
    if missing:
        # A card asked for from the hand that lies on the table, or the other way round.
        hand = [c for c in missing if c & HIDDEN and left[c & ~HIDDEN]]
        table = [c for c in missing if not c & HIDDEN and left[c | HIDDEN]]
        others = [c for c in missing if c not in hand and c not in table]
        if others:
            return Message.of("rhombus.illegal.not-held", cards=tuple(card(c) for c in others))
        if hand:
            return Message.of("rhombus.illegal.not-hand", cards=tuple(card(c) for c in hand),
                              n=len(hand))
        return Message.of("rhombus.illegal.not-table", cards=tuple(card(c) for c in table),
                          n=len(table))
    progs = programs(move.cards, formation)
    if not progs:
        key = "no-combination-formation" if formation else "no-combination"
        return Message.of(f"rhombus.illegal.{key}", cards=cards_said(move.cards))
    wrong_own = move.sources & ~ctx.own
    if wrong_own:
        return Message.of("rhombus.illegal.not-own", cells=cells(wrong_own),
                          n=wrong_own.bit_count())
    values = [value(c) for c in move.cards]
    if move.entered:
        if ctx.reserve == 0:
            return Message.of("rhombus.illegal.reserve-empty", who=Who(seat))
        if move.entered > ctx.reserve:
            return Message.of("rhombus.illegal.reserve-short", who=Who(seat), n=ctx.reserve)
        if NINE not in values:
            return Message.of("rhombus.illegal.needs-nine")
        if ctx.corner & (ctx.blockers | ctx.own & ~move.sources):
            return Message.of("rhombus.illegal.start-taken", cell=cells(ctx.corner)[0])
    landing = move.targets & ~move.kills
    on_partner = landing & ctx.blockers
    if on_partner:
        return Message.of("rhombus.illegal.on-partner", cells=cells(on_partner),
                          n=on_partner.bit_count())
    taken = landing & (ctx.own & ~move.sources | ctx.foes)
    if taken:
        return Message.of("rhombus.illegal.taken", cells=cells(taken), n=taken.bit_count())
    not_foes = move.kills & ~ctx.foes
    if not_foes:
        return Message.of("rhombus.illegal.no-foe", cells=cells(not_foes),
                          n=not_foes.bit_count())
    if move.revived and REACTIVATE not in progs:
        return Message.of("rhombus.illegal.only-reactivation")
    if REACTIVATE in progs and bool(move.revived) != bool(ctx.out):
        if ctx.out:
            return Message.of("rhombus.illegal.must-revive", n=ctx.out)
        return Message.of("rhombus.illegal.none-eliminated")
    breaks = ELIMINATE in progs or ENTRYLIMINATE in progs
    if move.kills and not breaks and not any(v in KILLERS for v in values):
        return Message.of("rhombus.illegal.needs-killer")
    shielded = move.kills & ctx.foes & ~ctx.killable
    if shielded and not breaks:
        return Message.of("rhombus.illegal.blockade", cells=cells(shielded),
                          n=shielded.bit_count())
    effects = tuple(effect(c) for c in sorted(move.cards, key=lambda c: c & ~HIDDEN))
    key = "cannot-move" if any(v in STEPS for v in values) else "cannot"
    return Message.of(f"rhombus.illegal.{key}", cards=cards_said(move.cards), effects=effects)


# ---- a reading -----------------------------------------------------------------------------


def why_reading(state: RhombusState, v: Variant, ctx: Context, public_sets: Iterable[
        tuple[int, ...]], lifted: int, placed: int) -> Message | None:
    """Why the board's reading (``lifted``: the squares a piece was taken off, ``placed``:
    those a piece was put on or whose piece changed) is no action the table can see: the
    position ``ctx`` of the mover, ``public_sets``: the card sets the table cannot rule out
    (the caller has checked that none of them reads so).  None: nothing to say."""
    seat = v.seats[state.to_move]
    formation = bool(v.options["formation"])
    sets = list(public_sets)
    breakers = any(ELIMINATE in programs(c, formation) or ENTRYLIMINATE in programs(c, formation)
                   for c in sets)
    before = ctx.own | ctx.blockers | ctx.foes
    partner = lifted & ctx.blockers
    if partner:
        return Message.of("rhombus.illegal.partner-piece", cells=cells(partner),
                          who=Who(seat), n=partner.bit_count())
    on_partner = placed & ctx.blockers
    if on_partner:
        return Message.of("rhombus.illegal.on-partner", cells=cells(on_partner),
                          n=on_partner.bit_count())
    # A piece put on an opponent's (a sensor that tells colours), or an opponent's taken off
    # and left empty: a kill, which a blockade stops but for the eliminator.
    touched_foes = (placed | lifted) & ctx.foes
    if touched_foes and not breakers and not any(_kills(c) for c in sets):
        return Message.of("rhombus.illegal.needs-killer")
    victims = touched_foes & ~ctx.killable
    if victims and not breakers:
        return Message.of("rhombus.illegal.blockade", cells=cells(victims),
                          n=victims.bit_count())
    arrived = (placed & ~before).bit_count() - (lifted & ctx.own).bit_count()
    if arrived > 0:
        if ctx.reserve == 0:
            return Message.of("rhombus.illegal.reserve-empty", who=Who(seat))
        if arrived > ctx.reserve:
            return Message.of("rhombus.illegal.reserve-short", who=Who(seat), n=ctx.reserve)
        corner = ctx.corner
        corner_cell = cells(corner)[0]
        if not corner & lifted:
            held_by = corner & before
            if held_by & (ctx.own | ctx.blockers):
                return Message.of("rhombus.illegal.start-taken", cell=corner_cell)
            entry_kill = bool(held_by & ctx.killable) and any(_kills(c) for c in sets)
            if held_by & ctx.foes and not (entry_kill or breakers):
                return Message.of("rhombus.illegal.start-taken", cell=corner_cell)
        if not any(NINE in (value(c) for c in cs) for cs in sets):
            return Message.of("rhombus.illegal.needs-nine")
        if not corner & placed and not lifted & ctx.own:
            return Message.of("rhombus.illegal.enter-corner", cell=corner_cell)
        return None
    own_lifted = lifted & ctx.own
    empty_placed = placed & ~before
    if own_lifted.bit_count() == 1 and empty_placed.bit_count() == 1 and not placed & before:
        return _one_step(ctx, own_lifted, empty_placed)
    return None


def _kills(cards: tuple[int, ...]) -> bool:
    """Whether a card set may eliminate: a 7 or a 10 with a card that ends a piece
    somewhere (a move card, or a 9 onto the start corner)."""
    values = [value(c) for c in cards]
    return any(v in KILLERS for v in values) and any(v in STEPS or v == NINE for v in values)


# Orthogonal distances one card can end a piece at: a walk of ``s`` steps, looping round a
# block of four where the way is free, ends at any distance of its parity up to ``s``.
_ONE_CARD = {d for s in STEPS.values() if s != DIAGONAL for d in range(s % 2 or 2, s + 1, 2)}


def _one_step(ctx: Context, source: int, target: int) -> Message | None:
    """A single piece moved from ``source`` to the empty ``target``: the distance no card
    goes, or a way that is blocked."""
    i, j = source.bit_length() - 1, target.bit_length() - 1
    df, dr = abs(i % 5 - j % 5), abs(i // 5 - j // 5)
    diagonal = df == dr
    distance = df + dr
    if not diagonal and distance not in _ONE_CARD:
        return Message.of("rhombus.illegal.distance", n=distance)
    free = FULL & ~(ctx.own | ctx.blockers | ctx.foes)
    reached = slide(source, free, 0) if diagonal else 0
    for steps in set(STEPS.values()):
        if steps != DIAGONAL:
            reached |= walk(source, steps, free | source, 0)
    if not reached & target:
        return Message.of("rhombus.illegal.way-blocked", **{
            "from": cells(source)[0], "to": cells(target)[0]})
    return None


def square_mask(positions: Iterable[str]) -> int:
    """The board squares among ``positions`` (zones are left out)."""
    return sum(BIT[p] for p in positions if p in BIT)
