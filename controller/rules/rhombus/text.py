"""Rhombus move text and position text (see ``docs/games/rhombus.md``).

Move text: the cards, then what happens to the pieces::

    QC a2-c3            the Q of clubs moves a piece from a2 to c3
    QC+KC* b1,a2-d1,c3  Q of clubs (table) and K of clubs (hand): pieces leave b1 and a2 and
                        end on d1 and c3 (the mover's pieces are alike: no pairing is implied;
                        squares are listed a1, b1, ..., e1, a2, ..., e5)
    QC+7C b2-d3 xd3     ... and the opponent piece on d3 is eliminated
    9H+10H R-a1 xa1     a reserve piece ("R") enters a1, eliminating the piece there
    7C+7D+7S revive     a reactivation that brought an eliminated piece back
    8S                  a card that moves nothing

Position text: space-separated fields, all but the first two ``key=value``::

    ...bb/....b/...../r..../rr... r reserve=3,3 out=0,0 r=7H,QC/9S b=6C,AD/KH
    pile=... discard=- seed=0 shuffles=0 ply=0

the board from rank 5 down to rank 1 (``.`` empty, else the seat letter), the seat to move,
reserve and eliminated pieces per seat, each seat's open table cards and hidden hand cards
(``open/hidden``), the pile top first, the discards, the game's secret seed, the reshuffles
so far, the actions played; a finished game by resignation, time or agreement adds
``result=resigned:SEAT``, ``result=time:SEAT`` or ``result=draw``.  ``public_text`` is the
same without what the table may not see: hand cards become a count, the pile its size, and
the seed is left out.
"""

from __future__ import annotations

from controller.errors import ParseError
from controller.rules.base import Outcome, Variant, read_result_field, result_field
from controller.rules.rhombus.board import BIT, INDEX, NAMES, names
from controller.rules.rhombus.cards import HIDDEN, card_text, cards_text, parse_card
from controller.rules.rhombus.movegen import Move
from controller.rules.rhombus.state import RhombusState

MOVE_HELP = ("write a Rhombus action as the cards and what the pieces do, e.g. 'QC a2-c3', "
             "'QC+KC* b1,a2-d1,c3', 'QC+7C b2-d3 xd3', '9H R-a1', '8S' (a hand card ends "
             "with '*', 'R' is a reserve piece)")


def move_text(move: Move) -> str:
    parts = [cards_text(move.cards)]
    froms = names(move.sources) + ["R"] * move.entered
    if froms:
        parts.append(",".join(froms) + "-" + ",".join(names(move.targets)))
    if move.kills:
        parts.append("x" + ",".join(names(move.kills)))
    if move.revived:
        parts.append("revive")
    return " ".join(parts)


def _squares(text: str, whole: str) -> list[str]:
    out = []
    for name in text.split(","):
        n = name.strip().lower()
        if n not in INDEX:
            raise ParseError(f"{whole!r}: {name!r} is not a square (a1..e5); {MOVE_HELP}")
        out.append(n)
    if len(set(out)) != len(out):
        raise ParseError(f"{whole!r}: a square appears twice in {text!r}")
    return out


def parse_move_text(text: str) -> Move:
    words = text.split()
    if not words:
        raise ParseError(f"an empty action; {MOVE_HELP}")
    try:
        cards = tuple(sorted(parse_card(w) for w in words[0].split("+")))
    except ParseError as exc:
        raise ParseError(f"{text!r}: {exc}") from None
    sources = targets = kills = entered = revived = 0
    seen: set[str] = set()
    for w in words[1:]:
        kind = ("revive" if w.lower() == "revive" else "kills" if w[:1] in "xX"
                else "pieces" if "-" in w else "")
        if not kind:
            raise ParseError(f"{text!r}: {w!r} is neither pieces (a2-c3), kills (xd3) nor "
                             f"'revive'; {MOVE_HELP}")
        if kind in seen:
            raise ParseError(f"{text!r}: write the {kind} once")
        seen.add(kind)
        if kind == "revive":
            revived = 1
        elif kind == "kills":
            for n in _squares(w[1:], text):
                kills |= BIT[n]
        else:
            left, _, right = w.partition("-")
            froms = [f for f in left.split(",") if f.upper() != "R"]
            entered = len(left.split(",")) - len(froms)
            src = _squares(",".join(froms), text) if froms else []
            dst = _squares(right, text)
            if len(src) + entered != len(dst):
                raise ParseError(f"{text!r}: {len(src) + entered} pieces leave but "
                                 f"{len(dst)} arrive; give one square (or R) per piece")
            if set(src) & set(dst):
                raise ParseError(f"{text!r}: a square cannot be left and arrived at in one "
                                 "action (write only where pieces end up)")
            for n in src:
                sources |= BIT[n]
            for n in dst:
                targets |= BIT[n]
    return Move(cards, sources, targets, kills, entered, revived)


# ---- positions -----------------------------------------------------------------------------

def _board(state: RhombusState, seats: tuple[str, ...]) -> str:
    cells = ["."] * 25
    for seat, mask in zip(seats, state.pieces):
        for i in range(25):
            if mask >> i & 1:
                cells[i] = seat
    return "/".join("".join(cells[5 * r:5 * r + 5]) for r in range(4, -1, -1))


def _cards(cards: tuple[int, ...]) -> str:
    return ",".join(card_text(c) for c in cards) or "-"


