"""The test game's rules: the contract's promises on every position of random games."""

from __future__ import annotations

import random

import pytest

from tests.games.noughts.game import CELLS, NOUGHTS, Claim, Put
from tests.games.noughts.manifest import MANIFEST, PROFILE


def games(count: int) -> list[list[object]]:
    """Every position of ``count`` random games played to the end."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        state = NOUGHTS.setup(seed=seed)
        states = [state]
        while NOUGHTS.outcome(state) is None:
            state = NOUGHTS.apply(state, rng.choice(list(NOUGHTS.legal_moves(state))))
            states.append(state)
        out.append(states)
    return out


def test_positions_round_trip_and_views_hide_the_other_card():
    for states in games(40):
        for state in states:
            text = NOUGHTS.position_text(state)
            assert NOUGHTS.parse_position(text) == state
            x, o = NOUGHTS.view(state, "x"), NOUGHTS.view(state, "o")
            assert x["hand"] == ([] if state.played[0] else [state.cards[0]])
            assert o["hand"] == ([] if state.played[1] else [state.cards[1]])
            assert "hand" not in NOUGHTS.view(state, None)
            assert text not in repr(NOUGHTS.view(state, None))


def test_a_determinization_keeps_what_the_seat_sees_and_redraws_the_other_card():
    drawn = set()
    for states in games(20):
        for state in states:
            for seat in ("x", "o"):
                other = NOUGHTS.sample_hidden(state, seat, random.Random(len(drawn)))
                assert NOUGHTS.view(other, seat) == NOUGHTS.view(state, seat)
                drawn.add(other.cards)
    assert len(drawn) > 40


def test_a_card_claims_its_empty_cell_once_and_the_board_full_ends_by_lines():
    state = NOUGHTS.parse_position("......... x -- b2/a1")
    assert Claim("b2") in NOUGHTS.legal_moves(state)
    assert Claim("a1") not in NOUGHTS.legal_moves(state)  # the other seat's card
    assert all(isinstance(m, Put) for m in NOUGHTS.hint_moves(state))  # the lights never tell
    state = NOUGHTS.apply(state, Claim("b2"))
    assert NOUGHTS.layout(state).get("b2") is None  # no sensor sees a claim
    assert NOUGHTS.view(state, None)["claimed"] == {"b2": "x"}
    assert not any(isinstance(m, Claim) for m in NOUGHTS.legal_moves(
        NOUGHTS.apply(state, Put("a2"))))  # played: never again
    with pytest.raises(ValueError):
        NOUGHTS.apply(state, Put("b2"))
    full = NOUGHTS.parse_position("xxxoXoooX o ++ b2/a1")
    outcome = NOUGHTS.outcome(full)
    assert outcome is not None and outcome.winners == ("x",)
    assert dict(outcome.params) == {"x": 2, "o": 0}


def test_the_manifest_is_complete_and_the_profile_reads_the_game():
    from hardware.profiles import load_profile
    from tests.support.games import playable

    assert MANIFEST.gaps() == []
    with playable("noughts"):
        profile = load_profile(PROFILE)
    assert profile.spec.game == "noughts" and set(profile.spec.sensors) == set(CELLS)
    assert profile.spec.sense.value == MANIFEST.sensing
