"""Join tokens: one random token per seat per game, and the host's token.

A token is a capability: the first browser that opens ``/join/<token>`` becomes that seat.
Once a seat is joined its link is spent: only that browser (known by a random id in its signed
cookie) may use it again; any other gets "this seat is taken" until the host issues a new link,
which ends the first browser's hold on the seat.  Tokens are compared in constant time;
issuing new ones (a new game, the host's re-issue, the seat handed to or from the computer)
makes the old ones, and the cookies made from them, stop working.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections.abc import Callable, Iterable
from enum import StrEnum


def new_token() -> str:
    return secrets.token_urlsafe(18)


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


class Revoked(StrEnum):
    """Why a seat's earlier links stopped working."""

    NEW_GAME = "new game"
    REISSUED = "reissued"
    COMPUTER = "computer"
    PERSON = "person"


class SeatTokens:
    """The current token of every seat, and which browser holds each joined seat."""

    def __init__(self, seats: Iterable[str] = ()) -> None:
        self._lock = threading.Lock()
        self._tokens: dict[str, str] = {}
        self._holders: dict[str, str] = {}  # seat -> the browser id that joined it
        self._why: dict[str, Revoked] = {}  # seat -> why its last links were replaced
        self.generation = 0  # grows with every new token: pages reload their join codes
        # Told the joined seats whenever they change (the session hears who may answer a
        # take-back on a phone); called outside the lock.
        self.on_change: Callable[[frozenset[str]], None] | None = None
        self._telling = threading.Lock()
        self._told: frozenset[str] = frozenset()
        self.reset(seats)

    @property
    def seats(self) -> tuple[str, ...]:
        with self._lock:
            return tuple(self._tokens)

    def reset(self, seats: Iterable[str]) -> None:
        """New tokens for every seat (a new game): every earlier link and cookie stops working."""
        with self._lock:
            self._tokens = {s: new_token() for s in seats}
            self._holders.clear()
            self._why = dict.fromkeys(self._tokens, Revoked.NEW_GAME)
            self.generation += 1
        self._changed()

    def reissue(self, seat: str | None = None, why: Revoked = Revoked.REISSUED) -> None:
        """A new token for ``seat`` (or for every seat); whoever held it is let go."""
        with self._lock:
            if seat is not None and seat not in self._tokens:
                raise KeyError(seat)
            for s in [seat] if seat is not None else list(self._tokens):
                self._tokens[s] = new_token()
                self._holders.pop(s, None)
                self._why[s] = why
            self.generation += 1
        self._changed()

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

    def why_revoked(self, seat: str) -> Revoked:
        with self._lock:
            return self._why.get(seat, Revoked.NEW_GAME)

    def claim(self, seat: str, token: str, browser: str) -> bool:
        """Join ``seat`` with ``token`` from ``browser``: true for the first browser and for
        that same browser again; false while another browser holds the seat."""
        with self._lock:
            current = self._tokens.get(seat)
            if current is None or not same(current, token):
                return False
            holder = self._holders.setdefault(seat, browser)
        self._changed()
        return same(holder, browser)

    def release(self, seat: str, browser: str) -> None:
        """``browser`` leaves ``seat``: the link works again for the next browser."""
        with self._lock:
            holder = self._holders.get(seat)
            if holder is not None and same(holder, browser):
                del self._holders[seat]
                self.generation += 1
        self._changed()

    def joined(self) -> list[str]:
        with self._lock:
            return [s for s in self._tokens if s in self._holders]

    def _joined(self) -> frozenset[str]:
        return frozenset(s for s in self._tokens if s in self._holders)

    def _changed(self) -> None:
        # One teller at a time, so the session hears the sets in the order they were.
        with self._telling:
            with self._lock:
                now = self._joined()
            if now != self._told and self.on_change is not None:
                self._told = now
                self.on_change(now)
