"""DRHOMBIX rules other than captures, one situation each: raising, the apex, the player who
cannot move, the ant game, and the texts."""

from __future__ import annotations

import pytest

from controller.errors import BoardError, IllegalMoveError, ParseError
from controller.rules.base import AgreeDraw, Outcome, Resign, Termination, TimeForfeit
from controller.rules.drhombix import DRHOMBIX as G
from controller.rules.drhombix import Place, Raise, Remove
from controller.said import Message, Who, Zone, english
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

BASE_3X3 = "0a1 0b1 0c1 0a2 0b2 0c2 0a3 0b3 0c3"
FULL_BASE = BASE_3X3 + " 0d1 0d2 0d3 0a4 0b4 0c4 0d4"

# ---- raising ---------------------------------------------------------------------------------


def test_a_raise_of_one_level_keeps_the_reserve():
    s = position({"0a1 0b1 0a2": "b", "0b2": "w", "0d4": "w"}, reserves=(12, 13))
    after = play(s, "0d4-1a1")
    assert cells_of(after)["1a1"] == "w" and "0d4" not in cells_of(after)
    assert G.view(after, None)["reserves"] == {"w": 12, "b": 13}


def test_a_raise_of_two_levels():
    s = position({BASE_3X3: "b", "1a1 1b1 1a2 1b2": "b", "0d4": "w"}, reserves=(8, 8))
    assert "0d4-2a1" in moves_text(s)
    assert cells_of(play(s, "0d4-2a1"))["2a1"] == "w"


@pytest.mark.parametrize("pieces, move, why", [
    ({FULL_BASE: "b", "1a1 1b1 1c1 1a2 1b2 1c2 1a3 1b3 1c3": "b",
      "2a1 2b1 2a2": "b", "2b2": "w"}, "2b2-3a1",
     illegal("rests-on", source=C("2b2"), target=C("3a1"))),
    ({"0a1 0b1 0a2": "b", "0b2": "w"}, "0b2-1a1",
     illegal("rests-on", source=C("0b2"), target=C("1a1"))),
    ({"0a1 0b1 0a2 0b2": "b", "1a1 0d4": "w"}, "0d4-0c3",
     illegal("not-up", source=C("0d4"), target=C("0c3"))),
    ({"0a1 0b1 0a2 0b2": "b", "1a1 0d4": "w"}, "1a1-0c3",
     illegal("not-up", source=C("1a1"), target=C("0c3"))),
    ({"0a1 0b1 0a2 1a1": "b", "0b2": "w"}, "0b2-1b1",
     illegal("not-free", cell=C("0b2"), carried=Cs("1a1"), n=1)),
    ({"0a1 0b1 0a2 0b2": "b", "0d4": "w"}, "0a1-1b2",
     illegal("not-own", cell=C("0a1"), owner=Who("b"), who=Who("w"))),
    ({"0a1 0b1 0a2": "b", "0d4": "w"}, "0d4-1a1",
     illegal("unsupported", cell=C("1a1"), missing=Cs("0b2"))),
    ({"0a1": "w"}, "0c3-1a1", illegal("empty", cell=C("0c3"))),
])
def test_what_a_raise_may_not_do(pieces, move, why):
    s = position(pieces)
    assert move not in moves_text(s)
    assert refused(s, move) == why


def test_no_raise_rises_three_levels():
    assert refused(position({"0d4": "w"}), "0d4-3a1") == illegal(
        "too-high", source=C("0d4"), target=C("3a1"), n=3)


def test_a_placement_needs_a_reserve_and_a_supported_empty_position():
    s = position({"0a1 0b1 0a2 0b2": "b", "0d4": "w"}, reserves=(0, 25))
    assert refused(s, "+0b1") == illegal("reserve-empty", reserve=Zone("reserve", owner="w"))
    s2 = position({"0a1": "w"})
    assert refused(s2, "+0a1") == illegal("occupied", cell=C("0a1"))
    assert refused(s2, "+1a1") == illegal("unsupported", cell=C("1a1"),
                                          missing=Cs("0b1 0a2 0b2"))


def test_a_refusal_carries_its_reason_and_its_plain_english():
    with pytest.raises(IllegalMoveError) as caught:
        play(position({"0a1": "w"}), "+1a1")
    assert caught.value.reason.key == "drhombix.illegal.unsupported"
    assert str(caught.value) == english(caught.value.reason, G)  # for logs and the CLI


# ---- the end -----------------------------------------------------------------------------------


def all_but_the_apex(variant: str = "cuckoo-square") -> dict[str, str]:
    from controller.rules.drhombix.board import board
    b = board(G.variant(variant).options["board"])
    return {" ".join(n for n in b.names if n != "3a1"): "b"}


@pytest.mark.parametrize("variant", ["cuckoo-square", "cuckoo-triangle"])
def test_placing_on_the_apex_wins(variant):
    s = position(all_but_the_apex(variant), variant=variant, reserves=(1, 0))
    assert moves_text(s) == {"+3a1"}  # nothing can rise there: see the next test
    after = play(s, "+3a1")
    outcome = G.outcome(after)
    assert outcome == Outcome.of(("w",), Termination.APEX, who=Who("w"))
    assert outcome.said == Message.of("end.apex", who=Who("w"))
    assert G.to_move(after) is None and G.legal_moves(after) == ()
    assert refused(after, "+0a1") == Message.of("illegal.game-over")


