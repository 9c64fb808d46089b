"""``boardlight emulator``: the reference firmware as a virtual board behind a pty or socket."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from boardlight.commands import SUMMARIES
from controller.rules import GAMES, find_game


def register(sub: Any) -> None:
    p = sub.add_parser(
        "emulator", help=SUMMARIES["emulator"],
        description="Run the reference firmware's logic on this machine as a virtual board "
                    "behind a pseudo-terminal (or a TCP socket), set up in the start "
                    "position and driven by a script in the format of 'boardlight simulate' "
                    "(docs/simulate.md: lift, place and button lines; phone lines are printed "
                    "for you to send to the web page; play lines need the rules and are "
                    "refused). Then run the service over it: boardlight serve "
                    "--board serial --serial-url ADDRESS.",
        epilog="examples:\n  boardlight emulator --game abalone --link /tmp/board\n"
               "  boardlight emulator --game abalone --link socket://127.0.0.1:7000 "
               "--script moves.jsonl",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", required=True, metavar="G", help=f"one of: {', '.join(GAMES)}")
    p.add_argument("--variant", metavar="V", help="variant name (default: the game's standard)")
    p.add_argument("--position", metavar="TEXT", help="set the board up in this position")
    p.add_argument("--link", required=True, metavar="PATH_OR_URL",
                   help="a path (a pty is created and linked there) or socket://HOST:PORT")
    p.add_argument("--profile", metavar="NAME_OR_FILE",
                   help="board profile (default: the game's shipped profile for the reference "
                        "firmware, e.g. abalone-pico)")
    p.add_argument("--script", metavar="FILE", help="JSON lines of hand actions; without it "
                   "the board just sits there until Ctrl-C")
    p.add_argument("--linger", type=float, metavar="S",
                   help="after the script, keep running S seconds (default: until Ctrl-C)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from controller.physical import project
    from firmware_bridge.emulator import run_emulator
    from hardware.profiles import load_profile, profile_for

    game = find_game(args.game)
    variant = game.variant(args.variant).name
    state = (game.parse_position(args.position, variant) if args.position
             else game.setup(variant))
    spec = load_profile(args.profile or profile_for(game, variant, serial=True)).spec
    layout = game.layout(state)
    start = {p: project(layout.get(p, ()), spec.sense, game.polarity) for p in spec.sensed}
    lines: list[str] = []
    if args.script:
        with open(args.script, encoding="utf-8") as f:
            lines = f.read().splitlines()

    def ready(address: str) -> None:
        print(f"virtual {game.title} board ({spec.name}) ready at {address}", flush=True)
        print(f"run the service over it: boardlight serve --game {game.name} --board serial "
              f"--serial-url {address}", flush=True)

    def phone(action: Any) -> None:
        print("phone action for the web page: " + json.dumps(dict(action)), flush=True)

    def piece_value(piece: str) -> Any:  # what a sensor of this board reads for the piece
        return project((piece,), spec.sense, game.polarity)

    try:
        summary = run_emulator(spec, start, lines, args.link, on_ready=ready, on_phone=phone,
                               pieces=game.pieces(variant), piece_value=piece_value,
                               linger=args.linger)
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        return 130
    print(f"script done: {summary.actions} actions; the board was plugged in {summary.plugs} "
          "time(s)", flush=True)
    return 0
