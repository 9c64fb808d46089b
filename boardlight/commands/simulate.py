"""``boardlight simulate``: the whole pipeline on a simulated board and clock."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from boardlight.commands import SUMMARIES
from controller.physical import SenseMode
from controller.rules import GAMES, find_game

LANGUAGES = ("en", "de", "fr")  # web_ui.i18n's (not imported: --help stays fast)


def register(sub: Any) -> None:
    p = sub.add_parser(
        "simulate", help=SUMMARIES["simulate"],
        description="Run the sensor pipeline on a simulated board with a simulated clock "
                    "(deterministic, faster than real time). The board starts set up in the "
                    "start position (or --position). Output: JSON lines, one per commit, "
                    "LED frame, prompt, correction, take-back and status change.",
        epilog="script lines (JSON, t in seconds): {\"t\": 0.0, \"lift\": \"C3\"}, "
               "{\"t\": 0.4, \"place\": \"D3\"}, {\"t\": 0.9, \"button\": \"end-turn\"}, "
               "{\"t\": 1.0, \"phone\": {\"seat\": \"b\", \"type\": \"end-turn\"}}, "
               "{\"t\": 2.0, \"play\": \"C3D3\", \"gap\": 0.3}; the format boardlight "
               "emulator takes too. See docs/simulate.md.")
    p.add_argument("--game", required=True, metavar="G", help=f"one of: {', '.join(GAMES)}")
    p.add_argument("--variant", metavar="V", help="variant name (default: the game's standard)")
    p.add_argument("--position", metavar="TEXT", help="start from this position text")
    p.add_argument("--script", required=True, metavar="FILE", help="JSON lines; - for stdin")
    p.add_argument("--noise", type=int, metavar="SEED",
                   help="add sensor noise (bounce, brushing magnets, flicker) from this seed")
    p.add_argument("--profile", metavar="NAME_OR_FILE",
                   help="board profile whose sensor map, LEDs and scan rate to simulate "
                        "(default: the game's shipped profile, else a sensor under every cell)")
    p.add_argument("--sense", choices=[m.value for m in SenseMode],
                   help="simulate this kind of sensor under every cell instead of a profile")
    p.add_argument("--leds", action="store_true", help="also print every LED frame")
    p.add_argument("--lang", choices=LANGUAGES, default="en",
                   help="the language of the words said (moves, prompts, the result; "
                        "default: en)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from boardlight.simulation import Simulation, json_lines, parse_script, script_board
    from hardware.simboard import NoiseModel

    game = find_game(args.game)
    variant = game.variant(args.variant).name
    state = (game.parse_position(args.position, variant) if args.position
             else game.setup(variant))
    spec = board_spec(game, variant, args.profile, args.sense)
    text = sys.stdin.read() if args.script == "-" else _read(args.script)
    actions = parse_script(text.splitlines(), script_board(game, variant, spec))
    noise = NoiseModel() if args.noise is not None else None
    sim = Simulation(game, spec, state, noise=noise, seed=args.noise or 0)
    sim.run(actions)
    events = [e for e in sim.outputs if args.leds or type(e).__name__ != "LedsShown"]
    for line in json_lines(events, game, args.lang):
        print(line)
    return 0


def board_spec(game: Any, variant: str, profile: str | None, sense: str | None) -> Any:
    """The board to simulate: a sensor kind under every cell, a named profile, the game's
    shipped profile when it has one, else its manifest's sensing under every cell."""
    from controller.rules.capabilities import profile_name
    from hardware.profiles import load_profile, own_sense, shipped_profiles
    from hardware.simboard import default_spec

    if sense:
        if profile:
            raise SystemExit("boardlight simulate: error: give --profile or --sense, not both")
        return default_spec(game, variant, SenseMode(sense))
    if profile:
        return load_profile(profile).spec
    if profile_name(game, variant) in shipped_profiles():
        return load_profile(profile_name(game, variant)).spec
    return default_spec(game, variant, own_sense(game, variant))  # as its manifest senses


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        from controller.script import ScriptError
        raise ScriptError(f"cannot read the script {path}: {exc.strerror}") from None
