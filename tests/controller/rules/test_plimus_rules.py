"""Plimus's rules, one situation each, on small hand-made positions.

The first eleven sections are the eleven pictures of the seed's rules (Bild 1-11), whose
drawings are lost; the positions here are our own versions of what each caption says.
Nodes are named by column a-j (west to east) and row 1-10 (south to north); the middle field
is c3-h8, the dot fields d4 g4 d7 g7, the circle fields c5 h6.
"""

from __future__ import annotations

import pytest

from controller.rules.base import Termination
from controller.rules.plimus import Plimus
from controller.said import Cell, Who
from tests.controller.rules.plimus_positions import (
    G,
    at,
    moves_text,
    play,
    pole,
    position,
    reason,
    refused,
)

POLES = ("SW", "SE", "NW", "NE")

# ---- Bild 1: a single steps ------------------------------------------------------------------


def test_a_single_steps_along_a_line_to_a_free_neighbour():
    s = position({"e5": "B"})
    assert moves_text(s) == {"e5-d4", "e5-e4", "e5-f4", "e5-d5", "e5-f5", "e5-d6", "e5-e6",
                             "e5-f6"}
    after = play(s, "e5-e6")
    assert (at(after, "e5"), at(after, "e6")) == ("", "B")
    assert G.to_move(after) == "red"


def test_diagonals_are_lines_only_in_the_middle_field():
    assert moves_text(position({"c2": "B"})) == {"c2-SW", "c2-d2", "c2-c1", "c2-c3"}
    assert "e5-f6" in moves_text(position({"e5": "B"}))


# ---- Bild 2: a double formed by a step --------------------------------------------------------


def test_a_single_steps_onto_an_own_single_of_the_other_sign_and_forms_a_double():
    after = play(position({"e5": "B", "e6": "b"}), "e5-e6")
    assert at(after, "e6") == "(bB)" and at(after, "e5") == ""   # the mover is on top
    assert G.layout(after)["e6"] == ("blue-", "blue+")


@pytest.mark.parametrize("other", ["B", "r", "R", "(bB)"])
def test_no_double_with_the_same_sign_an_opponent_or_a_third_stone(other):
    assert "e5-e6" not in moves_text(position({"e5": "B", "e6": other}))


def test_a_double_never_steps_onto_a_single():
    assert "e5-e6" not in moves_text(position({"e5": "(Bb)", "e6": "B"}))


# ---- Bild 3: a double formed by a jump -------------------------------------------------------


def test_a_single_jumps_and_lands_on_an_own_single_of_the_other_sign():
    after = play(position({"e4": "B", "e5": "r", "e6": "b"}), "e4:e6")
    assert at(after, "e6") == "(bB)" and at(after, "e5") == "r" and at(after, "e4") == ""


def test_a_join_ends_the_move():
    s = position({"e4": "B", "e5": "r", "e6": "b", "e7": "r"})
    assert "e4:e6" in moves_text(s) and not any(m.startswith("e4:e6:") for m in moves_text(s))


# ---- Bild 4 and 5: split, then step or jump --------------------------------------------------


def test_the_upper_stone_of_a_double_splits_off_and_steps():
    after = play(position({"e5": "(bB)"}), "e5^-e6")
    assert (at(after, "e5"), at(after, "e6")) == ("b", "B")


@pytest.mark.parametrize("over", ["r", "(Rr)", "b", "(Bb)"])
def test_the_upper_stone_splits_off_and_jumps_a_single_or_a_double(over):
    after = play(position({"e5": "(bB)", "e6": over}), "e5^:e7")
    assert (at(after, "e5"), at(after, "e6"), at(after, "e7")) == ("b", over, "B")


def test_a_single_has_no_upper_stone_to_split_off():
    assert refused(position({"e5": "B"}), "e5^-e6") == reason("split-single", cell=Cell("e5"))


# ---- Bild 6 and 7: split and join another single, by step and by jump ------------------------


