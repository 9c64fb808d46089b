"""The wiring module: build the whole service from options, explicitly.

Board source (simulated, GPIO matrix, or a microcontroller over serial) -> game session on
its own thread -> table snapshots for the web pages, and LED frames to the light driver.
This is the one module that knows every package.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from boardlight.config import BOARDS
from boardlight.eventlog import EventLog, LogError, LogWriter, Replay, replay
from boardlight.systemd import Watchdog
from controller.errors import BoardError
from controller.physical import BoardSpec, SenseMode
from controller.rules import find_game
from controller.rules.base import Game
from controller.rules.capabilities import next_match_game
from controller.rules.series import SeriesRule
from controller.session.clock import TimeControl
from controller.session.computer import ComputerPlayer
from controller.session.events import ButtonPress, LedsShown, OutEvent, PhoneAction
from controller.session.runner import SessionRunner
from controller.session.session import GameSession, SessionConfig
from controller.session.table import Table
from hardware.scanloop import ScanLoop
from hardware.simboard import SimulatedBoard, default_spec

logger = logging.getLogger(__name__)



class ServiceError(BoardError, ValueError):
    """The service cannot be built as asked."""


@dataclass
class ServiceOptions:
    game: str | Game[Any, Any] = "abalone"  # a name, or a game object (tests' own games)
    variant: str | None = None
    board: str = "sim"
    profile: str | None = None          # gpio/serial: a shipped profile name or a TOML path
    serial_url: str | None = None
    seed: int | None = None             # None: a fresh secret seed per game (hidden deals)
    position: str | None = None
    sense: str | None = None            # the simulated board's sensors (None: its game's own)
    db: str | None = None               # the event log; an unfinished game there resumes
    brightness: float | None = None     # overrides the profile's LED brightness
    session: SessionConfig = field(default_factory=SessionConfig)
    club: Any = None                    # club.publisher.ClubSettings: publish to a club night


class Service:
    """Everything that runs: board, session thread, table, lights."""

    def __init__(self, options: ServiceOptions, clock: Callable[[], float] = time.monotonic,
                 pin_factory: Any = None, spi: Any = None) -> None:
        if options.board not in BOARDS:
            raise ServiceError(f"unknown board {options.board!r}; use one of {', '.join(BOARDS)}")
        self.options = options
        self.clock = clock
        self.pin_factory = pin_factory  # gpiozero pin factory (tests: MockFactory)
        self.spi = spi                  # SPI bus for the pixels (tests: a recording fake)
        self.game: Game[Any, Any] = (find_game(options.game) if isinstance(options.game, str)
                                     else options.game)
        self.game_id: int | None = None
        self.watchdog = Watchdog()  # kicked by the hardware loop only (see boardlight.systemd)
        self.variant = self.game.variant(options.variant).name
        self.sim: SimulatedBoard | None = None
        self.leds: Any = None
        self._closers: list[Callable[[], None]] = []
        self.log = EventLog(options.db) if options.db else None
        if self.log:
            self._closers.append(self.log.close)
        self.seed = 0
        # A stored game that does not replay: kept as it is, said at start and on the host
        # page (its number and why), and a new game begins.
        self.unreplayable: dict[str, Any] | None = None
        self.resumed = self._unfinished_game()
        if self.resumed:
            self.seed = self.resumed.record.seed
            self.variant = self.resumed.record.variant
            state = self.resumed.state
        else:
            state = self._start_state(options.position, self._seed(options.seed))
        self.spec = self._build_board(state)
        session = GameSession(self.game, self.spec, state, options.session,
                              resumed=self.resumed is not None)
        if self.resumed:
            r = self.resumed
            session.restore(r.states, r.moves, r.seats,
                            r.last.data.get("clocks") if r.last else None)
            logger.info("resumed game %d of %s at ply %d", r.record.id, self.game.name,
                     len(r.moves))
        self.runner = SessionRunner(session, clock)
        self._writer: LogWriter | None = None
        if self.log:
            game_id = (self.resumed.record.id if self.resumed else self.log.new_game(
                self.game.name, self.variant, self.seed, self.game.position_text(state)))
            self._attach_log(game_id)
        self.table = Table(self.runner)
        self.computer = ComputerPlayer(self.runner, clock)
        self.table.extras["computer"] = self.computer.seats
        self._names: dict[str, str] = {}  # seat -> the player's name (public, display only)
        self.table.extras["names"] = self.names
        if self.resumed:
            # The move list and the last move come back with the position.
            self.table.restore_moves(self._replayed_moves(self.resumed))
        self.runner.subscribe(self._show_leds)
        self.link: Any = None
        if options.board == "serial":
            self._build_link()
        self.scan_loop: ScanLoop | None = None
        if self._read is not None:
            self.scan_loop = ScanLoop(self._read, self.runner.post, clock, self.spec.scan_hz,
                                      on_scan=self.watchdog.kick)
        # ---- club night (docs/club.md): publish the public state, events and presence ----
        self.club: Any = None
        if options.club is not None:
            if self.log is None:
                raise ServiceError("a board in a club needs its event log (--db): what the "
                                   "broker missed is published from it")
            from club.publisher import BoardPublisher
            self.club = BoardPublisher(options.club, self, self.log)

    # ---- building ----------------------------------------------------------------------------

    def _seed(self, seed: int | None) -> int:
        """The seed of a new game's shuffles and deals: the one configured, else a fresh
        secret one (a fixed default would let anyone who knows the code predict the deal)."""
        self.seed = secrets.randbits(62) if seed is None else seed
        return self.seed

    def _start_state(self, position: str | None, seed: int) -> Any:
        if position:
            return self.game.parse_position(position, self.variant)
        return self.game.setup(self.variant, seed=seed)

    def _unfinished_game(self) -> Replay | None:
        """The log's unfinished game, replayed, if it is a game of this board's family."""
        if self.log is None:
            return None
        record = self.log.unfinished()
        if record is None:
            return None
        if record.game != self.game.name:
            logger.warning("the unfinished game %d is %s, not %s: starting a new game",
                        record.id, record.game, self.game.name)
            self.log.finish(record.id, {"winners": [], "reason": "abandoned"})
            return None
        try:
            return replay(self.log, record.id)
        except LogError as exc:
            # Never rewritten: 'boardlight export' shows it as far as it replays.
            self.unreplayable = {"game_id": record.id, "detail": str(exc)}
            logger.error("game %d in %s does not replay, so it cannot be taken up: %s; it is "
                         "kept as it is in the log (boardlight export --game-id %d shows it as "
                         "far as it replays), and a new game begins", record.id,
                         self.log.path, exc, record.id)
            return None

    def _attach_log(self, game_id: int) -> None:
        assert self.log is not None
        if self._writer is not None:
            self.runner.unsubscribe(self._writer)
        runner = self.runner
        self._writer = LogWriter(self.log, game_id,
                                 lambda: runner.session.clock_json(self.clock()),
                                 by=lambda e: self.table.by_of(e))
        self.game_id = game_id
        runner.subscribe(self._writer, first=True)  # on disk before any light or page

    def _replayed_moves(self, r: Replay, most: int = 20) -> list[dict[str, Any]]:
        """The last moves of a game taken up from the log, as the table lists them: what each
        did (described again from its position, in today's words), who made it (as stored
        with it), when."""
        out = []
        for k in range(max(0, len(r.moves) - most), len(r.moves)):
            state = r.states[k]
            made = r.made[k] if k < len(r.made) else None
            by = made.data.get("by") if made is not None else None
            out.append({"ply": k + 1, "seat": r.seats[k], "move": r.moves[k],
                        "t": made.t if made is not None else 0.0,
                        "said": self.game.describe(
                            state, self.game.parse_move(state, r.moves[k])).to_json(),
                        "by": by if isinstance(by, dict) else {"computer": None,
                                                                "name": None}})
        return out

    def _sim_sense(self, game: Game[Any, Any], variant: str | None) -> SenseMode:
        """The simulated board's sensors: as configured, else those of the game's own board
        (a Plimus double stacked on a presence board would read as a stone only lifted)."""
        if self.options.sense:
            return SenseMode(self.options.sense)
        from hardware.profiles import own_sense
        return own_sense(game, variant)

    def _build_board(self, start: Any) -> BoardSpec:
        self._read: Callable[[float], Any] | None = None
        kind = self.options.board
        if kind == "sim":
            spec = default_spec(self.game, self.variant, self._sim_sense(self.game, self.variant))
            self.sim = SimulatedBoard(spec, self.game.layout(start), self.game, self.variant)
            sim = self.sim
            self._read = sim.scan
            return spec
        from hardware.profiles import load_profile, profile_for
        profile = load_profile(self.options.profile
                               or profile_for(self.game, self.variant, serial=kind == "serial"))
        if profile.spec.game != self.game.name:
            raise ServiceError(f"profile {profile.spec.name!r} is for {profile.spec.game}, "
                               f"not {self.game.name}")
        if kind == "gpio":
            self._build_gpio(profile)
            return profile.spec
        if not self.options.serial_url:
            raise ServiceError("a serial board needs its address: --serial-url /dev/ttyACM0 "
                               "(or socket://HOST:PORT, or a pty path)")
        return profile.spec

    def _build_link(self) -> None:
        """The microcontroller board: its link posts readings and buttons to the session (and
        kicks the watchdog: the link's reader is this build's hardware loop); LED frames go
        back over the link."""
        from firmware_bridge.link import SerialLink
        runner, dog = self.runner, self.watchdog

        def post(event: Any) -> None:
            dog.kick()
            runner.post(event)

        assert self.options.serial_url is not None
        self.link = SerialLink(self.options.serial_url, self.spec, post, clock=self.clock)
        self.leds = self.link
        self._closers.append(self.link.stop)

    def _build_gpio(self, profile: Any) -> None:
        if profile.wiring.matrix is None or profile.wiring.leds is None:
            raise ServiceError(f"profile {profile.spec.name!r} describes a board whose own "
                               "microcontroller reads the sensors or drives the LEDs: run it "
                               "with --board serial, or give a GPIO profile (--profile)")
        from hardware.buttons import Buttons
        from hardware.gpio_matrix import MatrixScanner
        from hardware.leds import open_leds
        if self.options.brightness is not None and hasattr(profile.wiring.leds, "brightness"):
            leds = dataclasses.replace(profile.wiring.leds, brightness=self.options.brightness)
            profile = dataclasses.replace(profile, wiring=dataclasses.replace(
                profile.wiring, leds=leds))
        scanner = MatrixScanner.from_profile(profile, pin_factory=self.pin_factory)
        self._closers.append(scanner.close)
        self._read = lambda _t: scanner.scan()
        self.leds = open_leds(profile, pin_factory=self.pin_factory, spi=self.spi)
        self._closers.append(self.leds.close)
        if profile.wiring.buttons.pins:
            buttons = Buttons(profile.wiring.buttons.pins, self.press,
                              pin_factory=self.pin_factory)
            self._closers.append(buttons.close)

    # ---- running -----------------------------------------------------------------------------

    def start(self) -> Service:
        self.runner.start()
        if self.club is not None:
            self.club.start()
        if self.scan_loop:
            self.scan_loop.start()
        if self.link is not None:
            self.link.start()
        return self

    def stop(self) -> None:
        if self.club is not None:  # first: says offline while the broker is still there
            self.club.stop()
            self.club = None
        if self.scan_loop:
            self.scan_loop.stop()
        self.runner.stop()      # first: no new search can start after this
        self.computer.close()   # stops the one under way
        for close in reversed(self._closers):
            try:
                close()
            except Exception:  # closing everything matters more than one failure
                logger.exception("closing %r failed", close)
        self._closers.clear()

    def _show_leds(self, out: list[OutEvent]) -> None:
        if self.leds is None:
            return
        for e in out:
            if isinstance(e, LedsShown):
                self.leds.show(e.frame)

    # ---- what pages and buttons do -------------------------------------------------------------

    def names(self) -> dict[str, str]:
        """The players' names by seat (what the host typed; public)."""
        return dict(self._names)

    def set_names(self, names: dict[str, str]) -> None:
        """Name seats (``""`` forgets a name); names of seats this game lacks are refused."""
        seats = self.table.seats
        unknown = sorted(set(names) - set(seats))
        if unknown:
            raise ServiceError(f"{unknown[0]!r} is not a seat of this game; seats: "
                               f"{', '.join(seats)}")
        merged = {**self._names, **names}
        self._names = {s: n for s, n in merged.items() if n}
        self.table.refresh()

    def computer_seats(self) -> dict[str, str]:
        """The seats the computer plays, with their levels."""
        return self.computer.seats()

    def set_computer(self, seat: str, level: str | None) -> None:
        """Let the computer play ``seat`` at a level (``easy``, ``quick``, ``club``,
        ``strong``), or give the seat back to a human (``None``)."""
        self.computer.set_level(seat, level)
        self.table.refresh()

    def press(self, button: str) -> None:
        self.runner.post(ButtonPress(self.clock(), button))

    def phone(self, seat: str, action: dict[str, Any]) -> None:
        self.runner.post(PhoneAction(self.clock(), seat, action))

    def sim_lift(self, position: str) -> str:
        return self._sim().lift(position, self.clock())

    def sim_place(self, position: str, piece: str | None = None) -> str:
        return self._sim().place(position, self.clock(), piece)

    def _sim(self) -> SimulatedBoard:
        if self.sim is None:
            raise ServiceError("this service runs a real board: there is no simulated board "
                               "to move pieces on")
        return self.sim

    def new_game(self, variant: str | None = None, seed: int | None = None,
                 game: str | None = None, match: str | None = None,
                 clock: TimeControl | str | None = "keep") -> None:
        """Start a new game (on a simulated board any game; on a real board a variant of its
        game).  The simulated board is set up in the new start position.

        ``match``: ``"match X"`` or ``"sumof X"`` begins a series with this game, ``""``
        ends any series; ``None`` goes on with a running series when the game and variant
        stay (the game's rules say who starts: in Rhombus the winner deals).  ``clock``: a
        time control for this game and the next ones, ``"variant"`` the variant's own (blitz has
        one), ``None`` no clock, ``"keep"`` as before."""
        new_game = find_game(game) if game else self.game
        if new_game is not self.game and self.sim is None:
            raise ServiceError(f"this board is built for {self.game.name}; it cannot play "
                               f"{new_game.name}")
        v = new_game.variant(variant).name
        rule = SeriesRule.parse(match) if match else None
        seed = self._seed(self.options.seed if seed is None else seed)
        previous = self.runner.call(lambda s: s.state).result(timeout=10)
        same = new_game is self.game and v == self.variant
        goes_on = match is None and same and self.table.match_goes_on() and \
            self.game.outcome(previous) is not None
        if match is not None or not same:
            self.table.start_match(rule)
        if self.scan_loop:
            self.scan_loop.stop()
        if not same:
            self._names = {}  # another game or variant: other players, and no seat carries over
        self.game, self.variant = new_game, v
        state = (next_match_game(new_game, previous, v, seed) if goes_on
                 else new_game.setup(v, seed=seed))
        if self.sim is not None:
            self.spec = default_spec(new_game, v, self._sim_sense(new_game, v))
            self.sim = SimulatedBoard(self.spec, new_game.layout(state), new_game, v)
            self._read = self.sim.scan
            self.scan_loop = ScanLoop(self._read, self.runner.post, self.clock,
                                      self.spec.scan_hz, on_scan=self.watchdog.kick)
        if self.log:
            if self.game_id is not None and self.log.game(self.game_id).finished is None:
                self.log.finish(self.game_id, {"winners": [], "reason": "abandoned"})
            self._attach_log(self.log.new_game(new_game.name, v, seed,
                                               new_game.position_text(state)))
        if clock != "keep":
            self.options.session = dataclasses.replace(self.options.session, clock=clock)
        self.table.replace_session(GameSession(new_game, self.spec, state, self.options.session))
        if self.runner._thread is not None:
            self.computer.reset()
            self.table.refresh()
        if self.scan_loop and self.runner._thread is not None:
            self.scan_loop.start()
