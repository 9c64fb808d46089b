"""The physical board as data: what the sensors read and what the lights show.

Pure data and pure functions; ``hardware`` loads board profiles (TOML) into a ``BoardSpec``
and drives real pins with the ``LedFrame`` values computed here.

Sensor values (one per sensor index in a scan):
* ``presence``: 0 empty, 1 occupied;
* ``polarity``: 0 empty, +1 north up, -1 south up (the top piece's magnet);
* ``tag``: ``""`` empty, else the kind of the piece whose tag is read (the profile's tag
  table turns tag ids into piece kinds before values reach the controller).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from controller.rules.base import Piece, Stack

Value = int | str
Reading = Mapping[str, Value]
"""A board reading: sensed position -> value."""


class SenseMode(StrEnum):
    PRESENCE = "presence"
    POLARITY = "polarity"
    TAG = "tag"


def project(stack: Stack, mode: SenseMode, polarity: Callable[[Piece], int]) -> Value:
    """What a sensor of ``mode`` reads under ``stack`` (the top piece decides)."""
    if mode is SenseMode.PRESENCE:
        return 1 if stack else 0
    if mode is SenseMode.POLARITY:
        return polarity(stack[-1]) if stack else 0
    return stack[-1] if stack else ""


def empty_value(mode: SenseMode) -> Value:
    return "" if mode is SenseMode.TAG else 0


@dataclass(frozen=True, slots=True)
class Light:
    """One LED: colour as 8-bit RGB, steady or blinking (about 2 Hz).

    A single-colour LED is on for any colour but black.
    """

    colour: tuple[int, int, int]
    blink: bool = False

    @property
    def is_on(self) -> bool:
        return self.colour != (0, 0, 0)

    def to_json(self) -> list[int | bool]:
        return [*self.colour, self.blink]


DARK = Light((0, 0, 0))

LedFrame = tuple[Light, ...]
"""One light per LED index."""


@dataclass(frozen=True)
class BoardSpec:
    """One physical board build for one game family (loaded from a profile).

    ``sensors[i]`` is the position read by sensor index ``i`` (``None``: unused index);
    ``leds[i]`` the position LED ``i`` lights (``None``: unused).  Positions a game has but no
    sensor reads are *unsensed*.  ``tags`` maps tag ids to piece kinds for ``tag`` sensing.
    """

    name: str
    game: str
    sense: SenseMode
    sensors: tuple[str | None, ...]
    leds: tuple[str | None, ...]
    led_kind: str = "rgb"             # "rgb" pixels or "mono" single-colour LEDs
    scan_hz: float = 200.0
    debounce_scans: int = 3
    buttons: tuple[str, ...] = ("end-turn",)
    tags: Mapping[str, Piece] = field(default_factory=dict)
    description: str = ""

    @cached_property
    def sensor_index(self) -> dict[str, int]:
        return {p: i for i, p in enumerate(self.sensors) if p is not None}

    @cached_property
    def sensed(self) -> frozenset[str]:
        return frozenset(self.sensor_index)

    @cached_property
    def led_index(self) -> dict[str, int]:
        return {p: i for i, p in enumerate(self.leds) if p is not None}

    @property
    def scan_period(self) -> float:
        return 1.0 / self.scan_hz

    def reading_of(self, values: tuple[Value, ...]) -> dict[str, Value]:
        """A raw scan (values in sensor-index order) as position -> value."""
        if len(values) != len(self.sensors):
            raise ValueError(f"a scan of board {self.name!r} has {len(self.sensors)} values; "
                             f"got {len(values)}")
        return {p: v for p, v in zip(self.sensors, values) if p is not None}

    @cached_property
    def _led_slots(self) -> dict[str, tuple[int, ...]]:
        """Each position's LED indices (a position may have several LEDs)."""
        slots: dict[str, list[int]] = {}
        for i, p in enumerate(self.leds):
            if p is not None:
                slots.setdefault(p, []).append(i)
        return {p: tuple(ix) for p, ix in slots.items()}

    @cached_property
    def _dark(self) -> LedFrame:
        return (DARK,) * len(self.leds)

    def frame_of(self, lights: Mapping[str, Light]) -> LedFrame:
        """Lights by position as a frame in LED-index order (positions without an LED drop).
        (A few lights among many LEDs: the dark frame with the lit ones put in.)"""
        if not lights:
            return self._dark
        frame = list(self._dark)
        slots = self._led_slots
        for p, light in lights.items():
            for i in slots.get(p, ()):
                frame[i] = light
        return tuple(frame)
