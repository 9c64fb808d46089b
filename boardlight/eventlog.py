"""The append-only event log: every game, set-up, move and action, durable before it shows.

SQLite in WAL mode with ``synchronous=FULL``: a committed transaction is on disk when
``append`` returns, so a move the LEDs or a phone have shown survives a power cut.  The log
is subscribed to the session before the lights and the pages, so nothing is acknowledged
that is not written.  Records are replayed through the rules core on start (and checked
against the position text stored with each move) to resume an unfinished game.

Schema version 1:

* ``games``: id, game, variant, seed, start (position text), started (unix time), finished,
  result (JSON: ``Outcome.to_json``, winners and termination; a log written before the
  terminations were typed holds winners and an English ``reason``), meta (JSON: seat names,
  time control, ...);
* ``events``: id, game_id, seq (per game, from 1), kind, ply, seat, move, position (text
  after the event), t (session seconds), wall (unix time), data (JSON).

Kinds: ``move`` (a committed move), ``amend`` (replaces the last move), ``takeback`` (back
to ``ply``), ``end`` (resignation, agreement, time: ``move`` holds the action text).

One writer: the process that owns a log (``EventLog(path)``, the service) holds an exclusive
lock on ``PATH.lock`` while it runs (the lock file says its process id); a second owner is
refused with words naming the file and the other process, so that two processes never write
one game's events interleaved.  Readers (``EventLog(path, owner=False)``: the records
commands) take no lock and write nothing.  A stored game that does not replay is kept as it
is: ``replay_events(..., partial=True)`` replays it as far as it goes and says where it
stops.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from controller.errors import BoardError
from controller.rules import find_game
from controller.session.events import Committed, GameOver, OutEvent, TakenBack

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL, variant TEXT NOT NULL, seed INTEGER NOT NULL,
    start TEXT NOT NULL, started REAL NOT NULL,
    finished REAL, result TEXT, meta TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL, kind TEXT NOT NULL, ply INTEGER NOT NULL,
    seat TEXT, move TEXT, position TEXT NOT NULL,
    t REAL NOT NULL, wall REAL NOT NULL, data TEXT NOT NULL DEFAULT '{}',
    UNIQUE (game_id, seq)
);
"""


class LogError(BoardError, RuntimeError):
    """The event log cannot be opened, or a record does not replay."""


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    variant: str
    seed: int
    start: str
    started: float
    finished: float | None
    result: dict[str, Any] | None
    meta: dict[str, Any]


@dataclass(frozen=True)
class EventRecord:
    seq: int
    kind: str
    ply: int
    seat: str | None
    move: str | None
    position: str
    t: float
    wall: float
    data: dict[str, Any]


