"""What Crosswise moves do to the physical tiles: the footprints the session matches."""

from __future__ import annotations

import pytest

from controller.rules.crosswise import CROSSWISE as G
from controller.rules.crosswise.physical import SLOTS
from controller.session.moves import moves_of
from hardware.profiles import load_profile
from tests.controller.rules.crosswise_positions import position

A1_3_B2_5 = "....../....../....../....../.5..../3....."


def effect_of(state, text):
    return G.effect(state, G.parse_move(state, text))


def kinds(effect):
    return {c.position: c.kind for c in effect.changes}


def test_a_lay_fills_the_cell_from_the_supply_and_hides_its_tile():
    s = position(A1_3_B2_5, hands=("1234", "5566"))
    e = effect_of(s, "3c1")
    assert kinds(e) == {"c1": "fills", "supply-3": "shrinks"}
    assert e.touched == {"c1", "supply-3"} and e.unseen == ("tile",)
    move = G.parse_move(s, "3c1")
    assert G.move_facets(s, move) == {"tile": "3"} and G.facets_need_confirmation(s, move)


def test_a_move_puts_its_action_tile_on_the_next_move_slot():
    s = position(A1_3_B2_5, hands=("123M", "5566"), used="M")
    e = effect_of(s, "move a1 c3")
    assert kinds(e) == {"a1": "empties", "c3": "fills", "supply-move": "shrinks",
                        "used-move-2": "fills"}
    move = G.parse_move(s, "move a1 c3")
    assert e.unseen == () and G.move_facets(s, move) == {}
    assert not G.facets_need_confirmation(s, move)


def test_a_remove_returns_the_tile_to_its_supply_pile():
    s = position(A1_3_B2_5, hands=("123R", "5566"))
    e = effect_of(s, "remove a1")
    assert kinds(e) == {"a1": "empties", "supply-3": "grows", "supply-remove": "shrinks",
                        "used-remove-1": "fills"}


def test_a_replace_lifts_the_cell_and_hides_the_new_tile():
    s = position(A1_3_B2_5, hands=("124X", "5566"))
    e = effect_of(s, "replace a1 2")
    assert kinds(e) == {"a1": "recolours", "supply-2": "shrinks", "supply-3": "grows",
                        "supply-replace": "shrinks", "used-replace-1": "fills"}
    assert "a1" in e.touched and e.unseen == ("tile",)
    assert G.move_facets(s, G.parse_move(s, "replace a1 2")) == {"tile": "2"}


def test_a_swap_touches_both_cells():
    s = position(A1_3_B2_5, hands=("124S", "5566"))
    e = effect_of(s, "swap a1 b2")
    assert kinds(e) == {"a1": "recolours", "b2": "recolours", "supply-swap": "shrinks",
                        "used-swap-1": "fills"}
    assert {"a1", "b2", "used-swap-1"} <= e.touched


def test_an_exchange_of_equal_tiles_changes_no_cell_but_is_touched():
    s = position("....../....../....../....../.3..../3.....", hands=("124S", "356X"))
    e = effect_of(s, "swap a1 b2")
    assert kinds(e) == {"supply-swap": "shrinks", "used-swap-1": "fills"}
    assert {"a1", "b2"} <= e.touched


def test_a_pass_changes_nothing():
    s = position(hands=("MRXS", "1234"))
    e = effect_of(s, "pass")
    assert e.changes == () and e.touched == frozenset()


def test_with_presence_sensing_the_slot_tells_a_swap_and_a_replace_apart():
    spec = load_profile("crosswise").spec
    s = position(A1_3_B2_5, hands=("1XS5", "5566"))
    index = moves_of(G, s, spec)
    by_text = {fp.text: fp for fp in index.footprints}
    assert by_text["swap a1 b2"].diff == {("used-swap-1", 1)}
    assert by_text["swap a1 b2"].touched == {"a1", "b2", "used-swap-1"}
    assert by_text["replace a1 5"].diff == {("used-replace-1", 1)}
    assert by_text["replace a1 5"].touched == {"a1", "used-replace-1"}
    assert by_text["5c1"].diff == by_text["1c1"].diff == {("c1", 1)}


def test_the_table_sees_the_played_action_tiles_on_their_slots():
    s = position(A1_3_B2_5, hands=("1234", "5566"), used="MS")
    assert G.view(s, None)["cells"] == {"a1": "3", "b2": "5", "used-move-1": "move",
                                        "used-swap-1": "swap"}


def test_the_supply_and_slots_show_only_public_numbers():
    a = position(A1_3_B2_5, hands=("1234", "5566"), used="M")
    b = position(A1_3_B2_5, hands=("5566", "1234"), used="M")
    assert G.layout(a) == G.layout(b)
    layout = G.layout(a)
    assert layout["supply-3"] == ("3",) * 6 and layout["supply-5"] == ("5",) * 6
    assert layout["supply-move"] == ("move",) * 2 and layout["used-move-1"] == ("move",)
    assert "used-move-2" not in layout


def test_geometry_cells_slots_and_zones():
    geo = G.geometry()
    assert geo.cells[:2] == ("a1", "b1") and geo.cells[35] == "f6"
    assert geo.cells[36:] == SLOTS and len(SLOTS) == 12     # the slots are board cells
    assert len(geo.zones) == 10 and all(z.startswith("supply-") for z in geo.zones)
    assert geo.distance("a1", "b1") == pytest.approx(1.0)
    assert geo.distance("a1", "a2") == pytest.approx(1.0)
    assert geo.coords["used-move-3"][0] < 0 < 6 < geo.coords["supply-1"][0]
    assert G.geometry("three-player") == geo


def test_pieces_and_seats_in_words():
    assert G.piece_name("3") == "triangle tile" and G.piece_name("6", plural=True) == "star tiles"
    assert G.piece_name("swap", plural=True) == "swap tiles"
    assert G.piece_name("green-2") == "green-2 player"
