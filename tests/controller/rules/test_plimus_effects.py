"""What Plimus moves do to the physical stones: the contract the session matches sensors on."""

from __future__ import annotations

import pytest

from controller.physical import SenseMode, project
from controller.rules.base import Change
from controller.rules.plimus import Pass
from tests.controller.rules.plimus_positions import G, position


def effect_of(state, text):
    return G.effect(state, G.parse_move(state, text))


def test_a_step_empties_one_node_and_fills_another():
    e = effect_of(position({"e5": "B"}), "e5-e6")
    assert e.changes == (Change("e5", ("blue+",), ()), Change("e6", (), ("blue+",)))
    assert e.touched == {"e5", "e6"} and e.path == ("e5", "e6") and e.unseen == ()


def test_a_split_shrinks_the_double_and_a_join_grows_the_single():
    e = effect_of(position({"e5": "(bB)", "e6": "b"}), "e5^-e6")
    kinds = {c.position: c.kind for c in e.changes}
    assert kinds == {"e5": "shrinks", "e6": "grows"}
    assert dict((c.position, c.after) for c in e.changes) == {
        "e5": ("blue-",), "e6": ("blue-", "blue+")}


def test_a_whole_double_moves_as_a_stack():
    e = effect_of(position({"e5": "(bB)"}), "e5-e6")
    assert e.changes == (Change("e5", ("blue-", "blue+"), ()),
                         Change("e6", (), ("blue-", "blue+")))


def test_a_multi_jump_names_every_landing_in_its_path():
    e = effect_of(position({"e3": "B", "e4": "r", "e6": "r"}), "e3:e5:e7")
    assert e.path == ("e3", "e5", "e7")
    assert e.changed == {"e3", "e7"} and e.touched == {"e3", "e7"}  # e5: empty before, after


def test_a_capture_empties_the_captured_node_and_fills_the_pole_which_no_sensor_sees():
    s = position({"e5": "(bB)", "e6": "(Rr)"})
    move = G.parse_move(s, "e5:e7 xe6>NE/SW")
    e = G.effect(s, move)
    kinds = {c.position: c.kind for c in e.changes}
    assert kinds == {"e5": "empties", "e6": "empties", "e7": "fills", "SW": "fills",
                     "NE": "fills"}
    assert e.unseen == ("pole",)
    assert G.move_facets(s, move) == {"pole e6": "NE/SW"}
    assert G.facets_need_confirmation(s, move)
    plain = G.parse_move(s, "e5:e7")
    assert G.move_facets(s, plain) == {} and G.effect(s, plain).unseen == ()


def test_stones_leaving_a_pole_shrink_it():
    e = effect_of(position({"SW": "BBb"}), "SW[+/-]-c1")
    assert e.changes == (Change("c1", (), ("blue-", "blue+")),
                         Change("SW", ("blue+", "blue+", "blue-"), ("blue+",)))
    assert e.touched == {"c1", "SW"}


def test_the_blank_stone_and_a_pass():
    s = G.setup("two-player-extended")
    assert effect_of(s, "blank c5").changes == (Change("c5", (), ("blank",)),)
    stuck = position({"e1": "B", "d1": "R", "f1": "R", "e2": "R"})
    assert G.effect(stuck, Pass()).changes == ()


def test_polarity_shows_the_sign_and_a_double_its_upper_stone():
    assert [G.polarity(p) for p in ("blue+", "red-", "green+", "yellow-", "blank")] == [
        1, -1, 1, -1, 1]
    lay = G.layout(position({"e5": "(bB)", "e6": "(Rr)"}))
    assert project(lay["e5"], SenseMode.POLARITY, G.polarity) == 1
    assert project(lay["e6"], SenseMode.POLARITY, G.polarity) == -1


def test_geometry_nodes_and_poles():
    geo = G.geometry("four-player")
    assert len(geo.cells) == 84 and geo.zones == ("SW", "SE", "NW", "NE")
    assert geo.shape == "node" and geo.positions == G.geometry("two-player").positions
    assert geo.distance("c1", "d1") == pytest.approx(1) and geo.distance("c1", "d2") > 1
    assert geo.coords["NE"] == (8.5, 8.5)


def test_layout_and_piece_names():
    lay = G.layout(G.setup())
    assert len(lay) == 24 and lay["c1"] == ("blue+",) and lay["c10"] == ("red-",)
    assert G.piece_name("red-") == "red minus stone"
    assert G.piece_name("blue+", plural=True) == "blue plus stones"
    assert G.piece_name("blank") == "blank stone"


def test_the_view_carries_the_position_and_the_pages_get_the_board_once():
    view = G.view(position({"e5": "(bB)", "SW": "Rr", "c5": "*"},
                           variant="two-player-extended"), "red")
    assert view["nodes"]["e5"] == ["blue-", "blue+"] and view["blank"] == "c5"
    assert view["poles"]["SW"] == {"red+": 1, "red-": 1} and view["poles"]["NE"] == {}
    assert view["seat"] == "red" and view["to_move"] == "blue" and view["move_limit"] == 200
    # The board file's drawing never changes in a game: the pages get it with the geometry
    # (its extras), not with every snapshot (issue 30: 3.9 KB no page read).
    assert "board" not in view
    from web_ui.games import geometry_extras
    board = geometry_extras(G, "two-player-extended")
    assert len(G.geometry("two-player-extended").cells) == 84
    assert set(board["poles"]) == {"SW", "SE", "NW", "NE"}
    assert board["start"]["c1"] == ["blue", "+"] and board["dots"] == ["d4", "d7", "g4", "g7"]
    assert ["SW", "c3", "d4", "e5", "f6", "g7", "h8", "NE"] in board["lines"]
