"""The firmware's own protocol module agrees with the host's codec, byte for byte."""

from __future__ import annotations

import ast
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.physical import Light, SenseMode
from firmware_bridge.decoder import FrameDecoder
from firmware_bridge.firmware_loader import FIRMWARE_DIR, load_firmware
from firmware_bridge.messages import Changes, FullScan, Hello, ShowLeds, parse, to_frame
from firmware_bridge.protocol import (
    MAX_PAYLOAD,
    MAX_TAG_BYTES,
    PROTOCOL_VERSION,
    START,
    Frame,
    MessageType,
    NakReason,
    SenseCode,
    crc16,
)

from .streams import chunks, damaged_stream

fw = load_firmware().proto


def test_constants_agree():
    assert (fw.START, fw.PROTOCOL_VERSION, fw.MAX_PAYLOAD, fw.MAX_TAG_BYTES) == \
        (START, PROTOCOL_VERSION, MAX_PAYLOAD, MAX_TAG_BYTES)
    for kind in MessageType:
        assert getattr(fw, kind.name) == kind
    for reason in NakReason:
        assert getattr(fw, "NAK_" + reason.name) == reason
    for code in SenseCode:
        assert getattr(fw, "SENSE_" + code.name) == code


def test_firmware_crc_has_the_catalogue_check_value():
    assert fw.crc16(b"123456789") == 0x29B1


@given(st.binary(max_size=400))
def test_both_crc_implementations_agree(data):
    assert fw.crc16(data) == crc16(data)


@given(st.integers(0, 255), st.integers(0, 300), st.binary(max_size=MAX_PAYLOAD))
def test_both_frame_encoders_agree(mtype, seq, payload):
    assert fw.frame(mtype, seq, payload) == Frame(mtype, seq & 0xFF, payload).serialize()


presence = st.lists(st.sampled_from([0, 1]), max_size=80)
polarity = st.lists(st.sampled_from([-1, 0, 1]), max_size=80)
tags = st.lists(st.binary(max_size=MAX_TAG_BYTES), max_size=50)


def host_values(mode: SenseMode, values: list) -> tuple:
    return tuple(v.hex().upper() for v in values) if mode is SenseMode.TAG else tuple(values)


@given(st.one_of(presence.map(lambda v: (SenseMode.PRESENCE, v)),
                 polarity.map(lambda v: (SenseMode.POLARITY, v)),
                 tags.map(lambda v: (SenseMode.TAG, v))))
def test_firmware_scans_and_changes_read_as_the_host_expects(case):
    mode, values = case
    code = SenseCode.of(mode)
    scan = FullScan.deserialize(fw.scan_payload(code, values))
    assert scan == FullScan(mode, host_values(mode, values))
    pairs = list(enumerate(values))
    changes = Changes.deserialize(fw.changes_payload(code, pairs))
    assert changes == Changes(mode, tuple(zip(range(len(values)), host_values(mode, values))))
    assert all(fw.value_size(code, v) == len(bytearray(_put(code, v))) for v in values)


def _put(code: int, value: object) -> bytearray:
    out = bytearray()
    fw.put_value(out, code, value)
    return out


def test_firmware_hello_reads_as_the_host_expects():
    payload = fw.hello_payload((1, 2, 3), fw.SENSE_POLARITY, 61, 37, 250, 4, ("end-turn", "ß"))
    assert Hello.deserialize(payload) == Hello(PROTOCOL_VERSION, (1, 2, 3), SenseMode.POLARITY,
                                               61, 37, 250, 4, ("end-turn", "ß"))


@given(st.lists(st.builds(Light, st.tuples(*[st.integers(0, 255)] * 3), st.booleans()),
                max_size=100))
def test_host_led_frames_read_as_the_firmware_expects(lights):
    payload = ShowLeds(tuple(lights)).serialize()
    assert fw.parse_leds(payload) == [(*light.colour, light.blink) for light in lights]


@pytest.mark.parametrize("payload", [b"", b"\x01", b"\x01\x00\x01\x02\x03",
                                     b"\x00\x00\x00", b"\x02\x00" + bytes(4)])
def test_malformed_led_frames_are_none(payload):
    assert fw.parse_leds(payload) is None


def test_firmware_decoder_reads_host_frames_split_anyhow():
    rng = random.Random(5)
    sent = [to_frame(m, i) for i, m in enumerate(
        [ShowLeds((Light((1, 2, 3)),) * 40), *[ShowLeds(())] * 3])]
    data = b"junk" + b"".join(f.serialize() for f in sent)
    decoder = fw.Decoder()
    out = []
    for chunk in chunks(rng, data):
        out += decoder.feed(chunk)
    assert [Frame(*t) for t in out] == sent
    assert decoder.dropped == 4
    assert parse(Frame(*out[0])) == ShowLeds((Light((1, 2, 3)),) * 40)


def test_firmware_decoder_flush_gives_up_a_truncated_frame():
    decoder = fw.Decoder()
    good = Frame(0x14, 3, b"\x01\x02\x03\x04")
    assert decoder.feed(Frame(0x13, 2, bytes(50)).serialize()[:10] + good.serialize()) == []
    assert [Frame(*t) for t in decoder.flush()] == [good]
    assert decoder.pending() == 0


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=1500))
def test_firmware_decoder_never_raises(data):
    decoder = fw.Decoder()
    for t, s, p in decoder.feed(data) + decoder.flush():
        assert Frame(t, s, p).serialize() in data


def test_firmware_decoder_agrees_with_the_host_decoder_on_a_damaged_stream():
    rng = random.Random(77)
    stream = damaged_stream(rng, 20_000)
    host, board = FrameDecoder(), fw.Decoder()
    host_out: list[Frame] = []
    board_out: list[Frame] = []
    for chunk in chunks(rng, bytes(stream.data)):
        host_out += host.feed(chunk)
        board_out += [Frame(*t) for t in board.feed(chunk)]
    host_out += host.flush()
    board_out += [Frame(*t) for t in board.flush()]
    assert board_out == host_out
    assert board.bad_crc == host.stats.bad_crc


def test_firmware_sources_avoid_what_micropython_lacks():
    banned_modules = {"dataclasses", "typing", "enum", "struct", "__future__", "abc"}
    for path in FIRMWARE_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            where = f"{path.name}:{getattr(node, 'lineno', '?')}"
            assert not isinstance(node, ast.JoinedStr), f"f-string at {where}"
            assert not isinstance(node, ast.Match), f"match statement at {where}"
            if isinstance(node, ast.Import):
                assert not {a.name for a in node.names} & banned_modules, where
            if isinstance(node, ast.ImportFrom):
                assert node.module not in banned_modules, where
