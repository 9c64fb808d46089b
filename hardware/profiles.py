"""Board profiles: one TOML file per physical board build, read into a ``BoardSpec`` + wiring.

A profile is data, not code, so a builder describes a new board without touching Python:
which game it plays, which position each sensor index reads, how the LEDs are chained, and
(for a build that the Pi scans itself) which GPIO pins the matrix, the LEDs and the buttons
use.  ``hardware/README.md`` explains every key; the profiles that ship with Boardlight live
in ``hardware/profiles/`` and are found by name (``load_profile("abalone")``).

Validation happens here, once, with messages for a person holding a soldering iron: every
problem of a profile is reported in one go, each naming the table, the key and the fix.
Positions are checked against the game's own geometry (all its variants: one board build
serves a whole game family), so a profile cannot name a cell that the rules do not have.
"""

from __future__ import annotations

import logging
import os
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from itertools import permutations
from pathlib import Path
from typing import Any, ClassVar

from controller.errors import UnknownGameError
from controller.physical import BoardSpec, SenseMode
from controller.rules import find_game
from controller.rules.capabilities import profile_name
from controller.rules.registry import manifest_of
from hardware.errors import ProfileError
from hardware.profile_reader import Problems, Table

log = logging.getLogger(__name__)

# GPIO2..27 are on every 40-pin Raspberry Pi header (BCM numbering).  GPIO0/1 are left to
# the HAT ID EEPROM the firmware probes at boot.
FIRST_PIN, LAST_PIN = 2, 27

# Pins the kernel's spidev driver claims once a bus is enabled.  ``dtparam=spi=on`` claims
# both chip selects of SPI0; the ``spi1-Ncs`` overlays claim CE0..CE(N-1) of SPI1, and device
# D needs N = D + 1.
SPI_BUS_PINS: dict[int, dict[str, int]] = {
    0: {"MOSI": 10, "MISO": 9, "SCLK": 11},
    1: {"MOSI": 20, "MISO": 19, "SCLK": 21},
}
SPI_CHIP_SELECTS: dict[int, tuple[int, ...]] = {0: (8, 7), 1: (18, 17, 16)}

# WS2812 timing from 8 SPI bits per LED bit (neopixel_spi's 0b11000000 / 0b11110000
# patterns): a 0 is high for 2/f and a 1 for 4/f.  The datasheet windows (T0H 220-380 ns,
# T1H 580-1000 ns) hold for f between about 5.3 and 6.9 MHz.
SPI_CLOCK_RANGE = (5_300_000, 6_900_000)
DEFAULT_SPI_CLOCK = 6_400_000
PIXEL_ORDERS = tuple("".join(p) for p in permutations("RGB"))

# "serial": the board's own microcontroller drives the LEDs (frames go over the USB link).
LED_DRIVERS = ("spi-pixels", "gpio-leds", "serial")


@dataclass(frozen=True)
class MatrixWiring:
    """A diode switch matrix read by the Pi: rows driven low one at a time, columns read.

    Sensor index ``row * len(columns) + column`` (row-major), so a profile lists its
    positions one matrix row after another.
    """

    rows: tuple[int, ...]
    columns: tuple[int, ...]

    @property
    def crossings(self) -> int:
        return len(self.rows) * len(self.columns)

    def index(self, row: int, column: int) -> int:
        return row * len(self.columns) + column


@dataclass(frozen=True)
class SpiPixelWiring:
    """A WS2812-class pixel chain on an SPI bus's MOSI line (``/dev/spidevBUS.DEVICE``)."""

    driver: ClassVar[str] = "spi-pixels"
    kind: ClassVar[str] = "rgb"
    bus: int = 0
    device: int = 0
    clock_hz: int = DEFAULT_SPI_CLOCK
    order: str = "GRB"
    brightness: float = 1.0
    max_current_ma: int | None = None

    @property
    def mosi(self) -> int:
        return SPI_BUS_PINS[self.bus]["MOSI"]


@dataclass(frozen=True)
class GpioLedWiring:
    """Single-colour LEDs, one GPIO pin each (PWM dimmed when ``brightness`` < 1)."""

    driver: ClassVar[str] = "gpio-leds"
    kind: ClassVar[str] = "mono"
    pins: tuple[int, ...]
    brightness: float = 1.0


@dataclass(frozen=True)
class SerialLedWiring:
    """The board's own microcontroller drives the LEDs: frames go over its USB link."""

    driver: ClassVar[str] = "serial"
    kind: ClassVar[str] = "rgb"


LedWiring = SpiPixelWiring | GpioLedWiring | SerialLedWiring


