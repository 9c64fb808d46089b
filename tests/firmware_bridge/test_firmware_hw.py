"""The firmware's hardware module and main.py, on a fake MicroPython (see conftest.pico)."""

from __future__ import annotations

import runpy
from types import SimpleNamespace

import pytest

from controller.physical import Light, SenseMode
from firmware_bridge.decoder import FrameDecoder
from firmware_bridge.firmware_loader import FIRMWARE_DIR, load_module
from firmware_bridge.messages import (
    Changes,
    FullScan,
    GetScan,
    Hello,
    Ping,
    Pong,
    ShowLeds,
    parse,
    to_frame,
)
from firmware_bridge.virtual_pico import VirtualPin

from .conftest import StopLoop

CONFIG = load_module("bl_config")


def config(**changes):
    values = {k: getattr(CONFIG, k) for k in dir(CONFIG) if k.isupper()}
    values.update(changes)
    return SimpleNamespace(**values)


def wire(pico, cfg):
    pico.use_stdio()
    pico.circuit.wire_matrix(cfg.ROW_PINS, cfg.COL_PINS)
    for gpio in cfg.BUTTON_PINS:
        pico.circuit.wire_button(gpio)


def sent(pico):
    return [parse(f) for f in FrameDecoder().feed(bytes(pico.stdout.buffer.data))]


def test_the_pio_program_is_the_standard_ws2812_one(pico):
    program = pico.hw.ws2812
    assert program.options == {"sideset_init": 0, "out_shiftdir": 0, "autopull": True,
                               "pull_thresh": 24}
    ops = [(i.op, i.args, i.sideset, i.delay) for i in program.instructions]
    assert ops == [("out", ("x", 1), 0, 2), ("jmp", ("!x", "do_zero"), 1, 1),
                   ("jmp", ("bitloop",), 1, 4), ("nop", (), 0, 4)]
    assert program.labels == {"bitloop": 0, "do_zero": 3}
    assert (program.wrap_target, program.wrap) == (0, 3)
    # Timing at 8 MHz: every bit takes 10 cycles (800 kHz); a 1 is high for 7, a 0 for 2.
    cycles = [1 + i.delay for i in program.instructions]
    assert cycles[0] + cycles[1] + cycles[2] == 10 == cycles[0] + cycles[1] + cycles[3]
    assert cycles[1] + cycles[2] == 7 and cycles[1] == 2


def test_build_configures_the_pins_as_the_circuit_needs(pico):
    cfg = config()
    wire(pico, cfg)
    board = pico.hw.build(cfg)
    circuit = pico.circuit
    assert [circuit.level(g) for g in cfg.ROW_PINS] == [1] * 9  # rows idle high
    assert [circuit.level(g) for g in cfg.COL_PINS] == [1] * 9  # pulled-up columns
    sm = circuit.state_machines[cfg.LED_STATE_MACHINE]
    assert sm.is_active and sm.freq == 8_000_000 and sm.sideset_base.gpio == cfg.LED_PIN
    assert sm.program is pico.hw.ws2812
    assert board.sensors.count == 61 and board.pixels.count == 61
    assert sent(pico) == [Hello(1, (1, 0, 0), SenseMode.PRESENCE, 61, 61, 200, 3,
                                ("end-turn",))]


def test_a_polarity_build_and_a_bad_sense_setting(pico):
    cfg = config(SENSE="polarity", SENSOR_COUNT=40)
    wire(pico, cfg)
    pico.circuit.set_switch(3, True)  # sensor 1's south switch
    board = pico.hw.build(cfg)
    assert board.debouncer.stable[:3] == [0, -1, 0]
    with pytest.raises(ValueError, match="SENSE"):
        pico.hw.build(config(SENSE="tag"))


