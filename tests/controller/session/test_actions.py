from __future__ import annotations

import pytest

from controller.session import actions as a


@pytest.mark.parametrize("raw, value", [
    ({"type": "end-turn"}, a.EndTurn()),
    ({"type": "choose", "move": " C3D3 "}, a.Choose("C3D3")),
    ({"type": "move", "move": "+E5"}, a.DeclareMove("+E5")),
    ({"type": "declare", "facets": {"tile": "3"}}, a.Declare({"tile": "3"})),
    ({"type": "cancel"}, a.Cancel()),
    ({"type": "takeback", "accept": False}, a.AnswerTakeback(False)),
    ({"type": "resign"}, a.ResignAction()),
    ({"type": "draw", "offer": True}, a.DrawAction(False)),
    ({"type": "draw", "accept": True}, a.DrawAction(True)),
])
def test_well_formed_actions(raw, value):
    assert a.parse_action(raw) == value


@pytest.mark.parametrize("raw, message", [
    ("end-turn", "JSON object"),
    ({}, "unknown action type None"),
    ({"type": "jump"}, "the types are: end-turn"),
    ({"type": "choose"}, "needs 'move'"),
    ({"type": "choose", "move": 5}, "needs 'move'"),
    ({"type": "choose", "move": "x" * 300}, "longer than 200"),
    ({"type": "end-turn", "move": "C3D3"}, "has no field 'move'"),
    ({"type": "declare", "facets": {}}, "'facets'"),
    ({"type": "declare", "facets": {"tile": 3}}, "'facets'"),
    ({"type": "takeback", "accept": "yes"}, "true or false"),
    ({"type": "draw"}, "true or false"),
    ({"type": "draw", "offer": True, "accept": True}, "not both"),
    ({"type": "draw", "offer": False}, "must be true"),
])
def test_malformed_actions_say_what_is_wrong(raw, message):
    with pytest.raises(a.ActionError, match=message):
        a.parse_action(raw)