@dataclass(frozen=True)
class ButtonWiring:
    """Push buttons to ground, by name; the Pi's pull-ups hold them high when open."""

    pins: Mapping[str, int] = field(default_factory=dict)
    bounce_s: float = 0.02
    names: tuple[str, ...] = ()  # read by the board's microcontroller, reported by name


@dataclass(frozen=True)
class Wiring:
    """How one build connects to the Pi.  ``matrix`` is ``None`` when something else (the
    board's microcontroller, the simulated board) produces the scans; ``leds`` names its
    driver (``LedWiring.driver``: a pixel chain, GPIO pins, or the board's microcontroller)."""

    matrix: MatrixWiring | None
    leds: LedWiring
    buttons: ButtonWiring


@dataclass(frozen=True)
class Profile:
    spec: BoardSpec
    wiring: Wiring
    source: str          # the file it came from, for messages


# ---- finding profiles ------------------------------------------------------------------------

def shipped_profiles() -> tuple[str, ...]:
    """Names of the profiles that ship with Boardlight (``abalone``, ...)."""
    folder = resources.files("hardware").joinpath("profiles")
    return tuple(sorted(p.name.removesuffix(".toml") for p in folder.iterdir()
                        if p.name.endswith(".toml")))


def profile_for(game: Any, variant: str | None = None, serial: bool = False) -> str:
    """The shipped profile of a game's board: ``NAME-pico`` for the reference firmware's
    build over USB serial when one ships, else the game's own (``capabilities.profile_name``:
    ``BoardBuilds.profile_name``, or the game's name)."""
    name: str = profile_name(game, variant)
    if serial and f"{name}-pico" in shipped_profiles():
        return f"{name}-pico"
    return name


def own_sense(game: Any, variant: str | None = None) -> SenseMode:
    """How the game's own board senses its pieces (its manifest's ``sensing``: Plimus's
    magnets are read by linear hall sensors), presence for a game without a manifest: what its
    simulated board reads, so that a move reads there as on the board it stands for.  The
    shipped profiles agree with their games' manifests (``tests/hardware/test_profiles.py``)."""
    manifest = manifest_of(game)
    return SenseMode(manifest.sensing) if manifest is not None else SenseMode.PRESENCE


def load_profile(path_or_name: str | os.PathLike[str]) -> Profile:
    """Read a profile from a file path, or a shipped one by name (``"abalone"``).

    A text that names an existing file is read as that file; otherwise a bare name (no
    folder) is looked up among the shipped profiles, with or without ``.toml``.
    """
    path = Path(path_or_name)
    if path.is_file():
        return _parse_text(path.read_text(encoding="utf-8"), str(path_or_name))
    text = str(path_or_name)
    if path.parent != Path("."):
        raise ProfileError(f"profile {text}: no such file; check the path, or give the name "
                           f"of a shipped profile ({', '.join(shipped_profiles())})")
    name = text.removesuffix(".toml")
    if name not in shipped_profiles():
        raise ProfileError(f"no board profile called {name!r}: give a path to a .toml file, "
                           f"or one of the shipped profiles: {', '.join(shipped_profiles())}")
    resource = resources.files("hardware").joinpath("profiles", f"{name}.toml")
    return _parse_text(resource.read_text(encoding="utf-8"), f"{name}.toml")


def _parse_text(text: str, source: str) -> Profile:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ProfileError(f"profile {source}: not valid TOML ({e}); check the quotes, "
                           "commas and brackets on that line") from None
    return parse_profile(data, source)


# ---- reading one profile ---------------------------------------------------------------------

