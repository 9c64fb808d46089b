"""LED drivers behind one small interface: ``show(frame)`` and ``close()``.

A frame (``controller.physical.LedFrame``) holds one ``Light`` per LED index, computed by
the controller from the game; a driver only puts it on the hardware.  Two drivers:

* ``GpioLeds`` (here): single-colour LEDs, one GPIO pin each, through gpiozero;
* ``PixelStrip`` (``hardware.pixels``): a WS2812-class RGB pixel chain on SPI.

``open_leds(profile)`` picks the one the profile's ``[leds] driver`` names.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from functools import partial
from types import TracebackType
from typing import Any, Protocol

from gpiozero import LED, PWMLED
from gpiozero.pins import Factory

from controller.physical import DARK, LedFrame
from hardware.blink import BLINK_HZ, BlinkTimer
from hardware.errors import LedFrameError, WiringError
from hardware.gpio import DeviceGroup
from hardware.profiles import GpioLedWiring, Profile, SpiPixelWiring

log = logging.getLogger(__name__)


class LedDriver(Protocol):
    """What the service needs of any LEDs: show a frame, and let go of the hardware."""

    def show(self, frame: LedFrame) -> None: ...

    def close(self) -> None: ...


def check_frame(frame: LedFrame, count: int, what: str) -> None:
    if len(frame) != count:
        raise LedFrameError(f"an LED frame for {what} needs {count} lights, one per LED "
                            f"index; got {len(frame)} (build it with BoardSpec.frame_of)")


class GpioLeds:
    """Single-colour LEDs on GPIO pins: a light that is not black is on; ``blink`` flashes.

    With ``brightness`` below 1 each LED is a gpiozero ``PWMLED`` at that duty cycle (the
    Pi times the PWM in software, so keep such builds small); otherwise a plain ``LED``.
    Blinking runs from one ``BlinkTimer`` for all LEDs rather than gpiozero's per-LED
    ``blink()``: that one always flashes a ``PWMLED`` at full value, and starts a thread per
    LED whose phases drift apart.  ``blink_hz=0`` starts no timer (tests drive
    ``blink_phase`` themselves).
    """

    def __init__(self, pins: Sequence[int], *, brightness: float = 1.0,
                 blink_hz: float = BLINK_HZ, pin_factory: Factory | None = None) -> None:
        if not 0 < brightness <= 1:
            raise ValueError(f"LED brightness is a fraction above 0 and at most 1; "
                             f"got {brightness}")
        self._level = 1.0 if brightness >= 1 else brightness
        self._devices = DeviceGroup()
        self._leds: list[LED | PWMLED] = []
        for i, pin in enumerate(pins):
            kind = LED if brightness >= 1 else PWMLED
            self._leds.append(self._devices.open(
                f"LED {i}", pin, partial(kind, pin, pin_factory=pin_factory)))
        self._frame: LedFrame = (DARK,) * len(self._leds)
        self._blinking: list[int] = []
        self._lock = threading.Lock()
        self._closed = False
        self._timer = BlinkTimer(self.blink_phase, blink_hz) if blink_hz else None
        if self._timer is not None:
            self._timer.start()

    @classmethod
    def from_wiring(cls, wiring: GpioLedWiring, *, blink_hz: float = BLINK_HZ,
                    pin_factory: Factory | None = None) -> GpioLeds:
        return cls(wiring.pins, brightness=wiring.brightness, blink_hz=blink_hz,
                   pin_factory=pin_factory)

    def __len__(self) -> int:
        return len(self._leds)

    def show(self, frame: LedFrame) -> None:
        """Light the frame; blinking lights start in their on phase."""
        check_frame(frame, len(self._leds), f"{len(self._leds)} GPIO LEDs")
        with self._lock:
            if self._closed:
                raise WiringError("these GPIO LEDs are closed; open new GpioLeds to show "
                                  "frames again")
            self._frame = frame
            self._blinking = [i for i, light in enumerate(frame) if light.blink and light.is_on]
            for led, light in zip(self._leds, frame):
                self._light(led, light.is_on)

    def blink_phase(self, on: bool) -> None:
        """Turn every blinking light on or off (the timer calls this every half period)."""
        with self._lock:
            for i in self._blinking:
                self._light(self._leds[i], on)

    def _light(self, led: LED | PWMLED, on: bool) -> None:
        led.value = self._level if on else 0

    @property
    def frame(self) -> LedFrame:
        return self._frame

    def close(self) -> None:
        """Stop blinking and release the pins (the LEDs go dark)."""
        if self._timer is not None:
            self._timer.stop()
        with self._lock:
            self._closed = True
            self._blinking = []
            self._devices.close()

    def __enter__(self) -> GpioLeds:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


Opener = Callable[[Profile, Factory | None, Any, LedDriver | None], LedDriver]


def _pixels(profile: Profile, pin_factory: Factory | None, spi: Any,
            link: LedDriver | None) -> LedDriver:
    # Imported here so a single-colour build runs without the pixel libraries.
    from hardware.pixels import PixelStrip
    wiring = profile.wiring.leds
    assert isinstance(wiring, SpiPixelWiring)
    return PixelStrip.from_wiring(wiring, len(profile.spec.leds), spi=spi)


def _gpio(profile: Profile, pin_factory: Factory | None, spi: Any,
          link: LedDriver | None) -> LedDriver:
    wiring = profile.wiring.leds
    assert isinstance(wiring, GpioLedWiring)
    return GpioLeds.from_wiring(wiring, pin_factory=pin_factory)


def _board(profile: Profile, pin_factory: Factory | None, spi: Any,
           link: LedDriver | None) -> LedDriver:
    if link is None:
        raise WiringError(f"profile {profile.spec.name!r}: the board's microcontroller drives "
                          "its LEDs (driver = \"serial\"); the Pi has none to open")
    return link


# The LED drivers by the name a profile gives (``[leds] driver``).
OPENERS: dict[str, Opener] = {"spi-pixels": _pixels, "gpio-leds": _gpio, "serial": _board}


def open_leds(profile: Profile, *, pin_factory: Factory | None = None,
              spi: Any = None, link: LedDriver | None = None) -> LedDriver:
    """The LED driver a profile's ``[leds] driver`` names, opened on the real hardware (or on
    the pin factory / SPI bus given: tests hand in fakes).  A board on a serial ``link`` has
    its microcontroller drive the LEDs, whatever chain the profile describes: the link is
    its driver."""
    opener = OPENERS["serial"] if link is not None else OPENERS[profile.wiring.leds.driver]
    return opener(profile, pin_factory, spi, link)
