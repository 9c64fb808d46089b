"""The search process of the compiled Abalone core.

``python -I -S abalone_worker.py MODULE_PATH NICE`` loads the compiled module from its path
and nothing else of Boardlight (no package import, no site-packages: the process is ready in
a few tens of milliseconds), lowers its priority by NICE, then answers requests: one JSON
object a line on stdin, one a line on stdout.

    {"op": "search", "id": 3, "position": [...], "target": 6, "seconds": 1.0, "nodes": 0,
     "threads": 4, "history": [...], "seed": 7, "clear": false, "max_depth": 0}
        -> {"id": 3, "result": {"move": ..., "score": ..., "depth": ..., ...}}
           or {"id": 3, "error": "..."}
    {"op": "stop", "id": 3}
        stops search 3 if it is still running; it then answers at once with its best move

The first line out is ``{"ready": SOURCE_HASH}``.  The search runs on a thread of its own
with the interpreter released, so a stop is read while it runs.  The process ends when its
stdin closes: when the process that started it ends or lets it go.

Only the standard library is imported here (``controller.ai.search_process`` starts it).
"""

from __future__ import annotations

import contextlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import threading
from types import ModuleType
from typing import Any


def load(path: str) -> ModuleType:
    loader = importlib.machinery.ExtensionFileLoader("_abalone", path)
    spec = importlib.util.spec_from_file_location("_abalone", path, loader=loader)
    if spec is None:
        raise ImportError(f"cannot load the compiled Abalone core from {path}")
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


class Worker:
    def __init__(self, core: Any) -> None:
        self.core = core
        self.out = threading.Lock()
        self.lock = threading.Lock()
        self.running: int | None = None

    def send(self, message: dict[str, Any]) -> None:
        with self.out:
            sys.stdout.write(json.dumps(message) + "\n")
            sys.stdout.flush()

    def search(self, request: dict[str, Any]) -> None:
        try:
            result = self.core.search(
                tuple(request["position"]), request["target"], request["seconds"],
                nodes=request.get("nodes", 0), threads=request.get("threads", 1),
                history=request.get("history", ()), seed=request.get("seed", 0),
                max_depth=request.get("max_depth", 0), clear=request.get("clear", False),
                arm=False)
            answer: dict[str, Any] = {"id": request["id"], "result": result}
        except Exception as exc:  # said to the parent, which falls back
            answer = {"id": request["id"], "error": f"{type(exc).__name__}: {exc}"}
        with self.lock:
            self.running = None
        self.send(answer)

    def serve(self) -> None:
        self.send({"ready": self.core.SOURCE_HASH})
        for line in sys.stdin:
            request = json.loads(line)
            if request["op"] == "search":
                self.core.arm()  # a stop meant for an earlier search must not stop this one
                with self.lock:
                    self.running = request["id"]
                threading.Thread(target=self.search, args=(request,), daemon=True).start()
            elif request["op"] == "stop":
                with self.lock:
                    if self.running == request["id"]:
                        self.core.stop()


def main(argv: list[str]) -> int:
    core = load(argv[0])
    nice = int(argv[1]) if len(argv) > 1 else 0
    if nice > 0:
        with contextlib.suppress(OSError):
            os.nice(nice)  # the board's own threads come first
    Worker(core).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
