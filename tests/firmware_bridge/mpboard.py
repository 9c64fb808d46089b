"""The firmware under the real MicroPython, seen from the host's side of the wire.

``session()`` is the body of a module-scoped fixture: one MicroPython (WebAssembly, under node)
per test module, failing, never skipping, when node or the npm package is missing.
``MpBoard`` is one ``vpico.Rig`` (a board built from the firmware's modules on a virtual
circuit, inside MicroPython): the host's messages go in as ``to_frame`` bytes and what the
firmware writes comes back through the host's ``FrameDecoder`` and ``parse``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from firmware_bridge.decoder import FrameDecoder
from firmware_bridge.messages import AnyMessage, parse, to_frame
from firmware_bridge.micropython import MicroPython, unavailable
from firmware_bridge.protocol import Frame


def session() -> Iterator[MicroPython]:
    reason = unavailable()
    if reason is not None:
        pytest.fail(f"the firmware's MicroPython tests cannot run: {reason}", pytrace=False)
    with MicroPython() as mp:
        mp.exec("import vpico")
        yield mp


def py(value: Any) -> str:
    """``value`` as a MicroPython literal (ints, strings, bytes, tuples, lists, None, bools)."""
    if isinstance(value, bytes | bytearray):
        return f"bytes.fromhex({bytes(value).hex()!r})"
    if isinstance(value, tuple):
        return "(" + "".join(py(v) + ", " for v in value) + ")"
    if isinstance(value, list):
        return "[" + ", ".join(py(v) for v in value) + "]"
    if value is None or isinstance(value, bool | int | str):
        return repr(value)
    raise TypeError(f"no MicroPython literal for {value!r}")


_names = itertools.count()


class MpBoard:
    """A board inside MicroPython; ``kwargs`` are ``vpico.Rig``'s (and ``bl_board.Board``'s)."""

    def __init__(self, mp: MicroPython, rows: tuple[int, ...], cols: tuple[int, ...],
                 **kwargs: Any) -> None:
        self.mp = mp
        self.name = f"rig{next(_names)}"
        args = ", ".join([py(rows), py(cols)] + [f"{k}={py(v)}" for k, v in kwargs.items()])
        mp.exec(f"{self.name} = vpico.Rig({args})")
        self.decoder = FrameDecoder()
        self.frames: list[Frame] = []
        self.inbox = bytearray()
        self.seq = 0
        self._received(self.eval("port.take()"))

    def eval(self, expr: str) -> Any:
        """``expr`` evaluated on the rig (``board.seq``, ``sm.puts``, ...)."""
        return self.mp.eval(f"{self.name}.{expr}")

    def exec(self, code: str) -> None:
        """Statements with ``rig`` bound to this rig."""
        self.mp.exec(f"rig = {self.name}\n{code}\nrig = None")

    def _received(self, hex_data: str) -> None:
        self.frames += self.decoder.feed(bytes.fromhex(hex_data))

    # ---- the host side ------------------------------------------------------------------

    def send(self, message: AnyMessage, seq: int | None = None) -> None:
        """Queue a host message for the next scan (``seq``: the host's counter by default)."""
        self.inbox += to_frame(message, self.seq if seq is None else seq).serialize()
        self.seq += 1

    def send_raw(self, data: bytes) -> None:
        self.inbox += data

    def step(self, now_ms: int) -> None:
        """One scan at ``now_ms``; the queued host bytes arrive just before it."""
        data, self.inbox = bytes(self.inbox), bytearray()
        self._received(self.eval(f"step({now_ms}, {data.hex()!r})"))

    def steps(self, times: list[int]) -> None:
        """One scan at each time, nothing arriving (one request for all)."""
        out = self.mp.eval(f"[{self.name}.step(t) for t in {py(times)}]")
        for hex_data in out:
            self._received(hex_data)

    def messages(self) -> list[AnyMessage]:
        """The firmware's frames since the last call, parsed by the host's code."""
        out = [parse(f) for f in self.frames]
        self.frames = []
        return out

    # ---- the circuit --------------------------------------------------------------------

    def switch(self, index: int, closed: bool = True) -> None:
        self.eval(f"circuit.set_switch({index}, {closed})")

    def press(self, gpio: int, pressed: bool = True) -> None:
        self.eval(f"circuit.press({gpio}, {pressed})")

    def pixels(self, index: int = -1) -> tuple[tuple[int, int, int], ...]:
        """What the LEDs show after the state machine's put number ``index``."""
        return tuple(tuple(p) for p in self.eval(f"sm.pixels({index})"))
