"""What the host believes the board reads, rebuilt from the events the link posts."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from controller.session.events import LinkStatus, StableChanges, StableScan


class HostView:
    def __init__(self, size: int) -> None:
        self.values: list[Any] = [None] * size
        self.events: list[Any] = []
        self.periods: list[list[Any]] = []
        """Events between each LinkStatus(connected=True) and the next LinkStatus."""
        self.ups = 0
        self.downs = 0
        self._cond = threading.Condition()

    def post(self, event: Any) -> None:
        with self._cond:
            self.events.append(event)
            if isinstance(event, LinkStatus):
                if event.connected:
                    self.ups += 1
                    self.periods.append([])
                else:
                    self.downs += 1
            elif self.periods:
                self.periods[-1].append(event)
            if isinstance(event, StableScan):
                self.values = list(event.values)
            elif isinstance(event, StableChanges):
                for index, value in event.changes:
                    self.values[index] = value
            self._cond.notify_all()

    def wait_for(self, predicate: Callable[[HostView], bool], timeout: float = 10.0) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: predicate(self), timeout)
