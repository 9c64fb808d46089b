"""The club's topic tree (version 1) and its payloads: built here, and checked here on receipt.

    boardlight/v1/CLUB/boards/BOARD/state       retained, QoS 1: the board's public table state
    boardlight/v1/CLUB/boards/BOARD/presence    retained, QoS 1: online or not (last will: not)
    boardlight/v1/CLUB/boards/BOARD/events      QoS 1: moves, amends, take-backs, ends, results
    boardlight/v1/CLUB/cmd/BOARD/pairing        retained, QoS 1: the director's pairing for it
    boardlight/v1/CLUB/cmd/BOARD/resend         QoS 1: the club server asks for missed events

Every payload is a JSON object with ``"v": 1``.  Only what a table page shows is ever built
into a board's payloads (``state_payload`` picks keys of ``Table.public()``; events carry move
texts, plies and results, never a position text: those hold every hand).  ``docs/club.md``
has the schema of each payload.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from controller.errors import BoardError
from controller.rules.base import Outcome
from controller.said import Message

VERSION = 1
ROOT = f"boardlight/v{VERSION}"
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$")
MAX_PAYLOAD = 256 * 1024  # no board's state comes near it; a bigger message is refused
BOARD_KINDS = ("state", "presence", "events")
EVENT_KINDS = ("move", "amend", "takeback", "end", "result")

# The keys of the table's public snapshot a board publishes (what its table page shows of the
# game; the lights, prompts and correction pairs stay in the room).
STATE_KEYS = ("game", "title", "variant", "seats", "position", "to_move", "ply", "status",
              "scores", "last_move", "moves", "outcome", "clocks", "match", "names",
              "computer", "layout", "view")


class PayloadError(BoardError, ValueError):
    """A message on the broker that is not what the topic tree says it must be."""


def check_name(name: str, what: str) -> str:
    if not isinstance(name, str) or not NAME.match(name):
        raise PayloadError(f"{what} name {name!r} is not usable: 1 to 32 letters, digits, '-' "
                           f"or '_', starting with a letter or digit (it is part of MQTT "
                           f"topics)")
    return name


# ---- topics ---------------------------------------------------------------------------------

def board_topic(club: str, board: str, kind: str) -> str:
    return f"{ROOT}/{club}/boards/{board}/{kind}"


def boards_filter(club: str) -> str:
    """Every board's messages of a club (the club server subscribes to it)."""
    return f"{ROOT}/{club}/boards/+/+"


def command_topic(club: str, board: str, kind: str) -> str:
    return f"{ROOT}/{club}/cmd/{board}/{kind}"


def command_filter(club: str, board: str) -> str:
    return f"{ROOT}/{club}/cmd/{board}/+"


@dataclass(frozen=True, slots=True)
class Topic:
    club: str
    area: str   # "boards" or "cmd"
    board: str
    kind: str


def parse_topic(topic: str) -> Topic:
    parts = topic.split("/")
    if len(parts) != 6 or "/".join(parts[:2]) != ROOT or parts[3] not in ("boards", "cmd"):
        raise PayloadError(f"topic {topic!r} is not in the {ROOT} tree")
    _, _, club, area, board, kind = parts
    check_name(club, "club")
    check_name(board, "board")
    allowed = BOARD_KINDS if area == "boards" else ("pairing", "resend")
    if kind not in allowed:
        raise PayloadError(f"topic {topic!r}: {kind!r} is not one of {', '.join(allowed)}")
    return Topic(club, area, board, kind)


# ---- building (the board) ---------------------------------------------------------------------

def encode(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, separators=(",", ":"), sort_keys=False).encode()


def state_payload(board: str, public: dict[str, Any], game_id: int | None,
                  pairing: str | None, moved_at: float | None, sent: float) -> dict[str, Any]:
    """The board's public state: keys of the table's public snapshot, and who sent it when."""
    out: dict[str, Any] = {"v": VERSION, "board": board, "game_id": game_id,
                           "pairing": pairing, "moved_at": moved_at, "sent": sent}
    for key in STATE_KEYS:
        if key in public:
            out[key] = public[key]
    out["version"] = public.get("version")
    return out


def presence_payload(board: str, online: bool, since: float, software: str) -> dict[str, Any]:
    return {"v": VERSION, "board": board, "online": online, "since": since,
            "software": software}


def event_payload(board: str, game_id: int, seq: int, kind: str, ply: int, seat: str | None,
                  move: str | None, wall: float, game: str, variant: str,
                  pairing: str | None = None, result: dict[str, Any] | None = None,
                  said: dict[str, Any] | None = None) -> dict[str, Any]:
    """One event of a board's log: ``move`` its text (the game's notation), ``said`` what it
    did (``controller.said.Message.to_json``), ``result`` a finished game's outcome
    (``Outcome.to_json``)."""
    out: dict[str, Any] = {"v": VERSION, "board": board, "game_id": game_id, "seq": seq,
                           "kind": kind, "ply": ply, "seat": seat, "move": move,
                           "wall": wall, "game": game, "variant": variant, "pairing": pairing}
    if said is not None:
        out["said"] = said
    if result is not None:
        out["result"] = dict(result)
    return out


# ---- checking (whoever receives) ----------------------------------------------------------------

