"""The cuckoo game's captures, one situation each: the sandwich rule with every exception, the
nest rule with the mover's choice, and where captured pieces go."""

from __future__ import annotations

from controller.rules.drhombix import DRHOMBIX as G
from controller.said import Piece, Who
from tests.controller.rules.drhombix_positions import (
    C,
    Cs,
    cells_of,
    illegal,
    moves_text,
    play,
    position,
    refused,
)

# ---- sandwich ----------------------------------------------------------------------------------


def test_closing_a_row_takes_the_piece_in_the_middle_into_the_reserve():
    s = position({"0a1": "w", "0b1": "b"}, reserves=(14, 14))
    after = play(s, "+0c1")
    assert cells_of(after) == {"0a1": "w", "0c1": "w"}
    # White placed one piece and took one: the reserve keeps 14; black's stays 14.
    assert G.view(after, None)["reserves"] == {"w": 14, "b": 14}
    assert G.view(after, None)["used"] == ["0b1"]


def test_closing_a_column_takes_too():
    after = play(position({"0b1": "b", "0b2": "w"}, to_move="b", reserves=(14, 14)), "+0b3")
    assert cells_of(after) == {"0b1": "b", "0b3": "b"}
    assert G.view(after, None)["reserves"] == {"w": 14, "b": 14}


def test_no_sandwich_along_a_diagonal():
    after = play(position({"0a1": "w", "0b2": "b"}), "+0c3")
    assert cells_of(after)["0b2"] == "b"


def test_no_sandwich_with_two_pieces_between():
    after = play(position({"0a1": "w", "0b1 0c1": "b"}), "+0d1")
    assert cells_of(after)["0b1"] == cells_of(after)["0c1"] == "b"


def test_no_sandwich_when_the_middle_piece_carries_another():
    # 1a1 rests on 0a1, 0b1, 0a2 and 0b2: the black piece on 0b1 carries it.
    s = position({"0a1 0a2 0b2 1a1": "w", "0b1": "b"})
    after = play(s, "+0c1")
    assert cells_of(after)["0b1"] == "b"
    assert G.view(after, None)["used"] == []


def test_a_piece_played_into_the_middle_is_not_taken_and_takes_nothing():
    s = position({"0a1 0c1": "b"})
    after = play(s, "+0b1")
    assert cells_of(after) == {"0a1": "b", "0b1": "w", "0c1": "b"}
    # Only the moved piece closes sandwiches: black's next move elsewhere takes nothing.
    later = play(after, "+0d4")
    assert cells_of(later)["0b1"] == "w"


def test_a_position_yields_a_sandwich_capture_once_per_game():
    s = position({"0a2 0b1": "w", "0b2": "b", "0d4": "b"}, reserves=(12, 14))
    s = play(s, "+0c2")                    # row a2-b2-c2: 0b2 taken, its flag set
    assert "0b2" not in cells_of(s) and G.view(s, None)["used"] == ["0b2"]
    s = play(s, "+0b2")                    # black plays back into the middle: safe anyway
    s = play(s, "+0b3")                    # column b1-b2-b3 would close, but 0b2 is used
    assert cells_of(s)["0b2"] == "b"
    # The same column closes on a fresh board: the flag, not the shape, saved 0b2.
    fresh = position({"0a2 0b1 0c2": "w", "0b2 0d4 0a4": "b"}, reserves=(12, 12))
    assert "0b2" not in cells_of(play(fresh, "+0b3"))


def test_the_used_flag_is_given_in_the_position_text():
    s = position({"0a1": "w", "0b1": "b"}, used="0b1")
    assert G.position_text(s).endswith(" 0b1")
    assert cells_of(play(s, "+0c1"))["0b1"] == "b"


def test_every_sandwich_a_move_closes_counts():
    s = position({"0d2 0b4": "w", "0c2 0b3": "b"}, reserves=(13, 13))
    after = play(s, "+0b2")
    assert "0c2" not in cells_of(after) and "0b3" not in cells_of(after)
    assert G.view(after, None)["reserves"] == {"w": 14, "b": 13}
    assert sorted(G.view(after, None)["used"]) == ["0b3", "0c2"]


def test_the_triangle_board_has_three_line_directions():
    # (1, -1): 0a3 - 0b2 - 0c1 is a line of the triangular board.
    s = position({"0a3": "w", "0b2": "b"}, variant="cuckoo-triangle")
    assert "0b2" not in cells_of(play(s, "+0c1"))
    # The other two directions as well.
    s2 = position({"0a1": "w", "0b1": "b", "0a2": "b", "0a4": "w"}, variant="cuckoo-triangle",
                  to_move="w")
    after = play(s2, "+0c1")
    assert "0b1" not in cells_of(after) and cells_of(after)["0a2"] == "b"
    assert "0a2" not in cells_of(play(play(after, "+0d1"), "+0a3"))


def test_a_raised_piece_closes_sandwiches_on_its_new_level():
    # 1a1 and 1b1 stand on the full base rows 1-2; white raises 0a4 one level up to 1c1 and
    # closes 1a1(w)-1b1(b)-1c1(w) on level 1.
    base = "0a1 0b1 0c1 0d1 0a2 0b2 0c2 0d2"
    s = position({base: "b", "1a1": "w", "1b1": "b", "0a4": "w"})
    assert "0a4-1c1" in moves_text(s)
    after = play(s, "0a4-1c1")
    assert "1b1" not in cells_of(after) and cells_of(after)["1c1"] == "w"
    assert G.view(after, None)["reserves"]["w"] == G.view(s, None)["reserves"]["w"] + 1


