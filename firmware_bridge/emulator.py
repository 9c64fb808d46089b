"""A virtual board: the reference firmware's logic on this machine, behind a pty or a socket.

The emulator wires a virtual Pico (``virtual_pico``): a switch matrix sized for the board
profile, its buttons and a WS2812 state machine, and runs the firmware's ``Board`` against
them, one scan per tick of its clock.  Moving a piece opens or closes switches; the firmware
debounces, reports and obeys the host exactly as it would on the Pico.

A hand script drives it, in the format ``boardlight simulate`` takes (``controller.script``,
``docs/simulate.md``)::

    {"t": 0.0, "lift": "C3"}
    {"t": 0.4, "place": "D3"}                  # puts down the piece lifted last
    {"t": 0.6, "place": "E5", "piece": "w"}    # or a piece of this kind
    {"t": 0.9, "button": "end-turn"}
    {"t": 1.2, "phone": {"seat": "b", "type": "end-turn"}}   # handed to ``on_phone``

``t`` is seconds from the start (or from the host's first full-scan request, with
``wait_for_host``).  A ``play`` line is refused: finding a move's hand steps needs the
position the host has committed, which only the host knows.  ``RealTimeClock`` paces the
scans in real time; ``FastClock`` runs them as fast as the machine can, for tests.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from controller.physical import BoardSpec, SenseMode, Value
from controller.script import ScriptBoard, ScriptLine
from controller.script import parse_script as read_script
from firmware_bridge.decoder import FrameDecoder
from firmware_bridge.errors import EmulatorError
from firmware_bridge.firmware_loader import Firmware, load_firmware
from firmware_bridge.protocol import Frame, MessageType
from firmware_bridge.transports import Transport, open_transport
from firmware_bridge.virtual_pico import (
    VirtualCircuit,
    VirtualPin,
    VirtualStateMachine,
    VirtualTagReaders,
)

log = logging.getLogger(__name__)

FrameHook = Callable[[str, Frame, int], None]
"""``on_frame(direction, frame, plug)``: ``"out"`` (board to host, called just before the
bytes are written) or ``"in"``; ``plug`` counts the board's power-ups from 1."""


# ---- clocks -----------------------------------------------------------------------------------


class EmulatorClock(Protocol):
    def now(self) -> float:
        """Seconds since an arbitrary start."""
        ...

    def wait_until(self, t: float, stop: threading.Event) -> None:
        """Return at ``t`` (or sooner, once ``stop`` is set)."""
        ...


class RealTimeClock:
    def __init__(self) -> None:
        self._base = time.monotonic()

    def now(self) -> float:
        return time.monotonic() - self._base

    def wait_until(self, t: float, stop: threading.Event) -> None:
        delay = t - self.now()
        if delay > 0:
            stop.wait(delay)


class FastClock:
    """Virtual time that jumps to each deadline: scans run back to back.

    Each wait still yields the processor, so a host running in this process keeps up.
    """

    def __init__(self, start: float = 0.0) -> None:
        self._t = start

    def now(self) -> float:
        return self._t

    def wait_until(self, t: float, stop: threading.Event) -> None:
        self._t = max(self._t, t)
        time.sleep(0)


# ---- script -----------------------------------------------------------------------------------


PLAY_REFUSED = ("the emulator has no rules to find a move's hand steps from the position "
                "the host committed; write the move's lift and place lines, or run the script "
                "with boardlight simulate")


def script_board(spec: BoardSpec, pieces: Iterable[str] = ()) -> ScriptBoard:
    """What a script may name on the virtual board: its sensed positions (nothing else can be
    moved on it), its buttons, and ``pieces`` (the game's kinds) when given."""
    return ScriptBoard(f"board {spec.name!r}", spec.sensor_index, spec.buttons, tuple(pieces),
                       position="sensed position", refused={"play": PLAY_REFUSED})


def parse_script(lines: Iterable[str], spec: BoardSpec, pieces: Iterable[str] = ()
                 ) -> list[ScriptLine]:
    """A hand script (``controller.script``), checked against the board: every mistake raises
    ``ScriptError`` naming its line."""
    return read_script(lines, script_board(spec, pieces))


