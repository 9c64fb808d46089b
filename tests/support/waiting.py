"""Waiting for a live service's table, on its snapshot versions: never by sleeping."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def wait_until(table: Any, check: Callable[[dict[str, Any]], bool],
               timeout: float = 5.0) -> dict[str, Any]:
    """The first public snapshot that satisfies ``check``; fails after ``timeout`` seconds
    without a new snapshot."""
    version = 0
    while True:
        snap = table.public()
        if check(snap):
            return snap
        new = table.wait_for(version, timeout)
        if new == version:
            raise AssertionError(f"timed out; last snapshot: {snap}")
        version = new
