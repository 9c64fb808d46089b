"""The real matrix scanner on mock pins wired like a diode switch matrix."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory
from hypothesis import given
from hypothesis import strategies as st

from controller.errors import BoardError
from hardware.errors import WiringError
from hardware.gpio_matrix import MatrixScanner
from hardware.profiles import load_profile
from tests.hardware.circuits import SwitchMatrixCircuit

ROWS = (4, 5, 6)
COLUMNS = (12, 13, 16, 17)


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


@pytest.fixture
def circuit(factory):
    return SwitchMatrixCircuit(factory, ROWS, COLUMNS)


@pytest.fixture
def scanner(factory, circuit):
    with MatrixScanner(ROWS, COLUMNS, pin_factory=factory) as s:
        yield s


def expected(closed):
    out = [0] * (len(ROWS) * len(COLUMNS))
    for r, c in closed:
        out[r * len(COLUMNS) + c] = 1
    return tuple(out)


def test_no_closed_switch_reads_all_zero(scanner):
    assert scanner.scan() == (0,) * 12


def test_a_single_closed_switch_reads_at_its_index_only(scanner, circuit):
    circuit.close_switches([(1, 2)])
    assert scanner.scan() == expected({(1, 2)})
    assert scanner.scan()[1 * 4 + 2] == 1


def test_several_switches_in_one_row_and_one_column(scanner, circuit):
    closed = {(0, 0), (0, 1), (0, 3), (1, 3), (2, 3)}
    circuit.close_switches(closed)
    assert scanner.scan() == expected(closed)


def test_every_switch_closed(scanner, circuit):
    circuit.close_switches((r, c) for r in range(3) for c in range(4))
    assert scanner.scan() == (1,) * 12


def test_a_switch_that_opens_reads_zero_on_the_next_scan(scanner, circuit):
    circuit.close_switches([(2, 1), (0, 0)])
    assert scanner.scan() == expected({(2, 1), (0, 0)})
    circuit.open_switches([(2, 1)])
    assert scanner.scan() == expected({(0, 0)})


def test_three_corners_of_a_rectangle_do_not_ghost_the_fourth(scanner, circuit):
    corners = {(0, 0), (0, 2), (2, 0)}
    circuit.close_switches(corners)
    assert scanner.scan() == expected(corners)      # (2, 2) stays open


def test_the_circuit_model_would_show_the_ghost_without_diodes(factory):
    # The no-ghost test above means something only if the mock circuit can ghost at all.
    bare = SwitchMatrixCircuit(factory, ROWS, COLUMNS, diodes=False)
    bare.close_switches({(0, 0), (0, 2), (2, 0)})
    with MatrixScanner(ROWS, COLUMNS, pin_factory=factory) as s:
        assert s.scan()[2 * 4 + 2] == 1


@given(st.sets(st.tuples(st.integers(0, 2), st.integers(0, 3))))
def test_any_pattern_of_closed_switches_reads_exactly(closed):
    factory = MockFactory()
    try:
        circuit = SwitchMatrixCircuit(factory, ROWS, COLUMNS)
        circuit.close_switches(closed)
        with MatrixScanner(ROWS, COLUMNS, pin_factory=factory) as s:
            assert s.scan() == expected(closed)
    finally:
        factory.reset()


def test_exactly_one_row_is_driven_low_at_every_read_and_none_after(scanner, circuit):
    circuit.close_switches({(0, 1), (1, 1), (2, 1)})
    circuit.rows_low_at_reads.clear()
    scanner.scan()
    assert circuit.rows_low_at_reads == [1] * 12
    assert all(pin.function == "output" and pin.state for pin in circuit.rows)
    assert all(pin.pull == "up" for pin in circuit.columns)


def test_an_unused_crossing_always_reads_zero(factory, circuit):
    positions = ["A1", None, "A2", "A3", *(f"P{i}" for i in range(8))]
    circuit.close_switches({(0, 0), (0, 1)})
    with MatrixScanner(ROWS, COLUMNS, positions, pin_factory=factory) as s:
        assert s.scan()[:2] == (1, 0)


def test_close_releases_every_pin(factory, circuit):
    s = MatrixScanner(ROWS, COLUMNS, pin_factory=factory)
    s.close()
    assert s.closed
    assert all(pin.function == "input" for pin in circuit.rows)
    s.close()                                       # twice is harmless
    with pytest.raises(WiringError, match="closed"):
        s.scan()
    with MatrixScanner(ROWS, COLUMNS, pin_factory=factory) as again:   # pins free again
        circuit.close_switches({(1, 1)})
        assert again.scan() == expected({(1, 1)})


def test_a_bad_pin_number_is_named_with_its_job_and_nothing_stays_claimed(factory):
    with pytest.raises(WiringError, match=r"matrix column 2 pin 99: .*BCM") as caught:
        MatrixScanner(ROWS, (12, 13, 99, 17), pin_factory=factory)
    assert isinstance(caught.value, BoardError) and isinstance(caught.value, ValueError)
    with MatrixScanner(ROWS, COLUMNS, pin_factory=factory) as s:        # rows were released
        assert len(s.scan()) == 12


def test_a_pin_used_twice_is_named(factory):
    with pytest.raises(WiringError, match=r"matrix column 0 pin 5 is already in use"):
        MatrixScanner(ROWS, (5, 13), pin_factory=factory)


def test_a_wrong_number_of_positions_is_refused(factory):
    with pytest.raises(WiringError, match="3 rows x 4 columns make 12 sensor indices, but 11"):
        MatrixScanner(ROWS, COLUMNS, ["A1"] * 11, pin_factory=factory)


def test_the_abalone_profile_scans_to_a_board_reading(factory):
    profile = load_profile("abalone")
    matrix = profile.wiring.matrix
    circuit = SwitchMatrixCircuit(factory, matrix.rows, matrix.columns)
    e5 = profile.spec.sensor_index["E5"]
    i9 = profile.spec.sensor_index["I9"]
    circuit.close_switches({divmod(e5, 8), divmod(i9, 8)})
    with MatrixScanner.from_profile(profile, pin_factory=factory) as s:
        raw = s.scan()
    assert len(raw) == 64
    reading = profile.spec.reading_of(raw)
    assert {p for p, v in reading.items() if v} == {"E5", "I9"}
    assert len(reading) == 61


def test_a_profile_without_a_matrix_cannot_be_scanned_by_the_pi(factory):
    profile = load_profile("abalone")
    serial_build = type(profile)(profile.spec, type(profile.wiring)(
        None, profile.wiring.leds, profile.wiring.buttons), "serial.toml")
    with pytest.raises(WiringError, match=r"no \[sensors\.matrix\]"):
        MatrixScanner.from_profile(serial_build, pin_factory=factory)
