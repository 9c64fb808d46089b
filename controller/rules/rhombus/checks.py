"""A position text read back is checked for what no game can reach: pieces or cards that
appear from nowhere or vanish."""

from __future__ import annotations

from collections import Counter

from controller.errors import ParseError
from controller.rules.base import Variant
from controller.rules.rhombus.cards import card_text, deck
from controller.rules.rhombus.state import RhombusState


def check_position(state: RhombusState, v: Variant) -> None:
    o = v.options
    for seat, mask, reserve, out in zip(v.seats, state.pieces, state.reserve, state.out):
        total = mask.bit_count() + reserve + out
        if total != o["pieces"]:
            raise ParseError(f"{seat} has {mask.bit_count()} pieces on the board, {reserve} in "
                             f"reserve and {out} eliminated: {total}, not {o['pieces']}")
        if o["formation"] and out:
            raise ParseError(f"{seat} has {out} eliminated pieces; in Formation they return "
                             "to the reserve (out= must be 0)")
    held = o["open"] + o["hidden"]
    for seat, opens, hidden in zip(v.seats, state.open, state.hidden):
        if len(opens) > o["open"] or len(opens) + len(hidden) > held:
            raise ParseError(f"{seat} holds {len(opens)} table and {len(hidden)} hand cards; "
                             f"at most {o['open']} on the table and {held} in all")
    cards: Counter[int] = Counter(state.pile + state.discard)
    for opens, hidden in zip(state.open, state.hidden):
        cards.update(opens + hidden)
    full = Counter(deck(o["copies"]))
    if cards != full:
        extra = sorted((cards - full).elements())
        missing = sorted((full - cards).elements())
        parts = []
        if extra:
            parts.append("too many " + ", ".join(card_text(c) for c in extra))
        if missing:
            parts.append("missing " + ", ".join(card_text(c) for c in missing))
        raise ParseError(f"the cards of hands, pile and discards are not the {v.name} deck "
                         f"({o['copies'] * 36} cards): {'; '.join(parts)}")
