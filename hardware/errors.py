"""Errors of the hardware layer, in the product's one error family.

Each also subclasses the built-in a caller would expect, so code that only knows Python's
own exceptions still catches them.  Messages name what was wrong and what to do.
"""

from __future__ import annotations

from controller.errors import BoardError


class ProfileError(BoardError, ValueError):
    """A board profile that cannot be read or does not describe a buildable board.

    ``problems`` holds every problem found (one line each), so a builder can fix them all in
    one go rather than one per run.
    """

    def __init__(self, problems: list[str] | tuple[str, ...] | str) -> None:
        self.problems: tuple[str, ...] = (
            (problems,) if isinstance(problems, str) else tuple(problems))
        super().__init__("\n".join(self.problems))


class WiringError(BoardError, ValueError):
    """A pin or bus that cannot be used as wired (not a GPIO of this Pi, already in use)."""


class HardwareUnavailableError(BoardError, OSError):
    """A device the profile needs is missing on this machine (SPI not enabled, no GPIO)."""


class LedFrameError(BoardError, ValueError):
    """An LED frame that does not fit the LEDs it is shown on (one light per LED index)."""
