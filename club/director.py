"""The tournament director's side of the club server: one event at a time, its pairings
sent to the boards over the broker, results taken from the boards as they finish.

The event is kept in a JSON file when the server has a data directory, so a restart of the
club server loses no round; every change is written before it is announced.  Beside it
(``games.json``), the moves of each paired game as soon as the board's record of it is
complete: what the games CSV needs survives a restart (or a ``kill -9``) of the club server.

Only the board a pairing was sent to speaks for it: another board's events naming the
pairing are kept as no pairing's (``accepts``), its result is not taken, its moves are never
the pairing's.  After every (re)connect to the broker the current round's pairings are sent
again (retained), so a broker that came back with old retained pairings (an old persistence
file) holds the current ones again at once.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from club import tournament
from club.server import ClubServer, Record

log = logging.getLogger(__name__)


def _write(path: Path, text: str) -> None:
    """Replace ``path`` whole: written beside it, flushed to the disk, then renamed."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class Director:
    def __init__(self, server: ClubServer, path: Path | None = None) -> None:
        self.server = server
        self.path = path
        self.games_path = path.with_name("games.json") if path is not None else None
        self._lock = threading.Lock()
        self.event: tournament.Event | None = None
        # The moves of each paired game whose record was complete: pairing id -> game id ->
        # {"board", "game_id", "moves"}; kept in games.json beside the event.
        self.kept: dict[str, dict[int, dict[str, Any]]] = {}
        self.listeners: list[Callable[[], None]] = []
        if path is not None and path.exists():
            try:
                self.event = tournament.Event.from_json(
                    json.loads(path.read_text(encoding="utf-8")))
            except (ValueError, KeyError, TypeError, OSError) as exc:
                raise tournament.TournamentError(f"{path} cannot be read ({exc}); move it away to "
                                        "start without the event") from None
        self._read_kept()
        server.result_listeners.append(self.board_result)
        server.connect_listeners.append(self._reconnected)
        server.accepts_pairing = self.accepts

    def _read_kept(self) -> None:
        if self.games_path is None or not self.games_path.exists() or self.event is None:
            return
        try:
            data = json.loads(self.games_path.read_text(encoding="utf-8"))
            if data.get("event") != self.event.id:
                return  # another event's games
            self.kept = {pid: {int(g): dict(rec) for g, rec in games.items()}
                         for pid, games in data["games"].items()}
        except (ValueError, KeyError, TypeError, AttributeError, OSError) as exc:
            log.warning("%s cannot be read (%s): the games CSV lists only the moves of "
                        "games the boards send from now on", self.games_path, exc)

    def _set(self, event: tournament.Event) -> None:
        # Under the lock: saved first, then taken and announced.
        if self.path is not None:
            _write(self.path, tournament.save(event))
        if self.event is None or self.event.id != event.id:
            self.kept = {}
        self.event = event
        for listener in list(self.listeners):
            listener()

    def accepts(self, pairing_id: str, board: str) -> bool:
        """Whether ``board`` may say that its game plays ``pairing_id``: only the board the
        running event's pairing was sent to (on the broker's thread: reads the event once,
        takes no lock)."""
        event = self.event
        if event is None:
            return True
        for p in event.pairings:
            if p.id == pairing_id:
                return p.board == board
        return False

    def _reconnected(self) -> None:
        """On the broker's thread, after the club server (re)connected: the current round's
        pairings go out again, over whatever old ones the broker kept."""
        event = self.event
        if event is not None and event.current_round:
            self.send(event.round_pairings(event.current_round))

    def create(self, **options: Any) -> tournament.Event:
        with self._lock:
            if self.event is not None and self.event.current_round < self.event.rounds and \
                    self.event.pairings and not options.pop("replace", False):
                raise tournament.TournamentError(
                    f"{self.event.name} is still running; finish it or send \"replace\": "
                    "true to start another")
            options.pop("replace", None)
            number = int(self.event.id.lstrip("e")) + 1 if self.event else 1
            event = tournament.create_event(event_id=f"e{number}", created=time.time(), **options)
            self._set(event)
            return event

    def pair_next_round(self) -> list[tournament.Pairing]:
        with self._lock:
            event = self._need()
            event = tournament.pair_next_round(event)
            self._set(event)
            made = event.round_pairings(event.current_round)
        self.send(made)
        return made

    def send(self, pairings: list[tournament.Pairing]) -> None:
        event = self._need()
        for p in pairings:
            if p.black is not None and p.board is not None:
                self.server.send_pairing(p.board, tournament.pairing_message(event, p))

    def resend_round(self) -> None:
        event = self._need()
        self.send(event.round_pairings(event.current_round))

    def correct(self, pairing_id: str, score: str) -> tournament.Event:
        with self._lock:
            event = tournament.record_result(self._need(), pairing_id, score, "director")
            self._set(event)
            return event

    def board_result(self, record: Record) -> None:
        """A board's game ended (on the broker's thread): its moves are kept, and its
        pairing gets the result (unless one stands already)."""
        result = record.result
        if record.pairing is None or result is None:
            return
        with self._lock:
            event = self.event
            if event is None or not record.pairing.startswith(f"{event.id}-"):
                return
            try:
                pairing = event.pairing(record.pairing)
            except tournament.TournamentError:
                return
            if pairing.board != record.board:
                log.warning("board %s sent a result for %s, paired on %s: ignored",
                            record.board, pairing.id, pairing.board)
                return
            self._keep(record)
            reason = result.get("termination") or result.get("reason", "")
            score = tournament.score_from_board(event, result["winners"], str(reason))
            if score is None:
                return
            changed = tournament.record_result(event, pairing.id, score, "board", record.board,
                                      record.game_id)
            if changed is not event:
                self._set(changed)

    def _keep(self, record: Record) -> None:
        """Under the lock: a paired game's moves, kept (on disk too) for the games CSV."""
        assert record.pairing is not None and self.event is not None
        self.kept.setdefault(record.pairing, {})[record.game_id] = {
            "board": record.board, "game_id": record.game_id, "moves": record.moves()}
        if self.games_path is not None:
            try:
                _write(self.games_path, json.dumps(
                    {"event": self.event.id,
                     "games": {pid: {str(g): rec for g, rec in games.items()}
                               for pid, games in self.kept.items()}}))
            except OSError as exc:
                log.warning("cannot write %s: %s", self.games_path, exc)

    def _need(self) -> tournament.Event:
        if self.event is None:
            raise tournament.TournamentError("no event yet: create one first")
        return self.event

    def moves_by_pairing(self) -> dict[str, list[dict[str, Any]]]:
        """Each pairing's moves as its board's events tell them: ``move`` (the text),
        ``said`` (what it did, as the board described it); only the board the pairing was
        sent to speaks for it, and of its games the one whose result counts (else its
        latest).  Games kept on disk first, then what the boards sent since."""
        event = self.event
        if event is None:
            return {}
        boards = {p.id: p.board for p in event.pairings if p.board is not None}
        games: dict[str, dict[int, list[dict[str, Any]]]] = {}
        with self._lock:
            for pid, kept in self.kept.items():
                for game_id, rec in kept.items():
                    if boards.get(pid) == rec.get("board"):
                        games.setdefault(pid, {})[game_id] = list(rec.get("moves") or [])
        for record in self.server.record_list():
            if record.pairing is None or boards.get(record.pairing) != record.board:
                continue
            games.setdefault(record.pairing, {})[record.game_id] = record.moves()
        out: dict[str, list[dict[str, Any]]] = {}
        counted = {pid: r.game_id for pid, r in event.results
                   if r.source == "board" and r.board == boards.get(pid)}
        for pid, by_game in games.items():
            chosen = counted.get(pid)
            if chosen is None:
                out[pid] = by_game[max(by_game)]
            elif chosen in by_game:  # not another game of the pairing (restarted)
                out[pid] = by_game[chosen]
        return out

    def played(self, lang: str) -> dict[str, list[tuple[str, str]]]:
        """Each pairing's moves as (text, words in ``lang``): what the games CSV lists."""
        from club.words import said
        game = self.event.game if self.event is not None else None
        return {pairing: [(m.get("move") or "", said(game, m.get("said"), lang) or "")
                          for m in moves]
                for pairing, moves in self.moves_by_pairing().items()}

    def view(self) -> dict[str, Any] | None:
        """The event in the players' words, for the pages (public: names and results)."""
        event = self.event
        if event is None:
            return None
        first, second = event.seats
        from club.server import seat_label
        rounds = []
        for n in range(1, event.current_round + 1):
            rows = []
            for p in event.round_pairings(n):
                r = event.result(p.id)
                rows.append({"id": p.id, "table": p.table, "board": p.board,
                             "white": event.players[p.white - 1],
                             "black": event.players[p.black - 1] if p.black else None,
                             "result": "bye" if p.black is None else (r.score if r else None),
                             "from": r.source if r else None})
            rounds.append({"round": n, "pairings": rows, "done": event.round_done(n)})
        from controller.rules import find_game
        return {"id": event.id, "name": event.name, "game": event.game,
                "title": find_game(event.game).title,
                "variant": event.variant, "system": event.system, "rounds": event.rounds,
                "round": event.current_round, "players": list(event.players),
                "boards": list(event.boards), "tiebreaks": list(event.tiebreaks),
                "colours": [seat_label(event.game, first), seat_label(event.game, second)],
                "seats": [first, second],
                "paired": rounds, "standings": tournament.standings_json(event)}
