"""Plimus position text and move reading.

Position text, fields separated by spaces (docs/games/plimus.md has the examples):

1. the board's rows, north row first, separated by ``/``; in a row, west to east, a letter
   per single (``b`` blue, ``r`` red, ``y`` yellow, ``g`` green; upper case plus, lower case
   minus), ``(bB)`` for a double (its two stones bottom first, so the last letter is the
   double's sign), ``*`` for the blank stone, and a number for a run of empty nodes;
2. the four poles, each ``NAME:`` and its stones' letters (``SW:BBr``) or ``NAME:-``;
3. the seat to move; 4. the moves made in a row without a capture;
5. only for a game the players ended: ``resigned:SEAT``, ``time:SEAT`` or ``draw``
   (``controller.rules.base.result_field``).

The two-player start: ``rRrRrR/RrRrRr/10/10/10/10/10/10/bBbBbB/BbBbBb SW:- SE:- NW:- NE:- blue 0``.
"""

from __future__ import annotations

import re
from collections import Counter

from controller.errors import ParseError
from controller.rules.base import Variant, read_result_field, result_field
from controller.rules.plimus.board import TEAMS, Board
from controller.rules.plimus.moves import (
    POLE_UNITS,
    WHOLE,
    Capture,
    Move,
    Pass,
    PlaceBlank,
    PlimusMove,
)
from controller.rules.plimus.state import PlimusState
from controller.rules.plimus.stones import (
    BLANK,
    CODES,
    EMPTY,
    KINDS,
    kind_of_letter,
    letter,
    stones_of,
)


def _node_token(code: int) -> str:
    if code == BLANK:
        return "*"
    return "".join(letter(k) for k in stones_of(code))


# Position text is read and written after every move of a checked game: tables, not logic.
TOKENS = tuple(t if len(t) < 2 else f"({t})" for t in map(_node_token, range(CODES)))
CODE_OF_TOKEN = {t: c for c, t in enumerate(TOKENS) if c != EMPTY}
POLE_LETTERS = tuple(letter(k) for k in range(KINDS))


def position_text(board: Board, variant: Variant, state: PlimusState) -> str:
    rows = []
    cells = state.cells
    for row in board.rows():
        out, run = [], 0
        for n in row:
            code = cells[n]
            if code == EMPTY:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(TOKENS[code])
        if run:
            out.append(str(run))
        rows.append("".join(out))
    fields = ["/".join(rows)]
    for name, counts in zip(board.pole_names, state.poles):
        letters = "".join(POLE_LETTERS[k] * counts[k] for k in range(KINDS) if counts[k])
        fields.append(f"{name}:{letters or '-'}")
    fields += [variant.seats[state.to_move], str(state.quiet)]
    result = result_field(state.result)
    if result is not None:
        fields.append(result)
    return " ".join(fields)


_TOKEN = re.compile(r"\d+|\([A-Za-z]{2}\)|.")


def _read_row(text: str, length: int, row: int) -> list[int]:
    codes: list[int] = []
    for tok in _TOKEN.findall(text):
        code = CODE_OF_TOKEN.get(tok)
        if code is not None:
            codes.append(code)
        elif tok.isdigit() and not tok.startswith("0"):
            codes += [EMPTY] * int(tok)
        elif tok.startswith("("):
            raise ParseError(f"row {row}: {tok} is no double: a double is two stones of one "
                             "team, of opposite sign, bottom first, e.g. (bB)")
        else:
            raise ParseError(f"row {row}: {tok!r} is no stone; write b r y g (upper case plus), "
                             "(bB) for a double, * for the blank, a number for empty nodes")
    if len(codes) != length:
        raise ParseError(f"row {row} ({text!r}) describes {len(codes)} nodes; it has {length}")
    return codes


def parse_position(board: Board, variant: Variant, text: str) -> PlimusState:
    fields = text.split()
    seats = variant.seats
    result = read_result_field(fields[-1], seats, lambda seat: tuple(
        s for s in seats if s != seat)) if fields else None
    if result is not None:
        fields.pop()
    npoles = len(board.pole_names)
    if len(fields) != 3 + npoles:
        raise ParseError(f"a Plimus position has {3 + npoles} fields: the rows, the "
                         f"{npoles} poles, the seat to move, the moves without a capture; "
                         f"got {len(fields)} in {text!r}")
    rows = fields[0].split("/")
    layout = board.rows()
    if len(rows) != len(layout):
        raise ParseError(f"the board has {len(layout)} rows separated by '/'; got {len(rows)}")
    cells = [EMPTY] * board.cells
    for k, (row_text, nodes) in enumerate(zip(rows, layout)):
        for n, code in zip(nodes, _read_row(row_text, len(nodes), len(layout) - k)):
            cells[n] = code
    poles = []
    for name, field in zip(board.pole_names, fields[1:1 + npoles]):
        head, _, body = field.partition(":")
        if head != name:
            raise ParseError(f"expected pole {name} as '{name}:STONES' or '{name}:-'; got "
                             f"{field!r}")
        counts = [0] * KINDS
        for ch in "" if body == "-" else body:
            kind = kind_of_letter(ch)
            if kind is None:
                raise ParseError(f"pole {name}: {ch!r} is no stone (b r y g, upper case plus)")
            counts[kind] += 1
        poles.append(tuple(counts))
    seat, quiet = fields[1 + npoles], fields[2 + npoles]
    if seat not in seats:
        raise ParseError(f"the seat to move is {seat!r}; it must be one of {', '.join(seats)}")
    if not quiet.isdigit():
        raise ParseError(f"{quiet!r} is no count of moves without a capture")
    state = PlimusState(variant.name, tuple(cells), tuple(poles), seats.index(seat),
                        int(quiet), result)
    _check_stones(board, variant, state)
    return state


