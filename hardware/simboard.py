"""The simulated board: the same sensor interface as a real one, with no hardware.

Pieces stand on positions as stacks; a hand lifts and places them (driven by a script, by the
web page, or by the benchmark).  ``scan(t)`` reads every sensor as the board's profile says,
so the game session cannot tell it from a real board.  With a ``NoiseModel`` the readings
carry what real sensors do: contact bounce when a piece lands or leaves, a magnet brushing
the sensors it passes over on its way, and rare single-scan flicker.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from controller.errors import BoardError
from controller.physical import BoardSpec, SenseMode, Value, project
from controller.rules.base import Game, Piece, Stack


class SimulationError(BoardError, ValueError):
    """A hand action the simulated board cannot carry out (nothing to lift, ...)."""


@dataclass(frozen=True)
class NoiseModel:
    bounce: float = 0.012          # contact bounce lasts up to this long (s) after a change
    brush: float = 0.007           # a magnet passing over a sensor closes it this long at most
    brushes: int = 2               # sensors brushed on the way, per placement (at most)
    flicker_per_s: float = 0.05    # spurious one-scan flips, per second, over the whole board


def default_spec(game: Game[Any, Any], variant: str | None = None,
                 sense: SenseMode = SenseMode.PRESENCE) -> BoardSpec:
    """The simulated board of a game: a sensor under every cell, a light on every position
    (cells and zones), an end-turn button.  Real builds describe theirs in a profile."""
    geo = game.geometry(variant)
    return BoardSpec(name=f"{game.name}-simulated", game=game.name, sense=sense,
                     sensors=tuple(geo.cells), leds=tuple(geo.positions),
                     description=f"simulated {game.title} board")


class SimulatedBoard:
    """A board whose pieces move by calls; thread-safe (the web page and the scan loop)."""

    def __init__(self, spec: BoardSpec, layout: Mapping[str, Stack], game: Game[Any, Any],
                 variant: str | None = None, noise: NoiseModel | None = None,
                 seed: int = 0) -> None:
        self.spec = spec
        self.game = game
        self.geometry = game.geometry(variant)
        self.noise = noise
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self.stacks: dict[str, list[Piece]] = {p: list(s) for p, s in layout.items()}
        self.hand: list[Piece] = []
        # Transient sensor overrides: index -> list of (start, end, value).
        self._glitches: dict[int, list[tuple[float, float, Value]]] = {}
        self._last_flicker = 0.0
        self.rested_at = 0.0  # when the piece last lifted or placed stopped bouncing

    # ---- the hand --------------------------------------------------------------------------

    def lift(self, position: str, t: float = 0.0) -> Piece:
        with self._lock:
            stack = self.stacks.get(position)
            if not stack:
                raise SimulationError(f"there is no piece on {position} to lift")
            before = self._value(position)
            piece = stack.pop()
            self.hand.append(piece)
            self._disturb(position, before, t)
            return piece

    def place(self, position: str, t: float = 0.0, piece: Piece | None = None) -> Piece:
        """Put down ``piece`` (default: the piece lifted last).  A piece not in the hand comes
        from outside the board (a supply, a reserve)."""
        with self._lock:
            if position not in self.geometry.positions:
                raise SimulationError(f"{position!r} is not a position of this board")
            if piece is None:
                if not self.hand:
                    raise SimulationError(f"no piece in hand to place on {position}: lift one "
                                          "first, or say which piece")
                piece = self.hand.pop()
            elif piece in self.hand:
                self.hand.remove(piece)
            before = self._value(position)
            self.stacks.setdefault(position, []).append(piece)
            self._disturb(position, before, t)
            return piece

    def layout(self) -> dict[str, Stack]:
        with self._lock:
            return {p: tuple(s) for p, s in self.stacks.items() if s}

    def reset(self, layout: Mapping[str, Stack]) -> None:
        with self._lock:
            self.stacks = {p: list(s) for p, s in layout.items()}
            self.hand.clear()
            self._glitches.clear()

    # ---- the sensors -----------------------------------------------------------------------

    def scan(self, t: float = 0.0) -> tuple[Value, ...]:
        """One raw reading of every sensor at time ``t`` (noise included)."""
        with self._lock:
            values = [self._value(p) if p is not None else 0 for p in self.spec.sensors]
            if self.noise:
                self._flicker(t)
                for i, spans in list(self._glitches.items()):
                    live = [s for s in spans if s[1] > t]
                    if not live:
                        del self._glitches[i]
                        continue
                    self._glitches[i] = live
                    for start, end, v in live:
                        if start <= t < end:
                            values[i] = v
                            break
            return tuple(values)

    def value(self, position: str) -> Value:
        """What the sensor under ``position`` reads once its piece has come to rest."""
        with self._lock:
            return self._value(position)

    def _value(self, position: str) -> Value:
        return project(tuple(self.stacks.get(position, ())), self.spec.sense, self.game.polarity)

    def _disturb(self, position: str, before: Value, t: float) -> None:
        """Contact bounce: for a few ms the sensor flips between its old and new value."""
        i = self.spec.sensor_index.get(position)
        self.rested_at = t
        if i is None or not self.noise:
            return
        end = t + self._rng.uniform(0.0, self.noise.bounce)
        self.rested_at = end
        spans = self._glitches.setdefault(i, [])
        start = t
        while start < end:
            length = self._rng.uniform(0.0005, 0.003)
            spans.append((start, min(end, start + length), before))
            start += length + self._rng.uniform(0.0005, 0.003)

    def carry(self, src: str, dst: str, t0: float, t1: float) -> None:
        """A piece carried from ``src`` (lifted at ``t0``) to ``dst`` (placed at ``t1``): its
        magnet briefly closes empty sensors near the way, each for less than a debounce."""
        if not self.noise or t1 <= t0:
            return
        geo = self.geometry
        if src not in geo.coords or dst not in geo.coords:
            return
        (x0, y0), (x1, y1) = geo.coords[src], geo.coords[dst]
        near = []
        for p, i in self.spec.sensor_index.items():
            if p in (src, dst) or self.stacks.get(p) or p not in geo.coords:
                continue  # (a profile may list positions this variant's board lacks)
            x, y = geo.coords[p]
            # distance from the segment src-dst
            dx, dy = x1 - x0, y1 - y0
            k = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / ((dx * dx + dy * dy) or 1)))
            if (x - x0 - k * dx) ** 2 + (y - y0 - k * dy) ** 2 < 0.36:
                near.append((k, i))
        if self.spec.sense is SenseMode.TAG:
            return  # a tag reader needs the tag held still: passing pieces read nothing
        full: Value = 1
        if self.spec.sense is SenseMode.POLARITY and self.hand:
            full = self.game.polarity(self.hand[-1])
        with self._lock:
            for k, i in self._rng.sample(near, min(len(near), self.noise.brushes)):
                at = t0 + k * (t1 - t0)  # the hand passes it on its way
                self._glitches.setdefault(i, []).append(
                    (at, at + self._rng.uniform(0.001, self.noise.brush), full))

    def _flicker(self, t: float) -> None:
        assert self.noise is not None
        if t <= self._last_flicker:
            return
        span = t - self._last_flicker
        self._last_flicker = t
        if self._rng.random() < self.noise.flicker_per_s * span:
            i = self._rng.randrange(len(self.spec.sensors))
            pos = self.spec.sensors[i]
            if pos is None:
                return
            if self.spec.sense is SenseMode.TAG:
                return
            flipped: Value = 0 if self._value(pos) else 1
            self._glitches.setdefault(i, []).append((t, t + self.spec.scan_period * 0.9,
                                                     flipped))
