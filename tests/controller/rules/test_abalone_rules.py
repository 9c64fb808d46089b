"""Abalone's rules, one situation each, on hand-made positions."""

from __future__ import annotations

import pytest

from controller.errors import IllegalMoveError, ParseError
from controller.rules.abalone import ABALONE
from controller.rules.base import AgreeDraw, Resign, Termination
from controller.said import Cell, Message, Who
from tests.controller.rules.abalone_positions import moves_text, position

G = ABALONE


def play(state, text):
    return G.apply(state, G.parse_move(state, text))


def cells_of(state, colour):
    return {k for k, v in G.view(state, None)["cells"].items() if v == colour}


# ---- sumito and pac --------------------------------------------------------------------------


def test_two_push_one_into_an_empty_cell():
    s = play(position({"E3 E4": "b", "E5": "w"}), "E3E4")
    assert cells_of(s, "b") == {"E4", "E5"} and cells_of(s, "w") == {"E6"}


def test_three_push_two():
    s = play(position({"E2 E3 E4": "b", "E5 E6": "w"}), "E2E3")
    assert cells_of(s, "b") == {"E3", "E4", "E5"} and cells_of(s, "w") == {"E6", "E7"}


def test_three_push_one():
    s = play(position({"E2 E3 E4": "b", "E5": "w"}), "E2E3")
    assert cells_of(s, "w") == {"E6"}


@pytest.mark.parametrize("black, white, reason", [
    ("E4", "E5", Message.of("abalone.illegal.single-cannot-push")),
    ("E3 E4", "E5 E6", Message.of("abalone.illegal.not-stronger", n=2, pushed=2)),  # pac
    ("E2 E3 E4", "E5 E6 E7", Message.of("abalone.illegal.not-stronger", n=3, pushed=3)),
])
def test_equal_or_single_cannot_push(black, white, reason):
    s = position({black: "b", white: "w"})
    tail = black.split()[0]
    nxt = "E" + str(int(tail[1]) + 1)
    assert tail + nxt not in moves_text(s)
    with pytest.raises(IllegalMoveError) as refused:
        play(s, tail + nxt)
    assert refused.value.reason == reason


def test_four_in_a_row_cannot_move_in_line():
    s = position({"E2 E3 E4 E5": "b", "E6": "w"})
    with pytest.raises(IllegalMoveError) as refused:
        G.parse_move(s, "E2E3")
    assert refused.value.reason == Message.of("abalone.illegal.too-many", n=4)


def test_push_blocked_by_own_marble_behind_the_opponent():
    s = position({"E2 E3 E4": "b", "E5": "w", "E6": "b"})
    assert "E2E3" not in moves_text(s)


def test_push_blocked_by_an_opponent_marble_behind_two():
    # Three against three with a gap-free line behind: no push.
    s = position({"E1 E2 E3": "b", "E4 E5 E6": "w"})
    assert "E1E2" not in moves_text(s)


def test_push_needs_contact():
    # A gap between the line and the opponent: the line simply moves into the gap.
    s = play(position({"E2 E3 E4": "b", "E6": "w"}), "E2E3")
    assert cells_of(s, "b") == {"E3", "E4", "E5"} and cells_of(s, "w") == {"E6"}


def test_broadside_never_pushes():
    s = position({"E4 E5": "b", "F5": "w"})  # E4 -> F5 is NW? F5 is (5,5): NE of E4 (4,4)
    assert "E4E5F5" not in moves_text(s)
    with pytest.raises(IllegalMoveError) as refused:
        play(s, "E4E5F5")
    assert refused.value.reason == Message.of("abalone.illegal.broadside-blocked",
                                              cells=(Cell("F5"),), n=1)


def test_broadside_of_three():
    s = play(position({"E3 E4 E5": "b"}), "E3E5F4")
    assert cells_of(s, "b") == {"F4", "F5", "F6"}


# ---- pushing off and winning -------------------------------------------------------------------


def test_push_off_the_edge_counts_for_the_pusher():
    s = position({"E6 E7 E8": "b", "E9": "w"})
    after = play(s, "E6E7")
    assert cells_of(after, "w") == set()
    assert G.position_text(after).endswith(" w 0 1")
    assert G.view(after, None)["pushed"] == {"b": 1, "w": 0}


def test_sixth_marble_off_wins():
    s = position({"E6 E7 E8": "b", "E9 A1": "w"}, lost=(0, 5))
    after = play(s, "E6E7")
    outcome = G.outcome(after)
    assert outcome is not None and outcome.winners == ("b",)
    assert G.to_move(after) is None and G.legal_moves(after) == ()
    with pytest.raises(IllegalMoveError) as refused:
        play(after, "A1A2")
    assert refused.value.reason == Message.of("illegal.game-over")


def test_blitz_is_won_with_four():
    s = position({"E6 E7 E8": "b", "E9 A1": "w"}, lost=(0, 3), variant="blitz")
    assert G.outcome(play(s, "E6E7")).winners == ("b",)
    s6 = position({"E6 E7 E8": "b", "E9 A1": "w"}, lost=(0, 3))
    assert G.outcome(play(s6, "E6E7")) is None
    assert G.variant("blitz").options["clock"] == {"initial": 300, "increment": 0}


def test_player_with_no_legal_move_loses():
    # White's only marble sits in a corner, boxed in by black marbles that white cannot push.
    s = position({"A1": "w", "A2 A3 B1 C1 B2 C2 C3 A4": "b"}, to_move="w")
    assert G.legal_moves(s) == ()
    outcome = G.outcome(s)
    assert outcome.winners == ("b",) and outcome.termination is Termination.NO_MOVE
    assert outcome.said == Message.of("end.no-move", who=Who("w"))


