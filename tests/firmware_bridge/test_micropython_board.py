"""The firmware's scanning, debouncing, LED and board logic under the real MicroPython.

The checks of test_firmware_logic.py and test_firmware_hw.py, with the firmware running in
MicroPython (the official WebAssembly port, under node) on vpico's virtual circuit: the host's
messages go in as ``to_frame`` bytes and what the firmware writes is read by the host's
``FrameDecoder`` and ``parse`` in this process.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from controller.physical import Light, SenseMode
from firmware_bridge.decoder import FrameDecoder
from firmware_bridge.firmware_loader import load_module
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
from firmware_bridge.micropython import MicroPython, MicroPythonError
from firmware_bridge.protocol import Frame, MessageType, NakReason

from .mpboard import MpBoard, session

ROWS, COLS = (0, 1, 2), (3, 4, 5, 6)
CONFIG = load_module("bl_config")
N = CONFIG.DEBOUNCE_SCANS


@pytest.fixture(scope="module")
def mp() -> Iterator[MicroPython]:
    for session_mp in session():
        session_mp.exec("import bl_config, bl_leds, bl_proto, bl_scan\n"
                        "def matrix(kind=bl_scan.ReedMatrix, count=None, pull=vpico.PULL_UP):\n"
                        "    c = vpico.Circuit()\n"
                        f"    c.wire_matrix({ROWS}, {COLS})\n"
                        f"    rows = [c.pin(g, vpico.OUT, value=1) for g in {ROWS}]\n"
                        f"    cols = [c.pin(g, vpico.IN, pull) for g in {COLS}]\n"
                        "    return c, kind(rows, cols, count)\n"
                        "def read(sensors):\n"
                        "    values = [sensors.empty()] * sensors.count\n"
                        "    sensors.read(values)\n"
                        "    return values\n")
        yield session_mp


def make_board(mp: MicroPython, closed=(), **kw) -> MpBoard:
    """test_firmware_logic's board: 10 sensors on a 3 x 4 matrix, 4 LEDs, one button."""
    return MpBoard(mp, ROWS, COLS, count=10, button_pins=(20,), button_names=("end-turn",),
                   leds=4, firmware=(2, 3, 4), debounce_scans=N, closed=tuple(closed), **kw)


# ---- the matrix -------------------------------------------------------------------------------


def test_matrix_reads_each_closed_switch_at_its_index(mp):
    mp.exec("c, s = matrix()")
    assert mp.eval("(s.count, read(s))") == [12, [0] * 12]
    mp.exec("for i in (0, 5, 11):\n    c.set_switch(i)")
    assert mp.eval("read(s)") == [1 if i in (0, 5, 11) else 0 for i in range(12)]
    assert mp.eval("[c.level(g) for g in (0, 1, 2)]") == [1, 1, 1]  # rows released


def test_three_closed_corners_do_not_ghost_the_fourth(mp):
    mp.exec("c, s = matrix()\nfor i in (0, 1, 4):\n    c.set_switch(i)")
    assert mp.eval("[i for i, v in enumerate(read(s)) if v]") == [0, 1, 4]


def test_columns_without_pull_ups_read_noise(mp):
    mp.exec("c, s = matrix(pull=-1)")
    assert mp.eval("read(s) != read(s)")


def test_polarity_matrix_reads_north_south_and_empty(mp):
    mp.exec("c, s = matrix(bl_scan.PolarityMatrix, 5)\nfor i in (0, 3, 4, 5):\n"
            "    c.set_switch(i)")
    assert mp.eval("read(s)") == [1, -1, 0, 0, 0]


def test_a_matrix_too_small_is_refused(mp):
    with pytest.raises(MicroPythonError, match="holds 12 sensors, not 13") as caught:
        mp.exec("matrix(count=13)")
    assert caught.value.kind == "ValueError"


# ---- debounce and buttons ---------------------------------------------------------------------


def test_the_debouncer_needs_debounce_scans_equal_scans(mp):
    assert N == 3  # bl_config: 15 ms at 200 Hz
    mp.exec("d = bl_scan.Debouncer([0, 0], bl_config.DEBOUNCE_SCANS)")
    out = mp.eval("[d.update([1, 0]), d.update([0, 0])]"  # a bounce: the count starts again
                  " + [d.update([1, 0]) for _ in range(bl_config.DEBOUNCE_SCANS + 1)]"
                  " + [d.stable]")
    assert out == [[], []] + [[]] * (N - 1) + [[[0, 1]], [], [1, 0]]


def test_the_debouncer_restarts_the_count_when_the_candidate_changes(mp):
    mp.exec("d = bl_scan.Debouncer([0], 2)")
    assert mp.eval("[d.update([1]), d.update([-1]), d.update([-1])]") == [[], [], [[0, -1]]]


