"""Actions with no physical trace: what a phone (or a board button) may say.

A phone action is a JSON object with a ``type``:

* ``end-turn``: my move is complete (the same as the board's button);
* ``choose`` with ``move`` (move text): of the candidates I was asked about, this one;
* ``declare`` with ``facets`` (an object of strings, e.g. ``{"tile": "3"}``): what the
  sensors cannot see; it narrows my next move;
* ``move`` with ``move`` (move text): this is my move (needed where no sensor sees it, e.g.
  a raise on an unsensed level; where sensors do see it, it waits for the board to agree);
* ``cancel``: forget what I declared;
* ``takeback`` with ``accept`` (true or false): answer a take-back offer; with
  ``request: true``: ask to take back the last move;
* ``resign``: I give up;
* ``draw`` with ``offer: true`` or ``accept: true``: offer a draw, or accept one.

``parse_action`` turns a dict into one of the values below or raises ``ActionError`` saying
what is wrong; nothing reaches the session unchecked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from controller.errors import BoardError
from controller.session.messages import Message


class ActionError(BoardError, ValueError):
    """A phone action that is malformed, or not allowed now."""

    @property
    def message(self) -> Message:
        """What the edge that parsed it answers the phone (a script's reader, say)."""
        return Message.of("action.malformed", detail=str(self))


@dataclass(frozen=True, slots=True)
class EndTurn:
    pass


@dataclass(frozen=True, slots=True)
class Choose:
    move: str


@dataclass(frozen=True, slots=True)
class Declare:
    facets: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class DeclareMove:
    move: str


@dataclass(frozen=True, slots=True)
class Cancel:
    pass


@dataclass(frozen=True, slots=True)
class AnswerTakeback:
    accept: bool


@dataclass(frozen=True, slots=True)
class RequestTakeback:
    pass


@dataclass(frozen=True, slots=True)
class ResignAction:
    pass


@dataclass(frozen=True, slots=True)
class DrawAction:
    accept: bool  # False: an offer


Action = (EndTurn | Choose | Declare | DeclareMove | Cancel | AnswerTakeback | RequestTakeback
          | ResignAction | DrawAction)

TYPES = ("end-turn", "choose", "declare", "move", "cancel", "takeback", "resign", "draw")
MAX_TEXT = 200


def _text(action: Mapping[str, Any], key: str) -> str:
    value = action.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ActionError(f"a {action.get('type')!r} action needs {key!r}: a non-empty string")
    if len(value) > MAX_TEXT:
        raise ActionError(f"{key!r} is longer than {MAX_TEXT} characters")
    return value.strip()


def _flag(action: Mapping[str, Any], key: str) -> bool:
    value = action.get(key)
    if not isinstance(value, bool):
        raise ActionError(f"a {action.get('type')!r} action needs {key!r}: true or false")
    return value


def parse_action(action: Any) -> Action:
    if not isinstance(action, Mapping):
        raise ActionError("an action is a JSON object with a 'type'")
    kind = action.get("type")
    if kind not in TYPES:
        raise ActionError(f"unknown action type {kind!r}; the types are: {', '.join(TYPES)}")
    allowed = {"type", *{"choose": ("move",), "move": ("move",), "declare": ("facets",),
                         "takeback": ("accept", "request"),
                         "draw": ("offer", "accept")}.get(kind, ())}
    extra = sorted(set(action) - allowed)
    if extra:
        raise ActionError(f"a {kind!r} action has no field {extra[0]!r}; its fields: "
                          f"{', '.join(sorted(allowed))}")
    if kind == "end-turn":
        return EndTurn()
    if kind == "choose":
        return Choose(_text(action, "move"))
    if kind == "move":
        return DeclareMove(_text(action, "move"))
    if kind == "declare":
        facets = action.get("facets")
        if (not isinstance(facets, Mapping) or not facets or len(facets) > 8 or not all(
                isinstance(k, str) and isinstance(v, str) and len(k) + len(v) <= MAX_TEXT
                for k, v in facets.items())):
            raise ActionError("a 'declare' action needs 'facets': an object of up to 8 "
                              "string values, e.g. {\"tile\": \"3\"}")
        return Declare(dict(facets))
    if kind == "cancel":
        return Cancel()
    if kind == "takeback":
        if "request" in action:
            if "accept" in action or action.get("request") is not True:
                raise ActionError("a take-back request is {\"type\": \"takeback\", "
                                  "\"request\": true}; an answer has 'accept' instead")
            return RequestTakeback()
        return AnswerTakeback(_flag(action, "accept"))
    if kind == "resign":
        return ResignAction()
    if "offer" in action and "accept" in action:
        raise ActionError("a 'draw' action either offers or accepts, not both")
    if "offer" in action:
        if not _flag(action, "offer"):
            raise ActionError("'offer' must be true (to withdraw, simply play on)")
        return DrawAction(False)
    if not _flag(action, "accept"):
        raise ActionError("'accept' must be true (to decline, simply play on)")
    return DrawAction(True)
