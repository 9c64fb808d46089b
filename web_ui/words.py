"""The one wording layer: whatever the core and the session say, in the reader's language.

The rules core describes (a move's parts, a place's kind and owner, a termination, a refusal
reason) and the session names what it has to say; both as a ``Message``, a key and typed
parameters (``controller.said``).  This module turns a message into a sentence in the
reader's language from the gettext catalogs (``web_ui.i18n``): the game's own templates and
the shared ones (``controller/rules/<game>/words.py``, ``controller/rules/words.py``) through
``controller.said.say``, the session's keys through the renderers below.  Seats and pieces are
named in the players' words (``web_ui.vocab``), lists and numbers formatted by Babel for the
language.  Every page, the club's pages, the CSV export and the simulate command say things
through ``words``; every key the session can send has an entry here
(``tests/web_ui/test_catalogs.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from babel.lists import format_list
from babel.numbers import format_decimal
from babel.support import NullTranslations

from controller.rules.base import Game
from controller.rules.words import WORDS as SHARED
from controller.said import Cell, From, Message, Place, Template, To, say, word
from web_ui.i18n import DEFAULT, translator
from web_ui.vocab import N_, piece_name, seat_name


class Words:
    """One reader's words: their language's catalog, for one game (a ``Speaker``)."""

    def __init__(self, game: Game[Any, Any] | None, lang: str = DEFAULT) -> None:
        self.game = game
        self.lang = lang
        self.t: NullTranslations = translator(lang)

    # ---- the Speaker protocol (controller.said) ----------------------------------------------

    def template(self, key: str) -> Template | None:
        own = self.game.words if self.game is not None else {}
        return own.get(key) or SHARED.get(key)

    def gettext(self, text: str) -> str:
        return self.t.gettext(text)

    def ngettext(self, one: str, many: str, n: int) -> str:
        return self.t.ngettext(one, many, n)

    def seat(self, seat: str) -> str:
        return seat_name(self.game, seat, self.t) if self.game is not None else seat

    def piece(self, kind: str, n: int = 1) -> str:
        """One piece of a kind ("black marble"), more with their number ("2 black
        marbles"), ``n`` 0 the kind in general ("black marbles")."""
        if self.game is None:
            return kind
        name = piece_name(self.game, kind, self.t, 1 if n == 1 else 2)
        return name if n in (0, 1) else f"{self.number(n)} {name}"

    def listed(self, items: Sequence[str], most: int | None = None) -> str:
        """``A1, B2 and C3`` in the reader's language (``most``: the first few, then how many
        more)."""
        items = [str(i) for i in items]
        if most is not None and len(items) > most:
            rest = len(items) - most
            return self._("%(first)s and %(count)s more",
                          first=", ".join(items[:most]), count=rest)
        return format_list(items, locale=self.lang) if items else ""

    def either(self, items: Sequence[str]) -> str:
        """``A1, B2 or C3`` in the reader's language: one of them."""
        return format_list([str(i) for i in items], style="or", locale=self.lang)

    def number(self, n: int) -> str:
        return str(format_decimal(n, locale=self.lang))

    # ---- for the renderers ----------------------------------------------------------------

    def _(self, text: str, **params: Any) -> str:
        said = self.t.gettext(text)
        return said % params if params else said

    def word(self, text: str) -> str:
        """A word chosen at run time (a mode, a level), marked for the catalogs where it is
        defined."""
        return self.t.gettext(text)

    def n_(self, one: str, many: str, n: int, **params: Any) -> str:
        return self.t.ngettext(one, many, n) % {"n": self.number(n), **params}

    def say(self, value: Any) -> str:
        """A message or a typed value (``controller.said``) in words."""
        return say(value, self) if isinstance(value, Message) else word(value, self)

    def place(self, position: str) -> str:
        """A position of the game's geometry as players name it (a cell's printed name,
        "Black's tray")."""
        return self.say(self.game.place(position) if self.game is not None else Cell(position))

    def places(self, positions: Sequence[str], most: int | None = None) -> str:
        """Positions by name, listed."""
        return self.listed([self.place(p) for p in positions], most)

    def to(self, positions: Sequence[str]) -> str:
        """Positions as where pieces go ("on C3 and D4", "into Black's tray")."""
        return self.say(tuple(To(self._place(p)) for p in positions))

    def from_(self, positions: Sequence[str]) -> str:
        """Positions as where pieces come from ("off C3", "out of Black's tray")."""
        return self.say(tuple(From(self._place(p)) for p in positions))

    def _place(self, position: str) -> Place:
        return self.game.place(position) if self.game is not None else Cell(position)


Render = Callable[[Message, Words], str]


def _setup(m: Message, w: Words) -> str:
    parts = []
    for kind, cells in m["put"]:
        if not kind:
            parts.append(w._("put pieces %(where)s", where=w.to(cells)))
        elif len(cells) == 1:
            parts.append(w._("put a %(piece)s %(where)s", piece=w.piece(kind), where=w.to(cells)))
        else:
            where = (w._("on %(places)s", places=w.places(cells, most=8)) if len(cells) > 8
                     else w.to(cells))
            parts.append(w._("put %(pieces)s %(where)s", pieces=w.piece(kind, len(cells)),
                             where=where))
    if m["off"]:
        parts.append(w._("take the pieces %(where)s", where=w.from_(m["off"])))
    return w._("Set up the board: %(steps)s.", steps="; ".join(parts))


def correction(pairs: Sequence[tuple[str | None, str | None]], w: Words | None = None) -> str:
    """Pieces to move back, (from, to) pairs, in words."""
    w = w or Words(None)
    parts = []
    for src, dst in pairs:
        if src and dst and src == dst:
            parts.append(w._("put the right piece on %(cell)s", cell=w.place(dst)))
        elif src and dst:
            parts.append(w._("move the piece on %(source)s back to %(cell)s",
                             source=w.place(src), cell=w.place(dst)))
        elif src:
            parts.append(w._("take the piece %(where)s", where=w.from_([src])))
        elif dst:
            parts.append(w._("put a piece back %(where)s", where=w.to([dst])))
    if not parts:
        return ""
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


def _computer(m: Message, w: Words) -> str:
    seat, move = w.seat(m["seat"]), w.say(m["move"])
    if not m["take"] and not m["put"]:
        return w._("%(seat)s (computer): %(move)s.", seat=seat, move=move)
    steps = []
    if m["take"]:
        steps.append(w._("Take: %(pieces)s.", pieces=w.say(m["take"])))
    if m["put"]:
        steps.append(w._("Put: %(pieces)s.", pieces=w.say(m["put"])))
    return w._("%(seat)s (computer): %(move)s. %(steps)s The lights blink where to take from.",
               seat=seat, move=move, steps=" ".join(steps))


def _remote_played(m: Message, w: Words) -> str:
    seat, move, board = w.seat(m["seat"]), w.say(m["move"]), m["board"]
    if not m["take"] and not m["put"]:
        return w._("%(seat)s played at %(board)s: %(move)s.", seat=seat, board=board, move=move)
    steps = []
    if m["take"]:
        steps.append(w._("Take: %(pieces)s.", pieces=w.say(m["take"])))
    if m["put"]:
        steps.append(w._("Put: %(pieces)s.", pieces=w.say(m["put"])))
    return w._("%(seat)s played at %(board)s: %(move)s. %(steps)s The lights blink where to "
               "take from.", seat=seat, board=board, move=move, steps=" ".join(steps))


def _waiting_steps(m: Message, w: Words) -> str:
    steps = []
    if m["take"]:
        steps.append(w.n_("take the piece %(places)s", "take the pieces %(places)s",
                          len(m["take"]), places=w.say(m["take"])))
    if m["put"]:
        steps.append(w.n_("put a piece %(places)s", "put pieces %(places)s", len(m["put"]),
                          places=w.say(m["put"])))
    # Where every move on the way needs one of a few places cleared, each its own: which,
    # by kind of piece (a DRHOMBIX nest takes any one free piece of the other colour).
    take_one = m.get("take_one")
    if take_one:
        places = w.either([w.say(p) for p in take_one])
        piece = m.get("take_piece")
        steps.append(w._("take one of the %(pieces)s off: %(places)s",
                         pieces=w.say(piece), places=places) if piece
                     else w._("take one of the pieces off: %(places)s", places=places))
    return w._("To finish %(seat)s's move: %(steps)s.", seat=w.seat(m["seat"]),
               steps="; ".join(steps))


def _takeback_board(m: Message, w: Words) -> str:
    undone = m["undone"]
    return w.n_("The board shows the position before this move: %(moves)s.",
                "The board shows the position before these %(n)s moves: %(moves)s.",
                len(undone), moves="; ".join(w.say(u) for u in undone)) + _who_answers(m, w)


def _takeback_asked(m: Message, w: Words) -> str:
    return w._("%(seat)s asks to take back this move: %(move)s.", seat=w.seat(m["seat"]),
               move=w.say(m["move"])) + _who_answers(m, w)


def _who_answers(m: Message, w: Words) -> str:
    """Who may take it back: the other side on their phone, or the table for them."""
    answer = m.get("answer") or ()
    if not answer:
        return ""
    seats = w.either([w.seat(s) for s in answer])
    if m.get("phone"):
        return " " + w._("%(seats)s answers on their phone.", seats=seats)
    return " " + w._("%(seats)s has no phone joined: End turn on the table takes it back.",
                     seats=seats)


def _takeback_other_side(m: Message, w: Words) -> str:
    seats = w.either([w.seat(s) for s in m["answer"]])
    asker = m.get("asked_by")
    if asker and m.get("phone"):
        return w._("%(asker)s asked: %(seats)s answers on their phone", asker=w.seat(asker),
                   seats=seats)
    if asker:
        return w._("%(asker)s asked: the other side answers; %(seats)s has no phone joined, "
                   "so End turn on the table takes it back", asker=w.seat(asker), seats=seats)
    if m.get("phone"):
        return w._("the other side answers a take-back: %(seats)s, on their phone",
                   seats=seats)
    return w._("the other side answers a take-back: %(seats)s has no phone joined, so End "
               "turn on the table takes it back", seats=seats)


def _declare_not_held(m: Message, w: Words) -> str:
    return w._("None of your moves has %(value)s; yours: %(values)s.", value=w.say(m["value"]),
               values=w.listed([w.say(v) for v in m["values"]]))


def _refused(m: Message, w: Words) -> str:
    reason = w.say(m["reason"])
    return w._("Not allowed: %(reason)s.", reason=reason)


# The modes a refusal may name, for the catalogs (translated where they are used).
MODES = {"setup": N_("being set up"), "playing": N_("being played"), "over": N_("over"),
         "disconnected": N_("disconnected from the board")}

WORDS: dict[str, Render] = {
    "setup.place": _setup,
    "correction.pairs": lambda m, w: correction(m["pairs"], w),
    "illegal.no-move": lambda m, w: w._("That is not a legal move here."),
    "illegal.reason": lambda m, w: w._("That move is not allowed: %(reason)s.",
                                       reason=w.say(m["reason"])) + (
        " " + w._("From %(place)s, it can go to %(reach)s.", place=w.place(m["place"]),
                  reach=w.places(m["reach"])) if m.get("reach") else ""),
    "illegal.not-yours": lambda m, w: w._("The piece from %(place)s is %(owner)s's: it is "
                                          "%(seat)s's turn. Put it back.",
                                          place=w.place(m["place"]), owner=w.seat(m["owner"]),
                                          seat=w.seat(m["seat"])),
    "illegal.cannot-move": lambda m, w: w._("The %(piece)s on %(place)s cannot move now. Put "
                                            "it back.", piece=w.piece(m["piece"]),
                                            place=w.place(m["place"])),
    "illegal.cannot-go": lambda m, w: w._("The %(piece)s from %(place)s cannot go to %(to)s; "
                                          "it can go to %(reach)s.",
                                          piece=w.piece(m["piece"]), place=w.place(m["place"]),
                                          to=w.places(m["to"]), reach=w.places(m["reach"])),
    "private.cannot": lambda m, w: (
        w._("Your hand cannot make that move (%(reason)s): put the pieces back as they were.",
            reason=w.say(m["reason"])) if m.get("reason")
        else w._("Your hand cannot make that move: put the pieces back as they were.")),
    "choose.which": lambda m, w: w._("The board shows more than one move: which did you "
                                     "make?"),
    "takeback.board": _takeback_board,
    "takeback.asked": _takeback_asked,
    "draw.offered": lambda m, w: w._("%(seat)s offers a draw.", seat=w.seat(m["seat"])),
    "computer.plays": _computer,
    "remote.played": _remote_played,
    "remote.waiting": lambda m, w: w._("%(seat)s plays at %(board)s: waiting for their move.",
                                       seat=w.seat(m["seat"]), board=m["board"]),
    "remote.away": lambda m, w: w._("%(board)s cannot be reached: the clocks are stopped until "
                                    "it is back. A move made here reaches it then.",
                                    board=m["board"]),
    "waiting.steps": _waiting_steps,
    "waiting.moving": lambda m, w: (
        w._("%(seat)s is moving: the piece from %(cells)s is still in the hand.",
            seat=w.seat(m["seat"]), cells=w.places(m["lifted"])) if m["lifted"]
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
    "end.steps-left": lambda m, w: w._("nothing to end yet. %(left)s",
                                       left=words(m["left"], w.game, w.lang)),
    "end.nothing-first": lambda m, w: w._("nothing to end: make your move on the board "
                                          "first"),
    "end.nothing-taken": lambda m, w: w._("nothing to end: your move was already taken"),
    "seat.unknown": lambda m, w: w._("%(seat)r is not a seat of this game; seats: %(seats)s",
                                     seat=m["seat"],
                                     seats=w.listed([w.seat(s) for s in m["seats"]])),
    "draw.none-offered": lambda m, w: w._("nobody has offered a draw"),
    "takeback.none": lambda m, w: w._("there is no move to take back"),
    "takeback.no-offer": lambda m, w: w._("there is no take-back to answer"),
    "takeback.other-side": _takeback_other_side,
    "action.not-playing": lambda m, w: w._("the game is %(mode)s; that action waits for play",
                                           mode=w.word(MODES.get(m["mode"], m["mode"]))),
    "action.not-your-turn": lambda m, w: w._("it is %(to_move)s's turn, not %(seat)s's",
                                             to_move=w.seat(m["to_move"] or ""),
                                             seat=w.seat(m["seat"])),
    "choose.not-shown": lambda m, w: w._("that is not a move the board shows now (it shows: "
                                         "%(offered)s)", offered="; ".join(
                                             w.say(o) for o in m["offered"]) or w._("none")),
    "declare.unknown-facet": lambda m, w: (
        w._("that is nothing to declare here; you may declare: %(facets)s",
            facets=w.say(m["facets"])) if m["facets"]
        else w._("that is nothing to declare: no move here needs one, the board sees them "
                 "all")),
    "declare.not-held": _declare_not_held,
    "declare.meta": lambda m, w: w._("that is not a move to declare: to give up, use Resign "
                                     "on your own page (a seat resigns only for itself); to "
                                     "end in a draw, offer one"),
    "computer.illegal": lambda m, w: w._("the computer's move %(move)s is not legal here",
                                         move=m["move"]),
    "remote.illegal": lambda m, w: w._("the move made at %(board)s is not legal on this "
                                       "board: the two boards do not show the same position",
                                       board=m["board"]),
    "remote.unreadable": lambda m, w: w._("the position sent by %(board)s does not read on "
                                          "this board", board=m["board"]) + (
        f" ({m['detail']})" if w.lang == "en" and m.get("detail") else ""),
    "game.over": lambda m, w: w._("the game is already over"),
    # The rules' own refusal of a move a phone sent, with the rules' reason (said to that
    # phone only), or of a text the rules cannot read (a hand-made request).
    "rules.refused": _refused,
    # A malformed request or an unreadable move text comes from a hand-made request (the
    # pages send neither): the parser's own words say what was wrong, in English.
    "rules.unreadable": lambda m, w: w._("That is no move of this game.") + (
        f" ({m['detail']})" if w.lang == "en" and m.get("detail") else ""),
    "action.malformed": lambda m, w: w._("That request is malformed.") + (
        f" ({m['detail']})" if w.lang == "en" and m.get("detail") else ""),
    "action.stale": lambda m, w: w._("Your page showed an earlier question, which has "
                                     "changed since: look again, and answer the one it "
                                     "shows now"),
}


def words(message: Message, game: Game[Any, Any] | None, lang: str = DEFAULT) -> str:
    """``message`` in words, in ``lang``: a session message, or anything the rules core says
    (a move's description, an outcome's ``said``, a reason)."""
    render = WORDS.get(message.key)
    w = Words(game, lang)
    if render is not None:
        return render(message, w)
    if w.template(message.key) is None:
        raise KeyError(f"no words for {message.key!r}")
    return say(message, w)


def said(value: Any, game: Game[Any, Any] | None, lang: str = DEFAULT) -> str:
    """A typed value or a message (``controller.said``) in words, in ``lang``."""
    return words(value, game, lang) if isinstance(value, Message) else word(value,
                                                                             Words(game, lang))