def test_split_step_and_join_another_own_single():
    after = play(position({"e5": "(bB)", "e6": "b"}), "e5^-e6")
    assert (at(after, "e5"), at(after, "e6")) == ("b", "(bB)")


def test_split_jump_and_join_another_own_single():
    after = play(position({"e5": "(bB)", "e6": "r", "e7": "b"}), "e5^:e7")
    assert (at(after, "e5"), at(after, "e6"), at(after, "e7")) == ("b", "r", "(bB)")


def test_the_split_stone_never_lands_back_on_its_own_lower_stone():
    # c4 over the dot d4 could land anywhere round d4, but not back on c4 (a null move).
    assert not any(m.endswith("-c4") or m.endswith(":c4")
                   for m in moves_text(position({"c4": "(bB)", "d4": "r"})))


# ---- Bild 8: singles and doubles jump singles and doubles ------------------------------------


@pytest.mark.parametrize("jumper, over", [("B", "r"), ("B", "(Rr)"), ("(bB)", "r"),
                                          ("(bB)", "(Rr)"), ("B", "b"), ("(rR)", "(Bb)")])
def test_a_single_or_double_jumps_a_single_or_double_of_the_other_sign(jumper, over):
    s = position({"e5": jumper, "e6": over}, to_move="blue" if "B" in jumper else "red")
    after = play(s, "e5:e7")
    assert (at(after, "e5"), at(after, "e6"), at(after, "e7")) == ("", over, jumper)


@pytest.mark.parametrize("over", ["R", "B", "(rR)", "(bB)"])
def test_same_signs_repel_and_block(over):
    s = position({"e5": "B", "e6": over})
    assert "e5:e7" not in moves_text(s)
    assert refused(s, "e5:e7") == reason("same-sign", over=Cell("e6"))


def test_two_stones_in_a_row_are_never_jumped():
    s = position({"e5": "B", "e6": "r", "e7": "r"})
    assert not {"e5:e7", "e5:e8"} & moves_text(s)


def test_the_blank_stone_is_never_jumped_nor_moved():
    s = position({"c5": "*", "c4": "B"}, variant="two-player-extended")
    assert not {"c4:c6", "c4-c5", "c5-c6"} & moves_text(s)
    assert refused(s, "c5-c6") == reason("blank-moves", cell=Cell("c5"))
    assert refused(s, "c4:c6") == reason("jump-blank", over=Cell("c5"))


# ---- Bild 9: the dot field turns a jump ------------------------------------------------------


def test_a_jump_over_a_stone_on_a_dot_field_may_leave_it_in_any_direction():
    s = position({"c4": "B", "d4": "r"})  # d4 is a dot field
    jumps = {m for m in moves_text(s) if ":" in m}
    # Every neighbour of d4 but c4 itself; those next to c4 (c3 d3 c5 d5) are steps anyway.
    assert jumps == {"c4:e3", "c4:e4", "c4:e5"}
    assert at(play(s, "c4:e3"), "e3") == "B" and at(play(s, "c4:e3"), "d4") == "r"


def test_off_the_dot_fields_a_jump_goes_straight():
    jumps = {m for m in moves_text(position({"c5": "B", "d5": "r"})) if ":" in m}
    assert jumps == {"c5:e5"}


def test_after_a_dot_the_multi_jump_follows_its_new_line():
    straight_on = position({"c4": "B", "d4": "r", "f6": "r"})
    assert "c4:e5:g7" in moves_text(straight_on)   # d4 -> e5 turned north-east, f6 is on
    off_line = position({"c4": "B", "d4": "r", "e6": "r"})
    assert "c4:e5:e7" not in moves_text(off_line)  # e5 -> e7 would turn again


# ---- Bild 10: multi-jumps --------------------------------------------------------------------


