"""This board's side of a game with another board: the offer, joining, and the link between
the two sessions.

The host offers a game under a match code (``offer``): the code's offer is published on the
broker (retained) and the board waits for the first board to write to it there.  The guest
reads the offer behind a code (``join``), says which seats its players take (``hello``), and
the host answers with the game, the variant and who plays where (``welcome``) and its
position (``position``); the guest starts that game.  From then on each board sends the
moves its own players make (``move``, ``resign``) and takes the other's as instructions for
a person here to carry out (``controller.session.events.RemoteMove``), as with the
computer's move.  The host also sends its position after every move: the guest compares it
with its own and says so when they differ (the boards disagree: never a silent fork).

The link (``remote.link.MatchLink``) carries every message once, in order, through lost
connections and power cuts.  What this side keeps across a restart is written whole to
``remote.json`` in the match folder (the match, the roles, the seats, the last move the
other board sent, shown again after a restart until it is carried out, and how far the
other board was told this board's game: what a power cut kept from it is told after the
restart, ``_catch_up``).  Messages are handled on one worker thread of their own, in the
order they came; never on the MQTT client's thread, never on the session's; each is written
applied once handled (``MatchLink.handled``).
"""

from __future__ import annotations

import json
import logging
import os
import random
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from club.mqtt import BrokerURL, Connection
from club.topics import PayloadError, check_name
from controller.session.actions import (
    AnswerTakeback,
    DrawAction,
    RequestTakeback,
    ResignAction,
)
from controller.session.events import (
    Committed,
    Dealt,
    Handled,
    InEvent,
    PhoneAction,
    RemoteFlag,
    RemoteMove,
    RemotePosition,
    RemoteReach,
    RemoteSeats,
    TakenBack,
)
from controller.session.mode import Mode
from controller.session.moves import moves_of
from controller.session.runner import SessionRunner
from controller.session.snapshot import Snapshot
from remote import codes, topics
from remote.link import HEARTBEAT, LinkState, MatchLink
from remote.topics import Envelope

log = logging.getLogger(__name__)

OFFER_WAIT = 10.0   # seconds a joining board waits for the offer behind a code
AWAY_AFTER = 2.5    # heartbeats without a word from the other board: it cannot be reached
                    # (a cut bridge between brokers: its presence still says online)


class RemoteError(ValueError):
    """Remote play cannot do what was asked (said to the person who asked)."""


@dataclass(frozen=True)
class RemoteSettings:
    """Where this board meets others (the config's ``[remote]`` section)."""

    url: BrokerURL
    board: str                   # this board's user name on the broker (its topics' BOARD)
    name: str                    # its name as people see it ("Anna's board")
    folder: Path                 # match files and remote.json
    ca_file: str | None = None
    heartbeat: float = HEARTBEAT  # seconds between the links' syncs (see AWAY_AFTER)

    def __post_init__(self) -> None:
        check_name(self.board, "board")
        if not 1 <= len(self.name) <= topics.NAME_LIMIT or not self.name.isprintable():
            raise RemoteError(f"a board's shown name has 1 to {topics.NAME_LIMIT} printable "
                              f"characters, not {self.name!r}")


@dataclass(frozen=True)
class Offer:
    """An open offer, as the joining board reads it."""

    code: str
    board: str                   # the host's user name
    name: str                    # the host's shown name
    game: str
    variant: str
    open: tuple[str, ...]        # the seats its players may take


def read_offer_payload(raw: bytes, address: topics.Address) -> Offer | None:
    """The offer published under a code, checked (None: the offer was taken back)."""
    if not raw:
        return None
    where = f"offer of board {address.board} in match {address.match}"
    try:
        data = json.loads(raw.decode())
    except (UnicodeDecodeError, ValueError):
        raise PayloadError(f"{where}: not JSON text") from None
    if not isinstance(data, dict) or data.get("v") != topics.VERSION:
        raise PayloadError(f"{where}: not a version {topics.VERSION} offer")
    f = topics._Fields(data, where)
    game, variant = f.text("game", 32, topics.GAME), f.text("variant", 48, topics.VARIANT)
    name = f.text("name", topics.NAME_LIMIT)
    seats = f.seats("open")
    return Offer(address.match, address.board, name, game, variant, tuple(seats))


