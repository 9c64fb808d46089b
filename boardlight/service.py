"""The wiring module: build the whole service from options, explicitly.

Board source (simulated, GPIO matrix, or a microcontroller over serial) -> game session on
its own thread -> table snapshots for the web pages, and LED frames to the light driver.
This is the one module that knows every package.
"""

from __future__ import annotations

import dataclasses
import itertools
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from boardlight.boards import BoardSource, MatrixSource, SerialSource, SimulatedSource
from boardlight.config import BOARDS
from boardlight.eventlog import EventLog, LogError, LogWriter, Replay, replay
from boardlight.systemd import Watchdog
from controller.errors import BoardError
from controller.physical import BoardSpec, SenseMode
from controller.records import By, Played
from controller.rules import find_game
from controller.rules.base import Game
from controller.rules.capabilities import next_match_game
from controller.rules.series import Series, SeriesRule
from controller.session.actions import Action
from controller.session.clock import TimeControl
from controller.session.computer import ComputerPlayer
from controller.session.events import (
    ButtonPress,
    Handled,
    InEvent,
    LedsShown,
    PhoneAction,
    SeatNames,
)
from controller.session.messages import Message
from controller.session.runner import SessionRunner
from controller.session.session import GameSession, SessionConfig
from controller.session.table import Table
from hardware.simboard import SimulatedBoard, default_spec

if TYPE_CHECKING:
    from flask import Flask

logger = logging.getLogger(__name__)

WAIT = 10.0  # seconds a caller waits for the session thread to carry out a command


@dataclass(frozen=True)
class Parts:
    """What ``build`` makes: the service (board, session thread, table, lights, log, club
    publisher) and the web app around it."""

    service: Service
    app: Flask


