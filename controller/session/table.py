"""A game at a table, for the pages: the session's latest snapshot and its JSON.

After every event that changed what a reader sees, the runner hands the session's new
snapshot (``controller.session.snapshot``) to the table, on the session thread; the table
works out its JSON there (the public snapshot, and one per seat that adds only that seat's
hidden information and the prompts meant for it) and only then lets the pages have it.
Pages read the latest snapshot without touching the session, and ``wait_for(version)`` lets
a stream block until something new exists.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from controller.session.events import Handled
from controller.session.runner import SessionRunner
from controller.session.snapshot import Snapshot


class Table:
    def __init__(self, runner: SessionRunner) -> None:
        self._cond = threading.Condition()
        self._listeners: list[Callable[[int], None]] = []
        self._snapshot = self._ready(runner.snapshot)
        runner.subscribe(self._on_handled)

    # ---- reading ---------------------------------------------------------------------------

    @property
    def snapshot(self) -> Snapshot:
        """The latest snapshot (its game, its variant, its JSON, all of one version)."""
        with self._cond:
            return self._snapshot

    @property
    def version(self) -> int:
        return self.snapshot.version

    def public(self) -> dict[str, Any]:
        return self.snapshot.public_json

    def seat(self, seat: str) -> dict[str, Any]:
        """That seat's snapshot (``KeyError``: the game has no such seat)."""
        return self.snapshot.seat_json(seat)

    @property
    def seats(self) -> tuple[str, ...]:
        return self.snapshot.seats

    def wait_for(self, version: int, timeout: float) -> int:
        """Block until the snapshot is newer than ``version`` (or the timeout); the version."""
        with self._cond:
            self._cond.wait_for(lambda: self._snapshot.version > version, timeout)
            return self._snapshot.version

    def on_change(self, listener: Callable[[int], None]) -> None:
        """Call ``listener(version)`` after every new snapshot (on the session thread)."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Callable[[int], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    # ---- keeping it current ----------------------------------------------------------------

    @staticmethod
    def _ready(snapshot: Snapshot) -> Snapshot:
        """Work out what the pages read (on the session thread: the seat on turn's options
        ask the position's moves)."""
        snapshot.public_json  # noqa: B018 - working it out is the point
        for seat in snapshot.seats:
            snapshot.seat_json(seat)
        return snapshot

    def _on_handled(self, handled: Handled) -> None:
        snapshot = handled.snapshot
        with self._cond:
            if snapshot is self._snapshot:
                return  # a refused action, a tick: nothing a page shows has changed
        self._ready(snapshot)
        with self._cond:
            self._snapshot = snapshot
            self._cond.notify_all()
        for listener in list(self._listeners):
            listener(snapshot.version)
