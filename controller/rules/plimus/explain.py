"""Why a Plimus move is refused, and why a reading of the board is no move: reason keys of
``words.py`` (``plimus.illegal.*``) with typed parameters.

Nothing in Plimus is hidden, so every reason may be said on the table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from controller.rules.plimus.board import TEAMS
from controller.rules.plimus.moves import POLE_UNITS, UPPER, WHOLE, Move, Pass, PlaceBlank
from controller.rules.plimus.state import team_index
from controller.rules.plimus.stones import (
    BLANK,
    DOUBLE,
    EMPTY,
    IS_DOUBLE,
    PIECES,
    SIGN,
    SINGLE,
    TEAM,
    TOP,
)
from controller.said import Cell, From, Message, Piece, Place, Who

if TYPE_CHECKING:
    from controller.rules.plimus.game import Plimus
    from controller.rules.plimus.state import PlimusState


def _reason(key: str, **params: object) -> Message:
    return Message.of(f"plimus.illegal.{key}", **params)


def why_illegal(game: Plimus, state: PlimusState, move: object) -> Message:
    b = game.board
    v = game.variant_of(state)
    seat = v.seats[state.to_move]
    if not isinstance(move, (Move, PlaceBlank, Pass)):
        return _reason("not-a-move")
    nodes = ([move.start, *move.path, *move.captured_nodes,
              *(p for _, s in move.captures for p in s)] if isinstance(move, Move)
             else [move.node] if isinstance(move, PlaceBlank) else [])
    if any(not isinstance(n, int) or not 0 <= n < len(b.names) for n in nodes):
        return _reason("off-board")
    if game.blank_to_place(state):
        free = tuple(Cell(b.names[c]) for c in b.circles if state.cells[c] == EMPTY)
        if isinstance(move, PlaceBlank):
            return _reason("blank-circle", cells=free)
        return _reason("blank-first", who=Who(seat), cells=free)
    if isinstance(move, PlaceBlank):
        if not v.options["blank"]:
            return _reason("no-blank")
        return _reason("blank-placed")
    if isinstance(move, Pass):
        return _reason("must-move", who=Who(seat))
    if not move.path:
        return Message.of("illegal.not-legal", who=Who(seat))
    return (_unit_problem(game, state, move, seat) or _path_problem(game, state, move, seat)
            or _capture_problem(game, state, move, seat)
            or Message.of("illegal.not-legal", who=Who(seat)))


def _place(game: Plimus, node: int) -> Place:
    return game.place(game.board.names[node])


def _unit_problem(game: Plimus, state: PlimusState, move: Move, seat: str) -> Message | None:
    b = game.board
    team = team_index(seat)
    cell = Cell(b.names[move.start])
    if b.is_pole(move.start):
        counts = state.poles[move.start - b.cells]
        where = From(_place(game, move.start))
        if move.unit not in POLE_UNITS:
            return _reason("pole-unit", **{"from": where})
        need = [2 * team if ch == "+" else 2 * team + 1 for ch in move.unit.split("/")]
        for k in need:
            if counts[k] == 0:
                return _reason("pole-empty", piece=Piece(PIECES[k]), **{"from": where})
        return None
    code = state.cells[move.start]
    if code == BLANK:
        return _reason("blank-moves", cell=cell)
    if code == EMPTY:
        return _reason("empty", cell=cell)
    if TEAM[code] != team:
        return _reason("other-team", cell=cell, owner=Who(TEAMS[TEAM[code]]), who=Who(seat))
    if move.unit == UPPER and not IS_DOUBLE[code]:
        return _reason("split-single", cell=cell)
    if move.unit not in (WHOLE, UPPER):
        return _reason("unit", cell=cell)
    return None


def _jumper(game: Plimus, state: PlimusState, move: Move, seat: str) -> tuple[int, bool]:
    """The jumper's kind (its upper stone) and whether it is a double."""
    team = team_index(seat)
    if game.board.is_pole(move.start):
        kind = 2 * team + (0 if move.unit.startswith("+") else 1)
        return kind, "/" in move.unit
    code = state.cells[move.start]
    return TOP[code], code >= DOUBLE and move.unit != UPPER


