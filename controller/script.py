"""Hand scripts: what hands do at a board, in time, one JSON object a line.

One format, read here for both commands that take one: ``boardlight simulate`` (the whole
pipeline on a simulated board and clock) and ``boardlight emulator`` (the reference firmware
as a virtual board); ``docs/simulate.md`` describes it::

    {"t": 0.0, "lift": "C3"}                    a hand lifts the top piece of C3
    {"t": 0.4, "place": "D3"}                   ... puts down the piece it lifted last
    {"t": 0.4, "place": "E5", "piece": "w"}     ... or a piece of this kind
    {"t": 0.9, "button": "end-turn"}            a board button is pressed
    {"t": 1.0, "phone": {"seat": "b", "type": "end-turn"}}    a seat's phone acts
    {"t": 2.0, "play": "C3D3", "gap": 0.3}      the hand steps of a whole move

``t`` is seconds from the start; blank lines and lines starting with ``#`` are skipped.  This
module only reads a script (no I/O): every mistake raises ``ScriptError`` naming its line and
saying what is expected.  Given a ``ScriptBoard``, the positions, buttons and pieces a script
names are checked against it too, and so are the kinds of line its runner carries out.
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from controller.errors import BoardError

Kind = Literal["lift", "place", "button", "phone", "play"]
KINDS: tuple[Kind, ...] = ("lift", "place", "button", "phone", "play")
OPTIONAL = {"place": ("piece",), "play": ("gap",)}  # keys a kind of line may add


class ScriptError(BoardError, ValueError):
    """A script line that cannot be read, or that names what the board does not have."""


@dataclass(frozen=True, slots=True)
class ScriptLine:
    """One line: at ``t``, a ``kind`` of action on ``value`` (a position for ``lift`` and
    ``place``, a button's name, a move's text for ``play``, and for ``phone`` the phone's
    action: an object with ``seat`` and ``type``)."""

    line: int
    t: float
    kind: Kind
    value: Any
    piece: str | None = None   # place: the kind of piece put down (else the one lifted last)
    gap: float | None = None   # play: seconds between the move's hand steps


@dataclass(frozen=True, slots=True)
class ScriptBoard:
    """What a script may name, for the board a command drives.

    ``name`` says whose it is in messages ("board 'abalone-pico'"); ``positions`` are where a
    hand may lift and place (``position`` is what to call one: "position", "sensed
    position"); ``pieces``: the game's kinds of piece (empty: any); ``refused``: kinds of line
    the command does not carry out, each with why and what to do instead.
    """

    name: str
    positions: Collection[str]
    buttons: Collection[str]
    pieces: Collection[str] = ()
    position: str = "position"
    refused: Mapping[str, str] = field(default_factory=dict)


def parse_script(lines: Iterable[str], board: ScriptBoard | None = None) -> list[ScriptLine]:
    """The script's lines in time order (lines at the same time in the order written)."""
    out = []
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if text and not text.startswith("#"):
            out.append(_line(number, text, board))
    out.sort(key=lambda s: (s.t, s.line))
    return out


def _line(n: int, text: str, board: ScriptBoard | None) -> ScriptLine:
    def fail(problem: str) -> ScriptError:
        return ScriptError(f"line {n}: {problem}")

    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise fail(f"not JSON ({exc.msg})") from None
    if not isinstance(obj, dict):
        raise fail(f'a script line is a JSON object, like {{"t": 0.5, "lift": "C3"}}; got {text}')
    if "t" not in obj:
        raise fail("'t' is missing: every line says when, in seconds from the start")
    t = obj["t"]
    if not _number(t) or t < 0:
        raise fail(f"'t' must be a number of seconds, 0 or more; got {t!r}")
    kinds = [k for k in KINDS if k in obj]
    if len(kinds) != 1:
        got = f"; got {', '.join(kinds)}" if kinds else ""
        raise fail(f"needs exactly one of {', '.join(KINDS)}{got}")
    kind = kinds[0]
    allowed = {"t", kind, *OPTIONAL.get(kind, ())}
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise fail(f"unknown key {unknown[0]!r} for a {kind!r} line; allowed: "
                   f"{', '.join(sorted(allowed))}")
    value = obj[kind]
    if kind == "phone":
        if not isinstance(value, dict):
            raise fail('\'phone\' must be an object, like {"seat": "b", "type": "end-turn"}')
        for key, what in (("seat", "the seat whose phone acts"),
                          ("type", "end-turn, choose, declare, move, ...")):
            if not isinstance(value.get(key), str) or not value[key]:
                raise fail(f"a phone action needs {key!r} ({what})")
    elif not isinstance(value, str) or not value:
        what = {"lift": "a position", "place": "a position", "button": "a button's name",
                "play": "a move's text"}[kind]
        raise fail(f"{kind!r} must be {what}, as text; got {value!r}")
    piece = obj.get("piece")
    if piece is not None and (not isinstance(piece, str) or not piece):
        raise fail(f"'piece' must be a kind of piece as text, like \"w\"; got {piece!r}")
    gap = obj.get("gap")
    if gap is not None and (not _number(gap) or gap < 0):
        raise fail(f"'gap' must be a number of seconds, 0 or more; got {gap!r}")
    if board is not None:
        _check(fail, board, kind, value, piece)
    return ScriptLine(n, float(t), kind, value, piece, None if gap is None else float(gap))


def _number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)


def _check(fail: Any, board: ScriptBoard, kind: str, value: Any, piece: str | None) -> None:
    if kind in board.refused:
        raise fail(f"{kind!r} lines are not carried out here: {board.refused[kind]}")
    if kind in ("lift", "place") and value not in board.positions:
        raise fail(f"there is no {board.position} {value!r} on {board.name}")
    if kind == "button" and value not in board.buttons:
        raise fail(f"{board.name} has no button {value!r}; it has "
                   f"{', '.join(board.buttons) or 'none'}")
    if piece is not None and board.pieces and piece not in board.pieces:
        raise fail(f"{piece!r} is no piece of {board.name}; its pieces: "
                   f"{', '.join(board.pieces)}")
