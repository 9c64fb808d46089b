"""The tournament director's side of the club server: one event at a time, its pairings
sent to the boards over the broker, results taken from the boards as they finish.

The event is kept in a JSON file when the server has a data directory, so a restart of the
club server loses no round; every change is written before it is announced.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from club import tournament as T
from club.server import ClubServer, Record

log = logging.getLogger(__name__)


class Director:
    def __init__(self, server: ClubServer, path: Path | None = None) -> None:
        self.server = server
        self.path = path
        self._lock = threading.Lock()
        self.event: T.Event | None = None
        self.listeners: list[Callable[[], None]] = []
        if path is not None and path.exists():
            try:
                self.event = T.Event.from_json(json.loads(path.read_text(encoding="utf-8")))
            except (ValueError, KeyError, TypeError, OSError) as exc:
                raise T.TournamentError(f"{path} cannot be read ({exc}); move it away to "
                                        "start without the event") from None
        server.result_listeners.append(self.board_result)

    def _set(self, event: T.Event) -> None:
        # Under the lock: saved first, then taken and announced.
        if self.path is not None:
            tmp = self.path.with_name(self.path.name + ".tmp")
            tmp.write_text(T.save(event), encoding="utf-8")
            os.replace(tmp, self.path)
        self.event = event
        for listener in list(self.listeners):
            listener()

    def create(self, **options: Any) -> T.Event:
        with self._lock:
            if self.event is not None and self.event.current_round < self.event.rounds and \
                    self.event.pairings and not options.pop("replace", False):
                raise T.TournamentError(f"{self.event.name} is still running; finish it or "
                                        "send \"replace\": true to start another")
            options.pop("replace", None)
            number = int(self.event.id.lstrip("e")) + 1 if self.event else 1
            event = T.create_event(event_id=f"e{number}", **options)
            self._set(event)
            return event

    def pair_next_round(self) -> list[T.Pairing]:
        with self._lock:
            event = self._need()
            event = T.pair_next_round(event)
            self._set(event)
            made = event.round_pairings(event.current_round)
        self.send(made)
        return made

    def send(self, pairings: list[T.Pairing]) -> None:
        event = self._need()
        for p in pairings:
            if p.black is not None and p.board is not None:
                self.server.send_pairing(p.board, T.pairing_message(event, p))

    def resend_round(self) -> None:
        event = self._need()
        self.send(event.round_pairings(event.current_round))

    def correct(self, pairing_id: str, score: str) -> T.Event:
        with self._lock:
            event = T.record_result(self._need(), pairing_id, score, "director")
            self._set(event)
            return event

    def board_result(self, record: Record) -> None:
        """A board's game ended (on the broker's thread): its pairing gets the result."""
        result = record.result
        if record.pairing is None or result is None:
            return
        with self._lock:
            event = self.event
            if event is None or not record.pairing.startswith(f"{event.id}-"):
                return
            try:
                pairing = event.pairing(record.pairing)
            except T.TournamentError:
                return
            if pairing.board != record.board:
                log.warning("board %s sent a result for %s, paired on %s: ignored",
                            record.board, pairing.id, pairing.board)
                return
            score = T.score_from_board(event, result["winners"], result.get("reason", ""))
            if score is None:
                return
            self._set(T.record_result(event, pairing.id, score, "board", record.board,
                                      record.game_id))

    def _need(self) -> T.Event:
        if self.event is None:
            raise T.TournamentError("no event yet: create one first")
        return self.event

    def moves_by_pairing(self) -> dict[str, list[dict[str, Any]]]:
        """Each pairing's moves as its board's events tell them: ``move`` (the text),
        ``said`` (what it did, as the board described it)."""
        out: dict[str, list[dict[str, Any]]] = {}
        event = self.event
        for record in self.server.record_list():
            if record.pairing is None or event is None:
                continue
            r = event.result(record.pairing)
            if r is not None and r.game_id not in (None, record.game_id):
                continue  # another game of the same pairing (restarted): not the one counted
            out[record.pairing] = record.moves()
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
                "paired": rounds, "standings": T.standings_json(event)}