def test_a_multi_jump_while_stones_and_free_nodes_alternate_and_every_prefix_is_a_move():
    s = position({"c3": "B", "c4": "r", "c6": "b", "c8": "(Rr)"})
    assert {"c3:c5", "c3:c5:c7", "c3:c5:c7:c9"} <= moves_text(s)
    after = play(s, "c3:c5:c7:c9")
    assert at(after, "c9") == "B" and [at(after, n) for n in ("c4", "c6", "c8")] == [
        "r", "b", "(Rr)"]


def test_a_multi_jump_keeps_its_line():
    s = position({"e3": "B", "e4": "r", "f5": "r"})
    assert "e3:e5" in moves_text(s) and "e3:e5:g5" not in moves_text(s)
    assert refused(s, "e3:e5:g5") == reason("turn", **{"from": Cell("e5")}, to=Cell("g5"))


def test_free_turns_is_the_rules_option_of_turning_between_jumps():
    free = Plimus(free_turns=True)
    s = free.parse_position(G.position_text(position({"e3": "B", "e4": "r", "f5": "r"})))
    assert "e3:e5:g5" in {free.move_text(m) for m in free.legal_moves(s)}


def test_a_multi_jump_never_lands_twice_on_a_node_nor_jumps_a_stone_twice():
    # Round the dot d4 and back: c4 over d4 to e5 ... no path may come back to c4 or e5.
    s = position({"c4": "B", "d4": "r", "d5": "r", "e4": "r"})
    for text in moves_text(s):
        stops = text.split()[0].replace("-", ":").split(":")
        assert len(stops) == len(set(stops)), text


# ---- Bild 11: a double captures and banishes -------------------------------------------------


def test_a_double_may_capture_the_opponent_stone_it_jumps_into_a_pole_of_its_choice():
    s = position({"e5": "(bB)", "e6": "r"})
    assert {m for m in moves_text(s) if m.startswith("e5:e7")} == {
        "e5:e7", *(f"e5:e7 xe6>{p}" for p in POLES)}
    after = play(s, "e5:e7 xe6>NE")
    assert at(after, "e6") == "" and pole(after, "NE") == "r" and at(after, "e7") == "(bB)"
    assert at(play(s, "e5:e7"), "e6") == "r"  # capturing is never compulsory


def test_a_captured_double_is_split_and_each_stone_goes_to_a_pole():
    s = position({"e5": "(bB)", "e6": "(Rr)"})
    assert len([m for m in moves_text(s) if m.startswith("e5:e7 x")]) == 16
    after = play(s, "e5:e7 xe6>NE/SW")     # the upper stone (r) first
    assert (pole(after, "NE"), pole(after, "SW"), at(after, "e6")) == ("r", "R", "")


def test_a_multi_jump_captures_stone_by_stone():
    s = position({"c3": "(bB)", "c4": "r", "c6": "R", "c8": "r"})  # c6's plus: not jumped
    assert "c3:c5 xc4>SW" in moves_text(s) and "c3:c5:c7" not in moves_text(s)
    s = position({"c3": "(bB)", "c4": "r", "c6": "r"})
    after = play(s, "c3:c5:c7 xc4>SW xc6>NE")
    assert (pole(after, "SW"), pole(after, "NE"), at(after, "c7")) == ("r", "r", "(bB)")
    assert "c3:c5:c7 xc6>NE" in moves_text(s)  # each jumped stone decided on its own


def test_a_captured_node_is_free_at_once():
    # With the option of turning between jumps, a path can come back to where it captured:
    # g3 over the dot g4 to f5, over g6 (captured) to h7, over the dot g7 back onto g6.
    free = Plimus(free_turns=True)
    s = free.parse_position(G.position_text(position(
        {"g3": "(bB)", "g4": "r", "g6": "r", "g7": "r"})))
    after = free.apply(s, free.parse_move(s, "g3:f5:h7:g6 xg6>SW"))
    assert at(after, "g6") == "(bB)" and pole(after, "SW") == "r"
    assert "g3:f5:h7:g6" not in {free.move_text(m) for m in free.legal_moves(s)}  # g6 taken


