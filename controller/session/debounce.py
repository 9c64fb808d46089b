"""Raw scans to a stable reading: a sensor's new value counts once it has held for N scans.

Reed switches bounce for a few milliseconds when a marble lands, hall sensors flicker at the
edge of a magnet's field, and a piece slid across the board brushes sensors on its way.  A
value seen for ``scans`` consecutive scans (3 at 200 Hz: 10-15 ms) is accepted; anything
shorter is noise.  Until every sensor has been stable once, there is no reading at all.
"""

from __future__ import annotations

from collections.abc import Iterable

from controller.physical import Value


class Debouncer:
    def __init__(self, sensors: int, scans: int) -> None:
        if scans < 1:
            raise ValueError("debounce needs at least 1 scan")
        self.scans = scans
        self._stable: list[Value | None] = [None] * sensors
        self._candidate: list[Value | None] = [None] * sensors
        self._count = [0] * sensors
        self._unsettled = sensors  # sensors never stable yet
        self._quiet: tuple[Value, ...] | None = None  # a scan equal to the stable reading

    @property
    def ready(self) -> bool:
        """Every sensor has had a stable value."""
        return self._unsettled == 0

    @property
    def in_flight(self) -> bool:
        """A sensor reads a new value that has not held long enough to count yet."""
        return any(c is not None for c in self._candidate)

    @property
    def stable(self) -> tuple[Value | None, ...]:
        return tuple(self._stable)

    def feed(self, values: tuple[Value, ...]) -> list[tuple[int, Value]]:
        """Take one scan; return the sensors whose stable value changed with it."""
        if values == self._quiet:
            return []  # the common case at 200 Hz: nothing moves, nothing pending
        if len(values) != len(self._stable):
            raise ValueError(f"a scan has {len(self._stable)} values; got {len(values)}")
        changed: list[tuple[int, Value]] = []
        stable, candidate, count, need = self._stable, self._candidate, self._count, self.scans
        for i, v in enumerate(values):
            if v == stable[i]:
                count[i] = 0
                candidate[i] = None
                continue
            if v == candidate[i]:
                count[i] += 1
            else:
                candidate[i] = v
                count[i] = 1
            if count[i] >= need:
                if stable[i] is None:
                    self._unsettled -= 1
                stable[i] = v
                count[i] = 0
                candidate[i] = None
                changed.append((i, v))
        pending = any(c is not None for c in candidate)
        self._quiet = None if pending or self._unsettled else values
        return changed

    def force(self, values: tuple[Value, ...]) -> list[tuple[int, Value]]:
        """Take a reading that is already stable (a microcontroller debounced it)."""
        changed = []
        for i, v in enumerate(values):
            if self._stable[i] != v:
                if self._stable[i] is None:
                    self._unsettled -= 1
                self._stable[i] = v
                changed.append((i, v))
            self._candidate[i] = None
            self._count[i] = 0
        self._quiet = None
        return changed

    def force_changes(self, changes: Iterable[tuple[int, Value]]) -> list[tuple[int, Value]]:
        """Take the changes of a reading already stable (a microcontroller sends only what
        changed): the stable reading with them, once there is one (none before: ``[]``);
        changes of sensors the board does not have are left out."""
        if not self.ready:
            return []
        full = list(self._stable)
        for i, v in changes:
            if 0 <= i < len(full):
                full[i] = v
        return self.force(tuple(full))  # type: ignore[arg-type]
