"""Why an action is refused, in a sentence.

Messages name only what the table may know: a refusal never lists the mover's hand cards.
"""

from __future__ import annotations

from controller.rules.base import Variant
from controller.rules.rhombus.board import names
from controller.rules.rhombus.cards import (
    ELIMINATE,
    ENTRYLIMINATE,
    REACTIVATE,
    STEPS,
    VALUES,
    card_text,
    multiset_contains,
    programs,
    value,
)
from controller.rules.rhombus.movegen import Context, Move
from controller.rules.rhombus.state import RhombusState

EFFECTS = {"6": "moves a piece exactly 6 squares", "7": "kills (or does nothing)",
           "8": "does nothing (its replacement is drawn hidden)",
           "9": "brings a reserve piece onto the start corner (or does nothing)",
           "10": "kills (or does nothing)", "J": "slides a piece diagonally",
           "Q": "moves a piece exactly 3 squares", "K": "moves a piece exactly 2 squares",
           "A": "moves a piece exactly 1 square"}

COMBINATIONS = ("one card; two cards of one suit with consecutive values (6 7 8 9 10 J Q K A, "
                "no wrap); a Q, K, A or J with a 7 or 10 of its suit that kills; three cards "
                "of one suit (a flush, or a straight flush as the eliminator); three of a value")
FORMATION_EXTRA = ("; in Formation also two identical cards, four cards of one suit, and a 9 "
                   "with a straight flush of its suit (the entryliminator)")


def why_illegal(state: RhombusState, v: Variant, move: Move, ctx: Context,
                held: tuple[int, ...], text: str) -> str:
    seat = v.seats[state.to_move]
    formation = v.options["formation"]
    table = ", ".join(card_text(c) for c in state.open[state.to_move]) or "none"
    if not multiset_contains(held, move.cards):
        return (f"{text}: {seat} does not hold those cards (table cards: {table}; hand cards: "
                f"{len(state.hidden[state.to_move])}; a hand card is written with '*', KC*)")
    progs = programs(move.cards, formation)
    if not progs:
        return (f"{text}: those cards are no action; an action is "
                + COMBINATIONS + (FORMATION_EXTRA if formation else ""))
    wrong_own = names(move.sources & ~ctx.own)
    if wrong_own:
        return f"{text}: {', '.join(wrong_own)} holds no piece {seat} may move"
    taken = names(move.targets & ~move.kills & (ctx.own & ~move.sources | ctx.blockers | ctx.foes))
    if taken:
        return (f"{text}: {', '.join(taken)} is taken; a piece ends only on an empty square, "
                "or on an opponent piece the same action kills")
    not_foes = names(move.kills & ~ctx.foes)
    if not_foes:
        return f"{text}: {', '.join(not_foes)} holds no opponent piece to kill"
    if move.entered > ctx.reserve:
        return f"{text}: only {ctx.reserve} piece(s) wait in the reserve"
    if move.revived and REACTIVATE not in progs:
        return f"{text}: only a reactivation (three cards of one value) revives a piece"
    if REACTIVATE in progs and bool(move.revived) != bool(ctx.out):
        return (f"{text}: a reactivation brings back an eliminated piece when there is one "
                f"({ctx.out} eliminated): write 'revive' exactly then")
    shielded = names(move.kills & ctx.foes & ~ctx.killable)
    if shielded and ELIMINATE not in progs and ENTRYLIMINATE not in progs:
        return (f"{text}: {', '.join(shielded)} stands in a blockade (three or more on one "
                "diagonal); only the eliminator breaks it")
    effects = "; ".join(f"{VALUES[value(c)]} {EFFECTS[VALUES[value(c)]]}" for c in move.cards)
    moving = [VALUES[value(c)] for c in move.cards if value(c) in STEPS]
    note = (" (every move card must move, through empty squares, never straight back, and "
            "not end where it started)" if moving else "")
    return f"{text}: the cards cannot do that here: {effects}{note}"