def parse_profile(data: Mapping[str, Any], source: str) -> Profile:
    """Validate parsed TOML and build the profile; ``ProfileError`` lists every problem."""
    problems = Problems(source)
    top = Table(data, "", problems)
    name = top.text("name")
    game_name = top.text("game")
    description = top.text("description", required=False, default="") or ""
    positions = _game_positions(game_name, top)

    scan = top.table("scan")
    scan_hz = debounce = None
    if scan is not None:
        scan_hz = scan.number("hz", low=10, high=2000, unit=" Hz")
        debounce = scan.integer("debounce_scans", low=1, high=100)
        scan.done()

    sensors = top.table("sensors", required=True)
    mode = matrix = None
    sensor_positions: list[str] | None = None
    tags: dict[str, str] = {}
    if sensors is not None:
        mode, sensor_positions, matrix, tags = _read_sensors(sensors, positions)

    leds_table = top.table("leds", required=True)
    leds: LedWiring | None = None
    led_positions: list[str] | None = None
    if leds_table is not None:
        leds, led_positions = _read_leds(leds_table, positions)

    buttons = ButtonWiring()
    buttons_table = top.table("buttons")
    if buttons_table is not None:
        buttons = _read_buttons(buttons_table)
    top.done()

    _check_pins(problems, matrix, leds, buttons)
    if problems.lines:
        raise ProfileError(problems.lines)
    assert name is not None and game_name is not None and mode is not None
    assert sensor_positions is not None and led_positions is not None and leds is not None
    spec = BoardSpec(
        name=name,
        game=find_game(game_name).name,
        sense=SenseMode(mode),
        sensors=tuple(p or None for p in sensor_positions),
        leds=tuple(p or None for p in led_positions),
        led_kind=leds.kind,
        scan_hz=scan_hz if scan_hz is not None else 200.0,
        debounce_scans=debounce if debounce is not None else 3,
        buttons=tuple(dict.fromkeys([*buttons.pins, *buttons.names])),
        tags=tags,
        description=description,
    )
    log.debug("loaded board profile %s from %s", name, source)
    return Profile(spec, Wiring(matrix, leds, buttons), source)


def _game_positions(game_name: str | None, top: Table) -> frozenset[str] | None:
    """Every position of every variant of the game (``None`` if the game is unknown)."""
    if game_name is None:
        return None
    try:
        game = find_game(game_name)
    except UnknownGameError as e:
        top.problem(f"'game': {e}")
        return None
    return frozenset(p for v in game.variants for p in game.geometry(v).positions)


def _check_positions(table: Table, key: str, listed: list[str],
                     known: frozenset[str] | None, what: str) -> None:
    """Each entry a position of the game or ``""``; no position twice."""
    if known is not None:
        unknown = [p for p in listed if p and p not in known]
        if unknown:
            table.problem(f"'{key}' names {', '.join(map(repr, unknown))}, which the game "
                          f"does not have; use its position names ({_sample(known)}) or \"\" "
                          "for an unused index")
    for position, count in Counter(p for p in listed if p).items():
        if count > 1:
            at = [i for i, p in enumerate(listed) if p == position]
            table.problem(f"'{key}': {position!r} appears {count} times (indices "
                          f"{', '.join(map(str, at))}); each position has at most one {what}")


def _sample(known: frozenset[str]) -> str:
    names = sorted(known)
    return ", ".join(names[:3]) + f", ... {len(names)} in all"


def _read_sensors(sensors: Table, known: frozenset[str] | None) -> tuple[
        str | None, list[str] | None, MatrixWiring | None, dict[str, str]]:
    mode = sensors.text("mode", choices=tuple(m.value for m in SenseMode))
    listed = sensors.texts("positions")
    if listed is not None:
        _check_positions(sensors, "positions", listed, known, "sensor")
    matrix = None
    matrix_table = sensors.table("matrix")
    if matrix_table is not None:
        rows = matrix_table.integers("rows")
        columns = matrix_table.integers("columns")
        matrix_table.done()
        if rows is not None and columns is not None:
            matrix = MatrixWiring(tuple(rows), tuple(columns))
            if not rows or not columns:
                matrix_table.problem("needs at least one row pin and one column pin")
            elif listed is not None and len(listed) != matrix.crossings:
                sensors.problem(
                    f"'positions' has {len(listed)} entries but [sensors.matrix] has "
                    f"{len(rows)} rows x {len(columns)} columns = {matrix.crossings} "
                    "crossings; give one entry per crossing (row by row), \"\" where no "
                    "switch is fitted")
    tags: dict[str, str] = {}
    if mode == SenseMode.TAG.value:
        tag_table = sensors.table("tags", required=True)
        if tag_table is not None:
            for tag in tag_table.data:
                kind = tag_table.text(tag)
                if kind is not None:
                    tags[tag] = kind
            tag_table.done()
        sensors.done()
    else:
        sensors.done({"tags": 'tag ids are read only with mode = "tag"'})
    return mode, listed, matrix, tags


