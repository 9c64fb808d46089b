# A virtual Raspberry Pi Pico for the firmware under the real MicroPython (run.mjs puts this
# file on MicroPython's sys.path beside the firmware's modules).
#
# The same circuit as firmware_bridge/virtual_pico.py, written for MicroPython (no typing, no
# dataclasses, no threading): a column reads low only while a row with a closed switch (and its
# diode) on that column is driven low, a pulled-up input reads high, a floating one reads
# noise.  Also a USB port the host side feeds with hex strings, a state machine that records
# what the ws2812 program would be sent, fake machine/rp2/time/select modules for bl_hw, and
# the game that `boardlight bench firmware-memory` measures.

import gc
import sys

IN = 0
OUT = 1
OPEN_DRAIN = 2
PULL_UP = 1
PULL_DOWN = 2


class Circuit:
    """The Pico's GPIOs and what is wired to them (switch ``i`` is row-major)."""

    def __init__(self):
        self.pins = {}  # gpio -> [mode, pull, out, float_level]
        self.rows = ()
        self.cols = {}
        self.closed = bytearray()
        self.col_low = bytearray()
        self.row_of = {}
        self.row_low = bytearray()
        self.buttons = {}
        self.state_machines = {}

    def wire_matrix(self, rows, cols):
        self.rows = tuple(rows)
        self.row_of = {}
        for r in range(len(rows)):
            self.row_of[rows[r]] = r
        self.row_low = bytearray(len(rows))
        self.cols = {}
        for c in range(len(cols)):
            self.cols[cols[c]] = c
        self.closed = bytearray(len(rows) * len(cols))
        self.col_low = bytearray(len(cols))

    def set_switch(self, index, closed=True):
        self.closed[index] = 1 if closed else 0
        self._update_columns()

    def wire_button(self, gpio):
        self.buttons[gpio] = False

    def press(self, gpio, pressed=True):
        if gpio not in self.buttons:
            raise KeyError("no button is wired to GPIO" + str(gpio))
        self.buttons[gpio] = pressed

    def pin(self, gpio, mode=-1, pull=-1, value=None):
        return Pin(self, gpio, mode, pull, value)

    def _state(self, gpio):
        state = self.pins.get(gpio)
        if state is None:
            state = self.pins[gpio] = [IN, None, 0, 0]
        return state

    def configure(self, gpio, mode, pull, value):
        state = self._state(gpio)
        if mode != -1:
            state[0] = mode
        if pull != -1:
            state[1] = pull
        if value is not None:
            state[2] = 1 if value else 0
        self._update_row(gpio, state)

    def drive(self, gpio, level):
        state = self._state(gpio)
        state[2] = level
        self._update_row(gpio, state)

    def _update_row(self, gpio, state):
        # (Written not to allocate: the memory game measures what the firmware allocates.)
        row = self.row_of.get(gpio)
        if row is None:
            return
        self.row_low[row] = 1 if state[2] == 0 and (state[0] == OUT or
                                                    state[0] == OPEN_DRAIN) else 0
        self._update_columns()

    def _update_columns(self):
        # Which columns a driven-low row pulls low through a closed switch (and its diode).
        ncols = len(self.cols)
        low = self.col_low
        closed = self.closed
        for c in range(ncols):
            low[c] = 0
        for row in range(len(self.row_low)):
            if self.row_low[row]:
                base = row * ncols
                for c in range(ncols):
                    if closed[base + c]:
                        low[c] = 1

    def level(self, gpio):
        state = self.pins.get(gpio) or self._state(gpio)
        mode = state[0]
        if mode == OUT:
            return state[2]
        if mode == OPEN_DRAIN and state[2] == 0:
            return 0
        col = self.cols.get(gpio)
        if col is not None and self.col_low[col]:
            return 0
        if self.buttons.get(gpio):
            return 0
        pull = state[1]
        if pull == PULL_UP:
            return 1
        if pull == PULL_DOWN:
            return 0
        state[3] ^= 1  # a floating input picks up noise
        return state[3]


class Pin:
    """``machine.Pin`` on the virtual circuit (the subset the firmware uses)."""

    IN = IN
    OUT = OUT
    OPEN_DRAIN = OPEN_DRAIN
    PULL_UP = PULL_UP
    PULL_DOWN = PULL_DOWN

    def __init__(self, circuit, gpio, mode=-1, pull=-1, value=None):
        self.circuit = circuit
        self.gpio = gpio
        circuit.configure(gpio, mode, pull, value)

    def value(self, x=None):
        if x is None:
            return self.circuit.level(self.gpio)
        self.circuit.drive(self.gpio, 1 if x else 0)
        return None


