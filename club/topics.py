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
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from controller.errors import BoardError
from controller.rules.base import Outcome
from controller.said import Message
from web_ui.http import json_depth

VERSION = 1
ROOT = f"boardlight/v{VERSION}"
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$")
BOARD_KINDS = ("state", "presence", "events")
EVENT_KINDS = ("move", "amend", "takeback", "end", "deal", "result")

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
                  pairing: str | None, moved_at: float | None, sent: float,
                  seq: int | None = None) -> dict[str, Any]:
    """The board's public state: keys of the table's public snapshot, and who sent it when;
    ``seq``: how many events of this game its log holds (its result included), so that a
    receiver that missed the last ones asks for them."""
    out: dict[str, Any] = {"v": VERSION, "board": board, "game_id": game_id,
                           "pairing": pairing, "moved_at": moved_at, "sent": sent}
    if seq is not None:
        out["seq"] = seq
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
#
# Every message is read against the schema of docs/club.md at the edge: its size, JSON without
# NaN or Infinity, then each field's type, range and length; a board's seats are seat names,
# its outcomes and move descriptions are read by the same code that writes them
# (``Outcome.from_json``, ``Message.from_json``).  What the schema does not name is left out
# of what is kept.  A message that does not fit raises ``PayloadError`` naming the board and
# the field.

# The most bytes a message of each kind may have: a board's largest state (Plimus, four
# players, with its recent moves) is about 12 KB, an event under 1 KB.
MAX_BYTES = {"state": 128 * 1024, "presence": 1024, "events": 8 * 1024,
             "pairing": 4 * 1024, "resend": 1024}
MAX_PAYLOAD = max(MAX_BYTES.values())   # the shipped broker's message_size_limit
KIND_WORDS = {"state": "a state", "presence": "a presence", "events": "an event",
              "pairing": "a pairing", "resend": "a resend request"}
MAX_DEPTH = 16         # how deeply a payload nests (a game's public view included)
MAX_SEQ = 10_000       # events of one game
MAX_PLY = 100_000
MAX_GAME_ID = 2**31 - 1
NAME_LIMIT = 40        # a player's name (as the tournament's)
MOVE_LIMIT = 200       # a move's text
SEAT = re.compile(r"^[a-z0-9][a-z0-9_-]{0,23}$")
SCORE_KEY = re.compile(r"^[a-z0-9][a-z0-9_+-]{0,47}$")   # a seat, or a team ("b+r")
GAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
VARIANT = re.compile(r"^[a-z0-9][a-z0-9_-]{0,47}$")
PAIRING_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$")
STATUSES = ("setup", "playing", "over", "disconnected")
RULE = re.compile(r"^(match|sumof) [0-9]{1,4}$")


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON knows")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is out of range")
    return value


def strict_json(raw: bytes) -> Any:
    """JSON text as Python values, refusing NaN, Infinity and numbers out of range
    (``ValueError``; a payload that is not UTF-8: ``UnicodeDecodeError``)."""
    return json.loads(raw.decode("utf-8"), parse_constant=_constant, parse_float=_finite)


def decode(raw: bytes, topic: str, kind: str | None = None) -> dict[str, Any]:
    """A payload as a JSON object of this version: at most ``MAX_BYTES[kind]`` bytes, UTF-8,
    no NaN or Infinity, nested at most ``MAX_DEPTH`` deep."""
    limit = MAX_BYTES.get(kind or "", MAX_PAYLOAD)
    if len(raw) > limit:
        raise PayloadError(f"{topic}: {len(raw)} bytes; {KIND_WORDS.get(kind or '', 'a message')} "
                           f"has at most {limit}")
    try:
        data = strict_json(raw)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        why = f" ({exc})" if "number" in str(exc) or "range" in str(exc) else ""
        raise PayloadError(f"{topic}: the payload is not JSON text{why}") from None
    if not isinstance(data, dict):
        raise PayloadError(f"{topic}: the payload must be a JSON object")
    if data.get("v") != VERSION:
        raise PayloadError(f"{topic}: payload version {data.get('v')!r}; this reads "
                           f"version {VERSION}")
    if json_depth(data) > MAX_DEPTH:
        raise PayloadError(f"{topic}: the payload nests more than {MAX_DEPTH} levels")
    return data


