"""The Pico firmware under the real MicroPython: the official WebAssembly port, run by node.

``tools/micropython/run.mjs`` loads the port (the npm package
``@micropython/micropython-webassembly-pyscript``, pinned in ``tools/micropython/package.json``),
puts the firmware's modules and ``tools/micropython/vpico.py`` (a virtual Pico circuit written
for MicroPython) on its path, and answers JSON requests one a line.  ``MicroPython`` here keeps
one such process and speaks to it; the tests and ``boardlight bench firmware-memory``
(``boardlight.bench.firmware_memory``) use it.

``python3 bootstrap.py test`` installs what it needs (Debian's nodejs and npm, then the
package with ``npm ci``); ``unavailable()`` tells what is missing and how to get it.
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Self

ROOT = Path(__file__).resolve().parent.parent
TOOLS_DIR = ROOT / "tools" / "micropython"
RUNNER = TOOLS_DIR / "run.mjs"
PACKAGE = "@micropython/micropython-webassembly-pyscript"
PACKAGE_DIR = TOOLS_DIR / "node_modules" / PACKAGE
PICO_HEAP = 196_608
"""Bytes the MicroPython heap starts with, about what the rp2 port's GC heap has on a Pico
(264 KB of RAM, less the stacks, the C runtime and USB buffers); the port grows it when a
collection cannot free enough, which ``heap_total()`` shows."""

INSTALL_HINT = ("run 'python3 bootstrap.py test' once (it installs Debian's nodejs and npm "
                "with apt-get, then the package with 'npm ci' in tools/micropython), or by "
                "hand: 'sudo apt-get install -y nodejs npm' and 'cd tools/micropython && "
                "npm ci'")


class MicroPythonUnavailable(RuntimeError):
    """node or the MicroPython package is not installed."""


class MicroPythonError(RuntimeError):
    """Python code raised under MicroPython (``kind`` is the exception's type name)."""

    def __init__(self, kind: str, traceback: str, out: list[str]) -> None:
        super().__init__(traceback.rstrip() + (
            "\n--- MicroPython printed:\n" + "\n".join(out) if out else ""))
        self.kind = kind
        self.traceback = traceback
        self.out = out


def node_path() -> str | None:
    """node: $BOARDLIGHT_NODE if set (a path), else the first node or nodejs on PATH."""
    chosen = os.environ.get("BOARDLIGHT_NODE")
    if chosen:
        return chosen if os.access(chosen, os.X_OK) else None
    return shutil.which("node") or shutil.which("nodejs")


def unavailable() -> str | None:
    """Why MicroPython cannot run here (with what to run), or None when it can."""
    node = node_path()
    if node is None:
        where = os.environ.get("BOARDLIGHT_NODE")
        return ("node (Debian's nodejs) is not installed"
                + (f" (BOARDLIGHT_NODE={where} is not an executable)" if where else "")
                + f": {INSTALL_HINT}")
    if not (PACKAGE_DIR / "micropython.mjs").is_file():
        return f"the npm package {PACKAGE} is not installed in {TOOLS_DIR}: {INSTALL_HINT}"
    if not RUNNER.is_file():
        return f"{RUNNER} is missing (Boardlight's source tree is needed, not an installed copy)"
    return None


class MicroPython:
    """One MicroPython interpreter in a node process; globals persist between requests.

    ``exec(code)`` runs code in ``__main__`` and returns the lines it printed; ``eval(expr)``
    returns the expression's value, through JSON; ``repeat(fn, times)`` calls a function
    until it returns something true, each call a separate top-level call (the port collects
    garbage only between those).  A Python exception inside raises ``MicroPythonError``.
    """

    def __init__(self, heapsize: int = PICO_HEAP, firmware_dir: Path | None = None,
                 timeout: float = 120.0) -> None:
        reason = unavailable()
        if reason is not None:
            raise MicroPythonUnavailable(reason)
        node = node_path()
        assert node is not None
        cmd = [node, str(RUNNER), "--serve", "--heapsize", str(heapsize)]
        if firmware_dir is not None:
            cmd += ["--firmware", str(firmware_dir)]
        self.timeout = timeout
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close())
        self._proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=self._stderr, cwd=TOOLS_DIR)
        self._buffer = b""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        proc = self._proc
        if proc.poll() is None:
            assert proc.stdin is not None
            proc.stdin.close()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
        self._stderr.close()

    # ---- requests -----------------------------------------------------------------------

    def request(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send one request (see run.mjs) and return the answer; raises on an exception."""
        proc = self._proc
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(json.dumps(request).encode() + b"\n")
            proc.stdin.flush()
        except BrokenPipeError:
            raise self._died() from None
        answer: dict[str, Any] = json.loads(self._read_line())
        if not answer.get("ok"):
            raise MicroPythonError(str(answer.get("type")), str(answer.get("error")),
                                   list(answer.get("out", [])))
        return answer

    def exec(self, code: str) -> list[str]:
        out: list[str] = self.request({"exec": code})["out"]
        return out

    def eval(self, expr: str) -> Any:
        return self.request({"eval": expr})["value"]

    def repeat(self, function: str, times: int) -> int:
        calls: int = self.request({"repeat": function, "times": times})["value"]
        return calls

    def heap_total(self) -> int:
        """The heap's size now, from ``micropython.mem_info()``."""
        out = self.exec("import micropython\nmicropython.mem_info()")
        for line in out:
            match = re.search(r"GC: total: (\d+)", line)
            if match:
                return int(match.group(1))
        raise MicroPythonError("ValueError", "mem_info() printed no GC total", out)

    def _read_line(self) -> bytes:
        proc = self._proc
        assert proc.stdout is not None
        fd = proc.stdout.fileno()
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                proc.kill()
                raise TimeoutError(f"MicroPython gave no answer in {self.timeout:g} s")
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    raise self._died()
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _died(self) -> RuntimeError:
        code = self._proc.wait()
        self._stderr.seek(0)
        err = self._stderr.read().decode(errors="replace").strip()
        return RuntimeError(f"the MicroPython runner exited ({code}): {err[-2000:]}")
