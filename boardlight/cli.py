"""The ``boardlight`` command.

Each subcommand lives in its own module under ``boardlight.commands``; only the module of the
command being run is imported (the others are listed by name and summary), so that
``boardlight --help`` and quick commands start fast.  This module builds the parser and turns
Boardlight's errors into a one-line message and exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Sequence

from boardlight import __version__
from boardlight.commands import COMMANDS, SUMMARIES
from controller.errors import BoardError


def chosen(argv: Sequence[str]) -> str | None:
    """The command named on the command line (the first word that is not an option)."""
    return next((a for a in argv if not a.startswith("-")), None)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; only the named command's module is imported (all of them when ``argv`` is
    None) and registers its options, the others appear by name and summary."""
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
    name = chosen(argv) if argv is not None else None
    wanted = {COMMANDS[name]} if name in COMMANDS else set()
    if argv is None:
        wanted = set(COMMANDS.values())
    done: set[str] = set()
    for command, module in COMMANDS.items():
        if module not in wanted:
            sub.add_parser(command, help=SUMMARIES[command])
        elif module not in done:  # a module may register several commands (export, replay)
            importlib.import_module(module).register(sub)
            done.add(module)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv)
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
