"""A clock for tests that run the service in real time with a person at the table.

The service takes its clock as an argument (``Service(options, clock=...)``); this one is real
time plus the pauses the test's person takes: ``pause`` moves the clock on at once instead of
sleeping, so the session sees a hand's pace while the test runs machine-fast.  The sensor
thread reads the clock at every scan, so ``wait_scans`` waits for scans to come without
sleeping: what a test needs to know that the board has been read.
"""

from __future__ import annotations

import threading
import time

SCAN_THREAD = "sensor-scan"  # hardware.scanloop.ScanLoop names its thread so


class TableClock:
    def __init__(self) -> None:
        self.paused = 0.0
        self._reads = 0  # by the sensor thread
        self._cond = threading.Condition()

    def __call__(self) -> float:
        if threading.current_thread().name == SCAN_THREAD:
            with self._cond:
                self._reads += 1
                self._cond.notify_all()
        return time.monotonic() + self.paused

    def pause(self, seconds: float) -> None:
        """The person waits ``seconds`` before the next step (the clock jumps ahead)."""
        self.paused += seconds

    def wait_scans(self, count: int, timeout: float = 5.0) -> None:
        """Wait until the sensor thread has begun at least ``count`` more scans."""
        with self._cond:
            # A scan reads the clock two or three times (its time, the next deadline, and
            # once more when it fell behind): 3 * count reads hold at least count scans.
            target = self._reads + 3 * count
            if not self._cond.wait_for(lambda: self._reads >= target, timeout):
                raise AssertionError(f"the sensors were not scanned {count} times in "
                                     f"{timeout} s (is the scan loop running?)")