def build(options: ServiceOptions, web: Mapping[str, Any] | None = None, *,
          clock: Callable[[], float] = time.monotonic, pin_factory: Any = None,
          spi: Any = None) -> Parts:
    """Every part, from the options, in one place: the service, and the web app with the
    club's pairing inbox when the board is in a club.  Nothing runs yet (``start``)."""
    from web_ui import create_app
    service = Service(options, clock, pin_factory, spi)
    try:
        app = create_app(service, web, pairing=service.club)
    except BaseException:
        service.stop()
        raise
    return Parts(service, app)


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
    remote: Any = None                  # remote.play.RemoteSettings: games with another board


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
        self.leds: Any = None
        self.spec: BoardSpec  # the board's, set as it is built (a new game: the simulated one's)
        self._requests = itertools.count(1)  # each page request's id (its answer's address)
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
        self.source: BoardSource = self._build_board(state)
        session = GameSession(self.game, self.spec, state, options.session,
                              resumed=self.resumed is not None)
        if self.resumed:
            r = self.resumed
            # The move list and the last move come back with the position.
            session.restore(r.states, r.moves, r.seats,
                            r.last.data.get("clocks") if r.last else None,
                            played=self._replayed_moves(r))
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
        self._names: dict[str, str] = {}  # seat -> the player's name (public, display only)
        self.runner.subscribe(self._show_leds)
        # ---- club night (docs/club.md): publish the public state, events and presence ----
        self.club: Any = None
        if options.club is not None:
            if self.log is None:
                raise ServiceError("a board in a club needs its event log (--db): what the "
                                   "broker missed is published from it")
            from club.publisher import BoardPublisher
            self.club = BoardPublisher(options.club, self, self.log)
        # ---- remote play (docs/remote.md): games with another board through a broker ----
        self.remote: Any = None
        if options.remote is not None:
            from remote.play import RemotePlay
            self.remote = RemotePlay(options.remote, self, clock)

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
            if self.options.board == "sim" and isinstance(self.options.game, str):
                # The simulated board is set up for any game: the one on it goes on (the
                # host page starts another).
                logger.info("the unfinished game %d is %s: the simulated board takes it up",
                            record.id, record.game)
                self.game = find_game(record.game)
            else:
                logger.warning("the unfinished game %d is %s, not %s: starting a new game",
                               record.id, record.game, self.game.name)
                self.log.finish(record.id, {"winners": [], "reason": "abandoned"})
                return None
        try:
            return replay(self.log, record.id)
        except LogError as exc:
            self.game = (find_game(self.options.game) if isinstance(self.options.game, str)
                         else self.options.game)
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
        self._writer = LogWriter(self.log, game_id)
        self.game_id = game_id
        self.runner.subscribe(self._writer, first=True)  # on disk before any light or page

    def _replayed_moves(self, r: Replay, most: int = 20) -> list[Played]:
        """The last moves of a game taken up from the log, as the table lists them: what each
        did (described again from its position, in today's words), who made it (as stored
        with it), when."""
        out = []
        for k in range(max(0, len(r.moves) - most), len(r.moves)):
            state = r.states[k]
            made = r.made[k] if k < len(r.made) else None
            out.append(Played(k + 1, r.seats[k], r.moves[k],
                              made.t if made is not None else 0.0,
                              self.game.describe(state, self.game.parse_move(state, r.moves[k])),
                              By.from_json(made.data.get("by") if made is not None else None)))
        return out

    def _sim_sense(self, game: Game[Any, Any], variant: str | None) -> SenseMode:
        """The simulated board's sensors: as configured, else those of the game's own board
        (a Plimus double stacked on a presence board would read as a stone only lifted)."""
        if self.options.sense:
            return SenseMode(self.options.sense)
        from hardware.profiles import own_sense
        return own_sense(game, variant)

    def _simulated(self, game: Game[Any, Any], variant: str, start: Any) -> SimulatedSource:
        spec = default_spec(game, variant, self._sim_sense(game, variant))
        self.spec = spec
        return SimulatedSource(SimulatedBoard(spec, game.layout(start), game, variant),
                               self.clock, self.watchdog.kick)

    def _build_board(self, start: Any) -> BoardSource:
        """The board the options name, and its LED driver (``hardware.leds.OPENERS``)."""
        kind = self.options.board
        if kind == "sim":
            return self._simulated(self.game, self.variant, start)
        from hardware.leds import open_leds
        from hardware.profiles import load_profile, profile_for
        profile = load_profile(self.options.profile
                               or profile_for(self.game, self.variant, serial=kind == "serial"))
        if profile.spec.game != self.game.name:
            raise ServiceError(f"profile {profile.spec.name!r} is for {profile.spec.game}, "
                               f"not {self.game.name}")
        self.spec = profile.spec
        if kind == "gpio":
            return self._build_gpio(profile)
        if not self.options.serial_url:
            raise ServiceError("a serial board needs its address: --serial-url /dev/ttyACM0 "
                               "(or socket://HOST:PORT, or a pty path)")
        # The microcontroller board: its link posts readings and buttons to the session
        # (and kicks the watchdog: the link's reader is this build's hardware loop); LED
        # frames go back over the link.
        source = SerialSource(self.options.serial_url, self.spec, self.clock,
                              self.watchdog.kick)
        self.leds = open_leds(profile, link=source)
        self._closers.append(source.stop)
        return source

    def _build_gpio(self, profile: Any) -> BoardSource:
        if profile.wiring.matrix is None:
            raise ServiceError(f"profile {profile.spec.name!r} describes a board whose own "
                               "microcontroller reads the sensors or drives the LEDs: run it "
                               "with --board serial, or give a GPIO profile (--profile)")
        from hardware.buttons import Buttons
        from hardware.gpio_matrix import MatrixScanner
        from hardware.leds import open_leds
        from hardware.profiles import SerialLedWiring
        if isinstance(profile.wiring.leds, SerialLedWiring):
            raise ServiceError(f"profile {profile.spec.name!r} describes a board whose own "
                               "microcontroller reads the sensors or drives the LEDs: run it "
                               "with --board serial, or give a GPIO profile (--profile)")
        if self.options.brightness is not None and hasattr(profile.wiring.leds, "brightness"):
            leds = dataclasses.replace(profile.wiring.leds, brightness=self.options.brightness)
            profile = dataclasses.replace(profile, wiring=dataclasses.replace(
                profile.wiring, leds=leds))
        scanner = MatrixScanner.from_profile(profile, pin_factory=self.pin_factory)
        self._closers.append(scanner.close)
        self.leds = open_leds(profile, pin_factory=self.pin_factory, spi=self.spi)
        self._closers.append(self.leds.close)
        pins = profile.wiring.buttons.pins
        factory = self.pin_factory

        def buttons(press: Callable[[str], None]) -> Buttons:
            return Buttons(pins, press, pin_factory=factory)

        source = MatrixSource(scanner, buttons if pins else None, self.spec, self.clock,
                              self.watchdog.kick)
        self._closers.append(source.stop)
        return source

    @property
    def sim(self) -> SimulatedBoard | None:
        """The simulated board, if this service runs one (pages may move its pieces)."""
        return self.source.board if isinstance(self.source, SimulatedSource) else None

    # ---- running -----------------------------------------------------------------------------

    def start(self) -> Service:
        self.runner.start()
        if self.club is not None:
            self.club.start()
        self.source.start(self.runner.post)
        if self.remote is not None:
            self.remote.resume()  # a remote game this board was in before it stopped
        return self

    def stop(self) -> None:
        if self.club is not None:  # first: says offline while the broker is still there
            self.club.stop()
            self.club = None
        if self.remote is not None:
            self.remote.close()
        self.source.stop()
        self.runner.stop()      # first: no new search can start after this
        self.computer.close()   # stops the one under way
        for close in reversed(self._closers):
            try:
                close()
            except Exception:  # closing everything matters more than one failure
                logger.exception("closing %r failed", close)
        self._closers.clear()

    def _show_leds(self, handled: Handled) -> None:
        if self.leds is None:
            return
        for e in handled.events:
            if isinstance(e, LedsShown):
                self.leds.show(e.frame)

    def _tell(self, event: InEvent) -> None:
        """Hand the session an event and wait until its listeners have seen what it came to
        (before the session thread runs: at once, on this thread)."""
        if self.runner.running:
            self.runner.ask(event).result(timeout=WAIT)
        else:
            self.runner.dispatch(self.runner.session.handle(event))

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
        self._tell(SeatNames(self.clock(), dict(self._names)))

    def computer_seats(self) -> dict[str, str]:
        """The seats the computer plays, with their levels."""
        return self.computer.seats()

    def set_computer(self, seat: str, level: str | None) -> None:
        """Let the computer play ``seat`` at a level (``easy``, ``quick``, ``club``,
        ``strong``), or give the seat back to a human (``None``)."""
        self.computer.set_level(seat, level)

    def press(self, button: str) -> Future[Message | None]:
        """Press a board button (the simulated board's, from a page): the session's answer,
        its refusal or None."""
        return self.runner.ask(ButtonPress(self.clock(), button, next(self._requests)))

    def phone(self, seat: str, action: Action, version: int | None = None
              ) -> Future[Message | None]:
        """A phone's action, as its page parsed it, aimed at the snapshot ``version`` its
        page showed: the session's answer to this request alone (its refusal, or None)."""
        return self.runner.ask(PhoneAction(self.clock(), seat, action, next(self._requests),
                                           version))

    def sim_lift(self, position: str) -> str:
        return self._sim().lift(position, self.clock())

    def sim_place(self, position: str, piece: str | None = None) -> str:
        return self._sim().place(position, self.clock(), piece)

    def _sim(self) -> SimulatedBoard:
        sim = self.sim
        if sim is None:
            raise ServiceError("this service runs a real board: there is no simulated board "
                               "to move pieces on")
        return sim

    def start_game(self, game: str, variant: str, position: str) -> None:
        """Start ``game`` and ``variant`` from ``position`` (a position text): the game the
        host board of a remote game plays, joined here."""
        self.new_game(variant, game=game, position=position, match="")

    def new_game(self, variant: str | None = None, seed: int | None = None,
                 game: str | None = None, match: str | None = None,
                 clock: TimeControl | str | None = "keep", position: str | None = None
                 ) -> None:
        """Start a new game (on a simulated board any game; on a real board a variant of its
        game).  The simulated board is set up in the new start position.

        ``match``: ``"match X"`` or ``"sumof X"`` begins a series with this game, ``""``
        ends any series; ``None`` goes on with a running series when the game and variant
        stay (the game's rules say who starts: in Rhombus the winner deals).  ``clock``: a
        time control for this game and the next ones, ``"variant"`` the variant's own (blitz
        has one), ``None`` no clock, ``"keep"`` as before.  ``position``: start from this
        position text (checked here, before anything changes) instead of the variant's.

        The new game is a command carried out on the session thread: the board, the log and
        the session change between two events, and a page reads the old game's snapshot or
        the new one's, never a mix."""
        new_game = find_game(game) if game else self.game
        if new_game is not self.game and self.sim is None:
            raise ServiceError(f"this board is built for {self.game.name}; it cannot play "
                               f"{new_game.name}")
        v = new_game.variant(variant).name
        start = new_game.parse_position(position, v) if position is not None else None
        rule = SeriesRule.parse(match) if match else None
        seed = self._seed(self.options.seed if seed is None else seed)
        if clock != "keep":
            self.options.session = dataclasses.replace(self.options.session, clock=clock)
        config = self.options.session

        def make(old: GameSession) -> GameSession:
            same = new_game is old.game and v == old.variant
            series = old.match.series
            goes_on = (match is None and same and old.match.undecided
                       and old.game.outcome(old.state) is not None)
            if match is not None or not same:
                series = Series(rule) if rule else None
            state = (start if start is not None
                     else next_match_game(new_game, old.state, v, seed) if goes_on
                     else new_game.setup(v, seed=seed))
            if self.sim is not None:  # its scans stood still since the command was posted
                self.source = self._simulated(new_game, v, state)
            if self.log:
                if self.game_id is not None and self.log.game(self.game_id).finished is None:
                    self.log.finish(self.game_id, {"winners": [], "reason": "abandoned"})
                self._attach_log(self.log.new_game(new_game.name, v, seed,
                                                   new_game.position_text(state)))
            if not same:
                self._names = {}  # another game or variant: other players, no seat carries over
            seats = set(new_game.seats(state))
            session = GameSession(new_game, self.spec, state, config, match=series,
                                  version=old.snapshots.version, names=self._names,
                                  computer={s: level for s, level in self.computer.seats().items()
                                            if s in seats})
            # The same browsers hold the seats until the web layer says otherwise (a new game
            # with other seats, or new links, tell the new session again).
            session.turn.phones = old.turn.phones
            self.game, self.variant = new_game, v
            return session

        if self.sim is not None:
            # The simulated board is set up anew: its scans stop before the command is
            # posted, so that none of the old board's reaches the new session.
            self.source.stop()
        if self.runner.running:
            try:
                self.runner.replace(make).result(timeout=WAIT)
            finally:  # the new board's scans, or the old one's again if the game was not made
                self.source.start(self.runner.post)
            self.computer.reset()
        else:
            new = make(self.runner.session)
            self.runner.session = new
            self.runner.dispatch(Handled([], new.snapshot))
