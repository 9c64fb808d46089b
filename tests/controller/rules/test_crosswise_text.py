"""Crosswise position text and move text: exact forms, round trips, and clear refusals."""

from __future__ import annotations

import pytest

from controller.errors import IllegalMoveError, ParseError
from controller.rules.base import AgreeDraw, Resign, TimeForfeit
from controller.rules.crosswise import CROSSWISE as G
from controller.rules.crosswise import Lay, Pass, Remove, Replace, Shift, Swap
from controller.rules.crosswise.tiles import CELL_INDEX
from controller.said import Message
from tests.controller.rules.crosswise_positions import position


def test_the_start_position_text_has_the_board_turn_used_hands_and_bag():
    s = G.setup(seed=0)
    board, mover, used, hands, bag = G.position_text(s).split()
    assert board == "/".join(["......"] * 6) and mover == "green" and used == "-"
    assert hands == "11XS/146X" and len(bag) == 54 - 8
    assert G.parse_position(G.position_text(s)) == s


def test_three_players_write_the_solo_seat_with_the_team_player_who_follows():
    states = [G.setup("three-player", seed=0)]
    for _ in range(3):
        states.append(G.play(states[-1], G.legal_moves(states[-1])[0]))
    movers = [G.position_text(s).split()[1] for s in states]
    assert movers == ["green-1", "orange>green-2", "green-2", "orange>green-1"]
    for state in states:
        assert G.parse_position(G.position_text(state), "three-player") == state


@pytest.mark.parametrize("variant, move, field", [
    ("four-player", Resign("orange-2"), "resigned:orange-2"),
    ("four-player", AgreeDraw(), "draw"),
    ("four-player", TimeForfeit("green-1"), "time:green-1"),
    ("two-player", TimeForfeit("orange"), "time:orange"),
    ("three-player", TimeForfeit("orange"), "time:orange"),
    ("three-player", Resign("green-2"), "resigned:green-2"),
])
def test_a_game_the_players_ended_keeps_its_result(variant, move, field):
    """A resignation, an agreed draw, a fall of the flag: written, and read back equal (a game
    lost on time once wrote ``resigned:out``, which its own reader refused)."""
    s = G.setup(variant, seed=3)
    done = G.apply(s, move)
    text = G.position_text(done)
    assert text.split()[-1] == field
    again = G.parse_position(text, variant)
    assert again == done and G.outcome(again) == G.outcome(done)
    assert G.position_text(again) == text


@pytest.mark.parametrize("text, move", [
    ("3a1", Lay(3, CELL_INDEX["a1"])),
    ("move a1 f6", Shift(CELL_INDEX["a1"], CELL_INDEX["f6"])),
    ("remove c4", Remove(CELL_INDEX["c4"])),
    ("replace b2 5", Replace(CELL_INDEX["b2"], 5)),
    ("swap a1 b2", Swap(CELL_INDEX["a1"], CELL_INDEX["b2"])),
    ("pass", Pass()),
])
def test_move_text_round_trips(text, move):
    s = G.setup()
    assert G.parse_move(s, text) == move and G.move_text(move) == text
    assert G.parse_move(s, text.upper()) == move


@pytest.mark.parametrize("text, words", [
    ("", "an empty move"),
    ("7a1", "is not a Crosswise move"),
    ("3g1", "'g1' is not a cell"),
    ("move a1", "is not a Crosswise move"),
    ("replace a1 9", "'9' is not a symbol tile"),
    ("swap a1 a1", "two different cells"),
    ("jump a1 b2", "write a move as 3a1"),
])
def test_bad_move_text_says_what_is_expected(text, words):
    with pytest.raises(ParseError, match=words):
        G.parse_move(G.setup(), text)


def test_an_illegal_move_object_is_refused_with_a_reason():
    s = position(hands=("1234", "5566"))
    with pytest.raises(IllegalMoveError) as caught:
        G.apply(s, Lay(1, 40))
    assert caught.value.reason == Message.of("crosswise.illegal.off-board")
    with pytest.raises(IllegalMoveError) as caught:
        G.apply(s, "1a1")  # type: ignore[arg-type]
    assert caught.value.reason == Message.of("crosswise.illegal.not-a-move")
    with pytest.raises(IllegalMoveError) as caught:
        G.apply(s, Lay(9, 3))
    assert caught.value.reason == Message.of("crosswise.illegal.no-symbol")


@pytest.mark.parametrize("edit, words", [
    (lambda f: f[:4], "has 5 fields"),
    (lambda f: [f[0], "purple", *f[2:]], "the seat to move is 'purple'"),
    (lambda f: [*f[:2], "MQ", *f[3:]], "holds 'Q'"),
    (lambda f: [*f[:2], "1", *f[3:]], "lists only action tiles"),
    (lambda f: [*f[:3], "1234", f[4]], "has 2 hands"),
    (lambda f: [*f[:3], "12345/5566", f[4]], "green holds 5 tiles"),
    (lambda f: [*f[:3], "123/5566", f[4]], "green holds 3 tiles"),
    (lambda f: [*f[:4], f[4][1:]], "missing"),
    (lambda f: [*f, "resigned:nobody"], "'nobody' is not a seat"),
    (lambda f: [*f, "lost:green"], "no result"),
    (lambda f: ["....../....../....../......", *f[1:]], "6 lines"),
])
def test_bad_position_text_says_what_is_wrong(edit, words):
    fields = G.position_text(position(hands=("1234", "5566"))).split()
    with pytest.raises(ParseError, match=words):
        G.parse_position(" ".join(edit(fields)))


def test_hands_are_read_in_any_order_and_written_sorted():
    s = position(hands=("S321", "6655"))
    assert G.position_text(s).split()[3] == "123S/5566"
