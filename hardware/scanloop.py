"""Poll a sensor board at its scan rate on a thread of its own, posting raw scans.

The GPIO matrix and the simulated board are read by polling; a microcontroller board reports
by itself over serial and needs no loop.  The loop keeps a steady rate (it schedules each scan
from the previous deadline, not from when the last one finished) and never lets a failing
read kill it: the error is logged and the loop goes on, so a loose connector does not stop
the game.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from controller.physical import Value
from controller.session.events import RawScan

log = logging.getLogger(__name__)


class ScanLoop:
    def __init__(self, read: Callable[[float], tuple[Value, ...]],
                 post: Callable[[RawScan], None], clock: Callable[[], float],
                 hz: float, on_scan: Callable[[], None] | None = None) -> None:
        self.read = read
        self.post = post
        self.on_scan = on_scan  # after every good scan (the systemd watchdog's kick)
        self.clock = clock
        self.period = 1.0 / hz
        self.scans = 0
        self.overruns = 0  # scans that started late by more than a period
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> ScanLoop:
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="sensor-scan", daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2.0)
            self._thread = None

    def scan_once(self) -> None:
        t = self.clock()
        try:
            values = self.read(t)
        except Exception:  # a read error must not end the loop
            log.exception("reading the sensors failed; trying again next scan")
            return
        self.scans += 1
        self.post(RawScan(t, values))
        if self.on_scan is not None:
            self.on_scan()

    def _run(self) -> None:
        deadline = self.clock()
        while not self._stop.is_set():
            self.scan_once()
            deadline += self.period
            delay = deadline - self.clock()
            if delay < -self.period:
                self.overruns += 1
                deadline = self.clock()  # fell behind: do not try to catch up in a burst
            elif delay > 0:
                self._stop.wait(delay)
