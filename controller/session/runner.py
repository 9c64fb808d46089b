"""One thread owns the game session; everybody else posts to it.

Sensor threads, the serial link and web requests call ``post(event)``; listeners (the LED
driver, the web pages' streams, the event log) receive every outbound event on the session
thread, in order, and must not block.  Between events the runner posts ``Tick``s when a
session timer is due and lets the session prepare the next position's footprints when idle.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from controller.session.events import (
    InEvent,
    OutEvent,
    RawScan,
    StableChanges,
    StableScan,
    Tick,
)

log = logging.getLogger(__name__)

T = TypeVar("T")
Listener = Callable[[list[OutEvent]], None]


class _Call:
    __slots__ = ("fn", "future")

    def __init__(self, fn: Callable[[Any], Any]) -> None:
        self.fn = fn
        self.future: Future[Any] = Future()


_STOP = object()
QUIET = (RawScan, StableScan, StableChanges, Tick)  # events the listeners hear of by their out


class SessionRunner:
    """Runs ``session.handle`` for every posted event on its own thread.

    ``clock`` gives the session's time in seconds (monotonic); events posted with ``post_now``
    are stamped with it.
    """

    def __init__(self, session: Any, clock: Callable[[], float] = time.monotonic) -> None:
        self.session = session
        self.clock = clock
        self._inbox: queue.Queue[Any] = queue.Queue()
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    # ---- from any thread -----------------------------------------------------------------

    def post(self, event: InEvent) -> None:
        self._inbox.put(event)

    def now(self) -> float:
        return self.clock()

    def call(self, fn: Callable[[Any], T]) -> Future[T]:
        """Run ``fn(session)`` on the session thread (to read or replace the session safely);
        whatever it returns, or raises, comes back through the future."""
        item = _Call(fn)
        self._inbox.put(item)
        return item.future

    def subscribe(self, listener: Listener, first: bool = False) -> None:
        """Add a listener; ``first`` puts it before the others (the event log: nothing may
        be shown before it is written)."""
        with self._lock:
            if first:
                self._listeners.insert(0, listener)
            else:
                self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        with self._lock:
            if listener in self._listeners:
                self._listeners.remove(listener)

    def start(self) -> SessionRunner:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="game-session", daemon=True)
            self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        if self._thread is not None:
            self._inbox.put(_STOP)
            self._thread.join(timeout)
            self._thread = None

    # ---- the session thread --------------------------------------------------------------

    def _run(self) -> None:
        self.session.prepare()  # the start position's footprints, before the first scan
        while True:
            deadline = self.session.next_deadline()
            wait = None if deadline is None else max(0.0, deadline - self.clock())
            try:
                item = self._inbox.get(timeout=wait) if wait != 0.0 else self._inbox.get_nowait()
            except queue.Empty:
                item = Tick(self.clock())
            if item is _STOP:
                return
            if isinstance(item, _Call):
                self._do_call(item)
                continue
            try:
                out = self.session.handle(item)
            except Exception:  # one bad event must not stop the board
                log.exception("the session failed on %r; the event is dropped", item)
                continue
            # A person's event (a phone's declaration) may change what the pages show with
            # nothing going out: the listeners hear of it too (the table's snapshot says
            # which seats declared).  The sensors' and the clock's only when something does.
            if out or not isinstance(item, QUIET):
                self._dispatch(out)
            if self._inbox.empty():
                self.session.prepare()

    def _do_call(self, item: _Call) -> None:
        try:
            item.future.set_result(item.fn(self.session))
        except BaseException as exc:  # handed back to the caller
            item.future.set_exception(exc)

    def dispatch(self, out: list[OutEvent]) -> None:
        """Hand events to the listeners (the session thread does; a ``call`` may too)."""
        self._dispatch(out)

    def _dispatch(self, out: list[OutEvent]) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(out)
            except Exception:  # a broken listener must not stop the others
                log.exception("listener %r failed", listener)
