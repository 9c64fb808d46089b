"""The GPIO sensor matrix: the Pi scans a diode switch matrix under the board itself.

Each sensor (reed switch or digital hall switch) sits at the crossing of a row wire and a
column wire, in series with a diode whose cathode points to the row.  A scan drives one row
low at a time (every other row stays high) and reads every column through the Pi's pull-up:
a column reads low exactly when a closed switch joins it to the row being driven.  The diodes
stop current running backwards through other closed switches, so any set of closed switches
reads true: no ghosting, whatever the marbles' pattern.

The scanner reports raw readings only.  Debouncing is the controller's job (it sees every
scan with its time), so a bounce here is reported as it is and filtered in one place.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import partial
from types import TracebackType

from gpiozero import DigitalOutputDevice, InputDevice
from gpiozero.pins import Factory

from hardware.errors import WiringError
from hardware.gpio import DeviceGroup
from hardware.profiles import Profile

log = logging.getLogger(__name__)


class MatrixScanner:
    """Rows x columns switch matrix; ``scan()`` gives one 0/1 per sensor index.

    Sensor index ``row * len(columns) + column``.  ``positions[i]`` names the position that
    index reads (``None`` where no switch is fitted: such an index always reads 0, so a stray
    bridge on an empty crossing cannot become a reading).  The scanner owns its pins:
    ``close()`` (or leaving a ``with`` block) releases every one.  One thread owns a scanner.
    """

    def __init__(self, rows: Sequence[int], columns: Sequence[int],
                 positions: Sequence[str | None] | None = None, *,
                 pin_factory: Factory | None = None) -> None:
        if not rows or not columns:
            raise WiringError(f"a sensor matrix needs at least one row pin and one column pin; "
                              f"got rows {list(rows)} and columns {list(columns)}")
        crossings = len(rows) * len(columns)
        if positions is None:
            positions = [f"r{r}c{c}" for r in range(len(rows)) for c in range(len(columns))]
        if len(positions) != crossings:
            raise WiringError(f"{len(rows)} rows x {len(columns)} columns make {crossings} "
                              f"sensor indices, but {len(positions)} positions were given; "
                              "give one per crossing, None where no switch is fitted")
        self.positions: tuple[str | None, ...] = tuple(positions)
        self.row_pins = tuple(rows)
        self.column_pins = tuple(columns)
        self._devices = DeviceGroup()
        # Rows: active low, so "on" pulls the row wire low; all start off (high).
        self._rows = [
            self._devices.open(f"matrix row {r}", pin, partial(
                DigitalOutputDevice, pin, active_high=False, initial_value=False,
                pin_factory=pin_factory))
            for r, pin in enumerate(rows)]
        # Columns: pulled up, so a closed switch on the driven row reads active (low).
        self._columns = [
            self._devices.open(f"matrix column {c}", pin, partial(
                InputDevice, pin, pull_up=True, pin_factory=pin_factory))
            for c, pin in enumerate(columns)]
        # Per row, the (column device, sensor index) pairs worth reading.
        self._plan = [
            [(self._columns[c], r * len(columns) + c) for c in range(len(columns))
             if self.positions[r * len(columns) + c] is not None]
            for r in range(len(rows))]
        self._count = crossings
        log.debug("matrix scanner on rows %s, columns %s", self.row_pins, self.column_pins)

    @classmethod
    def from_profile(cls, profile: Profile, *,
                     pin_factory: Factory | None = None) -> MatrixScanner:
        matrix = profile.wiring.matrix
        if matrix is None:
            raise WiringError(f"board profile {profile.source} has no [sensors.matrix]: its "
                              "sensors are not wired to the Pi's GPIO (a microcontroller or "
                              "the simulated board reads them)")
        return cls(matrix.rows, matrix.columns, profile.spec.sensors, pin_factory=pin_factory)

    def scan(self) -> tuple[int, ...]:
        """Read every sensor once: 1 where the switch is closed (a piece stands), else 0."""
        if not self._devices:
            raise WiringError("this matrix scanner is closed; open a new one to scan again")
        values = [0] * self._count
        for row, plan in zip(self._rows, self._plan):
            row.on()
            try:
                for column, index in plan:
                    values[index] = 1 if column.value else 0
            finally:
                row.off()
        return tuple(values)

    @property
    def closed(self) -> bool:
        return not self._devices

    def close(self) -> None:
        """Release every pin (rows return to inputs, so nothing is driven any more)."""
        self._devices.close()

    def __enter__(self) -> MatrixScanner:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"{len(self.row_pins)}x{len(self.column_pins)}"
        return f"<MatrixScanner {state} rows={self.row_pins} columns={self.column_pins}>"
