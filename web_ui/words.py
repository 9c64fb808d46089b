"""The session's messages in words, at the edge: for the pages and the simulate command.

The session says what it means as a ``Message`` (a key and its parameters,
``controller.session.messages``); this module turns each key into a sentence in the reader's
language, from the gettext catalogs (``web_ui.i18n``).  Seats and pieces are named in the
players' words (``web_ui.vocab``), lists and numbers formatted by Babel for the language.
Every key the session can send has an entry (``tests/web_ui/test_catalogs.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from babel.lists import format_list
from babel.support import NullTranslations

from controller.rules.base import Game
from controller.session.messages import Message
from web_ui.i18n import DEFAULT, translator
from web_ui.vocab import N_, piece_name, seat_name


class Words:
    """One reader's words: their language's catalog, for one game."""

    def __init__(self, game: Game[Any, Any], lang: str = DEFAULT) -> None:
        self.game = game
        self.lang = lang
        self.t: NullTranslations = translator(lang)

    def _(self, text: str, **params: Any) -> str:
        said = self.t.gettext(text)
        return said % params if params else said

    def word(self, text: str) -> str:
        """A word chosen at run time (a mode, a level), marked for the catalogs where it is
        defined."""
        return self.t.gettext(text)

    def n_(self, one: str, many: str, n: int, **params: Any) -> str:
        return self.t.ngettext(one, many, n) % {"n": n, **params}

    def listed(self, items: Sequence[str], most: int | None = None) -> str:
        """``A1, B2 and C3`` in the reader's language (``most``: the first few, then how many
        more)."""
        items = [str(i) for i in items]
        if most is not None and len(items) > most:
            rest = len(items) - most
            return self._("%(first)s and %(count)s more",
                          first=", ".join(items[:most]), count=rest)
        return format_list(items, locale=self.lang) if items else ""

    def seat(self, seat: str) -> str:
        return seat_name(self.game, seat, self.t)

    def piece(self, piece: str, n: int = 1) -> str:
        return piece_name(self.game, piece, self.t, n)


Render = Callable[[Message, Words], str]


def _setup(m: Message, w: Words) -> str:
    parts = []
    for kind, cells in m["put"]:
        where = w.listed(cells, most=8)
        if not kind:
            parts.append(w._("put pieces on %(where)s", where=where))
        elif len(cells) == 1:
            parts.append(w._("put a %(piece)s on %(where)s", piece=w.piece(kind), where=where))
        else:
            parts.append(w._("put %(pieces)s on %(where)s", pieces=w.piece(kind, len(cells)),
                             where=where))
    if m["off"]:
        parts.append(w._("take the pieces off %(where)s", where=w.listed(m["off"])))
    return w._("Set up the board: %(steps)s.", steps="; ".join(parts))


def correction(pairs: Sequence[tuple[str | None, str | None]], w: Words | None = None) -> str:
    """Pieces to move back, (from, to) pairs, in words."""
    w = w or _ENGLISH
    parts = []
    for src, dst in pairs:
        if src and dst and src == dst:
            parts.append(w._("put the right piece on %(cell)s", cell=dst))
        elif src and dst:
            parts.append(w._("move the piece on %(source)s back to %(cell)s", source=src,
                             cell=dst))
        elif src:
            parts.append(w._("take the piece off %(cell)s", cell=src))
        elif dst:
            parts.append(w._("put a piece back on %(cell)s", cell=dst))
    if not parts:
        return ""
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


def _computer(m: Message, w: Words) -> str:
    take = w.listed(m["take"]) or w._("the pieces shown")
    put = w.listed(m["put"]) or w._("nowhere")
    return w._("%(seat)s (computer) plays %(move)s: take from %(take)s, put on %(put)s (the "
               "lights blink where to take from).", seat=w.seat(m["seat"]), move=m["move"],
               take=take, put=put)


def _waiting_steps(m: Message, w: Words) -> str:
    steps = []
    if m["take"]:
        steps.append(w.n_("take the piece off %(cells)s", "take the pieces off %(cells)s",
                          len(m["take"]), cells=w.listed(m["take"])))
    if m["put"]:
        steps.append(w.n_("put a piece on %(cells)s", "put pieces on %(cells)s", len(m["put"]),
                          cells=w.listed(m["put"])))
    return w._("To finish %(seat)s's move: %(steps)s.", seat=w.seat(m["seat"]),
               steps="; ".join(steps))


def _unknown_facet(m: Message, w: Words) -> str:
    if m["facets"]:
        return w._("%(facet)r is nothing to declare; here you may declare: %(facets)s",
                   facet=m["facet"], facets=w.listed(m["facets"]))
    return w._("%(facet)r is nothing to declare; no move here needs one: the board sees them "
               "all", facet=m["facet"])


# The modes a refusal may name, for the catalogs (translated where they are used).
MODES = {"setup": N_("being set up"), "playing": N_("being played"), "over": N_("over"),
         "disconnected": N_("disconnected from the board")}

WORDS: dict[str, Render] = {
    "setup.place": _setup,
    "correction.pairs": lambda m, w: correction(m["pairs"], w),
    "illegal.no-move": lambda m, w: w._("That is not a legal move here."),
    "illegal.not-yours": lambda m, w: w._("The piece from %(place)s is %(owner)s's: it is "
                                          "%(seat)s's turn. Put it back.",
                                          place=m["place"], owner=w.seat(m["owner"]),
                                          seat=w.seat(m["seat"])),
    "illegal.cannot-move": lambda m, w: w._("The %(piece)s on %(place)s cannot move now. Put "
                                            "it back.", piece=w.piece(m["piece"]),
                                            place=m["place"]),
    "illegal.cannot-go": lambda m, w: w._("The %(piece)s from %(place)s cannot go to %(to)s; "
                                          "it can go to %(reach)s.",
                                          piece=w.piece(m["piece"]), place=m["place"],
                                          to=w.listed(m["to"]), reach=w.listed(m["reach"])),
    "private.cannot": lambda m, w: w._("Your hand cannot make that move: put the pieces back "
                                       "as they were."),
    "choose.which": lambda m, w: w._("The board shows more than one move: which did you "
                                     "make?"),
    "takeback.board": lambda m, w: w._("The board shows the position before %(moves)s. Take "
                                       "back?", moves=w.listed(m["undone"])),
    "takeback.asked": lambda m, w: w._("%(seat)s asks to take back %(move)s. Take back?",
                                       seat=w.seat(m["seat"]), move=m["move"]),
    "draw.offered": lambda m, w: w._("%(seat)s offers a draw.", seat=w.seat(m["seat"])),
    "computer.plays": _computer,
    "waiting.steps": _waiting_steps,
    "waiting.moving": lambda m, w: (
        w._("%(seat)s is moving: the piece from %(cells)s is still in the hand.",
            seat=w.seat(m["seat"]), cells=w.listed(m["lifted"])) if m["lifted"]
        else w._("%(seat)s is moving.", seat=w.seat(m["seat"]))),
    "waiting.phone": lambda m, w: w._("Waiting for %(seat)s's phone: say there what you "
                                      "played.", seat=w.seat(m["seat"])),
    # refusals
    "button.unknown": lambda m, w: w._("this board has no button %(button)r; its buttons: "
                                       "%(buttons)s", button=m["button"],
                                       buttons=w.listed(m["buttons"]) or w._("none")),
    "end.not-playing": lambda m, w: w._("no move to end: the game is %(mode)s",
                                        mode=w.word(MODES.get(m["mode"], m["mode"]))),
    "end.ambiguous": lambda m, w: w._("the board shows more than one move: choose yours on "
                                      "your phone"),
    "end.nothing-yet": lambda m, w: w._("nothing to end yet: the board does not show a whole "
                                        "move; finish it, or put the pieces back"),
    "end.nothing-first": lambda m, w: w._("nothing to end: make your move on the board "
                                          "first"),
    "end.nothing-taken": lambda m, w: w._("nothing to end: your move was already taken"),
    "seat.unknown": lambda m, w: w._("%(seat)r is not a seat of this game; seats: %(seats)s",
                                     seat=m["seat"], seats=w.listed(m["seats"])),
    "draw.none-offered": lambda m, w: w._("nobody has offered a draw"),
    "takeback.none": lambda m, w: w._("there is no move to take back"),
    "takeback.no-offer": lambda m, w: w._("there is no take-back to answer"),
    "action.not-playing": lambda m, w: w._("the game is %(mode)s; that action waits for play",
                                           mode=w.word(MODES.get(m["mode"], m["mode"]))),
    "action.not-your-turn": lambda m, w: w._("it is %(to_move)s's turn, not %(seat)s's",
                                             to_move=w.seat(m["to_move"] or ""),
                                             seat=w.seat(m["seat"])),
    "choose.not-shown": lambda m, w: w._("%(move)r is not a move the board shows now (it "
                                         "shows: %(offered)s)", move=m["move"],
                                         offered=w.listed(m["offered"]) or w._("none")),
    "declare.unknown-facet": _unknown_facet,
    "declare.not-held": lambda m, w: w._("none of your moves has %(facet)s %(value)r; yours: "
                                         "%(values)s", facet=m["facet"], value=m["value"],
                                         values=w.listed(m["values"])),
    "declare.meta": lambda m, w: w._("%(move)r is not a move to declare: to give up, use "
                                     "Resign on your own page (a seat resigns only for "
                                     "itself); to end in a draw, offer one", move=m["move"]),
    "computer.illegal": lambda m, w: w._("the computer's move %(move)s is not legal here",
                                         move=m["move"]),
    "game.over": lambda m, w: w._("the game is already over"),
    # The rules core explains a refused move in English; that sentence reaches only a phone
    # that sent a move text the rules refuse (a hand-made request, or a race with the board).
    "rules.refused": lambda m, w: (str(m["text"]) if w.lang == "en"
                                   else w._("the rules do not allow that move")),
}


def words(message: Message, game: Game[Any, Any], lang: str = DEFAULT) -> str:
    """``message`` in words, in ``lang``."""
    render = WORDS.get(message.key)
    if render is None:
        raise KeyError(f"no words for the session's message {message.key!r}")
    return render(message, Words(game, lang))


class _English(Words):
    def __init__(self) -> None:  # no game: correction words name only positions
        self.lang = DEFAULT
        self.t = translator(DEFAULT)


_ENGLISH = _English()
