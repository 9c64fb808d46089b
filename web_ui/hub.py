"""Fan-out of live updates to the open pages: one bounded queue per listening page.

The session thread must never block on a slow phone, so it only drops a small note into each
listener's queue (``put_nowait``).  A note says "something changed" (every message a stream
sends is the whole current snapshot, so a note that does not fit is no loss: the notes already
queued make the stream send the newest snapshot anyway) or carries a refusal of the session
addressed to one seat (those are dropped, and counted, when a page falls that far behind).
"""

from __future__ import annotations

import itertools
import logging
import threading
from dataclasses import dataclass

from controller.session.events import Handled, Rejected
from controller.session.messages import Message
from controller.session.runner import SessionRunner
from web_ui.mailbox import Mailbox

log = logging.getLogger(__name__)

PUBLIC = None  # the seat of the table page's listeners


@dataclass(frozen=True, slots=True)
class Note:
    kind: str                      # "changed", "rejected" or "closed"
    message: Message | None = None  # a refusal, worded by each stream in its reader's language


CHANGED = Note("changed")
CLOSED = Note("closed")


class Listener(Mailbox[Note]):
    """One open page's mailbox (``web_ui.mailbox``): the table's (``seat`` None) or a
    seat's."""

    def __init__(self, seat: str | None, size: int) -> None:
        super().__init__(size)
        self.seat = seat


class StreamHub:
    """Every open stream's listener; notes from the session thread and from the web side."""

    def __init__(self, limit: int, queue_size: int = 32) -> None:
        self.limit = limit
        self.queue_size = queue_size
        self._lock = threading.Condition()
        self._listeners: set[Listener] = set()
        self._revision = itertools.count(1)
        self.revision = 0  # bumped by changes the table does not know (names, the sim hand)
        self.closed = False
        self._runner: SessionRunner | None = None

    # ---- listeners ---------------------------------------------------------------------------

    def listen(self, seat: str | None) -> Listener | None:
        """A new listener, or None when the hub is closed or ``limit`` streams are open."""
        with self._lock:
            if self.closed or len(self._listeners) >= self.limit:
                return None
            listener = Listener(seat, self.queue_size)
            self._listeners.add(listener)
            return listener

    def leave(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.discard(listener)
            self._lock.notify_all()
        if listener.dropped:
            log.info("a %s stream fell behind and dropped %d notes",
                     listener.seat or "table", listener.dropped)

    @property
    def count(self) -> int:
        with self._lock:
            return len(self._listeners)

    def wait_for_count(self, most: int, timeout: float) -> bool:
        """Wait until at most ``most`` streams are open (a page that went away is noticed
        within ``web_ui.mailbox.POLL`` seconds); whether that happened in time."""
        with self._lock:
            return self._lock.wait_for(lambda: len(self._listeners) <= most, timeout)

    def _each(self) -> list[Listener]:
        with self._lock:
            return list(self._listeners)

    # ---- notes ---------------------------------------------------------------------------------

    def changed(self, _version: int = 0) -> None:
        """The table has a new snapshot (called on the session thread: must not block)."""
        for listener in self._each():
            listener.offer(CHANGED)

    def web_changed(self) -> None:
        """Something pages show changed outside the table (names, links, the sim's hand)."""
        self.revision = next(self._revision)
        self.changed()

    def attach(self, runner: SessionRunner) -> None:
        self._runner = runner
        runner.subscribe(self._session_events)

    def _session_events(self, handled: Handled) -> None:
        for e in handled.events:
            if isinstance(e, Rejected):
                for listener in self._each():
                    if listener.seat == e.seat:
                        listener.offer(Note("rejected", e.reason))

    def close(self) -> None:
        """End every stream (the server is stopping); no new ones are let in."""
        with self._lock:
            self.closed = True
            listeners = list(self._listeners)
        for listener in listeners:
            listener.closed = True  # seen at the stream's next wake, even if the note is dropped
            listener.offer(CLOSED)
        if self._runner is not None:
            self._runner.unsubscribe(self._session_events)
