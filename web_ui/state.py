"""What the web UI keeps beside the service: join tokens, player names, the stream hub.

One ``WebState`` per app, reached as ``app.extensions["boardlight"]`` (``web_state()``).
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping
from typing import Any

from flask import current_app

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
        self._names: dict[str, str] = {}
        self._lock = threading.Lock()
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
            with self._lock:
                self._names = {s: n for s, n in self._names.items() if s in seats}
        self.hub.changed(version)

    def new_game_started(self) -> None:
        """A token per seat per game: links of the last game stop working."""
        self.tokens.reset(self.seats)
        self.hub.web_changed()

    # ---- player names (display only) ---------------------------------------------------------

    def names(self) -> dict[str, str]:
        with self._lock:
            return dict(self._names)

    def set_names(self, names: Mapping[str, str]) -> None:
        with self._lock:
            for seat, name in names.items():
                if name:
                    self._names[seat] = name
                else:
                    self._names.pop(seat, None)
        self.hub.web_changed()


def web_state() -> WebState:
    state: WebState = current_app.extensions["boardlight"]
    return state
