"""A WS2812-class RGB pixel chain driven over SPI, on every Raspberry Pi including the Pi 5.

WS2812 pixels want a single 800 kHz data line with tight pulse widths.  The old way (the
``rpi_ws281x`` PWM/DMA library) does not run on the Pi 5, whose GPIO sits behind the RP1
chip; the SPI way does, on every model: each pixel bit becomes one SPI byte at 6.4 MHz
(``0b11000000`` for a 0, ``0b11110000`` for a 1) sent on MOSI, and the SPI hardware keeps
the timing.  Adafruit's maintained ``neopixel_spi`` (CircuitPython library, run through
Blinka) does that encoding, the colour order and the brightness scaling; it is handed an
SPI bus object, so tests hand it a fake bus that records the bytes, and the real encoding
runs in the tests.

On the Pi that bus is ``SpidevPort``: the few methods of CircuitPython's ``busio.SPI`` that
``neopixel_spi`` calls, over the kernel's ``/dev/spidevBUS.DEVICE`` through
``Adafruit_PureIO`` (the same code Blinka's own Linux SPI uses), so the profile's bus and
device are honoured exactly and no board detection runs.

Current cap: hobbyists size the 5 V supply by the usual estimate of about 20 mA per colour
channel at full scale (60 mA for a white pixel) plus about 1 mA of the pixel's own logic.
With ``max_current_ma`` set, each frame's estimate (blinking pixels counted as on, so both
phases share one brightness) is kept under the budget by dimming the whole frame evenly,
which keeps every colour's hue.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterable
from types import TracebackType
from typing import Protocol

from Adafruit_PureIO.spi import SPI as KernelSpi
from neopixel_spi import NeoPixel_SPI

from controller.physical import LedFrame
from hardware.blink import BLINK_HZ, BlinkTimer
from hardware.errors import HardwareUnavailableError, WiringError
from hardware.leds import check_frame
from hardware.profiles import DEFAULT_SPI_CLOCK, SpiPixelWiring

log = logging.getLogger(__name__)

MA_PER_CHANNEL = 20.0
"""Estimated draw of one colour channel of one pixel at full scale (value 255)."""

IDLE_MA_PER_PIXEL = 1.0
"""Estimated draw of one dark pixel's own logic."""

SPIDEV_BUFFER = 4096
"""Bytes the kernel's spidev moves in one transfer (its ``bufsiz`` default).  A longer frame
goes out in pieces, and the pause between pieces latches the chain half-written."""

RESET_S = 80e-6
"""Low time that latches a frame (``neopixel_spi`` sends it before and after the data)."""


def estimate_current_ma(colours: Iterable[tuple[int, int, int]],
                        brightness: float = 1.0) -> float:
    """The supply current a chain of pixels showing ``colours`` draws, by the usual rule."""
    total = 0.0
    count = 0
    for r, g, b in colours:
        count += 1
        total += (r + g + b) / 255 * MA_PER_CHANNEL * brightness
    return total + count * IDLE_MA_PER_PIXEL


def max_pixels(clock_hz: int = DEFAULT_SPI_CLOCK) -> int:
    """The longest chain whose frame fits one spidev transfer at ``clock_hz``."""
    reset = round(clock_hz * RESET_S / 8)
    return (SPIDEV_BUFFER - 2 * reset) // 24


class SpiBus(Protocol):
    """The part of CircuitPython's ``busio.SPI`` that ``neopixel_spi`` uses."""

    def try_lock(self) -> bool: ...

    def unlock(self) -> None: ...

    def configure(self, *, baudrate: int = 100000, polarity: int = 0, phase: int = 0,
                  bits: int = 8) -> None: ...

    def write(self, buffer: bytes | bytearray, *, start: int = 0,
              end: int | None = None) -> None: ...

    def deinit(self) -> None: ...


class SpidevPort:
    """``/dev/spidevBUS.DEVICE`` as the ``busio.SPI``-like bus ``neopixel_spi`` expects."""

    def __init__(self, bus: int, device: int) -> None:
        self.path = f"/dev/spidev{bus}.{device}"
        try:
            self._spi = KernelSpi((bus, device))
        except OSError as e:
            raise HardwareUnavailableError(
                f"cannot open {self.path} for the pixel chain ({e}): enable SPI "
                "(raspi-config > Interface Options > SPI, or dtparam=spi=on in "
                "/boot/firmware/config.txt; dtoverlay=spi1-1cs for bus 1), reboot, and run "
                "Boardlight as a user in the 'spi' group") from e
        self._locked = False
        self.frequency = DEFAULT_SPI_CLOCK

    def try_lock(self) -> bool:
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self) -> None:
        self._locked = False

    def configure(self, *, baudrate: int = 100000, polarity: int = 0, phase: int = 0,
                  bits: int = 8) -> None:
        self._spi.max_speed_hz = baudrate
        self._spi.mode = (polarity << 1) | phase
        self._spi.bits_per_word = bits
        self.frequency = baudrate

    def write(self, buffer: bytes | bytearray, *, start: int = 0,
              end: int | None = None) -> None:
        self._spi.writebytes(buffer[start:end])

    def deinit(self) -> None:
        # Adafruit_PureIO opens the device file and never closes it; we do.
        handle = getattr(self._spi, "handle", None)
        if handle is not None:
            os.close(handle)
            self._spi.handle = None


