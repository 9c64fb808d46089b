"""``boardlight serve``: run the board, the game session, the lights and the web pages.

It prints where the pages are: the table page (the machine's LAN address, for phones, and
localhost), the host controls with their token, and each seat's join link.  Ctrl-C (or
SIGTERM) stops it cleanly: the streams end, the server closes, the service stops.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import signal
import socket
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardlight.commands import SUMMARIES
from boardlight.config import BOARDS, DEFAULT_SAID
from controller.rules import GAMES

if TYPE_CHECKING:  # the service, the session and the web server load when the command runs
    from boardlight.service import Service, ServiceOptions

DEFAULT_PORT = 8080


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve", help=SUMMARIES["serve"],
        description="Run Boardlight: read the board (a simulated one unless told otherwise), "
                    "work out the moves, light the LEDs and serve the web pages that players "
                    "open on their phones. It prints the address of the table page, the "
                    "host-controls link (new game, names, new seat links) and each seat's "
                    "join link. Ctrl-C stops it.",
        epilog="Examples: 'boardlight serve' plays Abalone on a simulated board in the "
               "browser; 'boardlight serve --board gpio --variant belgian-daisy' reads a "
               "real board wired to this Pi.")
    p.add_argument("--config", metavar="FILE",
                   help=f"settings file (default {DEFAULT_SAID}; "
                        "a missing default file means the defaults); the options "
                        "below override it; docs/config.md lists the keys")
    p.add_argument("--check", action="store_true",
                   help="check the settings and the board profile, print what would run, "
                        "and exit")
    p.add_argument("--game", metavar="G",
                   help=f"the game to play (default abalone); one of: {', '.join(GAMES)}")
    p.add_argument("--variant", metavar="V",
                   help="variant name (default: the game's standard; "
                        "'boardlight rules G --list-variants' lists them)")
    p.add_argument("--board", choices=BOARDS,
                   help="sim: a simulated board you move pieces on in the browser (the "
                        "default, no hardware needed); gpio: a sensor matrix wired to this "
                        "Pi; serial: a board with its own microcontroller on USB")
    p.add_argument("--profile", metavar="NAME|PATH",
                   help="gpio/serial: the board profile (a shipped name or a TOML file; "
                        "default: the game's)")
    p.add_argument("--serial-url", metavar="URL",
                   help="serial: the board's device (/dev/ttyACM0), socket://HOST:PORT or a "
                        "pty path ('boardlight emulator' prints one)")
    p.add_argument("--db", metavar="PATH",
                   help="keep every game in this SQLite event log; an unfinished game there "
                        "resumes on start (default: the config's [storage] db, else none)")
    p.add_argument("--host", metavar="H",
                   help="address to listen on (default 0.0.0.0: every interface, so phones "
                        "on the same network can connect; 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, metavar="P",
                   help=f"port to listen on (default {DEFAULT_PORT}; 0: any free port)")
    # ---- club night (docs/club.md) ----
    p.add_argument("--club", metavar="URL",
                   help="join a club night: publish this board's public state, moves and "
                        "results to the club's MQTT broker, mqtt://[USER:PASS@]HOST:PORT "
                        "(mqtts:// for TLS); needs --board-name (default: the config's "
                        "[club] broker)")
    p.add_argument("--board-name", metavar="NAME",
                   help="this board's name in the club (letters, digits, - and _; the "
                        "broker user of the board should be the same name)")
    p.add_argument("--club-name", metavar="NAME",
                   help="the club's name in the topics (default: the config's [club] club, "
                        "else 'club')")
    # ---- remote play (docs/remote.md) ----
    p.add_argument("--remote", metavar="URL",
                   help="play with other boards through this MQTT broker, "
                        "mqtt://[USER:PASS@]HOST:PORT (mqtts:// for TLS); the host page then "
                        "offers 'Play with another board' (default: the config's [remote] "
                        "broker)")
    p.add_argument("--remote-board", metavar="NAME",
                   help="this board's user name on that broker (default: the URL's user)")
    p.add_argument("--remote-name", metavar="TEXT",
                   help="this board's name as the other players see it, e.g. \"Anna's "
                        "board\" (default: the config's [remote] name, else the user name)")
    p.add_argument("--remote-heartbeat", metavar="S", type=float,
                   help="seconds between the two boards' syncs; the other board counts as "
                        "unreachable after 2.5 of them without a word (default: the config's "
                        "[remote] heartbeat, else 20)")
    p.add_argument("--remote-folder", metavar="DIR",
                   help="where this board keeps its remote games' files (default: "
                        "~/.local/share/boardlight/remote-NAME)")
    p.set_defaults(run=run)


def lan_address() -> str | None:
    """This machine's address on its network, as phones see it: the source address of the
    route out (a UDP socket's connect sends nothing; it only picks the interface)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never contacted
            address = str(s.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith(("127.", "0.")) else address


def _http(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def addresses(host: str, port: int) -> tuple[str | None, str | None]:
    """(the address for phones on the network, the address on this machine)."""
    if host in ("0.0.0.0", "::", ""):
        lan = lan_address()
        return (_http(lan, port) if lan else None), _http("localhost", port)
    try:
        if ipaddress.ip_address(host).is_loopback:
            return None, _http(host, port)
    except ValueError:
        if host == "localhost":
            return None, _http(host, port)
    return _http(host, port), None


def options_from(args: argparse.Namespace) -> tuple[ServiceOptions, str, int]:
    """Settings file, then command line: the service's options, the host and the port."""
    from boardlight.config import load_settings
    from boardlight.service import ServiceOptions
    from controller.session.clock import TimeControl
    from controller.session.session import SessionConfig

    s = load_settings(args.config)

    def pick(cli: Any, conf: Any) -> Any:
        return conf if cli is None else cli

    clock: Any = "variant"
    if s.clock == "off":
        clock = None
    elif isinstance(s.clock, dict):
        clock = TimeControl.from_options(s.clock)
    session = SessionConfig(settle=s.settle, grace=s.grace, clock=clock,
                            takeback=s.takeback)  # type: ignore[arg-type]  # checked by config
    options = ServiceOptions(
        game=pick(args.game, s.game), variant=pick(args.variant, s.variant),
        board=pick(args.board, s.board), profile=pick(args.profile, s.profile),
        serial_url=pick(args.serial_url, s.serial_url), seed=s.seed,
        db=pick(args.db, s.db), brightness=s.brightness, session=session)
    club_options(args, s, options)
    remote_options(args, s, options)
    return options, pick(args.host, s.host), pick(args.port, s.port)


def club_db(board: str) -> Path:
    """A club board's own event log when no --db is given: one per board name, so that two
    boards on one machine never share one (one process writes a log at a time), in the
    user's data folder (``$XDG_DATA_HOME``, else ``~/.local/share``)."""
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "boardlight" / f"club-{board}.db"


def club_options(args: argparse.Namespace, s: Any, options: ServiceOptions) -> None:
    """``--club`` and ``--board-name`` (or ``[club]``): the board publishes to the club's
    broker; it always keeps an event log then (what the broker missed comes from it)."""
    from boardlight.service import ServiceError

    broker = getattr(args, "club", None) or s.club_broker
    board = getattr(args, "board_name", None) or s.board_name
    if broker is None:
        if board is not None:
            raise ServiceError("--board-name needs --club URL too (the club's broker)")
        return
    if board is None:
        raise ServiceError("--club needs --board-name NAME: this board's name in the club")
    from club.mqtt import parse_broker_url
    from club.publisher import ClubSettings
    options.club = ClubSettings(parse_broker_url(broker),
                                getattr(args, "club_name", None) or s.club_name, board,
                                ca_file=s.club_ca_file)
    if options.db is None:
        options.db = str(club_db(board))
        print(f"A board in a club keeps its games: no --db given, so they are kept in "
              f"{options.db}", flush=True)


def remote_options(args: argparse.Namespace, s: Any, options: ServiceOptions) -> None:
    """``--remote`` (or ``[remote]``): games with another board through that broker."""
    from boardlight.service import ServiceError

    broker = getattr(args, "remote", None) or s.remote_broker
    if broker is None:
        return
    from club.mqtt import parse_broker_url
    from club.topics import PayloadError
    from remote.play import RemoteError, RemoteSettings
    url = parse_broker_url(broker)
    board = getattr(args, "remote_board", None) or s.remote_board or url.username
    if not board:
        raise ServiceError("--remote needs --remote-board NAME when the URL has no user: this "
                           "board's user name on the broker")
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = (getattr(args, "remote_folder", None) or s.remote_folder
              or str(Path(data) / "boardlight" / f"remote-{board}"))
    try:
        heartbeat = getattr(args, "remote_heartbeat", None) or s.remote_heartbeat
        if not 0.5 <= heartbeat <= 300:
            raise RemoteError(f"--remote-heartbeat is 0.5 to 300 seconds, not {heartbeat:g}")
        options.remote = RemoteSettings(url, board, getattr(args, "remote_name", None)
                                        or s.remote_name or board, Path(folder),
                                        ca_file=s.remote_ca_file, heartbeat=heartbeat)
    except (RemoteError, PayloadError) as exc:
        raise ServiceError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    from boardlight.service import build
    from boardlight.systemd import notify
    from web_ui.server import WebServer

    options, host, port = options_from(args)
    if args.check:
        return check(options, host, port)
    stop = _stop_on_signals()  # before anything starts: a stop may come at any moment
    try:
        parts = build(options)
    except BaseException:
        stop.restore()
        raise
    service, app = parts.service, parts.app
    args.host, args.port = host, port
    try:
        try:
            server = WebServer(app, args.host, args.port)
        except OSError as exc:
            print(f"boardlight serve: error: cannot listen on {args.host}:{args.port}: "
                  f"{exc.strerror or exc}; is another server using the port? Try --port",
                  file=sys.stderr)
            return 2
        lan, local = addresses(args.host, server.port)
        app.config["PUBLIC_URL"] = lan
        service.start()
        server.start()
        announce(service, app.extensions["boardlight"], lan, local)
        notify(f"READY=1\nSTATUS=serving {service.game.title} on port {server.port}")
        stop.wait()
        notify("STOPPING=1")
        print("Stopping...", flush=True)
        server.stop()
    finally:
        service.stop()
        stop.restore()
    print("Boardlight stopped.", flush=True)
    return 0


def check(options: ServiceOptions, host: str, port: int) -> int:
    """Build everything (without starting it) to prove the settings work, then say so."""
    from boardlight.service import Service

    service = Service(options)
    try:
        board = ("simulated" if service.sim is not None
                 else f"{options.board} ({service.spec.name}: {len(service.spec.sensed)} "
                      f"sensors, {len(service.spec.leds)} LEDs)")
        print(f"settings OK: {service.game.title} {service.variant} on a {board} board; web "
              f"{host}:{port}; " + (f"games kept in {options.db}" if options.db
                                    else "games not kept (no --db)")
              + (f"; club {options.club.club!r} at {options.club.url} as board "
                 f"{options.club.board!r}" if options.club else ""))
    finally:
        service.stop()
    return 0


class _StopSignals:
    """Ctrl-C and SIGTERM set an event.  Both handlers are installed, since a shell that
    starts us in the background leaves SIGINT ignored."""

    def __init__(self) -> None:
        self.event = threading.Event()
        self._previous = {sig: signal.signal(sig, lambda *_: self.event.set())
                          for sig in (signal.SIGINT, signal.SIGTERM)}

    def wait(self) -> None:
        self.event.wait()

    def restore(self) -> None:
        for sig, previous in self._previous.items():
            signal.signal(sig, previous)


def _stop_on_signals() -> _StopSignals:
    return _StopSignals()


def announce(service: Service, web: Any, lan: str | None, local: str | None) -> None:
    from web_ui.payloads import seat_label

    base = lan or local or ""
    board = "a simulated board" if service.sim is not None else f"the {service.options.board} board"
    lines = [f"Boardlight: {service.game.title} ({service.variant}) on {board}."]
    if lan:
        lines.append(f"  Table page, for phones and tablets on this network: {lan}/")
    if local:
        lines.append(f"  Table page on this machine: {local}/")
    if not lan:
        lines.append("  (only reachable from here: use --host 0.0.0.0 for phones)"
                     if local else "")
    lines.append(f"  Host controls (keep this link to yourself): {base}/host/{web.host_token}")
    lines.append("  Seat links (the table page shows them as QR codes; a new game gets new "
                 "ones):")
    for seat, token in web.tokens.items():
        lines.append(f"    {seat_label(service.game, seat)}: {base}/join/{token}")
    if service.unreplayable is not None:
        where = service.log.path if service.log else "the log"
        lines.append(f"  Game {service.unreplayable['game_id']} in {where} does not replay, so "
                     "it was not taken up: it is kept as it is, and a new game began "
                     f"({service.unreplayable['detail']}).")
    if service.club is not None:
        c = service.club.settings
        lines.append(f"  Club: board {c.board!r} of {c.club!r}, publishing to {c.url}")
    lines.append("Press Ctrl-C to stop.")
    print("\n".join(line for line in lines if line), flush=True)
