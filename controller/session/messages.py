"""What the session says, without words: a message is a key and its parameters.

The session never builds a sentence.  It names what it has to say (``Message.of(
"takeback.board", undone=(...))``) and the edge (the web pages, the simulate command) turns the
message into words in the language of whoever reads it (``web_ui/words.py``).  ``Message`` is
the core's (``controller.said``): parameters are plain, hashable data (position names, seats,
numbers) and typed values (a move's description, a seat, a place); which parameter means what
is fixed per key (docs/session.md lists every key).  The rules' own refusals reach a phone as
``rules.refused`` with the rules' typed reason.
"""

from __future__ import annotations

from typing import Any

from controller.errors import BoardError
from controller.said import Message

__all__ = ["Message", "Refusal", "refusal"]


class Refusal(BoardError, ValueError):
    """Something the session will not do now, with what to say to whoever asked."""

    def __init__(self, message: Message, detail: str = "") -> None:
        super().__init__(detail or message.key)
        self.message = message


def refusal(key: str, **params: Any) -> Refusal:
    return Refusal(Message.of(key, **params))
