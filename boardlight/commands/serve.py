"""``boardlight serve``: run the service.

Until the web UI and the sensor pipeline land, the service is a console on the rules core:
the board drawn as text, moves typed in move text.  It prints where it is running.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from controller.errors import BoardError
from controller.rules import GAMES, find_game


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve", help="run the service (for now: a console game on the rules core)",
        description="Run Boardlight. Until the web UI lands this is a console: the board is "
                    "drawn as text and moves are typed in move text ('help' lists commands).")
    p.add_argument("--game", default="abalone", metavar="G", help=f"one of: {', '.join(GAMES)}")
    p.add_argument("--variant", metavar="V", help="variant name (default: the game's standard)")
    p.set_defaults(run=run)


def draw(game: Any, state: Any) -> str:
    """The board as text, one line per row, top row first (hexagonal boards indented)."""
    geo = game.geometry(game.variant_of(state).name)
    cells = game.view(state, None).get("cells", {})
    rows: dict[float, list[tuple[float, str]]] = {}
    for name in geo.cells:
        x, y = geo.coords[name]
        rows.setdefault(round(y, 3), []).append((x, name))
    xs = [geo.coords[n][0] for n in geo.cells]
    left = min(xs)
    lines = []
    for y in sorted(rows, reverse=True):
        row = sorted(rows[y])
        label = row[0][1].rstrip("0123456789")
        indent = round((row[0][0] - left) * 2)
        marks = " ".join(cells.get(name, ".") for _, name in row)
        lines.append(f"{label:>2} " + " " * indent + marks)
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    game = find_game(args.game)
    state = game.setup(args.variant)
    print(f"Boardlight console: {game.title} ({game.variant_of(state).name}). "
          "Type a move, 'moves', 'undo', 'new' or 'quit'.", flush=True)
    history: list[Any] = []
    while True:
        outcome = game.outcome(state)
        print(draw(game, state))
        print(game.position_text(state))
        if outcome is not None:
            print(f"game over: {outcome.reason}; winners: {', '.join(outcome.winners) or 'draw'}")
        try:
            line = input(f"{game.to_move(state) or '-'}> ").strip()
        except EOFError:
            print()
            return 0
        if line in ("quit", "exit"):
            return 0
        if line == "moves":
            print(" ".join(game.move_text(m) for m in game.legal_moves(state)))
            continue
        if line == "undo" and history:
            state = history.pop()
            continue
        if line == "new":
            history.clear()
            state = game.setup(args.variant)
            continue
        if line in ("help", "?", ""):
            print("commands: a move in move text, moves, undo, new, quit")
            continue
        try:
            after = game.apply(state, game.parse_move(state, line))
        except BoardError as exc:
            print(f"refused: {exc}", file=sys.stderr)
            continue
        history.append(state)
        state = after