class PixelStrip:
    """An RGB pixel chain: ``show(frame)`` with one ``Light`` per pixel in chain order.

    ``brightness`` scales every colour (0-1); ``max_current_ma`` caps the estimated draw
    (see the module docstring).  Blinking pixels flip from a ``BlinkTimer`` (about 2 Hz) that
    calls ``blink_phase``; ``blink_hz=0`` starts none.  The strip owns ``spi``: ``close()``
    darkens the chain and releases the bus.
    """

    def __init__(self, spi: SpiBus, count: int, *, order: str = "GRB",
                 brightness: float = 1.0, max_current_ma: float | None = None,
                 clock_hz: int = DEFAULT_SPI_CLOCK, blink_hz: float = BLINK_HZ) -> None:
        if not 0 < brightness <= 1:
            raise ValueError(f"pixel brightness is a fraction above 0 and at most 1; "
                             f"got {brightness}")
        if count > max_pixels(clock_hz):
            raise WiringError(
                f"a chain of {count} pixels does not fit one SPI transfer ({SPIDEV_BUFFER} "
                f"bytes: at most {max_pixels(clock_hz)} pixels); split the LEDs over two "
                "chains, or raise spidev.bufsiz in /boot/firmware/cmdline.txt")
        floor = count * IDLE_MA_PER_PIXEL
        if max_current_ma is not None and max_current_ma <= floor:
            raise ValueError(f"a current cap of {max_current_ma} mA is below what {count} "
                             f"dark pixels draw (about {floor:g} mA); raise max_current_ma")
        self.count = count
        self.brightness = brightness
        self.max_current_ma = max_current_ma
        self._spi = spi
        self._pixels = NeoPixel_SPI(spi, count, pixel_order=order, brightness=brightness,
                                    auto_write=False, frequency=clock_hz)
        self._lock = threading.Lock()
        self._frame: LedFrame = ()
        self._blinking = False
        self._phase_on = True
        self._scale = 1.0
        self._closed = False
        self._write_dark()                        # whatever the chain showed before: gone
        self._timer = BlinkTimer(self.blink_phase, blink_hz) if blink_hz else None
        if self._timer is not None:
            self._timer.start()

    @classmethod
    def from_wiring(cls, wiring: SpiPixelWiring, count: int, *, spi: SpiBus | None = None,
                    blink_hz: float = BLINK_HZ) -> PixelStrip:
        return cls(spi if spi is not None else SpidevPort(wiring.bus, wiring.device), count,
                   order=wiring.order, brightness=wiring.brightness,
                   max_current_ma=wiring.max_current_ma, clock_hz=wiring.clock_hz,
                   blink_hz=blink_hz)

    def __len__(self) -> int:
        return self.count

    def show(self, frame: LedFrame) -> None:
        """Show the frame; blinking pixels start in their on phase."""
        check_frame(frame, self.count, f"a chain of {self.count} pixels")
        with self._lock:
            if self._closed:
                raise WiringError("this pixel chain is closed; open a new PixelStrip to show "
                                  "frames again")
            self._frame = frame
            self._blinking = any(light.blink for light in frame)
            self._phase_on = True
            self._scale = self._cap(frame)
            self._write()

    def blink_phase(self, on: bool) -> None:
        """Show blinking pixels lit (``on``) or dark; nothing is sent if none blink."""
        with self._lock:
            if not self._blinking or self._closed:
                return
            self._phase_on = on
            self._write()

    @property
    def current_ma(self) -> float:
        """The estimated draw of what the chain shows now."""
        return estimate_current_ma(self._shown(), self.brightness * self._scale)

    def _cap(self, frame: LedFrame) -> float:
        """The dimming factor that keeps the frame (all blinkers lit) under the budget."""
        if self.max_current_ma is None:
            return 1.0
        estimate = estimate_current_ma((light.colour for light in frame), self.brightness)
        if estimate <= self.max_current_ma:
            return 1.0
        idle = self.count * IDLE_MA_PER_PIXEL
        scale = (self.max_current_ma - idle) / (estimate - idle)
        log.debug("pixel frame estimated at %.0f mA; dimmed to %.0f%% to stay under %s mA",
                  estimate, scale * 100, self.max_current_ma)
        return scale

    def _shown(self) -> list[tuple[int, int, int]]:
        return [light.colour if self._phase_on or not light.blink else (0, 0, 0)
                for light in self._frame]

    def _write(self) -> None:
        self._pixels.brightness = self.brightness * self._scale
        for i, colour in enumerate(self._shown()):
            self._pixels[i] = colour
        self._pixels.show()

    def _write_dark(self) -> None:
        self._pixels.fill((0, 0, 0))
        self._pixels.show()

    def close(self) -> None:
        """Stop blinking, darken the chain and release the SPI bus."""
        if self._timer is not None:
            self._timer.stop()
        with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                self._write_dark()
            except Exception:
                log.exception("darkening the pixel chain on close failed")
            finally:
                self._spi.deinit()

    def __enter__(self) -> PixelStrip:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