def test_usb_serial_reads_only_what_is_waiting(pico):
    port = pico.hw.UsbSerial(pico.stdin, pico.stdout.buffer)
    assert port.read() == b""  # the fake stdin raises if read while empty
    pico.stdin.feed(b"abc")
    assert port.read() == b"abc"
    pico.stdin.feed(bytes(2000))
    assert len(port.read()) == port.MAX_READ and len(port.read()) == port.MAX_READ
    port.write(b"xy")
    assert pico.stdout.buffer.data == b"xy"


def test_main_scans_at_the_configured_rate_and_speaks_the_protocol(pico):
    cfg = config(SCAN_HZ=250)
    wire(pico, cfg)
    pico.stdin.feed(to_frame(GetScan(), 0).serialize() + to_frame(Ping(9), 1).serialize())
    pico.circuit.set_switch(10, True)
    board = pico.hw.main(cfg, steps=20)
    assert pico.kbd_intr == [-1, 3]  # Ctrl-C off while binary flows, back on after
    # Each step sleeps what is left of its 4 ms period (each row settles 3 us; the board
    # also read every row once at boot).
    assert len(pico.time.sleeps) == 20 + 9 * 21
    periods = [s for s in pico.time.sleeps if s != cfg.ROW_SETTLE_US]
    assert periods and all(s == 4000 - 9 * cfg.ROW_SETTLE_US for s in periods)
    messages = sent(pico)
    assert messages[1] == FullScan(SenseMode.PRESENCE, (0,) * 10 + (1,) + (0,) * 50)
    assert messages[2] == Pong(9)
    assert board.seq == 3


def test_main_reports_changes_and_lights_leds_across_the_ticks_wrap(pico):
    cfg = config()
    wire(pico, cfg)
    pico.stdin.feed(to_frame(ShowLeds((Light((0, 0, 200), True),) * 61), 0).serialize())
    pico.time.stop_after = None
    board = pico.hw.main(cfg, steps=2)
    pico.circuit.set_switch(0, True)
    for _ in range(400):  # 2 s of scans, across the 2**30 ms wrap of ticks_ms
        board.step(pico.time.module().ticks_ms())
        pico.time.sleep_us(5000)
    assert Changes(SenseMode.PRESENCE, ((0, 1),)) in sent(pico)
    sm = pico.circuit.state_machines[0]
    shown = {sm.pixels(i)[0] for i in range(1, len(sm.frames))}
    assert shown == {(0, 0, 200), (0, 0, 0)}  # blinking
    assert board.host_seen_ms is not None  # the host spoke 2 s ago, before the wrap
    for _ in range(700):  # 3.5 s more: the host has now been silent for 5.5 s
        board.step(pico.time.module().ticks_ms())
        pico.time.sleep_us(5000)
    assert board.host_seen_ms is None and sm.pixels() == ((0, 0, 0),) * 61


def test_main_py_runs_the_loop_until_stopped(pico):
    cfg_pins = config()
    wire(pico, cfg_pins)
    pico.time.stop_after = 50
    with pytest.raises(StopLoop):
        runpy.run_path(str(FIRMWARE_DIR / "main.py"))
    assert pico.kbd_intr == [-1, 3]
    assert isinstance(sent(pico)[0], Hello)


def test_safe_mode_leaves_the_repl_free(pico):
    cfg = config()
    wire(pico, cfg)
    pico.circuit.press(cfg.SAFE_MODE_PIN)
    assert pico.hw.main(cfg, steps=5) is None
    assert pico.kbd_intr == [] and pico.stdout.buffer.data == b""
    assert "safe mode" in "".join(pico.stdout.text)


def test_the_row_pins_are_outputs_and_columns_inputs(pico):
    cfg = config()
    wire(pico, cfg)
    board = pico.hw.build(cfg)
    assert all(isinstance(p, VirtualPin) for p in board.sensors.rows + board.sensors.cols)
    # Driving a row low with a closed switch pulls exactly that column low.
    pico.circuit.set_switch(9 * 2 + 4, True)
    board.sensors.rows[2].value(0)
    assert [pico.circuit.level(g) for g in cfg.COL_PINS] == [1, 1, 1, 1, 0, 1, 1, 1, 1]