def test_buttons_report_one_press_per_push(mp):
    mp.exec("c = vpico.Circuit()\nc.wire_button(9)\n"
            "b = bl_scan.Buttons([c.pin(9, vpico.IN, vpico.PULL_UP)], 2)\nc.press(9)")
    pressed = mp.eval("[b.update() for _ in range(5)]")
    mp.exec("c.press(9, False)")
    assert pressed == [[], [0], [], [], []] and mp.eval("[b.update() for _ in range(5)]") == \
        [[]] * 5


# ---- pixels -----------------------------------------------------------------------------------


def test_pixels_send_grb_words_shifted_for_the_pio_and_blink_at_2_hz(mp):
    mp.exec("sm = vpico.StateMachine()\np = bl_leds.Pixels(sm, 3)\np.tick(0)")
    assert mp.eval("sm.frames") == [[0, 0, 0]]
    mp.exec("p.set([(255, 16, 1, False), (0, 0, 9, True), (0, 0, 0, False)])\np.tick(10)")
    assert mp.eval("sm.frames[-1]") == [0x10FF0100, 0x00000900, 0]
    assert mp.eval("sm.pixels()") == [[255, 16, 1], [0, 0, 9], [0, 0, 0]]
    mp.exec("p.tick(100)")
    assert mp.eval("len(sm.frames)") == 2  # nothing changed: nothing sent
    mp.exec("p.tick(260)")
    assert mp.eval("sm.pixels()") == [[255, 16, 1], [0, 0, 0], [0, 0, 0]]  # blink phase off
    mp.exec("p.tick(510)")
    assert mp.eval("sm.pixels()[1]") == [0, 0, 9]


# ---- the board's protocol logic ---------------------------------------------------------------


HELLO = Hello(1, (2, 3, 4), SenseMode.PRESENCE, 10, 4, 200, 3, ("end-turn",))


def test_the_board_says_hello_at_boot_and_when_asked(mp):
    board = make_board(mp)
    assert board.messages() == [HELLO]
    board.send(GetHello(1))
    board.step(0)
    assert board.messages() == [HELLO]


def test_ping_gets_its_pong(mp):
    board = make_board(mp)
    board.messages()
    board.send(Ping(0xDEADBEEF))
    board.step(0)
    assert board.messages() == [Pong(0xDEADBEEF)]


def test_a_full_scan_when_asked_and_changes_after_debounce_scans_equal_scans(mp):
    board = make_board(mp, closed=[2])
    board.messages()
    board.send(GetScan())
    board.step(0)
    assert board.messages() == [FullScan(SenseMode.PRESENCE, (0, 0, 1) + (0,) * 7)]
    board.switch(7)
    board.switch(2, False)
    board.steps([5 * i for i in range(1, N)])
    assert board.messages() == []
    board.step(5 * N)
    assert board.messages() == [Changes(SenseMode.PRESENCE, ((2, 0), (7, 1)))]
    board.send(GetScan())
    board.step(5 * N + 5)
    assert board.messages() == [FullScan(SenseMode.PRESENCE, (0,) * 7 + (1, 0, 0))]


def test_a_bouncing_switch_is_reported_once_it_settles(mp):
    board = make_board(mp)
    board.messages()
    for t, closed in enumerate([True, False, True, True, False] + [True] * (N - 1)):
        board.switch(4, closed)
        board.step(5 * t)
    assert board.messages() == []
    board.step(100)
    assert board.messages() == [Changes(SenseMode.PRESENCE, ((4, 1),))]


def test_sequence_numbers_count_every_frame_and_wrap(mp):
    board = make_board(mp)
    pings = [to_frame(Ping(i), i).serialize().hex() for i in range(300)]
    frames = mp.eval(f"[{board.name}.step(i, h) for i, h in enumerate({pings!r})]")
    board.frames += FrameDecoder().feed(bytes.fromhex("".join(frames)))
    assert [f.seq for f in board.frames] == [i & 0xFF for i in range(301)]
    assert board.messages()[1:] == [Pong(i) for i in range(300)]


def test_the_board_reports_a_button_press(mp):
    board = make_board(mp)
    board.messages()
    board.press(20)
    board.steps(list(range(0, 50, 5)))
    assert board.messages() == [ButtonEvent(0)]