def _show(value: Any) -> str:
    return json.dumps(value)[:40]


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
        raise PayloadError(f"{where}: '{key}' must be {names}, got {_show(value)}")
    return value


def _number(data: dict[str, Any], key: str, where: str, low: float, high: float,
            optional: bool = False, whole: bool = False) -> Any:
    value = _need(data, key, int if whole else (int, float), where, optional)
    if value is not None and not low <= value <= high:
        span = f"{int(low)} to {int(high)}" if whole else f"{low:g} to {high:g}"
        raise PayloadError(f"{where}: '{key}' must be {span}, got {_show(value)}")
    return value


def _text(value: Any, limit: int, what: str, where: str, pattern: re.Pattern[str] | None = None,
          empty: bool = False) -> str:
    """A printable text of 1 (``empty``: 0) to ``limit`` characters (matching ``pattern``,
    if given)."""
    if not isinstance(value, str) or not (0 if empty else 1) <= len(value) <= limit \
            or not value.isprintable() or (pattern is not None and not pattern.match(value)):
        raise PayloadError(f"{where}: {what} must be a printable text of {0 if empty else 1} "
                           f"to {limit} characters"
                           f"{' (letters, digits, - and _)' if pattern else ''}, "
                           f"got {_show(value)}")
    return value


def _field_text(data: dict[str, Any], key: str, limit: int, where: str,
                pattern: re.Pattern[str] | None = None, optional: bool = False,
                empty: bool = False) -> str | None:
    if data.get(key) is None:
        if optional:
            return None
        raise PayloadError(f"{where}: '{key}' is missing")
    return _text(data[key], limit, f"'{key}'", where, pattern, empty)


def _seat(value: Any, seats: list[str] | None, what: str, where: str) -> str:
    seat = _text(value, 24, what, where, SEAT)
    if seats is not None and seat not in seats:
        raise PayloadError(f"{where}: {what} {seat!r} is not one of its seats "
                           f"({', '.join(seats)})")
    return seat


def _by_seat(data: dict[str, Any], key: str, seats: list[str], where: str,
             value: Callable[[Any, str], Any]) -> dict[str, Any]:
    found = _need(data, key, dict, where, optional=True) or {}
    if len(found) > len(seats):
        raise PayloadError(f"{where}: '{key}' names more seats than the board has")
    return {_seat(k, seats, f"a seat in '{key}'", where): value(v, f"'{key}.{k}'")
            for k, v in found.items()}


def _is_number(value: Any, what: str, where: str, low: float = -1e9,
               high: float = 1e9) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not low <= value <= high:
        raise PayloadError(f"{where}: {what} must be a number from {low:g} to {high:g}, "
                           f"got {_show(value)}")
    return value


def _outcome(value: Any, seats: list[str] | None, what: str, where: str,
             legacy: bool = False) -> dict[str, Any]:
    """An outcome as ``Outcome.to_json`` writes it (its winners among the seats); with
    ``legacy``, also a board's note that a game ended without an outcome
    (``{"winners": [], "reason": "abandoned"}``: a game the host left for another)."""
    if not isinstance(value, dict):
        raise PayloadError(f"{where}: {what} must be an object, got {_show(value)}")
    if legacy and "termination" not in value:
        if set(value) - {"winners", "reason", "draw"}:
            raise PayloadError(f"{where}: {what} has no 'termination'")
        winners = value.get("winners")
        if not isinstance(winners, list) or len(winners) > 8:
            raise PayloadError(f"{where}: {what}'s 'winners' must be a list of seats")
        for w in winners:
            _seat(w, seats, f"a winner in {what}", where)
        reason = _text(value.get("reason"), 40, f"{what}'s 'reason'", where)
        return {"winners": list(winners), "reason": reason}
    try:
        outcome = Outcome.from_json(value)
    except ValueError as exc:
        raise PayloadError(f"{where}: {what}: {exc}") from None
    for w in outcome.winners:
        _seat(w, seats, f"a winner in {what}", where)
    return outcome.to_json()


