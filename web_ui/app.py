"""The Flask app: ``create_app(service, config)`` builds it around a running service."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from flask import Flask
from jinja2 import BaseLoader, ChoiceLoader, FunctionLoader

from web_ui import games
from web_ui.areas import host, howto, lang, seat, sim, table
from web_ui.areas import pairing as pairing_area
from web_ui.areas.pairing import PairingInbox
from web_ui.ports import BoardService
from web_ui.shell import shell
from web_ui.state import WebState

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 16 * 1024,      # no request of this UI comes near it
    "SESSION_COOKIE_NAME": "boardlight",
    "SESSION_COOKIE_HTTPONLY": True,
    # Lax, not Strict: a join link opened from a chat app is a cross-site navigation, and a
    # Strict cookie set on it would not come along on the redirect to /seat.  Cross-site
    # POSTs are refused by the Origin check (web_ui.http) whatever the cookie does.
    "SESSION_COOKIE_SAMESITE": "Lax",
    "PERMANENT_SESSION_LIFETIME": timedelta(days=1),
    "HOST_TOKEN": None,        # None: a random one per run
    "PUBLIC_URL": None,        # the LAN address for join codes when a page is on localhost
    "SSE_KEEPALIVE": 15.0,     # seconds between keep-alive comments on a quiet stream
    "SSE_QUEUE": 32,           # notes a stream may fall behind before they are dropped
    "MAX_STREAMS": 48,         # open streams at once; the server's thread pool is sized on it
    "ACTION_WAIT": 2.0,        # how long a phone action waits for the session's answer
}


def create_app(service: BoardService, config: Mapping[str, Any] | None = None,
               pairing: PairingInbox | None = None) -> Flask:
    """The app around a service; ``pairing``: a club board's inbox of received pairings
    (the host page shows the one offered), None for a board in no club."""
    app = shell(__name__, DEFAULTS, config, lang.select_locale)
    app.extensions["boardlight"] = WebState(service, app.config)
    if pairing is not None:
        app.extensions["pairing"] = pairing
    # A game kept in a folder of its own brings its How to play page (``web_ui.games``).
    own: BaseLoader = app.jinja_loader  # type: ignore[assignment]
    app.jinja_loader = ChoiceLoader([own, FunctionLoader(games.template_source)])
    app.add_template_global(games.asset_url, "game_asset_url")
    for area in (table, seat, host, sim, lang, howto, pairing_area):  # a club board's pairing
        app.register_blueprint(area.bp)
    app.register_blueprint(games.bp)
    return app
