"""Move generation and perft of one game (``boardlight bench rules``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardlight.bench import best_time
from controller.rules.base import Game
from controller.rules.perft import perft, perft_full
from controller.rules.selfplay import positions_in_random_play


def rules_lines(game: Game[Any, Any], repeat: int, quick: bool) -> Iterator[str]:
    """Each variant's move generation rate over 2,000 positions of random play, perft 3 from
    the start (bulk-counted and every leaf), and, unless ``quick``, perft 4."""
    for variant in game.variants:
        positions = positions_in_random_play(game, variant, 2000)
        t_list, n_moves = best_time(lambda ps=positions: sum(len(game.legal_moves(s)) for s in ps),
                                    repeat)
        t_count, n_count = best_time(
            lambda ps=positions: sum(game.count_legal_moves(s) for s in ps), repeat)
        assert n_moves == n_count, "count_legal_moves disagrees with legal_moves"
        yield (f"{game.name} {variant}: move generation {len(positions) / t_list:,.0f} "
               f"positions/s, {n_moves / t_list:,.0f} moves/s listed; "
               f"counting {len(positions) / t_count:,.0f} positions/s "
               f"(mean {n_moves / len(positions):.1f} moves per position)")
    start = game.setup()
    t3, leaves3 = best_time(lambda: perft(game, start, 3), repeat)
    yield (f"perft 3 from the {game.default_variant} start: {leaves3:,} leaves in {t3:.3f} s "
           f"(bulk-counted last ply)")
    t3f, leaves3f = best_time(lambda: perft_full(game, start, 3), max(1, repeat // 2))
    yield f"perft 3 generating every leaf: {leaves3f:,} leaves in {t3f:.3f} s"
    if not quick:
        for variant in list(game.variants)[:2]:
            state = game.setup(variant)
            t4, leaves4 = best_time(lambda s=state: perft(game, s, 4), 1)
            yield f"perft 4 from the {variant} start: {leaves4:,} leaves in {t4:.2f} s"
