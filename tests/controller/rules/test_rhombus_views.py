"""What each seat may see: the table never sees a hand, the pile's order or the seed."""

from __future__ import annotations

import json

from tests.controller.rules.rhombus_positions import G, position

S = position({"r": "a1 c3", "b": "e5"}, {"r": ("QC 7H", "KS"), "b": ("6D", "9H")},
             discard="AD", seed=12345)


def test_the_table_sees_the_board_the_open_cards_and_counts_only():
    v = G.view(S, None)
    assert v["cells"] == {"a1": "r", "c3": "r", "e5": "b"}
    assert v["table"] == {"r": ["7H", "QC"], "b": ["6D"]}
    assert v["hand_size"] == {"r": 1, "b": 1} and v["pile"] == len(S.pile)
    assert v["discard"] == ["AD"] and v["reserve"] == {"r": 4, "b": 5}
    text = json.dumps(v)
    for secret in ("KS", "9H", "12345", "seed"):
        assert secret not in text
    assert "hand" not in v and "reach" not in v


def test_a_seat_sees_its_own_hand_and_what_it_can_declare_but_no_other_hand():
    v = G.view(S, "r")
    assert v["hand"] == ["KS"] and "9H" not in json.dumps(v)
    declared = {c["cards"]: c["kind"] for c in v["combinations"]}
    assert declared == {"7H": "single", "QC": "single", "KS*": "single"}
    assert v["reach"]["KS*"]["c3"] == ["c1", "b2", "d2", "a3", "e3", "b4", "d4", "c5"]
    assert v["reach"]["QC"]["a1"] == ["b1", "d1", "a2", "c2", "b3", "a4"]
    assert "KS" not in json.dumps(G.view(S, "b")) and G.view(S, "b")["hand"] == ["9H"]


def test_combinations_are_named_for_the_phone():
    s = position({"r": "a1", "b": "e5"}, {"r": ("6C 7C", "8C")})
    kinds = {c["cards"]: (c["kind"], c["uses_hand"]) for c in G.view(s, "r")["combinations"]}
    assert kinds["6C+7C"] == ("pair", False)
    assert kinds["6C+7C+8C*"] == ("straight flush", True)
    assert "6C+8C*" not in kinds


def test_blockades_and_the_partner_rule_are_shown():
    s = position({"r": "", "b": "b2 c3 d4", "y": "e1", "g": "a5"}, {"r": ("7C", "")},
                 variant="four-player", out={"r": 1}, reserve={"r": 3})
    v = G.view(s, None)
    assert v["blockades"] == ["b2", "c3", "d4"] and v["plays_with"]["r"] == "b"
    assert v["teams"] == [["r", "b"], ["y", "g"]] and v["scores"] == {"r+b": 3, "y+g": 2}