def test_no_piece_can_ever_rise_to_the_apex():
    # The apex is supported only when level 2 is full; then every piece below carries
    # another, and the level-2 pieces support the apex themselves.  So the rules page's
    # "raising a piece to the apex" never happens on either board.
    s = position(all_but_the_apex(), reserves=(0, 1), to_move="b")
    assert not any(isinstance(m, Raise) and m.target == "3a1" for m in G.legal_moves(s))


def test_a_player_who_cannot_move_loses():
    s = position({"0a1": "w", "0d4": "b"}, reserves=(0, 28))
    assert G.legal_moves(s) == ()
    outcome = G.outcome(s)
    assert outcome == Outcome.of(("b",), Termination.NO_MOVE, who=Who("w"))
    # With a raise left, white must raise rather than lose.
    s2 = position({"0a1 0b1 0a2 0b2": "b", "0d4": "w"}, reserves=(0, 25))
    assert moves_text(s2) == {"0d4-1a1"} and G.outcome(s2) is None


# ---- the ant game -----------------------------------------------------------------------------


def ant(pieces: str, to_move: str = "first", variant: str = "ant-square"):
    return position({pieces: "o"} if pieces else {}, to_move=to_move, variant=variant)


def test_the_ant_game_removes_one_or_two_free_pieces_of_one_level():
    s = ant(BASE_3X3 + " 1a1 1b1")
    removals = {m for m in moves_text(s) if m.startswith("x")}
    free = ["0c3", "0a3", "0b3", "1a1", "1b1"]  # 0c1 and 0c2 carry 1b1
    assert {f"x{p}" for p in free} <= removals
    assert "x1a1x1b1" in removals and "x0a3x0b3" in removals
    assert "x0a3x1a1" not in removals and "x0c1" not in removals
    assert refused(s, "x0a3x1a1") == illegal("remove-levels", cells=Cs("0a3 1a1"))
    assert refused(s, "x0c2") == illegal("not-free", cell=C("0c2"), carried=Cs("1b1"), n=1)
    assert refused(s, "x0b1") == illegal("not-free", cell=C("0b1"), carried=Cs("1a1 1b1"), n=2)
    assert refused(s, "x0d4") == illegal("empty", cell=C("0d4"))
    with pytest.raises(IllegalMoveError) as caught:
        G.apply(s, Remove(("0a3", "0b3", "0c3")))
    assert caught.value.reason == illegal("remove-count", n=3)
    after = play(s, "x1b1x1a1")  # either order is read
    assert G.move_text(G.parse_move(s, "x1b1x1a1")) == "x1a1x1b1"
    assert set(cells_of(after)) == set(BASE_3X3.split())


def test_the_ant_game_raises_a_free_piece_one_or_two_levels():
    s = ant(BASE_3X3 + " 0d4")
    raises = {m for m in moves_text(s) if m.startswith("0d4-")}
    assert raises == {"0d4-1a1", "0d4-1b1", "0d4-1a2", "0d4-1b2"}
    assert "0a3-1a1" in moves_text(s) and "0a1-1b1" in moves_text(s)
    assert refused(s, "0a1-1a1") == illegal("rests-on", source=C("0a1"), target=C("1a1"))
    assert refused(s, "+1a1") == illegal("ant-place")
    with pytest.raises(IllegalMoveError) as caught:
        G.apply(s, Raise("0d4", "1a1", "0a1"))
    assert caught.value.reason == illegal("ant-capture")


def test_whoever_removes_the_last_piece_loses():
    s = ant("0a1")
    assert moves_text(s) == {"x0a1"}  # a lone piece cannot rise: nothing supports a target
    after = play(s, "x0a1")
    outcome = G.outcome(after)
    # The first player took the last piece off: they lose.
    assert outcome == Outcome.of(("second",), Termination.LAST_PIECE, who=Who("first"))
    two = play(ant("0a1 0d4", to_move="second"), "x0a1x0d4")
    assert G.outcome(two).winners == ("first",)
    assert G.to_move(two) is None


def test_the_ant_game_never_ends_stuck():
    # While a piece stands, some piece is free (a top one), so removing is always possible.
    for pieces in ("0a1", BASE_3X3, FULL_BASE + " 1b2"):
        assert G.legal_moves(ant(pieces))


# ---- text ------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant, text", [
    ("cuckoo-square", "................/........./..../. w 15 15 -"),
    ("cuckoo-triangle", "........../....../.../. w 10 10 -"),
    ("ant-square", "oooooooooooooooo/ooooooooo/oooo/o first"),
    ("ant-triangle", "oooooooooo/oooooo/ooo/o first"),
])
def test_start_position_texts(variant, text):
    assert G.position_text(G.setup(variant)) == text
    assert G.parse_position(text, variant) == G.setup(variant)