def _read_leds(leds: Table, known: frozenset[str] | None) -> tuple[
        LedWiring | None, list[str] | None]:
    driver = leds.text("driver", choices=LED_DRIVERS)
    listed = leds.texts("positions")
    if listed is not None:
        _check_positions(leds, "positions", listed, known, "LED")
    brightness = leds.number("brightness", low=0.01, high=1.0, default=1.0)
    if driver == "spi-pixels":
        max_ma = leds.integer("max_current_ma", low=50, high=100_000, unit=" mA")
        spi = leds.table("spi")
        bus, device, clock, order = 0, 0, DEFAULT_SPI_CLOCK, "GRB"
        if spi is not None:
            bus = spi.integer("bus", low=0, high=1, default=0) or 0
            device = spi.integer("device", low=0, high=len(SPI_CHIP_SELECTS[bus]) - 1,
                                 default=0) or 0
            clock = spi.integer("clock_hz", low=SPI_CLOCK_RANGE[0], high=SPI_CLOCK_RANGE[1],
                                default=DEFAULT_SPI_CLOCK, unit=" Hz") or DEFAULT_SPI_CLOCK
            order = spi.text("order", required=False, default="GRB",
                             choices=PIXEL_ORDERS) or "GRB"
            spi.done()
        leds.done({"gpio": 'pins are listed only with driver = "gpio-leds"'})
        if brightness is None:
            return None, listed
        return SpiPixelWiring(bus, device, clock, order, brightness, max_ma), listed
    if driver == "gpio-leds":
        gpio = leds.table("gpio", required=True)
        pins = gpio.integers("pins") if gpio is not None else None
        if gpio is not None:
            gpio.done()
        leds.done({"spi": 'an SPI bus drives only driver = "spi-pixels"',
                   "max_current_ma": "single-colour LEDs draw what their resistors set; "
                                     "the current cap is for pixel chains"})
        if gpio is not None and pins is not None and listed is not None \
                and len(pins) != len(listed):
            gpio.problem(f"'pins' has {len(pins)} pins but [leds] 'positions' has "
                         f"{len(listed)} entries; give one pin per LED, in LED-index order")
        if pins is None or brightness is None:
            return None, listed
        return GpioLedWiring(tuple(pins), brightness), listed
    leds.done()
    return (SerialLedWiring() if driver == "serial" else None), listed


def _read_buttons(buttons: Table) -> ButtonWiring:
    bounce_ms = buttons.integer("bounce_ms", low=0, high=1000, default=20, unit=" ms")
    # Buttons a microcontroller reads and reports by name (no Pi pin of their own).
    names = buttons.texts("names", required=False) or []
    pins: dict[str, int] = {}
    pin_table = buttons.table("pins")
    if pin_table is not None:
        for button in pin_table.data:
            pin = pin_table.integer(button, low=0, high=10_000)
            if pin is not None:
                pins[button] = pin
        pin_table.done()
    buttons.done()
    return ButtonWiring(pins, (bounce_ms if bounce_ms is not None else 20) / 1000,
                        tuple(names))


def _check_pins(problems: Problems, matrix: MatrixWiring | None,
                leds: LedWiring | None, buttons: ButtonWiring) -> None:
    """Every GPIO on the header, used once, and clear of the pixel chain's SPI bus."""
    uses: list[tuple[int, str]] = []
    if matrix is not None:
        uses += [(p, "[sensors.matrix] rows") for p in matrix.rows]
        uses += [(p, "[sensors.matrix] columns") for p in matrix.columns]
    if isinstance(leds, GpioLedWiring):
        uses += [(p, "[leds.gpio] pins") for p in leds.pins]
    uses += [(p, f"[buttons.pins] {name}") for name, p in buttons.pins.items()]

    for pin, role in uses:
        if not FIRST_PIN <= pin <= LAST_PIN:
            problems.add(role, f"pin {pin} is not a GPIO of the 40-pin header; use BCM "
                               f"numbers {FIRST_PIN}-{LAST_PIN} (GPIO0 and GPIO1 are kept "
                               "for the HAT ID EEPROM)")
    roles: dict[int, list[str]] = {}
    for pin, role in uses:
        roles.setdefault(pin, []).append(role)
    for pin, where in roles.items():
        if len(where) > 1:
            problems.add("", f"GPIO{pin} is used {len(where)} times ({'; '.join(where)}); "
                             "give each its own pin")
    if isinstance(leds, SpiPixelWiring):
        claimed = {pin: f"SPI{leds.bus} {signal}"
                   for signal, pin in SPI_BUS_PINS[leds.bus].items()}
        selects = SPI_CHIP_SELECTS[leds.bus]
        for n, pin in enumerate(selects if leds.bus == 0 else selects[:leds.device + 1]):
            claimed[pin] = f"SPI{leds.bus} CE{n}"
        for pin, role in uses:
            if pin in claimed:
                problems.add(role, f"GPIO{pin} is {claimed[pin]}, which the kernel's SPI "
                                   f"driver claims for the pixel chain ([leds.spi] bus = "
                                   f"{leds.bus}); choose another GPIO")
