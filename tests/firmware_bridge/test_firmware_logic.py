"""The firmware's scanning, debouncing, LED and protocol logic on the virtual circuit."""

from __future__ import annotations

import pytest

from controller.physical import Light, SenseMode
from firmware_bridge.decoder import FrameDecoder
from firmware_bridge.firmware_loader import load_firmware
from firmware_bridge.messages import (
    ButtonEvent,
    Changes,
    FullScan,
    GetHello,
    GetScan,
    Hello,
    Nak,
    Ping,
    Pong,
    ShowLeds,
    parse,
    to_frame,
)
from firmware_bridge.protocol import Frame, MessageType, NakReason
from firmware_bridge.virtual_pico import (
    VirtualCircuit,
    VirtualPin,
    VirtualStateMachine,
    VirtualTagReaders,
)

fw = load_firmware()
ROWS, COLS = (0, 1, 2), (3, 4, 5, 6)


def matrix(circuit: VirtualCircuit, kind=None, count=None, pull=VirtualPin.PULL_UP):
    circuit.wire_matrix(ROWS, COLS)
    rows = [circuit.pin(g, VirtualPin.OUT, value=1) for g in ROWS]
    cols = [circuit.pin(g, VirtualPin.IN, pull) for g in COLS]
    return (kind or fw.scan.ReedMatrix)(rows, cols, count)


def read(sensors) -> list:
    values = [sensors.empty()] * sensors.count
    sensors.read(values)
    return values


# ---- the matrix -------------------------------------------------------------------------------


def test_matrix_reads_each_closed_switch_at_its_index():
    circuit = VirtualCircuit()
    sensors = matrix(circuit)
    assert sensors.count == 12 and read(sensors) == [0] * 12
    for i in (0, 5, 11):
        circuit.set_switch(i, True)
    assert read(sensors) == [1 if i in (0, 5, 11) else 0 for i in range(12)]


def test_three_closed_corners_do_not_ghost_the_fourth():
    # Without diodes, (0,0) (0,1) (1,0) closed would make (1,1) read closed too.
    circuit = VirtualCircuit()
    sensors = matrix(circuit)
    for i in (0, 1, 4):
        circuit.set_switch(i, True)
    assert [i for i, v in enumerate(read(sensors)) if v] == [0, 1, 4]


def test_rows_are_released_after_the_scan():
    circuit = VirtualCircuit()
    sensors = matrix(circuit)
    read(sensors)
    assert [circuit.level(g) for g in ROWS] == [1, 1, 1]


def test_columns_without_pull_ups_read_noise():
    circuit = VirtualCircuit()
    sensors = matrix(circuit, pull=-1)
    first, second = read(sensors), read(sensors)
    assert first != second  # a missing pull-up shows up as flicker


def test_polarity_matrix_reads_north_south_and_empty():
    circuit = VirtualCircuit()
    sensors = matrix(circuit, fw.scan.PolarityMatrix, 5)
    circuit.set_switch(0, True)  # sensor 0 north
    circuit.set_switch(3, True)  # sensor 1 south
    circuit.set_switch(4, True)
    circuit.set_switch(5, True)  # sensor 2 both: unreadable, reads empty
    assert read(sensors) == [1, -1, 0, 0, 0]


def test_a_matrix_too_small_is_refused():
    circuit = VirtualCircuit()
    with pytest.raises(ValueError, match="holds 12 sensors"):
        matrix(circuit, count=13)


# ---- debounce and buttons ---------------------------------------------------------------------


def test_debouncer_needs_n_equal_scans_and_ignores_bounces():
    d = fw.scan.Debouncer([0, 0], 3)
    assert d.update([1, 0]) == [] and d.update([0, 0]) == []  # a bounce
    assert d.update([1, 0]) == [] and d.update([1, 0]) == []
    assert d.update([1, 0]) == [(0, 1)]
    assert d.update([1, 0]) == [] and d.stable == [1, 0]


def test_debouncer_restarts_the_count_when_the_candidate_changes():
    d = fw.scan.Debouncer([0], 2)
    assert d.update([1]) == [] and d.update([-1]) == [] and d.update([-1]) == [(0, -1)]


