"""The club server's view of the room: every board's latest public state, presence and game
records, as the broker delivers them.

It subscribes to ``boardlight/v1/CLUB/boards/+/+`` with a persistent session (a fixed client
id, ``clean_session`` false), so the broker keeps QoS 1 events for it while it is away.
Every message is checked (``club.topics``); a malformed or forged one (a payload naming
another board than its topic) is counted, logged and dropped, and changes nothing.  Events
are kept by ``(board, game_id, seq)``: a second copy is dropped; a gap (an event missing
below the highest seen, or above it: a board's state says how many events of its game it has
sent) makes the server ask that board to send the game again from the gap.

What is kept is bounded: ``MAX_BOARDS`` boards, per board ``MAX_GAMES`` game records and
``MAX_BOARD_BYTES`` of events (the oldest records other than the board's current game go
first), and each message's size by its kind (``club.topics.MAX_BYTES``).  A pairing's events
count as that pairing's only from the board the pairing was sent to (``accepts_pairing``).
A board whose connection drops again and again (two boards logged in as one user, a flaky
network) is marked ``unsteady`` for the pages.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from club import topics
from club.mqtt import BrokerURL, Connection
from controller.records import RecordKind, fold
from controller.rules import find_game

log = logging.getLogger(__name__)

RESEND_EVERY = 5.0   # seconds between two requests for the same game's missing events
MAX_BOARDS = 256     # boards followed at once; a new name beyond it is refused
MAX_GAMES = 64       # game records kept per board (the oldest, not the current game, go first)
MAX_BOARD_BYTES = 2 * 1024 * 1024   # bytes of events kept per board (as they came)
STORM_WINDOW = 300.0  # seconds: a board whose connection dropped ...
STORM_DROPS = 3       # ... this many times within them is 'unsteady' on the pages


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
    size: int = 0              # bytes of its events, as they came

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
        for n, seq in enumerate(sorted(self.events), 1):
            if seq != n:
                return n
        return None

    @property
    def last(self) -> int:
        return max(self.events, default=0)

    def moves(self) -> list[dict[str, Any]]:
        """The moves standing at the end, folded from the events (``controller.records.
        fold``: an amend replaces the last move, a take-back truncates; a ``result`` is no
        move, and an amend of no move, which a careless board may send, changes nothing)."""
        out: list[_Standing] = []
        for seq in sorted(self.events):
            e = self.events[seq]
            if e["kind"] not in RECORD_KINDS:
                continue
            kind = RecordKind(e["kind"])
            item = None if kind is RecordKind.TAKEBACK else _Standing(e["ply"], {
                "ply": e["ply"], "seat": e["seat"], "move": e["move"], "wall": e["wall"],
                "said": e.get("said")})
            with contextlib.suppress(IndexError):
                fold(out, kind, e["ply"], item)
        return [m.move for m in out]


RECORD_KINDS = frozenset(k.value for k in RecordKind)


class _Standing(NamedTuple):
    """A move that stands, as the club's pages list it."""

    ply: int
    move: dict[str, Any]


