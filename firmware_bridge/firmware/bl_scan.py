# Sensor and button scanning with debounce (MicroPython and CPython).
#
# Pins are handed in already configured (see bl_hw.py), so this logic runs unchanged against
# the virtual circuit of the emulator and the tests.

import bl_proto


class ReedMatrix:
    """Presence: one reed switch (each with its diode) per sensor on a row/column matrix.

    Rows are outputs idling high; the row being read is driven low.  Columns are inputs with
    pull-ups: a closed switch on the selected row pulls its column low through its diode
    (anode to the column, cathode to the row), and the diodes of the other rows block the
    sneak paths that would make a pressed switch ghost onto another.  Sensor index
    ``row * len(cols) + col``.
    """

    mode = bl_proto.SENSE_PRESENCE
    switches_per_sensor = 1

    def __init__(self, rows, cols, count=None, settle=None):
        self.rows = rows
        self.cols = cols
        capacity = len(rows) * len(cols) // self.switches_per_sensor
        self.count = capacity if count is None else count
        if self.count > capacity:
            raise ValueError("a " + str(len(rows)) + "x" + str(len(cols)) + " matrix holds "
                             + str(capacity) + " sensors, not " + str(self.count))
        self._settle = settle
        self._closed = bytearray(len(rows) * len(cols))

    def empty(self):
        return 0

    def read_switches(self):
        """Every switch of the matrix, 1 for closed, in row-major order."""
        closed = self._closed
        cols = self.cols
        ncols = len(cols)
        base = 0
        for row in self.rows:
            row.value(0)
            if self._settle is not None:
                self._settle()
            for c in range(ncols):
                closed[base + c] = 0 if cols[c].value() else 1
            row.value(1)
            base += ncols
        return closed

    def read(self, values):
        closed = self.read_switches()
        for i in range(self.count):
            values[i] = closed[i]


class PolarityMatrix(ReedMatrix):
    """Polarity: two digital Hall switches per sensor, one north- and one south-sensitive,
    at matrix positions ``2 * i`` and ``2 * i + 1``.  Reads +1 (north up), -1 (south up), 0
    (empty, or both closed, which no single magnet can do)."""

    mode = bl_proto.SENSE_POLARITY
    switches_per_sensor = 2

    def read(self, values):
        closed = self.read_switches()
        for i in range(self.count):
            north = closed[2 * i]
            south = closed[2 * i + 1]
            values[i] = 1 if north and not south else (-1 if south and not north else 0)


class Debouncer:
    """A sensor's new value is accepted after ``scans`` consecutive scans agree on it."""

    def __init__(self, initial, scans):
        self.stable = list(initial)
        self.scans = scans
        self._candidate = list(initial)
        self._count = [0] * len(initial)

    def update(self, raw):
        """Feed one raw scan; returns the (index, value) pairs that just became stable."""
        stable = self.stable
        candidate = self._candidate
        count = self._count
        changes = []
        for i in range(len(stable)):
            value = raw[i]
            if value == stable[i]:
                count[i] = 0
                candidate[i] = value
                continue
            if value == candidate[i]:
                count[i] += 1
            else:
                candidate[i] = value
                count[i] = 1
            if count[i] >= self.scans:
                stable[i] = value
                count[i] = 0
                changes.append((i, value))
        return changes


class Buttons:
    """Push buttons to ground on pulled-up inputs; a debounced press is reported once."""

    def __init__(self, pins, scans):
        self.pins = pins
        self._debouncer = Debouncer([0] * len(pins), scans)
        self._raw = [0] * len(pins)

    def update(self):
        """Indices of the buttons whose press was just confirmed."""
        raw = self._raw
        for i in range(len(self.pins)):
            raw[i] = 0 if self.pins[i].value() else 1
        return [i for i, pressed in self._debouncer.update(raw) if pressed]