def _path_problem(game: Plimus, state: PlimusState, move: Move, seat: str) -> Message | None:
    b = game.board
    kind, double = _jumper(game, state, move, seat)
    sign = SIGN[SINGLE + kind]
    cells = list(state.cells)
    if not b.is_pole(move.start):
        cells[move.start] = SINGLE + (kind ^ 1) if move.unit == UPPER else EMPTY
    joinable = -1 if double else SINGLE + (kind ^ 1)
    captured = dict(move.captures)
    at, ray, seen = move.start, -1, {move.start}
    stepping = len(move.path) == 1 and not move.captures and b.adjacent(at, move.path[0])
    for k, land in enumerate(move.path):
        if k:
            before = move.path[k - 1]
            if b.is_pole(before):
                return _reason("ends-in-pole")
            if state.cells[before] != EMPTY and before not in captured:
                return _reason("ends-on-join", cell=Cell(b.names[before]))
        if land in seen:
            return _reason("revisit")
        if not b.is_pole(land) and cells[land] not in (EMPTY, joinable):
            return _reason("taken", cell=Cell(b.names[land]))
        if stepping:
            return None
        options = [(o, r) for o, dest, r in b.all_jumps[at] if dest == land]
        if not options:
            key = "not-next" if len(move.path) == 1 and not move.captures else "no-jump"
            return _reason(key, to=_place(game, land), **{"from": _place(game, at)})
        good = [(o, r) for o, r in options if SIGN[cells[o]] == -sign]
        if not good:
            over = options[0][0]
            code = cells[over]
            if code == EMPTY:
                return _reason("jump-empty", over=Cell(b.names[over]))
            if code == BLANK:
                return _reason("jump-blank", over=Cell(b.names[over]))
            return _reason("same-sign", over=Cell(b.names[over]))
        if ray >= 0 and not game.variant_of(state).options["free_turns"]:
            straight = [(o, r) for o, r in good if (o, land, r) in b.jumps[at].get(ray, ())]
            if not straight:
                return _reason("turn", to=_place(game, land), **{"from": _place(game, at)})
            good = straight
        jumped, ray = good[0]
        if jumped in captured:
            cells[jumped] = EMPTY
        seen.add(land)
        at = land
    return None


def _capture_problem(game: Plimus, state: PlimusState, move: Move, seat: str
                     ) -> Message | None:
    b = game.board
    _, double = _jumper(game, state, move, seat)
    v = game.variant_of(state)
    foes = v.options["foes"][seat]
    near = {o for n in (move.start, *move.path) for o in b.step[n].values()}
    for node, sent in move.captures:
        if not double:
            return _reason("single-captures")
        if b.is_pole(node):
            return _reason("capture-in-pole")
        cell = Cell(b.names[node])
        code = state.cells[node]
        if TEAM[code] < 0 or node not in near:
            return _reason("not-jumped", cell=cell)
        if node in b.start_fields:
            return _reason("capture-start", cell=cell)
        team = TEAMS[TEAM[code]]
        if team not in foes:
            return _reason("not-foe", who=Who(seat), owner=Who(team),
                           foes=tuple(Who(f) for f in foes))
        stones = 2 if IS_DOUBLE[code] else 1
        if len(sent) != stones:
            return _reason("poles-needed", cell=cell, n=stones)
        if not all(b.is_pole(p) for p in sent):
            return _reason("not-a-pole")
    return None


# --------------------------------------------------------------------------------------------
# Readings
# --------------------------------------------------------------------------------------------


