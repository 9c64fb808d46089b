"""The stream decoder: any chunks, garbage, bad CRCs, truncation; it never raises, never
passes a damaged frame and finds the next good one."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge.decoder import FrameDecoder
from firmware_bridge.protocol import MAX_PAYLOAD, START, Frame

from .streams import chunks, damaged_stream

FUZZ_FRAMES = 100_000


def frames(*payloads: bytes) -> list[Frame]:
    return [Frame(0x03, i, p) for i, p in enumerate(payloads)]


def test_byte_by_byte():
    sent = frames(b"", b"abc", bytes([START]) * 5)
    decoder = FrameDecoder()
    out = []
    for byte in b"".join(f.serialize() for f in sent):
        out += decoder.feed(bytes([byte]))
    assert out == sent and decoder.pending == 0
    assert decoder.stats.frames == 3 and decoder.stats.dropped_bytes == 0


def test_garbage_is_dropped_and_counted():
    good = Frame(0x02, 9, b"xyz")
    decoder = FrameDecoder()
    assert decoder.feed(b"\x00\x01garbage" + good.serialize() + b"\xff") == [good]
    assert decoder.stats.dropped_bytes == 10


def test_a_bad_crc_drops_that_frame_and_the_next_good_one_comes_through():
    bad = bytearray(Frame(0x03, 1, b"hello").serialize())
    bad[-1] ^= 0x40
    good = Frame(0x03, 2, b"world")
    decoder = FrameDecoder()
    assert decoder.feed(bytes(bad) + good.serialize()) == [good]
    assert decoder.stats.bad_crc == 1


def test_a_length_over_the_limit_is_not_waited_for():
    good = Frame(0x05, 0, b"ok")
    decoder = FrameDecoder()
    header = bytes([START]) + (MAX_PAYLOAD + 1).to_bytes(2, "little") + b"\x03\x00"
    assert decoder.feed(header + good.serialize()) == [good]
    assert decoder.stats.bad_length == 1


def test_a_truncated_frame_hiding_a_good_one_is_resolved_by_flush():
    # The truncated frame claims 200 bytes; the good frame behind it is inside that span.
    truncated = Frame(0x03, 1, bytes(200)).serialize()[:20]
    good = Frame(0x03, 2, b"after")
    decoder = FrameDecoder()
    assert decoder.feed(truncated + good.serialize()) == []
    assert decoder.pending > 0
    assert decoder.flush() == [good]
    assert decoder.pending == 0 and decoder.stats.flushed >= 1


def test_reset_forgets_buffered_bytes_but_keeps_counts():
    decoder = FrameDecoder()
    decoder.feed(Frame(1, 0, b"abc").serialize()[:4])
    decoder.reset()
    assert decoder.pending == 0 and decoder.stats.dropped_bytes == 4
    assert decoder.feed(Frame(1, 1, b"").serialize()) == [Frame(1, 1, b"")]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000), st.lists(st.integers(1, 64), max_size=50))
def test_arbitrary_bytes_never_raise_and_every_frame_out_was_in_the_bytes(data, cuts):
    decoder = FrameDecoder()
    out = []
    i = 0
    for n in cuts:
        out += decoder.feed(data[i:i + n])
        i += n
    out += decoder.feed(data[i:]) + decoder.flush()
    for frame in out:
        assert frame.serialize() in data
    assert decoder.pending == 0


frame_st = st.builds(Frame, st.integers(0, 255), st.integers(0, 255), st.binary(max_size=80))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.binary(max_size=30), frame_st), min_size=1, max_size=12),
       st.randoms(use_true_random=False))
def test_good_frames_survive_any_garbage_and_any_split(items, rng):
    stream = b"".join(garbage + frame.serialize() for garbage, frame in items)
    decoder = FrameDecoder()
    out = []
    for chunk in chunks(rng, stream):
        out += decoder.feed(chunk)
    out += decoder.flush()
    sent = iter(out)
    # Every good frame comes out, in order (garbage may hold frames of its own).
    assert all(any(frame == o for o in sent) for _, frame in items)


@pytest.mark.slow
def test_fuzz_100k_damaged_and_split_frames():
    rng = random.Random(20261121)
    stream = damaged_stream(rng, FUZZ_FRAMES)
    decoder = FrameDecoder()
    out = []
    started = time.perf_counter()
    for chunk in chunks(rng, bytes(stream.data)):
        out += decoder.feed(chunk)  # never raises: any exception fails the test
    out += decoder.flush()
    elapsed = time.perf_counter() - started
    damaged = set(stream.damaged)
    data = bytes(stream.data)
    print(f"\nfuzz: {FUZZ_FRAMES} frames, {len(data):,} bytes in {elapsed:.2f} s; "
          f"kinds {stream.kinds}; decoder {decoder.stats}")
    # 0 damaged frames accepted; every frame out is bytes with a good CRC that were sent.
    assert [f for f in out if f.serialize() in damaged] == []
    # Resync: every intact frame comes out, in order.
    rest = iter(out)
    assert all(any(frame == o for o in rest) for frame in stream.good)
    # Anything else is a run of bytes inside damaged frames that happens to carry a valid
    # CRC-16 (1 in 65,536 false candidates): the link's payload and sequence checks handle it.
    good = set(stream.good)
    extras = [f for f in out if f not in good]
    assert all(f.serialize() in data for f in extras)
    assert len(extras) <= max(3, 4 * decoder.stats.bad_crc // 65536)
    print(f"intact frames recovered: {len(stream.good)}/{len(stream.good)}; damaged accepted: "
          f"0; chance CRC matches in garbage: {len(extras)}")
    assert len(stream.good) > FUZZ_FRAMES * 0.5
    assert decoder.stats.bad_crc > 0 and decoder.stats.dropped_bytes > 0