def test_without_the_sandwich_rule_nothing_is_sandwiched():
    s = position({"0a1": "w", "0b1": "b"}, variant="cuckoo-square-no-sandwich")
    assert cells_of(play(s, "+0c1"))["0b1"] == "b"


# ---- nest --------------------------------------------------------------------------------------


def nest_ready(variant: str = "cuckoo-square"):
    """White needs 0b2 for the nest 0a1-0b1-0a2-0b2; black has free pieces on 0d4 and 1b2
    (on the full block c2-d3) and a carrying piece on 0c2."""
    return position({"0a1 0b1 0a2": "w", "0c2 0d2 0c3 0d3 1c2 0d4": "b"}, variant=variant)


def test_completing_a_nest_takes_one_free_opponent_piece_of_the_movers_choice():
    s = nest_ready()
    nest_moves = {m for m in moves_text(s) if m.startswith("+0b2")}
    # Free black pieces: 0d4 and 1c2; 0c2, 0d2, 0c3, 0d3 carry 1c2.
    assert nest_moves == {"+0b2x0d4", "+0b2x1c2"}
    after = play(s, "+0b2x1c2")
    assert "1c2" not in cells_of(after) and cells_of(after)["0d4"] == "b"
    assert G.view(after, None)["reserves"]["w"] == G.view(s, None)["reserves"]["w"]


def test_a_nest_move_must_name_its_capture_and_may_only_take_a_free_opponent_piece():
    s = nest_ready()
    assert refused(s, "+0b2") == illegal("nest-due", who=Who("w"), piece=Piece("b", 0),
                                         choices=Cs("0d4 1c2"))
    assert refused(s, "+0b2x0c2") == illegal("nest-choice", piece=Piece("b", 0),
                                             choices=Cs("0d4 1c2"), cell=C("0c2"))
    assert refused(s, "+0c4x0d4") == illegal("no-nest")


def test_a_nest_with_no_free_opponent_piece_takes_nothing_and_says_so():
    # White's 0d4 completes the nest 0c3 0d3 0c4 0d4; black's only piece, 0b1, carries 1a1.
    s = position({"0a1 0a2 0b2 1a1 0c3 0d3 0c4": "w", "0b1": "b"})
    assert "+0d4" in moves_text(s) and not any("x" in m for m in moves_text(s))
    assert refused(s, "+0d4x0b1") == illegal("nothing-free", piece=Piece("b", 0))


def test_one_capture_even_when_a_move_completes_two_nests():
    s = position({"0a1 0b1 0c1 0a2 0c2": "w", "0d4 0a4": "b"})
    moves = {m for m in moves_text(s) if m.startswith("+0b2")}
    assert moves == {"+0b2x0d4", "+0b2x0a4"}
    assert len(cells_of(play(s, "+0b2x0a4"))) == 7  # one placed, one taken


def test_with_no_free_opponent_piece_the_nest_takes_nothing():
    s = position({"0a1 0b1 0a2": "w"})
    assert "+0b2" in moves_text(s) and not any("x" in m for m in moves_text(s))


def test_sandwiches_are_taken_before_the_nest_check():
    # Placing 0c1 completes white's nest 0c1-0d1-0c2-0d2 and closes 0a1(w)-0b1(b)-0c1.  The
    # sandwiched 0b1 is gone before the nest capture, so only black's 0a4 is left to take.
    s = position({"0a1 0d1 0c2 0d2": "w", "0b1 0a4": "b"}, reserves=(11, 13))
    assert {m for m in moves_text(s) if m.startswith("+0c1")} == {"+0c1x0a4"}
    after = play(s, "+0c1x0a4")
    assert not {"0b1", "0a4"} & set(cells_of(after))
    assert G.view(after, None)["reserves"]["w"] == 11 - 1 + 2


def test_the_triangle_nest_is_the_three_positions_under_one_above():
    s = position({"0a1 0b1": "w", "0d1": "b"}, variant="cuckoo-triangle")
    assert "+0a2x0d1" in moves_text(s)            # 0a1 0b1 0a2 support 1a1
    # 0b1 0a2 0b2 is an upside-down triangle: no nest on the plain triangular board...
    s2 = position({"0b1 0a2": "w", "0d1": "b"}, variant="cuckoo-triangle")
    assert "+0b2" in moves_text(s2) and "+0b2x0d1" not in moves_text(s2)
    # ...but one with the inverted-nests option.
    s3 = position({"0b1 0a2": "w", "0d1": "b"}, variant="cuckoo-triangle-inverted-nests")
    assert "+0b2x0d1" in moves_text(s3) and "+0b2" not in moves_text(s3)


def test_without_the_nest_rule_a_nest_takes_nothing():
    s = nest_ready("cuckoo-square-no-nest")
    assert "+0b2" in moves_text(s) and not any("x" in m for m in moves_text(s))
    assert refused(s, "+0b2x0d4") == illegal("no-nest-rule")


def test_a_captured_piece_is_turned_over_into_the_captors_reserve_and_played():
    # White's reserve is empty; raising 0a4 to 1c1 sandwiches black's 1b1 on level 1.
    base = "0a1 0b1 0c1 0d1 0a2 0b2 0c2 0d2"
    s = position({base: "b", "1a1": "w", "1b1": "b", "0a4": "w"}, reserves=(0, 19))
    assert not any(m.startswith("+") for m in moves_text(s))
    after = play(s, "0a4-1c1")
    assert G.layout(after)["reserve-w"] == ("w",)   # black's piece, turned over: white now
    assert G.view(after, None)["reserves"] == {"w": 1, "b": 19}
    after = play(after, "+0a4")
    assert any(m.startswith("+") for m in moves_text(after))
