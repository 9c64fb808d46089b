"""Plimus move generation.

For every own unit (a single, a whole double, the upper stone of a double, or one or two own
stones leaving a pole) the steps are listed first, then every jump path, depth first.  Every
prefix of a multi-jump is a move of its own: nothing obliges a player to jump on.

A jump goes over exactly one stone of the opposite sign to the jumper (the upper stone of a
double is its sign; the blank stone has none and is never jumped) to the node straight
behind it, or, when the jumped stone stands on a dot field, to any neighbour of that field.
A multi-jump keeps its line (the ray it landed on), except after a dot field, where the
landing itself chose the new line; with ``free_turns`` every jump may take any line.  The
landing must be empty, or a pole (which ends the move), or, for a single, an own single of
the opposite sign (a join, which also ends it).  A path never lands twice on one node nor
back on its start, and never jumps one stone twice, so it is finite.

A whole double may capture each opponent stone it jumps, unless the stone stands on a start
field: each captured stone goes into a pole of the capturer's choice, so a captured single
gives four moves and a captured double sixteen.  A captured node is empty at once, so the
rest of the path may land on it.

Two jump sequences may rest on the same nodes and capture the same stones (a straight jump and
a dot jump between the same two nodes; a dot jump that ends next to its start, where a step
would): they are one move, listed once.
"""

from __future__ import annotations

from itertools import product

from controller.rules.plimus.board import Board
from controller.rules.plimus.moves import POLE_UNITS, UPPER, WHOLE, Capture, Move
from controller.rules.plimus.stones import DOUBLE, EMPTY, SIGN, SINGLE, TEAM, TOP

Taken = tuple[tuple[int, int], ...]  # captured (node, code) pairs, in the order jumped


class _Generator:
    """Moves of one team in one position; ``cells`` is a scratch copy changed and restored
    while a unit is in the air."""

    def __init__(self, board: Board, cells: tuple[int, ...], team: int, foes: frozenset[int],
                 free_turns: bool, steps: dict[tuple[int, str, int], Move]) -> None:
        self.board = board
        self.steps = steps
        self.cells = list(cells)
        self.team = team
        self.foes = foes
        self.free_turns = free_turns
        self.pole_choices = {size: tuple(product(board.poles, repeat=size)) for size in (1, 2)}
        self.out: list[Move] = []
        # Per unit in the air:
        self.start = 0
        self.unit_name = WHOLE
        self.over_sign = 0
        self.double = False
        self.joinable = -1
        self.seen: set[tuple[tuple[int, ...], Taken]] = set()
        self.jumped: list[int] = []

    def unit(self, start: int, unit: str, kind: int, double: bool) -> None:
        """Every move of one unit whose stones have already left ``start``."""
        board, cells, out, steps = self.board, self.cells, self.out, self.steps
        ncells = board.cells
        joinable = -1 if double else SINGLE + (kind ^ 1)
        # Only a dot jump can end next to its start, where a step would: remember the steps
        # for the jumps to skip only where a dot is near.
        seen: set[tuple[tuple[int, ...], Taken]] = set()
        remember = start in board.near_dot
        for dest in board.neighbours[start]:
            if dest >= ncells:
                if start >= ncells:
                    continue
            else:
                code = cells[dest]
                if code and code != joinable:
                    continue
            key = (start, unit, dest)
            move = steps.get(key)
            if move is None:
                move = steps[key] = Move(start, unit, (dest,))
            out.append(move)
            if remember:
                seen.add(((dest,), ()))
        over_sign = -SIGN[SINGLE + kind]
        # Most units have nothing to jump: look before setting up the search.
        if any(SIGN[cells[over]] == over_sign for over in board.jumpable[start]):
            self.start, self.unit_name, self.double, self.joinable = start, unit, double, joinable
            self.over_sign = over_sign
            self.seen = seen
            self._jumps(start, -1, (), ())

    def _jumps(self, at: int, ray: int, path: tuple[int, ...], taken: Taken) -> None:
        board, cells = self.board, self.cells
        if ray < 0 or self.free_turns:
            options = board.all_jumps[at]
        else:
            options = board.jumps[at].get(ray, ())
        for over, land, new_ray in options:
            code = cells[over]
            if (SIGN[code] != self.over_sign or land == self.start or land in path
                    or over in self.jumped):
                continue
            if land >= board.cells:
                goes_on = False
            elif cells[land] == EMPTY:
                goes_on = True
            elif cells[land] == self.joinable:
                goes_on = False
            else:
                continue
            here = (*path, land)
            self._record(here, taken)
            self.jumped.append(over)
            if goes_on:
                self._jumps(land, new_ray, here, taken)
            if self.double and TEAM[code] in self.foes and over not in board.start_fields:
                more = (*taken, (over, code))
                self._record(here, more)
                if goes_on:
                    cells[over] = EMPTY
                    self._jumps(land, new_ray, here, more)
                    cells[over] = code
            self.jumped.pop()

    def _record(self, path: tuple[int, ...], taken: Taken) -> None:
        """One move per way of sending the captured stones into the poles."""
        key = (path, taken)
        if key in self.seen:
            return
        self.seen.add(key)
        start, unit = self.start, self.unit_name
        if not taken:
            self.out.append(Move(start, unit, path))
            return
        per_node = [self.pole_choices[2 if code >= DOUBLE else 1] for _, code in taken]
        for choice in product(*per_node):
            caps: tuple[Capture, ...] = tuple((node, sent) for (node, _), sent
                                              in zip(taken, choice))
            self.out.append(Move(start, unit, path, caps))



def generate(board: Board, cells: tuple[int, ...], poles: tuple[tuple[int, ...], ...],
             team: int, foes: frozenset[int], free_turns: bool = False,
             steps: dict[tuple[int, str, int], Move] | None = None) -> list[Move]:
    """Every board move of ``team`` (blank placement and passing are the game's business).

    ``steps`` keeps the step moves once made (a step is a fixed value of its start, unit and
    destination, and most moves are steps): pass one dict per board."""
    g = _Generator(board, cells, team, foes, free_turns, {} if steps is None else steps)
    work = g.cells
    for n in range(board.cells):
        code = work[n]
        if TEAM[code] != team:
            continue
        kind = TOP[code]
        work[n] = EMPTY
        g.unit(n, WHOLE, kind, code >= DOUBLE)
        if code >= DOUBLE:
            work[n] = SINGLE + (kind ^ 1)  # the lower stone stays behind
            g.unit(n, UPPER, kind, False)
        work[n] = code
    plus, minus = 2 * team, 2 * team + 1
    for p, counts in zip(board.poles, poles):
        have_plus, have_minus = counts[plus] > 0, counts[minus] > 0
        both = have_plus and have_minus
        for unit, kind, double, ok in zip(POLE_UNITS, (plus, minus, plus, minus),
                                          (False, False, True, True),
                                          (have_plus, have_minus, both, both)):
            if ok:
                g.unit(p, unit, kind, double)
    return g.out