# ---- the emulator -----------------------------------------------------------------------------


class _Port:
    """The firmware's port: the transport, with every frame both ways seen by the emulator."""

    def __init__(self, emulator: Emulator, transport: Transport, plug: int) -> None:
        self._emulator = emulator
        self._transport = transport
        self._plug = plug
        self._in = FrameDecoder()
        self._out = FrameDecoder()

    def read(self) -> bytes:
        data = self._transport.read()
        if data:
            for frame in self._in.feed(data):
                self._emulator._seen("in", frame, self._plug)
        return data

    def write(self, data: bytes) -> None:
        for frame in self._out.feed(data):
            self._emulator._seen("out", frame, self._plug)
        self._transport.write(data)


class Emulator:
    """A virtual board for ``spec`` with pieces at ``start_reading`` (position -> value, as the
    host reads it: 0/1, -1/0/+1 or piece kinds for tag boards; missing positions are empty).

    ``link``: ``"pty"``, a path (a pty with a symlink there) or ``socket://host:port``.
    ``start()`` plugs the board in and runs its scan loop on a thread; or, without
    ``start()``, ``plug()`` and ``run_for()`` step it on the caller's thread.
    ``lift``/``place``/``press``/``unplug``/``replug`` may be called from any thread.
    """

    def __init__(self, spec: BoardSpec, start_reading: Mapping[str, Value] | None = None,
                 link: str = "pty", *, clock: EmulatorClock | None = None,
                 script: Iterable[ScriptLine] = (),
                 on_phone: Callable[[Mapping[str, Any]], None] | None = None,
                 piece_value: Callable[[str], Value] | None = None,
                 on_frame: FrameHook | None = None, wait_for_host: bool = False,
                 firmware_version: tuple[int, int, int] = (1, 0, 0),
                 host_timeout_ms: int = 0, bounce_scans: int = 0) -> None:
        self.spec = spec
        self.clock: EmulatorClock = clock or RealTimeClock()
        self.transport = open_transport(link)
        self.on_phone = on_phone
        self.piece_value = piece_value
        self.on_frame = on_frame
        self.firmware_version = firmware_version
        self.host_timeout_ms = host_timeout_ms
        self.bounce_scans = bounce_scans
        self.firmware: Firmware = load_firmware()
        self.period = 1.0 / spec.scan_hz
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._script = list(script)
        self._script_pos = 0
        self._script_t0: float | None = None if wait_for_host else 0.0
        self.script_done = threading.Event()
        if not self._script:
            self.script_done.set()
        self.host_synced = threading.Event()
        """Set when the host first asks for a full scan."""
        self.plugs = 0
        self.ticks = 0
        self._ticked = threading.Condition()
        self.board: Any = None
        self.hand: list[Value] = []
        self._releases: list[tuple[float, int]] = []
        self._chatter: dict[int, tuple[int, bool]] = {}
        self._build_circuit()
        self._values: list[Value] = [self._empty] * len(spec.sensors)
        for position, value in (start_reading or {}).items():
            self._set(position, self._wire(value, position))

    # ---- wiring ----

    def _build_circuit(self) -> None:
        spec = self.spec
        self.circuit = VirtualCircuit()
        count = len(spec.sensors)
        self._empty: Value = "" if spec.sense is SenseMode.TAG else 0
        self._tags = {tag.upper(): kind for tag, kind in spec.tags.items()}
        self._tag_of_kind = {kind: tag for tag, kind in reversed(list(self._tags.items()))}
        gpio = 0
        self.tag_readers: VirtualTagReaders | None = None
        if spec.sense is SenseMode.TAG:
            self.tag_readers = VirtualTagReaders(count)
            self._rows: list[int] = []
            self._cols: list[int] = []
        else:
            switches = count * (2 if spec.sense is SenseMode.POLARITY else 1)
            ncols = max(1, math.ceil(math.sqrt(switches)))
            nrows = max(1, math.ceil(switches / ncols))
            self._rows = list(range(nrows))
            self._cols = list(range(nrows, nrows + ncols))
            gpio = nrows + ncols
            self.circuit.wire_matrix(self._rows, self._cols)
        self.button_gpio = {name: gpio + i for i, name in enumerate(spec.buttons)}
        for g in self.button_gpio.values():
            self.circuit.wire_button(g)
        self.led_gpio = gpio + len(spec.buttons)

    def _build_board(self, port: _Port) -> Any:
        fw, spec, circuit = self.firmware, self.spec, self.circuit
        sensors: Any
        if self.tag_readers is not None:
            sensors = self.tag_readers
        else:
            rows = [circuit.pin(g, VirtualPin.OUT, value=1) for g in self._rows]
            cols = [circuit.pin(g, VirtualPin.IN, VirtualPin.PULL_UP) for g in self._cols]
            kind = fw.scan.PolarityMatrix if spec.sense is SenseMode.POLARITY \
                else fw.scan.ReedMatrix
            sensors = kind(rows, cols, len(spec.sensors))
        pixels = None
        if spec.leds:
            sm = VirtualStateMachine(0, "ws2812", 8_000_000,
                                     circuit.pin(self.led_gpio, VirtualPin.OUT))
            sm.active(1)
            circuit.state_machines[0] = sm
            pixels = fw.leds.Pixels(sm, len(spec.leds))
        buttons = None
        if spec.buttons:
            pins = [circuit.pin(g, VirtualPin.IN, VirtualPin.PULL_UP)
                    for g in self.button_gpio.values()]
            buttons = fw.scan.Buttons(pins, spec.debounce_scans)
        return fw.board.Board(sensors, port, pixels=pixels, buttons=buttons,
                              button_names=spec.buttons, firmware=self.firmware_version,
                              scan_hz=round(spec.scan_hz), debounce_scans=spec.debounce_scans,
                              host_timeout_ms=self.host_timeout_ms)

    # ---- values: host level (piece kinds) and wire level (tag ids) ----

    def _wire(self, value: Any, position: str) -> Value:
        """A host-level value (or a script's piece) as what the sensor reads."""
        sense = self.spec.sense
        if sense is SenseMode.PRESENCE:
            if value in (0, 1, "0", "1") and not isinstance(value, bool):
                return int(value)
            return 1  # any piece is present
        if sense is SenseMode.POLARITY:
            names = {1: 1, -1: -1, 0: 0, "+": 1, "-": -1, "+1": 1, "-1": -1, "n": 1, "s": -1,
                     "north": 1, "south": -1}
            if isinstance(value, bool) or not isinstance(value, int | str) \
                    or value not in names:
                raise EmulatorError(f"{position}: a polarity piece is +1 or -1 (or 'n'/'s'); "
                                    f"got {value!r}")
            return names[value]
        if value in ("", None):
            return ""
        if isinstance(value, str) and value.upper() in self._tags:
            return value.upper()
        if isinstance(value, str) and value in self._tag_of_kind:
            return self._tag_of_kind[value]
        raise EmulatorError(f"{position}: board {self.spec.name!r} has no tag for piece "
                            f"{value!r} (its tags: {dict(self.spec.tags)})")

    def _host(self, wire: Value) -> Value:
        if self.spec.sense is SenseMode.TAG:
            return self._tags.get(str(wire), "?" + str(wire)) if wire else ""
        return wire

    def _set(self, position: str, wire: Value) -> None:
        index = self.spec.sensor_index[position]
        old = self._values[index]
        self._values[index] = wire
        if self.tag_readers is not None:
            self.tag_readers.tags[index] = bytes.fromhex(str(wire))
            return
        if self.bounce_scans and old != wire:
            self._chatter[index] = (self.bounce_scans, False)
        self._apply_switches(index, wire)

    def _apply_switches(self, index: int, wire: Value, invert: bool = False) -> None:
        if self.spec.sense is SenseMode.POLARITY:
            north, south = wire == 1, wire == -1
            if invert:
                north = south = False
            self.circuit.set_switch(2 * index, north)
            self.circuit.set_switch(2 * index + 1, south)
        else:
            self.circuit.set_switch(index, bool(wire) != invert)

    # ---- what the board holds ----

    def values(self) -> tuple[Value, ...]:
        """Every sensor as the host should read it once the board has settled."""
        with self._lock:
            return tuple(self._host(v) for v in self._values)

    def reading(self) -> dict[str, Value]:
        return self.spec.reading_of(self.values())

    def board_values(self) -> tuple[Value, ...] | None:
        """The firmware's debounced view (host level); None while unplugged."""
        with self._lock:
            if self.board is None:
                return None
            stable = self.board.debouncer.stable
            if self.spec.sense is SenseMode.TAG:
                return tuple(self._host(bytes(v).hex().upper()) for v in stable)
            return tuple(stable)

    def pixels(self) -> tuple[tuple[int, int, int], ...]:
        """What the LED chain shows now."""
        sm = self.circuit.state_machines.get(0)
        return sm.pixels() if sm is not None else ()

    @property
    def address(self) -> str:
        return self.transport.address

    # ---- hands on the board ----

    def lift(self, position: str) -> None:
        with self._lock:
            index = self.spec.sensor_index[position]
            if self._values[index] == self._empty:
                log.warning("lift %s: there is no piece there", position)
                return
            self.hand.append(self._values[index])
            self._set(position, self._empty)

    def place(self, position: str, piece: Any = None) -> None:
        """Put down ``piece`` (a host-level value, or with ``piece_value`` a kind of piece of
        the game), else the piece lifted last."""
        with self._lock:
            if piece is not None:
                if self.piece_value is not None:
                    piece = self.piece_value(piece)
                wire = self._wire(piece, position)
            elif self.hand:
                wire = self.hand.pop()
            elif self.spec.sense is SenseMode.PRESENCE:
                wire = 1
            else:
                log.warning("place %s: the hand is empty and no piece was named", position)
                return
            self._set(position, wire)

    def press(self, button: str) -> None:
        """Press and, a few scans later, release a board button."""
        with self._lock:
            gpio = self.button_gpio[button]
            self.circuit.press(gpio, True)
            hold = (self.spec.debounce_scans + 2 + self.bounce_scans) * self.period
            self._releases.append((self.clock.now() + hold, gpio))

    # ---- power and cable ----

    def plug(self) -> None:
        """Connect the cable: the port appears and the firmware boots (sends its hello)."""
        with self._lock:
            if self.board is not None:
                return
            self.transport.plug()
            self.plugs += 1
            self.board = self._build_board(_Port(self, self.transport, self.plugs))

    def unplug(self) -> None:
        """Pull the cable: the port disappears and the board loses power."""
        with self._lock:
            self.transport.unplug()
            self.board = None

    def replug(self) -> None:
        self.unplug()
        self.plug()

    # ---- running ----

    def start(self) -> Emulator:
        self.plug()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="boardlight-emulator",
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        self.unplug()

    def __enter__(self) -> Emulator:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def run_for(self, seconds: float) -> None:
        """Scan for ``seconds`` of clock time on this thread (without ``start()``)."""
        end = self.clock.now() + seconds
        while self.clock.now() < end - 1e-9:
            self.tick()
            self.clock.wait_until(self.clock.now() + self.period, self._stop)

    def tick(self) -> None:
        """One scan at the clock's time: due script lines, button releases, the firmware."""
        now = self.clock.now()
        with self._lock:
            self._run_script(now)
            if self._releases:
                for due, gpio in [r for r in self._releases if r[0] <= now]:
                    self.circuit.press(gpio, False)
                    self._releases.remove((due, gpio))
            if self._chatter:
                self._bounce()
            if self.board is not None:
                self.board.step(int(now * 1000))
        with self._ticked:
            self.ticks += 1
            self._ticked.notify_all()

    def wait_ticks(self, count: int, timeout: float | None = None) -> bool:
        """Wait until the scan loop has run ``count`` more scans (plugged in or not)."""
        with self._ticked:
            target = self.ticks + count
            return self._ticked.wait_for(lambda: self.ticks >= target, timeout)

    def _run(self) -> None:
        next_t = self.clock.now()
        try:
            while not self._stop.is_set():
                self.tick()
                next_t += self.period
                now = self.clock.now()
                if next_t < now:
                    next_t = now
                self.clock.wait_until(next_t, self._stop)
        except Exception:
            log.exception("the emulator's scan loop stopped")
            raise

    def _bounce(self) -> None:
        # A reed switch chatters when a magnet arrives or leaves: alternate for a few scans.
        for index, (left, inverted) in list(self._chatter.items()):
            if left <= 0:
                del self._chatter[index]
                self._apply_switches(index, self._values[index])
            else:
                self._chatter[index] = (left - 1, not inverted)
                self._apply_switches(index, self._values[index], invert=not inverted)

    def _run_script(self, now: float) -> None:
        if self._script_t0 is None or self._script_pos >= len(self._script):
            return
        while self._script_pos < len(self._script):
            action = self._script[self._script_pos]
            if self._script_t0 + action.t > now:
                break
            self._script_pos += 1
            self._perform(action)
        if self._script_pos >= len(self._script):
            self.script_done.set()

    def _perform(self, action: ScriptLine) -> None:
        log.debug("script line %d (t=%.3f): %s %s", action.line, action.t, action.kind,
                  action.value)
        try:
            if action.kind == "lift":
                self.lift(action.value)
            elif action.kind == "place":
                self.place(action.value, action.piece)
            elif action.kind == "button":
                self.press(action.value)
            elif action.kind == "phone" and self.on_phone is not None:
                self.on_phone(action.value)
        except EmulatorError as exc:
            log.error("script line %d (t=%.3f) skipped: %s", action.line, action.t, exc)

    def _seen(self, direction: str, frame: Frame, plug: int) -> None:
        if direction == "in" and frame.type == MessageType.GET_SCAN:
            if self._script_t0 is None:
                self._script_t0 = self.clock.now()
            self.host_synced.set()
        if self.on_frame is not None:
            self.on_frame(direction, frame, plug)