def _said(value: Any, what: str, where: str) -> dict[str, Any]:
    try:
        return Message.from_json(value).to_json()
    except ValueError as exc:
        raise PayloadError(f"{where}: {what}: {exc}") from None


def _same_board(data: dict[str, Any], topic: Topic, where: str) -> None:
    if data.get("board") != topic.board:
        raise PayloadError(f"{where}: the payload says board {data.get('board')!r} but was "
                           f"sent under {topic.board!r}")


def _moves(value: Any, seats: list[str], where: str) -> list[dict[str, Any]]:
    if not isinstance(value, list) or len(value) > 50:
        raise PayloadError(f"{where}: 'moves' must be a list of at most 50 moves")
    out = []
    for n, m in enumerate(value):
        at = f"move {n + 1} of 'moves'"
        if not isinstance(m, dict):
            raise PayloadError(f"{where}: {at} must be an object")
        move = {"ply": _number(m, "ply", f"{where}: {at}", 0, MAX_PLY, whole=True),
                "seat": None if m.get("seat") is None else _seat(m["seat"], seats, "its seat",
                                                                 f"{where}: {at}"),
                "move": _field_text(m, "move", MOVE_LIMIT, f"{where}: {at}", empty=True)}
        if m.get("t") is not None:
            move["t"] = _is_number(m["t"], "its 't'", f"{where}: {at}", 0, 1e12)
        if m.get("said") is not None:
            move["said"] = _said(m["said"], "its 'said'", f"{where}: {at}")
        out.append(move)
    return out


def _clocks(value: Any, seats: list[str], where: str) -> dict[str, Any]:
    """``{"left": {seat: seconds}, "running": seat or null, "control": text, "initial": s,
    "increment": s}`` (``controller.session.clock.Clocks.to_json``)."""
    if not isinstance(value, dict):
        raise PayloadError(f"{where}: 'clocks' must be an object, got {_show(value)}")
    where = f"{where}: 'clocks'"
    left = _need(value, "left", dict, where)
    out = {"left": {_seat(k, seats, "a seat in 'left'", where):
                    _is_number(v, f"'left.{k}'", where, 0, 1e7) for k, v in left.items()},
           "running": None if value.get("running") is None else _seat(
               value["running"], seats, "'running'", where),
           "initial": _number(value, "initial", where, 0, 1e7),
           "increment": _number(value, "increment", where, 0, 1e5)}
    if value.get("control") is not None:
        out["control"] = _text(value["control"], 80, "'control'", where)
    return out


def _match(value: Any, seats: list[str], where: str) -> dict[str, Any]:
    """A series (``controller.rules.series.Series.to_json``)."""
    if not isinstance(value, dict):
        raise PayloadError(f"{where}: 'match' must be an object, got {_show(value)}")
    where = f"{where}: 'match'"
    rule = _field_text(value, "rule", 16, where)
    if not RULE.match(rule or ""):
        raise PayloadError(f"{where}: 'rule' must be 'match N' or 'sumof N', got {_show(rule)}")
    return {"rule": rule, "games": _number(value, "games", where, 0, 10_000, whole=True),
            "wins": _by_seat(value, "wins", seats, where,
                             lambda v, w: _is_number(v, w, where, 0, 10_000)),
            "totals": _by_seat(value, "totals", seats, where,
                               lambda v, w: _is_number(v, w, where)),
            "outcome": None if value.get("outcome") is None else _outcome(
                value["outcome"], seats, "'outcome'", where)}