def test_position_text_of_the_standard_start_is_exact():
    assert G.position_text(G.setup()) == (
        "bbbbbbbbbbb..bbb.............................www..wwwwwwwwwww b 0 0")


# ---- resign and draw ---------------------------------------------------------------------------


def test_resignation_and_agreed_draw():
    s = G.setup()
    resigned = G.apply(s, Resign("w"))  # not white's turn: resigning is allowed anyway
    assert G.outcome(resigned).winners == ("b",)
    assert G.position_text(resigned).endswith("resigned:w")
    assert G.parse_position(G.position_text(resigned)) == resigned
    drawn = G.apply(s, G.parse_move(s, "draw"))
    assert G.outcome(drawn).is_draw and G.parse_position(G.position_text(drawn)) == drawn
    with pytest.raises(IllegalMoveError) as refused:
        G.apply(s, Resign("x"))
    assert refused.value.reason.key == "illegal.not-a-seat"
    assert G.move_text(AgreeDraw()) == "draw"


# ---- more than two players ---------------------------------------------------------------------


def test_four_player_start_is_symmetric_and_turns_alternate_teams():
    s = G.setup("four-player")
    view = G.view(s, None)
    counts = {c: list(view["cells"].values()).count(c) for c in "bwrg"}
    assert counts == {"b": 9, "w": 9, "r": 9, "g": 9}
    order = []
    for _ in range(4):
        order.append(G.to_move(s))
        s = G.play(s, G.legal_moves(s)[0])
    assert order == ["b", "w", "r", "g"]


def test_partners_never_push_each_other_and_block_like_own_marbles():
    four = {"variant": "four-player", "lost": (0, 0, 0, 0), "pushed": (0, 0, 0, 0)}
    # Black cannot push its partner red.
    s = position({"E2 E3 E4": "b", "E5": "r"}, **four)
    assert "E2E3" not in moves_text(s)
    # White's partner green behind black blocks white's push, like an own marble would.
    s2 = position({"E2 E3 E4": "w", "E5": "b", "E6": "g"}, to_move="w", **four)
    assert "E2E3" not in moves_text(s2)
    # Black and red are one team: three white marbles push the two of them together.
    s3 = position({"E2 E3 E4": "w", "E5": "b", "E6": "r"}, to_move="w", **four)
    after = play(s3, "E2E3")
    assert cells_of(after, "b") == {"E6"} and cells_of(after, "r") == {"E7"}


def test_four_player_team_wins_with_six_pushed_between_them():
    s = position({"E6 E7 E8": "b", "E9": "w", "A1": "g", "A3": "r"}, variant="four-player",
                 lost=(0, 3, 0, 2), pushed=(2, 0, 3, 0))
    after = play(s, "E6E7")
    assert G.outcome(after).winners == ("b", "r")


def test_three_player_pushes_mixed_opponents_and_counts_per_player():
    s = position({"E5 E6 E7": "b", "E8": "w", "E9": "r", "A1": "w", "A3": "r"},
                 variant="three-player", lost=(0, 0, 5), pushed=(5, 0, 0))
    after = play(s, "E5E6")
    assert G.view(after, None)["pushed"]["b"] == 6
    assert G.outcome(after).winners == ("b",)


# ---- free placement ----------------------------------------------------------------------------


def test_free_placement_alternates_then_plays():
    s = G.setup("free-placement")
    assert G.position_text(s).endswith(" b 0 0 14 14")
    assert len(G.legal_moves(s)) == 61
    s = play(s, "+E5")
    assert G.to_move(s) == "w" and "+E5" not in moves_text(s)
    with pytest.raises(IllegalMoveError) as refused:
        play(s, "+E5")
    assert refused.value.reason == Message.of("abalone.illegal.cell-taken", cell=Cell("E5"))
    for _ in range(27):
        s = G.play(s, G.legal_moves(s)[0])
    assert not s.placing and G.to_move(s) == "b"
    assert len(G.position_text(s).split()) == 4
    with pytest.raises(IllegalMoveError) as refused:
        play(s, "+" + next(n for n in ("A1", "I9", "E1") if n not in G.view(s, None)["cells"]))
    assert refused.value.reason == Message.of("abalone.illegal.placing-over")


# ---- bad text ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text, message", [
    ("bbbb b 0 0", "61"),
    ("x" * 61 + " b 0 0", "holds 'x'"),
    ("." * 61 + " q 0 0", "side to move"),
    ("." * 61 + " b 0", "4 fields"),
    ("." * 61 + " b 0 z", "not a count"),
])
def test_bad_position_text_says_what_is_wrong(text, message):
    with pytest.raises(ParseError, match=message):
        G.parse_position(text)


@pytest.mark.parametrize("text, message", [
    ("Z9Z8", "not a cell"),
    ("A1C3", "not next to"),
    ("A1A5B1", "not the ends"),
    ("A1A3A2", "along itself"),
    ("hello", "not an Abalone move"),
    ("resign", "resign SEAT"),
])
def test_bad_move_text_says_what_is_wrong(text, message):
    with pytest.raises((ParseError, IllegalMoveError), match=message):
        G.parse_move(G.setup(), text)


def test_broadside_ends_may_be_written_in_either_order():
    s = G.setup()
    m1 = G.parse_move(s, "C3C5D4")
    m2 = G.parse_move(s, "C5C3D6")
    assert m1 == m2 and G.move_text(m1) == "C3C5D4"
