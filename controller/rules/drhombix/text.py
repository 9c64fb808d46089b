"""DRHOMBIX position text and move text (see ``docs/games/drhombix.md``).

Position text: the board, level by level separated by ``/`` (each level in position order:
row 1 from column a, then row 2, ...), then the side to move.  Cuckoo game: ``w`` white,
``b`` black, ``.`` empty; after the side to move come white's and black's reserves and the
positions that have yielded a sandwich capture (``-`` for none, else names joined by
commas).  Ant game: ``o`` a piece, ``.`` empty; the side to move is ``first`` or ``second``;
once a piece has been taken off, the pieces the first and the second player have taken (they
lie in each player's taken area beside the board).  A game ended by resignation, time or agreement
adds the result field every game writes alike (``resigned:SEAT``, ``time:SEAT`` or ``draw``:
``controller.rules.base.result_field``).

    ................/........./..../. w 15 15 -         the cuckoo game's square start
    oooooooooo/oooooo/ooo/o first                       the ant game's triangular start
    oooooooooo/oooooo/ooo/. second 1 0                  after the first player took the apex

An ant position without the counts (set up by hand) has nobody's pieces in the taken areas;
the pieces missing from its pyramid were put aside before the game.  So the board and the
taken areas hold at most the pyramid's pieces (exactly them in a game from the start), and a
position the players go on from writes the counts once a piece has been taken off.

Move text: ``+1b2`` places a piece from the reserve; ``0a1-1b2`` raises the piece on 0a1;
a nest capture adds the piece taken, ``+0b2x1c3``; ``x3a1`` and ``x0a1x0d4`` remove pieces
(ant game).  Sandwich captures follow from the move and are not written.
"""

from __future__ import annotations

import re

from controller.errors import ParseError
from controller.rules.base import Outcome, Variant, read_result_field, result_field
from controller.rules.drhombix.board import LEVELS, Board, board
from controller.rules.drhombix.state import DrhombixState, Move, Place, Raise, Remove

NAME = r"(\d[a-z]\d)"
PLACE = re.compile(rf"\+{NAME}(?:x{NAME})?")
RAISE = re.compile(rf"{NAME}-{NAME}(?:x{NAME})?")
REMOVE = re.compile(rf"x{NAME}(?:x{NAME})?")


def position_text(v: Variant, state: DrhombixState) -> str:
    b = board(v.options["board"])
    ant = v.options["game"] == "ant"
    levels: list[list[str]] = [[] for _ in range(LEVELS)]
    for p in range(b.size):
        if not state.occupied >> p & 1:
            ch = "."
        else:
            ch = "o" if ant else "b" if state.black >> p & 1 else "w"
        levels[b.level[p]].append(ch)
    fields = ["/".join("".join(chars) for chars in levels), v.seats[state.to_move]]
    if ant and any(state.reserves):
        fields += [str(state.reserves[0]), str(state.reserves[1])]
    if not ant:
        used = ",".join(b.names_of(state.used)) or "-"
        fields += [str(state.reserves[0]), str(state.reserves[1]), used]
    result = result_field(state.result)
    if result is not None:
        fields.append(result)
    return " ".join(fields)


