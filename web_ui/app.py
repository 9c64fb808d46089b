"""The Flask app: ``create_app(service, config)`` builds it around a running service."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from flask import Flask, Response
from flask_babel import Babel, get_locale

from web_ui.areas import host, howto, lang, seat, sim, table
from web_ui.areas import pairing as pairing_area
from web_ui.areas.pairing import PairingInbox
from web_ui.http import register_errors
from web_ui.i18n import DEFAULT, DIRECTORY, LANGUAGES, NAMES
from web_ui.ports import BoardService
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

# The pages load only their own scripts and styles; QR codes are inline SVG.
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


def create_app(service: BoardService, config: Mapping[str, Any] | None = None,
               pairing: PairingInbox | None = None) -> Flask:
    """The app around a service; ``pairing``: a club board's inbox of received pairings
    (the host page shows the one offered), None for a board in no club."""
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    app.config["SECRET_KEY"] = secrets.token_bytes(32)  # cookies last as long as this run
    if config:
        app.config.update(config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.extensions["boardlight"] = WebState(service, app.config)
    if pairing is not None:
        app.extensions["pairing"] = pairing
    Babel(app, default_locale=DEFAULT, default_translation_directories=str(DIRECTORY),
          locale_selector=lang.select_locale)

    @app.context_processor
    def language() -> dict[str, Any]:
        return {"lang": str(get_locale() or DEFAULT), "languages": LANGUAGES,
                "language_names": NAMES}

    register_errors(app)
    for area in (table, seat, host, sim, lang, howto, pairing_area):  # a club board's pairing
        app.register_blueprint(area.bp)

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        if response.mimetype == "application/json":
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    return app
