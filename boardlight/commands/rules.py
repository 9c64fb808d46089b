"""``boardlight rules``: ask the rules core about a position."""

from __future__ import annotations

import argparse
from typing import Any

from boardlight.commands import SUMMARIES
from controller.errors import BoardError
from controller.rules import GAMES, find_game
from controller.rules.capabilities import ReadsBoards, Scores, Solves
from controller.said import english


def register(sub: Any) -> None:
    p = sub.add_parser(
        "rules", help=SUMMARIES["rules"],
        description="Ask the rules core about a position: the start position of a variant, "
                    "or one given as position text.",
        epilog="examples:\n"
               "  boardlight rules abalone --list-variants\n"
               "  boardlight rules abalone --variant belgian-daisy --moves\n"
               "  boardlight rules abalone --position 'bbbbbbbbbbb..bbb......"
               ".......................www..wwwwwwwwwww b 0 0' --perft 3",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", metavar="GAME", help=f"one of: {', '.join(GAMES)}")
    p.add_argument("--variant", metavar="V", help="variant name (default: the game's standard)")
    start = p.add_mutually_exclusive_group()
    start.add_argument("--position", metavar="TEXT", help="a position in the game's position "
                       "text (default: the variant's start)")
    start.add_argument("--board", metavar="TEXT", help="a board in the game's board text, for "
                       "games that define one (Crosswise: six lines of six)")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--list-variants", action="store_true",
                      help="print the game's variant names, one per line")
    what.add_argument("--moves", action="store_true",
                      help="print the legal moves in move text, one per line")
    what.add_argument("--successors", action="store_true",
                      help="print the position text after each legal move, one per line")
    what.add_argument("--perft", type=int, metavar="N",
                      help="print the number of leaves of the legal-move tree N plies deep")
    what.add_argument("--show", action="store_true",
                      help="print the position text and whose turn it is")
    what.add_argument("--score", action="store_true",
                      help="print the position's score in the game's words (Crosswise)")
    what.add_argument("--solve", action="store_true",
                      help="print who wins with perfect play, first or second (DRHOMBIX ant "
                           "game)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from controller.rules.perft import perft

    game = find_game(args.game)
    if args.list_variants:
        for name in game.variants:
            print(name)
        return 0
    if args.position is not None:
        state = game.parse_position(args.position, args.variant)
    elif args.board is not None:
        if not isinstance(game, ReadsBoards):
            raise BoardError(f"{game.name} has no board text; give a position with --position")
        state = game.parse_board(args.board, args.variant)
    else:
        state = game.setup(args.variant)
    if args.moves:
        for move in game.legal_moves(state):
            print(game.move_text(move))
    elif args.successors:
        for _move, after in game.successors(state):
            print(game.position_text(after))
    elif args.score:
        if not isinstance(game, Scores):
            raise BoardError(f"{game.name} has no score to print; see --moves or --perft")
        print(game.score_text(state))
    elif args.solve:
        if not isinstance(game, Solves):
            raise BoardError(f"{game.name} has no perfect-play solver")
        print(game.solve(state))
    elif args.perft is not None:
        if args.perft < 0:
            raise SystemExit("boardlight rules: error: --perft needs a depth of 0 or more")
        print(perft(game, state, args.perft))
    else:
        outcome = game.outcome(state)
        print(game.position_text(state))
        if outcome is None:
            print(f"to move: {game.to_move(state)}")
        else:
            winners = ", ".join(outcome.winners) or "none (draw)"
            print(f"over: {english(outcome.said, game)}; winners: {winners}")
    return 0
