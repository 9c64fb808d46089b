"""The club server's view of the room: every board's latest public state, presence and game
records, as the broker delivers them.

It subscribes to ``boardlight/v1/CLUB/boards/+/+`` with a persistent session (a fixed client
id, ``clean_session`` false), so the broker keeps QoS 1 events for it while it is away.
Every message is checked (``club.topics``); a malformed or forged one (a payload naming
another board than its topic) is counted, logged and dropped, and changes nothing.  Events
are kept by ``(board, game_id, seq)``: a second copy is dropped; a gap (an event missing
below the highest seen) makes the server ask that board to send the game again from the gap.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from club import topics
from club.mqtt import BrokerURL, Connection
from controller.rules import find_game

log = logging.getLogger(__name__)

RESEND_EVERY = 5.0   # seconds between two requests for the same game's missing events


@lru_cache(maxsize=256)
def seat_label(game: str, seat: str) -> str:
    """``Black`` for Abalone's ``b`` (a game this server does not know: the seat itself)."""
    try:
        return str(find_game(game).seat_name(seat))
    except (LookupError, ValueError, AttributeError):
        return seat


@dataclass
class Record:
    """One game of one board, as far as its events arrived."""

    board: str
    game_id: int
    game: str
    variant: str
    pairing: str | None = None
    events: dict[int, dict[str, Any]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    asked: float = 0.0
    reported: bool = False     # its result went to the result listeners

    @property
    def result(self) -> dict[str, Any] | None:
        for e in self.events.values():
            if e["kind"] == "result":
                return dict(e["result"])
        return None

    @property
    def complete(self) -> bool:
        return bool(self.events) and sorted(self.events) == list(range(1, max(self.events) + 1))

    def missing(self) -> int | None:
        """The first seq below the highest seen that has not arrived."""
        for seq in range(1, max(self.events, default=0) + 1):
            if seq not in self.events:
                return seq
        return None

    def moves(self) -> list[dict[str, Any]]:
        """The moves standing at the end, replayed from the events (amends, take-backs)."""
        out: list[dict[str, Any]] = []
        for seq in sorted(self.events):
            e = self.events[seq]
            if e["kind"] in ("move", "end"):
                out.append({"ply": e["ply"], "seat": e["seat"], "move": e["move"],
                            "wall": e["wall"], "said": e.get("said")})
            elif e["kind"] == "amend" and out:
                out[-1] = {"ply": e["ply"], "seat": e["seat"], "move": e["move"],
                           "wall": e["wall"], "said": e.get("said")}
            elif e["kind"] == "takeback":
                out = [m for m in out if m["ply"] <= e["ply"]]
        return out


@dataclass
class BoardEntry:
    name: str
    state: dict[str, Any] | None = None
    online: bool | None = None     # None: its presence was never heard
    since: float | None = None
    version: int = 0               # bumped on every change a page shows


class ClubServer:
    """Follows every board of one club on the broker."""

    def __init__(self, url: BrokerURL, club: str, *, client_id: str | None = None,
                 ca_file: str | None = None, reconnect: tuple[float, float] = (1, 15),
                 connection: Callable[..., Connection] = Connection,
                 wall: Callable[[], float] = time.time) -> None:
        self.club = topics.check_name(club, "club")
        self.wall = wall
        self._lock = threading.Lock()
        self._boards: dict[str, BoardEntry] = {}
        self.records: dict[tuple[str, int], Record] = {}
        self.listeners: list[Callable[[str], None]] = []     # called with a board's name
        self.result_listeners: list[Callable[[Record], None]] = []
        self.counts: Counter[str] = Counter()
        self.problems: deque[str] = deque(maxlen=50)
        self.conn = connection(url, client_id or f"boardlight-club-{club}",
                               clean_session=False, ca_file=ca_file, reconnect=reconnect,
                               on_connect=self._connected, on_message=self.receive)

    def start(self) -> ClubServer:
        self.conn.start()
        return self

    def stop(self) -> None:
        self.conn.stop()

    def wait_following(self, timeout: float) -> bool:
        """Wait until the broker has taken the subscription to the club's boards."""
        return self.conn.subscribed.wait(timeout)

    # ---- receiving (paho's thread) ----------------------------------------------------------

    def _connected(self) -> None:
        self.conn.subscribe(topics.boards_filter(self.club), qos=1)

    def receive(self, topic: str, payload: bytes, retained: bool = False) -> None:
        """Take one message; anything not as the topic tree says is dropped with a reason."""
        try:
            where = topics.parse_topic(topic)
            if where.club != self.club or where.area != "boards":
                raise topics.PayloadError(f"{topic}: not a board of club {self.club!r}")
            if not payload:
                self._forget(where.board, where.kind)
                return
            data = topics.decode(payload, topic)
            if where.kind == "state":
                self._state(topics.check_state(data, where))
            elif where.kind == "presence":
                self._presence(topics.check_presence(data, where))
            else:
                self._event(topics.check_event(data, where))
            self.counts["taken"] += 1
        except topics.PayloadError as exc:
            self.counts["refused"] += 1
            self.problems.append(str(exc))
            log.warning("dropped a message: %s", exc)

    def _entry(self, name: str) -> BoardEntry:
        entry = self._boards.get(name)
        if entry is None:
            entry = self._boards[name] = BoardEntry(name)
        return entry

    def _changed(self, name: str) -> None:
        for listener in list(self.listeners):
            listener(name)

    def _forget(self, board: str, kind: str) -> None:
        with self._lock:
            entry = self._boards.get(board)
            if entry is None:
                return
            if kind == "state":
                entry.state = None
            elif kind == "presence":
                entry.online = None
            entry.version += 1
        self._changed(board)

    def _state(self, data: dict[str, Any]) -> None:
        board = data["board"]
        with self._lock:
            entry = self._entry(board)
            entry.state = data
            entry.version += 1
            game_id = data.get("game_id")
            record = self.records.get((board, game_id)) if isinstance(game_id, int) else None
            if record is not None:
                record.names = dict(data.get("names") or {})
        self._changed(board)

    def _presence(self, data: dict[str, Any]) -> None:
        board = data["board"]
        with self._lock:
            entry = self._entry(board)
            entry.online = bool(data["online"])
            entry.since = float(data["since"])
            entry.version += 1
        self._changed(board)

    def _event(self, data: dict[str, Any]) -> None:
        board, game_id, seq = data["board"], data["game_id"], data["seq"]
        with self._lock:
            key = (board, game_id)
            record = self.records.get(key)
            if record is None:
                record = self.records[key] = Record(board, game_id, data["game"],
                                                    data["variant"], data.get("pairing"))
                state = self._entry(board).state
                if state and state.get("game_id") == game_id:
                    record.names = dict(state.get("names") or {})
            if seq in record.events:
                self.counts["duplicates"] += 1
                return
            record.events[seq] = data
            if data.get("pairing"):
                record.pairing = data["pairing"]
            gap = record.missing()
            now = self.wall()
            ask = gap is not None and now - record.asked >= RESEND_EVERY
            if ask:
                record.asked = now
            done = not record.reported and record.result is not None and gap is None
            if done:
                record.reported = True
        if ask:
            self.request_resend(board, game_id, gap or 1)
        if done:
            for listener in list(self.result_listeners):
                listener(record)

    # ---- sending (the director's user) ------------------------------------------------------

    def request_resend(self, board: str, game_id: int, first: int) -> None:
        self.counts["resend requests"] += 1
        self.conn.publish(topics.command_topic(self.club, board, "resend"),
                          topics.encode({"v": topics.VERSION, "game_id": game_id,
                                         "from": first}))

    def send_pairing(self, board: str, pairing: dict[str, Any] | None) -> bool:
        """Send (retained) a pairing to a board, or withdraw it (None); whether the broker
        took it now (else paho sends it on reconnect)."""
        topic = topics.command_topic(self.club, board, "pairing")
        payload = b"" if pairing is None else topics.encode(pairing)
        return self.conn.publish(topic, payload, qos=1, retain=True) is not None

    # ---- reading (web threads) ---------------------------------------------------------------

    def board_names(self) -> list[str]:
        with self._lock:
            return sorted(self._boards)

    def entry(self, name: str) -> BoardEntry | None:
        with self._lock:
            entry = self._boards.get(name)
            if entry is None:
                return None
            return BoardEntry(entry.name, entry.state, entry.online, entry.since, entry.version)

    def summary(self, name: str, lang: str = "en") -> dict[str, Any] | None:
        entry = self.entry(name)
        return None if entry is None else summarize(entry, lang)

    def summaries(self) -> list[dict[str, Any]]:
        return [s for name in self.board_names() if (s := self.summary(name)) is not None]

    def record_list(self) -> list[Record]:
        with self._lock:
            return [self.records[k] for k in sorted(self.records)]


def summarize(entry: BoardEntry, lang: str = "en") -> dict[str, Any]:
    """One board for the room's pages and ``GET /api/club/boards``: in the players' words
    (in ``lang``) where a page shows it (seat labels, names), plus what a small drawing
    needs."""
    from club.words import label
    s = entry.state or {}
    game = s.get("game")
    names = s.get("names") or {}
    seats = [{"seat": seat, "label": label(game, seat, lang) if game else seat,
              "name": names.get(seat, "")} for seat in s.get("seats", [])]
    to_move = s.get("to_move")
    outcome = s.get("outcome")
    over = outcome is not None or s.get("status") == "over"
    return {
        "name": entry.name,
        "online": bool(entry.online),
        "heard": entry.online is not None or entry.state is not None,
        "since": entry.since,
        "game": game,
        "title": s.get("title", game),
        "variant": s.get("variant"),
        "game_id": s.get("game_id"),
        "pairing": s.get("pairing"),
        "ply": s.get("ply"),
        "status": s.get("status"),
        "to_move": None if over else to_move,
        "score": s.get("scores") or {},
        "seats": seats,
        "last_move": s.get("last_move"),
        "moved_at": s.get("moved_at"),
        "clocks": s.get("clocks"),
        "match": s.get("match"),
        "result": outcome if over else None,
        "version": entry.version,
    }


def drawing(entry: BoardEntry) -> dict[str, Any]:
    """What board.js needs to draw a board (public: the pieces everyone at the table sees)."""
    s = entry.state or {}
    view = s.get("view") or {}
    layout = s.get("layout") or {}
    # The cells only matter to the drawing where the layout says nothing (it is the same
    # pieces): left out when there is a layout, which halves a board's message.  The rest of
    # the public view is what the table page's words and drawing read (a line's score at
    # Crosswise's edge, the cards on Rhombus's table, what decided the game).
    public = {k: v for k, v in view.items() if k != "cells"} if isinstance(view, dict) else {}
    return {"layout": layout,
            "view": {**public, "cells": {} if layout else view.get("cells", {})},
            "labels": {seat: seat_label(s.get("game") or "", seat) for seat in s.get("seats", [])},
            "seats": s.get("seats", []), "names": s.get("names") or {},
            "computer": s.get("computer") or {},
            "moves": [{"ply": m.get("ply"), "seat": m.get("seat"), "move": m.get("move"),
                       "said": m.get("said")}
                      for m in (s.get("moves") or []) if isinstance(m, dict)]}