class EventLog:
    def __init__(self, path: str | Path, owner: bool = True) -> None:
        self.path = Path(path)
        self.owner = owner
        self._held: Any = None  # the lock file, while this process owns the log
        if not owner and not self.path.exists():
            raise LogError(f"there is no game log at {self.path}")
        try:
            if self.path.parent != Path(""):
                self.path.parent.mkdir(parents=True, exist_ok=True)
            if owner:
                self._own()
            self._db = sqlite3.connect(str(self.path), isolation_level=None,
                                       check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)
        except (sqlite3.Error, OSError) as exc:
            self._release()
            raise LogError(f"cannot open the game database {self.path}: {exc}") from None
        self._lock = threading.Lock()
        version = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if version is None:
            self._db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif int(version[0]) != SCHEMA_VERSION:
            raise LogError(f"{self.path} has schema version {version[0]}; this Boardlight "
                           f"reads version {SCHEMA_VERSION}")

    @property
    def lock_path(self) -> Path:
        return self.path.with_name(self.path.name + ".lock")

    def _own(self) -> None:
        """Take the log's lock, or refuse saying which process holds it."""
        held = open(self.lock_path, "a+", encoding="utf-8")  # noqa: SIM115 - kept open
        try:
            fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            held.seek(0)
            other = held.read().strip() or "unknown"
            held.close()
            raise LogError(
                f"the game log {self.path} is in use by another Boardlight process (pid "
                f"{other}): one process writes a log at a time; stop that one, or give this "
                "one a log of its own with --db FILE") from None
        held.seek(0)
        held.truncate()
        held.write(f"{os.getpid()}\n")
        held.flush()
        self._held = held

    def _release(self) -> None:
        if self._held is not None:
            self._held.close()  # closing the file releases the lock
            self._held = None

    def close(self) -> None:
        with self._lock:
            self._db.close()
        self._release()

    # ---- writing ---------------------------------------------------------------------------

    def new_game(self, game: str, variant: str, seed: int, start: str,
                 meta: dict[str, Any] | None = None) -> int:
        with self._lock:
            cur = self._db.execute(
                "INSERT INTO games (game, variant, seed, start, started, meta) VALUES "
                "(?, ?, ?, ?, ?, ?)", (game, variant, seed, start, time.time(),
                                       json.dumps(meta or {})))
            return int(cur.lastrowid or 0)

    def append(self, game_id: int, kind: str, ply: int, position: str, t: float,
               seat: str | None = None, move: str | None = None,
               data: dict[str, Any] | None = None) -> int:
        """Write one event; durable (fsynced) when this returns."""
        with self._lock:
            row = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id=?",
                                   (game_id,)).fetchone()
            seq = int(row[0]) + 1
            self._db.execute(
                "INSERT INTO events (game_id, seq, kind, ply, seat, move, position, t, wall, "
                "data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, seq, kind, ply, seat, move, position, t, time.time(),
                 json.dumps(data or {})))
            return seq

    def finish(self, game_id: int, result: dict[str, Any]) -> None:
        with self._lock:
            self._db.execute("UPDATE games SET finished=?, result=? WHERE id=?",
                             (time.time(), json.dumps(result), game_id))

    # ---- reading ---------------------------------------------------------------------------

    def games(self) -> list[GameRecord]:
        with self._lock:
            rows = self._db.execute("SELECT id, game, variant, seed, start, started, finished, "
                                    "result, meta FROM games ORDER BY id").fetchall()
        return [GameRecord(r[0], r[1], r[2], r[3], r[4], r[5], r[6],
                           json.loads(r[7]) if r[7] else None, json.loads(r[8])) for r in rows]

    def game(self, game_id: int) -> GameRecord:
        for g in self.games():
            if g.id == game_id:
                return g
        raise LogError(f"{self.path} has no game {game_id}; it has: "
                       f"{', '.join(str(g.id) for g in self.games()) or 'none'}")

    def unfinished(self) -> GameRecord | None:
        """The latest game that did not end, if the latest game did not end."""
        games = self.games()
        return games[-1] if games and games[-1].finished is None else None

    def events(self, game_id: int) -> list[EventRecord]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, kind, ply, seat, move, position, t, wall, data FROM events "
                "WHERE game_id=? ORDER BY seq", (game_id,)).fetchall()
        return [EventRecord(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], json.loads(r[8]))
                for r in rows]


@dataclass
class Replay:
    """A game's states rebuilt from its record: ``states[k]`` is the position after ply k;
    ``made[k]`` the event that made move k (its time, and what was stored with it: what it
    did, who made it)."""

    record: GameRecord
    states: list[Any]
    moves: list[str]
    seats: list[str]
    last: EventRecord | None
    made: list[EventRecord] = field(default_factory=list)
    broken: str | None = None  # where a partial replay stopped, and why

    @property
    def state(self) -> Any:
        return self.states[-1]


def replay(log: EventLog, game_id: int, partial: bool = False) -> Replay:
    """Rebuild a game through the rules core; every stored position must match the replay."""
    return replay_events(log.game(game_id), log.events(game_id), partial)