DEAL_TRIES = 20_000   # deals tried for one in which the host's move is legal (see deal_for)


def told_at(ply: int, move: str | None) -> dict[str, Any]:
    """How far a game has come, as ``Match.told`` keeps it: its ply and its last move."""
    return {"ply": ply, "move": move}


def told_of(snap: Snapshot) -> dict[str, Any]:
    """How far a snapshot's game has come (``told_at``)."""
    return told_at(snap.ply, snap.moves[-1].move if snap.moves else None)


def partners_apart(game_name: str, variant: str, take: list[str],
                   offered: tuple[str, ...] | list[str]) -> tuple[str, str] | None:
    """Two partners one of whom is taken and the other not (of the seats ``offered``)."""
    from controller.rules import find_game
    game = find_game(game_name)
    state = game.setup(variant, seed=0)
    for a in take:
        for b in offered:
            if b not in take and game.same_side(state, a, b):
                return a, b
    return None


def hides(game: Any, state: Any) -> bool:
    """Whether the game deals something only its holder sees (a hand in a seat's view)."""
    return any("hand" in game.view(state, seat) for seat in game.seats(state))


def deal_for(game: Any, state: Any, seats: list[str], rng: random.Random, spec: Any = None,
             move: str | None = None) -> Any:
    """The host's position as the guest board may hold it: its own seats' hands as they are,
    every other hand and the bag or pile dealt afresh from what none of ``seats`` sees
    (``Game.sample_hidden_for``, which never reads what it deals anew).  ``move``: a move of
    the host's player, made in ``state``: dealt until it is legal there too, so that the
    guest can show it (the cards or tiles it plays are public once played; only that they
    were in the hand is given away, which the move says anyway).  Games without hidden
    parts: ``state`` itself."""
    if not hides(game, state):
        return state
    for _ in range(DEAL_TRIES if move is not None else 1):
        dealt = game.sample_hidden_for(state, seats, rng)
        if move is None or moves_of(game, dealt, spec).find(move) is not None:
            return dealt
    raise RemoteError(f"no deal for the other board in {DEAL_TRIES} makes {move} legal")


class Service(Protocol):
    """What remote play needs of the running service (``boardlight.service.Service``)."""

    @property
    def runner(self) -> SessionRunner: ...

    def start_game(self, game: str, variant: str, position: str) -> None: ...


@dataclass
class Match:
    """What this board keeps of its remote game (``remote.json``)."""

    code: str
    role: str                            # "host" or "guest"
    partner: str = ""                    # the other board's user name ("": not yet)
    partner_name: str = ""               # its shown name
    there: dict[str, str] = field(default_factory=dict)   # seats played at the other board
    open: tuple[str, ...] = ()           # the host's offered seats, until taken
    started: bool = False                # the game is on (the guest: it has the position)
    pending: dict[str, Any] | None = None  # the last move from there, until carried out
    position: dict[str, Any] | None = None  # the guest: the host's last position (its ply)
    # How far the other board has been told this board's game: the ply and the last move's
    # text when the last commit here was sent (``_send_commits``).  A power cut between a
    # commit and its message leaves the game ahead of it: told after the restart.
    told: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "role": self.role, "partner": self.partner,
                "partner_name": self.partner_name, "there": self.there,
                "open": list(self.open), "started": self.started, "pending": self.pending,
                "position": self.position, "told": self.told}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Match:
        return cls(str(data["code"]), str(data["role"]), str(data["partner"]),
                   str(data["partner_name"]), dict(data["there"]), tuple(data["open"]),
                   bool(data["started"]), data.get("pending"), data.get("position"),
                   data.get("told"))


