"""The compiled Abalone search, run in a process of its own.

The search never runs on the interpreter of the service: its process
(``abalone_worker.py``) is started once, on first use or by ``prepare``, and kept; a request
is one JSON line and so is the answer.  While it waits, the calling thread watches the
budget (the cancel flag, and the clock when a test injects one) and sends a stop as soon as
the budget is spent; the search then answers at once with its best move so far.  The
process runs at a lower priority (``NICE``) than the board's own threads and searches on
every core (``default_threads``).

When no process can be started the search runs in this process, on a thread of its own (the
compiled search releases the interpreter while it runs).  A process that fails during a
search (ends, answers with an error, or does not answer in time) raises ``SearchFailed``: the
engine then plays the pure-Python search's move, and the next search starts a fresh process.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import select
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from controller.ai.abalone_core import core

log = logging.getLogger(__name__)

NICE = 5          # the search process's priority below the service's
POLL = 0.005      # seconds between looks at the budget while the search runs
START_TIMEOUT = 30.0   # a cold Pi under load starts a Python process in a few seconds
GRACE = 5.0       # seconds a stopped search may take to answer before its process is killed
WORKER = Path(__file__).resolve().with_name("abalone_worker.py")

Request = dict[str, Any]
Spent = Callable[[], bool]


class SearchFailed(RuntimeError):
    """The search process ended, answered with an error, or did not answer in time."""


def default_threads() -> int:
    """Every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


class SearchProcess:
    """One search process and the pipes to it."""

    def __init__(self, nice: int = NICE) -> None:
        module = core().__file__
        assert module is not None
        self.nice = nice
        self.owner = os.getpid()
        self.proc = subprocess.Popen(
            [sys.executable, "-I", "-S", str(WORKER), module, str(nice)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0, close_fds=True)
        self._buffer = b""
        self._ready = False
        self._next = 0

    def _send(self, message: Request) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write((json.dumps(message) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise SearchFailed(f"the search process is gone: {exc}") from None

    def _receive(self, timeout: float) -> Request | None:
        """The next message, or None when none came within ``timeout`` seconds."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self._buffer:
            ready, _, _ = select.select([fd], [], [], timeout)
            if not ready:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                raise SearchFailed(f"the search process ended (exit code {self.proc.poll()})")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        message: Request = json.loads(line)
        return message

    def wait_ready(self, timeout: float = START_TIMEOUT) -> None:
        if self._ready:
            return
        end = time.monotonic() + timeout
        while True:
            message = self._receive(max(0.0, end - time.monotonic()))
            if message is None:
                raise SearchFailed(f"the search process did not start in {timeout:g} s")
            if "ready" in message:
                self._ready = True
                return

    def search(self, request: Request, spent: Spent) -> Request:
        """Run ``request`` (without its ``op`` and ``id``); stop it once ``spent()``."""
        self.wait_ready()
        self._next += 1
        ident = self._next
        self._send({**request, "op": "search", "id": ident})
        limit = time.monotonic() + float(request["seconds"]) + GRACE
        stopped = False
        while True:
            message = self._receive(POLL)
            if message is not None and message.get("id") == ident:
                if "error" in message:
                    raise SearchFailed(f"the search failed: {message['error']}")
                result: Request = message["result"]
                return result
            if not stopped and spent():
                self._send({"op": "stop", "id": ident})
                stopped, limit = True, time.monotonic() + GRACE
            if time.monotonic() > limit:
                self.close()
                raise SearchFailed("the search process did not answer in time")

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.close()  # the worker ends on the end of its input
                self.proc.wait(timeout=1.0)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None and not stream.closed:
                stream.close()


class _Pool:
    """Idle search processes by priority: normally one, kept for the life of the service."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.idle: list[SearchProcess] = []
        self.owner = os.getpid()

    def take(self, nice: int) -> SearchProcess:
        with self.lock:
            if self.owner != os.getpid():  # forked: the pipes belong to the parent
                self.idle, self.owner = [], os.getpid()
            for k, proc in enumerate(self.idle):
                if proc.nice == nice and proc.proc.poll() is None:
                    return self.idle.pop(k)
        return SearchProcess(nice)

    def give(self, proc: SearchProcess) -> None:
        with self.lock:
            if proc.owner == os.getpid() and proc.proc.poll() is None:
                self.idle.append(proc)

    def close(self) -> None:
        with self.lock:
            idle, self.idle = self.idle, []
        for proc in idle:
            if proc.owner == os.getpid():
                proc.close()


POOL = _Pool()
atexit.register(POOL.close)


def start(nice: int = NICE) -> None:
    """Start a search process ahead of the first move (``prepare``), if none is idle."""
    try:
        proc = POOL.take(nice)
        proc.wait_ready()
    except (OSError, SearchFailed) as exc:
        log.warning("could not start the Abalone search process (%s); searching in-process",
                    exc)
        return
    POOL.give(proc)


def search_in_process(request: Request, spent: Spent) -> Request:
    """The same search on a thread of this process (the compiled search releases the
    interpreter), watched the same way."""
    module = core()
    answer: list[Request] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            answer.append(module.search(
                tuple(request["position"]), request["target"], request["seconds"],
                nodes=request["nodes"], threads=request["threads"],
                history=request["history"], seed=request["seed"],
                max_depth=request.get("max_depth", 0), clear=request["clear"], arm=False))
        except BaseException as exc:  # handed to the caller
            failure.append(exc)

    module.arm()
    thread = threading.Thread(target=run, name="abalone-search", daemon=True)
    thread.start()
    stopped = False
    while thread.is_alive():
        thread.join(POLL)
        if not stopped and thread.is_alive() and spent():
            module.stop()
            stopped = True
    if failure:
        raise SearchFailed(f"the search failed: {failure[0]}") from failure[0]
    return answer[0]


def search(request: Request, spent: Spent, *, in_process: bool = False,
           nice: int = NICE) -> Request:
    """Run a search request in a search process (or, ``in_process``, in this one), stopping
    it once ``spent()``.  Where no process can be started the search runs in this process;
    a process that fails during a search raises ``SearchFailed`` (the next search starts a
    fresh one): a crash in the compiled search must never take the service with it."""
    if not in_process:
        try:
            proc = POOL.take(nice)
        except OSError as exc:
            log.warning("could not start the Abalone search process (%s); searching "
                        "in-process", exc)
        else:
            try:
                result = proc.search(request, spent)
            except SearchFailed:
                proc.close()
                raise
            POOL.give(proc)
            return result
    return search_in_process(request, spent)
