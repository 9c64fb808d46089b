"""One bounded queue per open page, and the wait of a live stream: shared by the board's pages
(``web_ui.hub``, ``web_ui.sse``) and the club's room (``club.hub``, ``club.web``).

The thread that has news (the session's, the broker's) only drops a note into each page's
``Mailbox`` (``offer``: never waits); a note that does not fit is counted (``dropped``) and
marks the mailbox ``behind``, which the stream clears once it has sent the whole state
again (every message a stream sends is a whole current state, so a lost note costs
nothing).  ``batches`` is a stream's wait: each batch of notes as it comes, ``None`` when a
keep-alive is due, and its end when the page is closed or its client gone.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

POLL = 2.0  # how often a quiet stream checks that its client is still there

N = TypeVar("N")


class Mailbox(Generic[N]):
    def __init__(self, size: int) -> None:
        self.queue: queue.Queue[N] = queue.Queue(size)
        self.dropped = 0      # notes that did not fit, ever
        self.behind = False   # a note did not fit since the stream last caught up
        self.closed = False   # seen at the stream's next wake, even if the note is dropped

    def offer(self, note: N) -> bool:
        """Drop ``note`` in, never waiting; whether it fit."""
        try:
            self.queue.put_nowait(note)
        except queue.Full:
            self.dropped += 1
            self.behind = True
            return False
        return True

    def next(self, timeout: float) -> N | None:
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self, first: N) -> list[N]:
        """``first`` and every note waiting behind it."""
        notes = [first]
        while True:
            try:
                notes.append(self.queue.get_nowait())
            except queue.Empty:
                return notes


def batches(mailbox: Mailbox[N], keepalive: float, gone: Callable[[], bool]
            ) -> Iterator[list[N] | None]:
    """A stream's wait: each batch of notes as it comes (drained), ``None`` when
    ``keepalive`` seconds passed with none (the stream sends a comment line), until the
    mailbox is closed or ``gone()`` says the client went away (checked every ``POLL``
    seconds of quiet)."""
    quiet = time.monotonic()
    while True:
        note = mailbox.next(min(POLL, keepalive))
        if mailbox.closed:
            return
        if note is None:
            if gone():
                return
            if time.monotonic() - quiet >= keepalive:
                quiet = time.monotonic()
                yield None
            continue
        quiet = time.monotonic()
        yield mailbox.drain(note)
