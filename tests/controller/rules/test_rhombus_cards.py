"""Each Rhombus card and combination, one situation each, on hand-made positions."""

from __future__ import annotations

import pytest

from controller.rules.rhombus.board import NAMES
from tests.controller.rules.rhombus_positions import G, cards, moves_text, play, position


def with_cards(pieces, table, hand="", foe="e5", **kw):
    """Red to move with ``pieces``, table cards and hand cards; blue keeps ``foe``."""
    return position({"r": pieces, "b": foe}, {"r": (table, hand), "b": ("", "")}, **kw)


def ends(state, prefix):
    """The squares red's piece reaches with the cards written ``prefix``."""
    return {t.split("-")[1] for t in moves_text(state) if t.startswith(prefix + " ")}


def colour(square):
    return (NAMES.index(square) % 5 + NAMES.index(square) // 5) % 2


def distance(a, b):
    i, j = NAMES.index(a), NAMES.index(b)
    return abs(i % 5 - j % 5) + abs(i // 5 - j // 5)


# ---- single cards -------------------------------------------------------------------------------

def test_the_ace_moves_exactly_one_square():
    s = with_cards("c3", "AC")
    assert moves_text(s) == {"AC c3-b3", "AC c3-c2", "AC c3-c4", "AC c3-d3"}


def test_the_king_moves_exactly_two_squares_never_back_and_never_home():
    s = with_cards("c3", "KC")
    assert ends(s, "KC") == {n for n in NAMES if distance("c3", n) == 2}


def test_the_queen_moves_three_squares_so_it_can_also_turn_round_a_square():
    # Three steps reach the squares three away, and the neighbours by a U-turn (c3 d3 d4 c4).
    s = with_cards("c3", "QC")
    assert ends(s, "QC") == {n for n in NAMES if distance("c3", n) in (1, 3)}


def test_the_six_from_a_corner_reaches_its_colour_within_six_steps():
    s = with_cards("a1", "6C", foe="e5")
    expected = {n for n in NAMES if colour(n) == 0 and 0 < distance("a1", n) <= 6}
    assert ends(s, "6C") == expected


def test_pieces_are_never_jumped():
    # a1 is walled in by its own pieces: nothing moves it; b1 and a2 still move.
    s = with_cards("a1 b1 a2", "AC")
    assert not any(t.startswith("AC a1-") for t in moves_text(s))
    assert "AC b1-c1" in moves_text(s) and "AC a2-a3" in moves_text(s)


def test_a_piece_ends_on_an_opponent_only_with_a_kill():
    s = with_cards("c3", "AC", foe="c4 e5")
    assert "AC c3-c4" not in moves_text(s)


def test_the_jack_slides_diagonally_any_distance_and_stops_before_a_piece():
    s = with_cards("a1", "JC", foe="e5")
    assert ends(s, "JC") == {"b2", "c3", "d4"}


def test_the_jack_drives_between_two_pieces_that_touch_at_a_corner():
    s = with_cards("b2", "JC", foe="c2 b3")
    assert "JC b2-c3" in moves_text(s) and "JC b2-e5" in moves_text(s)


@pytest.mark.parametrize("card", ["7C", "10C"])
def test_a_kill_card_alone_moves_nothing(card):
    s = with_cards("c3", card)
    assert moves_text(s) == {card}
    assert G.effect(s, G.parse_move(s, card)).changes == ()


def test_an_eight_from_the_table_turns_an_open_card_into_a_hidden_one():
    s = with_cards("c3", "8C QD", "AH")
    after = play(s, "8C")
    assert after.open[0] == cards("QD")
    assert after.hidden[0] == tuple(sorted(cards("AH") + (s.pile[0],)))


def test_an_eight_from_the_hand_stays_hidden():
    s = with_cards("c3", "QD 6S", "8H")
    after = play(s, "8H*")
    assert len(after.open[0]) == 2 and len(after.hidden[0]) == 1


def test_a_nine_brings_a_reserve_piece_onto_the_empty_corner():
    s = with_cards("c3", "9C")
    assert moves_text(s) == {"9C", "9C R-a1"}
    after = play(s, "9C R-a1")
    assert after.reserve[0] == s.reserve[0] - 1 and G.view(after, None)["cells"]["a1"] == "r"


def test_a_nine_does_nothing_when_the_corner_is_taken_or_the_reserve_empty():
    assert moves_text(with_cards("a1 c3", "9C")) == {"9C"}
    assert moves_text(with_cards("c3", "9C", reserve={"r": 0}, out={"r": 5})) == {"9C"}