def test_buttons_report_one_press_per_push():
    circuit = VirtualCircuit()
    circuit.wire_button(9)
    buttons = fw.scan.Buttons([circuit.pin(9, VirtualPin.IN, VirtualPin.PULL_UP)], 2)
    circuit.press(9)
    pressed = [buttons.update() for _ in range(5)]
    circuit.press(9, False)
    released = [buttons.update() for _ in range(5)]
    assert pressed == [[], [0], [], [], []] and released == [[]] * 5


# ---- pixels -----------------------------------------------------------------------------------


def test_pixels_send_grb_words_shifted_for_the_pio_and_blink_at_2_hz():
    sm = VirtualStateMachine()
    pixels = fw.leds.Pixels(sm, 3)
    pixels.tick(0)
    assert sm.frames == [(0, 0, 0)]
    pixels.set([(255, 16, 1, False), (0, 0, 9, True), (0, 0, 0, False)])
    pixels.tick(10)
    assert sm.frames[-1] == (0x10FF0100, 0x00000900, 0)
    assert sm.pixels() == ((255, 16, 1), (0, 0, 9), (0, 0, 0))
    pixels.tick(100)
    assert len(sm.frames) == 2  # nothing changed: nothing sent
    pixels.tick(260)
    assert sm.pixels() == ((255, 16, 1), (0, 0, 0), (0, 0, 0))  # blink phase off
    pixels.tick(510)
    assert sm.pixels()[1] == (0, 0, 9)


# ---- the board's protocol logic ---------------------------------------------------------------


class Port:
    """The host end of the board's port, as bytes."""

    def __init__(self) -> None:
        self.inbox = bytearray()
        self.decoder = FrameDecoder()
        self.frames: list[Frame] = []
        self.seq = 0

    def read(self) -> bytes:
        data = bytes(self.inbox)
        self.inbox.clear()
        return data

    def write(self, data: bytes) -> None:
        self.frames += self.decoder.feed(data)

    def send(self, message, seq=None) -> None:
        self.inbox += to_frame(message, self.seq if seq is None else seq).serialize()
        self.seq += 1

    def messages(self):
        out = [parse(f) for f in self.frames]
        self.frames = []
        return out


def make_board(closed=(), **kw):
    circuit = VirtualCircuit()
    sensors = matrix(circuit, count=10)
    for i in closed:
        circuit.set_switch(i, True)
    circuit.wire_button(20)
    buttons = fw.scan.Buttons([circuit.pin(20, VirtualPin.IN, VirtualPin.PULL_UP)], 3)
    sm = VirtualStateMachine()
    port = Port()
    board = fw.board.Board(sensors, port, pixels=fw.leds.Pixels(sm, 4), buttons=buttons,
                           button_names=("end-turn",), firmware=(2, 3, 4), **kw)
    return board, circuit, port, sm


def test_the_board_says_hello_at_boot_and_when_asked():
    board, _, port, _ = make_board()
    hello = Hello(1, (2, 3, 4), SenseMode.PRESENCE, 10, 4, 200, 3, ("end-turn",))
    assert port.messages() == [hello]
    port.send(GetHello(1))
    board.step(0)
    assert port.messages() == [hello]


def test_the_board_sends_a_full_scan_when_asked_and_debounced_changes_by_itself():
    board, circuit, port, _ = make_board(closed=[2])  # a piece is already there at boot
    port.messages()
    port.send(GetScan())
    board.step(0)
    assert port.messages() == [FullScan(SenseMode.PRESENCE, (0, 0, 1) + (0,) * 7)]
    circuit.set_switch(7, True)
    circuit.set_switch(2, False)
    board.step(5)
    board.step(10)
    assert port.messages() == []
    board.step(15)
    assert port.messages() == [Changes(SenseMode.PRESENCE, ((2, 0), (7, 1)))]


def test_sequence_numbers_count_every_frame_and_wrap():
    board, _circuit, port, _ = make_board()
    for i in range(300):
        port.send(Ping(i))
        board.step(i)
    seqs = [f.seq for f in port.frames]
    assert seqs == [i & 0xFF for i in range(301)]
    assert port.messages()[1:] == [Pong(i) for i in range(300)]


