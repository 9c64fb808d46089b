"""What the session says, without words: a message is a key and its parameters.

The session never builds a sentence.  It names what it has to say (``Message.of(
"takeback.board", undone=("A1B2",))``) and the edge (the web pages, the simulate command)
turns the message into words in the language of whoever reads it (``web_ui/words.py``).
Parameters are plain, hashable data: position names, seats, piece kinds, move texts,
numbers, and tuples of them; which parameter means what is fixed per key (docs/session.md
lists every key).  The rules' own refusals reach a phone as ``rules.refused`` with the
rules' explanation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from controller.errors import BoardError


def _frozen(value: Any) -> Any:
    """Lists and dicts as tuples, so that a message is hashable and compares by value."""
    if isinstance(value, Mapping):
        return tuple((k, _frozen(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def _thawed(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thawed(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Message:
    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Any) -> Message:
        return cls(key, tuple(sorted((k, _frozen(v)) for k, v in params.items())))

    def __getitem__(self, name: str) -> Any:
        for k, v in self.params:
            if k == name:
                return v
        raise KeyError(f"message {self.key!r} has no parameter {name!r}")

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except KeyError:
            return default

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": {k: _thawed(v) for k, v in self.params}}


class Refusal(BoardError, ValueError):
    """Something the session will not do now, with what to say to whoever asked."""

    def __init__(self, message: Message, detail: str = "") -> None:
        super().__init__(detail or message.key)
        self.message = message


def refusal(key: str, **params: Any) -> Refusal:
    return Refusal(Message.of(key, **params))
