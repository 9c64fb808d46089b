"""Where the emulator's virtual board plugs in: a pseudo-terminal or a TCP socket.

Both behave like a USB CDC port seen from the board: writes never block (bytes nobody reads
are dropped), reads return what is there now.  ``unplug()`` takes the port away as pulling the
cable would; ``plug()`` brings it back at the same address.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import tty
from typing import Protocol
from urllib.parse import urlsplit

from firmware_bridge.errors import EmulatorError

log = logging.getLogger(__name__)


class Transport(Protocol):
    @property
    def address(self) -> str:
        """What the host opens: a device path or a ``socket://`` URL."""
        ...

    @property
    def plugged(self) -> bool: ...

    def plug(self) -> None: ...

    def unplug(self) -> None: ...

    def read(self) -> bytes: ...

    def write(self, data: bytes) -> None: ...


class PtyTransport:
    """A pseudo-terminal (``os.openpty``); the host opens the slave side.

    A new pty gets a new ``/dev/pts/N`` at every plug, so with ``link_path`` a symlink at that
    path always points at the current one: the host keeps one address across replugs, as it
    does with ``/dev/ttyACM0``.  The slave stays open here too, so the pty lives while the
    host reconnects.
    """

    def __init__(self, link_path: str | None = None) -> None:
        self.link_path = link_path
        self._master: int | None = None
        self._slave: int | None = None
        self._slave_path = ""
        self.dropped_bytes = 0

    @property
    def address(self) -> str:
        return self.link_path or self._slave_path

    @property
    def plugged(self) -> bool:
        return self._master is not None

    def plug(self) -> None:
        if self._master is not None:
            return
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line editing, before the host configures it
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        self._slave_path = os.ttyname(slave)
        if self.link_path:
            temp = f"{self.link_path}.{os.getpid()}.tmp"
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temp)
            os.symlink(self._slave_path, temp)
            os.replace(temp, self.link_path)
        log.debug("pty plugged at %s", self.address)

    def unplug(self) -> None:
        if self.link_path:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.link_path)
        for fd in (self._master, self._slave):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._master = self._slave = None
        log.debug("pty unplugged")

    def read(self) -> bytes:
        if self._master is None:
            return b""
        try:
            return os.read(self._master, 4096)
        except (BlockingIOError, InterruptedError):
            return b""
        except OSError:  # EIO: no slave side open at the moment
            return b""

    def write(self, data: bytes) -> None:
        if self._master is None:
            self.dropped_bytes += len(data)
            return
        try:
            written = os.write(self._master, data)
        except (BlockingIOError, InterruptedError):
            written = 0
        except OSError:
            written = 0
        self.dropped_bytes += len(data) - written


class TcpTransport:
    """A TCP server for pyserial's ``socket://host:port``; one host at a time."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self.port = port
        self._listener: socket.socket | None = None
        self._client: socket.socket | None = None
        self.dropped_bytes = 0

    @property
    def address(self) -> str:
        return f"socket://{self.host}:{self.port}"

    @property
    def plugged(self) -> bool:
        return self._listener is not None

    def plug(self) -> None:
        if self._listener is not None:
            return
        listener = socket.create_server((self.host, self.port))
        listener.setblocking(False)
        self.port = listener.getsockname()[1]  # keep the same port across replugs
        self._listener = listener

    def unplug(self) -> None:
        self._drop_client()
        if self._listener is not None:
            self._listener.close()
            self._listener = None

    def _drop_client(self) -> None:
        if self._client is not None:
            with contextlib.suppress(OSError):
                self._client.close()
            self._client = None

    def read(self) -> bytes:
        if self._listener is None:
            return b""
        if self._client is None:
            try:
                client, peer = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return b""
            client.setblocking(False)
            client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._client = client
            log.debug("host connected from %s", peer)
        try:
            data = self._client.recv(4096)
        except (BlockingIOError, InterruptedError):
            return b""
        except OSError:
            data = b""
        if not data:
            self._drop_client()
        return data

    def write(self, data: bytes) -> None:
        if self._client is None:
            self.dropped_bytes += len(data)
            return
        try:
            written = self._client.send(data)
        except (BlockingIOError, InterruptedError):
            written = 0
        except OSError:
            written = 0
            self._drop_client()
        self.dropped_bytes += len(data) - written


def open_transport(link: str) -> Transport:
    """``"pty"``: a pty (its /dev/pts path is the address); a path: a pty with a symlink at
    that path; ``socket://host:port`` (or ``tcp://``): a TCP server (port 0: any free)."""
    if link == "pty":
        return PtyTransport()
    if "://" in link:
        parts = urlsplit(link)
        if parts.scheme not in ("socket", "tcp") or parts.port is None:
            raise EmulatorError(f"the emulator serves 'pty', a path, or socket://HOST:PORT; "
                                f"got {link!r}")
        return TcpTransport(parts.hostname or "127.0.0.1", parts.port)
    if os.path.exists(link) and not os.path.islink(link):
        raise EmulatorError(f"{link} exists and is not a symlink; the emulator will not "
                            f"replace it (give a new path, or 'pty')")
    return PtyTransport(link)
