"""Random games played to the end through the checked rules core."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from controller.rules.base import Game


@dataclass
class SelfplayReport:
    games: int = 0
    finished: int = 0
    unfinished: int = 0
    errors: list[str] = field(default_factory=list)
    plies: int = 0
    longest: int = 0
    results: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    def summary(self) -> str:
        results = ", ".join(f"{k} {v}" for k, v in sorted(self.results.items()))
        avg = self.plies / self.games if self.games else 0.0
        return (f"{self.games} games: {self.finished} finished, errors {len(self.errors)}, "
                f"unfinished {self.unfinished}, plies {self.plies} (mean {avg:.0f}, longest "
                f"{self.longest}), results: {results or 'none'}, {self.seconds:.1f} s")


def play_random_game(game: Game[Any, Any], variant: str, seed: int, move_limit: int,
                     check: bool = True) -> tuple[Any, int]:
    """Play uniformly random legal moves from the start; returns (final state, plies).

    With ``check`` every move goes through ``apply`` (which re-checks legality) and every
    position's text is read back and compared, so a generator or text bug shows up here.
    """
    rng = random.Random(seed)
    state = game.setup(variant, seed=seed)
    plies = 0
    while game.outcome(state) is None and plies < move_limit:
        moves = game.legal_moves(state)
        move = rng.choice(moves)
        if check:
            state = game.apply(state, move)
            text = game.position_text(state)
            again = game.parse_position(text, variant)
            if again != state:
                raise AssertionError(f"position text does not round-trip after ply {plies + 1}: "
                                     f"{text}")
        else:
            state = game.play(state, move)
        plies += 1
    return state, plies


def selfplay(game: Game[Any, Any], variant: str, games: int, seed: int, move_limit: int,
             progress: Callable[[int, SelfplayReport], None] | None = None) -> SelfplayReport:
    report = SelfplayReport()
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed * 1_000_003 + i
        report.games += 1
        try:
            state, plies = play_random_game(game, variant, game_seed, move_limit)
        except Exception as exc:
            report.errors.append(f"game {i} (seed {game_seed}): {type(exc).__name__}: {exc}")
            continue
        report.plies += plies
        report.longest = max(report.longest, plies)
        outcome = game.outcome(state)
        if outcome is None:
            report.unfinished += 1
        else:
            report.finished += 1
            report.results["draw" if outcome.is_draw else "+".join(outcome.winners)] += 1
        if progress:
            progress(i + 1, report)
    report.seconds = time.perf_counter() - start
    return report


def positions_in_random_play(game: Game[Any, Any], variant: str, count: int,
                             seed: int = 1) -> list[Any]:
    """The first ``count`` running positions of random games (unchecked ``play``), game after
    game: what benchmarks measure so their figures reflect real play, not only the start."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        state = game.setup(variant, seed=rng.randrange(1 << 30))
        while game.outcome(state) is None and len(out) < count:
            out.append(state)
            state = game.play(state, rng.choice(game.legal_moves(state)))
    return out
