#!/usr/bin/env python3
"""Set up Boardlight's environment on first use, then run it or its tests.

    python3 bootstrap.py serve [ARGS...]   start the service (simulated board unless told)
    python3 bootstrap.py test [PYTEST ARGS...]   run the whole test suite (installs Debian's
                                           chromium for the browser tests when missing)
    python3 bootstrap.py env               only create/refresh the environment

Needs nothing but Python 3.11+.  The first run creates a virtual environment in ``.venv``
(or ``$BOARDLIGHT_VENV``) and installs Boardlight into it; later runs reinstall only when
``pyproject.toml`` changed.  On Debian without the ``python3-venv`` package (no ``ensurepip``)
it creates the environment without pip and installs pip from its wheel on PyPI, checking the
wheel's SHA-256 against the one PyPI publishes.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("BOARDLIGHT_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"
STAMP = VENV / ".boardlight-installed"
PIP_JSON = "https://pypi.org/pypi/pip/json"
CHROMIUM = Path(os.environ.get("BOARDLIGHT_CHROMIUM", "/usr/bin/chromium"))


def say(message: str) -> None:
    print(f"[bootstrap] {message}", file=sys.stderr, flush=True)


def run(cmd: list[str]) -> None:
    result = subprocess.run(cmd, cwd=ROOT)
    if result.returncode:
        say(f"failed ({result.returncode}): {' '.join(cmd)}")
        sys.exit(result.returncode)


def has_ensurepip() -> bool:
    try:
        import ensurepip  # noqa: F401
    except ImportError:
        return False
    return True


def install_pip_from_pypi() -> None:
    """Fetch pip's universal wheel and let it install itself into the environment."""
    say("this Python has no ensurepip (Debian: package python3-venv); fetching pip from PyPI")
    with urllib.request.urlopen(PIP_JSON, timeout=60) as response:
        meta = json.load(response)
    wheel = next(f for f in meta["urls"] if f["filename"].endswith("-py3-none-any.whl"))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / wheel["filename"]
        with urllib.request.urlopen(wheel["url"], timeout=120) as response:
            data = response.read()
        digest = hashlib.sha256(data).hexdigest()
        if digest != wheel["digests"]["sha256"]:
            sys.exit(f"[bootstrap] pip wheel checksum mismatch ({digest}); not installing it")
        path.write_bytes(data)
        # A pip wheel can run itself: python pip.whl/pip install pip.whl
        run([str(PYTHON), f"{path}/pip", "install", "--quiet", "--no-index", str(path)])


def ensure_venv() -> None:
    if PYTHON.exists():
        return
    if sys.version_info < (3, 11):
        sys.exit(f"[bootstrap] Boardlight needs Python 3.11 or newer; this is "
                 f"{sys.version.split()[0]}")
    say(f"creating the environment in {VENV} (first run only)")
    if has_ensurepip():
        venv.EnvBuilder(with_pip=True).create(VENV)
    else:
        venv.EnvBuilder(with_pip=False).create(VENV)
        install_pip_from_pypi()


def ensure_installed(extras: str) -> None:
    """Install Boardlight (editable) with ``extras`` unless the same install is in place."""
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    done = STAMP.read_text().split() if STAMP.exists() else []
    if wanted in done:
        return
    say(f"installing Boardlight{f' with [{extras}]' if extras else ''} into {VENV} "
        "(takes a minute the first time)")
    target = f".[{extras}]" if extras else "."
    run([str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-e", target])
    # Keep the stamps of both installs (plain and with test extras) so switching is free.
    keep = [d for d in done if d != wanted][-1:]
    STAMP.write_text(" ".join([*keep, wanted]))


def ensure_chromium() -> None:
    """The browser tests drive Debian's chromium; install it when it is missing.

    Needs root or sudo and apt (Debian, Raspberry Pi OS).  Elsewhere it says what to do; the
    browser tests then fail with the same advice rather than pass unseen (unless
    BOARDLIGHT_SKIP_BROWSER=1 says to skip them).
    """
    if CHROMIUM.exists():
        return
    apt = shutil.which("apt-get")
    if apt is None:
        say(f"no {CHROMIUM} and no apt-get: install Chromium and set BOARDLIGHT_CHROMIUM to "
            "its path for the browser tests")
        return
    sudo = [] if os.geteuid() == 0 else ([shutil.which("sudo")] if shutil.which("sudo") else None)
    if sudo is None:
        say("chromium is missing and this user cannot install it: run "
            "'sudo apt-get install -y chromium' once")
        return
    say("installing Debian's chromium for the browser tests (first run only)")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in ([*sudo, apt, "update", "-qq"],
                [*sudo, apt, "install", "-y", "-qq", "--no-install-recommends", "chromium"]):
        if subprocess.run(cmd, env=env).returncode:
            say(f"'{' '.join(cmd)}' failed; the browser tests will say chromium is missing")
            return


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    command, rest = argv[0], argv[1:]
    if command not in ("serve", "test", "env"):
        print(f"bootstrap.py: unknown command {command!r}; use serve, test or env", file=sys.stderr)
        return 2
    ensure_venv()
    if command == "env":
        ensure_installed("test")
        return 0
    if command == "serve":
        ensure_installed("")
        exe = shutil.which("boardlight", path=str(BIN)) or str(BIN / "boardlight")
        os.execv(exe, [exe, "serve", *rest])
    ensure_installed("test")
    ensure_chromium()
    os.execv(str(PYTHON), [str(PYTHON), "-m", "pytest", *rest])
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
