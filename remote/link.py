"""One board's end of a match: its messages reach the other board in order, each once, across
a lost connection, a cut bridge between brokers and a power cut of either board.

* **Numbered and kept.** Each game message a board sends gets the next ``seq`` and is kept in
  the board's match file (``store``, written whole and atomically) before it is published
  (QoS 1): nothing sent is forgotten by a power cut.
* **Each once, in order.** The other end delivers message ``applied + 1`` and counts it
  applied (in its own match file); an older one is a copy and dropped; a later one waits
  (at most ``PENDING``) and the gap is asked for again (``resend``).
* **Caught up on every connection.** On each connection (and every ``heartbeat`` seconds)
  a board says how far it has applied and how many it has sent (``sync``); the other end
  sends again what was not applied and asks for what it has not received.  The session
  (persistent, QoS 1) also makes the broker keep messages while a board is away.
* **Applied once handled.** A receiver that hands messages on to be handled later (its own
  worker) says when each one is done (``confirm=True``, then ``handled(seq)``); only those are
  written applied, so a power cut in between has the other end send the rest again.  A
  power cut between handling a message and writing it applied delivers it again after the
  restart (at least once): the receiver checks the ply each game message names.

Messages are checked at the edge (``topics.read``); one that is wrong is logged and counted
(``LinkState.refused``) and changes nothing.  Callbacks run on the MQTT client's thread and
must not block.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from club.mqtt import BrokerURL, Connection
from club.topics import PayloadError
from remote import topics
from remote.topics import Envelope

log = logging.getLogger(__name__)

PENDING = 256        # messages held while an earlier one is missing
HEARTBEAT = 20.0     # seconds between syncs while connected (also: "last heard")


class LinkError(Exception):
    """A match file that is not this link's, or cannot be read."""


@dataclass(frozen=True, slots=True)
class LinkState:
    connected: bool              # this board to its broker
    partner_online: bool | None  # the other board's presence (None: not heard yet)
    last_heard: float | None     # when the other board's last message arrived (clock)
    applied: int                 # the other board's messages delivered here
    sent: int                    # this board's messages sent
    refused: int                 # messages that were not what the protocol says