def _layout(value: Any, where: str) -> dict[str, list[str]]:
    if not isinstance(value, dict) or len(value) > 4000:
        raise PayloadError(f"{where}: 'layout' must map at most 4000 places to their pieces")
    out = {}
    for place, stack in value.items():
        _text(place, 24, "a place in 'layout'", where)
        if not isinstance(stack, list) or len(stack) > 64:
            raise PayloadError(f"{where}: 'layout.{place[:24]}' must be a list of pieces")
        out[place] = [_text(p, 24, f"a piece on {place[:24]}", where) for p in stack]
    return out


def _known_variant(game: str, variant: str, where: str) -> list[str] | None:
    """The seats of ``game``'s ``variant`` when this server knows the game (a game it does not
    know is shown with its own names); a variant the game does not have is refused."""
    from controller.rules import GAMES
    found = GAMES.get(game)
    if found is None:
        return None
    if variant not in found.variants:
        raise PayloadError(f"{where}: {game} has no variant {variant!r}")
    return list(found.variants[variant].seats)


def check_state(data: dict[str, Any], topic: Topic) -> dict[str, Any]:
    """A board's state as docs/club.md has it: every field checked, the rest left out."""
    where = f"{topic.board} state"
    _same_board(data, topic, where)
    game = _field_text(data, "game", 32, where, GAME)
    variant = _field_text(data, "variant", 48, where, VARIANT)
    assert game is not None and variant is not None
    known = _known_variant(game, variant, where)
    seats = _need(data, "seats", list, where)
    if not 0 < len(seats) <= 8:
        raise PayloadError(f"{where}: 'seats' must list 1 to 8 seats")
    for s in seats:
        _seat(s, known, "a seat", where)
    if len(set(seats)) != len(seats):
        raise PayloadError(f"{where}: a seat is listed twice")
    out: dict[str, Any] = {
        "v": VERSION, "board": topic.board, "game": game, "variant": variant, "seats": seats,
        "game_id": _number(data, "game_id", where, 1, MAX_GAME_ID, optional=True, whole=True),
        "pairing": _field_text(data, "pairing", 80, where, PAIRING_ID, optional=True),
        "moved_at": _number(data, "moved_at", where, 0, 1e11, optional=True),
        "sent": _number(data, "sent", where, 0, 1e11),
        "title": _field_text(data, "title", 80, where, optional=True),
        "ply": _number(data, "ply", where, 0, MAX_PLY, whole=True),
        "seq": _number(data, "seq", where, 0, MAX_SEQ, optional=True, whole=True),
        "to_move": None if data.get("to_move") is None else _seat(
            data["to_move"], seats, "'to_move'", where),
        "last_move": _field_text(data, "last_move", MOVE_LIMIT, where, optional=True,
                                 empty=True),
        "version": _number(data, "version", where, 0, 2**53, optional=True, whole=True),
    }
    status = _need(data, "status", str, where, optional=True)
    if status is not None and status not in STATUSES:
        raise PayloadError(f"{where}: 'status' must be one of {', '.join(STATUSES)}")
    out["status"] = status
    position = _need(data, "position", str, where, optional=True)
    if position is not None and len(position) > 16_384:
        raise PayloadError(f"{where}: 'position' is longer than 16384 characters")
    out["position"] = position
    scores = _need(data, "scores", dict, where, optional=True) or {}
    if len(scores) > 16:
        raise PayloadError(f"{where}: 'scores' has more than 16 entries")
    out["scores"] = {_text(k, 48, "a key in 'scores'", where, SCORE_KEY):
                     _is_number(v, f"'scores.{k}'", where) for k, v in scores.items()}
    out["names"] = _by_seat(data, "names", seats, where,
                            lambda v, w: _text(v, NAME_LIMIT, w, where))
    out["computer"] = _by_seat(data, "computer", seats, where,
                               lambda v, w: _text(v, 24, w, where, SEAT))
    out["moves"] = _moves(data.get("moves") or [], seats, where)
    out["outcome"] = None if data.get("outcome") is None else _outcome(
        data["outcome"], seats, "'outcome'", where)
    out["clocks"] = None if data.get("clocks") is None else _clocks(data["clocks"], seats,
                                                                    where)
    out["match"] = None if data.get("match") is None else _match(data["match"], seats, where)
    out["layout"] = _layout(data.get("layout") or {}, where)
    out["view"] = _need(data, "view", dict, where, optional=True) or {}
    return out


