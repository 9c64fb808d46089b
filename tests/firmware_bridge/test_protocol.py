"""The codec: CRC vectors, frame layout, every message's payload round trip and its errors."""

from __future__ import annotations

import binascii

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.errors import BoardError
from controller.physical import Light, SenseMode
from firmware_bridge.errors import FrameError
from firmware_bridge.messages import (
    MESSAGES,
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
from firmware_bridge.protocol import (
    BOARD_TO_HOST,
    HOST_TO_BOARD,
    MAX_PAYLOAD,
    Frame,
    MessageType,
    NakReason,
    SenseCode,
    crc16,
    decode_value,
    encode_value,
)

# The vectors of docs/protocol.md.
CHANGES_FRAME = bytes.fromhex("A5 09 00 03 07 00 02 00 03 00 00 0C 00 01 33 26")
GET_SCAN_FRAME = bytes.fromhex("A5 00 00 12 00 D1 E1")
HELLO_FRAME = bytes.fromhex("A5 16 00 01 00 01 01 00 00 00 3D 00 3D 00 C8 00 03 01 08 65 6E 64"
                            " 2D 74 75 72 6E 56 80")


def test_crc_is_crc16_ibm_3740_with_the_catalogue_check_value():
    assert crc16(b"123456789") == 0x29B1
    assert crc16(b"") == 0xFFFF


@given(st.binary(max_size=300))
def test_crc_agrees_with_an_independent_implementation(data):
    # binascii.crc_hqx is the same polynomial, unreflected; with init 0xFFFF it is IBM-3740.
    assert crc16(data) == binascii.crc_hqx(data, 0xFFFF)


@given(st.binary(max_size=100), st.binary(max_size=100))
def test_crc_continues_over_pieces(a, b):
    assert crc16(b, crc16(a)) == crc16(a + b)


def test_documented_frames_decode_to_the_documented_messages():
    frame, rest = Frame.deserialize(CHANGES_FRAME + b"tail")
    assert rest == b"tail"
    assert (frame.type, frame.seq) == (MessageType.CHANGES, 7)
    assert parse(frame) == Changes(SenseMode.PRESENCE, ((3, 0), (12, 1)))
    assert to_frame(GetScan(), 0).serialize() == GET_SCAN_FRAME
    hello = Hello(1, (1, 0, 0), SenseMode.PRESENCE, 61, 61, 200, 3, ("end-turn",))
    assert to_frame(hello, 0).serialize() == HELLO_FRAME


def test_frame_layout_is_little_endian_with_the_crc_over_length_to_payload():
    data = Frame(MessageType.PING, 0x42, bytes(i & 0xFF for i in range(300))).serialize()
    assert data[0] == 0xA5
    assert data[1:3] == (300).to_bytes(2, "little")
    assert data[3] == MessageType.PING and data[4] == 0x42
    assert data[5:-2] == bytes(i & 0xFF for i in range(300))
    assert data[-2:] == crc16(data[1:-2]).to_bytes(2, "little")


@pytest.mark.parametrize("corrupt, message", [
    (lambda d: d[:-1], "truncated"),
    (lambda d: b"\x00" + d[1:], "starts with"),
    (lambda d: d[:-1] + bytes([d[-1] ^ 1]), "bad CRC"),
    (lambda d: d[:1] + b"\xff\xff" + d[3:], "exceeds"),
    (lambda d: d[:5], "at least"),
])
def test_strict_deserialize_names_what_is_wrong(corrupt, message):
    with pytest.raises(FrameError, match=message):
        Frame.deserialize(corrupt(CHANGES_FRAME))


def test_frame_errors_are_board_errors_and_value_errors():
    with pytest.raises(BoardError):
        Frame(1, 0, bytes(MAX_PAYLOAD + 1)).serialize()
    with pytest.raises(ValueError):
        Frame(1, 256, b"").serialize()


def test_message_types_are_split_by_direction():
    assert MessageType.NAK in BOARD_TO_HOST and MessageType.NAK in HOST_TO_BOARD
    assert set(MessageType) == BOARD_TO_HOST | HOST_TO_BOARD
    assert set(MESSAGES) == set(MessageType)
    assert all(t < 0x10 or t == MessageType.NAK for t in BOARD_TO_HOST)
    assert all(0x10 <= t < 0x20 or t == MessageType.NAK for t in HOST_TO_BOARD)


# ---- sensor values --------------------------------------------------------------------------


@pytest.mark.parametrize("sense, value, wire", [
    (SenseMode.PRESENCE, 0, b"\x00"), (SenseMode.PRESENCE, 1, b"\x01"),
    (SenseMode.POLARITY, -1, b"\xff"), (SenseMode.POLARITY, 0, b"\x00"),
    (SenseMode.POLARITY, 1, b"\x01"),
    (SenseMode.TAG, "", b"\x00"), (SenseMode.TAG, "04A1B2C3", b"\x04\x04\xa1\xb2\xc3"),
    (SenseMode.TAG, "0102030405060708090A", b"\x0a" + bytes(range(1, 11))),
])
def test_values_encode_compactly_and_decode_back(sense, value, wire):
    assert encode_value(sense, value) == wire
    assert decode_value(sense, b"\x99" + wire, 1) == (value, 1 + len(wire))


def test_tag_ids_come_back_upper_case():
    assert decode_value(SenseMode.TAG, encode_value(SenseMode.TAG, "04a1b2c3"), 0)[0] == \
        "04A1B2C3"


@pytest.mark.parametrize("sense, value", [
    (SenseMode.PRESENCE, 2), (SenseMode.PRESENCE, -1), (SenseMode.PRESENCE, True),
    (SenseMode.POLARITY, 2), (SenseMode.POLARITY, "n"), (SenseMode.TAG, 5),
    (SenseMode.TAG, "xyz"), (SenseMode.TAG, "00" * 11),
])
def test_bad_values_are_refused(sense, value):
    with pytest.raises(FrameError):
        encode_value(sense, value)


@pytest.mark.parametrize("sense, data", [
    (SenseMode.PRESENCE, b"\x02"), (SenseMode.POLARITY, b"\x02"), (SenseMode.POLARITY, b"\x80"),
    (SenseMode.TAG, b"\x05\x01\x02"), (SenseMode.TAG, b"\x0b" + bytes(11)),
    (SenseMode.PRESENCE, b""),
])
def test_bad_value_bytes_are_refused(sense, data):
    with pytest.raises(FrameError):
        decode_value(sense, data, 0)


# ---- every message round-trips ----------------------------------------------------------------

senses = st.sampled_from(list(SenseMode))
names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8)