@dataclass
class BoardEntry:
    name: str
    state: dict[str, Any] | None = None
    online: bool | None = None     # None: its presence was never heard
    since: float | None = None
    version: int = 0               # bumped on every change a page shows
    drops: tuple[float, ...] = ()  # when its connection dropped, within STORM_WINDOW
    games: list[int] = field(default_factory=list)   # its records' game ids, oldest first
    size: int = 0                  # bytes of its records' events

    def copy(self) -> BoardEntry:
        return BoardEntry(self.name, self.state, self.online, self.since, self.version,
                          self.drops)


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
        self.connect_listeners: list[Callable[[], None]] = []   # after each (re)connect
        # Whether ``board`` may say its game plays pairing ``id`` (the director's: only the
        # board the pairing was sent to); None: every claim stands.
        self.accepts_pairing: Callable[[str, str], bool] | None = None
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
        for listener in list(self.connect_listeners):
            try:
                listener()
            except Exception:  # a listener's trouble never stops the network thread
                log.exception("a connect listener failed")

    def receive(self, topic: str, payload: bytes, retained: bool = False) -> None:
        """Take one message; anything not as the topic tree says is dropped with a reason."""
        try:
            where = topics.parse_topic(topic)
            if where.club != self.club or where.area != "boards":
                raise topics.PayloadError(f"{topic}: not a board of club {self.club!r}")
            if not payload:
                self._forget(where.board, where.kind)
                return
            data = topics.decode(payload, topic, where.kind)
            if where.kind == "state":
                self._state(self._claim(topics.check_state(data, where), "state"))
            elif where.kind == "presence":
                self._presence(topics.check_presence(data, where))
            else:
                self._event(self._claim(topics.check_event(data, where), "event"),
                            len(payload))
            self.counts["taken"] += 1
        except topics.PayloadError as exc:
            self.refuse(str(exc))

    def refuse(self, why: str) -> None:
        self.counts["refused"] += 1
        self.problems.append(why)
        log.warning("dropped a message: %s", why)

    def _claim(self, data: dict[str, Any], what: str) -> dict[str, Any]:
        """The message without its pairing when the board may not claim it (a pairing the
        director sent to another board): its game is kept, as no pairing's."""
        pairing, board = data.get("pairing"), data["board"]
        accepts = self.accepts_pairing
        if pairing is None or accepts is None or accepts(pairing, board):
            return data
        self.counts["pairing refused"] += 1
        why = (f"{board} {what}: pairing {pairing!r} was not sent to {board}; its game "
               f"{data.get('game_id')} is kept as no pairing's")
        self.problems.append(why)
        log.warning("%s", why)
        return {**data, "pairing": None}

    def _entry(self, name: str) -> BoardEntry:
        entry = self._boards.get(name)
        if entry is None:
            if len(self._boards) >= MAX_BOARDS:
                raise topics.PayloadError(f"{name}: {MAX_BOARDS} boards are followed already; "
                                          "a board beyond them is not")
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
        ask: int | None = None
        with self._lock:
            entry = self._entry(board)
            entry.state = data
            entry.version += 1
            game_id = data.get("game_id")
            record = self.records.get((board, game_id)) if isinstance(game_id, int) else None
            if record is not None:
                record.names = dict(data.get("names") or {})
            sent = data.get("seq") or 0
            if isinstance(game_id, int) and sent > (record.last if record else 0):
                # The board sent events of this game that never came (lost by a broker
                # restarted on old persistence, or sent before this server followed).
                if record is None:
                    record = self._new_record(entry, board, game_id, data["game"],
                                              data["variant"], None)
                    record.names = dict(data.get("names") or {})
                now = self.wall()
                if now - record.asked >= RESEND_EVERY:
                    record.asked = now
                    ask = record.missing() or record.last + 1
        if ask is not None and isinstance(game_id, int):
            self.request_resend(board, game_id, ask)
        self._changed(board)

    def _presence(self, data: dict[str, Any]) -> None:
        board = data["board"]
        online, since = bool(data["online"]), float(data["since"])
        with self._lock:
            entry = self._entry(board)
            now = self.wall()
            # A drop: online, then offline (its last will, a kick, a stop), or online again
            # with another start (the offline never came).
            if entry.online and (not online or since != entry.since):
                entry.drops = (*(t for t in entry.drops if now - t < STORM_WINDOW), now)
                if len(entry.drops) == STORM_DROPS:
                    log.warning("%s: its connection dropped %d times in %.0f s (two boards "
                                "logged in as one user? a flaky network?)", board,
                                STORM_DROPS, STORM_WINDOW)
            entry.online = online
            entry.since = since
            entry.version += 1
        self._changed(board)

    def _new_record(self, entry: BoardEntry, board: str, game_id: int, game: str,
                    variant: str, pairing: str | None) -> Record:
        """Under the lock: a new game record of ``board``, the oldest other than its current
        game forgotten while it has ``MAX_GAMES``."""
        while len(entry.games) >= MAX_GAMES and self._forget_oldest(entry, game_id):
            pass
        record = self.records[(board, game_id)] = Record(board, game_id, game, variant,
                                                         pairing)
        entry.games.append(game_id)
        return record

    def _forget_oldest(self, entry: BoardEntry, keep: int) -> bool:
        """Under the lock: forget the board's oldest record other than ``keep`` and its
        current game; whether there was one."""
        current = (entry.state or {}).get("game_id")
        for game_id in entry.games:
            if game_id not in (keep, current):
                record = self.records.pop((entry.name, game_id))
                entry.games.remove(game_id)
                entry.size -= record.size
                self.counts["forgotten"] += 1
                log.warning("%s: forgot game %d (%d events): a board's records are kept up "
                            "to %d games and %d bytes", entry.name, game_id,
                            len(record.events), MAX_GAMES, MAX_BOARD_BYTES)
                return True
        return False

    def _event(self, data: dict[str, Any], size: int = 0) -> None:
        board, game_id, seq = data["board"], data["game_id"], data["seq"]
        with self._lock:
            key = (board, game_id)
            entry = self._entry(board)
            record = self.records.get(key)
            if record is not None and seq in record.events:
                self.counts["duplicates"] += 1
                return
            while entry.size + size > MAX_BOARD_BYTES and self._forget_oldest(entry, game_id):
                pass
            if entry.size + size > MAX_BOARD_BYTES:
                raise topics.PayloadError(
                    f"{board} event: game {game_id} would keep more than {MAX_BOARD_BYTES} "
                    "bytes of events, the most kept of a board")
            if record is None:
                record = self._new_record(entry, board, game_id, data["game"],
                                          data["variant"], data.get("pairing"))
                state = entry.state
                if state and state.get("game_id") == game_id:
                    record.names = dict(state.get("names") or {})
            record.events[seq] = data
            record.size += size
            entry.size += size
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
            return None if entry is None else entry.copy()

    def summary(self, name: str, lang: str = "en") -> dict[str, Any] | None:
        entry = self.entry(name)
        return None if entry is None else summarize(entry, lang, self.wall())

    def summaries(self) -> list[dict[str, Any]]:
        return [s for name in self.board_names() if (s := self.summary(name)) is not None]

    def record_list(self) -> list[Record]:
        with self._lock:
            return [self.records[k] for k in sorted(self.records)]


def summarize(entry: BoardEntry, lang: str = "en", now: float | None = None) -> dict[str, Any]:
    """One board for the room's pages and ``GET /api/club/boards``: in the players' words
    (in ``lang``) where a page shows it (seat labels, names), plus what a small drawing
    needs; ``drops``: how often its connection dropped in the last ``STORM_WINDOW`` seconds
    (as of ``now``), ``unsteady`` when that is ``STORM_DROPS`` or more."""
    from club.words import label
    s = entry.state or {}
    game = s.get("game")
    names = s.get("names") or {}
    seats = [{"seat": seat, "label": label(game, seat, lang) if game else seat,
              "name": names.get(seat, "")} for seat in s.get("seats", [])]
    to_move = s.get("to_move")
    outcome = s.get("outcome")
    over = outcome is not None or s.get("status") == "over"
    now = time.time() if now is None else now
    drops = sum(1 for t in entry.drops if now - t < STORM_WINDOW)
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
        "drops": drops,
        "unsteady": drops >= STORM_DROPS,
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
