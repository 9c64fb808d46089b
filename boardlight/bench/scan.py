"""How many full matrix scans per second this machine manages (a benchmark, not a test).

    boardlight bench scan                  # on the Pi, real pins of the profile
    boardlight bench scan --mock           # anywhere: gpiozero mock pins

The design asks for 100-200 scans a second; on the Pi the time goes into the GPIO library's
calls (one write per row, one read per fitted sensor).  Mock pins measure only the Python
side (this scanner and gpiozero's device layer), so they give an upper bound.
"""

from __future__ import annotations

import argparse
import sys
import time

from gpiozero.pins.mock import MockFactory

from hardware.gpio_matrix import MatrixScanner
from hardware.profiles import load_profile


def scan_line(profile_name: str = "abalone", mock: bool = False, seconds: float = 2.0) -> str:
    """Scan the profile's matrix for ``seconds`` and say how fast it went."""
    profile = load_profile(profile_name)
    factory = MockFactory() if mock else None
    with MatrixScanner.from_profile(profile, pin_factory=factory) as scanner:
        for _ in range(50):                      # warm up caches and lazy imports
            scanner.scan()
        scans = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            scanner.scan()
            scans += 1
    rows, columns = len(scanner.row_pins), len(scanner.column_pins)
    fitted = sum(p is not None for p in scanner.positions)
    pins = "gpiozero mock pins" if mock else "the Pi's GPIO"
    return (f"{scans / elapsed:,.0f} scans/s ({elapsed / scans * 1e6:,.0f} us per scan) of a "
            f"{rows} x {columns} matrix with {fitted} sensors, on {pins}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m boardlight.bench.scan",
                                     description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--profile", default="abalone", help="profile name or file")
    parser.add_argument("--mock", action="store_true", help="use gpiozero mock pins")
    parser.add_argument("--seconds", type=float, default=2.0, help="how long to scan")
    args = parser.parse_args(argv)
    print(scan_line(args.profile, args.mock, args.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
