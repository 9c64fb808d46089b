"""``boardlight bench``: the speed figures of docs/benchmarks.md, measured and printed."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from boardlight.bench import machine_line
from boardlight.commands import SUMMARIES
from controller.rules import GAMES, find_game

BENCHES = ("rules", "inference", "serial", "web", "solver", "rhombus", "ai", "firmware-memory",
           "club", "scan", "remote")


def register(sub: Any) -> None:
    p = sub.add_parser(
        "bench", help=SUMMARIES["bench"],
        description="Run a benchmark and print its figures (record them in docs/benchmarks.md "
                    "with the machine line printed first).")
    p.add_argument("what", choices=BENCHES,
                   help="rules: move generation rate and perft times; inference: random games "
                        "played by simulated hands on a noisy simulated board; serial: host "
                        "latency of board frames over a pseudo-terminal and a socket; web: "
                        "commit -> page update with listening pages, and the server's memory; "
                        "solver: the DRHOMBIX ant-game solver on both boards; rhombus: the "
                        "worst action counts and generation times found; ai: the computer "
                        "opponents' win rates against a random player (and, in Abalone, a "
                        "one-ply greedy one and the frozen baseline engine) and their search "
                        "speed, and the compiled Abalone core's speed, depth and use of the "
                        "cores; firmware-memory: the Pico "
                        "firmware's heap under the real MicroPython (WebAssembly, under node) "
                        "over a game's worth of scans and LED frames; club: boards publishing "
                        "to a Mosquitto broker, spectator pages on the club server: commit -> "
                        "page and the club server's memory; scan: full scans a second of the "
                        "profile's GPIO sensor matrix (on the Pi, or --mock pins); remote: "
                        "remote play between two boards through two bridged Mosquitto "
                        "brokers: a move's time from one board's link to the other's, then "
                        "from one board's commit to its lights on the other (two services "
                        "playing Abalone), and its bytes")
    p.add_argument("--game", metavar="G",
                   help=f"game for 'rules' and 'inference' (default abalone), or the only "
                        f"game for 'ai' (default all); one of: {', '.join(GAMES)}")
    p.add_argument("--repeat", type=int, default=5, metavar="N",
                   help="runs per timing; the best is reported (5)")
    p.add_argument("--quick", action="store_true", help="skip the long perft 4 runs")
    p.add_argument("--variant", metavar="V", help="variant for 'inference' (default standard)")
    p.add_argument("--games", type=int, metavar="N",
                   help="games for 'inference' (10), or per matchup for 'ai' (20)")
    p.add_argument("--seconds", type=float, default=0.2, metavar="S",
                   help="the computer's thinking time a move against the random player, "
                        "for 'ai' (0.2)")
    p.add_argument("--greedy-seconds", type=float, default=1.0, metavar="S",
                   help="its thinking time against Abalone's greedy player, for 'ai' (1.0)")
    p.add_argument("--every-variant", action="store_true",
                   help="for 'ai': every variant of each game, not only the main ones")
    p.add_argument("--no-greedy", action="store_true",
                   help="for 'ai': leave out Abalone against the greedy player")
    p.add_argument("--baseline-games", type=int, default=40, metavar="N",
                   help="for 'ai': games on each Abalone start layout against the frozen "
                        "baseline engine, at equal time (40; 0: none)")
    p.add_argument("--baseline-seconds", type=float, default=1.0, metavar="S",
                   help="for 'ai': thinking time a move of both engines in those games (1.0)")
    p.add_argument("--previous-games", type=int, default=40, metavar="N",
                   help="for 'ai': games on each DRHOMBIX cuckoo board against the MCTS it "
                        "had before alpha-beta, at the random matchups' time (40; 0: none)")
    p.add_argument("--core", choices=("yes", "no", "only"), default="yes",
                   help="for 'ai': measure the compiled Abalone core's speed, depth and use "
                        "of the cores first (yes), not at all (no), or only that (only)")
    p.add_argument("--plies", type=int, default=120, metavar="N",
                   help="plies per game for 'inference', and of the two boards' game for "
                        "'remote' (120)")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="seed for 'inference', 'ai' and 'firmware-memory' (1)")
    p.add_argument("--frames", type=int, default=5000, metavar="N",
                   help="frames for 'serial' (5000)")
    p.add_argument("--clients", type=int, default=16, metavar="N",
                   help="listening pages for 'web' (16)")
    p.add_argument("--moves", type=int, metavar="N",
                   help="moves for 'web' (30) or 'firmware-memory' (100), or per board for "
                        "'club' (5), or in all for 'remote' (200)")
    p.add_argument("--boards", type=int, default=100, metavar="N",
                   help="boards publishing, for 'club' (100)")
    p.add_argument("--pages", type=int, default=200, metavar="N",
                   help="spectator pages watching the room, for 'club' (200)")
    p.add_argument("--profile", default="abalone", metavar="P",
                   help="board profile for 'scan' (abalone)")
    p.add_argument("--mock", action="store_true",
                   help="for 'scan': gpiozero's mock pins, on any machine (the Python side only)")
    p.set_defaults(run=run)


def bench_rules(args: argparse.Namespace) -> None:
    from boardlight.bench.rules import rules_lines

    print(machine_line())
    for line in rules_lines(find_game(args.game or "abalone"), args.repeat, args.quick):
        print(line, flush=True)


def bench_inference(args: argparse.Namespace) -> int:
    from boardlight.bench.inference import run_inference_bench

    game = find_game(args.game or "abalone")
    variant = game.variant(args.variant).name
    args.games = args.games or 10
    print(machine_line())
    print(f"{game.name} {variant}: {args.games} games x up to {args.plies} plies, seed "
          f"{args.seed}, noise on", flush=True)

    def progress(done: int, report: Any) -> None:
        print(f"  game {done}/{args.games}: {report.turns} turns, ghosts {len(report.ghosts)}",
              flush=True)

    from boardlight.commands.simulate import board_spec  # the shipped profile, if any
    spec = board_spec(game, variant, None, None)
    print(f"board: {spec.name} ({spec.sense.value} sensing, {len(spec.sensed)} sensors)")
    report = run_inference_bench(game, variant, spec, args.games, args.plies, args.seed,
                                 progress)
    for line in report.lines():
        print(line)
    for problem in report.ghosts + report.missed:
        print("  PROBLEM:", problem)
    return 1 if report.ghosts or report.missed else 0


def bench_ai_core(args: argparse.Namespace) -> None:
    from boardlight.bench.ai_core import core_figures
    from controller.ai.abalone_core import available

    if not available():
        print("the compiled Abalone core is not built: no core figures (pip install -e .)")
        return
    core_figures(lambda line: print(line, flush=True), seed=args.seed)


def bench_ai(args: argparse.Namespace) -> int:
    from boardlight.bench.ai import bench_ai as play
    from boardlight.bench.ai import matchups

    games = None if args.game is None else [find_game(args.game).name]
    per = args.games or 20
    print(machine_line())
    if args.core != "no" and (games is None or "abalone" in games):
        bench_ai_core(args)
        if args.core == "only":
            return 0
    baseline = args.baseline_seconds if args.baseline_games else None
    todo = matchups(args.seconds, args.greedy_seconds, games, args.every_variant,
                    not args.no_greedy, baseline, args.previous_games > 0)
    greedy = any(m.opponent == "greedy" for m in todo)
    against = any(m.opponent == "baseline" for m in todo)
    print(f"{len(todo)} matchups x {per} games, {args.seconds:g} s a move against the random "
          f"player" + (f", {args.greedy_seconds:g} s against the greedy one" if greedy else "")
          + (f", {args.baseline_games} games a layout at {args.baseline_seconds:g} s a move "
             "against the frozen baseline" if against else "")
          + (f", {args.previous_games} games a DRHOMBIX cuckoo board against the MCTS it had "
             "before" if any(m.opponent == "mcts" for m in todo) else "")
          + "; games in parallel, one per core; each matchup is printed when its last game "
          "ends...", flush=True)
    start = time.perf_counter()
    figures = play(per, args.seconds, greedy_seconds=args.greedy_seconds, games=games,
                   seed=args.seed, every_variant=args.every_variant,
                   greedy=not args.no_greedy, baseline_games=args.baseline_games,
                   baseline_seconds=args.baseline_seconds, previous_games=args.previous_games,
                   progress=lambda f: print(
                       f"  [{time.perf_counter() - start:.0f} s] {f.line()}", flush=True))
    print(f"all matchups, in order ({time.perf_counter() - start:.0f} s):")
    for figure in figures:
        print(figure.line())
    missed = [f.matchup.label for f in figures if not f.met]
    print("every target met" if not missed else f"targets missed: {', '.join(missed)}")
    return 1 if missed else 0


def bench_firmware_memory(args: argparse.Namespace) -> int:
    from boardlight.bench.firmware_memory import firmware_memory
    from firmware_bridge.micropython import unavailable

    reason = unavailable()
    if reason is not None:
        print(f"boardlight bench firmware-memory: {reason}", file=sys.stderr)
        return 1
    moves = args.moves or 100
    print(machine_line())
    print(f"the firmware plays {moves} moves under MicroPython (seed {args.seed}), one scan "
          f"per call so the heap is collected before every scan...", flush=True)
    for line in firmware_memory(moves=moves, seed=args.seed).lines():
        print(line)
    return 0


def run(args: argparse.Namespace) -> int:
    if args.what == "ai":
        return bench_ai(args)
    if args.what == "rules":
        bench_rules(args)
    elif args.what == "inference":
        return bench_inference(args)
    elif args.what == "web":
        from boardlight.bench.web import lines, web_bench
        print(machine_line())
        print(f"starting the service and {args.clients} pages...", flush=True)
        for line in lines(web_bench(clients=args.clients, moves=args.moves or 30)):
            print(line)
    elif args.what == "solver":
        from boardlight.bench.solver import solver_figures
        print(machine_line())
        for figure in solver_figures(repeat=args.repeat):
            print(figure.line())
    elif args.what == "rhombus":
        from boardlight.bench.rhombus_rules import report
        from boardlight.bench.rhombus_session import session_lines
        print(machine_line())
        print("searching for the largest action sets (random play and constructed flushes), "
              "then timing the game session's questions on them...", flush=True)
        for line in report(quick=args.quick, also=lambda r: session_lines(r, args.quick)):
            print(line, flush=True)
    elif args.what == "firmware-memory":
        return bench_firmware_memory(args)
    elif args.what == "club":
        from boardlight.bench.club import club_bench
        from boardlight.bench.club import lines as club_lines
        print(machine_line())
        figures = club_bench(boards=args.boards, pages=args.pages, moves=args.moves or 5,
                             progress=lambda text: print(text, flush=True))
        for line in club_lines(figures):
            print(line)
        return 1 if figures.missed else 0
    elif args.what == "remote":
        from boardlight.bench.remote import lines as remote_lines
        from boardlight.bench.remote import remote_bench
        print(machine_line())
        from boardlight.bench.remote import light_lines, lights_bench
        remote = remote_bench(moves=args.moves or 200,
                              progress=lambda text: print(text, flush=True))
        for line in remote_lines(remote):
            print(line)
        lights = lights_bench(moves=args.plies,
                              progress=lambda text: print(text, flush=True))
        for line in light_lines(lights):
            print(line)
        return 1 if remote.missed or lights.missed else 0
    elif args.what == "scan":
        from boardlight.bench.scan import scan_line
        print(machine_line())
        print(scan_line(args.profile, args.mock), flush=True)
    elif args.what == "serial":
        from boardlight.bench.serial_link import bench_serial, format_figures
        print(machine_line())
        for link in ("pty", "socket"):
            print(f"{link}: board write -> host event, {args.frames} change frames", flush=True)
            print(format_figures(bench_serial(frames=args.frames, link=link)))
    return 0
