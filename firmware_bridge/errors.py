"""The errors the serial link, its codec and the emulator raise on purpose.

Every leaf subclasses ``controller.errors.BoardError`` and the built-in it behaves like, so a
caller that only knows ``ValueError`` or ``ConnectionError`` still catches it.
"""

from __future__ import annotations

from controller.errors import BoardError


class FrameError(BoardError, ValueError):
    """Bytes that are not a valid frame or message payload (bad CRC, length, layout)."""


class LinkError(BoardError, ConnectionError):
    """The link to the board's microcontroller cannot work as configured."""


class ProtocolVersionError(LinkError):
    """The board speaks a protocol version this host does not (a permanent error)."""


class BoardMismatchError(LinkError):
    """The board's hello does not match the board profile (sensor count, LEDs, sense mode)."""


class LedFrameError(BoardError, ValueError):
    """An LED frame that does not fit the board (wrong number of lights, bad colour)."""


class EmulatorError(BoardError, ValueError):
    """A bad emulator script line, reading or link address."""
