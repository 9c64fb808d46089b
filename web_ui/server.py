"""The production server: waitress, in the process of the hardware threads.

Why waitress: pure Python (nothing to compile on a Pi), no monkey-patching (gevent's would
turn the session's and the scan loop's real threads into greenlets, and a blocking sensor
read would stall every page), and it flushes every write of a streaming response at once.
It is a thread pool: each open event stream holds one worker thread while it waits, so the
pool is sized as the stream limit (``MAX_STREAMS``, enforced by the hub with a 503) plus
spare threads for ordinary requests, which therefore never queue behind streams.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from flask import Flask
from waitress import wasyncore
from waitress.server import create_server

from web_ui.state import WebState

log = logging.getLogger(__name__)

SPARE_THREADS = 8


class WebServer:
    """Serve ``app`` on ``host:port`` (port 0: any free port) until ``stop()``."""

    def __init__(self, app: Flask, host: str = "0.0.0.0", port: int = 8080) -> None:
        self.web: WebState = app.extensions["boardlight"]
        threads = self.web.hub.limit + SPARE_THREADS
        self._server: Any = create_server(
            app, host=host, port=port, threads=threads,
            connection_limit=threads + 50,
            channel_request_lookahead=4,   # lets a stream notice that its client went away
            ident="Boardlight", expose_tracebacks=False, clear_untrusted_proxy_headers=True)
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()

    @property
    def host(self) -> str:
        return str(self._server.effective_host)

    @property
    def port(self) -> int:
        return int(self._server.effective_port)

    def serve(self) -> None:
        """Run the server loop on this thread until ``stop()``."""
        try:
            self._server.run()
        finally:
            self._server.task_dispatcher.shutdown(timeout=5)
            if not self._stopping.is_set():
                self._server.trigger.close()  # else stop() closes it, after its own pull

    def start(self) -> WebServer:
        """Run the server loop on a thread of its own."""
        self._thread = threading.Thread(target=self.serve, name="web-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """End every stream, close every connection, and let the loop finish."""
        if self._stopping.is_set():
            return
        self._stopping.set()
        self.web.hub.close()
        server = self._server
        if self._thread is None or not self._thread.is_alive():
            if self._thread is None:
                server.close()  # never served: its socket and its trigger
            return

        def close_all() -> None:
            # On the loop's own thread.  The trigger leaves the loop but stays open until the
            # loop has ended: worker threads may still pull it (and this very call may run
            # before our own pull has written to it).  The loop ends when nothing is left.
            for channel in list(server._map.values()):
                if channel is server.trigger:
                    channel.del_channel()
                elif channel is server:
                    wasyncore.dispatcher.close(server)  # the listening socket, not the trigger
                else:
                    channel.close()

        server.trigger.pull_trigger(close_all)
        self._thread.join(10)
        if self._thread.is_alive():
            log.warning("the web server did not stop within 10 s")
            return
        server.trigger.close()
