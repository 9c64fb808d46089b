"""What an Abalone move does, as data: a key of the game's words and typed parameters.

* ``abalone.place``: a marble placed (free placement): ``piece``, ``to``;
* ``abalone.move``: a marble or a line moved in line into empty cells: ``piece``, ``cells``
  (tail first), ``targets``, ``n``;
* ``abalone.broadside``: a line moved sideways: ``piece``, ``cells``, ``targets``, ``n``;
* ``abalone.push``: a sumito, every pushed marble staying on the board: the movers as above
  and ``pushed``, the pushed marbles as clauses (``abalone.marbles``, one per colour in line
  order: the three-player game pushes mixed colours);
* ``abalone.push-off``: a sumito pushing the one marble ahead off the board: ``off`` (its
  clause) and ``tray`` (``To`` the tray of the marble's colour);
* ``abalone.push-and-off``: a sumito whose front marble goes off and the others on:
  ``pushed`` (those staying), ``off``, ``tray``.
"""

from __future__ import annotations

from controller.rules.abalone.board import NAME, STEPS
from controller.rules.abalone.layouts import VARIANTS
from controller.rules.abalone.state import AbaloneState, Move, Place
from controller.said import Cell, Message, Piece, To, Zone


def marbles(seat: str, bits: list[int]) -> Message:
    """``the white marbles on E5 and E6``: marbles of one colour by their cells."""
    return Message.of("abalone.marbles", piece=Piece(seat, 1 if len(bits) == 1 else 0),
                      cells=tuple(Cell(NAME[c]) for c in bits), n=len(bits))


def describe(state: AbaloneState, move: Move) -> Message:
    seats = VARIANTS[state.variant].seats
    me = state.to_move
    seat = seats[me]
    if isinstance(move, Place):
        return Message.of("abalone.place", piece=Piece(seat), to=To(Cell(NAME[move.cell])))
    s = STEPS[move.direction]
    line = sorted(move.cells, key=lambda c: c * s)  # tail first, in the way it moves
    n = len(line)
    movers = {"piece": Piece(seat, 1 if n == 1 else 0),
              "cells": tuple(Cell(NAME[c]) for c in line),
              "targets": tuple(Cell(NAME[c + s]) for c in line), "n": n}
    if not move.is_inline:
        return Message.of("abalone.broadside", **movers)
    run: list[tuple[int, int]] = []  # (cell, seat index) of the marbles pushed, in line order
    c = line[-1] + s
    while c in NAME:
        owner = state.owner(c)
        if owner is None or owner == me:
            break
        run.append((c, owner))
        c += s
    if not run:
        return Message.of("abalone.move", **movers)
    off = run[-1] if run[-1][0] + s not in NAME else None
    staying = run[:-1] if off else run
    groups: list[tuple[int, list[int]]] = []
    for cell, owner in staying:
        if groups and groups[-1][0] == owner:
            groups[-1][1].append(cell)
        else:
            groups.append((owner, [cell]))
    pushed = tuple(marbles(seats[owner], bits) for owner, bits in groups)
    if off is None:
        return Message.of("abalone.push", pushed=pushed, **movers)
    gone = marbles(seats[off[1]], [off[0]])
    tray = To(Zone("tray", owner=seats[off[1]]))
    if not pushed:
        return Message.of("abalone.push-off", off=gone, tray=tray, **movers)
    return Message.of("abalone.push-and-off", pushed=pushed, off=gone, tray=tray, **movers)
