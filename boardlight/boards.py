"""Where the readings come from: one protocol for the simulated, the GPIO and the serial board.

A ``BoardSource`` starts posting events (scans, buttons, the link's state) to the session
with ``start(post)`` and stops with ``stop()``; it kicks the systemd watchdog on every good
reading (``on_reading``: the hardware loop is alive).  The wiring (``boardlight.service``)
builds one from the options and never asks which it has: the simulated board is the one
a page may move pieces on (``SimulatedSource.board``), the serial board's link is also its
LED driver (``hardware.leds.open_leds(..., link=)``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from controller.physical import BoardSpec, LedFrame
from controller.session.events import ButtonPress, InEvent
from hardware.scanloop import ScanLoop
from hardware.simboard import SimulatedBoard

Post = Callable[[InEvent], None]


class BoardSource(Protocol):
    def start(self, post: Post) -> None: ...

    def stop(self) -> None: ...


class SimulatedSource:
    """A simulated board, scanned like a real one at its spec's rate (``loop``: a bench may
    stop it and scan by hand with ``loop.scan_once()``)."""

    def __init__(self, board: SimulatedBoard, clock: Callable[[], float],
                 on_reading: Callable[[], None]) -> None:
        self.board = board
        self._post: Post | None = None
        self.loop = ScanLoop(board.scan, self._scanned, clock, board.spec.scan_hz,
                             on_scan=on_reading)

    def _scanned(self, event: InEvent) -> None:
        if self._post is not None:
            self._post(event)

    def start(self, post: Post) -> None:
        self._post = post
        self.loop.start()

    def stop(self) -> None:
        self.loop.stop()


class MatrixSource:
    """A sensor matrix wired to the Pi (``hardware.gpio_matrix``), polled at the profile's
    rate, and the board's buttons on GPIO pins."""

    def __init__(self, scanner: Any, buttons: Callable[[Callable[[str], None]], Any] | None,
                 spec: BoardSpec, clock: Callable[[], float],
                 on_reading: Callable[[], None]) -> None:
        self._scanner = scanner
        self._buttons = buttons  # opens the buttons with what a press calls
        self._spec = spec
        self._clock = clock
        self._on_reading = on_reading
        self._loop: ScanLoop | None = None
        self._pressed: Any = None

    def start(self, post: Post) -> None:
        if self._loop is not None:
            return
        self._loop = ScanLoop(lambda _t: self._scanner.scan(), post, self._clock,
                              self._spec.scan_hz, on_scan=self._on_reading).start()
        if self._buttons is not None:
            self._pressed = self._buttons(
                lambda name: post(ButtonPress(self._clock(), name)))

    def stop(self) -> None:
        if self._loop is not None:
            self._loop.stop()
            self._loop = None
        if self._pressed is not None:
            self._pressed.close()
            self._pressed = None


class SerialSource:
    """A board with its own microcontroller on USB (``firmware_bridge.link``): it reports
    readings and buttons by itself, and shows the LED frames sent back over the link."""

    def __init__(self, url: str, spec: BoardSpec, clock: Callable[[], float],
                 on_reading: Callable[[], None]) -> None:
        from firmware_bridge.link import SerialLink
        self._post: Post | None = None
        self._on_reading = on_reading
        self.link = SerialLink(url, spec, self._received, clock=clock)
        self._started = False

    def _received(self, event: Any) -> None:
        self._on_reading()  # the link's reader is this build's hardware loop
        if self._post is not None:
            self._post(event)

    def start(self, post: Post) -> None:
        self._post = post
        if not self._started:
            self._started = True
            self.link.start()

    def stop(self) -> None:
        if self._started:
            self._started = False
            self.link.stop()

    # The LED driver of this board (``hardware.leds.LedDriver``).
    def show(self, frame: LedFrame) -> None:
        self.link.show(frame)

    def close(self) -> None:
        self.stop()
