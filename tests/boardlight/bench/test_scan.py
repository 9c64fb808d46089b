"""``boardlight bench scan --mock``: full matrix scans a second, on gpiozero's mock pins."""

from __future__ import annotations

import re

from boardlight.cli import main


def test_the_scan_bench_prints_the_rate_of_the_profiles_matrix(capsys):
    assert main(["bench", "scan", "--mock"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("machine: ")
    found = re.search(r"([\d,]+) scans/s \(([\d,]+) us per scan\) of a (\d+) x (\d+) matrix "
                      r"with (\d+) sensors, on gpiozero mock pins", out)
    assert found, out
    rate, per = (int(found.group(i).replace(",", "")) for i in (1, 2))
    assert rate > 0 and abs(rate * per / 1e6 - 1) < 0.1  # the two figures agree
    assert (found.group(3), found.group(4), found.group(5)) == ("8", "8", "61")
