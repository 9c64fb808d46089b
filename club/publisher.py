"""A board in a club: its public state, its events and its presence, published to the broker.

* **State** (retained): keys of the table's public snapshot (``club.topics.STATE_KEYS``),
  published after a change, at most every ``state_interval`` seconds (changes in between are
  coalesced; an unchanged state is not sent again).
* **Events** (QoS 1): read from the event log, never from memory, so nothing is lost when the
  broker is away: each game's events by their log ``seq``, then its result.  What the broker
  acknowledged (PUBACK) is remembered per game in a small file beside the log; after a
  reconnect, or a restart, everything after that is published again, in order.  A message
  may so reach the broker twice (acknowledged but the acknowledgement lost); receivers take
  each ``(board, game_id, seq)`` once.
* **Presence** (retained): online on connect, offline on a clean stop, and offline as the
  last will when the board vanishes.
* **Pairings**: the director's pairing for this board arrives on its command topic; the host
  page shows it and ``start_pairing`` starts it (game, variant, names).  Only the current
  one is offered: a pairing older than the newest this board has seen (an earlier round of
  the same event, or an event made before it: a broker restarted on an old persistence file
  still holds one) is refused, and so is a pairing this board has played to its end.

Hidden information never leaves: nothing here reads a seat's view, a position text or a
rejected action.  The session thread only sets flags; one worker thread publishes.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from club import topics
from club.mqtt import BrokerURL, Connection
from controller.errors import BoardError
from controller.records import GameLog
from controller.session.events import Committed, GameOver, Handled, TakenBack
from controller.session.runner import SessionRunner
from controller.session.table import Table

log = logging.getLogger(__name__)

SOFTWARE = "boardlight"


class ClubError(BoardError, ValueError):
    """A club action that cannot be done (no pairing, another pairing, ...)."""


@dataclass(frozen=True)
class ClubSettings:
    url: BrokerURL
    club: str
    board: str
    ca_file: str | None = None
    state_interval: float = 0.1     # seconds between two state messages at most
    reconnect: tuple[float, float] = (1, 15)
    keepalive: int = 15

    def __post_init__(self) -> None:
        topics.check_name(self.club, "club")
        topics.check_name(self.board, "board")


class Board(Protocol):
    """What the publisher needs of the running service (``boardlight.service.Service``)."""

    @property
    def table(self) -> Table: ...

    @property
    def runner(self) -> SessionRunner: ...

    @property
    def game_id(self) -> int | None: ...

    def new_game(self, variant: str | None = None, seed: int | None = None,
                 game: str | None = None, match: str | None = None) -> None: ...

    def set_names(self, names: dict[str, str]) -> None: ...


class Sidecar:
    """What the broker acknowledged, per game, which games came from which pairing, and the
    newest pairing seen (``newest``: its event's id, when the director made it, its round): a
    small JSON file beside the event log, replaced whole (write, then rename)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.first_game: int | None = None
        self.acked: dict[int, int] = {}
        self.pairings: dict[int, str] = {}
        self.newest: dict[str, Any] | None = None
        if path.exists():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                self.first_game = data.get("first_game")
                self.acked = {int(k): int(v) for k, v in data.get("acked", {}).items()}
                self.pairings = {int(k): str(v) for k, v in data.get("pairings", {}).items()}
                newest = data.get("newest")
                self.newest = dict(newest) if isinstance(newest, dict) else None
            except (ValueError, OSError, AttributeError, TypeError) as exc:
                log.warning("%s cannot be read (%s): every game from now on is published "
                            "again", path, exc)

    def save(self) -> None:
        data = {"first_game": self.first_game,
                "acked": {str(k): v for k, v in sorted(self.acked.items())},
                "pairings": {str(k): v for k, v in sorted(self.pairings.items())},
                "newest": self.newest}
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            tmp.write_text(json.dumps(data), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:  # a lost note only means a message published twice
            log.warning("cannot write %s: %s", self.path, exc)


class BoardPublisher:
    def __init__(self, settings: ClubSettings, board: Board, log_: GameLog,
                 connection: Callable[..., Connection] = Connection,
                 wall: Callable[[], float] = time.time) -> None:
        self.settings = settings
        self.board = board
        self.log = log_
        self.wall = wall
        name = settings.board
        self._topic = {k: topics.board_topic(settings.club, name, k)
                       for k in topics.BOARD_KINDS}
        self.sidecar = Sidecar(Path(str(log_.path) + ".club.json"))
        if self.sidecar.first_game is None:
            # A board joining a club publishes from its current game on, not its history.
            self.sidecar.first_game = board.game_id or 1
            self.sidecar.save()
        self._cond = threading.Condition()
        self._stopping = False
        self._events_due = True
        self._state_due = True
        self._last_state: dict[str, Any] | None = None
        self._last_state_at = 0.0
        self._sent: dict[int, int] = {}
        self._inflight: dict[int, tuple[int, int]] = {}
        self._early: set[int] = set()          # acknowledged before publish() returned
        self._acks: dict[int, set[int]] = {}   # acknowledged beyond a gap, per game
        self._sidecar_due = False
        self._finished: set[int] = set()       # games whose every message is acknowledged
        self._moved_at: float | None = None
        self._online_due = False
        self._state_busy = False
        self._offered: dict[str, Any] | None = None
        # The pairings this board played to their end (a result, not abandoned).
        self._played: set[str] = self._played_pairings()
        self.pairing_listeners: list[Callable[[], None]] = []
        self.published = 0                     # messages handed to the broker (for tests)
        self.refused: deque[str] = deque(maxlen=20)   # pairings refused, and why
        will = (self._topic["presence"], topics.encode(
            topics.presence_payload(name, False, wall(), SOFTWARE)))
        # With a user name (the shipped broker config: the board's name), that is the
        # client id (``club.mqtt.Connection``).
        self.conn = connection(settings.url, f"boardlight-{settings.club}-{name}",
                               clean_session=True, will=will, ca_file=settings.ca_file,
                               keepalive=settings.keepalive, reconnect=settings.reconnect,
                               on_connect=self._connected, on_disconnect=self._disconnected,
                               on_message=self._message, on_publish=self._acknowledged)
        self._thread: threading.Thread | None = None

    # ---- life ---------------------------------------------------------------------------------

    def start(self) -> BoardPublisher:
        self.board.runner.subscribe(self._session_events)
        self.board.table.on_change(self._table_changed)
        self._thread = threading.Thread(target=self._run, name="club-publisher", daemon=True)
        self._thread.start()
        self.conn.start()
        return self

    def stop(self) -> None:
        """Publish what is due (briefly, if connected), say offline, disconnect."""
        self.board.runner.unsubscribe(self._session_events)
        self.board.table.remove_listener(self._table_changed)
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(5)
        offline = topics.encode(topics.presence_payload(self.settings.board, False,
                                                        self.wall(), SOFTWARE))
        self.conn.stop(last=(self._topic["presence"], offline))
        self.sidecar.save()

    @property
    def connected(self) -> bool:
        return self.conn.connected.is_set()

    def acknowledged(self, game_id: int) -> int:
        """The highest seq of ``game_id`` the broker has acknowledged, all before it too."""
        with self._cond:
            return self.sidecar.acked.get(game_id, 0)

    def wait_idle(self, timeout: float) -> bool:
        """Wait until every event in the log is acknowledged and the state is sent."""
        deadline = time.monotonic() + timeout
        while True:
            due = self.backlog()
            with self._cond:
                if not due and not self._state_due and not self._state_busy:
                    return True
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)

    def backlog(self) -> int:
        """Messages of the log the broker has not acknowledged yet."""
        first = self.sidecar.first_game or 1
        due = 0
        for game in self.log.games():
            if game.id < first:
                continue
            total = len(self.log.events(game.id)) + (1 if game.finished is not None else 0)
            due += max(0, total - self.acknowledged(game.id))
        return due

    # ---- from the session thread and paho's thread (flags only) -------------------------------

    def _session_events(self, handled: Handled) -> None:
        out = handled.events
        if any(isinstance(e, GameOver) for e in out):
            played = self.sidecar.pairings.get(self.board.game_id or 0)
            if played is not None:
                self._played.add(played)
        if any(isinstance(e, (Committed, TakenBack, GameOver)) for e in out):
            if any(isinstance(e, Committed) for e in out):
                self._moved_at = self.wall()
            with self._cond:
                self._events_due = True
                self._cond.notify_all()

    def _table_changed(self, _version: int) -> None:
        with self._cond:
            self._state_due = True
            self._cond.notify_all()

    def _connected(self) -> None:
        self.conn.subscribe(topics.command_filter(self.settings.club, self.settings.board))
        with self._cond:
            # Everything the broker has not acknowledged goes out again, in order.
            self._sent = dict(self.sidecar.acked)
            self._inflight.clear()
            self._early.clear()
            self._events_due = self._state_due = True
            self._last_state = None
            self._online_due = True
            self._cond.notify_all()

    def _disconnected(self, _reason: str) -> None:
        with self._cond:
            self._cond.notify_all()

    def _acknowledged(self, mid: int) -> None:
        with self._cond:
            unit = self._inflight.pop(mid, None)
            if unit is None:
                self._early.add(mid)
                return
            self._ack(*unit)

    def _ack(self, game_id: int, seq: int) -> None:
        # Under the lock.  The watermark only moves over an unbroken run of acknowledgements.
        pending = self._acks.setdefault(game_id, set())
        pending.add(seq)
        mark = self.sidecar.acked.get(game_id, 0)
        while mark + 1 in pending:
            mark += 1
            pending.discard(mark)
        if mark != self.sidecar.acked.get(game_id, 0):
            self.sidecar.acked[game_id] = mark
            self._sidecar_due = True
            self._cond.notify_all()

    def _message(self, topic: str, payload: bytes, _retained: bool) -> None:
        try:
            where = topics.parse_topic(topic)
            if where.area != "cmd" or where.board != self.settings.board:
                return
            if where.kind == "pairing":
                self._pairing(payload)
            elif where.kind == "resend":
                game_id, first = topics.check_resend(topics.decode(payload, topic),
                                                     self.settings.board)
                with self._cond:
                    if game_id in self._sent:
                        self._sent[game_id] = min(self._sent[game_id], first - 1)
                    self._finished.discard(game_id)
                    self._events_due = True
                    self._cond.notify_all()
        except topics.PayloadError as exc:
            log.warning("ignored a message on %s: %s", topic, exc)

    def _pairing(self, payload: bytes) -> None:
        if not payload:
            self._offered = None  # the director withdrew it
        else:
            data = topics.check_pairing(topics.decode(payload, "pairing", "pairing"),
                                        self.settings.board)
            stale = self._stale(data)
            if stale:
                self.refused.append(f"{data['id']}: {stale}")
                log.warning("ignored pairing %s (%s, round %s): %s", data["id"],
                            data["event"], data["round"], stale)
                return
            with self._cond:
                self.sidecar.newest = {"event_id": data.get("event_id"),
                                       "event": data["event"], "created": data.get("created"),
                                       "round": data["round"], "id": data["id"]}
                self._sidecar_due = True
                self._cond.notify_all()
            self._offered = data
        for listener in list(self.pairing_listeners):
            listener()

    def _stale(self, data: dict[str, Any]) -> str | None:
        """Why a pairing is older than the newest this board has seen (None: it is not)."""
        newest = self.sidecar.newest
        if not newest:
            return None
        # The same event: its id, name and making (a club server started again without its
        # data makes a new "e1": a new event, made later).
        same = (data.get("event_id"), data["event"], data.get("created")) == (
            newest.get("event_id"), newest.get("event"), newest.get("created"))
        if same and data["round"] < int(newest.get("round") or 0):
            return f"round {newest.get('round')} of this event was sent since"
        created, seen = data.get("created"), newest.get("created")
        if not same and isinstance(created, (int, float)) and isinstance(seen, (int, float)) \
                and created < seen:
            return f"the director made event {newest.get('event')!r} after this one"
        return None

    def _played_pairings(self) -> set[str]:
        """The pairings of this board's log whose game ended with a result."""
        out = set()
        for game in self.log.games():
            pairing = self.sidecar.pairings.get(game.id)
            result = game.result or {}
            if pairing and game.finished is not None and result.get("reason") != "abandoned":
                out.add(pairing)
        return out

    @property
    def pairing(self) -> dict[str, Any] | None:
        """The director's pairing this board offers: the newest received, unless this board
        has played it to its end."""
        pairing = self._offered
        return None if pairing is None or pairing["id"] in self._played else pairing

    # ---- the pairing, from the host page --------------------------------------------------

    def start_pairing(self, pairing_id: str) -> None:
        """Start the received pairing: a new game of its game and variant, its names."""
        if pairing_id in self._played:
            raise ClubError(f"pairing {pairing_id} has been played on this board to its end; "
                            "only the director can change its result")
        pairing = self.pairing
        if pairing is None:
            raise ClubError("no pairing has been received for this board")
        if pairing["id"] != pairing_id:
            raise ClubError("the director has sent another pairing since: look again")
        self.board.new_game(game=pairing["game"], variant=pairing["variant"])
        game_id = self.board.game_id
        if game_id is not None:
            with self._cond:
                self.sidecar.pairings[game_id] = pairing_id
                self._sidecar_due = True
        self.board.set_names(dict(pairing["names"]))
        with self._cond:
            self._state_due = True
            self._cond.notify_all()

    def pairing_of(self, game_id: int | None) -> str | None:
        return None if game_id is None else self.sidecar.pairings.get(game_id)

    # ---- the worker ------------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            with self._cond:
                wait = self._wait_time()
                if wait is None or wait > 0:
                    self._cond.wait(wait)
                if self._stopping:
                    break
                save = self._sidecar_due
                self._sidecar_due = False
                online = self._online_due and self.connected
                if online:
                    self._online_due = False
            if save:
                with self._cond:
                    self.sidecar.save()
            if not self.connected:
                continue
            try:
                if online:
                    self._send(self._topic["presence"], topics.presence_payload(
                        self.settings.board, True, self.wall(), SOFTWARE), retain=True)
                self._publish_events()
                self._publish_state()
            except Exception:  # the board plays on whatever happens here
                log.exception("publishing to the club failed; trying again")
        with self._cond:
            self.sidecar.save()

    def _wait_time(self) -> float | None:
        """Under the lock: how long the worker may sleep (None: until notified)."""
        if self._stopping or self._sidecar_due:
            return 0
        if not self.connected:
            return None
        if self._events_due or self._online_due:
            return 0
        if self._state_due:
            return max(0.0, self._last_state_at + self.settings.state_interval
                       - time.monotonic())
        return None

    def _send(self, topic: str, payload: dict[str, Any], retain: bool = False) -> int | None:
        mid = self.conn.publish(topic, topics.encode(payload), qos=1, retain=retain)
        if mid is not None:
            self.published += 1
        return mid

    def _publish_events(self) -> None:
        with self._cond:
            if not self._events_due:
                return
            self._events_due = False
        first = self.sidecar.first_game or 1
        for game in self.log.games():
            if game.id < first or game.id in self._finished:
                continue
            events = self.log.events(game.id)
            pairing = self.sidecar.pairings.get(game.id)
            units = [topics.event_payload(
                self.settings.board, game.id, e.seq, e.kind, e.ply, e.seat, e.move, e.wall,
                game.game, game.variant, pairing, said=e.data.get("said")) for e in events]
            if game.finished is not None and game.result is not None:
                last = units[-1] if units else None
                units.append(topics.event_payload(
                    self.settings.board, game.id, len(events) + 1, "result",
                    last["ply"] if last else 0, None, None, game.finished, game.game,
                    game.variant, pairing, result=game.result))
            with self._cond:
                sent = self._sent.get(game.id, self.sidecar.acked.get(game.id, 0))
            for unit in units[sent:]:
                if not self.connected:
                    with self._cond:
                        self._events_due = True
                    return
                mid = self._send(self._topic["events"], unit)
                if mid is None:
                    with self._cond:
                        self._events_due = True
                    return
                with self._cond:
                    self._sent[game.id] = unit["seq"]
                    if mid in self._early:
                        self._early.discard(mid)
                        self._ack(game.id, unit["seq"])
                    else:
                        self._inflight[mid] = (game.id, unit["seq"])
            with self._cond:
                if (game.finished is not None
                        and self.sidecar.acked.get(game.id, 0) >= len(units)):
                    self._finished.add(game.id)

    def _publish_state(self) -> None:
        with self._cond:
            if not self._state_due:
                return
            if time.monotonic() < self._last_state_at + self.settings.state_interval:
                return
            self._state_due = False
            self._state_busy = True
        try:
            self._send_state()
        finally:
            with self._cond:
                self._state_busy = False
                self._cond.notify_all()

    def _send_state(self) -> None:
        game_id = self.board.game_id
        with self._cond:  # the events of this game handed to the broker so far
            seq = self._sent.get(game_id or 0, self.sidecar.acked.get(game_id or 0, 0))
        payload = topics.state_payload(self.settings.board, self.board.table.public(),
                                       game_id, self.pairing_of(game_id), self._moved_at,
                                       self.wall(), seq if game_id else None)
        same = {k: v for k, v in payload.items() if k not in ("sent", "version")}
        if same == self._last_state:
            return
        if self._send(self._topic["state"], payload, retain=True) is None:
            with self._cond:
                self._state_due = True
            return
        self._last_state = same
        self._last_state_at = time.monotonic()
