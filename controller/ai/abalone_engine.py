"""Two-player Abalone with the compiled core: the search in C, in a process of its own, on
every core; the rules core judges every move it chooses.

``AbaloneEngine.think`` turns the position into the core's terms, asks the search process
(``search_process``) for a move within the budget, and checks that move against the rules'
own legal moves before handing it back.  A move the rules refuse, or a search process that
fails, is logged and the pure-Python search (``alphabeta``) plays that move instead; it also
plays every move when the core is not built.

Repetitions: the rules state carries no history, so the engine remembers the games it has
been playing (``GameMemory``): each position it is asked about either continues one of them
(one legal move after the last position seen) or starts a new one, and the earlier
positions go to the search, which scores a repeated position as a draw.  So the engine never
walks into a repetition while ahead, which is how a won game gets finished.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from typing import Any

from controller.ai.abalone_core import CorePosition, available, core, core_position, rules_move
from controller.ai.alphabeta import AlphaBeta
from controller.ai.budget import Budget, Deadline
from controller.ai.engine import Decision, Engine, begin
from controller.ai.search_process import NICE, SearchFailed, default_threads, search
from controller.rules.abalone.layouts import VARIANTS
from controller.rules.base import Game, Seat, Variant

log = logging.getLogger(__name__)

LINES = 8            # games remembered at once (a service plays one; a benchmark several)
LINE_LENGTH = 400    # positions remembered per game


class GameMemory:
    """The positions of the games being played, as core keys, most recent game first."""

    def __init__(self, lines: int = LINES) -> None:
        self.lock = threading.Lock()
        self.lines: deque[list[tuple[int, CorePosition]]] = deque(maxlen=lines)

    def history(self, position: CorePosition) -> list[int]:
        """The keys of the positions before ``position`` in the game it continues (oldest
        first), and remember it.

        It continues a game when it is that game's last position (asked again, or the engine
        played both sides), or one legal move after it, or after the one before it (the
        engine's own move, remembered, was not the one played); when it is an earlier
        position of the game, the game was taken back to it."""
        module = core()
        key = module.key(position)
        with self.lock:
            for line in self.lines:
                if line[-1][0] == key:
                    found = line
                elif (parent := self._parent(line, key)) is not None:
                    del line[parent + 1:]
                    line.append((key, position))
                    found = line
                else:
                    keys = [k for k, _ in line]
                    if key not in keys:
                        continue
                    del line[keys.index(key) + 1:]  # a take-back: the game goes on from there
                    found = line
                del found[:-LINE_LENGTH]
                self.lines.remove(found)
                self.lines.appendleft(found)
                return [k for k, _ in found[:-1]]
            self.lines.appendleft([(key, position)])
            return []

    @staticmethod
    def _parent(line: list[tuple[int, CorePosition]], key: int) -> int | None:
        """The index of the last or next-to-last position of ``line`` that a legal move
        turns into the position ``key``."""
        module = core()
        for index in range(len(line) - 1, max(-1, len(line) - 3), -1):
            last = line[index][1]
            if any(module.key(module.play(last, m)) == key for m in module.moves(last)):
                return index
        return None

    def played(self, position: CorePosition, move: int) -> None:
        """Remember the engine's own move from ``position`` (the last one asked about)."""
        module = core()
        after = module.play(position, move)
        with self.lock:
            for line in self.lines:
                if line[-1][1] == position:
                    line.append((module.key(after), after))
                    return


MEMORY = GameMemory()


class AbaloneEngine:
    """The two-player Abalone engine on the compiled core.

    ``threads``: search threads (default: every core); ``nice``: how far below the service
    the search process runs; ``in_process``: search on a thread of this process instead of
    the search process (tuning scripts).  ``last`` holds the core's full answer to the last
    search (principal variation, time of each iteration), for the benchmark.
    """

    name = "core"  # alpha-beta in C (a move the Python search played says "alphabeta")

    def __init__(self, threads: int | None = None, nice: int = NICE,
                 in_process: bool = False, memory: GameMemory | None = None) -> None:
        self.threads = threads
        self.nice = nice
        self.in_process = in_process
        self.memory = MEMORY if memory is None else memory
        self.last: dict[str, Any] = {}

    def think(self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget) -> Decision:
        if not available():
            return AlphaBeta().think(game, state, seat, budget)
        deadline, rng, seen = begin(game, state, seat, budget)  # Abalone hides nothing
        del state
        position = core_position(seen)
        reproducible = budget.nodes is not None
        request = {
            "position": list(position),
            "target": VARIANTS[seen.variant].options["target"],
            # the answer comes back over a pipe: a few milliseconds kept for it
            "seconds": max(0.0, budget.seconds - deadline.elapsed() - 0.003),
            "nodes": budget.nodes or 0,
            "threads": 1 if reproducible else self.threads or default_threads(),
            "history": self.memory.history(position),
            "seed": rng.randrange(1 << 62),
            "clear": reproducible,  # a node-limited search starts from an empty table
        }
        try:
            result = search(request, deadline.spent, in_process=self.in_process,
                            nice=self.nice)
        except SearchFailed as exc:
            log.error("the Abalone search process failed (%s); the Python search plays "
                      "this move", exc)
            return self._python(game, seen, seat, budget, deadline)
        self.last = result
        move = rules_move(result["move"])
        if move not in game.legal_moves(seen):  # the rules judge the core's every move
            log.error("the compiled Abalone core chose %r in %s, which the rules refuse; "
                      "the Python search plays instead", move, game.position_text(seen))
            return self._python(game, seen, seat, budget, deadline)
        self.memory.played(position, result["move"])
        return Decision(move, self.name, int(result["nodes"]), deadline.elapsed(),
                        int(result["depth"]), float(result["score"]))


    @staticmethod
    def _python(game: Game[Any, Any], state: Any, seat: Seat, budget: Budget,
                deadline: Deadline) -> Decision:
        """The pure-Python search's move, in what is left of the budget."""
        rest = Budget(max(0.0, budget.seconds - deadline.elapsed()), seed=budget.seed,
                      nodes=budget.nodes, cancel=budget.cancel, clock=budget.clock)
        return AlphaBeta().think(game, state, seat, rest)


def prepare_search(nice: int = NICE) -> None:
    """Start the search process ahead of the first move (a no-op without the core)."""
    if available():
        from controller.ai.search_process import start
        start(nice)


def engine(game: Game[Any, Any], variant: Variant) -> Engine | None:
    """Abalone's engine (its manifest's ``engine``): two players get the compiled core, or
    the pure-Python alpha-beta where the core is not built; three and four players get MCTS
    with the Abalone heuristic (``None``): paranoid alpha-beta would assume every other player
    plays against the computer, which in the three-player game is simply false."""
    if len(variant.seats) != 2:
        return None
    return AbaloneEngine() if available() else AlphaBeta()


def prepare(game: Game[Any, Any], variant: Variant) -> None:
    """Start the search process before the first two-player move (the manifest's ``prepare``)."""
    if len(variant.seats) == 2:
        prepare_search()
