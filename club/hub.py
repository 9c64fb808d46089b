"""Live updates to the room's pages: one bounded queue per open page (``web_ui.mailbox``,
the board's pages' own).

The broker's thread only drops a note (a board changed, the standings changed) into each
page's queue and never waits; a page that falls so far behind that its queue is full is
marked ``behind`` and gets the whole room again at its next wake (every message is a
board's whole current state, so nothing needs replaying).

Who may open a stream: at most ``limit`` at once; one client address at most ``per_client``
of them; and the last ``reserve`` only the room's own screen (the club server's machine, or a
browser holding the director's link), so that one client, or many, never leave the big
screen without its page.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from web_ui.mailbox import Mailbox


@dataclass(frozen=True, slots=True)
class Note:
    """What a room page hears: a board changed (``board``), the tournament's standings
    changed, or the server is closing."""

    kind: str                  # "board", "standings" or "closed"
    board: str | None = None


STANDINGS = Note("standings")
CLOSED = Note("closed")


class HubFull(Exception):
    """No stream for this page now: ``kind`` is ``client`` (this address has its share
    open) or ``room`` (the club server's streams are all taken)."""

    def __init__(self, kind: str, limit: int) -> None:
        super().__init__(f"{kind}: {limit}")
        self.kind = kind
        self.limit = limit


class Listener(Mailbox[Note]):
    """One room page's mailbox (``web_ui.mailbox``): the whole room's (``board`` None) or
    one board's, in the page's language, with its address and whether it is the room's
    own screen (or the director)."""

    def __init__(self, board: str | None, size: int, lang: str = "en", client: str = "",
                 screen: bool = False) -> None:
        super().__init__(size)
        self.board = board
        self.lang = lang
        self.client = client
        self.screen = screen


class RoomHub:
    def __init__(self, limit: int, queue_size: int = 64, per_client: int | None = None,
                 reserve: int = 0) -> None:
        self.limit = limit
        self.queue_size = queue_size
        self.per_client = per_client if per_client is not None else limit
        self.reserve = min(reserve, limit)
        self._lock = threading.Lock()
        self._listeners: set[Listener] = set()
        self._by_client: dict[str, int] = {}
        self.closed = False

    def listen(self, board: str | None, lang: str = "en", client: str = "",
               screen: bool = True) -> Listener | None:
        """A new page's queue; None when the hub is closed.  Raises ``HubFull`` when this
        page has no stream now: the room's screen may take every one of ``limit``, any other
        page the ones beyond the ``reserve``, at most ``per_client`` from one address."""
        with self._lock:
            if self.closed:
                return None
            if len(self._listeners) >= self.limit or (
                    not screen and len(self._listeners) >= self.limit - self.reserve):
                raise HubFull("room", self.limit)
            if not screen and self._by_client.get(client, 0) >= self.per_client:
                raise HubFull("client", self.per_client)
            listener = Listener(board, self.queue_size, lang, client, screen)
            self._listeners.add(listener)
            self._by_client[client] = self._by_client.get(client, 0) + 1
            return listener

    def leave(self, listener: Listener) -> None:
        with self._lock:
            if listener in self._listeners:
                self._listeners.discard(listener)
                left = self._by_client.get(listener.client, 1) - 1
                if left:
                    self._by_client[listener.client] = left
                else:
                    self._by_client.pop(listener.client, None)

    def open_from(self, client: str) -> int:
        with self._lock:
            return self._by_client.get(client, 0)

    @property
    def count(self) -> int:
        with self._lock:
            return len(self._listeners)

    def changed(self, board: str) -> None:
        """A board changed (on the broker's thread: must not block)."""
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            if listener.board is None or listener.board == board:
                listener.offer(Note("board", board))

    def standings_changed(self) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            if listener.board is None:
                listener.offer(STANDINGS)

    def close(self) -> None:
        with self._lock:
            self.closed = True
            listeners = list(self._listeners)
        for listener in listeners:
            listener.closed = True
            listener.offer(CLOSED)
