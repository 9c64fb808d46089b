"""The suite's own options: ``--fast`` leaves out exactly the tests marked slow."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Both kinds of test in one file: two hundred random games per variant (slow), a few (not).
SELFPLAY = "tests/controller/rules/test_plimus_selfplay.py"


def collected(*args: str) -> list[str]:
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                             "--collect-only", "-q", SELFPLAY, *args],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    return [line for line in result.stdout.splitlines() if "::" in line]


def test_fast_leaves_out_the_slow_tests_and_keeps_the_rest():
    everything = collected()
    fast = collected("--fast")
    slow = collected("-m", "slow")
    assert slow and fast, "the file has both kinds; the test needs both"
    assert sorted(fast + slow) == sorted(everything)
    assert not set(fast) & set(slow)
