"""Why a Plimus move is refused, in a sentence a player understands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from controller.rules.plimus.board import TEAMS
from controller.rules.plimus.moves import POLE_UNITS, UPPER, WHOLE, Move, Pass, PlaceBlank
from controller.rules.plimus.state import team_index
from controller.rules.plimus.stones import (
    BLANK,
    DOUBLE,
    EMPTY,
    IS_DOUBLE,
    SIGN,
    SINGLE,
    TEAM,
    TOP,
)

if TYPE_CHECKING:
    from controller.rules.plimus.game import Plimus
    from controller.rules.plimus.state import PlimusState


def why_illegal(game: Plimus, state: PlimusState, move: object) -> str:
    b = game.board
    v = game.variant_of(state)
    seat = v.seats[state.to_move]
    if not isinstance(move, (Move, PlaceBlank, Pass)):
        return f"{move!r} is not a Plimus move"
    nodes = ([move.start, *move.path, *move.captured_nodes,
              *(p for _, s in move.captures for p in s)] if isinstance(move, Move)
             else [move.node] if isinstance(move, PlaceBlank) else [])
    if any(not 0 <= n < len(b.names) for n in nodes):
        return f"{move!r} names nodes the board does not have"
    text = game.move_text(move)
    circles = " or ".join(f"blank {b.names[c]}" for c in b.circles)
    if game.blank_to_place(state):
        if isinstance(move, PlaceBlank):
            return f"{text}: the blank stone goes on a free circle field ({circles})"
        return f"{text}: {seat} first puts the blank stone on a circle field ({circles})"
    if isinstance(move, PlaceBlank):
        if not v.options["blank"]:
            return f"{text}: {v.name} has no blank stone (it belongs to two-player-extended)"
        return f"{text}: the blank stone is already on the board, and it never moves"
    if isinstance(move, Pass):
        return f"pass: {seat} can move, and must (Zugzwang)"
    return _unit_problem(game, state, move, seat) or _path_problem(
        game, state, move, seat) or _capture_problem(game, state, move, seat) or (
        f"{text} is not a legal move for {seat} in this position")


def _unit_problem(game: Plimus, state: PlimusState, move: Move, seat: str) -> str | None:
    b = game.board
    team = team_index(seat)
    where = b.names[move.start]
    if b.is_pole(move.start):
        counts = state.poles[move.start - b.cells]
        if move.unit not in POLE_UNITS:
            return f"say which {seat} stones leave pole {where}: [+], [-], [+/-] or [-/+]"
        need = [2 * team if ch == "+" else 2 * team + 1 for ch in move.unit.split("/")]
        if any(counts[k] == 0 for k in need):
            return f"pole {where} holds no {seat} stones for [{move.unit}]"
        return None
    code = state.cells[move.start]
    if code == BLANK:
        return f"the blank stone on {where} never moves"
    if TEAM[code] != team:
        return f"{where} holds no {seat} stone"
    if move.unit == UPPER and not IS_DOUBLE[code]:
        return f"{where} holds a single; only the upper stone of a double splits off ({where})"
    if move.unit not in (WHOLE, UPPER):
        return f"stones on a node move as {where} or {where}^, not [{move.unit}]"
    return None


def _jumper(game: Plimus, state: PlimusState, move: Move, seat: str) -> tuple[int, bool]:
    """The jumper's kind (its upper stone) and whether it is a double."""
    team = team_index(seat)
    if game.board.is_pole(move.start):
        kind = 2 * team + (0 if move.unit.startswith("+") else 1)
        return kind, "/" in move.unit
    code = state.cells[move.start]
    return TOP[code], code >= DOUBLE and move.unit != UPPER


def _path_problem(game: Plimus, state: PlimusState, move: Move, seat: str) -> str | None:
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
        name = b.names[land]
        if k and (b.is_pole(move.path[k - 1]) or state.cells[move.path[k - 1]] != EMPTY):
            return (f"the move ends on {b.names[move.path[k - 1]]}: landing in a pole or on "
                    "an own stone (a join) ends it")
        if land in seen:
            return f"a move never lands twice on {name} nor comes back to its start"
        if not b.is_pole(land) and cells[land] not in (EMPTY, joinable):
            return (f"{name} is taken: a stone lands on an empty node, in a pole, or (a "
                    "single) on an own single of the opposite sign to form a double")
        if stepping:
            return None
        options = [(o, r) for o, dest, r in b.all_jumps[at] if dest == land]
        if not options:
            return (f"{name} is no jump from {b.names[at]}: a jump goes over one neighbour "
                    "along a line to the node straight behind it (from a dot field, to any "
                    "neighbour of the dot)")
        good = [(o, r) for o, r in options if SIGN[cells[o]] == -sign]
        if not good:
            over = b.names[options[0][0]]
            code = cells[options[0][0]]
            if code == EMPTY:
                return f"there is no stone on {over} to jump"
            if code == BLANK:
                return f"the blank stone on {over} is never jumped"
            return f"{over} shows the jumper's own sign: same signs repel and block"
        if ray >= 0 and not game.variant_of(state).options["free_turns"]:
            straight = [(o, r) for o, r in good if (o, land, r) in b.jumps[at].get(ray, ())]
            if not straight:
                return (f"{b.names[at]}:{name} leaves the line of the jump before it: a "
                        "multi-jump keeps its line, except over a stone on a dot field")
            good = straight
        jumped, ray = good[0]
        if jumped in captured:
            cells[jumped] = EMPTY
        seen.add(land)
        at = land
    return None


def _capture_problem(game: Plimus, state: PlimusState, move: Move, seat: str) -> str | None:
    b = game.board
    _, double = _jumper(game, state, move, seat)
    foes = game.variant_of(state).options["foes"][seat]
    near = {o for n in (move.start, *move.path) for o in b.step[n].values()}
    for node, sent in move.captures:
        name = b.names[node]
        code = state.cells[node] if node < b.cells else EMPTY
        if not double:
            return "only a double captures; a single only jumps"
        if TEAM[code] < 0 or node not in near:
            return f"the path does not jump a stone on {name}"
        if node in b.start_fields:
            return f"the stone on {name} stands on a start field and cannot be captured"
        team = TEAMS[TEAM[code]]
        if team not in foes:
            return (f"{seat} does not capture {team} stones in {game.variant_of(state).name} "
                    f"(only {', '.join(foes)})")
        stones = 2 if IS_DOUBLE[code] else 1
        if len(sent) != stones:
            return (f"x{name} needs one pole per captured stone: {stones} for the {team} "
                    f"{'double' if stones == 2 else 'single'} there")
    return None
