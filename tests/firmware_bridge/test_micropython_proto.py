"""The firmware's protocol module under the real MicroPython agrees with the host's codec.

The same checks as test_firmware_proto.py, but the firmware's side runs in MicroPython (the
official WebAssembly port, under node): what it encodes is read by the host's code in this
process, and what the host encodes is fed to it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from controller.physical import Light, SenseMode
from firmware_bridge.decoder import FrameDecoder
from firmware_bridge.firmware_loader import FIRMWARE_DIR
from firmware_bridge.messages import Changes, FullScan, Hello, ShowLeds, parse, to_frame
from firmware_bridge.micropython import MicroPython, MicroPythonError
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

from .mpboard import py, session
from .streams import chunks, damaged_stream


@pytest.fixture(scope="module")
def mp() -> Iterator[MicroPython]:
    for session_mp in session():
        session_mp.exec("import bl_proto")
        yield session_mp


def test_it_is_really_micropython(mp):
    assert mp.eval("sys.implementation.name") == "micropython"
    assert mp.eval("sys.implementation.version[0]") >= 1
    assert mp.eval("bl_proto.__file__") == "/firmware/bl_proto.py"


def test_every_firmware_file_compiles_under_micropython(mp):
    # bl_hw.py and main.py too: they are not run here, but MicroPython's compiler reads them.
    names = sorted(p.name for p in FIRMWARE_DIR.glob("*.py") if p.name != "__init__.py")
    compiled = mp.eval("[compile(open('/firmware/' + n).read(), n, 'exec') and n "
                       f"for n in {py(names)}]")
    assert compiled == names and "bl_hw.py" in names and "main.py" in names


def test_constants_agree(mp):
    names = (["START", "PROTOCOL_VERSION", "MAX_PAYLOAD", "MAX_TAG_BYTES"]
             + [k.name for k in MessageType] + ["NAK_" + r.name for r in NakReason]
             + ["SENSE_" + c.name for c in SenseCode])
    values = mp.eval("[getattr(bl_proto, n) for n in " + py(names) + "]")
    expected = ([START, PROTOCOL_VERSION, MAX_PAYLOAD, MAX_TAG_BYTES] + list(MessageType)
                + list(NakReason) + list(SenseCode))
    assert dict(zip(names, values)) == dict(zip(names, expected))


def test_firmware_crc_has_the_catalogue_check_value_and_agrees_with_the_host(mp):
    assert mp.eval("bl_proto.crc16(b'123456789')") == 0x29B1
    rng = random.Random(3)
    data = [b"", b"\x00", b"\xff" * 7, *(rng.randbytes(rng.randint(1, 300)) for _ in range(40))]
    assert mp.eval(f"[bl_proto.crc16(d) for d in {py(data)}]") == [crc16(d) for d in data]


def test_firmware_frames_read_as_the_host_expects(mp):
    rng = random.Random(4)
    cases = [(rng.randrange(256), rng.randrange(300), rng.randbytes(n))
             for n in (0, 1, 4, 61 * 4 + 2, MAX_PAYLOAD)]
    out = mp.eval(f"[bl_proto.frame(t, s, p).hex() for t, s, p in {py(cases)}]")
    for (mtype, seq, payload), hex_data in zip(cases, out, strict=True):
        assert bytes.fromhex(hex_data) == Frame(mtype, seq & 0xFF, payload).serialize()
    decoded = FrameDecoder().feed(bytes.fromhex("".join(out)))
    assert decoded == [Frame(t, s & 0xFF, p) for t, s, p in cases]


@pytest.mark.parametrize(("mode", "values"), [
    (SenseMode.PRESENCE, [0, 1, 1, 0, 1] * 13),
    (SenseMode.POLARITY, [-1, 0, 1, 1, -1, 0]),
    (SenseMode.TAG, [b"", bytes.fromhex("04A1B2C3"), bytes(range(MAX_TAG_BYTES))]),
    (SenseMode.PRESENCE, []),
])
def test_firmware_scans_and_changes_read_as_the_host_expects(mp, mode, values):
    code = SenseCode.of(mode)
    scan, changes, sizes = mp.eval(
        f"(bl_proto.scan_payload({code}, {py(values)}).hex(), "
        f"bl_proto.changes_payload({code}, list(enumerate({py(values)}))).hex(), "
        f"[bl_proto.value_size({code}, v) for v in {py(values)}])")
    host = tuple(v.hex().upper() if isinstance(v, bytes) else v for v in values)
    assert FullScan.deserialize(bytes.fromhex(scan)) == FullScan(mode, host)
    assert Changes.deserialize(bytes.fromhex(changes)) == Changes(mode, tuple(enumerate(host)))
    assert sizes == [1 + len(v) if isinstance(v, bytes) else 1 for v in values]


def test_firmware_hello_reads_as_the_host_expects(mp):
    payload = mp.eval("bl_proto.hello_payload((1, 2, 3), bl_proto.SENSE_POLARITY, 61, 37, 250,"
                      " 4, ('end-turn', 'ß')).hex()")
    assert Hello.deserialize(bytes.fromhex(payload)) == Hello(
        PROTOCOL_VERSION, (1, 2, 3), SenseMode.POLARITY, 61, 37, 250, 4, ("end-turn", "ß"))


def test_host_led_frames_read_as_the_firmware_expects(mp):
    rng = random.Random(6)
    lights = tuple(Light((rng.randrange(256), rng.randrange(256), rng.randrange(256)),
                         rng.random() < 0.3) for _ in range(61))
    for frame in (ShowLeds(lights), ShowLeds(()), ShowLeds(lights[:1])):
        out = mp.eval(f"bl_proto.parse_leds({py(frame.serialize())})")
        assert out == [[*light.colour, light.blink] for light in frame.lights]


@pytest.mark.parametrize("payload", [b"", b"\x01", b"\x01\x00\x01\x02\x03",
                                     b"\x00\x00\x00", b"\x02\x00" + bytes(4)])
def test_malformed_led_frames_are_none(mp, payload):
    assert mp.eval(f"bl_proto.parse_leds({py(payload)})") is None


def firmware_decode(mp: MicroPython, pieces: list[bytes], flush: bool = True) -> tuple[
        list[Frame], dict[str, int]]:
    """Feed ``pieces`` to a fresh bl_proto.Decoder in MicroPython (then flush)."""
    out, counts = mp.eval(
        "(lambda d: ([(t, s, p.hex()) for c in " + py(pieces) + " for t, s, p in d.feed(c)]"
        + (" + [(t, s, p.hex()) for t, s, p in d.flush()]" if flush else "")
        + ", {'frames': d.frames, 'dropped': d.dropped, 'bad_crc': d.bad_crc,"
          " 'pending': d.pending()}))(bl_proto.Decoder())")
    return [Frame(t, s, bytes.fromhex(p)) for t, s, p in out], counts


def test_firmware_decoder_reads_host_frames_split_anyhow(mp):
    rng = random.Random(5)
    sent = [to_frame(m, i) for i, m in enumerate(
        [ShowLeds((Light((1, 2, 3)),) * 40), *[ShowLeds(())] * 3])]
    data = b"junk" + b"".join(f.serialize() for f in sent)
    frames, counts = firmware_decode(mp, chunks(rng, data), flush=False)
    assert frames == sent and counts["dropped"] == 4 and counts["frames"] == 4
    assert parse(frames[0]) == ShowLeds((Light((1, 2, 3)),) * 40)


def test_firmware_decoder_flush_gives_up_a_truncated_frame(mp):
    good = Frame(0x14, 3, b"\x01\x02\x03\x04")
    frames, counts = firmware_decode(
        mp, [Frame(0x13, 2, bytes(50)).serialize()[:10] + good.serialize()])
    assert frames == [good] and counts["pending"] == 0


def test_firmware_decoder_drops_a_frame_with_a_bad_crc(mp):
    good = to_frame(ShowLeds((Light((9, 9, 9)),)), 1).serialize()
    bad = bytearray(good)
    bad[-1] ^= 0x40
    frames, counts = firmware_decode(mp, [bytes(bad), good])
    assert frames == [Frame.deserialize(good)[0]] and counts["bad_crc"] == 1


def test_firmware_decoder_agrees_with_the_host_decoder_on_a_damaged_stream(mp):
    rng = random.Random(77)
    stream = damaged_stream(rng, 1500)
    pieces = chunks(rng, bytes(stream.data))
    host = FrameDecoder()
    host_out = [f for piece in pieces for f in host.feed(piece)] + host.flush()
    board_out, counts = firmware_decode(mp, pieces)
    assert board_out == host_out and len(board_out) >= len(stream.good)
    assert counts["bad_crc"] == host.stats.bad_crc > 0


def test_a_construct_micropython_lacks_fails_here(tmp_path):
    # The harness would catch firmware that only CPython accepts: int.bit_count() is 3.10+
    # CPython and absent from MicroPython.
    source = (FIRMWARE_DIR / "bl_proto.py").read_text()
    (tmp_path / "bl_proto.py").write_text(source + "\nPARITY = (0xA5).bit_count() & 1\n")
    with MicroPython(firmware_dir=tmp_path) as other, \
            pytest.raises(MicroPythonError, match="bit_count") as caught:
        other.exec("import bl_proto")
    assert caught.value.kind == "AttributeError"
