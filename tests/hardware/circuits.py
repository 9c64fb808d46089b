"""Mock pins that behave like the circuits under the board, for gpiozero's MockFactory.

The scanner code under test is the real one; only the pins are fake, and they are wired
together here the way copper and diodes wire the real ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gpiozero.pins.mock import MockFactory, MockPin


class RowPin(MockPin):
    """A matrix row: an ordinary output, watched by the circuit."""


class ColumnPin(MockPin):
    """A matrix column: reads low when the circuit connects it to a row driven low."""

    def __init__(self, factory: MockFactory, info: object, circuit: SwitchMatrixCircuit,
                 column: int) -> None:
        super().__init__(factory, info)
        self.circuit = circuit
        self.column = column

    def _get_state(self) -> bool:
        if self._function != "input":
            return bool(self._state)
        self.circuit.note_read()
        return False if self.circuit.pulled_low(self.column) else bool(self._state)


class SwitchMatrixCircuit:
    """Row and column wires with a switch at each crossing (``closed`` holds the shut ones).

    With ``diodes`` (one per switch, cathode to the row) current flows only from a column
    into the row that is driven low, so only a switch on the driven row pulls its column
    low.  Without them a closed switch simply joins its row and column wires, and a row
    driven low pulls down every wire it is joined to through any chain of closed switches:
    that is how ghosting appears on a bare matrix.
    """

    def __init__(self, factory: MockFactory, rows: Sequence[int], columns: Sequence[int], *,
                 diodes: bool = True) -> None:
        self.diodes = diodes
        self.closed: set[tuple[int, int]] = set()
        self.rows_low_at_reads: list[int] = []   # rows driven low at each column read
        self.rows = [factory.pin(p, pin_class=RowPin) for p in rows]
        self.columns = [factory.pin(p, pin_class=ColumnPin, circuit=self, column=c)
                        for c, p in enumerate(columns)]

    def close_switches(self, switches: Iterable[tuple[int, int]]) -> None:
        self.closed |= set(switches)

    def open_switches(self, switches: Iterable[tuple[int, int]]) -> None:
        self.closed -= set(switches)

    def row_driven_low(self, row: int) -> bool:
        pin = self.rows[row]
        return pin.function == "output" and not pin.state

    def note_read(self) -> None:
        self.rows_low_at_reads.append(sum(map(self.row_driven_low, range(len(self.rows)))))

    def pulled_low(self, column: int) -> bool:
        if self.diodes:
            return any(c == column and self.row_driven_low(r) for r, c in self.closed)
        # No diodes: find every wire joined to this column through closed switches.
        seen = {("c", column)}
        frontier = [("c", column)]
        while frontier:
            kind, n = frontier.pop()
            for r, c in self.closed:
                if (kind == "c" and c == n) or (kind == "r" and r == n):
                    other = ("r", r) if kind == "c" else ("c", c)
                    if other not in seen:
                        seen.add(other)
                        frontier.append(other)
        return any(kind == "r" and self.row_driven_low(n) for kind, n in seen)