class StateMachine:
    """``rp2.StateMachine`` running the ws2812 program: counts every ``put`` and keeps the
    words of the last one (or of all, with ``keep_all``) as the PIO's shift register sees
    them, shift applied."""

    def __init__(self, sm_id=0, program=None, freq=0, sideset_base=None, keep_all=True):
        self.id = sm_id
        self.program = program
        self.freq = freq
        self.sideset_base = sideset_base
        self.is_active = False
        self.keep_all = keep_all
        self.puts = 0
        self.frames = []
        self.last = None
        self.shift = 0

    def active(self, value=None):
        if value is None:
            return self.is_active
        self.is_active = bool(value)
        return None

    def put(self, words, shift=0):
        self.puts += 1
        if self.keep_all:
            if isinstance(words, int):
                words = (words,)
            self.frames.append([(w << shift) & 0xFFFFFFFF for w in words])
        else:
            self.last = words  # no copy: the measured game must not allocate here
            self.shift = shift

    def pixels(self, index=-1):
        """What each pixel shows after put number ``index``: (r, g, b) (GRB on the wire)."""
        if not self.frames:
            return []
        return [[(w >> 16) & 0xFF, (w >> 24) & 0xFF, (w >> 8) & 0xFF]
                for w in self.frames[index]]


class Port:
    """The board's USB serial port: ``read()`` hands over what the host fed, ``write()``
    keeps what the board sent (or only counts it, with ``keep=False``)."""

    def __init__(self, keep=True):
        self.inbox = bytearray()
        self.outbox = bytearray()
        self.keep = keep
        self.writes = 0
        self.bytes_written = 0

    def feed(self, hex_data):
        self.inbox.extend(bytes.fromhex(hex_data))

    def read(self):
        if not self.inbox:
            return b""
        data = bytes(self.inbox)
        self.inbox = bytearray()
        return data

    def write(self, data):
        self.writes += 1
        self.bytes_written += len(data)
        if self.keep:
            self.outbox.extend(data)

    def take(self):
        """What the board wrote since the last take, as hex."""
        data = self.outbox.hex()
        self.outbox = bytearray()
        return data


class Rig:
    """One board on a virtual circuit, built the way bl_hw.build() wires a real one."""

    def __init__(self, rows, cols, count=None, button_pins=(), button_names=(), leds=0,
                 sense="presence", keep=True, pull=PULL_UP, closed=(), **board_options):
        import bl_board
        import bl_leds
        import bl_scan

        self.circuit = Circuit()
        self.circuit.wire_matrix(rows, cols)
        for i in closed:  # pieces already there at power-up
            self.circuit.set_switch(i)
        row_pins = [self.circuit.pin(g, OUT, value=1) for g in rows]
        col_pins = [self.circuit.pin(g, IN, pull) for g in cols]
        kind = bl_scan.PolarityMatrix if sense == "polarity" else bl_scan.ReedMatrix
        self.sensors = kind(row_pins, col_pins, count)
        self.buttons = None
        if button_pins:
            for g in button_pins:
                self.circuit.wire_button(g)
            pins = [self.circuit.pin(g, IN, PULL_UP) for g in button_pins]
            self.buttons = bl_scan.Buttons(pins, board_options.get("debounce_scans", 3))
        self.sm = StateMachine(keep_all=keep)
        self.pixels = bl_leds.Pixels(self.sm, leds) if leds else None
        self.port = Port(keep)
        self.board = bl_board.Board(self.sensors, self.port, pixels=self.pixels,
                                    buttons=self.buttons, button_names=button_names,
                                    **board_options)

    def step(self, now_ms, hex_data=""):
        if hex_data:
            self.port.feed(hex_data)
        self.board.step(now_ms)
        return self.port.take()


# ---- fake MicroPython modules for bl_hw ---------------------------------------------------------


class FakeModule:
    def __init__(self, name, **names):
        self.__name__ = name
        for key in names:
            setattr(self, key, names[key])


TICKS_PERIOD = 1 << 30  # the rp2 port's ticks wrap here
TICKS_MASK = TICKS_PERIOD - 1


