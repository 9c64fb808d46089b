"""The compiled part of Boardlight: the Abalone search core (``controller/ai/csrc``), a C
extension built from source by the package's own build (``pip install .`` or ``-e .``) with
the machine's C compiler.  Everything else about the package is in pyproject.toml.

The build is optional: without a C compiler and Python's headers the install still works and
two-player Abalone falls back to the pure-Python search (much weaker; the log says so).
``python3 bootstrap.py`` installs the compiler and headers on Debian and Raspberry Pi OS.
"""

from __future__ import annotations

import hashlib
import os
import platform
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
CSRC = Path("controller", "ai", "csrc")


def source_hash() -> str:
    """A digest of the C sources, compiled into the module: the Python side compares it with
    the sources beside it and says when a checkout's module is stale (rebuild it)."""
    digest = hashlib.sha256()
    for path in sorted((HERE / CSRC).glob("*.[ch]")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def abalone_core() -> Extension:
    posix = os.name == "posix"
    flags = ["-O3", "-std=gnu11", "-pthread"] if posix else []
    if posix and platform.machine().lower() in ("x86_64", "amd64"):
        flags.append("-mpopcnt")  # every x86-64 CPU since 2008; without it a popcount is a call
    return Extension(
        "controller.ai._abalone",
        sources=[str(CSRC / name) for name in ("board.c", "eval.c", "search.c", "module.c")],
        depends=[str(CSRC / name) for name in ("core.h", "weights.h")],
        define_macros=[("SOURCE_HASH", f'"{source_hash()}"')],
        extra_compile_args=flags,
        extra_link_args=["-pthread"] if posix else [],
        libraries=["m"] if posix else [],
        optional=True,
    )


class BuildExt(build_ext):
    """Put a module built in place as a new file rather than write over the old one: a
    process that has the old one loaded (a running service, a search process, another
    checkout's tests) keeps it intact instead of crashing on a file changed under it."""

    def copy_file(self, infile: str, outfile: str, *args: Any, **kwargs: Any) -> Any:
        target = Path(outfile)
        if target.suffix in (".so", ".pyd") and target.is_file():
            target.unlink()
        return super().copy_file(infile, outfile, *args, **kwargs)


setup(ext_modules=[abalone_core()], cmdclass={"build_ext": BuildExt})
