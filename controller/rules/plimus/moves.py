"""Plimus moves as values, and their text.

A board move is *which stones leave where* (``start`` and ``unit``), *where they rest* in
order (``path``: one node for a step or a single jump, several for a multi-jump), and *which
jumped stones were captured*, with the pole each captured stone went into.  Two ways to one
node are two moves, as in a game record: the board tells them apart by where the stone rested
on the way.  A step is a one-node path to a neighbour with no capture; every other path is
made of jumps.

Move text (docs/games/plimus.md has examples):

* the stones that move: ``c1`` (what stands on c1: a single or a whole double), ``c1^`` (the
  upper stone of the double on c1, splitting it), ``SW[+]`` / ``SW[-]`` (one own plus or
  minus stone from pole SW), ``SW[+/-]`` / ``SW[-/+]`` (two own stones leaving SW as a double,
  the upper stone's sign first);
* then ``-d1`` for a step, or ``:e3`` for each jump's landing (``c1:c3:c5``);
* then one ``xNODE>POLE`` per captured node, in the order they were jumped (``xd2>NE``); a
  captured double sends its two stones into poles given upper stone first: ``xd2>NE/SW``;
* ``blank c5`` puts the blank stone on a circle field; ``pass`` is the move of a player who
  has no other (Zugzwang: whoever can move must).
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.rules.plimus.board import Board

WHOLE = ""
UPPER = "^"
POLE_UNITS = ("+", "-", "+/-", "-/+")

Capture = tuple[int, tuple[int, ...]]
"""A captured node and the pole each of its stones went into (a double's upper stone first)."""


@dataclass(frozen=True, slots=True)
class Move:
    start: int
    unit: str                          # WHOLE, UPPER, or one of POLE_UNITS (from a pole)
    path: tuple[int, ...]              # where the moving stones rest, in order, start excluded
    captures: tuple[Capture, ...] = ()  # in the order the stones were jumped

    @property
    def captured_nodes(self) -> tuple[int, ...]:
        return tuple(node for node, _ in self.captures)


@dataclass(frozen=True, slots=True)
class PlaceBlank:
    """Put the blank stone on a circle field (the set-up of the two-player extended game)."""

    node: int


@dataclass(frozen=True, slots=True)
class Pass:
    """The move of a player who has no other."""


PlimusMove = Move | PlaceBlank | Pass


def is_step(board: Board, move: Move) -> bool:
    return (len(move.path) == 1 and not move.captures
            and board.adjacent(move.start, move.path[0]))


def source_text(board: Board, move: Move) -> str:
    name = board.names[move.start]
    if board.is_pole(move.start):
        return f"{name}[{move.unit}]"
    return name + move.unit


def poles_text(board: Board, poles: tuple[int, ...]) -> str:
    return "/".join(board.names[p] for p in poles)


def move_text(board: Board, move: PlimusMove) -> str:
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, PlaceBlank):
        return f"blank {board.names[move.node]}"
    head = source_text(board, move)
    if is_step(board, move):
        head += "-" + board.names[move.path[0]]
    else:
        head += "".join(":" + board.names[n] for n in move.path)
    words = [f"x{board.names[node]}>{poles_text(board, poles)}" for node, poles in move.captures]
    return " ".join([head, *words])
