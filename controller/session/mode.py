"""What the board is doing, as a whole: being set up, in play, over, or cut off."""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    SETUP = "setup"                # waiting for the start position
    PLAYING = "playing"
    OVER = "over"
    DISCONNECTED = "disconnected"  # the board's link is down: the last frame stays
