"""``capabilities.has``: the once-per-class answer agrees with the protocols' isinstance."""

from __future__ import annotations

import pytest

from controller.rules import GAMES
from controller.rules import capabilities as C

PROTOCOLS = [C.HiddenHand, C.FindsMoves, C.ScoresMatches, C.DealsNextGame, C.Solves,
             C.Scores, C.ReadsBoards, C.BoardBuilds]


@pytest.mark.parametrize("name", list(GAMES))
def test_has_agrees_with_isinstance_for_every_game_and_capability(name):
    game = GAMES[name]
    for protocol in PROTOCOLS:
        expected = isinstance(game, protocol)
        assert C.has(game, protocol) is expected, (name, protocol.__name__)
        assert C.has(game, protocol) is expected  # and again, from the cache


def test_the_answer_is_kept_per_class_not_per_capability_alone():
    class Bare:
        pass

    class Lights:
        def lit_positions(self, variant, position):
            return (position,)

        def profile_name(self, variant=None):
            return "x"

    assert C.has(Lights(), C.BoardBuilds) and not C.has(Bare(), C.BoardBuilds)
    assert C.lit_positions(Bare(), "v", "a1") == ("a1",)  # type: ignore[arg-type]
    assert C.lit_positions(Lights(), "v", "a1") == ("a1",)  # type: ignore[arg-type]
