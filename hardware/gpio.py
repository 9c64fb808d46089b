"""Opening gpiozero devices with errors that name the pin's job, and closing them together.

gpiozero's own errors name the pin (``99 is not a valid pin name``) but not what it was
for; a builder with twenty wires wants ``matrix column pin 99``.  ``DeviceGroup`` is the
ownership half of a composite device: a scanner or an LED bank closes every child it opened,
also when opening a later child fails halfway through construction.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from gpiozero import BadPinFactory, GPIOPinInUse, PinInvalidPin

from hardware.errors import HardwareUnavailableError, WiringError

log = logging.getLogger(__name__)


class Closeable(Protocol):
    def close(self) -> None: ...


D = TypeVar("D", bound=Closeable)


class DeviceGroup:
    """Child devices owned by one composite device, closed in reverse order of opening."""

    def __init__(self) -> None:
        self._devices: list[Closeable] = []

    def open(self, role: str, pin: Any, make: Callable[[], D]) -> D:
        """``make()`` a device for ``pin``; on failure close what is open and raise ours."""
        try:
            device = make()
        except PinInvalidPin as e:
            self.close()
            raise WiringError(f"{role} pin {pin!r}: {e}; use the BCM number of a GPIO on "
                              "this Pi's header (2-27) and fix the board profile") from e
        except GPIOPinInUse as e:
            self.close()
            raise WiringError(f"{role} pin {pin!r} is already in use ({e}); each pin has one "
                              "job: fix the board profile, or stop the other program using "
                              "it") from e
        except BadPinFactory as e:
            self.close()
            raise HardwareUnavailableError(
                f"cannot open {role} pin {pin!r}: no GPIO library works on this machine "
                f"({e}); on a Raspberry Pi install python3-lgpio, elsewhere run the "
                "simulated board (or set GPIOZERO_PIN_FACTORY=mock to try the code)") from e
        except BaseException:
            self.close()
            raise
        self._devices.append(device)
        return device

    def close(self) -> None:
        while self._devices:
            device = self._devices.pop()
            try:
                device.close()
            except Exception:
                # Closing must go on: one stuck pin must not keep the others claimed.
                log.exception("closing %r failed", device)

    def __len__(self) -> int:
        return len(self._devices)
