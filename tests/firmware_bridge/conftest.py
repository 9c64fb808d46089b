"""Shared fixtures: board profiles, a manual clock, a pty that plays the board byte by byte,
and a fake MicroPython (``machine``, ``rp2``, ``time``, ``select``, ``micropython``) injected
through ``sys.modules`` so the firmware's hardware module runs on the virtual circuit."""

from __future__ import annotations

import contextlib
import os
import queue
import select
import sys
import threading
import time as real_time
import tty
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pytest

from controller.physical import BoardSpec, SenseMode
from firmware_bridge.decoder import FrameDecoder
from firmware_bridge.firmware_loader import load_firmware, load_module
from firmware_bridge.messages import AnyMessage, parse, to_frame
from firmware_bridge.protocol import Frame, MessageType
from firmware_bridge.virtual_pico import VirtualCircuit, VirtualPin, VirtualStateMachine

# ---- board profiles ---------------------------------------------------------------------------


def grid(n: int) -> tuple[str, ...]:
    return tuple(f"{'ABCDEFGH'[i // 8]}{i % 8 + 1}" for i in range(n))


@pytest.fixture
def presence_spec() -> BoardSpec:
    cells = grid(16)
    return BoardSpec("test-presence", "test", SenseMode.PRESENCE, cells, cells,
                     buttons=("end-turn", "undo"))


@pytest.fixture
def polarity_spec() -> BoardSpec:
    cells = grid(9)
    return BoardSpec("test-polarity", "test", SenseMode.POLARITY, cells, cells[:4])


@pytest.fixture
def tag_spec() -> BoardSpec:
    cells = grid(6)
    return BoardSpec("test-tag", "test", SenseMode.TAG, (*cells, None), cells,
                     tags={"04A1B2C3": "w", "04D4E5F6": "b", "0102030405060708090A": "k"})


# ---- clocks and collectors --------------------------------------------------------------------


class ManualClock:
    """A clock the test moves by hand (``clock()`` reads it)."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, dt: float) -> None:
        self.t += dt


class Events:
    """Collects what a link posts; tests wait on conditions, never on time."""

    def __init__(self) -> None:
        self.items: list[Any] = []
        self._cond = threading.Condition()

    def post(self, event: Any) -> None:
        with self._cond:
            self.items.append(event)
            self._cond.notify_all()

    def wait_for(self, predicate: Callable[[list[Any]], bool], timeout: float = 5.0) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: predicate(self.items), timeout)

    def of(self, kind: type) -> list[Any]:
        with self._cond:
            return [e for e in self.items if isinstance(e, kind)]


@pytest.fixture
def events() -> Events:
    return Events()


# ---- a pty whose master side the test drives as the board -------------------------------------


class PtyBoard:
    """The master side of a pty: the test reads the host's frames and writes the board's."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.decoder = FrameDecoder()
        self._frames: queue.Queue[Frame] = queue.Queue()
        self.seq = 0

    def close(self) -> None:
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def send(self, message: AnyMessage, seq: int | None = None) -> bytes:
        if seq is None:
            seq = self.seq
        self.seq = (seq + 1) & 0xFF
        data = to_frame(message, seq).serialize()
        self.write(data)
        return data

    def next_frame(self, timeout: float = 5.0) -> Frame:
        """The host's next frame (waits for bytes with select, up to ``timeout``)."""
        deadline = timeout
        while self._frames.empty():
            ready, _, _ = select.select([self.master], [], [], deadline)
            if not ready:
                raise TimeoutError("the host sent nothing")
            for frame in self.decoder.feed(os.read(self.master, 4096)):
                self._frames.put(frame)
        return self._frames.get_nowait()

    def expect(self, kind: MessageType, timeout: float = 5.0, skip: tuple[MessageType, ...] = (
            MessageType.PING, MessageType.SHOW_LEDS)) -> AnyMessage:
        """The next host frame of type ``kind``, skipping keep-alive and LED frames."""
        while True:
            frame = self.next_frame(timeout)
            if frame.type == kind:
                return parse(frame)
            if frame.type not in skip:
                raise AssertionError(f"expected {kind.name}, got {MessageType(frame.type).name}")


@pytest.fixture
def pty_board() -> Iterator[PtyBoard]:
    board = PtyBoard()
    yield board
    board.close()


