"""Helpers the areas share: streams as responses, the base URL for join links."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from typing import Any

from flask import Response, current_app, request
from werkzeug.exceptions import ServiceUnavailable

from controller.session.messages import Message
from web_ui.i18n import current
from web_ui.sse import last_event_id, stream
from web_ui.state import WebState
from web_ui.words import words


def event_stream(web: WebState, seat: str | None, payload: Callable[[], dict[str, Any]],
                 revoked: Callable[[], str | None],
                 language: Callable[[], str] | None = None) -> Response:
    """The page's live stream; refusals in ``language()`` at the time they come (the
    request's language when not given)."""
    listener = web.hub.listen(seat)
    if listener is None:
        raise ServiceUnavailable(
            "too many live pages are open on this server; close some, or reload later")
    resumed = last_event_id(request.headers.get("Last-Event-ID"))
    current_app.logger.debug("stream for %s opened (Last-Event-ID %s)", seat or "table", resumed)
    gone = request.environ.get("waitress.client_disconnected") or (lambda: False)
    lang, table = current(), web.service.table

    def say(message: Message) -> str:  # in the words of the game shown when it comes
        return words(message, table.snapshot.game, language() if language else lang)

    body = stream(web.hub, listener, payload, revoked,
                  float(current_app.config["SSE_KEEPALIVE"]), gone, say)
    return Response(body, mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache, no-transform",
                             "X-Accel-Buffering": "no"})


def _loopback(host: str) -> bool:
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    name = name.strip("[]")
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def base_url() -> str:
    """Where phones reach this server: the address this page was opened with, unless that is
    this machine's own loopback (a screen on the Pi itself): then the LAN address."""
    public = current_app.config.get("PUBLIC_URL")
    if public and _loopback(request.host):
        return str(public).rstrip("/") + "/"
    return request.host_url
