"""Bitboard helpers the games share (Python integers used as sets of positions)."""

from __future__ import annotations


def bits_of(mask: int) -> list[int]:
    """The set bit indices of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
