"""The session's messages in words, at the edge: for the pages and the simulate command.

The session says what it means as a ``Message`` (a key and its parameters,
``controller.session.messages``); this module turns each key into a sentence.  Every key the
session can send has an entry (``tests/web_ui/test_words.py`` checks that none is missing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from controller.rules.base import Game
from controller.session.messages import Message

Render = Callable[[Message, Game[Any, Any]], str]


def _listed(items: Sequence[str], most: int = 8) -> str:
    shown = ", ".join(items[:most])
    return shown + (f" and {len(items) - most} more" if len(items) > most else "")


def _setup(m: Message, game: Game[Any, Any]) -> str:
    parts = []
    for kind, cells in m["put"]:
        name = game.piece_name(kind, plural=len(cells) > 1) if kind else "pieces"
        name = name if len(cells) > 1 else f"a {name}"
        parts.append(f"put {name} on {_listed(cells)}")
    if m["off"]:
        parts.append("take the pieces off " + ", ".join(m["off"]))
    return "Set up the board: " + "; ".join(parts) + "."


def correction(pairs: Sequence[tuple[str | None, str | None]]) -> str:
    """Pieces to move back, (from, to) pairs, in words."""
    parts = []
    for src, dst in pairs:
        if src and dst and src == dst:
            parts.append(f"put the right piece on {dst}")
        elif src and dst:
            parts.append(f"move the piece on {src} back to {dst}")
        elif src:
            parts.append(f"take the piece off {src}")
        elif dst:
            parts.append(f"put a piece back on {dst}")
    if not parts:
        return ""
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


def _computer(m: Message, game: Game[Any, Any]) -> str:
    take = ", ".join(m["take"]) or "the pieces shown"
    put = ", ".join(m["put"]) or "nowhere"
    return (f"{game.seat_name(m['seat'])} (computer) plays {m['move']}: take from {take}, put "
            f"on {put} (the lights blink where to take from).")


def _unknown_facet(m: Message, game: Game[Any, Any]) -> str:
    known = (f"here you may declare: {', '.join(m['facets'])}" if m["facets"]
             else "no move here needs one: the board sees them all")
    return f"{m['facet']!r} is nothing to declare; {known}"


WORDS: dict[str, Render] = {
    "setup.place": _setup,
    "correction.pairs": lambda m, g: correction(m["pairs"]),
    "illegal.no-move": lambda m, g: "That is not a legal move here.",
    "private.cannot": lambda m, g: ("Your hand cannot make that move: put the pieces back as "
                                    "they were."),
    "choose.which": lambda m, g: "The board shows more than one move: which did you make?",
    "takeback.board": lambda m, g: (f"The board shows the position before "
                                    f"{', '.join(m['undone'])}. Take back?"),
    "takeback.asked": lambda m, g: f"{m['seat']} asks to take back {m['move']}. Take back?",
    "draw.offered": lambda m, g: f"{m['seat']} offers a draw.",
    "computer.plays": _computer,
    # refusals
    "button.unknown": lambda m, g: (f"this board has no button {m['button']!r}; its buttons: "
                                    f"{', '.join(m['buttons']) or 'none'}"),
    "end.not-playing": lambda m, g: f"no move to end: the game is {m['mode']}",
    "end.ambiguous": lambda m, g: ("the board shows more than one move: choose yours on your "
                                   "phone"),
    "end.nothing-yet": lambda m, g: ("nothing to end yet: the board does not show a whole "
                                     "move; finish it, or put the pieces back"),
    "end.nothing-first": lambda m, g: "nothing to end: make your move on the board first",
    "end.nothing-taken": lambda m, g: "nothing to end: your move was already taken",
    "seat.unknown": lambda m, g: (f"{m['seat']!r} is not a seat of this game; seats: "
                                  f"{', '.join(m['seats'])}"),
    "draw.none-offered": lambda m, g: "nobody has offered a draw",
    "takeback.none": lambda m, g: "there is no move to take back",
    "takeback.no-offer": lambda m, g: "there is no take-back to answer",
    "action.not-playing": lambda m, g: (f"the game is {m['mode']}; that action waits for "
                                        "play"),
    "action.not-your-turn": lambda m, g: f"it is {m['to_move']}'s turn, not {m['seat']}'s",
    "choose.not-shown": lambda m, g: (f"{m['move']!r} is not a move the board shows now (it "
                                      f"shows: {', '.join(m['offered']) or 'none'})"),
    "declare.unknown-facet": _unknown_facet,
    "declare.not-held": lambda m, g: (f"none of your moves has {m['facet']} {m['value']!r}; "
                                      f"yours: {', '.join(m['values'])}"),
    "declare.meta": lambda m, g: (f"{m['move']!r} is not a move to declare: to give up, use "
                                  "Resign on your own page (a seat resigns only for itself); "
                                  "to end in a draw, offer one"),
    "computer.illegal": lambda m, g: f"the computer's move {m['move']} is not legal here",
    "game.over": lambda m, g: "the game is already over",
    "rules.refused": lambda m, g: str(m["text"]),
}


def words(message: Message, game: Game[Any, Any]) -> str:
    """``message`` in words."""
    render = WORDS.get(message.key)
    if render is None:
        raise KeyError(f"no words for the session's message {message.key!r}")
    return render(message, game)
