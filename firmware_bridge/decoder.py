"""A stream decoder: fed bytes in any chunks, it returns whole frames and never raises.

After a bad candidate (length over the limit, bad CRC) it drops only that candidate's start
byte and searches again from the next start byte, so a good frame hidden behind garbage, a
truncated frame or a corrupted one is still found.  What it drops is counted.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from firmware_bridge.protocol import CRC_SIZE, HEADER_SIZE, MAX_PAYLOAD, START, Frame, crc16

log = logging.getLogger(__name__)


@dataclass(slots=True)
class DecoderStats:
    frames: int = 0
    dropped_bytes: int = 0
    bad_crc: int = 0
    bad_length: int = 0
    flushed: int = 0
    """Incomplete candidates given up when the stream went quiet (``flush``)."""

    @property
    def rejected(self) -> int:
        """Candidate frames thrown away (bad length, bad CRC, incomplete at a flush)."""
        return self.bad_crc + self.bad_length + self.flushed


class FrameDecoder:
    """Collects bytes and drains complete frames (zigpy-znp's buffer, with counted resync)."""

    def __init__(self, max_payload: int = MAX_PAYLOAD) -> None:
        self.max_payload = max_payload
        self.stats = DecoderStats()
        self._buffer = bytearray()

    @property
    def pending(self) -> int:
        """Bytes held back waiting for the rest of a frame."""
        return len(self._buffer)

    def feed(self, data: bytes | bytearray) -> list[Frame]:
        """Add ``data`` and return every frame now complete, in stream order."""
        self._buffer += data
        return self._drain()

    def flush(self) -> list[Frame]:
        """The stream went quiet: what is buffered will not be completed.

        Gives up the incomplete candidate at the head (one start byte at a time) and returns
        any whole frames found behind it; afterwards nothing is pending.
        """
        frames: list[Frame] = []
        while self._buffer:
            self.stats.flushed += 1
            self._drop(1)
            frames += self._drain()
        return frames

    def reset(self) -> None:
        """Forget buffered bytes (a new connection), keeping the counts."""
        self.stats.dropped_bytes += len(self._buffer)
        self._buffer.clear()

    def _drop(self, count: int) -> None:
        self.stats.dropped_bytes += count
        del self._buffer[:count]

    def _drain(self) -> list[Frame]:
        frames: list[Frame] = []
        buf = self._buffer
        while buf:
            start = buf.find(START)
            if start < 0:
                self._drop(len(buf))
                break
            if start:
                self._drop(start)
            if len(buf) < HEADER_SIZE:
                break
            length = buf[1] | buf[2] << 8
            if length > self.max_payload:
                self.stats.bad_length += 1
                self._drop(1)
                continue
            end = HEADER_SIZE + length + CRC_SIZE
            if len(buf) < end:
                break
            if crc16(buf[1:end - CRC_SIZE]) != buf[end - 2] | buf[end - 1] << 8:
                self.stats.bad_crc += 1
                self._drop(1)
                continue
            frames.append(Frame(buf[3], buf[4], bytes(buf[HEADER_SIZE:end - CRC_SIZE])))
            del buf[:end]
        self.stats.frames += len(frames)
        return frames
