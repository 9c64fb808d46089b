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

Kinds (``controller.records.RecordKind``; ``controller.records.fold`` says what each does to
the moves that stand): ``move`` (a committed move), ``amend`` (replaces the last move),
``takeback`` (back to ``ply``), ``end`` (resignation, agreement, time: ``move`` holds the
action text).

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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from controller.errors import BoardError
from controller.records import EventRecord, GameRecord, RecordKind, fold
from controller.rules import find_game
from controller.session.events import Committed, Dealt, GameOver, Handled, OutEvent, TakenBack

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

    def append(self, game_id: int, kind: RecordKind, ply: int, position: str, t: float,
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
                (game_id, seq, RecordKind(kind).value, ply, seat, move, position, t,
                 time.time(), json.dumps(data or {})))
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
        start = game.parse_position(record.start, record.variant)
    except BoardError as exc:
        raise LogError(f"game {game_id}: its start position does not read: {exc}") from None
    plies: list[_Ply] = []  # the records that stand, each with the position after it
    last = None
    for e in events:
        if e.kind == RecordKind.DEAL:
            # Remote play's guest took the host's position at this ply: it stands from here.
            try:
                dealt = game.parse_position(e.position, record.variant)
            except BoardError as exc:
                raise LogError(f"game {game_id} event {e.seq} (deal): {exc}") from None
            if plies:
                plies[-1] = _Ply(dealt, plies[-1].event)
            else:
                start = dealt
            last = e
            continue
        try:
            _step(game, start, e, plies)
        except (BoardError, IndexError, ValueError) as exc:  # IndexError: an amend of no move
            raise LogError(f"game {game_id} event {e.seq} ({e.kind} {e.move}): {exc}") from None
        now = plies[-1].state if plies else start
        if game.position_text(now) != e.position:
            raise LogError(f"game {game_id} event {e.seq} ({e.kind} {e.move}) replays to "
                           f"{game.position_text(now)!r}, but the log says {e.position!r}")
        last = e
    # An end (a resignation, a draw, a flag) is no board move: it changes the last position.
    board = [p for p in plies if p.event.kind != RecordKind.END]
    states = [start, *(p.state for p in board)]
    if plies and plies[-1].event.kind == RecordKind.END:
        states[-1] = plies[-1].state
    return Replay(record, states, [p.event.move or "" for p in board],
                  [p.event.seat or "" for p in board], last, [p.event for p in board])


class _Ply(NamedTuple):
    state: Any          # the position after it
    event: EventRecord

    @property
    def ply(self) -> int:
        return self.event.ply


def _step(game: Any, start: Any, e: EventRecord, plies: list[_Ply]) -> None:
    """One record's change to the replay: its move played on the position it was made on,
    folded into the records that stand (``controller.records.fold``)."""
    try:
        kind = RecordKind(e.kind)
    except ValueError:
        raise LogError(f"unknown kind {e.kind!r}") from None
    after = None
    if kind is not RecordKind.TAKEBACK:
        # An amend replaces the last move: it was made on the position before that one.
        k = len(plies) - (1 if kind is RecordKind.AMEND else 0)
        before = plies[k - 1].state if k > 0 else start
        after = game.apply(before, game.parse_move(before, e.move or ""))
    fold(plies, kind, e.ply, _Ply(after, e))


class LogWriter:
    """Subscribed first to the session runner: writes each event before others see it, with
    the clocks as they stood and who made each move (``Committed.by``)."""

    def __init__(self, log: EventLog, game_id: int) -> None:
        self.log = log
        self.game_id = game_id

    def __call__(self, handled: Handled) -> None:
        self.write(handled.events, handled.snapshot.clocks)

    def write(self, events: Sequence[OutEvent], clocks: dict[str, Any] | None = None) -> None:
        for e in events:
            if isinstance(e, Committed):
                data: dict[str, Any] = {"how": e.how}
                if clocks is not None:
                    data["clocks"] = clocks
                if e.said is not None:
                    data["said"] = e.said.to_json()  # what the move did, for people
                data["by"] = e.by.to_json()
                kind = (RecordKind.AMEND if e.amends else RecordKind.END if e.ends
                        else RecordKind.MOVE)
                self.log.append(self.game_id, kind, e.ply, e.position, e.t, e.seat, e.move,
                                data)
            elif isinstance(e, Dealt):
                self.log.append(self.game_id, RecordKind.DEAL, e.ply, e.position, e.t, None,
                                None, {"agreed": e.agreed})
            elif isinstance(e, TakenBack):
                self.log.append(self.game_id, RecordKind.TAKEBACK, e.ply, e.position, e.t,
                                move=e.move)
            elif isinstance(e, GameOver):
                self.log.finish(self.game_id, e.outcome.to_json())
