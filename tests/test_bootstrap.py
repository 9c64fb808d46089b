"""``bootstrap.py`` on a Python without ensurepip (Debian without python3-venv): as root it
installs the package with apt-get, otherwise it says the one command to run; it never fetches
anything itself.  The machine is faked at its edges only: ensurepip hidden from the Python that
runs the bootstrap, apt-get a recording script on PATH, the user id set by setpriv."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def program(bootstrap: Path) -> str:
    """Run ``bootstrap``'s ensure_venv() with ensurepip hidden (None in sys.modules: import
    fails)."""
    return ("import sys, runpy; sys.modules['ensurepip'] = None; "
            f"b = runpy.run_path({str(bootstrap)!r}); b['ensure_venv']()")


def run(tmp_path: Path, *prefix: str, apt_status: int = 1,
        bootstrap: Path = ROOT / "bootstrap.py") -> subprocess.CompletedProcess[str]:
    fake = tmp_path / "bin"
    fake.mkdir(exist_ok=True)
    log = tmp_path / "apt.log"
    apt = fake / "apt-get"
    apt.write_text(f"#!/bin/sh\necho \"$@\" >> {log}\n"
                   f"[ \"$1\" = update ] && exit 0\nexit {apt_status}\n")
    apt.chmod(0o755)
    env = dict(os.environ, PATH=f"{fake}:{os.environ['PATH']}",
               BOARDLIGHT_VENV=str(tmp_path / "venv"))
    return subprocess.run([*prefix, sys.executable, "-c", program(bootstrap)], env=env, text=True,
                          capture_output=True, timeout=60, cwd=tmp_path)


def test_as_root_it_installs_python3_venv_with_apt(tmp_path: Path) -> None:
    assert os.geteuid() == 0, "this test runs the bootstrap as root, as CI does"
    result = run(tmp_path)
    calls = (tmp_path / "apt.log").read_text().splitlines()
    assert calls[-1].endswith("install -y -qq --no-install-recommends python3-venv")
    # The fake apt-get failed: it says so, and made no environment.
    assert result.returncode != 0 and "could not install python3-venv" in result.stderr
    assert not (tmp_path / "venv").exists()


def test_as_another_user_it_says_the_one_command_to_run() -> None:
    # A directory the other user can reach (pytest's own are the root user's alone).
    with tempfile.TemporaryDirectory() as where:
        place = Path(where)
        place.chmod(0o777)
        # The checkout itself may be out of the other user's reach (a clone in mktemp -d's
        # directory): the bootstrap runs from a copy beside the fakes.
        bootstrap = place / "bootstrap.py"
        shutil.copy(ROOT / "bootstrap.py", bootstrap)
        bootstrap.chmod(0o644)
        result = run(place, "setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                     bootstrap=bootstrap)
        assert result.returncode != 0
        assert "run 'sudo apt-get install -y python3-venv' once" in result.stderr, result.stderr
        assert not (place / "apt.log").exists() and not (place / "venv").exists()


def test_the_bootstrap_names_no_package_host() -> None:
    text = (ROOT / "bootstrap.py").read_text()
    assert "http://" not in text and "https://" not in text
