"""Live updates to the room's pages: one bounded queue per open page.

The broker's thread only drops a board's name into each page's queue (``put_nowait``) and
never waits; a page that falls so far behind that its queue is full is marked ``behind`` and
gets the whole room again at its next wake (every message is a board's whole current state,
so nothing needs replaying).
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass, field

STANDINGS = "\x00standings"   # the note that the tournament's standings changed
CLOSED = "\x00closed"


@dataclass(eq=False)
class Listener:
    board: str | None           # None: the whole room; else only this board's changes
    size: int
    lang: str = "en"            # the page's language: its messages are in its words
    queue: queue.Queue[str] = field(init=False)
    behind: bool = False
    closed: bool = False

    def __post_init__(self) -> None:
        self.queue = queue.Queue(self.size)

    def offer(self, note: str) -> None:
        try:
            self.queue.put_nowait(note)
        except queue.Full:
            self.behind = True

    def next(self, timeout: float) -> str | None:
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self, first: str) -> list[str]:
        notes = [first]
        while True:
            try:
                notes.append(self.queue.get_nowait())
            except queue.Empty:
                return notes


class RoomHub:
    def __init__(self, limit: int, queue_size: int = 64) -> None:
        self.limit = limit
        self.queue_size = queue_size
        self._lock = threading.Lock()
        self._listeners: set[Listener] = set()
        self.closed = False

    def listen(self, board: str | None, lang: str = "en") -> Listener | None:
        with self._lock:
            if self.closed or len(self._listeners) >= self.limit:
                return None
            listener = Listener(board, self.queue_size, lang)
            self._listeners.add(listener)
            return listener

    def leave(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.discard(listener)

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
                listener.offer(board)

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
