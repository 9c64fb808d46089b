"""Rhombus from the command line, and random games of every variant played to the end."""

from __future__ import annotations

import pytest

from boardlight.cli import main
from controller.rules.rhombus import RHOMBUS as G
from controller.rules.selfplay import play_random_game
from controller.said import Message

VARIANTS = ["two-player", "four-player", "formation", "formation-four-player"]


def test_the_variants_are_listed(capsys):
    assert main(["rules", "rhombus", "--list-variants"]) == 0
    assert capsys.readouterr().out.split() == VARIANTS


def test_moves_of_a_position_given_as_text(capsys):
    text = ("....b/...../..r../...../..... r reserve=5,5 out=0,0 r=KD,9C/AS b=7D/8H "
            "pile=" + ",".join(c for c in _rest("KD 9C AS 7D 8H")) +
            " discard=- seed=0 shuffles=0 ply=0")
    assert main(["rules", "rhombus", "--position", text, "--moves"]) == 0
    assert capsys.readouterr().out.split("\n")[:-1] == [
        "9C", "9C R-a1", "KD c3-c1", "KD c3-b2", "KD c3-d2", "KD c3-a3", "KD c3-e3",
        "KD c3-b4", "KD c3-d4", "KD c3-c5", "AS* c3-c2", "AS* c3-b3", "AS* c3-d3",
        "AS* c3-c4"]


def _rest(named: str) -> list[str]:
    from controller.rules.rhombus.cards import card_text, deck, parse_card
    left = deck(1)
    for c in named.split():
        left.remove(parse_card(c))
    return [card_text(c) for c in left]


@pytest.mark.parametrize("variant", VARIANTS)
def test_selfplay_sums_up_in_one_line(capsys, variant):
    assert main(["selfplay", "--game", "rhombus", "--variant", variant, "--games", "3",
                 "--seed", "5", "--quiet"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("3 games: 3 finished, errors 0, unfinished 0, ")


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_two_hundred_random_games_of_every_variant_end(variant):
    # Unchecked play (the moves come from legal_moves): apply's second look at each move and
    # the text of every position are the contract's work (test_contract.py), on fully
    # checked games of every variant; these games look for positions that crash or never end.
    limit = G.variant(variant).options["ply_limit"]
    for seed in range(200):
        state, plies = play_random_game(G, variant, 2026 * 1_000_003 + seed, 50_000,
                                        check=False)
        outcome = G.outcome(state)
        assert outcome is not None and plies <= limit, (variant, seed, plies)
        assert G.legal_moves(state) == () and G.to_move(state) is None
        assert G.parse_position(G.position_text(state), variant) == state
        if outcome.is_draw:
            assert plies == limit and outcome.said == Message.of("end.move-limit", n=limit), \
                outcome
