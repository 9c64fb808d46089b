"""A small server-sent events client (the benchmark's listeners, and the tests' pages)."""

from __future__ import annotations

import contextlib
import http.client
import json
import queue
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit


@dataclass
class SSEEvent:
    kind: str
    data: str
    id: str | None
    received: float  # time.monotonic() when the blank line ending it arrived

    def json(self) -> Any:
        return json.loads(self.data)


@dataclass
class SSEClient:
    """Reads one stream on a thread of its own; events queue up for ``next``/``until``."""

    url: str
    headers: dict[str, str] = field(default_factory=dict)
    timeout: float = 30.0
    status: int | None = None
    body: bytes = b""             # the body of a refused (non-200) stream
    comments: int = 0
    log: list[SSEEvent] = field(default_factory=list)  # every event, also those consumed
    ended: threading.Event = field(default_factory=threading.Event)
    _events: queue.Queue[SSEEvent] = field(default_factory=queue.Queue)
    _sock: socket.socket | None = None
    _ready: threading.Event = field(default_factory=threading.Event)

    def start(self) -> SSEClient:
        threading.Thread(target=self._run, name="sse-client", daemon=True).start()
        if not self._ready.wait(self.timeout):
            raise TimeoutError(f"no response from {self.url}")
        return self

    def _run(self) -> None:
        parts = urlsplit(self.url)
        try:
            conn = http.client.HTTPConnection(parts.hostname or "localhost", parts.port,
                                              timeout=self.timeout)
            conn.connect()
            self._sock = conn.sock  # kept: the connection lets go of it for a streamed body
            conn.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""),
                         headers={"Accept": "text/event-stream", **self.headers})
            response = conn.getresponse()
            self.status = response.status
            if response.status != 200:
                self.body = response.read()
                return
            self._ready.set()
            self._read(response)
        except (OSError, http.client.HTTPException):
            pass
        finally:
            self._ready.set()
            self.ended.set()

    def _read(self, response: http.client.HTTPResponse) -> None:
        kind, event_id = "message", None
        data: list[str] = []
        while True:
            raw = response.readline()
            if not raw:
                return
            line = raw.decode().rstrip("\r\n")
            if not line:
                if data:
                    event = SSEEvent(kind, "\n".join(data), event_id, time.monotonic())
                    self.log.append(event)
                    self._events.put(event)
                kind, data, event_id = "message", [], None
            elif line.startswith(":"):
                self.comments += 1
            else:
                name, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if name == "event":
                    kind = value
                elif name == "data":
                    data.append(value)
                elif name == "id":
                    event_id = value

    def next(self, timeout: float) -> SSEEvent | None:
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def until(self, check: Any, timeout: float = 10.0) -> SSEEvent:
        """The first event (from now on) for which ``check(event)`` is true."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            event = self.next(left)
            if event is not None and check(event):
                return event
        raise TimeoutError(f"no such event on {self.url} within {timeout} s")

    def close(self) -> None:
        """Hang up, as a closed browser tab does."""
        sock = self._sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
