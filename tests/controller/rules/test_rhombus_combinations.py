"""Rhombus combinations: pairs, move and kill, entry kill, flushes, the eliminator,
reactivation, and the Formation additions."""

from __future__ import annotations

import pytest

from controller.errors import IllegalMoveError
from controller.said import Card, Cell, Message
from tests.controller.rules.rhombus_positions import G, moves_text, play, position


def red(pieces, table, hand="", foe="e5", **kw):
    return position({"r": pieces, "b": foe}, {"r": (table, hand)}, **kw)


def formation(pieces, table, hand="", foe="e5", **kw):
    return position({"r": pieces, "b": foe}, {"r": (table, hand)}, variant="formation", **kw)


def refused(state, text, reason, **params):
    """``text`` is refused for ``reason`` (a key of the game's words, ``rhombus.illegal.``
    left out), with at least these parameters."""
    with pytest.raises(IllegalMoveError) as caught:
        play(state, text)
    said = caught.value.reason
    assert said.key == f"rhombus.illegal.{reason}", said
    for name, value in params.items():
        assert said[name] == value, said


# ---- pairs --------------------------------------------------------------------------------------

def test_a_consecutive_pair_moves_one_piece_twice_or_two_pieces_once():
    s = red("a1", "QC KC", foe="e5")
    assert "QC+KC a1-c4" in moves_text(s)            # 3 + 2 squares: five away
    assert "QC a1-c4" not in moves_text(s) and "KC a1-c4" not in moves_text(s)
    two = red("a1 e1", "QC KC", foe="e5")
    assert "QC+KC a1,e1-b3,e3" in moves_text(two)      # Q a1-b3, K e1-e3


def test_cards_of_two_suits_or_not_consecutive_are_no_combination():
    refused(red("a1 e1", "QC KD"), "QC+KD a1,e1-b3,e3", "no-combination",
            cards=Message.of("rhombus.cards.2", a=Card("Q", "C"), b=Card("K", "D")))
    refused(red("a1 e1", "QC AC"), "QC+AC a1,e1-b3,e2", "no-combination")


def test_six_and_seven_kill_as_a_pair_and_the_seven_may_also_do_nothing():
    s = red("a1", "6C 7C", foe="c3")
    assert "6C+7C a1-c3 xc3" in moves_text(s)
    assert "6C+7C a1-e1" in moves_text(s)
    assert not any(t.startswith("6C ") and t.endswith("c3") for t in moves_text(s))


def test_ten_and_jack_kill_as_a_pair_or_the_jack_just_slides():
    s = red("a1", "10C JC", foe="c3")
    assert {"10C+JC a1-c3 xc3", "10C+JC a1-b2"} <= moves_text(s)


def test_a_move_card_with_a_kill_card_that_is_not_consecutive_must_kill():
    s = red("a1", "7C QC", foe="b3")
    assert "7C+QC a1-b3 xb3" in moves_text(s)
    refused(s, "7C+QC a1-a4", "cannot-move")


def test_the_six_kills_only_with_the_seven_or_in_a_flush():
    refused(red("a1", "6C 10C", foe="c3"), "6C+10C a1-c3 xc3", "no-combination")
    flush = red("a1", "6C 10C", "QC", foe="c3")
    assert any(t.startswith("6C+10C+QC* ") and "xc3" in t for t in moves_text(flush))


def test_nine_and_ten_are_the_entry_kill():
    s = red("c3", "9C 10C", foe="a1 e5")
    assert "9C+10C R-a1 xa1" in moves_text(s)
    assert "9C R-a1" not in moves_text(s)
    after = play(s, "9C+10C R-a1 xa1")
    assert G.view(after, None)["cells"]["a1"] == "r" and after.out == (0, 1)


def test_seven_and_nine_are_no_entry_kill_except_in_a_flush():
    refused(red("c3", "7C 9C", foe="a1 e5"), "7C+9C R-a1 xa1", "no-combination")
    flush = red("c3", "7C 9C", "AC", foe="a1 e5")
    assert "7C+9C+AC* c3,R-a1,c4 xa1" in moves_text(flush)


# ---- flushes, the eliminator, reactivation ------------------------------------------------------

