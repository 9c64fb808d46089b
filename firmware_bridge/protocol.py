"""The wire format between the host and the board's microcontroller (docs/protocol.md).

Pure functions and values over bytes; no I/O.  A frame is::

    START | LEN (u16 LE) | TYPE | SEQ | PAYLOAD (LEN bytes) | CRC (u16 LE)

The CRC is CRC-16/IBM-3740 (also known as CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, not
reflected, no final xor) over LEN, TYPE, SEQ and PAYLOAD.  Every multi-byte integer is
little-endian, the CRC included.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from controller.physical import SenseMode, Value
from firmware_bridge.errors import FrameError

START = 0xA5
"""The first byte of every frame."""

PROTOCOL_VERSION = 1
"""Bumped on any change a peer of the previous version could misread."""

HEADER_SIZE = 5
"""START, LEN (2 bytes), TYPE, SEQ."""

CRC_SIZE = 2
MAX_PAYLOAD = 1024
"""Longer length fields are rejected as garbage (an LED frame of 255 lights is 1022 bytes)."""

MAX_FRAME = HEADER_SIZE + MAX_PAYLOAD + CRC_SIZE
MAX_TAG_BYTES = 10
"""Longest tag id on the wire (ISO 14443 UIDs are 4, 7 or 10 bytes).  With 10-byte ids a
full scan of up to 92 sensors fits in one frame."""

MAX_NAME_BYTES = 32
"""Longest button name in a hello (UTF-8)."""

CRC_INIT = 0xFFFF


class MessageType(IntEnum):
    """The TYPE byte.  Board-to-host types are below 0x10, host-to-board 0x10..0x1F."""

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


BOARD_TO_HOST = frozenset({MessageType.HELLO, MessageType.FULL_SCAN, MessageType.CHANGES,
                           MessageType.BUTTON, MessageType.PONG, MessageType.NAK})
HOST_TO_BOARD = frozenset({MessageType.GET_HELLO, MessageType.GET_SCAN, MessageType.SHOW_LEDS,
                           MessageType.PING, MessageType.NAK})


class NakReason(IntEnum):
    """Why a peer refused a frame whose CRC was good."""

    UNKNOWN_TYPE = 0x01
    BAD_PAYLOAD = 0x02
    UNSUPPORTED_VERSION = 0x03


class SenseCode(IntEnum):
    """The sense mode as one byte on the wire."""

    PRESENCE = 0
    POLARITY = 1
    TAG = 2

    @classmethod
    def of(cls, mode: SenseMode) -> SenseCode:
        return cls[mode.name]

    @property
    def mode(self) -> SenseMode:
        return SenseMode[self.name]


LED_BLINK = 0x01
"""Bit 0 of an LED's flags byte: blink at about 2 Hz."""


def _crc_table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
        table.append(crc & 0xFFFF)
    return tuple(table)


_CRC_TABLE = _crc_table()


def crc16(data: bytes | bytearray | memoryview, crc: int = CRC_INIT) -> int:
    """CRC-16/IBM-3740 (CRC-16/CCITT-FALSE); ``crc16(b"123456789") == 0x29B1``.

    Pass the result back as ``crc`` to continue over more data.
    """
    table = _CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[(crc >> 8) ^ byte]
    return crc


def u16(value: int) -> bytes:
    return bytes((value & 0xFF, value >> 8))


def read_u16(data: bytes, offset: int) -> int:
    return data[offset] | data[offset + 1] << 8


