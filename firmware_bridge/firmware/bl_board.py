# The board's side of the protocol: scan, debounce, report, obey the host.

import bl_proto
from bl_scan import Debouncer

QUIET_MS = 50  # a partial frame with no byte for this long is given up
CHANGES_PER_FRAME = 32


def _diff(a, b):
    return a - b


class Board:
    """One scan per ``step(now_ms)``: read the sensors and buttons, send debounced changes and
    presses, answer the host's frames, drive the LEDs.

    ``sensors``: ``ReedMatrix``-like (``mode``, ``count``, ``empty()``, ``read(values)``);
    ``port``: ``read()`` returns the bytes available now (never blocks), ``write(data)``;
    ``pixels``: ``Pixels`` or None; ``buttons``: ``Buttons`` or None;
    ``ticks_diff``: ``time.ticks_diff`` on MicroPython (ticks wrap around).
    """

    def __init__(self, sensors, port, pixels=None, buttons=None, button_names=(),
                 firmware=(1, 0, 0), scan_hz=200, debounce_scans=3, host_timeout_ms=5000,
                 ticks_diff=None):
        self.sensors = sensors
        self.port = port
        self.pixels = pixels
        self.buttons = buttons
        self.button_names = tuple(button_names)
        self.firmware = tuple(firmware)
        self.scan_hz = scan_hz
        self.debounce_scans = debounce_scans
        self.host_timeout_ms = host_timeout_ms
        self._ticks_diff = ticks_diff or _diff
        self.mode = sensors.mode
        self.raw = [sensors.empty()] * sensors.count
        sensors.read(self.raw)
        self.debouncer = Debouncer(self.raw, debounce_scans)
        self.decoder = bl_proto.Decoder()
        self.seq = 0
        self.naks_received = 0
        self.host_seen_ms = None
        self._last_rx_ms = None
        self.send(bl_proto.HELLO, self.hello_payload())

    # ---- out ----

    def send(self, mtype, payload):
        self.port.write(bl_proto.frame(mtype, self.seq, payload))
        self.seq = (self.seq + 1) & 0xFF

    def hello_payload(self):
        leds = self.pixels.count if self.pixels is not None else 0
        return bl_proto.hello_payload(self.firmware, self.mode, self.sensors.count, leds,
                                      self.scan_hz, self.debounce_scans, self.button_names)

    def send_scan(self):
        self.send(bl_proto.FULL_SCAN, bl_proto.scan_payload(self.mode, self.debouncer.stable))

    def send_changes(self, changes):
        for i in range(0, len(changes), CHANGES_PER_FRAME):
            chunk = changes[i:i + CHANGES_PER_FRAME]
            self.send(bl_proto.CHANGES, bl_proto.changes_payload(self.mode, chunk))

    # ---- one scan ----

    def step(self, now_ms):
        self.sensors.read(self.raw)
        changes = self.debouncer.update(self.raw)
        if changes:
            self.send_changes(changes)
        if self.buttons is not None:
            for index in self.buttons.update():
                self.send(bl_proto.BUTTON, bytes((index,)))
        self._receive(now_ms)
        if self.host_seen_ms is not None and \
                self._ticks_diff(now_ms, self.host_seen_ms) > self.host_timeout_ms > 0:
            # The host went quiet: its lights describe a game state that may be gone.
            self.host_seen_ms = None
            if self.pixels is not None:
                self.pixels.blank()
        if self.pixels is not None:
            self.pixels.tick(now_ms)

    def _receive(self, now_ms):
        data = self.port.read()
        if data:
            self._last_rx_ms = now_ms
            frames = self.decoder.feed(data)
        elif self.decoder.pending() and self._last_rx_ms is not None and \
                self._ticks_diff(now_ms, self._last_rx_ms) > QUIET_MS:
            frames = self.decoder.flush()
        else:
            return
        for mtype, seq, payload in frames:
            self.host_seen_ms = now_ms
            self.handle(mtype, seq, payload)

    def handle(self, mtype, seq, payload):
        if mtype == bl_proto.GET_HELLO:
            if len(payload) != 1:
                self.nak(bl_proto.NAK_BAD_PAYLOAD, mtype, seq)
            else:
                # The host compares versions and gives up on a mismatch; the board says who
                # it is whatever the host speaks.
                self.send(bl_proto.HELLO, self.hello_payload())
        elif mtype == bl_proto.GET_SCAN:
            self.send_scan()
        elif mtype == bl_proto.SHOW_LEDS:
            lights = bl_proto.parse_leds(payload)
            count = self.pixels.count if self.pixels is not None else 0
            if lights is None or len(lights) != count:
                self.nak(bl_proto.NAK_BAD_PAYLOAD, mtype, seq)
            elif self.pixels is not None:
                self.pixels.set(lights)
        elif mtype == bl_proto.PING:
            if len(payload) != 4:
                self.nak(bl_proto.NAK_BAD_PAYLOAD, mtype, seq)
            else:
                self.send(bl_proto.PONG, payload)
        elif mtype == bl_proto.NAK:
            self.naks_received += 1
        else:
            self.nak(bl_proto.NAK_UNKNOWN_TYPE, mtype, seq)

    def nak(self, reason, mtype, seq):
        self.send(bl_proto.NAK, bl_proto.nak_payload(reason, mtype, seq))
