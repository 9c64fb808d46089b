"""Where two boards of a match write and read on the broker, and what every message is.

Topic tree (version 1; MATCH is a match code, BOARD a board's user name on the broker):

    boardlight/v1/match/MATCH/to/BOARD/from/SENDER   one board's messages to the other
    boardlight/v1/match/MATCH/board/BOARD/offer      the host's open offer (retained)
    boardlight/v1/match/MATCH/board/BOARD/presence   online or not (retained; last will)

The shipped ACL (deploy/mosquitto/boardlight.acl) lets a board write only where SENDER or
BOARD is its own user name, and read only messages addressed to it, offers and presences: a
board can neither read what goes to another board (its players' hands) nor speak for one.

Every payload is a JSON object, an envelope: ``{"v": 1, "match": CODE, "from": BOARD,
"seq": N, "kind": KIND, "sent": SECONDS, "body": {...}}``.  ``seq`` numbers a sender's game
messages in a match from 1 (``link`` delivers each once, in order); the link's own
``sync`` and ``resend`` carry 0.  Each kind's body is checked here (``read``): one bad
message is refused with what was wrong, and nothing else changes.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from club.topics import NAME, PayloadError, check_name, strict_json
from remote.codes import ALPHABET, LENGTH
from web_ui.http import json_depth

VERSION = 1
ROOT = f"boardlight/v{VERSION}/match"
CODE = re.compile(f"^[{ALPHABET}]{{{LENGTH}}}$")
SEAT = re.compile(r"^[a-z0-9][a-z0-9_-]{0,23}$")
GAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
VARIANT = re.compile(r"^[a-z0-9][a-z0-9_-]{0,47}$")
LANG = re.compile(r"^[a-z]{2}$")
MAX_BYTES = 16 * 1024   # a message; the largest is a seat's private view (a hand of tiles)
MAX_DEPTH = 12
MAX_SEQ = 1_000_000
MAX_PLY = 100_000
MOVE_LIMIT = 200
POSITION_LIMIT = 12_000   # a position text (Rhombus, four players: about 400 characters)
NAME_LIMIT = 40
CONTROL = ("sync", "resend")          # the link's own, unnumbered (seq 0)
ASKED = ("takeback", "draw")


# ---- topics -----------------------------------------------------------------------------------

def check_code(code: str) -> str:
    if not isinstance(code, str) or not CODE.match(code):
        raise PayloadError(f"match code {code!r} is not one: {LENGTH} of {ALPHABET}")
    return code


def direct(match: str, to: str, sender: str) -> str:
    return f"{ROOT}/{check_code(match)}/to/{check_name(to, 'board')}/from/" \
           f"{check_name(sender, 'board')}"


def inbox(me: str) -> str:
    """Every message of every match addressed to board ``me``."""
    return f"{ROOT}/+/to/{check_name(me, 'board')}/from/+"


def board_topic(match: str, board: str, kind: str) -> str:
    assert kind in ("offer", "presence")
    return f"{ROOT}/{check_code(match)}/board/{check_name(board, 'board')}/{kind}"


def board_filter(match: str) -> str:
    """A match's offers and presences (a joining board reads the offer behind a code)."""
    return f"{ROOT}/{check_code(match)}/board/+/+"


@dataclass(frozen=True, slots=True)
class Address:
    match: str
    kind: str            # "direct", "offer" or "presence"
    board: str           # the board it is to (direct) or about (offer, presence)
    sender: str | None   # direct messages: who sent it (the ACL made sure)


def parse_topic(topic: str) -> Address:
    parts = topic.split("/")
    if "/".join(parts[:3]) != ROOT or len(parts) not in (7, 8):
        raise PayloadError(f"topic {topic!r} is not in the {ROOT} tree")
    match = check_code(parts[3])
    if len(parts) == 8 and parts[4] == "to" and parts[6] == "from":
        return Address(match, "direct", check_name(parts[5], "board"),
                       check_name(parts[7], "board"))
    if len(parts) == 7 and parts[4] == "board" and parts[6] in ("offer", "presence"):
        return Address(match, parts[6], check_name(parts[5], "board"), None)
    raise PayloadError(f"topic {topic!r} is not in the {ROOT} tree")


# ---- envelopes ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Envelope:
    match: str
    sender: str
    seq: int
    kind: str
    sent: float
    body: dict[str, Any]

    def encode(self) -> bytes:
        return json.dumps({"v": VERSION, "match": self.match, "from": self.sender,
                           "seq": self.seq, "kind": self.kind, "sent": self.sent,
                           "body": self.body}, separators=(",", ":")).encode()

    @property
    def control(self) -> bool:
        return self.kind in CONTROL


def _show(value: Any) -> str:
    return json.dumps(value)[:40]


