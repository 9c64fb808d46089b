"""Hand scripts, the one format of ``boardlight simulate`` and ``boardlight emulator``: what a
script says, and every mistake refused with its line and what is expected."""

from __future__ import annotations

import json

import pytest

from controller.errors import BoardError
from controller.script import ScriptBoard, ScriptError, ScriptLine, parse_script

BOARD = ScriptBoard("the test board", ("A1", "A2", "tray-b"), ("end-turn",), ("b", "w"),
                    refused={"play": "this runner has no rules; write lifts and places"})


def lines(*items: object) -> list[str]:
    return [x if isinstance(x, str) else json.dumps(x) for x in items]


def test_every_kind_of_line_is_read():
    script = parse_script(lines(
        {"t": 0, "lift": "A1"},
        {"t": 0.4, "place": "A2"},
        {"t": 0.5, "place": "tray-b", "piece": "b"},
        {"t": 0.9, "button": "end-turn"},
        {"t": 1, "phone": {"seat": "b", "type": "choose", "move": "A1A2"}},
        {"t": 2, "play": "A1A2", "gap": 0.3},
    ))
    assert script == [
        ScriptLine(1, 0.0, "lift", "A1"),
        ScriptLine(2, 0.4, "place", "A2"),
        ScriptLine(3, 0.5, "place", "tray-b", piece="b"),
        ScriptLine(4, 0.9, "button", "end-turn"),
        ScriptLine(5, 1.0, "phone", {"seat": "b", "type": "choose", "move": "A1A2"}),
        ScriptLine(6, 2.0, "play", "A1A2", gap=0.3),
    ]
    assert all(isinstance(s.t, float) for s in script)


def test_lines_come_in_time_order_and_at_one_time_in_the_order_written():
    script = parse_script(lines({"t": 1, "lift": "A2"}, {"t": 0, "lift": "A1"},
                                {"t": 1, "place": "A1"}, {"t": 0.5, "button": "end-turn"}))
    assert [(s.line, s.t) for s in script] == [(2, 0.0), (4, 0.5), (1, 1.0), (3, 1.0)]


def test_blank_lines_and_comments_are_skipped_and_still_counted():
    script = parse_script(["", "# black opens", "   ", '  {"t": 0, "lift": "A1"}  ',
                           "  # indented comment"])
    assert [(s.line, s.kind) for s in script] == [(4, "lift")]
    assert parse_script([]) == []


@pytest.mark.parametrize(("line", "message"), [
    ("{nope", "not JSON (Expecting property name enclosed in double quotes)"),
    ("[1, 2]", 'a script line is a JSON object, like {"t": 0.5, "lift": "C3"}; got [1, 2]'),
    ('"lift A1"', "a script line is a JSON object"),
    ({"lift": "A1"}, "'t' is missing: every line says when, in seconds from the start"),
    ({"t": -1, "lift": "A1"}, "'t' must be a number of seconds, 0 or more; got -1"),
    ({"t": "soon", "lift": "A1"}, "'t' must be a number of seconds, 0 or more; got 'soon'"),
    ({"t": True, "lift": "A1"}, "'t' must be a number of seconds, 0 or more; got True"),
    ({"t": None, "lift": "A1"}, "'t' must be a number of seconds, 0 or more; got None"),
    ('{"t": NaN, "lift": "A1"}', "'t' must be a number of seconds, 0 or more; got nan"),
    ('{"t": Infinity, "lift": "A1"}', "'t' must be a number of seconds, 0 or more; got inf"),
    ({"t": 0}, "needs exactly one of lift, place, button, phone, play"),
    ({"t": 0, "lift": "A1", "place": "A2"},
     "needs exactly one of lift, place, button, phone, play; got lift, place"),
    ({"t": 0, "lift": "A1", "speed": 2},
     "unknown key 'speed' for a 'lift' line; allowed: lift, t"),
    ({"t": 0, "lift": "A1", "piece": "b"},
     "unknown key 'piece' for a 'lift' line; allowed: lift, t"),
    ({"t": 0, "play": "A1A2", "piece": "b"},
     "unknown key 'piece' for a 'play' line; allowed: gap, play, t"),
    ({"t": 0, "lift": 3}, "'lift' must be a position, as text; got 3"),
    ({"t": 0, "place": ""}, "'place' must be a position, as text; got ''"),
    ({"t": 0, "button": ["end-turn"]}, "'button' must be a button's name, as text"),
    ({"t": 0, "play": None}, "'play' must be a move's text, as text; got None"),
    ({"t": 0, "phone": "end-turn"},
     "'phone' must be an object, like {\"seat\": \"b\", \"type\": \"end-turn\"}"),
    ({"t": 0, "phone": {"type": "resign"}},
     "a phone action needs 'seat' (the seat whose phone acts)"),
    ({"t": 0, "phone": {"seat": "b"}},
     "a phone action needs 'type' (end-turn, choose, declare, move, ...)"),
    ({"t": 0, "phone": {"seat": 1, "type": "resign"}}, "a phone action needs 'seat'"),
    ({"t": 0, "place": "A1", "piece": 1},
     "'piece' must be a kind of piece as text, like \"w\"; got 1"),
    ({"t": 0, "play": "A1A2", "gap": -0.1},
     "'gap' must be a number of seconds, 0 or more; got -0.1"),
    ({"t": 0, "play": "A1A2", "gap": "slow"},
     "'gap' must be a number of seconds, 0 or more; got 'slow'"),
])
def test_every_mistake_names_its_line_and_what_is_expected(line, message):
    script = lines("# a comment", {"t": 0, "lift": "A1"}, line)
    with pytest.raises(ScriptError) as refused:
        parse_script(script)
    assert str(refused.value).startswith(f"line 3: {message}"), str(refused.value)
    assert isinstance(refused.value, BoardError) and isinstance(refused.value, ValueError)


@pytest.mark.parametrize(("line", "message"), [
    ({"t": 0, "lift": "Z9"}, "there is no position 'Z9' on the test board"),
    ({"t": 0, "place": "B1", "piece": "w"}, "there is no position 'B1' on the test board"),
    ({"t": 0, "button": "undo"}, "the test board has no button 'undo'; it has end-turn"),
    ({"t": 0, "place": "A1", "piece": "q"},
     "'q' is no piece of the test board; its pieces: b, w"),
    ({"t": 0, "play": "A1A2"},
     "'play' lines are not carried out here: this runner has no rules; write lifts and "
     "places"),
])
def test_what_the_board_lacks_is_refused_before_anything_runs(line, message):
    with pytest.raises(ScriptError) as refused:
        parse_script(lines({"t": 0, "lift": "A1"}, line), BOARD)
    assert str(refused.value) == f"line 2: {message}"
    parse_script(lines({"t": 0, "lift": "A1"}, line))  # without a board: not checked


def test_a_board_without_pieces_or_buttons_says_so():
    bare = ScriptBoard("a bare board", ("A1",), ())
    assert parse_script(lines({"t": 0, "place": "A1", "piece": "anything"}), bare)
    with pytest.raises(ScriptError, match="line 1: a bare board has no button 'end-turn'; "
                                          "it has none"):
        parse_script(lines({"t": 0, "button": "end-turn"}), bare)
