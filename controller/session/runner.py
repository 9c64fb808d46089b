"""One thread owns the game session; everybody else posts to it.

Sensor threads, the serial link and web requests call ``post(event)``; a request that waits
for the session's answer calls ``ask(event)`` (the answer comes back by the event's request
id).  Listeners (the LED driver, the table's snapshots, the event log, the club) receive
what each event came to (``Handled``: its events and the snapshot after it) on the session
thread, in order, and must not block.  Between events the runner posts ``Tick``s when a
session timer is due and lets the session prepare the next position's footprints when idle.
A new game is a command on the same thread (``replace``): nothing reads a half-made one.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

from controller.session.events import Handled, InEvent, Tick
from controller.session.messages import Message
from controller.session.session import GameSession
from controller.session.snapshot import Snapshot

log = logging.getLogger(__name__)

T = TypeVar("T")
Listener = Callable[[Handled], None]


class _Call:
    __slots__ = ("fn", "future")

    def __init__(self, fn: Callable[[GameSession], object]) -> None:
        self.fn = fn
        self.future: Future[object] = Future()


class _Ask:
    __slots__ = ("event", "future")

    def __init__(self, event: InEvent) -> None:
        self.event = event
        self.future: Future[Message | None] = Future()


_STOP = object()


class SessionRunner:
    """Runs ``session.handle`` for every posted event on its own thread.

    ``clock`` gives the session's time in seconds (monotonic); events posted with ``post_now``
    are stamped with it.
    """

    def __init__(self, session: GameSession, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.session = session
        self.clock = clock
        self._inbox: queue.Queue[object] = queue.Queue()
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._shown: Snapshot | None = None  # the last snapshot the listeners had

    # ---- from any thread -----------------------------------------------------------------

    def post(self, event: InEvent) -> None:
        self._inbox.put(event)

    def ask(self, event: InEvent) -> Future[Message | None]:
        """Post a request (an event with a ``request`` id) and learn the session's answer:
        its refusal of that request, or None when it took it.  The answer comes once the
        listeners have seen what the event came to."""
        item = _Ask(event)
        self._inbox.put(item)
        return item.future

    def now(self) -> float:
        return self.clock()

    @property
    def snapshot(self) -> Snapshot:
        """The session's snapshot as it stands (what a new listener starts from)."""
        return self._shown or self.session.snapshot

    def call(self, fn: Callable[[GameSession], T]) -> Future[T]:
        """Run ``fn(session)`` on the session thread (to read the session safely); whatever
        it returns, or raises, comes back through the future."""
        item = _Call(fn)
        self._inbox.put(item)
        return item.future  # type: ignore[return-value]

    def replace(self, make: Callable[[GameSession], GameSession]) -> Future[GameSession]:
        """A new game: on the session thread, ``make(old)`` builds the next session, which
        takes over at once; the listeners get its first snapshot."""
        def swap(old: GameSession) -> GameSession:
            new = make(old)
            self.session = new
            self._dispatch(Handled([], new.snapshot))
            return new
        return self.call(swap)

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

    @property
    def running(self) -> bool:
        return self._thread is not None

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
            ask = item if isinstance(item, _Ask) else None
            event: InEvent = ask.event if ask is not None else item  # type: ignore[assignment]
            try:
                handled = self.session.handle(event)
            except Exception as exc:  # one bad event must not stop the board
                log.exception("the session failed on %r; the event is dropped", event)
                if ask is not None:
                    ask.future.set_exception(exc)
                continue
            self.dispatch(handled)
            if ask is not None:
                ask.future.set_result(handled.refusal(getattr(event, "request", 0)))
            if self._inbox.empty():
                self.session.prepare()

    def _do_call(self, item: _Call) -> None:
        try:
            item.future.set_result(item.fn(self.session))
        except BaseException as exc:  # handed back to the caller
            item.future.set_exception(exc)

    def dispatch(self, handled: Handled) -> None:
        """Hand what an event came to the listeners, if it made events or a new snapshot
        (the session thread does; a ``call`` that hands the session an event may too)."""
        if handled.events or handled.snapshot is not self._shown:
            self._dispatch(handled)

    def _dispatch(self, handled: Handled) -> None:
        self._shown = handled.snapshot
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(handled)
            except Exception:  # a broken listener must not stop the others
                log.exception("listener %r failed", listener)