def _check_stones(board: Board, variant: Variant, state: PlimusState) -> None:
    """Only the variant's teams, at most as many stones of a sign as a team has, and the
    blank stone only where the rules allow it."""
    count = [0] * KINDS
    for code, times in Counter(state.cells).items():
        for k in stones_of(code):
            count[k] += times
    for counts in state.poles:
        for k, c in enumerate(counts):
            count[k] += c
    per_sign = len(next(iter(board.start.values()))) // 2
    for kind, c in enumerate(count):
        if not c:
            continue
        team = TEAMS[kind >> 1]
        if team not in variant.seats:
            raise ParseError(f"{team} does not play in {variant.name}")
        if c > per_sign:
            raise ParseError(f"{team} has {c} {'minus' if kind & 1 else 'plus'} stones; a "
                             f"team has {per_sign}")
    blanks = [n for n, code in enumerate(state.cells) if code == BLANK]
    if blanks and not variant.options["blank"]:
        raise ParseError(f"{variant.name} has no blank stone; it belongs to the two-player "
                         "extended game")
    circles = ", ".join(board.names[c] for c in board.circles)
    if len(blanks) > 1 or any(n not in board.circles for n in blanks):
        raise ParseError(f"there is one blank stone, on a circle field ({circles})")
    if (variant.options["blank"] and not blanks
            and all(state.cells[c] != EMPTY for c in board.circles)):
        raise ParseError(f"the blank stone is still to be put on a circle field ({circles}), "
                         "and none is free")


# --------------------------------------------------------------------------------------------
# Moves
# --------------------------------------------------------------------------------------------

_HEAD = re.compile(r"^([A-Za-z0-9]+?)(\^|\[[+-](?:/[+-])?\])?([-:].+)$")
_CAPTURE = re.compile(r"^x([A-Za-z0-9]+)>([A-Za-z0-9/]+)$")
HELP = ("write a step as c1-c2, a jump as c1:c3 (a multi-jump c1:c3:c5), the upper stone of a "
        "double as c1^-c2, stones from a pole as SW[+]-c1 or SW[+/-]-c1, a capture after the "
        "path as xd2>NE (a double: xd2>NE/SW), the blank stone as 'blank c5', or 'pass'")


def _node(board: Board, name: str, text: str) -> int:
    found = board.find(name)
    if found is None:
        raise ParseError(f"{text!r}: {name!r} is not a node or pole of the board")
    return found


def parse_move(board: Board, text: str) -> PlimusMove:
    words = text.split()
    if words == ["pass"]:
        return Pass()
    if len(words) == 2 and words[0] == "blank":
        return PlaceBlank(_node(board, words[1], text))
    if not words:
        raise ParseError(f"an empty move; {HELP}")
    head = _HEAD.match(words[0])
    if head is None:
        raise ParseError(f"{text!r} is not a Plimus move; {HELP}")
    start = _node(board, head.group(1), text)
    unit = head.group(2) or WHOLE
    if unit.startswith("["):
        unit = unit[1:-1]
        if unit not in POLE_UNITS:
            raise ParseError(f"{text!r}: [{unit}] is no pole unit; write [+] or [-] for one "
                             "stone, [+/-] or [-/+] for a double (upper stone first)")
        if not board.is_pole(start):
            raise ParseError(f"{text!r}: [{unit}] names stones in a pole, and "
                             f"{board.names[start]} is a node; write {board.names[start]} "
                             f"or {board.names[start]}^")
    elif board.is_pole(start):
        raise ParseError(f"{text!r}: say which stones leave pole {board.names[start]}: "
                         f"{', '.join(f'{board.names[start]}[{u}]' for u in POLE_UNITS)}")
    rest = head.group(3)
    path: tuple[int, ...]
    if rest.startswith("-"):
        path = (_node(board, rest[1:], text),)
        if not board.adjacent(start, path[0]):
            raise ParseError(f"{text!r}: {board.names[path[0]]} is not next to "
                             f"{board.names[start]}; write a jump with ':' "
                             f"({board.names[start]}:{board.names[path[0]]})")
    else:
        path = tuple(_node(board, name, text) for name in rest[1:].split(":"))
    captures: list[Capture] = []
    for word in words[1:]:
        cap = _CAPTURE.match(word)
        if cap is None:
            raise ParseError(f"{text!r}: {word!r} is no capture; write xNODE>POLE, e.g. xd2>NE "
                             "(a captured double: xd2>NE/SW, upper stone first)")
        poles = tuple(_node(board, p, text) for p in cap.group(2).split("/"))
        if not all(board.is_pole(p) for p in poles) or len(poles) > 2:
            raise ParseError(f"{text!r}: {word!r} must send the captured stones into poles "
                             f"({', '.join(board.pole_names)}), one or two")
        captures.append((_node(board, cap.group(1), text), poles))
    return Move(start, unit, path, tuple(captures))