def decode(raw: bytes, topic: str) -> dict[str, Any]:
    if len(raw) > MAX_PAYLOAD:
        raise PayloadError(f"{topic}: {len(raw)} bytes; at most {MAX_PAYLOAD} are accepted")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise PayloadError(f"{topic}: the payload is not JSON text") from None
    if not isinstance(data, dict):
        raise PayloadError(f"{topic}: the payload must be a JSON object")
    if data.get("v") != VERSION:
        raise PayloadError(f"{topic}: payload version {data.get('v')!r}; this reads "
                           f"version {VERSION}")
    return data


def _need(data: dict[str, Any], key: str, kinds: type | tuple[type, ...], where: str,
          optional: bool = False) -> Any:
    if key not in data or data[key] is None:
        if optional:
            return None
        raise PayloadError(f"{where}: '{key}' is missing")
    value = data[key]
    if isinstance(value, bool) and kinds is not bool and (
            not isinstance(kinds, tuple) or bool not in kinds):
        raise PayloadError(f"{where}: '{key}' must not be true or false")
    if not isinstance(value, kinds):
        names = kinds.__name__ if isinstance(kinds, type) else "/".join(k.__name__ for k in kinds)
        raise PayloadError(f"{where}: '{key}' must be {names}, got {json.dumps(value)[:40]}")
    return value


def _same_board(data: dict[str, Any], topic: Topic, where: str) -> None:
    if data.get("board") != topic.board:
        raise PayloadError(f"{where}: the payload says board {data.get('board')!r} but was "
                           f"sent under {topic.board!r}")


def check_state(data: dict[str, Any], topic: Topic) -> dict[str, Any]:
    where = f"{topic.board} state"
    _same_board(data, topic, where)
    _need(data, "game", str, where)
    _need(data, "variant", str, where)
    seats = _need(data, "seats", list, where)
    if not all(isinstance(s, str) for s in seats):
        raise PayloadError(f"{where}: 'seats' must be a list of seat names")
    _need(data, "ply", int, where)
    _need(data, "sent", (int, float), where)
    _need(data, "to_move", str, where, optional=True)
    _need(data, "game_id", int, where, optional=True)
    _need(data, "pairing", str, where, optional=True)
    for key, kinds in (("scores", dict), ("names", dict), ("layout", dict), ("view", dict),
                       ("moves", list), ("outcome", dict), ("clocks", dict),
                       ("computer", dict), ("match", dict)):
        _need(data, key, kinds, where, optional=True)
    names = data.get("names") or {}
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in names.items()):
        raise PayloadError(f"{where}: 'names' must map seats to names")
    return data


def check_presence(data: dict[str, Any], topic: Topic) -> dict[str, Any]:
    where = f"{topic.board} presence"
    _same_board(data, topic, where)
    _need(data, "online", bool, where)
    _need(data, "since", (int, float), where)
    return data


def check_event(data: dict[str, Any], topic: Topic) -> dict[str, Any]:
    where = f"{topic.board} event"
    _same_board(data, topic, where)
    if _need(data, "game_id", int, where) < 1:
        raise PayloadError(f"{where}: 'game_id' must be 1 or more")
    if _need(data, "seq", int, where) < 1:
        raise PayloadError(f"{where}: 'seq' must be 1 or more")
    kind = _need(data, "kind", str, where)
    if kind not in EVENT_KINDS:
        raise PayloadError(f"{where}: kind {kind!r} is not one of {', '.join(EVENT_KINDS)}")
    _need(data, "ply", int, where)
    _need(data, "wall", (int, float), where)
    _need(data, "game", str, where)
    _need(data, "variant", str, where)
    _need(data, "seat", str, where, optional=True)
    _need(data, "move", str, where, optional=True)
    _need(data, "pairing", str, where, optional=True)
    if data.get("said") is not None:
        try:
            Message.from_json(data["said"])
        except ValueError as exc:
            raise PayloadError(f"{where}: 'said' {exc}") from None
    if kind == "result":
        result = _need(data, "result", dict, where)
        winners = result.get("winners")
        if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
            raise PayloadError(f"{where}: 'result.winners' must be a list of seats")
        if "termination" in result:  # a board older than typed terminations sends a reason
            try:
                Outcome.from_json(result)
            except ValueError as exc:
                raise PayloadError(f"{where}: 'result' {exc}") from None
    return data


def check_pairing(data: dict[str, Any], board: str) -> dict[str, Any]:
    """A pairing the director sent to ``board`` (checked by the board before it shows it)."""
    where = f"pairing for {board}"
    if data.get("board") != board:
        raise PayloadError(f"{where}: it names board {data.get('board')!r}")
    for key in ("id", "event", "game", "variant"):
        _need(data, key, str, where)
    _need(data, "round", int, where)
    _need(data, "table", int, where)
    names = _need(data, "names", dict, where)
    if not names or not all(isinstance(k, str) and isinstance(v, str) and 0 < len(v) <= 40
                            for k, v in names.items()):
        raise PayloadError(f"{where}: 'names' must map each seat to a player's name")
    return data


def check_resend(data: dict[str, Any], board: str) -> tuple[int, int]:
    where = f"resend request to {board}"
    game_id = _need(data, "game_id", int, where)
    first = _need(data, "from", int, where)
    if game_id < 1 or first < 1:
        raise PayloadError(f"{where}: 'game_id' and 'from' must be 1 or more")
    return game_id, first
