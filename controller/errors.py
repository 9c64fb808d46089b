"""One error family for the whole product.

Every leaf also subclasses the matching built-in, so callers that only know Python's own
exceptions (``ValueError``, ``LookupError``) still catch them.  Messages say what was wrong
and, where it helps, what to do instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from controller.said import Message


class BoardError(Exception):
    """Base class of every error Boardlight raises on purpose."""


class IllegalMoveError(BoardError, ValueError):
    """A move that the rules do not allow in this position: ``reason`` says why, as a key of
    the game's words with its parameters (the wording layer says it in the reader's
    language); the text is its plain English, for logs and the command line."""

    def __init__(self, reason: Message, text: str = "") -> None:
        super().__init__(text or reason.key)
        self.reason = reason


class ParseError(BoardError, ValueError):
    """A position text or move text that cannot be read."""


class UnknownGameError(BoardError, LookupError):
    """A game name the registry does not know."""


class UnknownVariantError(BoardError, LookupError):
    """A variant name the game does not know."""