@dataclass(frozen=True, slots=True)
class Frame:
    """One frame as it travels: its type byte, sequence number and payload.

    ``type`` is an ``int`` because a frame with a good CRC but a type this side does not know
    is still a frame (it is answered with a NAK, not dropped as garbage).
    """

    type: int
    seq: int
    payload: bytes

    def serialize(self) -> bytes:
        if not 0 <= self.seq <= 0xFF or not 0 <= self.type <= 0xFF:
            raise FrameError(f"type {self.type} and seq {self.seq} must each fit in a byte")
        if len(self.payload) > MAX_PAYLOAD:
            raise FrameError(f"a payload holds at most {MAX_PAYLOAD} bytes; "
                             f"got {len(self.payload)}")
        body = u16(len(self.payload)) + bytes((self.type, self.seq)) + self.payload
        return bytes((START,)) + body + u16(crc16(body))

    @classmethod
    def deserialize(cls, data: bytes) -> tuple[Frame, bytes]:
        """The frame at the start of ``data`` and the bytes after it (strict: raises
        ``FrameError`` on anything wrong; the stream decoder is the lenient reader)."""
        if len(data) < HEADER_SIZE + CRC_SIZE:
            raise FrameError(f"a frame is at least {HEADER_SIZE + CRC_SIZE} bytes; "
                             f"got {len(data)}")
        if data[0] != START:
            raise FrameError(f"a frame starts with 0x{START:02X}; got 0x{data[0]:02X}")
        length = read_u16(data, 1)
        if length > MAX_PAYLOAD:
            raise FrameError(f"payload length {length} exceeds {MAX_PAYLOAD}")
        end = HEADER_SIZE + length + CRC_SIZE
        if len(data) < end:
            raise FrameError(f"frame truncated: needs {end} bytes, got {len(data)}")
        crc = read_u16(data, end - CRC_SIZE)
        if crc16(data[1:end - CRC_SIZE]) != crc:
            raise FrameError(f"bad CRC 0x{crc:04X}")
        frame = cls(data[3], data[4], bytes(data[HEADER_SIZE:end - CRC_SIZE]))
        return frame, bytes(data[end:])

    @property
    def message_type(self) -> MessageType | None:
        try:
            return MessageType(self.type)
        except ValueError:
            return None


# ---- sensor values ----------------------------------------------------------------------------


def encode_value(sense: SenseMode, value: Value) -> bytes:
    """One sensor value: presence 0/1 and polarity -1/0/+1 as one (signed) byte; a tag id (hex
    text, ``""`` for none) as a length byte and the id's bytes."""
    if sense is SenseMode.TAG:
        if not isinstance(value, str):
            raise FrameError(f"a tag value is a hex string; got {value!r}")
        try:
            raw = bytes.fromhex(value)
        except ValueError:
            raise FrameError(f"a tag id is hex text (like '04A1B2C3'); got {value!r}") from None
        if len(raw) > MAX_TAG_BYTES:
            raise FrameError(f"a tag id has at most {MAX_TAG_BYTES} bytes; got {value!r}")
        return bytes((len(raw),)) + raw
    allowed = (0, 1) if sense is SenseMode.PRESENCE else (-1, 0, 1)
    if isinstance(value, bool) or value not in allowed:
        raise FrameError(f"a {sense} value is one of {allowed}; got {value!r}")
    assert isinstance(value, int)
    return bytes((value & 0xFF,))


def decode_value(sense: SenseMode, data: bytes, offset: int) -> tuple[Value, int]:
    """The value at ``offset`` and the offset after it; raises ``FrameError``."""
    if offset >= len(data):
        raise FrameError("payload ends inside a sensor value")
    byte = data[offset]
    if sense is SenseMode.TAG:
        end = offset + 1 + byte
        if byte > MAX_TAG_BYTES or end > len(data):
            raise FrameError(f"bad tag id length {byte} at offset {offset}")
        return data[offset + 1:end].hex().upper(), end
    if sense is SenseMode.PRESENCE:
        if byte > 1:
            raise FrameError(f"presence value {byte} is neither 0 nor 1")
        return byte, offset + 1
    if byte not in (0x00, 0x01, 0xFF):
        raise FrameError(f"polarity byte 0x{byte:02X} is not -1, 0 or +1")
    return (byte ^ 0x80) - 0x80, offset + 1
