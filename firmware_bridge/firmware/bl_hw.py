# The real hardware: pins, the WS2812 PIO program, USB serial, the scan loop.
#
# Everything that touches machine, rp2, time, select or sys lives here; the logic it wires up
# (bl_board, bl_scan, bl_leds, bl_proto) takes its pins and ports as arguments.

import select
import sys
import time

import bl_board
import bl_config
import bl_leds
import bl_scan
import machine
import micropython
import rp2


# The standard ws2812 program of the MicroPython rp2 examples: one bit per 10 PIO cycles at
# 8 MHz (800 kHz); a 1 is a long high pulse, a 0 a short one.
@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT, autopull=True,
             pull_thresh=24)
def ws2812():
    T1 = 2
    T2 = 5
    T3 = 3
    wrap_target()  # noqa: F821
    label("bitloop")  # noqa: F821
    out(x, 1).side(0)[T3 - 1]  # noqa: F821
    jmp(not_x, "do_zero").side(1)[T1 - 1]  # noqa: F821
    jmp("bitloop").side(1)[T2 - 1]  # noqa: F821
    label("do_zero")  # noqa: F821
    nop().side(0)[T2 - 1]  # noqa: F821
    wrap()  # noqa: F821


class UsbSerial:
    """The USB CDC port as MicroPython exposes it: sys.stdin.buffer / sys.stdout.buffer.

    Reads never block: select.poll says whether a byte is waiting before each read(1).
    """

    MAX_READ = 512

    def __init__(self, stdin, stdout):
        self._in = stdin
        self._out = stdout
        self._poll = select.poll()
        self._poll.register(stdin, select.POLLIN)

    def read(self):
        data = bytearray()
        while len(data) < self.MAX_READ and self._poll.poll(0):
            byte = self._in.read(1)
            if not byte:
                break
            data.extend(byte)
        return bytes(data)

    def write(self, data):
        self._out.write(data)


def _settle():
    time.sleep_us(bl_config.ROW_SETTLE_US)


def build_sensors(cfg):
    rows = [machine.Pin(n, machine.Pin.OUT, value=1) for n in cfg.ROW_PINS]
    cols = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in cfg.COL_PINS]
    settle = _settle if cfg.ROW_SETTLE_US else None
    if cfg.SENSE == "polarity":
        return bl_scan.PolarityMatrix(rows, cols, cfg.SENSOR_COUNT, settle)
    if cfg.SENSE != "presence":
        raise ValueError("bl_config.SENSE must be 'presence' or 'polarity', not "
                         + repr(cfg.SENSE))
    return bl_scan.ReedMatrix(rows, cols, cfg.SENSOR_COUNT, settle)


def build_pixels(cfg):
    if not cfg.LED_COUNT:
        return None
    sm = rp2.StateMachine(cfg.LED_STATE_MACHINE, ws2812, freq=8000000,
                          sideset_base=machine.Pin(cfg.LED_PIN))
    sm.active(1)
    return bl_leds.Pixels(sm, cfg.LED_COUNT)


def build(cfg=bl_config, port=None):
    buttons = None
    if cfg.BUTTON_PINS:
        pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in cfg.BUTTON_PINS]
        buttons = bl_scan.Buttons(pins, cfg.DEBOUNCE_SCANS)
    if port is None:
        port = UsbSerial(sys.stdin.buffer, sys.stdout.buffer)
    return bl_board.Board(build_sensors(cfg), port, pixels=build_pixels(cfg), buttons=buttons,
                          button_names=cfg.BUTTON_NAMES, firmware=cfg.FIRMWARE_VERSION,
                          scan_hz=cfg.SCAN_HZ, debounce_scans=cfg.DEBOUNCE_SCANS,
                          host_timeout_ms=cfg.HOST_TIMEOUT_MS, ticks_diff=time.ticks_diff)


def safe_mode_requested(cfg=bl_config):
    if cfg.SAFE_MODE_PIN is None:
        return False
    return machine.Pin(cfg.SAFE_MODE_PIN, machine.Pin.IN, machine.Pin.PULL_UP).value() == 0


def main(cfg=bl_config, steps=None):
    """Scan at cfg.SCAN_HZ forever (or ``steps`` times).  Returns the board."""
    if safe_mode_requested(cfg):
        print("boardlight: safe mode (button held at power-up); the REPL is free")
        return None
    board = build(cfg)
    period_us = 1000000 // cfg.SCAN_HZ
    # Binary frames contain 0x03; left on, Ctrl-C handling would eat those bytes and raise
    # KeyboardInterrupt.  Hold the safe-mode button at power-up to get the REPL back.
    micropython.kbd_intr(-1)
    try:
        deadline = time.ticks_us()
        done = 0
        while steps is None or done < steps:
            board.step(time.ticks_ms())
            done += 1
            deadline = time.ticks_add(deadline, period_us)
            wait = time.ticks_diff(deadline, time.ticks_us())
            if wait > 0:
                time.sleep_us(wait)
            else:
                deadline = time.ticks_us()  # fell behind: do not try to catch up
    finally:
        micropython.kbd_intr(3)
    return board