def test_a_position_text_names_pieces_level_by_level_row_by_row():
    s = position({"0a1": "w", "0b1": "b", "0a2": "w"}, reserves=(13, 14), used="0c3,0b1")
    assert G.position_text(s) == "wb..w.........../........./..../. w 13 14 0b1,0c3"


@pytest.mark.parametrize("text, message", [
    ("......../........./..../. w 15 15 -", "4 levels of 16, 9, 4, 1 characters"),
    ("x.............../........./..../. w 14 15 -", "0a1 holds 'x'; use w or b"),
    ("w.............../w......../..../. w 13 15 -", "1a1 holds a piece but 0b1, 0a2, 0b2"),
    ("................/........./..../. w 15 14 -", "together they must be the game's 30"),
    ("................/........./..../. q 15 15 -", "the side to move is 'q'"),
    ("................/........./..../. w 15 15 0z9", "'0z9' is not a position of the square"),
    ("................/........./..../. w ten 15 -", "'ten' is not a count"),
    ("................/........./..../. w 15 15", "has 5 fields"),
    ("................/........./..../. w 15 15 - resigned:x", "'x' is not a seat"),
])
def test_bad_position_text_says_what_is_wrong(text, message):
    with pytest.raises(ParseError, match=message):
        G.parse_position(text)


def test_an_ant_position_holds_no_colours():
    with pytest.raises(ParseError, match="use o for a piece"):
        G.parse_position("wooooooooooooooo/ooooooooo/oooo/o first", "ant-square")


@pytest.mark.parametrize("text, message", [
    ("+0e1", "'0e1' is not a position of the square board"),
    ("+4a1", "not a position"),
    ("0a1+1b1", "not a DRHOMBIX move"),
    ("x0a1x0a1", "names 0a1 twice"),
    ("hello", "not a DRHOMBIX move"),
    ("resign", "resign SEAT"),
])
def test_bad_move_text_says_what_is_wrong(text, message):
    with pytest.raises(ParseError, match=message):
        G.parse_move(G.setup(), text)


def test_a_square_name_off_the_triangle_is_refused_there():
    with pytest.raises(ParseError, match="not a position of the triangle board"):
        G.parse_move(G.setup("cuckoo-triangle"), "+0d4")


def test_move_text_round_trips_and_reads_any_case():
    s = position({"0a1 0b1 0a2": "w", "0c2 0d2 0c3 0d3 1c2 0d4": "b"})
    for move in G.legal_moves(s):
        assert G.parse_move(s, G.move_text(move)) == move
    assert G.parse_move(s, "+0B2X1C2") == Place("0b2", "1c2")
    assert G.move_text(Remove(("0a1", "0b1"))) == "x0a1x0b1"


def test_moves_of_the_other_game_are_refused_with_a_reason():
    assert refused(G.setup(), "x0a1") == illegal("cuckoo-remove")
    with pytest.raises(IllegalMoveError) as caught:
        G.apply(G.setup(), "+0a1")  # type: ignore[arg-type]
    assert caught.value.reason == illegal("not-a-move")
    with pytest.raises(IllegalMoveError) as caught:
        G.apply(G.setup("cuckoo-triangle"), Place("0d4"))
    assert caught.value.reason == illegal("off-board", name="0d4")


def test_resignation_and_agreed_draw():
    s = G.setup("ant-triangle")
    resigned = G.apply(s, Resign("second"))
    assert G.outcome(resigned) == Outcome.of(("first",), Termination.RESIGNED,
                                             who=Who("second"))
    assert G.position_text(resigned).endswith(" resigned:second")
    assert G.parse_position(G.position_text(resigned), "ant-triangle") == resigned
    drawn = G.apply(G.setup(), AgreeDraw())
    assert G.position_text(drawn).endswith(" draw")
    assert G.parse_position(G.position_text(drawn)) == drawn


@pytest.mark.parametrize("variant, seat", [("cuckoo-square", "w"), ("cuckoo-triangle", "b"),
                                           ("ant-square", "first"), ("ant-triangle", "second")])
def test_a_game_lost_on_time_or_resigned_round_trips_through_its_position_text(variant, seat):
    # A game lost on time used to write "resigned:out", which its own reader refused.
    s = G.play(G.setup(variant), G.legal_moves(G.setup(variant))[0])
    for meta, how in ((TimeForfeit(seat), Termination.TIME), (Resign(seat), Termination.RESIGNED)):
        over = G.apply(s, meta)
        text = G.position_text(over)
        assert text.endswith(f" {how.value}:{seat}")
        back = G.parse_position(text, variant)
        assert back == over
        assert G.outcome(back).termination is how and G.outcome(back).params == (
            ("who", Who(seat)),)
        assert G.outcome(back).winners == tuple(x for x in G.variant(variant).seats if x != seat)


def test_the_seed_changes_nothing_and_the_solver_is_only_for_the_ant_game():
    assert G.setup("cuckoo-square", seed=1) == G.setup("cuckoo-square", seed=2)
    with pytest.raises(BoardError, match="no perfect-play solver; the solver plays the ant"):
        G.solve(G.setup())
