"""``boardlight selfplay``: random games to the end through the checked rules core."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from boardlight.commands import SUMMARIES
from controller.rules import GAMES, find_game

if TYPE_CHECKING:
    from controller.rules.selfplay import SelfplayReport


def register(sub: Any) -> None:
    p = sub.add_parser(
        "selfplay", help=SUMMARIES["selfplay"],
        description="Play N games of uniformly random legal moves. Every move goes through "
                    "the legality check and every position's text is read back. The last "
                    "line sums up: 'N games: F finished, errors E, ...'.")
    p.add_argument("--game", required=True, metavar="G", help=f"one of: {', '.join(GAMES)}")
    p.add_argument("--variant", metavar="V", help="variant name (default: the game's standard)")
    p.add_argument("--games", type=int, default=10, metavar="N", help="how many games (10)")
    p.add_argument("--seed", type=int, default=0, metavar="S",
                   help="seed of the whole run; the same seed plays the same games (0)")
    p.add_argument("--move-limit", type=int, default=50_000, metavar="PLIES",
                   help="stop a game unfinished after this many plies (50000)")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from controller.rules.selfplay import selfplay

    game = find_game(args.game)
    variant = game.variant(args.variant).name
    if args.games < 0:
        raise SystemExit("boardlight selfplay: error: --games must be 0 or more")

    def progress(done: int, report: SelfplayReport) -> None:
        if not args.quiet and sys.stderr.isatty():
            print(f"\r{done}/{args.games} games", end="", file=sys.stderr, flush=True)

    report = selfplay(game, variant, args.games, args.seed, args.move_limit, progress)
    if not args.quiet and sys.stderr.isatty():
        print(file=sys.stderr)
    for error in report.errors:
        print(error, file=sys.stderr)
    print(report.summary())
    return 1 if report.errors else 0
