"""A fake SPI bus for the pixel driver, and a decoder for what it recorded.

The fake stands where the Pi's SPI port stands (CircuitPython ``busio.SPI``'s methods), so
the real ``PixelStrip`` and the real ``neopixel_spi`` encoding run in the tests.
"""

from __future__ import annotations

import threading

BIT0, BIT1 = 0b11000000, 0b11110000      # neopixel_spi's SPI byte for a 0 and a 1 bit


class RecordingSpiBus:
    """Records every write; ``wait_for_writes(n)`` returns once ``n`` writes have arrived."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.configurations: list[dict[str, int]] = []
        self.locked = False
        self.deinited = False
        self.frequency = 0
        self._arrived = threading.Condition()

    def try_lock(self) -> bool:
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self) -> None:
        assert self.locked, "unlock without lock"
        self.locked = False

    def configure(self, *, baudrate: int = 100000, polarity: int = 0, phase: int = 0,
                  bits: int = 8) -> None:
        assert self.locked, "configure outside a lock"
        self.configurations.append(
            {"baudrate": baudrate, "polarity": polarity, "phase": phase, "bits": bits})
        self.frequency = baudrate

    def write(self, buffer: bytes | bytearray, *, start: int = 0,
              end: int | None = None) -> None:
        assert self.locked, "write outside a lock"
        assert not self.deinited, "write after deinit"
        with self._arrived:
            self.writes.append(bytes(buffer[start:end]))
            self._arrived.notify_all()

    def deinit(self) -> None:
        self.deinited = True

    def wait_for_writes(self, n: int, timeout: float = 10.0) -> bool:
        with self._arrived:
            return self._arrived.wait_for(lambda: len(self.writes) >= n, timeout)

    @property
    def last_pixels(self) -> list[tuple[int, int, int]]:
        return decode_ws2812(self.writes[-1])


def decode_ws2812(data: bytes) -> list[tuple[int, int, int]]:
    """SPI bytes back to the three bytes per pixel, in wire order (GRB for WS2812B).

    The frame sits between two runs of zero bytes (the latch); every data byte is one of
    the two bit patterns, so anything else is an encoding error.
    """
    body = data.strip(b"\x00")
    leading = len(data) - len(data.lstrip(b"\x00"))
    assert leading == len(data) - len(data.rstrip(b"\x00")), "unequal latch times"
    assert len(body) % 24 == 0, f"{len(body)} data bytes is not whole pixels"
    values = []
    for k in range(0, len(body), 8):
        byte = 0
        for pattern in body[k:k + 8]:
            assert pattern in (BIT0, BIT1), f"SPI byte {pattern:#010b} is not a pixel bit"
            byte = byte << 1 | (pattern == BIT1)
        values.append(byte)
    return [(values[i], values[i + 1], values[i + 2]) for i in range(0, len(values), 3)]


def latch_bytes(data: bytes) -> int:
    return len(data) - len(data.lstrip(b"\x00"))
