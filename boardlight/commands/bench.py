"""``boardlight bench``: the speed figures of docs/benchmarks.md, measured and printed."""

from __future__ import annotations

import argparse
import platform
import sys
import time
from typing import Any

from boardlight.commands import SUMMARIES
from controller.rules import GAMES, find_game

BENCHES = ("rules", "inference", "serial", "web", "solver", "rhombus", "ai", "firmware-memory",
           "club")


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
                        "one-ply greedy one) and their search speed; firmware-memory: the Pico "
                        "firmware's heap under the real MicroPython (WebAssembly, under node) "
                        "over a game's worth of scans and LED frames; club: boards publishing "
                        "to a Mosquitto broker, spectator pages on the club server: commit -> "
                        "page and the club server's memory")
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
    p.add_argument("--plies", type=int, default=120, metavar="N",
                   help="plies per game for 'inference' (120)")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="seed for 'inference', 'ai' and 'firmware-memory' (1)")
    p.add_argument("--frames", type=int, default=5000, metavar="N",
                   help="frames for 'serial' (5000)")
    p.add_argument("--clients", type=int, default=16, metavar="N",
                   help="listening pages for 'web' (16)")
    p.add_argument("--moves", type=int, metavar="N",
                   help="moves for 'web' (30) or 'firmware-memory' (100), or per board for "
                        "'club' (5)")
    p.add_argument("--boards", type=int, default=100, metavar="N",
                   help="boards publishing, for 'club' (100)")
    p.add_argument("--pages", type=int, default=200, metavar="N",
                   help="spectator pages watching the room, for 'club' (200)")
    p.set_defaults(run=run)


def machine_line() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith(("model name", "Model")):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (f"machine: {cpu}; {platform.system()} {platform.release()}; "
            f"Python {platform.python_version()} ({platform.python_implementation()})")


def best_time(fn: Any, repeat: int) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result


def bench_rules(args: argparse.Namespace) -> None:
    from controller.rules.perft import perft, perft_full
    from controller.rules.selfplay import positions_in_random_play

    game = find_game(args.game or "abalone")
    print(machine_line())
    for variant in game.variants:
        positions = positions_in_random_play(game, variant, 2000)
        t_list, n_moves = best_time(lambda ps=positions: sum(len(game.legal_moves(s)) for s in ps),
                                    args.repeat)
        t_count, n_count = best_time(
            lambda ps=positions: sum(game.count_legal_moves(s) for s in ps), args.repeat)
        assert n_moves == n_count, "count_legal_moves disagrees with legal_moves"
        print(f"{game.name} {variant}: move generation {len(positions) / t_list:,.0f} "
              f"positions/s, {n_moves / t_list:,.0f} moves/s listed; "
              f"counting {len(positions) / t_count:,.0f} positions/s "
              f"(mean {n_moves / len(positions):.1f} moves per position)")
    start = game.setup()
    t3, leaves3 = best_time(lambda: perft(game, start, 3), args.repeat)
    print(f"perft 3 from the {game.default_variant} start: {leaves3:,} leaves in {t3:.3f} s "
          f"(bulk-counted last ply)")
    t3f, leaves3f = best_time(lambda: perft_full(game, start, 3), max(1, args.repeat // 2))
    print(f"perft 3 generating every leaf: {leaves3f:,} leaves in {t3f:.3f} s")
    if not args.quick:
        for variant in list(game.variants)[:2]:
            state = game.setup(variant)
            t4, leaves4 = best_time(lambda s=state: perft(game, s, 4), 1)
            print(f"perft 4 from the {variant} start: {leaves4:,} leaves in {t4:.2f} s")


def bench_inference(args: argparse.Namespace) -> int:
    from boardlight.inference_bench import run_inference_bench

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


def bench_ai(args: argparse.Namespace) -> int:
    from controller.ai.bench import bench_ai as play
    from controller.ai.bench import matchups

    games = None if args.game is None else [find_game(args.game).name]
    per = args.games or 20
    todo = matchups(args.seconds, args.greedy_seconds, games, args.every_variant,
                    not args.no_greedy)
    print(machine_line())
    greedy = any(m.opponent == "greedy" for m in todo)
    print(f"{len(todo)} matchups x {per} games, {args.seconds:g} s a move against the random "
          f"player" + (f", {args.greedy_seconds:g} s against the greedy one" if greedy else "")
          + "; games in parallel, one per core; each matchup is printed when its last game "
          "ends...", flush=True)
    start = time.perf_counter()
    figures = play(per, args.seconds, greedy_seconds=args.greedy_seconds, games=games,
                   seed=args.seed, every_variant=args.every_variant,
                   greedy=not args.no_greedy, progress=lambda f: print(
                       f"  [{time.perf_counter() - start:.0f} s] {f.line()}", flush=True))
    print(f"all matchups, in order ({time.perf_counter() - start:.0f} s):")
    for figure in figures:
        print(figure.line())
    missed = [f.matchup.label for f in figures if not f.met]
    print("every target met" if not missed else f"targets missed: {', '.join(missed)}")
    return 1 if missed else 0


def bench_firmware_memory(args: argparse.Namespace) -> int:
    from firmware_bridge.micropython import firmware_memory, unavailable

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
        from web_ui.bench import lines, web_bench
        print(machine_line())
        print(f"starting the service and {args.clients} pages...", flush=True)
        for line in lines(web_bench(clients=args.clients, moves=args.moves or 30)):
            print(line)
    elif args.what == "solver":
        from controller.rules.drhombix.solver import solver_figures
        print(machine_line())
        for figure in solver_figures(repeat=args.repeat):
            print(figure.line())
    elif args.what == "rhombus":
        from boardlight.rhombus_session_bench import session_lines
        from controller.rules.rhombus.bench import report
        print(machine_line())
        print("searching for the largest action sets (random play and constructed flushes), "
              "then timing the game session's questions on them...", flush=True)
        for line in report(quick=args.quick, also=lambda r: session_lines(r, args.quick)):
            print(line, flush=True)
    elif args.what == "firmware-memory":
        return bench_firmware_memory(args)
    elif args.what == "club":
        from club.bench import club_bench
        from club.bench import lines as club_lines
        print(machine_line())
        figures = club_bench(boards=args.boards, pages=args.pages, moves=args.moves or 5,
                             progress=lambda text: print(text, flush=True))
        for line in club_lines(figures):
            print(line)
        return 1 if figures.missed else 0
    elif args.what == "serial":
        from firmware_bridge.bench import bench_serial, format_figures
        print(machine_line())
        for link in ("pty", "socket"):
            print(f"{link}: board write -> host event, {args.frames} change frames", flush=True)
            print(format_figures(bench_serial(frames=args.frames, link=link)))
    return 0