def parse_position(v: Variant, text: str) -> DrhombixState:
    b = board(v.options["board"])
    ant = v.options["game"] == "ant"
    fields = text.split()
    result = _parse_result(v, fields[-1]) if fields else None
    if result is not None:
        fields.pop()
    if ant and len(fields) not in (2, 4):
        raise ParseError(f"a {v.name} position has 2 fields, the board and the side to move "
                         "(first or second), then, once pieces have been taken off, how many "
                         f"each player took; got {len(fields)} in {text!r}")
    if not ant and len(fields) != 5:
        raise ParseError(f"a {v.name} position has 5 fields: the board, the side to move (w "
                         "or b), white's and black's reserves, and the positions used by "
                         f"sandwich captures (- for none); got {len(fields)} in {text!r}")
    occupied, black = _parse_board(v, b, fields[0], ant)
    if fields[1] not in v.seats:
        raise ParseError(f"the side to move is {fields[1]!r}; it must be one of "
                         f"{', '.join(v.seats)}")
    to_move = v.seats.index(fields[1])
    reserves = []
    for f in fields[2:4]:
        if not f.isdigit():
            where = "a player's taken area" if ant else "a reserve"
            raise ParseError(f"{f!r} is not a count of pieces in {where}")
        reserves.append(int(f))
    if ant:
        # Without the counts (a position set up by hand) nobody has taken any yet: the pieces
        # missing from the pyramid were put aside before the game.
        taken = (reserves[0], reserves[1]) if reserves else (0, 0)
        if occupied.bit_count() + sum(taken) > b.size:
            raise ParseError(f"{occupied.bit_count()} pieces on the board and {sum(taken)} "
                             f"taken off; together they are more than the pyramid's {b.size}")
        return DrhombixState(v.name, occupied, 0, taken, 0, to_move, result)
    total = 2 * v.options["pieces"]
    if occupied.bit_count() + sum(reserves) != total:
        raise ParseError(f"{occupied.bit_count()} pieces on the board and {sum(reserves)} in "
                         f"the reserves; together they must be the game's {total}")
    used = 0
    if fields[4] != "-":
        for name in fields[4].split(","):
            used |= 1 << position(b, name, text)
    return DrhombixState(v.name, occupied, black, (reserves[0], reserves[1]), used, to_move,
                         result)


def _parse_result(v: Variant, field: str) -> Outcome | None:
    """The result field (``read_result_field``), or None if ``field`` is none."""
    return read_result_field(field, v.seats, lambda seat: [s for s in v.seats if s != seat])


def _parse_board(v: Variant, b: Board, text: str, ant: bool) -> tuple[int, int]:
    levels = text.split("/")
    sizes = [bin(m).count("1") for m in b.level_mask]
    if [len(x) for x in levels] != sizes:
        raise ParseError(f"the board field of the {b.shape} board is {LEVELS} levels of "
                         f"{', '.join(map(str, sizes))} characters separated by '/'; got "
                         f"{text!r}")
    pieces = "o" if ant else "wb"
    occupied = black = 0
    for p, ch in enumerate("".join(levels)):
        if ch == ".":
            continue
        if ch not in pieces:
            raise ParseError(f"{b.names[p]} holds {ch!r}; use {' or '.join(pieces)} for a "
                             "piece, '.' for an empty position")
        occupied |= 1 << p
        if ch == "b":
            black |= 1 << p
    for p in range(b.size):
        missing = b.supports[p] & ~occupied
        if occupied >> p & 1 and missing:
            raise ParseError(f"{b.names[p]} holds a piece but {', '.join(b.names_of(missing))} "
                             "under it is empty: every piece rests on full positions")
    return occupied, black


def position(b: Board, name: str, text: str) -> int:
    try:
        return b.index[name.lower()]
    except KeyError:
        raise ParseError(f"{text!r}: {name!r} is not a position of the {b.shape} board "
                         f"({b.listing()})") from None


def move_text(move: Move) -> str:
    if isinstance(move, Remove):
        return "".join("x" + p for p in move.positions)
    head = "+" + move.target if isinstance(move, Place) else f"{move.source}-{move.target}"
    return head if move.capture is None else f"{head}x{move.capture}"


def parse_move(b: Board, text: str) -> Move:
    t = text.strip().lower()

    def name(n: str) -> str:
        return b.names[position(b, n, text)]

    if m := PLACE.fullmatch(t):
        return Place(name(m[1]), name(m[2]) if m[2] else None)
    if m := RAISE.fullmatch(t):
        return Raise(name(m[1]), name(m[2]), name(m[3]) if m[3] else None)
    if m := REMOVE.fullmatch(t):
        removed = [name(m[1])] + ([name(m[2])] if m[2] else [])
        if len(set(removed)) < len(removed):
            raise ParseError(f"{text!r} names {m[1]} twice; remove two different pieces")
        return Remove(tuple(sorted(removed, key=b.index.__getitem__)))
    raise ParseError(f"{text!r} is not a DRHOMBIX move: write a placement as +0b2, a raise as "
                     "0a1-1b2, a nest capture after either as x and the piece taken "
                     "(+0b2x1c3), a removal (ant game) as x3a1 or x0a1x0d4")