def _result(state: RhombusState) -> list[str]:
    field = result_field(state.result)
    return [] if field is None else [f"result={field}"]


def position_text(state: RhombusState, v: Variant) -> str:
    seats = v.seats
    fields = [_board(state, seats), seats[state.to_move],
              "reserve=" + ",".join(map(str, state.reserve)),
              "out=" + ",".join(map(str, state.out))]
    fields += [f"{s}={_cards(o)}/{_cards(h)}"
               for s, o, h in zip(seats, state.open, state.hidden)]
    fields += [f"pile={_cards(state.pile)}", f"discard={_cards(state.discard)}",
               f"seed={state.seed}", f"shuffles={state.shuffles}", f"ply={state.ply}"]
    return " ".join(fields + _result(state))


def public_text(state: RhombusState, v: Variant) -> str:
    seats = v.seats
    fields = [_board(state, seats), seats[state.to_move],
              "reserve=" + ",".join(map(str, state.reserve)),
              "out=" + ",".join(map(str, state.out))]
    fields += [f"{s}={_cards(o)}/{len(h)}" for s, o, h in zip(seats, state.open, state.hidden)]
    fields += [f"pile={len(state.pile)}", f"discard={_cards(state.discard)}",
               f"ply={state.ply}"]
    return " ".join(fields + _result(state))


def _numbers(text: str, key: str, n: int) -> tuple[int, ...]:
    parts = text.split(",")
    if len(parts) != n or not all(p.isdigit() for p in parts):
        raise ParseError(f"'{key}=' needs {n} counts, one per seat, like {','.join(['0'] * n)};"
                         f" got {text!r}")
    return tuple(int(p) for p in parts)


def _card_list(text: str, key: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    try:
        cards = tuple(parse_card(t) for t in text.split(","))
    except ParseError as exc:
        raise ParseError(f"'{key}=': {exc}") from None
    if any(c & HIDDEN for c in cards):
        raise ParseError(f"'{key}=': no '*' in a position: the field says which cards are hidden")
    return cards


def parse_position_text(text: str, v: Variant) -> RhombusState:
    seats = v.seats
    n = len(seats)
    fields = text.split()
    if len(fields) < 2:
        raise ParseError(f"a Rhombus position starts with the board and the seat to move; got "
                         f"{text!r}")
    board, mover, *rest = fields
    ranks = board.split("/")
    if len(ranks) != 5 or any(len(r) != 5 for r in ranks):
        raise ParseError(f"the board {board!r} needs five ranks of five squares, rank 5 first, "
                         "separated by '/' ('.' empty, else a seat letter)")
    pieces = [0] * n
    for r, row in enumerate(ranks):
        for f, ch in enumerate(row):
            if ch == ".":
                continue
            if ch not in seats:
                raise ParseError(f"{NAMES[5 * (4 - r) + f]} holds {ch!r}; use "
                                 f"{', '.join(seats)} or '.'")
            pieces[seats.index(ch)] |= 1 << (5 * (4 - r) + f)
    if mover not in seats:
        raise ParseError(f"the seat to move is {mover!r}; it must be one of {', '.join(seats)}")
    values: dict[str, str] = {}
    for field in rest:
        key, eq, val = field.partition("=")
        if not eq:
            raise ParseError(f"{field!r} is not a 'key=value' field")
        if key in values:
            raise ParseError(f"the field '{key}=' appears twice")
        values[key] = val
    keys = ["reserve", "out", *seats, "pile", "discard", "seed", "shuffles", "ply"]
    missing = [k for k in keys if k not in values]
    unknown = [k for k in values if k not in keys and k != "result"]
    if missing or unknown:
        raise ParseError(f"a {v.name} Rhombus position has the fields "
                         f"{', '.join(k + '=' for k in keys)} (and result=); "
                         + (f"missing {', '.join(missing)}" if missing else
                            f"unknown {', '.join(unknown)}"))
    hands = []
    for s in seats:
        open_, slash, hidden = values[s].partition("/")
        if not slash:
            raise ParseError(f"'{s}=' is the open cards, '/', the hidden cards (- for none), "
                             f"like {s}=QC,7H/9S; got {values[s]!r}")
        hands.append((tuple(sorted(_card_list(open_, s))),
                      tuple(sorted(_card_list(hidden, s)))))
    for key in ("seed", "shuffles", "ply"):
        if not values[key].isdigit():
            raise ParseError(f"'{key}=' needs a whole number; got {values[key]!r}")
    result = _parse_result(values.get("result"), v)
    return RhombusState(
        v.name, tuple(pieces), _numbers(values["reserve"], "reserve", n),
        _numbers(values["out"], "out", n), tuple(h[0] for h in hands),
        tuple(h[1] for h in hands), _card_list(values["pile"], "pile"),
        tuple(sorted(_card_list(values["discard"], "discard"))), seats.index(mover),
        int(values["ply"]), int(values["seed"]), int(values["shuffles"]), result)


def _parse_result(text: str | None, v: Variant) -> Outcome | None:
    if text is None:
        return None
    teams = v.options["teams"]

    def opponents(seat: str) -> tuple[str, ...]:
        return tuple(s for s in v.seats if not any(seat in t and s in t for t in teams))

    outcome = read_result_field(text, v.seats, opponents)
    if outcome is None:
        raise ParseError(f"'result={text}': write result=draw, result=resigned:SEAT or "
                         f"result=time:SEAT (seats {', '.join(v.seats)})")
    return outcome