def test_singles_never_capture():
    assert not any(" x" in m for m in moves_text(position({"e5": "B", "e6": "r"})))


def test_a_stone_on_a_start_field_cannot_be_captured():
    # d2 is one of blue's start fields, h9 one of red's: no capture on either.
    s = position({"d3": "(bB)", "d2": "r", "h7": "(bB)", "h8": "r", "h9": ""})
    assert "d3:d1" in moves_text(s) and not any(m.startswith("d3:d1 x") for m in moves_text(s))
    assert any(m.startswith("h7:h9 x") for m in moves_text(s))  # h8 is no start field
    assert refused(s, "d3:d1 xd2>SW") == reason("capture-start", cell=Cell("d2"))


def test_four_players_capture_only_the_opposite_team_in_the_basic_game():
    stones = {"e5": "(bB)", "e6": "y", "f5": "g", "d5": "r"}
    basic = moves_text(position(stones, variant="four-player"))
    assert any(m.startswith("e5:c5 x") for m in basic)        # red sits opposite blue
    assert not any(m.startswith(("e5:e7 x", "e5:g5 x")) for m in basic)
    extended = moves_text(position(stones, variant="four-player-extended"))
    assert {"e5:e7 xe6>SW", "e5:g5 xf5>SW", "e5:c5 xd5>SW"} <= extended


def test_a_capture_resets_the_count_of_moves_without_one():
    s = position({"e5": "(bB)", "e6": "r"}, quiet=150)
    assert play(s, "e5:e7 xe6>SE").quiet == 0 and play(s, "e5:e7").quiet == 151


# ---- poles -----------------------------------------------------------------------------------


def test_stones_enter_a_pole_by_step_jump_and_split():
    assert pole(play(position({"c1": "B"}), "c1-SW"), "SW") == "B"
    assert pole(play(position({"d1": "B", "c1": "r"}), "d1:SW"), "SW") == "B"
    split = play(position({"c1": "(bB)"}), "c1^-SW")
    assert (at(split, "c1"), pole(split, "SW")) == ("b", "B")


def test_a_double_entering_a_pole_falls_apart_and_leaves_it_either_way_up():
    assert pole(play(position({"c1": "(bB)"}), "c1-SW"), "SW") == "Bb"
    back = position({"SW": "Bb"})
    assert moves_text(back) >= {"SW[+]-c1", "SW[-]-c1", "SW[+/-]-c1", "SW[-/+]-c1"}
    assert at(play(back, "SW[+/-]-c1"), "c1") == "(bB)"
    assert at(play(back, "SW[-/+]-c1"), "c1") == "(Bb)"
    one = play(back, "SW[-]-c2")
    assert (at(one, "c2"), pole(one, "SW")) == ("b", "B")


def test_a_stone_leaving_a_pole_may_join_and_a_double_leaving_it_may_capture():
    s = position({"SW": "Bb", "c3": "b", "d1": "r"})
    assert "SW[+]-c3" in moves_text(s) and "SW[-]-c3" not in moves_text(s)
    capture = moves_text(position({"SW": "Bb", "c3": "r"}))
    assert "SW[+/-]:d4 xc3>NE" in capture           # plus on top jumps the minus stone
    assert not any(m.startswith("SW[-/+]:d4") for m in capture)


def test_poles_hold_any_stones_and_nothing_in_them_is_jumped_or_captured():
    s = position({"SW": "BBbRrYy", "c1": "B"}, variant="four-player-extended")
    assert not any(m.startswith("c1:") for m in moves_text(s))
    assert pole(play(s, "c1-SW"), "SW") == "BBBbRrYy"


def test_captured_stones_stay_in_play_from_their_pole():
    s = play(position({"e5": "(bB)", "e6": "r", "h8": "R"}), "e5:e7 xe6>NE")
    assert "NE[-]-h9" in moves_text(s)


# ---- winning, the move limit, Zugzwang -------------------------------------------------------