def test_every_card_of_a_flush_is_carried_out():
    s = red("a1", "6C QC", "AC", foe="e5")
    flush = [m for m in G.legal_moves(s) if G.move_text(m).startswith("6C+QC+AC* ")]
    assert flush
    # Six, three and one squares: ten in all, so the one piece ends on its own colour (or
    # back home, which takes all ten too).
    for m in flush:
        [square] = G.squares(m.targets)
        assert (ord(square[0]) - ord("a") + int(square[1]) - 1) % 2 == 0
    assert "6C+QC+AC*" in moves_text(s)


def test_a_flush_that_cannot_carry_out_every_card_is_not_playable():
    # From a1 the only way out is a2, a dead end: the ace moves, the six and queen cannot.
    s = red("a1", "6C QC", "AC", foe="b1 b2 a3 e5")
    assert "AC* a1-a2" in moves_text(s)
    assert not any(t.startswith(("6C+QC+AC*", "6C ", "QC ")) for t in moves_text(s))


def test_the_eliminator_puts_a_piece_onto_any_opponent_even_in_a_blockade():
    s = red("a1", "6C 7C", "8C", foe="b3 c4 d5")
    assert "6C+7C+8C* a1-c4 xc4" in moves_text(s)
    refused(red("a1", "7C QC", foe="b3 c4 d5"), "7C+QC a1-b3 xb3", "blockade",
            cells=(Cell("b3"),))


def test_reactivation_brings_an_eliminated_piece_back_to_the_reserve():
    s = red("c3", "QC QD", "QH", foe="e5", out={"r": 2})
    assert moves_text(s) >= {"QC+QD+QH* revive"}
    after = play(s, "QC+QD+QH* revive")
    assert (after.out[0], after.reserve[0]) == (1, s.reserve[0] + 1)
    nobody = red("c3", "QC QD", "QH", foe="e5")
    assert "QC+QD+QH*" in moves_text(nobody)
    refused(s, "QC+QD+QH*", "must-revive", n=2)
    refused(nobody, "QC+QD+QH* revive", "none-eliminated")


# ---- Formation ----------------------------------------------------------------------------------

def test_formation_two_identical_cards_split_over_pieces():
    s = formation("a1 e1", "JH JH 6S", "AC")
    assert {"JH+JH a1,e1-b2,d2", "JH+JH a1-c1"} <= moves_text(s)
    refused(red("a1 e1", "JH 6S"), "JH+JH a1,e1-b2,d2", "not-held", cards=(Card("J", "H"),))


def test_formation_four_cards_of_one_suit_are_a_flush():
    s = formation("c3", "6S QS KS", "AS")
    four = [m for m in G.legal_moves(s) if G.move_text(m).startswith("6S+QS+KS+AS*")]
    assert len(four) > 10 and all(m.sources in (0, 1 << 12) for m in four)
    assert {G.squares(m.targets)[0] for m in four if m.targets} >= {"a1", "e1", "a5"}


def test_formation_three_of_a_value_are_three_moves():
    s = formation("a1 c3 e1", "QC QD QS", "7H")
    triple = [t for t in moves_text(s) if t.startswith("QC+QD+QS ")]
    assert "QC+QD+QS a1,e1,c3-a2,e2,c4" in triple
    assert not any("revive" in t for t in moves_text(s))


def test_the_entryliminator_brings_a_piece_in_through_a_blockade_on_the_corner():
    s = formation("", "6C 7C 8C", "9C", foe="a1 b2 c3")
    # Red has no piece on the board and blue's blockade a1-b2-c3 holds red's corner: a 9
    # cannot enter, no kill card breaks a blockade, only the entryliminator comes in.
    assert {t for t in moves_text(s) if "R-" in t} == {"6C+7C+8C+9C* R-a1 xa1"}
    assert {"9C*", "6C", "6C+7C+8C"} <= moves_text(s)   # the rest are discards


def test_formation_eliminated_pieces_go_back_to_their_reserve():
    s = formation("a1", "7C QC 6H", "8D", foe="b3 e5")
    after = play(s, "7C+QC a1-b3 xb3")
    assert after.reserve[1] == s.reserve[1] + 1 and after.out == (0, 0)
