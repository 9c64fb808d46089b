"""What a Plimus move does, as data (``controller.said``): the key of its template in
``words.py`` and typed parameters.

* ``stone``: a clause saying which stones move and from where: a single (``piece``, its
  ``Piece`` kind such as ``blue+``), a whole double (``piece``: its upper stone), the upper
  stone of a double splitting off, or one or two stones out of a pole (``from`` a ``From``
  of the pole's ``Zone``); on the board ``from`` is the ``Cell``;
* ``to``: the ``Cell`` the stones end on, or ``To`` the pole's ``Zone``;
* ``via``: the ``Cell``s a multi-jump lands on on the way;
* a capture wraps the move (``plimus.capture``, ``move`` the move itself) with its
  ``captures`` first: per captured node, the stone or double taken ``from`` its ``Cell`` and
  ``To`` the pole(s) it went into.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from controller.rules.plimus.moves import UPPER, Move, Pass, PlaceBlank, is_step
from controller.rules.plimus.state import team_index
from controller.rules.plimus.stones import (
    BLANK_PIECE,
    EMPTY,
    IS_DOUBLE,
    PIECES,
    TOP,
    stones_of,
)
from controller.said import Cell, From, Message, Piece, To, Who

if TYPE_CHECKING:
    from controller.rules.plimus.game import Plimus
    from controller.rules.plimus.state import PlimusState


def describe(game: Plimus, state: PlimusState, move: object) -> Message:
    b = game.board
    seat = game.variant_of(state).seats[state.to_move]
    if isinstance(move, Pass):
        return Message.of("plimus.pass", who=Who(seat))
    if isinstance(move, PlaceBlank):
        return Message.of("plimus.blank", piece=Piece(BLANK_PIECE), to=Cell(b.names[move.node]))
    if not isinstance(move, Move):
        raise TypeError(f"{move!r} is no Plimus move")
    stone = stone_clause(game, state, move)
    dest = move.path[-1]
    captured = set(move.captured_nodes)
    params: dict[str, Any] = {"stone": stone}
    if b.is_pole(dest):
        ending = "-pole"
        params["to"] = To(game.place(b.names[dest]))
    else:
        ending = "-join" if state.cells[dest] != EMPTY and dest not in captured else ""
        params["to"] = Cell(b.names[dest])
    if is_step(b, move):
        motion = "step"
    elif len(move.path) == 1:
        motion = "jump"
    else:
        motion = "jumps"
        params["via"] = tuple(Cell(b.names[n]) for n in move.path[:-1])
    said = Message.of(f"plimus.{motion}{ending}", **params)
    if not move.captures:
        return said
    return Message.of("plimus.capture", move=said, captures=tuple(
        captured_clause(game, state, node, sent) for node, sent in move.captures))


def unit_kinds(game: Plimus, state: PlimusState, move: Move) -> tuple[int, ...]:
    """The kinds of the stones that move, bottom first (one for a single)."""
    b = game.board
    if b.is_pole(move.start):
        plus = 2 * team_index(game.variant_of(state).seats[state.to_move])
        return {"+": (plus,), "-": (plus + 1,), "+/-": (plus + 1, plus),
                "-/+": (plus, plus + 1)}[move.unit]
    code = state.cells[move.start]
    if move.unit == UPPER:
        return (TOP[code],)
    return stones_of(code)


def stone_clause(game: Plimus, state: PlimusState, move: Move) -> Message:
    b = game.board
    kinds = unit_kinds(game, state, move)
    piece = Piece(PIECES[kinds[-1]])
    name = b.names[move.start]
    if b.is_pole(move.start):
        key = "plimus.stone.pole" if len(kinds) == 1 else "plimus.stone.pole-double"
        return Message.of(key, piece=piece, **{"from": From(game.place(name))})
    if move.unit == UPPER:
        key = "plimus.stone.upper"
    else:
        key = "plimus.stone.double" if len(kinds) == 2 else "plimus.stone.single"
    return Message.of(key, piece=piece, **{"from": Cell(name)})


def captured_clause(game: Plimus, state: PlimusState, node: int, sent: tuple[int, ...]
                    ) -> Message:
    """A captured node: what stood there, and the pole each of its stones went into (a
    double's upper stone first)."""
    b = game.board
    code = state.cells[node]
    where = {"from": Cell(b.names[node])}
    poles = tuple(To(game.place(b.names[p])) for p in sent)
    kinds = stones_of(code)  # bottom first
    if not IS_DOUBLE[code]:
        return Message.of("plimus.captured", piece=Piece(PIECES[kinds[0]]), to=poles[0],
                          **where)
    upper, lower = Piece(PIECES[kinds[1]]), Piece(PIECES[kinds[0]])
    if len(set(sent)) == 1:
        return Message.of("plimus.captured-double", piece=upper, to=poles[0], **where)
    return Message.of("plimus.captured-split", upper=upper, upper_to=poles[0], lower=lower,
                      lower_to=poles[1], **where)
