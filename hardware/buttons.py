"""Board buttons (end of turn, and any a build adds), read with gpiozero ``Button``.

Each button connects its GPIO to ground; the Pi's pull-up holds it high while open, and
gpiozero's bounce time swallows the contact chatter of a cheap tactile switch.  A press
calls ``on_press(name)`` from gpiozero's pin-callback thread, so the callback must only post
an event to the thread that owns the game session, never act on the game itself.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from functools import partial
from types import TracebackType

from gpiozero import Button
from gpiozero.pins import Factory

from hardware.gpio import DeviceGroup
from hardware.profiles import Profile

log = logging.getLogger(__name__)


class Buttons:
    """Named push buttons; ``on_press(name)`` runs once per press."""

    def __init__(self, pins: Mapping[str, int], on_press: Callable[[str], None], *,
                 bounce_s: float = 0.02, pin_factory: Factory | None = None) -> None:
        self._on_press = on_press
        self._devices = DeviceGroup()
        self._buttons: dict[str, Button] = {}
        for name, pin in pins.items():
            button = self._devices.open(f"button {name!r}", pin, partial(
                Button, pin, pull_up=True, bounce_time=bounce_s or None,
                pin_factory=pin_factory))
            button.when_pressed = partial(self._pressed, name)
            self._buttons[name] = button

    @classmethod
    def from_profile(cls, profile: Profile, on_press: Callable[[str], None], *,
                     pin_factory: Factory | None = None) -> Buttons:
        wiring = profile.wiring.buttons
        return cls(wiring.pins, on_press, bounce_s=wiring.bounce_s, pin_factory=pin_factory)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._buttons)

    def is_pressed(self, name: str) -> bool:
        try:
            return bool(self._buttons[name].is_pressed)
        except KeyError:
            raise KeyError(f"no button called {name!r}; the buttons are: "
                           f"{', '.join(self._buttons) or 'none'}") from None

    def _pressed(self, name: str) -> None:
        log.debug("button %s pressed", name)
        try:
            self._on_press(name)
        except Exception:
            # An exception would end gpiozero's callback thread and every later press with it.
            log.exception("handling a press of button %r failed", name)

    def close(self) -> None:
        for button in self._buttons.values():
            button.when_pressed = None
        self._buttons.clear()
        self._devices.close()

    def __enter__(self) -> Buttons:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
