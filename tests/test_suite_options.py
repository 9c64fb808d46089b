"""The suite's own options: ``--fast`` leaves out exactly the tests marked slow."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.controller.rules import test_rhombus_selfplay as selfplay

ROOT = Path(__file__).resolve().parent.parent
# Both kinds of test in one file: two hundred random games per variant (slow), the command
# that plays a few (not).
FILE = "tests/controller/rules/test_rhombus_selfplay.py"


def collected(*args: str) -> list[str]:
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                             "--collect-only", "-q", FILE, *args],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    return [line for line in result.stdout.splitlines() if "::" in line]


def is_slow(name: str) -> bool:
    function = getattr(selfplay, name.split("::")[1].split("[")[0])
    return any(mark.name == "slow" for mark in getattr(function, "pytestmark", []))


def test_fast_leaves_out_the_slow_tests_and_keeps_the_rest():
    everything, fast = collected(), collected("--fast")
    assert any(map(is_slow, everything)) and not all(map(is_slow, everything)), \
        "the file has both kinds; the test needs both"
    assert fast == [name for name in everything if not is_slow(name)]


def test_the_suite_is_spread_over_every_core_unless_told_how_many_processes():
    import runpy
    spread = runpy.run_path(str(ROOT / "bootstrap.py"))["spread"]
    assert spread([]) == ["-n", "auto"]
    assert spread(["-k", "abalone", "-x"]) == ["-n", "auto", "-k", "abalone", "-x"]
    for told in (["-n", "0"], ["-n0"], ["-n", "3", "--fast"], ["--numprocesses=2"],
                 ["--dist", "no"]):
        assert spread(told) == told
    # The plugin the spreading needs is installed with the test extras.
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n",
                             "2", "--collect-only", "-q", FILE], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stdout + result.stderr
