"""What the web UI keeps beside the service: join tokens and the stream hub.

One ``WebState`` per app, reached as ``app.extensions["boardlight"]`` (``web_state()``).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from flask import current_app

from controller.session.events import PhonesJoined
from web_ui.hub import StreamHub
from web_ui.ports import BoardService
from web_ui.tokens import SeatTokens

NAME_LIMIT = 40


class WebState:
    def __init__(self, service: BoardService, config: Mapping[str, Any]) -> None:
        self.service = service
        self.config = config
        self.host_token: str = config.get("HOST_TOKEN") or secrets.token_urlsafe(18)
        self.tokens = SeatTokens(service.table.seats)
        # The session hears which seats have a phone joined, whenever that changes (join,
        # leave, a new link, a new game): a take-back needs the other side's consent, on
        # their phone, or the table's for a side with none.
        self.tokens.on_change = self._phones_changed
        self.table_lang: str | None = None     # the host's choice for the table page
        self.seat_langs: dict[str, str] = {}   # each seat's player's choice
        self.hub = StreamHub(int(config["MAX_STREAMS"]), int(config["SSE_QUEUE"]))
        self.hub.attach(service.runner)
        service.table.on_change(self._table_changed)

    @property
    def seats(self) -> tuple[str, ...]:
        return self.service.table.seats

    def _table_changed(self, version: int) -> None:
        # On the session thread.  A game with other seats (started by anyone) gets new tokens
        # before any stream wakes up, so no page ever shows a stale seat.
        seats = self.seats
        if seats != self.tokens.seats:
            self.tokens.reset(seats)
            self.seat_langs.clear()
        self.hub.changed(version)

    def _phones_changed(self, seats: frozenset[str]) -> None:
        runner = self.service.runner
        runner.post(PhonesJoined(runner.now(), seats))

    def new_game_started(self) -> None:
        """A token per seat per game: links of the last game stop working."""
        self.tokens.reset(self.seats)
        self.hub.web_changed()

    def names(self) -> dict[str, str]:
        """The players' names (kept by the service: public, in the table's snapshot)."""
        return self.service.names()


def web_state() -> WebState:
    state: WebState = current_app.extensions["boardlight"]
    return state
