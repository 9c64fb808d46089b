"""Every message of the protocol as a frozen dataclass (payload layouts: docs/protocol.md).

``serialize()`` gives a message's payload bytes and ``deserialize(payload)`` reads them back,
raising ``FrameError`` on anything malformed; ``to_frame(seq)`` wraps a message in a frame and
``parse(frame)`` turns a frame into its message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Protocol, Self

from controller.physical import Light, SenseMode, Value
from firmware_bridge.errors import FrameError
from firmware_bridge.protocol import (
    LED_BLINK,
    MAX_NAME_BYTES,
    Frame,
    MessageType,
    NakReason,
    SenseCode,
    decode_value,
    encode_value,
    read_u16,
    u16,
)


class Message(Protocol):
    TYPE: ClassVar[MessageType]

    def serialize(self) -> bytes: ...

    @classmethod
    def deserialize(cls, payload: bytes) -> Self: ...


def _need(payload: bytes, size: int, what: str) -> None:
    if len(payload) != size:
        raise FrameError(f"a {what} payload is {size} bytes; got {len(payload)}")


def _sense(byte: int) -> SenseMode:
    try:
        return SenseCode(byte).mode
    except ValueError:
        raise FrameError(f"unknown sense mode code {byte}") from None


@dataclass(frozen=True, slots=True)
class Hello:
    """The board says who it is (sent at boot and in answer to GET_HELLO).

    The protocol version is the payload's first byte in every version of the protocol, so a
    host can always read it before it trusts the rest.
    """

    TYPE: ClassVar[MessageType] = MessageType.HELLO

    protocol: int
    firmware: tuple[int, int, int]
    sense: SenseMode
    sensor_count: int
    led_count: int
    scan_hz: int
    debounce_scans: int
    buttons: tuple[str, ...] = ()

    def serialize(self) -> bytes:
        out = bytearray((self.protocol, *self.firmware, SenseCode.of(self.sense)))
        out += u16(self.sensor_count) + u16(self.led_count) + u16(self.scan_hz)
        out += bytes((self.debounce_scans, len(self.buttons)))
        for name in self.buttons:
            raw = name.encode()
            if len(raw) > MAX_NAME_BYTES:
                raise FrameError(f"button name {name!r} is longer than {MAX_NAME_BYTES} bytes")
            out += bytes((len(raw),)) + raw
        return bytes(out)

    @classmethod
    def deserialize(cls, payload: bytes) -> Self:
        if len(payload) < 13:
            raise FrameError(f"a hello payload is at least 13 bytes; got {len(payload)}")
        buttons: list[str] = []
        offset = 13
        for _ in range(payload[12]):
            if offset >= len(payload):
                raise FrameError("hello payload ends inside its button names")
            end = offset + 1 + payload[offset]
            if end > len(payload) or payload[offset] > MAX_NAME_BYTES:
                raise FrameError(f"bad button name length {payload[offset]}")
            try:
                buttons.append(payload[offset + 1:end].decode())
            except UnicodeDecodeError:
                raise FrameError("a button name is not UTF-8") from None
            offset = end
        if offset != len(payload):
            raise FrameError(f"{len(payload) - offset} stray bytes after the hello")
        return cls(protocol=payload[0], firmware=(payload[1], payload[2], payload[3]),
                   sense=_sense(payload[4]), sensor_count=read_u16(payload, 5),
                   led_count=read_u16(payload, 7), scan_hz=read_u16(payload, 9),
                   debounce_scans=payload[11], buttons=tuple(buttons))

    @property
    def firmware_version(self) -> str:
        return ".".join(map(str, self.firmware))


@dataclass(frozen=True, slots=True)
class FullScan:
    """Every sensor's debounced value, in sensor-index order (tags as hex ids)."""

    TYPE: ClassVar[MessageType] = MessageType.FULL_SCAN

    sense: SenseMode
    values: tuple[Value, ...]

    def serialize(self) -> bytes:
        return (bytes((SenseCode.of(self.sense),)) + u16(len(self.values))
                + b"".join(encode_value(self.sense, v) for v in self.values))

    @classmethod
    def deserialize(cls, payload: bytes) -> Self:
        if len(payload) < 3:
            raise FrameError(f"a full scan payload is at least 3 bytes; got {len(payload)}")
        sense = _sense(payload[0])
        values: list[Value] = []
        offset = 3
        for _ in range(read_u16(payload, 1)):
            value, offset = decode_value(sense, payload, offset)
            values.append(value)
        if offset != len(payload):
            raise FrameError(f"{len(payload) - offset} stray bytes after the scan")
        return cls(sense, tuple(values))


@dataclass(frozen=True, slots=True)
class Changes:
    """Debounced changes since the board's previous report: (sensor index, new value)."""

    TYPE: ClassVar[MessageType] = MessageType.CHANGES

    sense: SenseMode
    changes: tuple[tuple[int, Value], ...]

    def serialize(self) -> bytes:
        out = bytearray((SenseCode.of(self.sense),)) + u16(len(self.changes))
        for index, value in self.changes:
            out += u16(index) + encode_value(self.sense, value)
        return bytes(out)

    @classmethod
    def deserialize(cls, payload: bytes) -> Self:
        if len(payload) < 3:
            raise FrameError(f"a changes payload is at least 3 bytes; got {len(payload)}")
        sense = _sense(payload[0])
        changes: list[tuple[int, Value]] = []
        offset = 3
        for _ in range(read_u16(payload, 1)):
            if offset + 2 > len(payload):
                raise FrameError("changes payload ends inside a sensor index")
            index = read_u16(payload, offset)
            value, offset = decode_value(sense, payload, offset + 2)
            changes.append((index, value))
        if offset != len(payload):
            raise FrameError(f"{len(payload) - offset} stray bytes after the changes")
        return cls(sense, tuple(changes))


