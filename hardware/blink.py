"""One background timer that flips every blinking light of a driver, all in phase.

Both LED drivers blink the same way: a single daemon thread calls the driver's
``blink_phase(on)`` every half period.  One timer per driver (not one thread per LED, as
gpiozero's ``LED.blink()`` would start) keeps every blinking light of the board in step, so
the candidates of an ambiguous move flash together, and it lets tests call
``blink_phase`` directly instead of waiting for a thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)

BLINK_HZ = 2.0
"""Full on-off cycles per second: the design's "about 2 Hz"."""


class BlinkTimer:
    """Calls ``toggle(False)``, ``toggle(True)``, ... every half period until ``stop()``."""

    def __init__(self, toggle: Callable[[bool], None], hz: float = BLINK_HZ, *,
                 name: str = "led-blink") -> None:
        if hz <= 0:
            raise ValueError(f"a blink rate must be above 0 Hz; got {hz}")
        self._toggle = toggle
        self._half_period = 0.5 / hz
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        on = True
        failing = False
        while not self._stopping.wait(self._half_period):
            on = not on
            try:
                self._toggle(on)
            except Exception:
                # Keep blinking through a glitch, but say so once, not four times a second.
                if not failing:
                    log.exception("blinking the LEDs failed; retrying every half period")
                failing = True
            else:
                failing = False

    def stop(self) -> None:
        """Stop and wait for the thread (at most a moment: it sleeps on the stop event)."""
        self._stopping.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join()
