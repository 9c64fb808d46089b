"""Streams of frames, some damaged, for fuzzing both decoders (host and firmware)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from firmware_bridge.protocol import MAX_PAYLOAD, START, Frame


@dataclass
class Stream:
    data: bytearray = field(default_factory=bytearray)
    good: list[Frame] = field(default_factory=list)
    damaged: list[bytes] = field(default_factory=list)
    """Frames sent with a deliberate error: none of them may come out."""
    kinds: dict[str, int] = field(default_factory=dict)


def random_frame(rng: random.Random) -> Frame:
    size = rng.choice((0, 1, 3, 4, 8, 16, 40, 64, 120)) if rng.random() < 0.97 \
        else rng.randint(0, MAX_PAYLOAD)
    payload = rng.randbytes(size)
    if rng.random() < 0.3 and size:  # start bytes inside payloads make false candidates
        payload = bytes(START if rng.random() < 0.2 else b for b in payload)
    return Frame(rng.randrange(256), rng.randrange(256), payload)


def damaged_stream(rng: random.Random, count: int) -> Stream:
    """``count`` frames: about half intact, the rest with flipped bits (1..3, which CRC-16
    always detects), truncated, or with garbage before them; garbage and noise between."""
    s = Stream()
    for _ in range(count):
        frame = random_frame(rng)
        data = bytearray(frame.serialize())
        roll = rng.random()
        if roll < 0.5:
            kind = "intact"
            s.good.append(frame)
        elif roll < 0.65:
            kind = "bit flips"
            # Within LEN..CRC with the length left alone, so the CRC is what must catch it.
            span = range(5, len(data))
            for pos in rng.sample(span, min(len(span), rng.randint(1, 3))):
                data[pos] ^= 1 << rng.randrange(8)
            s.damaged.append(bytes(data))
        elif roll < 0.72:
            kind = "length or header hit"
            data[rng.randrange(1, 5)] ^= 1 << rng.randrange(8)
            s.damaged.append(bytes(data))
        elif roll < 0.82:
            kind = "truncated"
            data = data[:rng.randrange(1, len(data))]
            s.damaged.append(bytes(data))
        elif roll < 0.9:
            kind = "start byte lost"
            data = data[1:]
            if s.data and s.data[-1] == START:
                s.data.append(0)  # or a stray start byte before it would complete it again
            s.damaged.append(bytes(data))
        else:
            kind = "garbage before an intact frame"
            garbage = rng.randbytes(rng.randint(1, 40))
            s.data += garbage
            s.good.append(frame)
        s.kinds[kind] = s.kinds.get(kind, 0) + 1
        s.data += data
        if rng.random() < 0.05:
            s.data += rng.randbytes(rng.randint(1, 8))  # line noise between frames
    return s


def chunks(rng: random.Random, data: bytes) -> list[bytes]:
    """Split as serial reads do: sometimes byte by byte, mostly in bursts."""
    out = []
    i = 0
    while i < len(data):
        n = 1 if rng.random() < 0.2 else rng.randint(1, 256)
        out.append(bytes(data[i:i + n]))
        i += n
    return out