class MatchLink:
    def __init__(self, url: BrokerURL, me: str, partner: str, match: str, store: Path,
                 deliver: Callable[[Envelope], None], *, ca_file: str | None = None,
                 clock: Callable[[], float] = time.time, heartbeat: float = HEARTBEAT,
                 on_state: Callable[[LinkState], None] | None = None,
                 confirm: bool = False) -> None:
        self.me, self.partner, self.match = me, partner, topics.check_code(match)
        self.to_partner = topics.direct(match, partner, me)
        self.from_partner = topics.direct(match, me, partner)
        self.presence = topics.board_topic(match, me, "presence")
        self.partner_presence = topics.board_topic(match, partner, "presence")
        self.store = store
        self.deliver = deliver
        self.clock = clock
        self.heartbeat = heartbeat
        self.on_state = on_state
        self._lock = threading.RLock()
        self._outbox: list[dict[str, Any]] = []
        self._applied = 0    # delivered (the next one expected is this + 1)
        self._confirm = confirm
        self._handled = 0    # handled by the receiver: what the match file says applied
        self._pending: dict[int, Envelope] = {}
        self._asked_after = -1
        self._partner_online: bool | None = None
        self._last_heard: float | None = None
        self.refused = 0
        self.duplicates = 0
        self.bytes_sent: dict[str, int] = {}   # payload bytes published, by kind
        self._load()
        self._stop = threading.Event()
        self._beat: threading.Thread | None = None
        self.connection = Connection(
            url, me, clean_session=False, ca_file=ca_file,
            will=(self.presence, self._presence_payload(False)),
            on_connect=self._connected, on_disconnect=lambda _why: self._changed(),
            on_message=self._message)

    # ---- the match file -----------------------------------------------------------------------

    def _load(self) -> None:
        if not self.store.exists():
            return
        try:
            data = json.loads(self.store.read_text())
            mine = (data["match"], data["me"], data["partner"])
            outbox, applied = list(data["outbox"]), int(data["applied"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise LinkError(f"{self.store}: not a match file this link can read ({exc})") \
                from None
        if mine != (self.match, self.me, self.partner):
            raise LinkError(f"{self.store} is the file of match {mine[0]} between {mine[1]} and "
                            f"{mine[2]}, not of match {self.match} between {self.me} and "
                            f"{self.partner}")
        self._outbox, self._applied, self._handled = outbox, applied, applied

    def _save(self) -> None:
        data = {"match": self.match, "me": self.me, "partner": self.partner,
                "applied": self._handled, "outbox": self._outbox}
        tmp = self.store.with_name(self.store.name + ".tmp")
        with open(tmp, "w") as f:
            json.dump(data, f, separators=(",", ":"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.store)

    # ---- any thread ---------------------------------------------------------------------------

    def start(self) -> MatchLink:
        self.connection.start()
        self._beat = threading.Thread(target=self._beating, daemon=True,
                                      name=f"match-{self.match}-heartbeat")
        self._beat.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self.connection.stop(last=(self.presence, self._presence_payload(False)))

    def send(self, kind: str, body: dict[str, Any]) -> int:
        """Send a game message (kept first, then published); its ``seq``."""
        if kind not in topics.BODIES or kind in topics.CONTROL:
            raise ValueError(f"{kind!r} is not a game message ({', '.join(topics.KINDS)})")
        with self._lock:
            envelope = Envelope(self.match, self.me, len(self._outbox) + 1, kind, self.clock(),
                                body)
            # What we send is checked as the other end will check it: a wrong body is ours.
            topics.read(envelope.encode(), topics.parse_topic(self.to_partner))
            self._outbox.append(json.loads(envelope.encode()))
            self._save()
            self._publish(kind, envelope.encode())
            self._changed()
            return envelope.seq

    def handled(self, seq: int) -> None:
        """The receiver has handled message ``seq`` (``confirm=True``): written applied."""
        with self._lock:
            if seq > self._handled:
                self._handled = seq
                self._save()

    def state(self) -> LinkState:
        with self._lock:
            return LinkState(self.connection.connected.is_set(), self._partner_online,
                             self._last_heard, self._applied, len(self._outbox), self.refused)

    # ---- the MQTT client's thread ---------------------------------------------------------------

    def _presence_payload(self, online: bool) -> bytes:
        return json.dumps({"v": topics.VERSION, "board": self.me, "online": online,
                           "since": self.clock()}).encode()

    def _connected(self) -> None:
        self.connection.subscribe(self.from_partner)
        self.connection.subscribe(self.partner_presence)
        self.connection.publish(self.presence, self._presence_payload(True), retain=True)
        self._sync()
        self._changed()

    def _publish(self, kind: str, payload: bytes) -> None:
        self.connection.publish(self.to_partner, payload)
        self.bytes_sent[kind] = self.bytes_sent.get(kind, 0) + len(payload)

    def _control(self, kind: str, body: dict[str, Any]) -> None:
        envelope = Envelope(self.match, self.me, 0, kind, self.clock(), body)
        self._publish(kind, envelope.encode())

    def _sync(self) -> None:
        with self._lock:
            self._control("sync", {"applied": self._applied, "sent": len(self._outbox)})

    def _beating(self) -> None:
        while not self._stop.wait(self.heartbeat):
            if self.connection.connected.is_set():
                self._sync()
            self._changed()  # time passed: how long since the other board was heard

    def _message(self, topic: str, raw: bytes, _retained: bool) -> None:
        try:
            address = topics.parse_topic(topic)
            if topic == self.partner_presence:
                online = json.loads(raw.decode()).get("online") if raw else False
                with self._lock:
                    self._partner_online = online is True
                self._changed()
                return
            if address.kind != "direct" or (address.board, address.sender) != (
                    self.me, self.partner) or address.match != self.match:
                raise PayloadError(f"{topic}: not this match's messages to {self.me}")
            envelope = topics.read(raw, address)
        except (PayloadError, ValueError, AttributeError) as exc:
            with self._lock:
                self.refused += 1
            log.warning("match %s: refused a message: %s", self.match, exc)
            self._changed()
            return
        with self._lock:
            self._last_heard = self.clock()
            if envelope.kind == "sync":
                self._resend_after(int(envelope.body["applied"]))
                if int(envelope.body["sent"]) > self._applied:
                    self._ask(self._applied)
            elif envelope.kind == "resend":
                self._resend_after(int(envelope.body["after"]))
            else:
                self._receive(envelope)
        self._changed()

    def _resend_after(self, after: int) -> None:
        for data in self._outbox[after:]:
            self._publish("again", json.dumps(data, separators=(",", ":")).encode())

    def _ask(self, after: int) -> None:
        if self._asked_after != after:   # once per gap; a sync asks again
            self._asked_after = after
            self._control("resend", {"after": after})

    def _receive(self, envelope: Envelope) -> None:
        if envelope.seq <= self._applied:
            self.duplicates += 1
            return
        if envelope.seq > self._applied + 1:
            if len(self._pending) < PENDING:
                self._pending[envelope.seq] = envelope
            self._ask(self._applied)
            return
        ready = envelope
        while True:
            try:
                self.deliver(ready)
            except Exception:  # the receiver's failure must not lose the link's count
                log.exception("match %s: delivering %s %d failed", self.match, ready.kind,
                              ready.seq)
            self._applied = ready.seq
            nxt = self._pending.pop(self._applied + 1, None)
            if nxt is None:
                break
            ready = nxt
        self._pending = {s: e for s, e in self._pending.items() if s > self._applied}
        self._asked_after = -1
        if not self._confirm:
            self._handled = self._applied
            self._save()

    def _changed(self) -> None:
        if self.on_state is not None:
            with contextlib.suppress(Exception):
                self.on_state(self.state())