def check_presence(data: dict[str, Any], topic: Topic) -> dict[str, Any]:
    where = f"{topic.board} presence"
    _same_board(data, topic, where)
    return {"v": VERSION, "board": topic.board, "online": _need(data, "online", bool, where),
            "since": _number(data, "since", where, 0, 1e11),
            "software": _field_text(data, "software", 40, where, optional=True)}


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
    game = _field_text(data, "game", 32, where, GAME)
    variant = _field_text(data, "variant", 48, where, VARIANT)
    assert game is not None and variant is not None
    seats = _known_variant(game, variant, where)
    out: dict[str, Any] = {
        "v": VERSION, "board": topic.board, "kind": kind, "game": game, "variant": variant,
        "game_id": _number(data, "game_id", where, 1, MAX_GAME_ID, whole=True),
        "seq": _number(data, "seq", where, 1, MAX_SEQ, whole=True),
        "ply": _number(data, "ply", where, 0, MAX_PLY, whole=True),
        "wall": _number(data, "wall", where, 0, 1e11),
        "seat": None if data.get("seat") is None else _seat(data["seat"], seats, "'seat'",
                                                            where),
        "move": _field_text(data, "move", MOVE_LIMIT, where, optional=True, empty=True),
        "pairing": _field_text(data, "pairing", 80, where, PAIRING_ID, optional=True),
    }
    if data.get("said") is not None:
        out["said"] = _said(data["said"], "'said'", where)
    if kind == "result":
        out["result"] = _outcome(_need(data, "result", dict, where), seats, "'result'", where,
                                 legacy=True)
    return out


def check_pairing(data: dict[str, Any], board: str) -> dict[str, Any]:
    """A pairing the director sent to ``board`` (checked by the board before it shows it):
    its event (``event_id``, ``event`` its name, ``created`` when the director made it) and
    round, table, game and variant, and the players' names by seat."""
    where = f"pairing for {board}"
    if data.get("board") != board:
        raise PayloadError(f"{where}: it names board {data.get('board')!r}")
    out: dict[str, Any] = {
        "v": VERSION, "board": board,
        "id": _field_text(data, "id", 80, where, PAIRING_ID),
        "event": _field_text(data, "event", 60, where),
        "event_id": _field_text(data, "event_id", 80, where, PAIRING_ID, optional=True),
        "created": _number(data, "created", where, 0, 1e11, optional=True),
        "round": _number(data, "round", where, 1, 1000, whole=True),
        "table": _number(data, "table", where, 1, 1000, whole=True),
        "game": _field_text(data, "game", 32, where, GAME),
        "variant": _field_text(data, "variant", 48, where, VARIANT),
    }
    out = {k: v for k, v in out.items() if v is not None or k not in ("event_id", "created")}
    names = _need(data, "names", dict, where)
    if not names or len(names) > 8 or not all(
            isinstance(k, str) and SEAT.match(k) and isinstance(v, str)
            and 0 < len(v) <= NAME_LIMIT and v.isprintable() for k, v in names.items()):
        raise PayloadError(f"{where}: 'names' must map each seat to a player's name")
    out["names"] = dict(names)
    return out


def check_resend(data: dict[str, Any], board: str) -> tuple[int, int]:
    where = f"resend request to {board}"
    game_id = _number(data, "game_id", where, 1, MAX_GAME_ID, whole=True)
    first = _number(data, "from", where, 1, MAX_SEQ, whole=True)
    return game_id, first
