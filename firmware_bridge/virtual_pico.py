"""A virtual Raspberry Pi Pico: GPIO pins wired to a reed-switch matrix and buttons, and a PIO
state machine that records what a WS2812 chain would be sent.

The emulator runs the firmware's logic against these; the tests also build fake ``machine``
and ``rp2`` modules on them.  The pins behave like the circuit, not like a script: a column
reads low only while a row with a closed switch on that column is driven low (the diodes block
every other path), a pulled-up input reads high, an input with no pull reads noise.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from typing import Any


class VirtualPin:
    """``machine.Pin`` on the virtual circuit (the subset the firmware uses)."""

    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, circuit: VirtualCircuit, gpio: int, mode: int = -1, pull: int = -1, *,
                 value: int | None = None) -> None:
        self.circuit = circuit
        self.gpio = gpio
        self.init(mode, pull, value=value)

    def init(self, mode: int = -1, pull: int = -1, *, value: int | None = None) -> None:
        self.circuit.configure(self.gpio, mode, pull, value)

    def value(self, x: int | bool | None = None) -> int | None:
        if x is None:
            return self.circuit.level(self.gpio)
        self.circuit.drive(self.gpio, 1 if x else 0)
        return None

    def __call__(self, x: int | bool | None = None) -> int | None:
        return self.value(x)

    def on(self) -> None:
        self.value(1)

    def off(self) -> None:
        self.value(0)

    high = on
    low = off

    def __repr__(self) -> str:
        return f"Pin(GPIO{self.gpio})"


class _PinState:
    __slots__ = ("float_level", "mode", "out", "pull")

    def __init__(self) -> None:
        self.mode = VirtualPin.IN
        self.pull: int | None = None
        self.out = 0
        self.float_level = 0


class VirtualCircuit:
    """The Pico's GPIOs and what is wired to them.

    ``wire_matrix(rows, cols)`` puts a switch (with its diode) at every row/column crossing;
    ``set_switch(i, closed)`` opens or closes switch ``i`` (row-major).  ``wire_button(gpio)``
    puts a push button to ground on a GPIO.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pins: dict[int, _PinState] = {}
        self._rows: tuple[int, ...] = ()
        self._cols: dict[int, int] = {}
        self._closed = bytearray()
        self._low_rows: set[int] = set()
        self._buttons: dict[int, bool] = {}
        self.state_machines: dict[int, VirtualStateMachine] = {}

    # ---- wiring --------------------------------------------------------------------------

    def wire_matrix(self, rows: Sequence[int], cols: Sequence[int]) -> None:
        self._rows = tuple(rows)
        self._cols = {gpio: c for c, gpio in enumerate(cols)}
        self._closed = bytearray(len(rows) * len(cols))

    def set_switch(self, index: int, closed: bool) -> None:
        self._closed[index] = 1 if closed else 0

    def switch(self, index: int) -> bool:
        return bool(self._closed[index])

    def wire_button(self, gpio: int) -> None:
        self._buttons[gpio] = False

    def press(self, gpio: int, pressed: bool = True) -> None:
        if gpio not in self._buttons:
            raise KeyError(f"no button is wired to GPIO{gpio}")
        self._buttons[gpio] = pressed

    def pin(self, gpio: int, mode: int = -1, pull: int = -1, *,
            value: int | None = None) -> VirtualPin:
        return VirtualPin(self, gpio, mode, pull, value=value)

    # ---- electrical behaviour ------------------------------------------------------------

    def configure(self, gpio: int, mode: int, pull: int, value: int | None) -> None:
        with self._lock:
            state = self._pins.setdefault(gpio, _PinState())
            if mode != -1:
                state.mode = mode
            if pull != -1:
                state.pull = pull
            if value is not None:
                state.out = 1 if value else 0
            self._update_row(gpio, state)

    def drive(self, gpio: int, level: int) -> None:
        state = self._pins.setdefault(gpio, _PinState())
        state.out = level
        self._update_row(gpio, state)

    def _update_row(self, gpio: int, state: _PinState) -> None:
        if gpio not in self._rows:
            return
        drives_low = state.out == 0 and state.mode in (VirtualPin.OUT, VirtualPin.OPEN_DRAIN)
        if drives_low:
            self._low_rows.add(self._rows.index(gpio))
        else:
            self._low_rows.discard(self._rows.index(gpio))

    def level(self, gpio: int) -> int:
        state = self._pins.setdefault(gpio, _PinState())
        if state.mode == VirtualPin.OUT:
            return state.out
        if state.mode == VirtualPin.OPEN_DRAIN and state.out == 0:
            return 0
        col = self._cols.get(gpio)
        if col is not None:
            ncols = len(self._cols)
            for row in tuple(self._low_rows):
                if self._closed[row * ncols + col]:
                    return 0
        if self._buttons.get(gpio):
            return 0
        if state.pull == VirtualPin.PULL_UP:
            return 1
        if state.pull == VirtualPin.PULL_DOWN:
            return 0
        state.float_level ^= 1  # a floating input picks up noise
        return state.float_level


class VirtualStateMachine:
    """``rp2.StateMachine`` running the ws2812 program: records every ``put``.

    ``frames`` holds the words of each ``put`` after its shift, as the PIO's output shift
    register sees them; ``pixels()`` decodes the last one as the (r, g, b) each pixel shows.
    """

    def __init__(self, sm_id: int = 0, program: Any = None, freq: int = 0,
                 sideset_base: Any = None, **options: Any) -> None:
        self.id = sm_id
        self.program = program
        self.freq = freq
        self.sideset_base = sideset_base
        self.options = options
        self.is_active = False
        self.frames: list[tuple[int, ...]] = []

    def active(self, value: int | None = None) -> bool | None:
        if value is None:
            return self.is_active
        self.is_active = bool(value)
        return None

    def put(self, value: int | Iterable[int], shift: int = 0) -> None:
        words = (value,) if isinstance(value, int) else tuple(value)
        self.frames.append(tuple((w << shift) & 0xFFFFFFFF for w in words))

    def pixels(self, index: int = -1) -> tuple[tuple[int, int, int], ...]:
        """What each pixel shows after ``put`` number ``index`` (GRB on the wire)."""
        if not self.frames:
            return ()
        return tuple(((w >> 16) & 0xFF, (w >> 24) & 0xFF, (w >> 8) & 0xFF)
                     for w in self.frames[index])


class VirtualTagReaders:
    """One RFID reader per sensor, as the firmware's sensor interface (``read(values)``).

    The reference firmware ships no tag driver; a tag build supplies one with this interface,
    and the emulator uses this one.  Values are tag ids as bytes, ``b""`` for no tag.
    """

    mode = 2  # bl_proto.SENSE_TAG

    def __init__(self, count: int) -> None:
        self.count = count
        self.tags: list[bytes] = [b""] * count

    def empty(self) -> bytes:
        return b""

    def read(self, values: list[bytes]) -> None:
        values[:self.count] = self.tags