class _Fields:
    """Reads one object's fields, each checked, naming where a wrong one was."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise PayloadError(f"{where} must be a JSON object, got {_show(data)}")
        self.data, self.where = data, where

    def get(self, key: str) -> Any:
        if key not in self.data or self.data[key] is None:
            raise PayloadError(f"{self.where}: '{key}' is missing")
        return self.data[key]

    def whole(self, key: str, low: int, high: int) -> int:
        value = self.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise PayloadError(f"{self.where}: '{key}' must be a whole number from {low} to "
                               f"{high}, got {_show(value)}")
        return value

    def number(self, key: str, low: float, high: float) -> float:
        value = self.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not low <= value <= high:
            raise PayloadError(f"{self.where}: '{key}' must be a number from {low:g} to "
                               f"{high:g}, got {_show(value)}")
        return float(value)

    def text(self, key: str, limit: int, pattern: re.Pattern[str] | None = None) -> str:
        return _text(self.get(key), limit, f"'{key}'", self.where, pattern)

    def flag(self, key: str) -> bool:
        value = self.get(key)
        if not isinstance(value, bool):
            raise PayloadError(f"{self.where}: '{key}' must be true or false, got {_show(value)}")
        return value

    def seats(self, key: str) -> list[str]:
        value = self.get(key)
        if not isinstance(value, list) or not 1 <= len(value) <= 8:
            raise PayloadError(f"{self.where}: '{key}' must be a list of 1 to 8 seats")
        return [_text(s, 24, f"a seat in '{key}'", self.where, SEAT) for s in value]

    def obj(self, key: str) -> dict[str, Any]:
        value = self.get(key)
        if not isinstance(value, dict):
            raise PayloadError(f"{self.where}: '{key}' must be a JSON object")
        return value


def _text(value: Any, limit: int, what: str, where: str,
          pattern: re.Pattern[str] | None = None) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= limit or not value.isprintable() \
            or (pattern is not None and not pattern.match(value)):
        raise PayloadError(f"{where}: {what} must be a printable text of 1 to {limit} "
                           f"characters{' of the form ' + pattern.pattern if pattern else ''}, "
                           f"got {_show(value)}")
    return value


def _hello(f: _Fields) -> None:
    f.seats("seats"), f.text("name", NAME_LIMIT), f.text("lang", 2, LANG)


def _welcome(f: _Fields) -> None:
    f.text("game", 32, GAME), f.text("variant", 48, VARIANT), f.whole("ply", 0, MAX_PLY)
    seats = f.obj("seats")
    if not 2 <= len(seats) <= 8:
        raise PayloadError(f"{f.where}: 'seats' must give 2 to 8 seats their board")
    for seat, board in seats.items():
        _text(seat, 24, "a seat", f.where, SEAT)
        _text(board, 32, f"seat {seat}'s board", f.where, NAME)


def _move(f: _Fields) -> None:
    f.whole("ply", 0, MAX_PLY), f.text("seat", 24, SEAT), f.text("move", MOVE_LIMIT)


def _private(f: _Fields) -> None:
    f.whole("ply", 0, MAX_PLY), f.text("seat", 24, SEAT), f.obj("view")


def _position(f: _Fields) -> None:
    f.whole("ply", 0, MAX_PLY), f.text("position", POSITION_LIMIT)


def _ask(f: _Fields) -> None:
    if f.get("what") not in ASKED:
        raise PayloadError(f"{f.where}: 'what' must be one of {', '.join(ASKED)}")
    f.whole("ply", 0, MAX_PLY), f.text("seat", 24, SEAT)


def _answer(f: _Fields) -> None:
    _ask(f)
    f.flag("yes")


def _resign(f: _Fields) -> None:
    f.whole("ply", 0, MAX_PLY), f.text("seat", 24, SEAT)


def _end(f: _Fields) -> None:
    from controller.rules.base import Outcome

    f.whole("ply", 0, MAX_PLY)
    try:
        Outcome.from_json(f.obj("outcome"))
    except (TypeError, ValueError, KeyError) as exc:
        raise PayloadError(f"{f.where}: 'outcome' is not one: {exc}") from None


def _sync(f: _Fields) -> None:
    f.whole("applied", 0, MAX_SEQ), f.whole("sent", 0, MAX_SEQ)


def _resend(f: _Fields) -> None:
    f.whole("after", 0, MAX_SEQ)


BODIES = {"hello": _hello, "welcome": _welcome, "move": _move, "private": _private,
          "position": _position,
          "ask": _ask, "answer": _answer, "resign": _resign, "end": _end,
          "sync": _sync, "resend": _resend}
KINDS = tuple(BODIES)


def read(raw: bytes, address: Address) -> Envelope:
    """A direct message's envelope, every field checked against ``address`` (the topic it
    came on: the ACL vouches for its sender) and its kind's body; ``PayloadError`` names
    what was wrong."""
    where = f"message from {address.sender} in match {address.match}"
    if len(raw) > MAX_BYTES:
        raise PayloadError(f"{where}: {len(raw)} bytes; a message has at most {MAX_BYTES}")
    try:
        data = strict_json(raw)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise PayloadError(f"{where}: the payload is not JSON text") from None
    f = _Fields(data, where)
    if data.get("v") != VERSION:
        raise PayloadError(f"{where}: version {data.get('v')!r}; this reads version {VERSION}")
    if json_depth(data) > MAX_DEPTH:
        raise PayloadError(f"{where}: the payload nests more than {MAX_DEPTH} levels")
    if f.get("match") != address.match or f.get("from") != address.sender:
        raise PayloadError(f"{where}: it says it is from {_show(data.get('from'))} in match "
                           f"{_show(data.get('match'))}, not what its topic says")
    kind = f.get("kind")
    if kind not in BODIES:
        raise PayloadError(f"{where}: kind {_show(kind)} is not one of {', '.join(KINDS)}")
    seq = f.whole("seq", 0, 0) if kind in CONTROL else f.whole("seq", 1, MAX_SEQ)
    sent = f.number("sent", 0, 1e11)
    body = _Fields(f.get("body"), f"{where}, {kind} {seq}")
    BODIES[kind](body)
    return Envelope(address.match, address.sender or "", seq, kind, sent, body.data)