# ---- a fake MicroPython -----------------------------------------------------------------------

TICKS_PERIOD = 1 << 30  # MicroPython's ticks wrap here on the rp2 port
TICKS_MASK = TICKS_PERIOD - 1


class StopLoop(BaseException):
    """Raised by the fake ``time.sleep_us`` when a test's budget of scans is spent."""


class FakeTime:
    """``time`` as MicroPython has it: ticks that wrap (starting 1 s before the wrap, so code
    that subtracts ticks instead of using ticks_diff breaks), sleeps that advance the clock."""

    def __init__(self) -> None:
        self.us = TICKS_PERIOD * 1000 - 1_000_000
        self.sleeps: list[int] = []
        self.stop_after: int | None = None

    def module(self) -> ModuleType:
        m = ModuleType("time")
        m.ticks_ms = lambda: (self.us // 1000) & TICKS_MASK  # type: ignore[attr-defined]
        m.ticks_us = lambda: self.us & TICKS_MASK  # type: ignore[attr-defined]
        m.ticks_diff = lambda a, b: ((a - b + TICKS_PERIOD // 2) & TICKS_MASK) \
            - TICKS_PERIOD // 2  # type: ignore[attr-defined]
        m.ticks_add = lambda a, d: (a + d) & TICKS_MASK  # type: ignore[attr-defined]
        m.sleep_us = self.sleep_us  # type: ignore[attr-defined]
        m.sleep_ms = lambda ms: self.sleep_us(ms * 1000)  # type: ignore[attr-defined]
        return m

    def sleep_us(self, us: int) -> None:
        if us < 0:
            raise ValueError("negative sleep")
        self.sleeps.append(us)
        self.us += us
        if self.stop_after is not None and len(self.sleeps) >= self.stop_after:
            raise StopLoop


class FakeStdin:
    """``sys.stdin.buffer`` of the USB CDC: the host's bytes, read without blocking only."""

    def __init__(self) -> None:
        self.data = bytearray()

    def feed(self, data: bytes) -> None:
        self.data += data

    def available(self) -> bool:
        return bool(self.data)

    def read(self, n: int) -> bytes:
        if not self.data:
            raise AssertionError("read() with nothing waiting would block on the Pico")
        out = bytes(self.data[:n])
        del self.data[:n]
        return out


class FakeStdout:
    def __init__(self) -> None:
        self.buffer = _Sink()
        self.text: list[str] = []

    def write(self, text: str) -> int:
        self.text.append(text)
        return len(text)

    def flush(self) -> None:
        pass


class _Sink:
    def __init__(self) -> None:
        self.data = bytearray()

    def write(self, data: bytes) -> int:
        self.data += data
        return len(data)


def fake_select() -> ModuleType:
    m = ModuleType("select")

    class Poll:
        def __init__(self) -> None:
            self.registered: list[Any] = []

        def register(self, obj: Any, mask: int = 1) -> None:
            self.registered.append(obj)

        def poll(self, timeout: int = -1) -> list[tuple[Any, int]]:
            return [(obj, 1) for obj in self.registered if obj.available()]

    m.POLLIN = 1  # type: ignore[attr-defined]
    m.poll = Poll  # type: ignore[attr-defined]
    return m


@dataclass
class PioInstruction:
    op: str
    args: tuple[Any, ...]
    sideset: int | None = None
    delay: int = 0

    def side(self, value: int) -> PioInstruction:
        self.sideset = value
        return self

    def __getitem__(self, delay: int) -> PioInstruction:
        self.delay = delay
        return self


@dataclass
class PioProgram:
    name: str
    options: dict[str, Any]
    instructions: list[PioInstruction] = field(default_factory=list)
    labels: dict[str, int] = field(default_factory=dict)
    wrap_target: int = 0
    wrap: int = -1


def assemble(fn: Callable[[], None], options: dict[str, Any]) -> PioProgram:
    """What MicroPython's rp2.asm_pio does: run the body with the PIO names in its globals."""
    program = PioProgram(fn.__name__, options)

    def instr(op: str) -> Callable[..., Any]:
        def make(*args: Any) -> PioInstruction:
            ins = PioInstruction(op, args)
            program.instructions.append(ins)
            return ins
        return make

    def label(name: str) -> None:
        program.labels[name] = len(program.instructions)

    def wrap_target() -> None:
        program.wrap_target = len(program.instructions)

    def wrap() -> None:
        program.wrap = len(program.instructions) - 1

    names: dict[str, Any] = {op: instr(op) for op in ("out", "jmp", "nop", "set", "in_",
                                                      "pull", "push", "mov", "irq", "wait")}
    names.update(label=label, wrap_target=wrap_target, wrap=wrap, x="x", y="y", not_x="!x",
                 not_y="!y", pins="pins", osre="osre", isr="isr", osr="osr", null="null")
    saved = {k: fn.__globals__[k] for k in names if k in fn.__globals__}
    fn.__globals__.update(names)
    try:
        fn()
    finally:
        for k in names:
            fn.__globals__.pop(k, None)
        fn.__globals__.update(saved)
    return program


class FakePico:
    """The fake MicroPython modules over one virtual circuit."""

    def __init__(self) -> None:
        self.circuit = VirtualCircuit()
        self.time = FakeTime()
        self.stdin = FakeStdin()
        self.stdout = FakeStdout()
        self.kbd_intr: list[int] = []
        self.modules = {"machine": self._machine(), "rp2": self._rp2(),
                        "time": self.time.module(), "select": fake_select(),
                        "micropython": self._micropython()}

    def use_stdio(self) -> None:
        """Put the fake USB port in sys.stdin/sys.stdout (call it in the test itself: pytest's
        output capture takes sys.stdout back between a fixture and its test)."""
        patch = self.monkeypatch  # type: ignore[attr-defined]
        patch.setattr(sys, "stdin", type("In", (), {"buffer": self.stdin})())
        patch.setattr(sys, "stdout", self.stdout)

    def _machine(self) -> ModuleType:
        circuit = self.circuit
        m = ModuleType("machine")

        class Pin(VirtualPin):
            def __init__(self, gpio: int, mode: int = -1, pull: int = -1, *,
                         value: int | None = None) -> None:
                super().__init__(circuit, gpio, mode, pull, value=value)

        m.Pin = Pin  # type: ignore[attr-defined]
        m.freq = lambda *a: 125_000_000  # type: ignore[attr-defined]
        return m

    def _rp2(self) -> ModuleType:
        circuit = self.circuit
        m = ModuleType("rp2")

        class PIO:
            OUT_LOW, OUT_HIGH, IN_LOW, IN_HIGH = 0, 1, 0, 1
            SHIFT_LEFT, SHIFT_RIGHT = 0, 1

        def asm_pio(**options: Any) -> Callable[[Callable[[], None]], PioProgram]:
            return lambda fn: assemble(fn, options)

        def state_machine(sm_id: int, program: Any = None, freq: int = 0,
                          sideset_base: Any = None, **kw: Any) -> VirtualStateMachine:
            sm = VirtualStateMachine(sm_id, program, freq, sideset_base, **kw)
            circuit.state_machines[sm_id] = sm
            return sm

        m.PIO = PIO  # type: ignore[attr-defined]
        m.asm_pio = asm_pio  # type: ignore[attr-defined]
        m.StateMachine = state_machine  # type: ignore[attr-defined]
        return m

    def _micropython(self) -> ModuleType:
        m = ModuleType("micropython")
        m.const = lambda x: x  # type: ignore[attr-defined]
        m.kbd_intr = self.kbd_intr.append  # type: ignore[attr-defined]
        return m


@pytest.fixture
def pico(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakePico]:
    """Fake MicroPython modules in ``sys.modules``; ``bl_hw`` imported fresh against them."""
    fake = FakePico()
    for name, module in fake.modules.items():
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.delitem(sys.modules, "bl_hw", raising=False)
    load_firmware()
    load_module("bl_config")
    hw = load_module("bl_hw")
    # bl_hw has bound the fakes; give ``time`` and ``select`` back to everything else now.
    sys.modules["time"] = real_time
    sys.modules["select"] = select
    fake.hw = hw  # type: ignore[attr-defined]
    fake.monkeypatch = monkeypatch  # type: ignore[attr-defined]
    yield fake
    sys.modules.pop("bl_hw", None)