def test_the_board_shows_led_frames_and_naks_a_wrong_count(mp):
    board = make_board(mp)
    board.messages()
    board.send(ShowLeds((Light((9, 8, 7)), Light((1, 1, 1), True), Light((0, 0, 0)),
                         Light((255, 255, 255)))))
    board.step(0)
    assert board.pixels() == ((9, 8, 7), (1, 1, 1), (0, 0, 0), (255, 255, 255))
    board.step(260)  # the blinking LED's off half
    assert board.pixels() == ((9, 8, 7), (0, 0, 0), (0, 0, 0), (255, 255, 255))
    board.step(500)
    assert board.pixels()[1] == (1, 1, 1)
    board.send(ShowLeds((Light((1, 2, 3)),)), seq=40)
    board.step(505)
    assert board.messages() == [Nak(NakReason.BAD_PAYLOAD, MessageType.SHOW_LEDS, 40)]
    assert board.pixels()[0] == (9, 8, 7)


def test_the_board_naks_unknown_types_and_bad_payloads(mp):
    board = make_board(mp)
    board.messages()
    board.send_raw(Frame(0x33, 5, b"").serialize() + Frame(MessageType.PING, 6, b"\x01")
                   .serialize() + Frame(MessageType.GET_HELLO, 7, b"").serialize())
    board.send(Nak(NakReason.BAD_PAYLOAD, MessageType.CHANGES, 3), seq=8)
    board.step(0)
    assert board.messages() == [Nak(NakReason.UNKNOWN_TYPE, 0x33, 5),
                                Nak(NakReason.BAD_PAYLOAD, MessageType.PING, 6),
                                Nak(NakReason.BAD_PAYLOAD, MessageType.GET_HELLO, 7)]
    assert board.eval("board.naks_received") == 1


def test_a_frame_with_a_bad_crc_is_dropped_unanswered(mp):
    board = make_board(mp)
    board.messages()
    bad = bytearray(to_frame(Ping(1), 0).serialize())
    bad[6] ^= 0x01
    board.send_raw(bytes(bad) + to_frame(Ping(2), 1).serialize())
    board.step(0)
    assert board.messages() == [Pong(2)]
    assert board.eval("board.decoder.bad_crc") == 1


def test_a_partial_frame_is_given_up_after_a_quiet_spell(mp):
    board = make_board(mp)
    board.messages()
    board.send_raw(to_frame(ShowLeds((Light((1, 1, 1)),) * 4), 0).serialize()[:9])
    board.step(0)
    board.send(Ping(7))
    board.step(20)
    assert board.messages() == []  # the ping sits inside the broken frame's claimed length
    board.step(100)
    assert board.messages() == [Pong(7)]


def test_the_lights_go_dark_when_the_host_goes_quiet(mp):
    board = make_board(mp, host_timeout_ms=1000)
    board.send(ShowLeds((Light((5, 5, 5)),) * 4))
    board.step(0)
    board.step(900)
    assert board.pixels()[0] == (5, 5, 5)
    board.step(1001)
    assert board.pixels() == ((0, 0, 0),) * 4


def test_a_polarity_board_reports_signed_values(mp):
    board = MpBoard(mp, ROWS, COLS, count=6, sense="polarity", debounce_scans=N)
    assert board.messages() == [Hello(1, (1, 0, 0), SenseMode.POLARITY, 6, 0, 200, 3, ())]
    board.switch(0)  # sensor 0 north
    board.switch(3)  # sensor 1 south
    board.steps([0, 5, 10])
    assert board.messages() == [Changes(SenseMode.POLARITY, ((0, 1), (1, -1)))]


def test_a_tag_board_sends_tag_ids(mp):
    mp.exec("class Tags:\n"
            "    mode = bl_proto.SENSE_TAG\n"
            "    def __init__(self, count):\n"
            "        self.count = count\n"
            "        self.tags = [b''] * count\n"
            "    def empty(self):\n"
            "        return b''\n"
            "    def read(self, values):\n"
            "        values[:self.count] = self.tags\n"
            "tags = Tags(3)\n"
            "tags.tags[1] = bytes.fromhex('04A1B2C3')\n"
            "tag_port = vpico.Port()\n"
            "import bl_board\n"
            "tag_board = bl_board.Board(tags, tag_port)")
    host = FrameDecoder()
    sent = host.feed(bytes.fromhex(mp.eval("tag_port.take()")))
    data = to_frame(GetScan(), 0).serialize().hex()
    mp.exec(f"tag_port.feed({data!r})\ntag_board.step(0)\n"
            "tags.tags[1] = b''\ntags.tags[2] = bytes.fromhex('0102')\n"
            "for t in (5, 10, 15):\n    tag_board.step(t)")
    sent += host.feed(bytes.fromhex(mp.eval("tag_port.take()")))
    assert [parse(f) for f in sent] == [
        Hello(1, (1, 0, 0), SenseMode.TAG, 3, 0, 200, 3, ()),
        FullScan(SenseMode.TAG, ("", "04A1B2C3", "")),
        Changes(SenseMode.TAG, ((1, ""), (2, "0102")))]


