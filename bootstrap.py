#!/usr/bin/env python3
"""Set up Boardlight's environment on first use, then run it or its tests.

    python3 bootstrap.py serve [ARGS...]   start the service (simulated board unless told)
    python3 bootstrap.py test [PYTEST ARGS...]   run the whole test suite (installs Debian's
                                           chromium for the browser tests, nodejs, npm
                                           and MicroPython's WebAssembly port for the
                                           firmware's tests, mosquitto for the club
                                           tests, and debootstrap and systemd-nspawn
                                           for the installer's test, when missing),
                                           spread over every core (``-n 0``: in one
                                           process);
                                           ``test --fast`` leaves out the tests
                                           marked slow
    python3 bootstrap.py env               only create/refresh the environment

Needs nothing but Python 3.11+.  The first run creates a virtual environment in ``.venv``
(or ``$BOARDLIGHT_VENV``) and installs Boardlight into it; later runs reinstall only when
``pyproject.toml``, ``setup.py`` or the Abalone core's C sources changed (the install builds
that core with Debian's C compiler and Python's headers, installed when missing).  On Debian
without the ``python3-venv`` package (no ``ensurepip``) it installs that package with apt-get
when run as root, and otherwise says the one command to run.  Packages come through the
ordinary clients (pip, apt-get, npm) from whatever sources the machine is set up for.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("BOARDLIGHT_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"
STAMP = VENV / ".boardlight-installed"
VENV_PACKAGE = "python3-venv"  # Debian's ensurepip, which venv needs for pip
CHROMIUM = Path(os.environ.get("BOARDLIGHT_CHROMIUM", "/usr/bin/chromium"))
MICROPYTHON = ROOT / "tools" / "micropython"  # the npm package the firmware's tests run under


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


def ensure_venv() -> None:
    if PYTHON.exists():
        return
    if sys.version_info < (3, 11):
        sys.exit(f"[bootstrap] Boardlight needs Python 3.11 or newer; this is "
                 f"{sys.version.split()[0]}")
    if not has_ensurepip():
        # Debian leaves ensurepip (and so venv's pip) to the python3-venv package.
        if os.geteuid() != 0:
            sys.exit(f"[bootstrap] this Python cannot make an environment with pip (no "
                     f"ensurepip): run 'sudo apt-get install -y {VENV_PACKAGE}' once, then "
                     "run this command again")
        if not apt_install([VENV_PACKAGE], "to create Boardlight's environment"):
            sys.exit(f"[bootstrap] could not install {VENV_PACKAGE}; install it by hand and "
                     "run this command again")
    say(f"creating the environment in {VENV} (first run only)")
    venv.EnvBuilder(with_pip=True).create(VENV)


def build_inputs() -> bytes:
    """What an install is made from: pyproject.toml, setup.py and the compiled core's C
    sources (a change to any of them reinstalls, which rebuilds the core)."""
    files = [ROOT / "pyproject.toml", ROOT / "setup.py",
             *sorted((ROOT / "controller" / "ai" / "csrc").glob("*.[ch]"))]
    return b"".join(f.name.encode() + b"\0" + f.read_bytes() for f in files if f.is_file())


def ensure_compiler() -> None:
    """Two-player Abalone's search core is C, built from source by the install: install
    Debian's C compiler and Python's headers when either is missing.

    Without them the install still works (the pure-Python search plays, much weaker), and
    the core's tests fail saying the core is not built.
    """
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    missing = [package for package, present in (
        ("gcc", shutil.which("cc") or shutil.which("gcc")),
        ("libc6-dev", Path("/usr/include/stdlib.h").exists() or os.name != "posix"),
        (f"python{sys.version_info.major}-dev", headers.exists()),
    ) if not present]
    if missing and not apt_install(missing, "to build the Abalone search core"):
        say("the Abalone search core will not be built: two-player Abalone plays the slower "
            "Python search")


def ensure_installed(extras: str) -> None:
    """Install Boardlight (editable) with ``extras`` unless the same install is in place."""
    wanted = hashlib.sha256(build_inputs() + extras.encode()).hexdigest()
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


def apt_install(packages: list[str], why: str) -> bool:
    """Install Debian packages with apt-get, as root or through sudo; True when it worked.

    ``why`` ends the messages ("for the browser tests").  Without apt-get, or without root or
    sudo, it says what to run and returns False; so does a failed apt-get.
    """
    names = " ".join(packages)
    apt = shutil.which("apt-get")
    if apt is None:
        say(f"{names} missing and no apt-get to install it: install it by hand {why}")
        return False
    sudo = [] if os.geteuid() == 0 else ([shutil.which("sudo")] if shutil.which("sudo") else None)
    if sudo is None:
        say(f"{names} missing and this user cannot install it: run "
            f"'sudo apt-get install -y {names}' once")
        return False
    say(f"installing Debian's {names} {why} (first run only)")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in ([*sudo, apt, "update", "-qq"],
                [*sudo, apt, "install", "-y", "-qq", "--no-install-recommends", *packages]):
        if subprocess.run(cmd, env=env).returncode:
            say(f"'{' '.join(cmd)}' failed")
            return False
    return True


def ensure_chromium() -> None:
    """The browser tests drive Debian's chromium; install it when it is missing.

    Needs root or sudo and apt (Debian, Raspberry Pi OS).  Elsewhere it says what to do; the
    browser tests then fail with the same advice rather than pass unseen (unless
    BOARDLIGHT_SKIP_BROWSER=1 says to skip them).
    """
    if CHROMIUM.exists():
        return
    if shutil.which("apt-get") is None:
        say(f"no {CHROMIUM} and no apt-get: install Chromium and set BOARDLIGHT_CHROMIUM to "
            "its path for the browser tests")
        return
    if not apt_install(["chromium"], "for the browser tests"):
        say("the browser tests will say chromium is missing")


def ensure_micropython() -> None:
    """The firmware's tests also run it under the real MicroPython: the official WebAssembly
    port (an npm package, pinned in tools/micropython/package.json) under node.

    Installs Debian's nodejs and npm when missing (as ensure_chromium does chromium), then the
    package into tools/micropython/node_modules with 'npm ci', again only when package.json or
    its lock file changed.  When it cannot, those tests fail and say what to run.
    """
    missing = [package for package, program in (("nodejs", "node"), ("npm", "npm"))
               if shutil.which(program) is None]
    if missing and not apt_install(missing, "for the firmware's MicroPython tests"):
        say("the firmware's MicroPython tests will say what is missing")
        return
    npm = shutil.which("npm")
    if npm is None:
        say("npm is still missing; the firmware's MicroPython tests will say what to run")
        return
    lock = MICROPYTHON / "package-lock.json"
    wanted = hashlib.sha256((MICROPYTHON / "package.json").read_bytes()
                            + (lock.read_bytes() if lock.exists() else b"")).hexdigest()
    stamp = MICROPYTHON / "node_modules" / ".boardlight-installed"
    if stamp.exists() and stamp.read_text().strip() == wanted:
        return
    say("installing the MicroPython WebAssembly port into tools/micropython (npm; first run "
        "only)")
    cmd = [npm, "ci" if lock.exists() else "install", "--no-audit", "--no-fund"]
    if subprocess.run(cmd, cwd=MICROPYTHON).returncode:
        say(f"'{' '.join(cmd)}' failed in {MICROPYTHON}; the firmware's MicroPython tests "
            "will say it is missing")
        return
    stamp.write_text(wanted + "\n")


MOSQUITTO = Path(os.environ.get("BOARDLIGHT_MOSQUITTO", "/usr/sbin/mosquitto"))


def ensure_mosquitto() -> None:
    """The club and remote-play tests start their own Mosquitto brokers (real processes, on
    free ports, with their own config files; the remote-play ones over TLS with certificates
    made by openssl); install Debian's mosquitto and openssl when they are missing.

    The package also enables a system broker on port 1883; the tests never use it.  When they
    cannot be installed, those tests fail and say what is missing.
    """
    missing = [package for package, present in (
        ("mosquitto", MOSQUITTO.exists() or shutil.which("mosquitto")),
        ("openssl", shutil.which("openssl"))) if not present]
    if missing and not apt_install(missing, "for the club and remote-play tests"):
        say("the club and remote-play tests will say what is missing")


# The installer's test (tests/deploy/test_install.py) boots a Debian container: a debootstrap
# tree under systemd-nspawn, entered with nsenter (util-linux, always there).
CONTAINER_TOOLS = {"debootstrap": "debootstrap", "systemd-nspawn": "systemd-container"}


def ensure_container_tools() -> None:
    """The installer's test runs deploy/install.sh in a booted Debian container; install
    Debian's debootstrap and systemd-container (systemd-nspawn) when they are missing.

    When they cannot be installed, that test fails and says what is missing.
    """
    path = f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin"
    missing = [package for program, package in CONTAINER_TOOLS.items()
               if shutil.which(program, path=path) is None]
    if missing and not apt_install(missing, "for the installer's test"):
        say("the installer's test will say what is missing")


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    command, rest = argv[0], argv[1:]
    if command not in ("serve", "test", "env"):
        print(f"bootstrap.py: unknown command {command!r}; use serve, test or env", file=sys.stderr)
        return 2
    ensure_venv()
    ensure_compiler()
    if command == "env":
        ensure_installed("test")
        return 0
    if command == "serve":
        ensure_installed("")
        exe = shutil.which("boardlight", path=str(BIN)) or str(BIN / "boardlight")
        os.execv(exe, [exe, "serve", *rest])
    ensure_installed("test")
    ensure_chromium()
    ensure_micropython()
    ensure_mosquitto()
    ensure_container_tools()
    os.execv(str(PYTHON), [str(PYTHON), "-m", "pytest", *spread(rest)])
    return 0  # not reached


def spread(args: list[str]) -> list[str]:
    """The pytest arguments, with the tests spread over every core (pytest-xdist's ``-n
    auto``) unless they say how many processes (``-n 0``: one, as pytest alone)."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses", "--dist")) for a in args):
        return args
    return ["-n", "auto", *args]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
