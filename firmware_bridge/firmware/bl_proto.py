# Boardlight serial protocol, board side (MicroPython and CPython).
#
# The contract is docs/protocol.md in the Boardlight repository.  This module stands alone: no
# dataclasses, no typing, no f-strings, no struct; only bytes, bytearray and integers, so it
# runs unchanged on MicroPython and on the development machine (where the tests check that it
# agrees byte for byte with the host's codec in firmware_bridge.protocol).

START = 0xA5
PROTOCOL_VERSION = 1
HEADER_SIZE = 5
CRC_SIZE = 2
MAX_PAYLOAD = 1024
MAX_TAG_BYTES = 10

# Message types (same numbers as firmware_bridge.protocol.MessageType).
HELLO = 0x01
FULL_SCAN = 0x02
CHANGES = 0x03
BUTTON = 0x04
PONG = 0x05
GET_HELLO = 0x11
GET_SCAN = 0x12
SHOW_LEDS = 0x13
PING = 0x14
NAK = 0x7F

# NAK reasons.
NAK_UNKNOWN_TYPE = 0x01
NAK_BAD_PAYLOAD = 0x02
NAK_UNSUPPORTED_VERSION = 0x03

# Sense modes.
SENSE_PRESENCE = 0
SENSE_POLARITY = 1
SENSE_TAG = 2

LED_BLINK = 0x01


def _crc_table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
        table.append(crc & 0xFFFF)
    return table


_CRC_TABLE = _crc_table()


def crc16(data, crc=0xFFFF):
    """CRC-16/IBM-3740 (CRC-16/CCITT-FALSE): crc16(b"123456789") == 0x29B1."""
    table = _CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[(crc >> 8) ^ byte]
    return crc


def frame(mtype, seq, payload):
    """The bytes of one frame."""
    n = len(payload)
    body = bytearray()
    body.append(n & 0xFF)
    body.append(n >> 8)
    body.append(mtype)
    body.append(seq & 0xFF)
    body.extend(payload)
    crc = crc16(body)
    out = bytearray()
    out.append(START)
    out.extend(body)
    out.append(crc & 0xFF)
    out.append(crc >> 8)
    return bytes(out)


class Decoder:
    """Fed bytes in any chunks; returns (type, seq, payload) tuples; never raises on bad input.

    A candidate with a length over MAX_PAYLOAD or a bad CRC loses only its start byte and the
    search goes on from the next start byte.
    """

    def __init__(self):
        self._buf = bytearray()
        self.frames = 0
        self.dropped = 0
        self.bad_crc = 0

    def pending(self):
        return len(self._buf)

    def feed(self, data):
        self._buf.extend(data)
        return self._drain()

    def flush(self):
        """The stream went quiet: give up the incomplete frame at the head."""
        out = []
        while self._buf:
            self._buf = self._buf[1:]
            self.dropped += 1
            out.extend(self._drain())
        return out

    def _drain(self):
        buf = self._buf
        out = []
        pos = 0
        size = len(buf)
        while pos < size:
            if buf[pos] != START:
                pos += 1
                self.dropped += 1
                continue
            if size - pos < HEADER_SIZE:
                break
            n = buf[pos + 1] | (buf[pos + 2] << 8)
            if n > MAX_PAYLOAD:
                pos += 1
                self.dropped += 1
                continue
            end = pos + HEADER_SIZE + n + CRC_SIZE
            if end > size:
                break
            crc = buf[end - 2] | (buf[end - 1] << 8)
            if crc16(buf[pos + 1:end - 2]) != crc:
                pos += 1
                self.dropped += 1
                self.bad_crc += 1
                continue
            out.append((buf[pos + 3], buf[pos + 4], bytes(buf[pos + HEADER_SIZE:end - 2])))
            pos = end
        if pos:
            self._buf = buf[pos:]
        self.frames += len(out)
        return out


def put_u16(out, value):
    out.append(value & 0xFF)
    out.append((value >> 8) & 0xFF)


def put_value(out, mode, value):
    """Append one sensor value: 0/1, -1/0/+1 as a signed byte, or a tag id (bytes)."""
    if mode == SENSE_TAG:
        out.append(len(value))
        out.extend(value)
    else:
        out.append(value & 0xFF)


def hello_payload(firmware, mode, sensor_count, led_count, scan_hz, debounce, buttons):
    out = bytearray()
    out.append(PROTOCOL_VERSION)
    out.extend(bytes(firmware))
    out.append(mode)
    put_u16(out, sensor_count)
    put_u16(out, led_count)
    put_u16(out, scan_hz)
    out.append(debounce)
    out.append(len(buttons))
    for name in buttons:
        raw = name.encode()
        out.append(len(raw))
        out.extend(raw)
    return bytes(out)


def scan_payload(mode, values):
    out = bytearray()
    out.append(mode)
    put_u16(out, len(values))
    for value in values:
        put_value(out, mode, value)
    return bytes(out)


def changes_payload(mode, changes):
    out = bytearray()
    out.append(mode)
    put_u16(out, len(changes))
    for index, value in changes:
        put_u16(out, index)
        put_value(out, mode, value)
    return bytes(out)


def value_size(mode, value):
    if mode == SENSE_TAG:
        return 1 + len(value)
    return 1


def parse_leds(payload):
    """A SHOW_LEDS payload as a list of (r, g, b, blink) tuples, or None if malformed."""
    if len(payload) < 2:
        return None
    count = payload[0] | (payload[1] << 8)
    if len(payload) != 2 + 4 * count:
        return None
    lights = []
    for i in range(2, 2 + 4 * count, 4):
        lights.append((payload[i], payload[i + 1], payload[i + 2],
                       bool(payload[i + 3] & LED_BLINK)))
    return lights


def nak_payload(reason, ref_type, ref_seq):
    return bytes((reason, ref_type, ref_seq))
