"""A Rhombus action as data (``Game.describe``): the cards played, and what happened.

The key says the kind of action (``rhombus.action``, ``rhombus.eliminator``,
``rhombus.entryliminator``, ``rhombus.reactivation``); ``cards`` the cards as they lie open
on the table once played (a committed action's cards are public); ``what`` the parts, in the
order they are said: the mover's pieces (from their squares, and from the reserve, to their
squares: which piece went where is no part of an action, the pieces are alike), the pieces
eliminated (by colour), the pieces that did not move, the cards whose replacement comes
hidden (the mystery 8), the piece a reactivation brings back.
"""

from __future__ import annotations

from typing import Any

from controller.rules.base import Variant
from controller.rules.rhombus.cards import (
    EIGHT,
    ELIMINATE,
    ENTRYLIMINATE,
    REACTIVATE,
    STEPS,
    programs,
    value,
)
from controller.rules.rhombus.explain import card, cards_said, cells
from controller.rules.rhombus.movegen import Move
from controller.rules.rhombus.position import controlled
from controller.rules.rhombus.state import VARIANTS, RhombusState
from controller.said import Message, Piece


def describe(state: RhombusState, v: Variant, move: Move) -> Message:
    """``move`` of ``state`` (the position before it) as a message of ``words.py``."""
    formation = bool(v.options["formation"])
    seats = v.seats
    mover = seats[controlled(state)]
    progs = programs(move.cards, formation)
    said = cards_said(move.cards)
    parts: list[Message] = []
    moved = move.sources.bit_count() + move.entered
    if moved:
        piece = Piece(mover, moved)
        to = cells(move.targets)
        if not move.sources:
            parts.append(Message.of("rhombus.part.enter", piece=piece, to=to))
        elif move.entered:
            parts.append(Message.of("rhombus.part.move-enter", piece=piece, to=to,
                                    **_from(cells(move.sources))))
        else:
            parts.append(Message.of("rhombus.part.move", piece=piece, to=to,
                                    **_from(cells(move.sources))))
    for k, seat in enumerate(seats):
        hit = move.kills & state.pieces[k]
        if hit:
            parts.append(Message.of("rhombus.part.kill", piece=Piece(seat, hit.bit_count()),
                                    cells=cells(hit)))
    reactivation = REACTIVATE in progs
    if reactivation:
        what = (Message.of("rhombus.part.revive", piece=Piece(mover)) if move.revived
                else Message.of("rhombus.part.exchange"))
        return Message.of("rhombus.reactivation", cards=said, what=(what,))
    if not moved and not move.kills:
        stay = any(value(c) in STEPS for c in move.cards) and not _discard(state)
        parts.append(Message.of("rhombus.part.stay" if stay else "rhombus.part.still"))
    eights = tuple(card(c) for c in sorted(move.cards) if value(c) == EIGHT)
    if eights:
        parts.append(Message.of("rhombus.part.mystery", cards=eights, n=len(eights)))
    kind = "rhombus.action"
    one_kill = move.kills.bit_count() == 1 and not move.revived
    if (ENTRYLIMINATE in progs and one_kill and move.entered == 1 and not move.sources
            and move.targets == move.kills):
        kind = "rhombus.entryliminator"
    elif (ELIMINATE in progs and one_kill and not move.entered
          and move.sources.bit_count() == 1 and move.targets == move.kills):
        kind = "rhombus.eliminator"
    return Message.of(kind, cards=said, what=tuple(parts))


def _from(where: Any) -> dict[str, Any]:
    return {"from": where}  # ``from`` is a keyword: the parameter goes by a dict


def _discard(state: RhombusState) -> bool:
    """Whether the mover has no piece to move (Formation: any cards may be played for
    nothing then).  Public on purpose: whether a stuck player's hand had another action is
    the hand's secret, so a stuck player's discard is said as the pieces ending where they
    stood, which it is too."""
    formation = VARIANTS[state.variant].options["formation"]
    return bool(formation and not state.pieces[controlled(state)])