def test_many_changes_are_split_across_frames(mp):
    board = MpBoard(mp, tuple(range(8)), tuple(range(8, 16)), debounce_scans=1)
    board.messages()
    board.exec("for i in range(64):\n    rig.circuit.set_switch(i)")
    board.step(0)
    sent = board.messages()
    assert [len(m.changes) for m in sent] == [32, 32]
    assert [c for m in sent for c in m.changes] == [(i, 1) for i in range(64)]


# ---- bl_hw on fake machine / rp2 / time / select modules --------------------------------------


@pytest.fixture
def hw(mp: MicroPython) -> MicroPython:
    mp.exec("pico = vpico.FakePico()\n"
            "pico.circuit.wire_matrix(bl_config.ROW_PINS, bl_config.COL_PINS)\n"
            "for g in bl_config.BUTTON_PINS:\n    pico.circuit.wire_button(g)\n"
            "hw = pico.load_hw()\n"
            "class Cfg:\n    pass\n"
            "def config(**changes):\n"
            "    cfg = Cfg()\n"
            "    for k in dir(bl_config):\n"
            "        if k.isupper():\n"
            "            setattr(cfg, k, changes.get(k, getattr(bl_config, k)))\n"
            "    return cfg\n")
    return mp


def test_bl_hw_assembles_the_ws2812_program(hw):
    program = hw.eval("[(i.op, i.args, i.sideset, i.delay) for i in hw.ws2812.instructions]")
    assert program == [["out", ["x", 1], 0, 2], ["jmp", ["!x", "do_zero"], 1, 1],
                       ["jmp", ["bitloop"], 1, 4], ["nop", [], 0, 4]]
    assert hw.eval("(hw.ws2812.labels, hw.ws2812.wrap_target, hw.ws2812.wrap)") == \
        [{"bitloop": 0, "do_zero": 3}, 0, 3]
    assert hw.eval("hw.time is pico.modules['time'] and 'machine' not in sys.modules")


def test_bl_hw_builds_the_board_and_says_hello(hw):
    hw.exec("port = vpico.Port()\nboard = hw.build(config(), port)")
    circuit = "pico.circuit"
    assert hw.eval(f"[{circuit}.level(g) for g in bl_config.ROW_PINS + bl_config.COL_PINS]") \
        == [1] * 18
    assert hw.eval("(pico.circuit.state_machines[0].freq, pico.circuit.state_machines[0]"
                   ".is_active, pico.circuit.state_machines[0].sideset_base.gpio)") == \
        [8_000_000, True, CONFIG.LED_PIN]
    frames = FrameDecoder().feed(bytes.fromhex(hw.eval("port.take()")))
    assert [parse(f) for f in frames] == [
        Hello(1, (1, 0, 0), SenseMode.PRESENCE, 61, 61, 200, 3, ("end-turn",))]
    with pytest.raises(MicroPythonError, match="SENSE"):
        hw.exec("hw.build(config(SENSE='tag'), port)")


def test_bl_hw_usb_serial_reads_only_what_is_waiting(hw):
    hw.exec("stdin = vpico.FakeStdin()\nout = vpico.Port()\nusb = hw.UsbSerial(stdin, out)")
    assert hw.eval("usb.read()") == ""  # the fake stdin raises if read while empty
    hw.exec("stdin.data.extend(b'abc')")
    assert hw.eval("usb.read()") == "abc"
    hw.exec("stdin.data.extend(bytes(2000))")
    assert hw.eval("[len(usb.read()), len(usb.read()), usb.MAX_READ]") == [512, 512, 512]


def test_bl_hw_main_scans_at_the_configured_rate_and_speaks_the_protocol(hw):
    host = to_frame(GetScan(), 0).serialize() + to_frame(Ping(9), 1).serialize()
    hw.exec(f"port = vpico.Port()\nport.feed({host.hex()!r})\n"
            "hw.UsbSerial = lambda stdin, stdout: port\n"
            "pico.circuit.set_switch(10)\n"
            "board = hw.main(config(SCAN_HZ=250), steps=20)")
    assert hw.eval("pico.kbd_intr") == [-1, 3]
    sleeps = hw.eval("pico.clock.sleeps")
    settle = CONFIG.ROW_SETTLE_US
    assert len(sleeps) == 20 + 9 * 21
    periods = [s for s in sleeps if s != settle]
    assert periods and all(s == 4000 - 9 * settle for s in periods)
    messages = [parse(f) for f in FrameDecoder().feed(bytes.fromhex(hw.eval("port.take()")))]
    assert messages[1:] == [FullScan(SenseMode.PRESENCE, (0,) * 10 + (1,) + (0,) * 50), Pong(9)]
    assert hw.eval("board.seq") == 3
