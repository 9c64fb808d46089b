"""Server-sent event streams: the whole current snapshot whenever it changes.

Every ``state`` message carries the table's snapshot ``version`` as its event id.  A page that
connects, or reconnects with ``Last-Event-ID``, gets the current snapshot at once (it stands
for every version it missed: snapshots are whole, nothing needs replaying); after that one
message per change.  ``rejected`` messages (no id) carry the session's refusal of something
this seat (or, on the table stream, a board button) asked for.  A comment line goes out
every ``keepalive`` seconds so that proxies keep the connection and a vanished client is
noticed; ``revoked`` ends a seat stream whose link was replaced.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from controller.session.messages import Message
from web_ui.hub import Listener, StreamHub
from web_ui.mailbox import batches

RETRY_MS = 2000


def message(kind: str, data: dict[str, Any], event_id: int | None = None) -> str:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {kind}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


def last_event_id(header: str | None) -> int | None:
    """The ``Last-Event-ID`` a reconnecting page sent (anything but a version is ignored)."""
    if header and header.strip().isdigit():
        return int(header.strip())
    return None


def stream(hub: StreamHub, listener: Listener, payload: Callable[[], dict[str, Any]],
           revoked: Callable[[], str | None], keepalive: float,
           gone: Callable[[], bool] = lambda: False,
           say: Callable[[Message], str] = lambda m: m.key) -> Iterator[str]:
    """The text of one page's stream; ends when revoked, the hub closes or the client goes."""
    sent: tuple[int, int] | None = None

    def current() -> tuple[str | None, bool]:
        """The state to send, if it is newer than the one sent, and whether the stream ends
        with it (``revoked``: the seat is not this browser's any more)."""
        nonlocal sent
        reason = revoked()
        if reason:
            return message("revoked", {"error": reason}), True
        try:
            data = payload()
        except KeyError:  # the seat left the game between the check and the snapshot
            return message("revoked", {"error": "this seat is not in the game any more"}), True
        key = (int(data["version"]), hub.revision)
        if key == sent:
            return None, False
        sent = key
        return message("state", data, key[0]), False

    try:
        yield f"retry: {RETRY_MS}\n\n"
        out, ends = current()
        if out:
            yield out
        if ends:
            return
        for notes in batches(listener, keepalive, gone):
            if notes is None:
                yield ": keep-alive\n\n"
                continue
            for n in notes:
                if n.kind == "rejected" and n.message is not None:
                    yield message("rejected", {"error": say(n.message)})
            out, ends = current()
            if out:
                yield out
            if ends:
                return
    finally:
        hub.leave(listener)
