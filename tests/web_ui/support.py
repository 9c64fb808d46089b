"""Running the real server in a test, and talking to it as browsers and phones do."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.cookiejar import CookieJar
from typing import Any

from flask import Flask

from boardlight.bench.sseclient import SSEClient
from tests.support.waiting import wait_until  # noqa: F401 - tests import it from here
from web_ui import create_app
from web_ui.server import WebServer

HOST_TOKEN = "host-token-for-tests"


@contextmanager
def serving(service: Any, **config: Any) -> Iterator[tuple[Flask, str]]:
    """The app on a real waitress server on a free port of 127.0.0.1."""
    app = create_app(service, {"HOST_TOKEN": HOST_TOKEN, **config})
    server = WebServer(app, "127.0.0.1", 0).start()
    try:
        yield app, f"http://127.0.0.1:{server.port}"
    finally:
        server.stop()


class Browser:
    """One browser: its own cookies; every response is recorded."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.seen: list[str] = []
        self.streams: list[SSEClient] = []

    def request(self, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json",
                                                  "Accept": "application/json",
                                                  **(headers or {})})
        try:
            with self.opener.open(request, timeout=10) as response:
                status, raw = response.status, response.read().decode()
        except urllib.error.HTTPError as exc:
            status, raw = exc.code, exc.read().decode()
        self.seen.append(raw)
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw

    def get(self, path: str) -> tuple[int, Any]:
        return self.request("GET", path)

    def post(self, path: str, body: Any) -> tuple[int, Any]:
        return self.request("POST", path, body)

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def stream(self, path: str, **headers: str) -> SSEClient:
        client = SSEClient(self.base + path, {"Cookie": self.cookie_header(), **headers},
                           timeout=10).start()
        self.streams.append(client)
        return client

    def close(self) -> None:
        for client in self.streams:
            client.close()


def sse_lines(data: bytes) -> list[tuple[str, str]]:
    """(field, value) pairs of a stream's text, comments as ("", text)."""
    out = []
    for line in data.decode().splitlines():
        if line.startswith(":"):
            out.append(("", line[1:].strip()))
        elif line:
            name, _, value = line.partition(":")
            out.append((name, value.strip()))
    return out


def values_under(obj: Any, keys: tuple[str, ...]) -> Iterator[Any]:
    """Every value stored under one of ``keys``, anywhere in a JSON document."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key in keys:
                yield value
            yield from values_under(value, keys)
    elif isinstance(obj, list):
        for value in obj:
            yield from values_under(value, keys)


def as_json(text: str) -> Any:
    """A response or stream message as JSON; ``None`` for an HTML page (pages carry no data:
    their scripts fetch it)."""
    try:
        return json.loads(text)
    except ValueError:
        return None