def replay_events(record: GameRecord, events: Iterable[EventRecord],
                  partial: bool = False) -> Replay:
    """The same from a record and its events (from the log, or from an exported file).
    ``partial``: a record that stops replaying gives the game as far as it replays, with
    ``broken`` saying where and why (else ``LogError``)."""
    events = list(events)
    try:
        return _replay(record, events)
    except LogError as exc:
        if not partial:
            raise
        done: list[EventRecord] = []
        for e in events:
            try:
                _replay(record, [*done, e])
            except LogError:
                break
            done.append(e)
        r = _replay(record, done)
        r.broken = str(exc)
        return r


def _replay(record: GameRecord, events: Iterable[EventRecord]) -> Replay:
    game_id = record.id
    game = find_game(record.game)
    try:
        state = game.parse_position(record.start, record.variant)
    except BoardError as exc:
        raise LogError(f"game {game_id}: its start position does not read: {exc}") from None
    states: list[Any] = [state]
    moves: list[str] = []
    seats: list[str] = []
    made: list[EventRecord] = []
    last = None
    for e in events:
        try:
            _step(game, e, states, moves, seats, made)
        except (BoardError, IndexError) as exc:  # IndexError: an amend of no move
            raise LogError(f"game {game_id} event {e.seq} ({e.kind} {e.move}): {exc}") from None
        if game.position_text(states[-1]) != e.position:
            raise LogError(f"game {game_id} event {e.seq} ({e.kind} {e.move}) replays to "
                           f"{game.position_text(states[-1])!r}, but the log says "
                           f"{e.position!r}")
        last = e
    return Replay(record, states, moves, seats, last, made)


def _step(game: Any, e: EventRecord, states: list[Any], moves: list[str], seats: list[str],
          made: list[EventRecord]) -> None:
    """One event's change to the replay (``move``, ``amend``, ``takeback``, ``end``)."""
    if e.kind == "move":
        states.append(game.apply(states[-1], game.parse_move(states[-1], e.move or "")))
        moves.append(e.move or "")
        seats.append(e.seat or "")
        made.append(e)
    elif e.kind == "amend":
        states.pop()
        moves.pop()
        seats.pop()
        made.pop()
        states.append(game.apply(states[-1], game.parse_move(states[-1], e.move or "")))
        moves.append(e.move or "")
        seats.append(e.seat or "")
        made.append(e)
    elif e.kind == "takeback":
        del states[e.ply + 1:]
        del moves[e.ply:]
        del seats[e.ply:]
        del made[e.ply:]
    elif e.kind == "end":
        states[-1] = game.apply(states[-1], game.parse_move(states[-1], e.move or ""))
    else:
        raise LogError(f"unknown kind {e.kind!r}")


class LogWriter:
    """Subscribed first to the session runner: writes each event before others see it."""

    def __init__(self, log: EventLog, game_id: int, clocks: Any = None,
                 by: Callable[[Committed], dict[str, Any]] | None = None) -> None:
        self.log = log
        self.game_id = game_id
        self.clocks = clocks  # a callable returning the clock JSON, stored with each move
        self.by = by  # who made a move (the computer's level, the player's name), stored too

    def __call__(self, out: list[OutEvent]) -> None:
        for e in out:
            if isinstance(e, Committed):
                data: dict[str, Any] = {"how": e.how}
                if self.clocks is not None and (clocks := self.clocks()) is not None:
                    data["clocks"] = clocks
                if e.said is not None:
                    data["said"] = e.said.to_json()  # what the move did, for people
                if self.by is not None:
                    data["by"] = self.by(e)
                kind = "amend" if e.amends else "end" if e.ends else "move"
                self.log.append(self.game_id, kind, e.ply, e.position, e.t, e.seat, e.move,
                                data)
            elif isinstance(e, TakenBack):
                self.log.append(self.game_id, "takeback", e.ply, e.position, e.t,
                                move=e.move)
            elif isinstance(e, GameOver):
                self.log.finish(self.game_id, e.outcome.to_json())


def iter_games(log: EventLog) -> Iterator[tuple[GameRecord, list[EventRecord]]]:
    for g in log.games():
        yield g, log.events(g.id)
