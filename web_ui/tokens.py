"""Join tokens: one random token per seat per game, and the host's token.

A token is a capability: whoever opens ``/join/<token>`` becomes that seat on this browser.
Tokens are compared in constant time; issuing new ones (a new game, or the host's re-issue)
makes the old ones, and the cookies made from them, stop working.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections.abc import Iterable


def new_token() -> str:
    return secrets.token_urlsafe(18)


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


class SeatTokens:
    """The current token of every seat, and which seats have been joined since it was issued."""

    def __init__(self, seats: Iterable[str] = ()) -> None:
        self._lock = threading.Lock()
        self._tokens: dict[str, str] = {}
        self._joined: set[str] = set()
        self.generation = 0  # grows with every new token: pages reload their join codes
        self.reset(seats)

    @property
    def seats(self) -> tuple[str, ...]:
        with self._lock:
            return tuple(self._tokens)

    def reset(self, seats: Iterable[str]) -> None:
        """New tokens for every seat (a new game): every earlier link and cookie stops working."""
        with self._lock:
            self._tokens = {s: new_token() for s in seats}
            self._joined.clear()
            self.generation += 1

    def reissue(self, seat: str | None = None) -> None:
        """A new token for ``seat`` (or for every seat)."""
        with self._lock:
            if seat is not None and seat not in self._tokens:
                raise KeyError(seat)
            for s in [seat] if seat is not None else list(self._tokens):
                self._tokens[s] = new_token()
                self._joined.discard(s)
            self.generation += 1

    def items(self) -> list[tuple[str, str]]:
        with self._lock:
            return list(self._tokens.items())

    def token(self, seat: str) -> str:
        with self._lock:
            return self._tokens[seat]

    def seat_of(self, token: str) -> str | None:
        """The seat whose token this is (every seat is compared, whatever matches first)."""
        found = None
        with self._lock:
            for seat, current in self._tokens.items():
                if same(current, token):
                    found = seat
        return found

    def valid(self, seat: str, token: str) -> bool:
        with self._lock:
            current = self._tokens.get(seat)
        return current is not None and same(current, token)

    def join(self, seat: str) -> None:
        with self._lock:
            self._joined.add(seat)

    def joined(self) -> list[str]:
        with self._lock:
            return [s for s in self._tokens if s in self._joined]
