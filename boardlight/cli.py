"""The ``boardlight`` command.

Each subcommand lives in its own module under ``boardlight.commands`` and registers itself
here; this module only builds the parser and turns Boardlight's errors into a one-line message
and exit status 2.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from boardlight import __version__
from boardlight.commands import bench, club, emulator, records, rules, selfplay, serve, simulate
from controller.errors import BoardError

COMMANDS = (serve, simulate, emulator, rules, selfplay, bench, records, club)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardlight",
        description="Boardlight: a controller for physical board games. Sensors under the "
                    "board tell where the pieces stand; Boardlight works out the move, checks "
                    "it, lights the board and serves the players' phone pages.",
        epilog="Run 'boardlight COMMAND --help' for the options of one command.")
    parser.add_argument("--version", action="version", version=f"boardlight {__version__}")
    parser.add_argument("-v", "--verbose", action="count", default=0,
                        help="log more (-v: what happens, -vv: debugging detail)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    level = {0: logging.WARNING, 1: logging.INFO}.get(args.verbose, logging.DEBUG)
    logging.basicConfig(level=level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        return int(args.run(args) or 0)
    except BoardError as exc:
        print(f"boardlight {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader of our output went away (``boardlight rules ... | head``): not an error.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