def why_reading(game: Plimus, state: PlimusState, lifted: Iterable[str],
                placed: Iterable[str]) -> Message | None:
    """Why the board's reading is no legal move, from what anyone sees on the board: the move
    the reading would be if the rules allowed it, and the rule that forbids it.  ``lifted``:
    positions a stone was taken off; ``placed``: positions a stone was put on or whose sign
    changed (a double's upper stone lifted off shows the lower one).  None when the reading
    is no move to explain (a stone in the hand, a move still on its way)."""
    b = game.board
    v = game.variant_of(state)
    if game.outcome(state) is not None:
        return None
    seat = v.seats[state.to_move]
    team = team_index(seat)
    off = _nodes(game, lifted)
    on = _nodes(game, placed)
    if off is None or on is None:
        return None
    cells = state.cells
    if game.blank_to_place(state):
        free = tuple(Cell(b.names[c]) for c in b.circles if cells[c] == EMPTY)
        if not off and len(on) == 1:
            (node,) = on
            if node in b.circles and cells[node] == EMPTY:
                return None
            return _reason("blank-circle", cells=free)
        return _reason("blank-first", who=Who(seat), cells=free) if off or on else None
    for node in off:
        if b.is_pole(node):
            return _reason("capture-in-pole")
        if cells[node] == BLANK:
            return _reason("blank-moves", cell=Cell(b.names[node]))
    own = [n for n in off if TEAM[cells[n]] == team]
    # A double whose upper stone came off shows its lower stone: a changed sign, no gap.
    splits = [n for n in on if IS_DOUBLE[cells[n]] and TEAM[cells[n]] == team and n not in off]
    others = [n for n in off if TEAM[cells[n]] not in (team, -1)]
    targets = [n for n in on if n not in splits]
    if len(own) == 1 and not targets and len(splits) == 1:
        targets, splits = splits, []  # a stone put on an own double, showing its sign
    starts = own + splits
    if not starts:
        if len(others) == 1 and targets:
            node = others[0]
            return _reason("other-team", cell=Cell(b.names[node]),
                           owner=Who(TEAMS[TEAM[cells[node]]]), who=Who(seat))
        return None
    if len(starts) != 1 or len(targets) != 1:
        return None
    start, dest = starts[0], targets[0]
    unit = UPPER if start in splits else WHOLE
    taken = frozenset(others)
    if any(isinstance(m, Move) and m.start == start and m.unit == unit and m.path[-1] == dest
           and frozenset(m.captured_nodes) == taken for m in game.legal_moves(state)):
        return None  # legal by some way there: the move is still on its way
    move = Move(start, unit, (dest,), tuple((n, (b.cells,)) for n in others))
    if others:
        return _capture_reading(game, state, move, seat)
    code = cells[dest]
    if code != EMPTY and code != _joinable(cells[start], unit):
        return _reason("taken", cell=Cell(b.names[dest]))
    return _path_problem(game, state, move, seat)


def _nodes(game: Plimus, names: Iterable[str]) -> list[int] | None:
    found = [game.board.find(name) for name in sorted(names)]
    return None if any(n is None for n in found) else [n for n in found if n is not None]


def _joinable(code: int, unit: str) -> int:
    """What a unit may land on to form a double (-1: nothing, a double never joins)."""
    if IS_DOUBLE[code] and unit != UPPER:
        return -1
    return SINGLE + (TOP[code] ^ 1)


def _capture_reading(game: Plimus, state: PlimusState, move: Move, seat: str
                     ) -> Message | None:
    """A reading with stones of another team taken off: what forbids capturing them."""
    b = game.board
    _, double = _jumper(game, state, move, seat)
    if not double:
        return _reason("single-captures")
    foes = game.variant_of(state).options["foes"][seat]
    for node in move.captured_nodes:
        cell = Cell(b.names[node])
        if node in b.start_fields:
            return _reason("capture-start", cell=cell)
        team = TEAMS[TEAM[state.cells[node]]]
        if team not in foes:
            return _reason("not-foe", who=Who(seat), owner=Who(team),
                           foes=tuple(Who(f) for f in foes))
    return None
