"""The worst-case search behind ``boardlight bench rhombus`` (small budgets: the figures
themselves are in docs/benchmarks.md)."""

from __future__ import annotations

from boardlight.bench.rhombus_rules import (
    built,
    built_positions,
    generation_time,
    public_ambiguity,
    report,
    search,
)
from controller.rules.rhombus import RHOMBUS as G


def test_built_positions_are_real_positions_with_a_one_suit_hand():
    s = built("two-player", ["b2", "d2", "c3"], "e5", ("6", "Q", "K"), "H")
    assert G.parse_position(G.position_text(s), "two-player") == s
    assert G.view(s, "r")["table"]["r"] == ["6H", "QH"] and G.view(s, "r")["hand"] == ["KH"]
    actions, seconds = generation_time(s, 1)
    assert actions == len(G.legal_moves(s)) and seconds > 0


def test_the_search_finds_flushes_worse_than_random_play():
    result = search("two-player", random_count=60, layouts=1, climb=3, repeat=1, readings=5)
    assert result.worst_actions > result.random_worst_actions
    worst = G.parse_position(result.worst_position, "two-player")
    assert len(G.legal_moves(worst)) == result.worst_actions
    assert len(result.match_times) == 5 and result.random_positions == 60
    assert any("over 20 ms" in line for line in result.lines())
    # Both were measured; which is larger is for the bench to print, not for a test to time
    # (under load the two timings can come out either way).
    assert result.floor_seconds > 0 and result.worst_seconds > 0


def test_the_report_covers_every_variant():
    lines = list(report(["four-player"], quick=True))
    assert len(lines) == 5 and all(line.lstrip().startswith(("rhombus four-player", "position"))
                                   for line in lines)


def test_a_hand_card_could_explain_the_table_card_actions():
    # Why every reading waits for the phone while the mover holds a hand card.
    total, same, grown = public_ambiguity("two-player", 70)
    assert total > 0 and same <= grown <= total
    assert grown == total


def test_built_positions_of_every_sort_are_playable_positions():
    for variant in ("two-player", "formation-four-player"):
        states = list(built_positions(variant, 12, 1))
        assert len(states) == 12 and len({G.position_text(s) for s in states}) == 12
        for s in states:
            assert G.parse_position(G.position_text(s), variant) == s
            assert G.outcome(s) is None and G.legal_moves(s)
