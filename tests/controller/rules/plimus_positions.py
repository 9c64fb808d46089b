"""Build Plimus positions by hand for tests: name the nodes, get a state.

Stones are written as in the position text: ``B`` a blue plus single, ``b`` blue minus,
``(bB)`` a blue double with its plus stone on top, ``*`` the blank stone; a pole lists its
loose stones (``"SW": "BBr"``).  Keys may hold several names: ``{"c5 e5": "B"}``.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st

from controller.errors import IllegalMoveError
from controller.rules.plimus import PLIMUS, Move, Pass, PlaceBlank, PlimusState
from controller.rules.plimus.moves import POLE_UNITS, UPPER, WHOLE, PlimusMove
from controller.rules.plimus.notation import POLE_LETTERS, TOKENS
from controller.said import Message

G = PLIMUS
BOARD = G.board


def position(stones: dict[str, str], to_move: str = "blue", variant: str = "two-player",
             quiet: int = 0) -> PlimusState:
    where: dict[str, str] = {}
    for names, token in stones.items():
        for name in names.split():
            where[name] = token
    rows = []
    for row in BOARD.rows():
        out, run = [], 0
        for n in row:
            token = where.pop(BOARD.names[n], None)
            if not token:
                run += 1
                continue
            out.append((str(run) if run else "") + token)
            run = 0
        rows.append("".join(out) + (str(run) if run else ""))
    poles = [f"{p}:{where.pop(p, '') or '-'}" for p in BOARD.pole_names]
    assert not where, f"test bug: not nodes or poles: {sorted(where)}"
    return G.parse_position(" ".join(["/".join(rows), *poles, to_move, str(quiet)]), variant)


def moves_text(state: PlimusState) -> set[str]:
    return {G.move_text(m) for m in G.legal_moves(state)}


def play(state: PlimusState, text: str) -> PlimusState:
    return G.apply(state, G.parse_move(state, text))


def refused(state: PlimusState, text: str) -> Message:
    """The reason the rules give for refusing the move ``text`` (which must be refused)."""
    with pytest.raises(IllegalMoveError) as caught:
        play(state, text)
    reason: Message = caught.value.reason
    return reason


def reason(key: str, **params: Any) -> Message:
    """A refusal of Plimus's own words: ``plimus.illegal.<key>`` with its parameters."""
    return Message.of(f"plimus.illegal.{key}", **params)


def at(state: PlimusState, name: str) -> str:
    """What stands on a node, as position-text letters ('' when empty)."""
    code = state.cells[BOARD.index(name)]
    return TOKENS[code] if code else ""


def pole(state: PlimusState, name: str) -> str:
    counts = state.poles[BOARD.index(name) - BOARD.cells]
    return "".join(POLE_LETTERS[k] * c for k, c in enumerate(counts))


def scattered(seed: int, variant: str = "two-player", doubles: float = 0.4,
              in_poles: float = 0.15) -> PlimusState:
    """A random position with every stone somewhere: many doubles, some stones in poles, and
    stones far from home, where captures and multi-jumps are common."""
    import random

    rng = random.Random(seed)
    v = G.variant(variant)
    free = [n for n in BOARD.names[:BOARD.cells]]
    rng.shuffle(free)
    stones: dict[str, str] = {}
    poles: dict[str, str] = {p: "" for p in BOARD.pole_names}
    if v.options["blank"]:
        circle = BOARD.names[rng.choice(BOARD.circles)]
        free.remove(circle)
        if rng.random() < 0.8:
            stones[circle] = "*"  # else the circle stays free for the blank stone
    for seat in v.seats:
        letter = seat[0]
        plus, minus = [letter.upper()] * 6, [letter] * 6
        while plus and minus and rng.random() < doubles:
            low, up = (minus.pop(), plus.pop()) if rng.random() < 0.5 else (plus.pop(), minus.pop())
            stones[free.pop()] = f"({low}{up})"
        for s in plus + minus:
            if rng.random() < in_poles:
                poles[rng.choice(BOARD.pole_names)] += s
            else:
                stones[free.pop()] = s
    state = position({**stones, **{p: s for p, s in poles.items() if s}}, variant=variant)
    to_move = rng.randrange(len(v.seats))
    return PlimusState(state.variant, state.cells, state.poles, to_move, state.quiet)


def arbitrary_moves(state: PlimusState) -> st.SearchStrategy[PlimusMove]:
    """Moves of the game's own types, legal or not: a stone or double from any node or pole
    along any path, with made-up captures; a blank stone anywhere; a pass."""
    nodes = st.integers(0, len(BOARD.names) - 1)

    def from_node(start: int) -> st.SearchStrategy[Move]:
        units = POLE_UNITS if BOARD.is_pole(start) else (WHOLE, UPPER)
        captures = st.lists(nodes, max_size=2).map(
            lambda taken: tuple((n, (BOARD.cells,)) for n in taken))
        return st.builds(Move, st.just(start), st.sampled_from(units),
                         st.lists(nodes, min_size=1, max_size=3).map(tuple), captures)

    return st.one_of(nodes.flatmap(from_node), st.builds(PlaceBlank, nodes), st.just(Pass()))