@dataclass(frozen=True, slots=True)
class ButtonEvent:
    """A board button was pressed (``index`` into the hello's button names)."""

    TYPE: ClassVar[MessageType] = MessageType.BUTTON

    index: int

    def serialize(self) -> bytes:
        return bytes((self.index,))

    @classmethod
    def deserialize(cls, payload: bytes) -> Self:
        _need(payload, 1, "button")
        return cls(payload[0])


@dataclass(frozen=True, slots=True)
class Ping:
    """Keep-alive from the host; the board answers with a ``Pong`` of the same token."""

    TYPE: ClassVar[MessageType] = MessageType.PING

    token: int

    def serialize(self) -> bytes:
        return self.token.to_bytes(4, "little")

    @classmethod
    def deserialize(cls, payload: bytes) -> Self:
        _need(payload, 4, "ping")
        return cls(int.from_bytes(payload, "little"))


@dataclass(frozen=True, slots=True)
class Pong:
    TYPE: ClassVar[MessageType] = MessageType.PONG

    token: int

    def serialize(self) -> bytes:
        return self.token.to_bytes(4, "little")

    @classmethod
    def deserialize(cls, payload: bytes) -> Self:
        _need(payload, 4, "pong")
        return cls(int.from_bytes(payload, "little"))


@dataclass(frozen=True, slots=True)
class GetHello:
    """The host asks the board to say hello, and says which protocol it speaks."""

    TYPE: ClassVar[MessageType] = MessageType.GET_HELLO

    protocol: int

    def serialize(self) -> bytes:
        return bytes((self.protocol,))

    @classmethod
    def deserialize(cls, payload: bytes) -> Self:
        _need(payload, 1, "get-hello")
        return cls(payload[0])


@dataclass(frozen=True, slots=True)
class GetScan:
    """The host asks for a full scan (on connect and after any gap in the board's sequence)."""

    TYPE: ClassVar[MessageType] = MessageType.GET_SCAN

    def serialize(self) -> bytes:
        return b""

    @classmethod
    def deserialize(cls, payload: bytes) -> Self:
        _need(payload, 0, "get-scan")
        return cls()


@dataclass(frozen=True, slots=True)
class ShowLeds:
    """What every LED shows: 8-bit R, G, B and a flags byte (bit 0: blink) per LED."""

    TYPE: ClassVar[MessageType] = MessageType.SHOW_LEDS

    lights: tuple[Light, ...]

    def serialize(self) -> bytes:
        out = bytearray(u16(len(self.lights)))
        for light in self.lights:
            r, g, b = light.colour
            if not all(0 <= c <= 255 for c in (r, g, b)):
                raise FrameError(f"colour components are 0..255; got {light.colour}")
            out += bytes((r, g, b, LED_BLINK if light.blink else 0))
        return bytes(out)

    @classmethod
    def deserialize(cls, payload: bytes) -> Self:
        if len(payload) < 2:
            raise FrameError(f"an LED payload is at least 2 bytes; got {len(payload)}")
        count = read_u16(payload, 0)
        _need(payload, 2 + 4 * count, f"{count}-LED")
        return cls(tuple(Light((payload[i], payload[i + 1], payload[i + 2]),
                               bool(payload[i + 3] & LED_BLINK))
                         for i in range(2, 2 + 4 * count, 4)))


@dataclass(frozen=True, slots=True)
class Nak:
    """A peer refused a frame whose CRC was good (either direction)."""

    TYPE: ClassVar[MessageType] = MessageType.NAK

    reason: int
    ref_type: int
    ref_seq: int

    def serialize(self) -> bytes:
        return bytes((self.reason, self.ref_type, self.ref_seq))

    @classmethod
    def deserialize(cls, payload: bytes) -> Self:
        _need(payload, 3, "nak")
        return cls(payload[0], payload[1], payload[2])

    @property
    def reason_name(self) -> str:
        try:
            return NakReason(self.reason).name.lower().replace("_", " ")
        except ValueError:
            return f"reason {self.reason}"


AnyMessage = (Hello | FullScan | Changes | ButtonEvent | Ping | Pong | GetHello | GetScan
              | ShowLeds | Nak)

MESSAGES: dict[MessageType, type[AnyMessage]] = {
    cls.TYPE: cls for cls in (Hello, FullScan, Changes, ButtonEvent, Ping, Pong, GetHello,
                              GetScan, ShowLeds, Nak)
}


def to_frame(message: AnyMessage, seq: int) -> Frame:
    return Frame(message.TYPE, seq & 0xFF, message.serialize())


def parse(frame: Frame) -> AnyMessage:
    """The message a frame carries; ``FrameError`` for an unknown type or a bad payload."""
    kind = frame.message_type
    if kind is None:
        raise FrameError(f"unknown message type 0x{frame.type:02X}")
    return MESSAGES[kind].deserialize(frame.payload)