# Red's start area, with the sign of each field: blue must fill it the same way to win.
RED_AREA = {"c9": "B", "d9": "b", "e9": "B", "f9": "b", "g9": "B", "h9": "b",
            "c10": "b", "d10": "B", "e10": "b", "f10": "B", "g10": "b", "h10": "B"}


def test_a_team_wins_on_forming_up_on_the_opposite_start_area():
    almost = {**RED_AREA, "h9": "", "h8": "b", "e5": "r"}
    s = position(almost)
    assert G.outcome(s) is None
    won = play(s, "h8-h9")
    outcome = G.outcome(won)
    assert outcome is not None and outcome.winners == ("blue",)
    assert outcome.termination is Termination.FORMED_UP
    assert dict(outcome.params) == {"who": Who("blue"), "target": Who("red")}
    assert outcome.said.key == "end.formed-up"
    assert G.legal_moves(won) == () and G.to_move(won) is None


@pytest.mark.parametrize("change", [{"h9": "B", "h10": "b"}, {"h9": "(Bb)", "h10": ""},
                                    {"h9": "r"}])
def test_a_wrong_sign_a_double_or_a_stranger_is_no_formation(change):
    assert G.outcome(position({**RED_AREA, **change})) is None


def test_a_draw_after_two_hundred_moves_in_a_row_without_a_capture():
    s = position({"e5": "B", "e9": "r"}, quiet=199)
    drawn = play(s, "e5-e6")
    outcome = G.outcome(drawn)
    assert outcome.is_draw and outcome.termination is Termination.NO_CAPTURE
    assert dict(outcome.params) == {"n": 200}
    short = Plimus(move_limit=10)  # the limit is configurable
    assert short.outcome(short.parse_position(G.position_text(position({"e5": "B"}, quiet=10))))


def test_zugzwang_a_player_who_cannot_move_passes_and_one_who_can_must_move():
    stuck = position({"e1": "B", "d1": "R", "f1": "R", "e2": "R"})
    assert moves_text(stuck) == {"pass"}
    after = play(stuck, "pass")
    assert G.to_move(after) == "red" and after.quiet == 1
    assert refused(position({"e5": "B"}), "pass") == reason("must-move", who=Who("blue"))


# ---- variants --------------------------------------------------------------------------------


def test_the_blank_stone_is_set_up_on_a_circle_field_by_blue_first():
    s = G.setup("two-player-extended")
    assert moves_text(s) == {"blank c5", "blank h6"}
    circles = (Cell("c5"), Cell("h6"))
    assert refused(s, "c2-c3") == reason("blank-first", who=Who("blue"), cells=circles)
    placed = play(s, "blank h6")
    assert at(placed, "h6") == "*" and G.to_move(placed) == "blue" and placed.quiet == 0
    assert "blank c5" not in moves_text(placed)
    assert refused(placed, "blank c5") == reason("blank-placed")


def test_four_players_take_turns_round_the_table():
    s = G.setup("four-player")
    seen = []
    for _ in range(5):
        seen.append(G.to_move(s))
        s = G.apply(s, G.legal_moves(s)[0])
    assert seen == ["blue", "yellow", "red", "green", "blue"]
    assert sum(1 for c in G.setup("four-player").cells if c) == 48


def test_resigning_in_the_four_player_game_leaves_the_others_as_winners():
    from controller.rules.base import Resign

    s = G.apply(G.setup("four-player"), Resign("red"))
    assert set(G.outcome(s).winners) == {"blue", "yellow", "green"}


# ---- the blank stone ------------------------------------------------------------------------


def test_the_blank_stone_goes_on_a_free_circle_field():
    s = position({"c5": "R"}, variant="two-player-extended")
    assert moves_text(s) == {"blank h6"}
    from controller.errors import ParseError

    with pytest.raises(ParseError, match="none is free"):
        position({"c5": "R", "h6": "r"}, variant="two-player-extended")
