"""systemd's notify protocol: ready, status, and a watchdog kicked by the hardware loop.

Under ``Type=notify`` systemd passes ``NOTIFY_SOCKET`` (a datagram socket path; ``@`` means
the abstract namespace) and, with ``WatchdogSec=``, ``WATCHDOG_USEC``.  The service says
``READY=1`` once its web server listens.  The watchdog is kicked from the hardware loop only
(each sensor scan, or each frame from the serial board), at half the watchdog interval: if
the board stops being read, systemd restarts the service, even when the web pages still
answer.  Outside systemd every call does nothing.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)


def notify(message: str, environ: Mapping[str, str] | None = None) -> bool:
    """Send one notification; False when not run by systemd (no socket) or it failed."""
    env = os.environ if environ is None else environ
    path = env.get("NOTIFY_SOCKET")
    if not path:
        return False
    address = "\0" + path[1:] if path.startswith("@") else path
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.connect(address)
            sock.sendall(message.encode())
        return True
    except OSError as exc:
        log.warning("systemd notification %r failed: %s", message, exc)
        return False


class Watchdog:
    """Rate-limited ``WATCHDOG=1``: call ``kick()`` as often as you like from the loop."""

    def __init__(self, environ: Mapping[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        env = os.environ if environ is None else environ
        self.environ = env
        self.clock = clock
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID")
        enabled = usec.isdigit() and int(usec) > 0 and (pid is None or pid == str(os.getpid()))
        self.interval = int(usec) / 2e6 if enabled else None
        self._last = -1e18
        self.kicks = 0

    @property
    def enabled(self) -> bool:
        return self.interval is not None

    def kick(self) -> None:
        if self.interval is None:
            return
        now = self.clock()
        if now - self._last >= self.interval:
            self._last = now
            if notify("WATCHDOG=1", self.environ):
                self.kicks += 1
