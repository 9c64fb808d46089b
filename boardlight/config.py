"""The service's configuration: one TOML file, validated at start into typed settings.

Default path ``$BOARDLIGHT_CONFIG`` if set, else ``/etc/boardlight/config.toml`` (``--config``
picks another).  A missing default file means the defaults; a missing file named on the command
line, an unknown key or a bad value stops the start with every problem listed, each naming its
key and the fix.  Command
line options override the file.  ``docs/config.md`` documents every key.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.errors import BoardError
from hardware.profile_reader import Problems, Table

DEFAULT_PATH = Path("/etc/boardlight/config.toml")
PATH_VARIABLE = "BOARDLIGHT_CONFIG"
DEFAULT_SAID = f"${PATH_VARIABLE} if set, else {DEFAULT_PATH}"  # the commands' --help
BOARDS = ("sim", "gpio", "serial")
TAKEBACK = ("ask", "auto", "off")


class ConfigError(BoardError, ValueError):
    """The configuration file cannot be used; the message lists every problem."""


@dataclass(frozen=True)
class Settings:
    # [game]
    game: str = "abalone"
    variant: str | None = None
    seed: int | None = None  # None: a fresh secret seed per game
    # [board]
    board: str = "sim"
    profile: str | None = None
    serial_url: str | None = None
    # [web]
    host: str = "0.0.0.0"
    port: int = 8080
    # [storage]
    db: str | None = None
    # [session]
    takeback: str = "ask"
    settle: float = 1.0
    grace: float = 1.2
    # [clock]: None keeps the variant's own (blitz: 5 min); "off" turns clocks off
    clock: dict[str, float] | str | None = None
    # [leds]
    brightness: float | None = None
    # [club]: a board of a club night (docs/club.md)
    club_broker: str | None = None
    club_name: str = "club"
    board_name: str | None = None
    club_ca_file: str | None = None
    # [remote]: games with another board through a broker (docs/remote.md)
    remote_broker: str | None = None
    remote_board: str | None = None     # this board's user name there (default: the URL's)
    remote_name: str | None = None      # its name as people see it
    remote_ca_file: str | None = None
    remote_folder: str | None = None    # its match files (default: the user's data folder)
    remote_heartbeat: float = 20.0      # seconds between the boards' syncs
    source: str = "defaults"


def default_path() -> Path:
    """The file read when none is named: ``$BOARDLIGHT_CONFIG`` if set, else ``DEFAULT_PATH``."""
    return Path(os.environ.get(PATH_VARIABLE) or DEFAULT_PATH)


def load_settings(path: str | Path | None = None) -> Settings:
    """Read and check a config file (None: the default path, if it exists)."""
    explicit = path is not None
    target = Path(path) if path is not None else default_path()
    if not target.exists():
        if explicit:
            raise ConfigError(f"config {target}: no such file (leave out --config to use "
                              f"{default_path()} or the defaults)")
        return Settings()
    try:
        data = tomllib.loads(target.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"config {target}: not valid TOML ({exc})") from None
    except OSError as exc:
        raise ConfigError(f"config {target}: cannot read it ({exc.strerror})") from None
    return parse_settings(data, str(target))


def parse_settings(data: dict[str, Any], source: str) -> Settings:
    problems = Problems(source, what="config")
    top = Table(data, "", problems)
    values: dict[str, Any] = {"source": source}
    if (t := top.table("game")) is not None:
        values["game"] = t.text("name", required=False, default="abalone")
        values["variant"] = t.text("variant", required=False)
        values["seed"] = t.integer("seed", low=0, high=2**63 - 1)
        t.done()
    if (t := top.table("board")) is not None:
        values["board"] = t.text("kind", required=False, default="sim", choices=BOARDS)
        values["profile"] = t.text("profile", required=False)
        values["serial_url"] = t.text("serial_url", required=False)
        t.done()
        if values["board"] == "serial" and not values["serial_url"]:
            problems.add("[board]", "kind = \"serial\" needs 'serial_url', e.g. "
                         "\"/dev/ttyACM0\"")
    if (t := top.table("web")) is not None:
        values["host"] = t.text("host", required=False, default="0.0.0.0")
        values["port"] = t.integer("port", low=1, high=65535, default=8080)
        t.done()
    if (t := top.table("storage")) is not None:
        values["db"] = t.text("db", required=False)
        t.done()
    if (t := top.table("session")) is not None:
        values["takeback"] = t.text("takeback", required=False, default="ask",
                                    choices=TAKEBACK)
        values["settle"] = t.number("settle", low=0.2, high=10, default=1.0, unit=" s")
        values["grace"] = t.number("grace", low=0.2, high=30, default=1.2, unit=" s")
        t.done()
    if (t := top.table("clock")) is not None:
        if t.flag("off"):
            values["clock"] = "off"
        elif t.has("initial") or t.has("increment"):
            initial = t.number("initial", low=1, high=86400, required=True, unit=" s")
            increment = t.number("increment", low=0, high=3600, default=0, unit=" s")
            if initial is not None and increment is not None:
                values["clock"] = {"initial": initial, "increment": increment}
        t.done()
    if (t := top.table("leds")) is not None:
        values["brightness"] = t.number("brightness", low=0.01, high=1.0)
        t.done()
    if (t := top.table("club")) is not None:
        _club_settings(t, values, problems)
    if (t := top.table("remote")) is not None:
        _remote_settings(t, values, problems)
    top.done()
    if problems.lines:
        raise ConfigError("\n".join(problems.lines))
    return Settings(**{k: v for k, v in values.items() if v is not None or k in (
        "variant", "profile", "serial_url", "db", "brightness", "seed", "club_broker",
        "board_name", "club_ca_file", "remote_broker", "remote_board", "remote_name",
        "remote_ca_file", "remote_folder")})


def _club_settings(t: Table, values: dict[str, Any], problems: Problems) -> None:
    """``[club]``: broker, club, board, ca_file; names and the address checked here."""
    from club.mqtt import BrokerURLError, parse_broker_url
    from club.topics import PayloadError, check_name

    values["club_broker"] = t.text("broker", required=False)
    values["club_name"] = t.text("club", required=False, default="club")
    values["board_name"] = t.text("board", required=False)
    values["club_ca_file"] = t.text("ca_file", required=False)
    t.done()
    try:
        if values["club_broker"] is not None:
            parse_broker_url(values["club_broker"])
            if not values["board_name"]:
                problems.add("[club]", "'broker' needs 'board' too: this board's name in the "
                             "club, e.g. board = \"table-3\"")
        for key, what in (("club_name", "club"), ("board_name", "board")):
            if values[key] is not None:
                check_name(values[key], what)
    except (BrokerURLError, PayloadError) as exc:
        problems.add("[club]", str(exc))


def _remote_settings(t: Table, values: dict[str, Any], problems: Problems) -> None:
    """``[remote]``: broker, board, name, ca_file, folder; checked here."""
    from club.mqtt import BrokerURLError, parse_broker_url
    from club.topics import PayloadError, check_name

    values["remote_broker"] = t.text("broker", required=True)
    values["remote_board"] = t.text("board", required=False)
    values["remote_name"] = t.text("name", required=False)
    values["remote_ca_file"] = t.text("ca_file", required=False)
    values["remote_folder"] = t.text("folder", required=False)
    values["remote_heartbeat"] = t.number("heartbeat", low=0.5, high=300, default=20.0,
                                          unit=" s")
    t.done()
    try:
        if values["remote_broker"] is not None:
            url = parse_broker_url(values["remote_broker"])
            board = values["remote_board"] or url.username
            if not board:
                problems.add("[remote]", "'board' is needed when the broker URL has no user: "
                             "this board's user name on the broker, e.g. board = \"anna\"")
            else:
                check_name(board, "board")
    except (BrokerURLError, PayloadError) as exc:
        problems.add("[remote]", str(exc))
    name = values["remote_name"]
    if name is not None and not (1 <= len(name) <= 40 and name.isprintable()):
        problems.add("[remote]", f"'name' has 1 to 40 printable characters, not {name!r}")