def values_for(sense: SenseMode) -> st.SearchStrategy:
    if sense is SenseMode.PRESENCE:
        return st.sampled_from([0, 1])
    if sense is SenseMode.POLARITY:
        return st.sampled_from([-1, 0, 1])
    return st.binary(max_size=10).map(lambda b: b.hex().upper())


byte = st.integers(0, 255)
u16 = st.integers(0, 0xFFFF)
lights = st.builds(Light, st.tuples(byte, byte, byte), st.booleans())

messages = st.one_of(
    st.builds(Hello, byte, st.tuples(byte, byte, byte), senses, u16, u16, u16, byte,
              st.lists(names, max_size=4).map(tuple)),
    senses.flatmap(lambda s: st.builds(FullScan, st.just(s),
                                       st.lists(values_for(s), max_size=60).map(tuple))),
    senses.flatmap(lambda s: st.builds(
        Changes, st.just(s), st.lists(st.tuples(u16, values_for(s)), max_size=40).map(tuple))),
    st.builds(ButtonEvent, byte),
    st.builds(Ping, st.integers(0, 2**32 - 1)),
    st.builds(Pong, st.integers(0, 2**32 - 1)),
    st.builds(GetHello, byte),
    st.just(GetScan()),
    st.builds(ShowLeds, st.lists(lights, max_size=255).map(tuple)),
    st.builds(Nak, st.sampled_from(list(NakReason)), byte, byte),
)


@given(messages, byte)
def test_every_message_round_trips_through_a_frame(message, seq):
    data = to_frame(message, seq).serialize()
    frame, rest = Frame.deserialize(data)
    assert rest == b"" and frame.seq == seq and frame.type == message.TYPE
    assert parse(frame) == message


@given(messages, st.data())
def test_a_payload_cut_short_or_padded_is_refused_never_misread(message, data):
    payload = message.serialize()
    cut = data.draw(st.integers(0, len(payload) - 1)) if payload else None
    for bad in ([payload[:cut]] if cut is not None else []) + [payload + b"\x00"]:
        try:
            decoded = type(message).deserialize(bad)
        except FrameError:
            continue
        # Only a payload that is itself a complete, different message may parse.
        assert decoded.serialize() == bad


@given(st.integers(0, 255).filter(lambda t: t not in set(MessageType)), byte, st.binary())
def test_an_unknown_type_is_a_frame_error(kind, seq, payload):
    with pytest.raises(FrameError, match="unknown message type"):
        parse(Frame(kind, seq, payload))


def test_sense_codes_map_to_sense_modes():
    assert [SenseCode.of(m) for m in SenseMode] == [0, 1, 2]
    assert [c.mode for c in SenseCode] == list(SenseMode)


def test_show_leds_refuses_colours_out_of_range():
    with pytest.raises(FrameError, match=r"0\.\.255"):
        ShowLeds((Light((256, 0, 0)),)).serialize()


def test_hello_refuses_long_button_names_and_bad_utf8():
    with pytest.raises(FrameError, match="longer"):
        Hello(1, (1, 0, 0), SenseMode.PRESENCE, 1, 1, 200, 3, ("x" * 33,)).serialize()
    good = Hello(1, (1, 0, 0), SenseMode.PRESENCE, 1, 1, 200, 3, ("ab",)).serialize()
    with pytest.raises(FrameError, match="UTF-8"):
        Hello.deserialize(good[:-2] + b"\xff\xfe")