@dataclass(frozen=True, slots=True)
class EmulatorSummary:
    address: str
    actions: int
    plugs: int
    final_reading: dict[str, Value]


def run_emulator(spec: BoardSpec, start_reading: Mapping[str, Value] | None,
                 script_lines: Iterable[str], link: str = "pty", *,
                 clock: EmulatorClock | None = None,
                 on_phone: Callable[[Mapping[str, Any]], None] | None = None,
                 pieces: Iterable[str] = (),
                 piece_value: Callable[[str], Value] | None = None,
                 on_ready: Callable[[str], None] | None = None,
                 wait_for_host: bool = True, linger: float | None = None,
                 stop: threading.Event | None = None, host_timeout_ms: int = 5000,
                 bounce_scans: int = 0) -> EmulatorSummary:
    """Run a virtual board until its script is done and ``linger`` seconds more (``None``:
    until ``stop`` is set or Ctrl-C).  ``on_ready(address)`` says where the host connects.

    Script times count from the host's first full-scan request when ``wait_for_host``.
    ``pieces``: the game's kinds of piece, which a script's ``place`` lines may name;
    ``piece_value``: what a sensor of this board reads for one of them.
    """
    script = parse_script(script_lines, spec, pieces)
    stop = stop or threading.Event()
    emulator = Emulator(spec, start_reading, link, clock=clock, script=script,
                        on_phone=on_phone, piece_value=piece_value,
                        wait_for_host=wait_for_host,
                        host_timeout_ms=host_timeout_ms, bounce_scans=bounce_scans)
    with emulator:
        log.info("virtual board %r at %s", spec.name, emulator.address)
        if on_ready is not None:
            on_ready(emulator.address)
        while not stop.is_set() and not emulator.script_done.is_set():
            stop.wait(0.05)
        if linger is None:
            stop.wait()
        elif linger > 0:
            stop.wait(linger)
        return EmulatorSummary(emulator.address, len(script), emulator.plugs,
                               emulator.reading())