class RemotePlay:
    """This board's remote game (one at a time), between the link and the session."""

    def __init__(self, settings: RemoteSettings, service: Service,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.service = service
        self.clock = clock
        self.match: Match | None = None
        self.link: MatchLink | None = None
        self.lobby: Connection | None = None
        self.disagreements = 0
        self._reached: bool | None = None
        self._shown_at = -1   # the snapshot version a pending move was last shown again at
        self._dealt_at = -1   # the same for the host's position
        self._rng = random.Random(secrets.randbits(64))   # the host's deals for the guest
        self._before: Any = None   # the position before the last commit (the host's deals)
        # Take-backs and draws across the boards (``_relay``): the offer standing here as last
        # seen, one asked of the other board, one the other board asked (its ply).
        self._offer_seen: tuple[int, str | None] | None = None
        self._draws_seen: set[str] = set()
        self._asked: tuple[int, str | None] | None = None
        self._relayed: int | None = None
        self._draws_sent: set[str] = set()
        self._draw_relayed = False
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="remote")
        self._lock = threading.RLock()
        settings.folder.mkdir(parents=True, exist_ok=True)
        service.runner.subscribe(self._on_handled)

    # ---- what a page asks (any thread) -----------------------------------------------------

    def offer(self, there: list[str]) -> str:
        """Offer this board's game to another board, its players taking ``there``: the
        code to give them."""
        snap = self.service.runner.snapshot
        seats = snap.seats
        if not there or set(there) - set(seats) or set(there) == set(seats):
            raise RemoteError(f"choose the seats played at the other board: some of "
                              f"{', '.join(seats)}, not all")
        split = [(a, b) for a in there for b in seats if b not in there
                 and snap.game.same_side(snap.state, a, b)]
        if split:
            raise RemoteError(f"partners sit together: {split[0][0]} and {split[0][1]} play "
                              "at the same board")
        with self._lock:
            self._stop_link()
            code = codes.new_code()
            self.match = Match(code, "host", open=tuple(there))
            self._save()
            self._open_lobby(snap)
        return code

    def look(self, code: str) -> Offer:
        """The game offered under ``code`` (what a joining page shows before joining)."""
        return self._read_offer(codes.read_code(code))

    def join(self, code: str, seats: list[str] | None = None, lang: str = "en") -> Offer:
        """Join the game offered under ``code``; ``seats``: which of the offered seats this
        board's players take (None: all of them)."""
        code = codes.read_code(code)
        offer = self._read_offer(code)
        take = list(offer.open) if seats is None else seats
        if not take or set(take) - set(offer.open):
            raise RemoteError(f"the seats offered are {', '.join(offer.open)}; choose among "
                              "them")
        split = partners_apart(offer.game, offer.variant, take, offer.open)
        if split:
            raise RemoteError(f"partners sit together: {split[0]} and {split[1]} play at the "
                              "same board")
        with self._lock:
            self._stop_link()
            self.match = Match(code, "guest", offer.board, offer.name,
                               there={})  # who plays there: the host's welcome says
            self._save()
            self._start_link()
            assert self.link is not None
            self.link.send("hello", {"seats": take, "name": self.settings.name, "lang": lang})
        return offer

    def resume(self) -> bool:
        """After a restart: take up the match kept in the folder, if any."""
        path = self.settings.folder / "remote.json"
        if not path.exists():
            return False
        try:
            match = Match.from_json(json.loads(path.read_text()))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.error("%s cannot be read (%s): no remote game is resumed", path, exc)
            return False
        with self._lock:
            self.match = match
            if match.partner:
                self._start_link()
                self._tell(RemoteSeats(self.clock(), self._boards()))
                if match.pending:
                    self._post_move(match.pending)
                if match.started:
                    self._worker.submit(self._catch_up)
            elif match.role == "host":
                self._open_lobby(self.service.runner.snapshot)
        return True

    def leave(self) -> None:
        """End remote play on this board (the game goes on here, every seat played here)."""
        with self._lock:
            self._stop_link()
            self.match = None
            (self.settings.folder / "remote.json").unlink(missing_ok=True)
        self._tell(RemoteSeats(self.clock(), {}))
        self._tell(RemoteReach(self.clock(), "", True))

    def status(self) -> dict[str, Any] | None:
        """What the host page and the table show of it (None: no remote game)."""
        match, link = self.match, self.link
        if match is None:
            return None
        state = link.state() if link is not None else None
        lobby = self.lobby
        now = time.time()
        return {
            "code": codes.shown(match.code), "role": match.role,
            "partner": match.partner_name or None, "there": dict(match.there),
            "open": list(match.open) if not match.partner else [],
            "connected": bool(state.connected if state is not None
                              else lobby is not None and lobby.connected.is_set()),
            "partner_online": state.partner_online if state else None,
            "heard": round(now - state.last_heard, 1) if state and state.last_heard else None,
            "broker": f"{self.settings.url.host}:{self.settings.url.port}",
            "disagreements": self.disagreements,
        }

    def close(self) -> None:
        with self._lock:
            self._stop_link()
        self._worker.shutdown(wait=True)

    # ---- the lobby and the link ------------------------------------------------------------

    def _open_lobby(self, snap: Snapshot) -> None:
        """The host's offer, published, and a connection waiting for the first board that
        writes to this board under the code (its hello, or its link's sync)."""
        match = self.match
        assert match is not None
        offer = json.dumps({"v": topics.VERSION, "name": self.settings.name,
                            "game": snap.game.name, "variant": snap.variant,
                            "open": list(match.open)}).encode()
        offer_topic = topics.board_topic(match.code, self.settings.board, "offer")
        inbox = f"{topics.ROOT}/{match.code}/to/{self.settings.board}/from/+"

        def connected() -> None:
            assert self.lobby is not None
            self.lobby.publish(offer_topic, offer, retain=True)
            self.lobby.subscribe(inbox)

        def message(topic: str, raw: bytes, _retained: bool) -> None:
            try:
                address = topics.parse_topic(topic)
                envelope = topics.read(raw, address)
            except (PayloadError, ValueError, AttributeError) as exc:
                log.warning("match %s: refused a message while offering: %s", match.code, exc)
                return
            self._worker.submit(self._found, envelope.sender)

        self.lobby = Connection(self.settings.url, self.settings.board, clean_session=True,
                                ca_file=self.settings.ca_file, on_connect=connected,
                                on_message=message)
        self.lobby.start()

    def _found(self, partner: str) -> None:
        """The host's lobby heard from a board: it is the partner; the link takes over."""
        with self._lock:
            match = self.match
            if match is None or match.partner or self.lobby is None:
                return
            if partner == self.settings.board:
                return
            lobby, self.lobby = self.lobby, None
            offer_topic = topics.board_topic(match.code, self.settings.board, "offer")
            lobby.publish(offer_topic, b"", retain=True)   # the offer is taken
            lobby.stop()
            match.partner = partner
            self._save()
            self._start_link()

    def _read_offer(self, code: str) -> Offer:
        found: list[Offer] = []
        got = threading.Event()

        def connected() -> None:
            assert lobby is not None
            lobby.subscribe(topics.board_filter(code))

        def message(topic: str, raw: bytes, _retained: bool) -> None:
            try:
                address = topics.parse_topic(topic)
                if address.kind != "offer" or address.board == self.settings.board:
                    return
                offer = read_offer_payload(raw, address)
            except (PayloadError, ValueError, AttributeError) as exc:
                log.warning("match %s: an offer that is not one: %s", code, exc)
                return
            if offer is not None:
                found.append(offer)
                got.set()

        lobby = Connection(self.settings.url, self.settings.board, clean_session=True,
                           ca_file=self.settings.ca_file, on_connect=connected,
                           on_message=message)
        lobby.start()
        try:
            if not lobby.wait_connected(OFFER_WAIT):
                raise RemoteError(f"the broker {self.settings.url} does not answer")
            if not got.wait(OFFER_WAIT):
                raise RemoteError(f"no board offers a game under the code "
                                  f"{codes.shown(code)} (check the code, and that the other "
                                  "board still shows it)")
        finally:
            lobby.stop()
        return found[0]

    def _start_link(self) -> None:
        match = self.match
        assert match is not None and match.partner
        self.link = MatchLink(self.settings.url, self.settings.board, match.partner, match.code,
                              self.settings.folder / f"{match.code}.json",
                              self._hand_over, ca_file=self.settings.ca_file,
                              heartbeat=self.settings.heartbeat, on_state=self._link_state,
                              confirm=True)
        self.link.start()

    def _hand_over(self, envelope: Envelope) -> None:
        """On the MQTT thread: to the worker, in the order they came."""
        self._worker.submit(self._deliver, envelope)

    def _stop_link(self) -> None:
        if self.lobby is not None:
            self.lobby.stop()
            self.lobby = None
        if self.link is not None:
            self.link.stop()
            self.link = None

    def _save(self) -> None:
        match = self.match
        assert match is not None
        path = self.settings.folder / "remote.json"
        tmp = path.with_name(path.name + ".tmp")
        with open(tmp, "w") as f:
            json.dump(match.to_json(), f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)

    def _boards(self) -> dict[str, str]:
        match = self.match
        if match is None:
            return {}
        return {seat: match.partner_name or match.partner for seat in match.there}

    def _link_state(self, state: LinkState) -> None:
        """On the MQTT thread: the other board reachable or not, told the session once each
        time it changes."""
        match = self.match
        if match is None or not match.started:
            return
        quiet = state.last_heard is not None and \
            time.time() - state.last_heard > AWAY_AFTER * self.settings.heartbeat
        reached = state.connected and state.partner_online is not False and not quiet
        if reached != self._reached:
            self._reached = reached
            self.service.runner.post(RemoteReach(self.clock(), match.partner_name or
                                                 match.partner, reached))

    # ---- what the other board sends (the worker thread) -------------------------------------

    def _deliver(self, envelope: Envelope) -> None:
        with self._lock:
            match = self.match
            if match is None:
                return
            try:
                handler = getattr(self, f"_on_{envelope.kind}", None)
                if handler is None:
                    log.info("match %s: %s messages are not taken yet", match.code,
                             envelope.kind)
                else:
                    handler(match, envelope.body)
            except Exception:   # (on the worker, nobody else would see it)
                log.exception("match %s: handling %s %d failed", match.code, envelope.kind,
                              envelope.seq)
            finally:
                # Only now written applied: a power cut before has it sent again.
                link = self.link
                if link is not None and link.match == envelope.match:
                    link.handled(envelope.seq)

    def _on_hello(self, match: Match, body: Mapping[str, Any]) -> None:
        if match.role != "host" or match.started:
            return
        seats = list(body["seats"])
        snap = self.service.runner.snapshot
        if not seats or set(seats) - set(match.open) or partners_apart(
                snap.game.name, snap.variant, seats, match.open):
            log.warning("match %s: %s asked for seats %s, offered were %s", match.code,
                        match.partner, seats, match.open)
            return
        match.partner_name, match.there, match.open = str(body["name"]), \
            {s: match.partner for s in seats}, ()
        match.started = True
        match.told = told_of(snap)
        self._save()
        self._tell(RemoteSeats(self.clock(), self._boards()))
        assert self.link is not None
        self.link.send("welcome", {"game": snap.game.name, "variant": snap.variant,
                                   "ply": snap.ply, "seats": {
                                       s: (match.partner if s in match.there
                                           else self.settings.board) for s in snap.seats}})
        self._send_position(snap.ply, snap.state)

    def _send_position(self, ply: int, state: Any, move: str | None = None) -> None:
        """The host's position at ``ply`` as the guest may hold it (``deal_for``)."""
        match, link = self.match, self.link
        assert match is not None and link is not None
        session = self.service.runner.session
        game = session.game
        try:
            dealt = deal_for(game, state, list(match.there), self._rng, session.spec, move)
        except RemoteError as exc:
            log.error("match %s: %s; the other board will refuse it", match.code, exc)
            dealt = deal_for(game, state, list(match.there), self._rng)
        link.send("position", {"ply": ply, "position": game.position_text(dealt)})

    def _on_welcome(self, match: Match, body: Mapping[str, Any]) -> None:
        if match.role != "guest":
            return
        match.there = {s: b for s, b in body["seats"].items() if b != self.settings.board}
        match.pending = {"game": body["game"], "variant": body["variant"]}
        self._save()

    def _on_position(self, match: Match, body: Mapping[str, Any]) -> None:
        if match.role != "guest":
            return
        if not match.started:
            start = match.pending or {}
            try:
                self.service.start_game(str(start["game"]), str(start["variant"]),
                                        str(body["position"]))
            except (KeyError, ValueError) as exc:
                log.error("match %s: the host's game cannot be started here: %s", match.code,
                          exc)
                return
            match.started, match.pending = True, None
            match.told = told_at(int(body["ply"]), None)
            self._save()
            self._tell(RemoteSeats(self.clock(), self._boards()))
            return
        # Taken when this board is at that ply (now, or once the move before is carried out).
        match.position = {"ply": int(body["ply"]), "position": str(body["position"])}
        self._save()
        self._post_position(match.position)

    def _post_position(self, position: Mapping[str, Any]) -> None:
        match = self.match
        assert match is not None
        self.service.runner.post(RemotePosition(self.clock(), int(position["ply"]),
                                                str(position["position"]),
                                                match.partner_name or match.partner))

    def _on_move(self, match: Match, body: Mapping[str, Any]) -> None:
        if body["seat"] not in match.there:
            log.warning("match %s: %s sent a move of seat %s, which is played here",
                        match.code, match.partner, body["seat"])
            return
        pending = match.pending
        same_turn = bool(pending and "move" in pending and (pending["ply"], pending["seat"])
                         == (body["ply"], body["seat"]))
        if same_turn and pending is not None and pending["move"] == body["move"]:
            return   # the same move again (sent again after a power cut there)
        if same_turn:
            # The hand there went on: the move shown here, not carried out yet, is replaced.
            self.service.runner.post(RemoteMove(self.clock(), str(body["seat"]), None,
                                                int(body["ply"]),
                                                match.partner_name or match.partner))
        elif self.service.runner.snapshot.ply > int(body["ply"]):
            # Carried out here already: the host's position settles it (the host keeps the
            # move it took; a guest is guided to the host's position).
            log.warning("match %s: ply %d was changed there to %s after it was carried out "
                        "here", match.code, body["ply"], body["move"])
            return
        match.pending = dict(body)
        self._save()
        self._post_move(body)

    def _on_resign(self, match: Match, body: Mapping[str, Any]) -> None:
        if body["seat"] in match.there:
            self.service.runner.post(PhoneAction(self.clock(), str(body["seat"]),
                                                 ResignAction()))

    def _on_ask(self, match: Match, body: Mapping[str, Any]) -> None:
        """The other board's player asks for a take-back or offers a draw: asked here in
        that seat's name, for this board's players to answer."""
        seat = str(body["seat"])
        if seat not in match.there:
            log.warning("match %s: %s asked in the name of seat %s, which is played here",
                        match.code, match.partner, seat)
            return
        if body["what"] == "takeback":
            self._relayed = int(body["ply"])
            self.service.runner.post(PhoneAction(self.clock(), seat, RequestTakeback()))
        else:
            self._draw_relayed = True
            self.service.runner.post(PhoneAction(self.clock(), seat, DrawAction(False)))

    def _on_answer(self, match: Match, body: Mapping[str, Any]) -> None:
        """The other board answered what this board asked (or withdrew what it asked)."""
        seat = str(body["seat"])
        if seat not in match.there:
            return
        yes = bool(body["yes"])
        if body["what"] == "takeback":
            if self._asked is None and self._relayed is None:
                return
            self._asked = self._relayed = None
            self.service.runner.post(PhoneAction(self.clock(), seat, AnswerTakeback(yes)))
        elif yes:
            self.service.runner.post(PhoneAction(self.clock(), seat, DrawAction(True)))

    def _on_end(self, match: Match, body: Mapping[str, Any]) -> None:
        """The game ended on the other board: on time (a clock of a seat played there)."""
        from controller.rules.base import Outcome
        outcome = Outcome.from_json(body["outcome"])
        who = outcome.said["who"] if outcome.termination.value == "time" else None
        if who is not None and who.seat in match.there:
            self.service.runner.post(RemoteFlag(self.clock(), who.seat))

    def _post_move(self, body: Mapping[str, Any]) -> None:
        match = self.match
        assert match is not None
        self.service.runner.post(RemoteMove(self.clock(), str(body["seat"]), str(body["move"]),
                                            int(body["ply"]),
                                            match.partner_name or match.partner))

    # ---- what this board's players do (the session thread: handed to the worker) -----------

    def _on_handled(self, handled: Handled) -> None:
        match = self.match
        if match is None or not match.started:
            return
        snap = handled.snapshot
        mine = [e for e in handled.events if isinstance(e, Committed | TakenBack)]
        if mine:
            self._worker.submit(self._send_commits, mine, snap, self._before)
        if snap.takeback != self._offer_seen or set(snap.draw_offers) != self._draws_seen \
                or any(isinstance(e, TakenBack) for e in mine):
            self._offer_seen, self._draws_seen = snap.takeback, set(snap.draw_offers)
            self._worker.submit(self._relay, snap, any(isinstance(e, TakenBack) for e in mine))
        self._before = snap.state
        for e in handled.events:
            if isinstance(e, Dealt) and not e.agreed:
                self.disagreements += 1
        position = match.position
        if position and snap.ply == position["ply"] and self._dealt_at != snap.version \
                and snap.mode is not Mode.DISCONNECTED \
                and snap.game.position_text(snap.state) != position["position"]:
            self._dealt_at = snap.version
            self._post_position(position)
        pending = match.pending
        if pending and "move" in pending and snap.mode is Mode.PLAYING \
                and snap.ply == pending["ply"] and snap.to_move == pending["seat"] \
                and not any(p.kind == "computer" for p in snap.prompts) \
                and self._shown_at != snap.version:
            # The move from there came while the board was not in play (being set up after
            # a restart): shown now.  (The session takes it once; a copy is ignored.)
            self._shown_at = snap.version
            self._post_move(pending)

    def _send_commits(self, commits: Sequence[Committed | TakenBack], snap: Snapshot,
                      before: Any) -> None:
        with self._lock:
            match, link = self.match, self.link
            if match is None or link is None:
                return
            host = match.role == "host"
            for c in commits:
                if isinstance(c, TakenBack):
                    continue   # said by the relay (answer), and the host's position follows
                if c.ends and c.move == "draw":
                    if self._draw_relayed:   # the other board's offer, accepted here
                        seat = next(s for s in snap.seats if s not in match.there)
                        link.send("answer", {"what": "draw", "ply": c.ply, "seat": seat,
                                             "yes": True})
                    self._draw_relayed = False
                elif c.seat in match.there:
                    # The other board's move, carried out here: nothing to send back.
                    if match.pending and match.pending.get("seat") == c.seat:
                        match.pending = None
                        self._save()
                elif c.ends and c.how == "phone" and c.move.startswith("resign"):
                    link.send("resign", {"ply": c.ply, "seat": c.seat})
                elif c.ends and c.move.startswith("time ") and snap.outcome is not None:
                    # This board's clock of one of its own seats fell: the game ends there too.
                    link.send("end", {"ply": c.ply, "outcome": snap.outcome.to_json()})
                elif not c.ends:
                    # A move, or the same hand's amendment of it (the same ply again).
                    if host and before is not None and len(commits) == 1 \
                            and not c.amends and hides(snap.game, before):
                        # The guest's position before it, dealt so that it can show it.
                        self._send_position(c.ply - 1, before, c.move)
                    link.send("move", {"ply": c.ply - 1, "seat": c.seat, "move": c.move})
            if host and any(isinstance(c, TakenBack) or not c.ends for c in commits):
                # (After a resignation, a draw or a flag there is no position to go on from.)
                self._send_position(snap.ply, snap.state)
            match.told = told_of(snap)
            self._save()

    def _catch_up(self) -> None:
        """After a restart (the worker thread): what was committed here but not yet told
        the other board (a power cut came between the commit and its message) is told now,
        as it would have been."""
        with self._lock:
            match = self.match
            if match is None or not match.started or match.told is None:
                return
            told = match.told

            def behind(session: Any) -> tuple[Snapshot, list[Committed | TakenBack], Any]:
                snap = session.snapshot
                if told_of(snap) == told:
                    return snap, [], None
                kept = {e.ply: e for e in session.history.entries}
                commits: list[Committed | TakenBack] = []
                for p in session.history.played:
                    if p.ply < told["ply"] or (p.ply, p.move) == (told["ply"], told["move"]):
                        continue
                    # A board move kept for take-backs; the rest are ends (a resignation,
                    # an agreed draw, a fallen flag).
                    moved = (e := kept.get(p.ply)) is not None and e.footprint.text == p.move
                    commits.append(Committed(
                        p.t, p.seat, p.move, "", p.ply,
                        told["move"] if p.ply == told["ply"] else None,
                        "sensors" if moved else "phone", p.said, ends=not moved))
                only = kept.get(commits[0].ply) if len(commits) == 1 else None
                return snap, commits, only.state if only is not None else None

            snap, commits, before = self.service.runner.call(behind).result(timeout=30)
            if told_of(snap) == told:
                return
            log.info("match %s: telling %s what was committed here before the restart "
                     "(ply %d to %d)", match.code, match.partner, told["ply"], snap.ply)
            if snap.ply < told["ply"] and not commits:
                # Taken back here since: the host's position at the ply now says it.
                commits = [TakenBack(0.0, "", "", snap.ply, ())]
            self._send_commits(commits, snap, before)

    def _relay(self, snap: Snapshot, took: bool) -> None:
        """Take-backs and draw offers across the boards (the worker thread): an offer made
        here whose answer is the other board's is asked there; the answer to one the other
        board asked is sent back once this board's players gave it."""
        with self._lock:
            match, link = self.match, self.link
            if match is None or link is None:
                return
            here = [s for s in snap.seats if s not in match.there]
            if self._relayed is not None:
                # The other board's take-back, answered here: yes (taken back) or no (gone).
                if took or snap.takeback is None:
                    link.send("answer", {"what": "takeback", "ply": self._relayed,
                                         "seat": here[0], "yes": took})
                    self._relayed = None
            elif snap.takeback is not None and snap.takeback != self._asked:
                ply, by = snap.takeback
                by = by or (snap.moves[-1].seat if snap.moves else None)
                answer = [s for s in snap.seats
                          if by is None or not snap.game.same_side(snap.state, s, by)]
                if by is not None and answer and all(s in match.there for s in answer):
                    link.send("ask", {"what": "takeback", "ply": ply, "seat": by})
                    self._asked = snap.takeback
            elif snap.takeback is None and self._asked is not None:
                if not took:   # withdrawn here: the question goes on the other board too
                    link.send("answer", {"what": "takeback", "ply": self._asked[0],
                                         "seat": self._asked[1] or here[0], "yes": False})
                self._asked = None
            for seat in snap.draw_offers:
                if seat not in match.there and seat not in self._draws_sent:
                    link.send("ask", {"what": "draw", "ply": snap.ply, "seat": seat})
                    self._draws_sent.add(seat)
            if not snap.draw_offers:
                self._draws_sent.clear()

    def _tell(self, event: InEvent) -> None:
        self.service.runner.post(event)