def test_the_board_reports_a_button_press():
    board, circuit, port, _ = make_board()
    port.messages()
    circuit.press(20)
    for t in range(0, 50, 5):
        board.step(t)
    assert port.messages() == [ButtonEvent(0)]


def test_the_board_shows_led_frames_and_refuses_bad_ones():
    board, _, port, sm = make_board()
    port.messages()
    port.send(ShowLeds((Light((9, 8, 7)), Light((1, 1, 1), True), Light((0, 0, 0)),
                        Light((255, 255, 255)))))
    board.step(0)
    assert sm.pixels() == ((9, 8, 7), (1, 1, 1), (0, 0, 0), (255, 255, 255))
    port.send(ShowLeds((Light((1, 2, 3)),)), seq=40)
    board.step(5)
    assert port.messages() == [Nak(NakReason.BAD_PAYLOAD, MessageType.SHOW_LEDS, 40)]
    assert sm.pixels()[0] == (9, 8, 7)


def test_the_board_naks_unknown_types_and_bad_payloads():
    board, _, port, _ = make_board()
    port.messages()
    port.inbox += Frame(0x33, 5, b"").serialize() + Frame(MessageType.PING, 6, b"\x01").serialize()
    port.inbox += Frame(MessageType.GET_HELLO, 7, b"").serialize()
    port.inbox += to_frame(Nak(NakReason.BAD_PAYLOAD, MessageType.CHANGES, 3), 8).serialize()
    board.step(0)
    assert port.messages() == [Nak(NakReason.UNKNOWN_TYPE, 0x33, 5),
                               Nak(NakReason.BAD_PAYLOAD, MessageType.PING, 6),
                               Nak(NakReason.BAD_PAYLOAD, MessageType.GET_HELLO, 7)]
    assert board.naks_received == 1


def test_a_partial_frame_is_given_up_after_a_quiet_spell():
    board, _, port, _ = make_board()
    port.messages()
    port.inbox += to_frame(ShowLeds((Light((1, 1, 1)),) * 4), 0).serialize()[:9]
    board.step(0)
    port.send(Ping(7))
    board.step(20)
    assert port.messages() == []  # the ping sits inside the broken frame's claimed length
    board.step(100)
    assert port.messages() == [Pong(7)]


def test_the_lights_go_dark_when_the_host_goes_quiet():
    board, _, port, sm = make_board(host_timeout_ms=1000)
    port.send(ShowLeds((Light((5, 5, 5)),) * 4))
    board.step(0)
    board.step(900)
    assert sm.pixels()[0] == (5, 5, 5)
    board.step(1001)
    assert sm.pixels() == ((0, 0, 0),) * 4


def test_a_tag_board_sends_tag_ids():
    readers = VirtualTagReaders(3)
    readers.tags[1] = bytes.fromhex("04A1B2C3")
    port = Port()
    board = fw.board.Board(readers, port)
    port.messages()
    port.send(GetScan())
    board.step(0)
    readers.tags[1] = b""
    readers.tags[2] = bytes.fromhex("0102")
    for t in (5, 10, 15):
        board.step(t)
    assert port.messages() == [FullScan(SenseMode.TAG, ("", "04A1B2C3", "")),
                               Changes(SenseMode.TAG, ((1, ""), (2, "0102")))]


def test_many_changes_are_split_across_frames():
    circuit = VirtualCircuit()
    circuit.wire_matrix(tuple(range(8)), tuple(range(8, 16)))
    rows = [circuit.pin(g, VirtualPin.OUT, value=1) for g in range(8)]
    cols = [circuit.pin(g, VirtualPin.IN, VirtualPin.PULL_UP) for g in range(8, 16)]
    port = Port()
    board = fw.board.Board(fw.scan.ReedMatrix(rows, cols), port, debounce_scans=1)
    port.messages()
    for i in range(64):
        circuit.set_switch(i, True)
    board.step(0)
    sent = port.messages()
    assert [len(m.changes) for m in sent] == [32, 32]
    assert [c for m in sent for c in m.changes] == [(i, 1) for i in range(64)]