class FakeClock:
    """``time`` as the Pico has it, on a clock only sleeps move (starting 1 s before the ticks
    wrap); after ``stop_after`` sleeps, a sleep raises StopLoop."""

    def __init__(self):
        self.us = TICKS_PERIOD * 1000 - 1000000
        self.sleeps = []
        self.stop_after = None

    def module(self):
        return FakeModule(
            "time",
            ticks_ms=lambda: (self.us // 1000) & TICKS_MASK,
            ticks_us=lambda: self.us & TICKS_MASK,
            ticks_diff=lambda a, b: ((a - b + TICKS_PERIOD // 2) & TICKS_MASK)
            - TICKS_PERIOD // 2,
            ticks_add=lambda a, d: (a + d) & TICKS_MASK,
            sleep_us=self.sleep_us,
            sleep_ms=lambda ms: self.sleep_us(ms * 1000))

    def sleep_us(self, us):
        if us < 0:
            raise ValueError("negative sleep")
        self.sleeps.append(us)
        self.us += us
        if self.stop_after is not None and len(self.sleeps) >= self.stop_after:
            raise StopLoop()


class StopLoop(Exception):
    pass


class PioProgram:
    def __init__(self, name, options):
        self.name = name
        self.options = options
        self.instructions = []
        self.labels = {}
        self.wrap_target = 0
        self.wrap = -1


class PioInstruction:
    def __init__(self, op, args):
        self.op = op
        self.args = args
        self.sideset = None
        self.delay = 0

    def side(self, value):
        self.sideset = value
        return self

    def __getitem__(self, delay):
        self.delay = delay
        return self


def asm_pio(**options):
    """What the real rp2.asm_pio does: run the body with the PIO names in its globals."""

    def assemble(fn):
        program = PioProgram(fn.__name__, options)

        def instr(op):
            def make(*args):
                ins = PioInstruction(op, args)
                program.instructions.append(ins)
                return ins
            return make

        def label(name):
            program.labels[name] = len(program.instructions)

        def wrap_target():
            program.wrap_target = len(program.instructions)

        def wrap():
            program.wrap = len(program.instructions) - 1

        names = {"label": label, "wrap_target": wrap_target, "wrap": wrap, "x": "x",
                 "y": "y", "not_x": "!x", "not_y": "!y", "pins": "pins", "osre": "osre",
                 "isr": "isr", "osr": "osr", "null": "null"}
        for op in ("out", "jmp", "nop", "set", "in_", "pull", "push", "mov", "irq", "wait"):
            names[op] = instr(op)
        g = fn.__globals__
        saved = {}
        for key in names:
            if key in g:
                saved[key] = g[key]
        g.update(names)
        try:
            fn()
        finally:
            for key in names:
                g.pop(key, None)
            g.update(saved)
        return program

    return assemble


class FakeStdin:
    def __init__(self):
        self.data = bytearray()

    def available(self):
        return bool(self.data)

    def read(self, n):
        if not self.data:
            raise AssertionError("read() with nothing waiting would block on the Pico")
        out = bytes(self.data[:n])
        self.data = self.data[n:]
        return out


class FakePoll:
    def __init__(self):
        self.registered = []

    def register(self, obj, mask=1):
        self.registered.append(obj)

    def poll(self, timeout=-1):
        return [(obj, 1) for obj in self.registered if obj.available()]


class FakePico:
    """machine, rp2, time, select and micropython over one circuit, in sys.modules while
    ``load_hw()`` imports bl_hw (which keeps them); the interpreter's own come back after."""

    FAKED = ("machine", "rp2", "time", "select", "micropython")

    def __init__(self):
        self.circuit = Circuit()
        self.clock = FakeClock()
        self.kbd_intr = []
        circuit = self.circuit

        class MachinePin(Pin):
            def __init__(self, gpio, mode=-1, pull=-1, value=None):
                Pin.__init__(self, circuit, gpio, mode, pull, value)

        def state_machine(sm_id, program=None, freq=0, sideset_base=None, **kw):
            sm = StateMachine(sm_id, program, freq, sideset_base)
            circuit.state_machines[sm_id] = sm
            return sm

        pio = FakeModule("PIO", OUT_LOW=0, OUT_HIGH=1, IN_LOW=0, IN_HIGH=1, SHIFT_LEFT=0,
                         SHIFT_RIGHT=1)
        self.modules = {
            "machine": FakeModule("machine", Pin=MachinePin, freq=lambda *a: 125000000),
            "rp2": FakeModule("rp2", PIO=pio, asm_pio=asm_pio, StateMachine=state_machine),
            "time": self.clock.module(),
            "select": FakeModule("select", POLLIN=1, poll=FakePoll),
            "micropython": FakeModule("micropython", const=lambda x: x,
                                      kbd_intr=self.kbd_intr.append),
        }

    def load_hw(self):
        saved = {}
        for name in self.FAKED:
            if name in sys.modules:
                saved[name] = sys.modules[name]
            sys.modules[name] = self.modules[name]
        sys.modules.pop("bl_hw", None)
        try:
            import bl_hw
        finally:
            for name in self.FAKED:
                sys.modules.pop(name, None)
            sys.modules.update(saved)
        return bl_hw


# ---- a game's worth of scans and LED frames, for the memory figures -------------------------


class Rng:
    """xorshift32: the same numbers under MicroPython and CPython."""

    def __init__(self, seed):
        self.state = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def below(self, n):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x % n


def _leds_frame(proto, seq, count, lit, blink):
    payload = bytearray()
    proto.put_u16(payload, count)
    for i in range(count):
        if i in lit:
            payload.extend(bytes((0, 80, 160, proto.LED_BLINK if i in blink else 0)))
        else:
            payload.extend(b"\x00\x00\x00\x00")
    return proto.frame(proto.SHOW_LEDS, seq, payload)


class MemoryGame:
    """A game on an Abalone board built from bl_config (9 x 9 matrix, 61 sensors, 61 LEDs,
    the end-turn button) through bl_board.Board at SCAN_HZ, measuring the heap.

    Each move lifts a piece (with contact bounce), carries it 50-250 ms, puts it down on an
    empty cell (bounce again); the host sends an LED frame (the move's cells lit, the
    destination blinking) when the piece has left and when it has landed, pings every
    second, and after every other move the end-turn button is pressed.

    Drive it with one top-level call of ``advance()`` at a time until it returns True (the
    runner's "repeat" request): this port runs a collection only when control is back at the
    top level, so each call ends by asking for one, and every scan starts on a collected
    heap.  ``advance()`` first imports the firmware's modules, then builds the fake circuit,
    then the board, then scans once per call; ``figures()`` tells the heap at each stage,
    what the scans allocated, and the highest heap use seen (live before a scan plus what
    that scan allocated).
    """

    def __init__(self, moves=100, seed=1):
        self.moves = moves
        self.rng = Rng(seed)
        self.stage = 0
        self.done = False
        self.now = 0
        self.host_seq = 0
        self.stats = {"scans": 0, "led_frames": 0, "pings": 0, "presses": 0,
                      "alloc_total": 0, "alloc_max": 0, "live_max": 0, "peak": 0,
                      "idle_alloc_max": 0, "idle_alloc_min": 1 << 20}
        self._fed = False
        self.board = None
        self._script = None

    def advance(self):
        if self.stage == 0:
            self.stats["baseline"] = gc.mem_alloc()
            import bl_board  # noqa: F401
            import bl_config  # noqa: F401
            import bl_leds  # noqa: F401
            import bl_proto  # noqa: F401
            import bl_scan  # noqa: F401
        elif self.stage == 1:
            self.stats["modules"] = gc.mem_alloc()
            self._rig()
        elif self.stage == 2:
            self.stats["rig"] = gc.mem_alloc()
            self._build()
        elif self.stage == 3:
            self.stats["built"] = gc.mem_alloc()
            self._script = self._play()
            self._next_input()
        elif not self.done:
            self._scan()
            self._next_input()
        else:
            self.stats["end"] = gc.mem_alloc()
            return True
        self.stage += 1
        gc.collect()  # runs when this call returns to the top level
        return False

    def _rig(self):
        import bl_config as cfg

        self.circuit = circuit = Circuit()
        circuit.wire_matrix(cfg.ROW_PINS, cfg.COL_PINS)
        self.row_pins = [circuit.pin(g, OUT, value=1) for g in cfg.ROW_PINS]
        self.col_pins = [circuit.pin(g, IN, PULL_UP) for g in cfg.COL_PINS]
        for g in cfg.BUTTON_PINS:
            circuit.wire_button(g)
        self.button_pins = [circuit.pin(g, IN, PULL_UP) for g in cfg.BUTTON_PINS]
        self.sm = StateMachine(keep_all=False)
        self.port = Port(keep=False)
        self.occupied = bytearray(cfg.SENSOR_COUNT)
        for i in range(cfg.SENSOR_COUNT):
            if i < 14 or i >= cfg.SENSOR_COUNT - 14:
                self.occupied[i] = 1
                circuit.set_switch(i)

    def _build(self):
        import bl_board
        import bl_config as cfg
        import bl_leds
        import bl_scan

        sensors = bl_scan.ReedMatrix(self.row_pins, self.col_pins, cfg.SENSOR_COUNT)
        buttons = bl_scan.Buttons(self.button_pins, cfg.DEBOUNCE_SCANS)
        pixels = bl_leds.Pixels(self.sm, cfg.LED_COUNT)
        self.board = bl_board.Board(sensors, self.port, pixels=pixels, buttons=buttons,
                                    button_names=cfg.BUTTON_NAMES,
                                    firmware=cfg.FIRMWARE_VERSION, scan_hz=cfg.SCAN_HZ,
                                    debounce_scans=cfg.DEBOUNCE_SCANS,
                                    host_timeout_ms=cfg.HOST_TIMEOUT_MS)

    def _scan(self):
        import bl_config as cfg

        stats = self.stats
        writes = self.port.writes
        before = gc.mem_alloc()
        self.board.step(self.now)
        grew = gc.mem_alloc() - before
        if not self._fed and self.port.writes == writes:
            stats["idle_alloc_max"] = max(stats["idle_alloc_max"], grew)
            stats["idle_alloc_min"] = min(stats["idle_alloc_min"], grew)
        self.now += 1000 // cfg.SCAN_HZ
        stats["scans"] += 1
        stats["alloc_total"] += grew
        stats["alloc_max"] = max(stats["alloc_max"], grew)
        stats["live_max"] = max(stats["live_max"], before)
        stats["peak"] = max(stats["peak"], before + grew)

    def _next_input(self):
        # The host's bytes for the next scan go in now, before the collection: on the Pico
        # they wait in the USB buffer until the firmware reads them.
        try:
            data = next(self._script)
        except StopIteration:
            self.done = True
            return
        self._fed = bool(data)
        if data:
            self.host_seq = (self.host_seq + 1) & 0xFF
            self.port.feed(data.hex())

    def _play(self):
        """Yields before each scan: the host's bytes that arrive for it (b"" for none)."""
        import bl_config as cfg
        import bl_proto

        rng = self.rng
        circuit = self.circuit
        occupied = self.occupied
        stats = self.stats
        button = cfg.BUTTON_PINS[0]
        ping = b"\x01\x02\x03\x04"

        def wait(scans):
            for _ in range(scans):
                if self.now % 1000 == 0:
                    stats["pings"] += 1
                    yield bl_proto.frame(bl_proto.PING, self.host_seq, ping)
                else:
                    yield b""

        def bounce(index, settle):
            for _ in range(rng.below(4)):
                circuit.set_switch(index, not settle)
                yield from wait(1)
                circuit.set_switch(index, settle)
                yield from wait(1)
            circuit.set_switch(index, settle)

        def leds(lit, blink):
            stats["led_frames"] += 1
            yield _leds_frame(bl_proto, self.host_seq, cfg.LED_COUNT, lit, blink)

        yield from leds((), ())
        for _ in range(self.moves):
            src = self._pick(1)
            dst = self._pick(0)
            yield from bounce(src, False)
            occupied[src] = 0
            yield from wait(cfg.DEBOUNCE_SCANS + 2)
            yield from leds((src,), ())
            yield from wait(10 + rng.below(40))
            yield from bounce(dst, True)
            occupied[dst] = 1
            yield from wait(cfg.DEBOUNCE_SCANS + 2)
            yield from leds((src, dst), (dst,))
            if rng.below(2):
                stats["presses"] += 1
                circuit.press(button)
                yield from wait(cfg.DEBOUNCE_SCANS + 6)
                circuit.press(button, False)
            yield from wait(10 + rng.below(30))
        yield from wait(cfg.DEBOUNCE_SCANS + 2)

    def _pick(self, value):
        """A random cell whose occupancy is ``value``."""
        cells = self.occupied
        n = 0
        for v in cells:
            if v == value:
                n += 1
        k = self.rng.below(n)
        for i in range(len(cells)):
            if cells[i] == value:
                if k == 0:
                    return i
                k -= 1
        raise ValueError("no such cell")

    def figures(self):
        out = dict(self.stats)
        board = self.board
        out.update(frames_sent=self.port.writes, bytes_sent=self.port.bytes_written,
                   led_puts=self.sm.puts, naks_received=board.naks_received,
                   decoder_frames=board.decoder.frames, decoder_dropped=board.decoder.dropped,
                   stable=list(board.debouncer.stable), occupied=list(self.occupied))
        return out
