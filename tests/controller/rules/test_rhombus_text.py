"""Rhombus position text and move text: exact round trips, and errors that say what to write."""

from __future__ import annotations

import pytest

from controller.errors import ParseError
from controller.rules.base import AgreeDraw, Resign, TimeForfeit
from tests.controller.rules.rhombus_positions import G, position


def test_the_two_player_start_reads_as_documented():
    text = G.position_text(G.setup("two-player", seed=0))
    assert text.startswith("...bb/....b/...../r..../rr... r reserve=3,3 out=0,0 r=")
    assert text.endswith(" seed=0 shuffles=0 ply=0")
    assert G.parse_position(text, "two-player") == G.setup("two-player", seed=0)


@pytest.mark.parametrize("variant", ["two-player", "four-player", "formation",
                                     "formation-four-player"])
def test_every_start_round_trips(variant):
    for seed in range(5):
        s = G.setup(variant, seed)
        text = G.position_text(s)
        assert G.parse_position(text, variant) == s
        assert G.position_text(G.parse_position(text, variant)) == text


@pytest.mark.parametrize("move", [Resign("b"), AgreeDraw(), TimeForfeit("r")])
def test_finished_games_round_trip(move):
    s = G.apply(G.setup(seed=2), move)
    text = G.position_text(s)
    assert "result=" in text and G.parse_position(text) == s


@pytest.mark.parametrize("text", ["QC a2-c3", "QC+KC* b1,a2-d1,c3", "7C+QC b2-d3 xd3",
                                  "9H+10H R-a1 xa1", "7C+7D+7S revive", "8S",
                                  "7C+9C+AC* c3,R-a1,c4 xa1", "6C+QC+AC*"])
def test_move_text_round_trips(text):
    s = G.setup()
    assert G.move_text(G.parse_move(s, text)) == text


def test_move_text_is_read_leniently_and_written_one_way():
    s = G.setup()
    assert G.move_text(G.parse_move(s, "kc*+qc  B1,A2-D1,C3")) == "QC+KC* b1,a2-d1,c3"


@pytest.mark.parametrize("text, says", [
    ("", "empty action"),
    ("QX a1-a2", "not a card"),
    ("QC a1-a9", "not a square"),
    ("QC a1-a2,a3", "1 pieces leave but 2 arrive"),
    ("QC a1-a1", "left and arrived"),
    ("QC a1 a2", "neither pieces"),
    ("QC xa1 xa2", "write the kills once"),
    ("QC a1,a1-b1,b2", "appears twice"),
])
def test_bad_move_text_says_what_to_write(text, says):
    with pytest.raises(ParseError, match=says):
        G.parse_move(G.setup(), text)


@pytest.mark.parametrize("edit, says", [
    (lambda t: t.replace("...bb/", "...bb", 1), "five ranks"),
    (lambda t: t.replace("...bb/", "...bq/", 1), "holds 'q'"),
    (lambda t: t.replace(" r reserve", " q reserve", 1), "seat to move"),
    (lambda t: t.replace("reserve=3,3", "reserve=3", 1), "2 counts"),
    (lambda t: t.replace("reserve=3,3", "reserve=4,3", 1), "r has 3 pieces"),
    (lambda t: t.replace(" ply=0", "", 1), "missing ply"),
    (lambda t: t + " colour=red", "unknown colour"),
    (lambda t: t.replace("discard=-", "discard=AS", 1), "too many AS"),
    (lambda t: t.replace(" seed=0", " seed=x", 1), "whole number"),
    (lambda t: t + " result=won:r", "result=draw"),
])
def test_bad_position_text_says_what_is_wrong(edit, says):
    text = G.position_text(G.setup(seed=0))
    with pytest.raises(ParseError, match=says):
        G.parse_position(edit(text))


def test_the_public_text_hides_hands_pile_and_seed():
    s = position({"r": "a1", "b": "e5"}, {"r": ("QC AC", "KS"), "b": ("6D", "9H")}, seed=31)
    public = G.view(s, None)["position"]
    assert public == ("....b/...../...../...../r.... r reserve=5,5 out=0,0 r=QC,AC/1 "
                      "b=6D/1 pile=31 discard=- ply=0")
    assert "KS" not in public and "9H" not in public and "seed" not in public
