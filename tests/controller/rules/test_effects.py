"""What moves do to the physical pieces: the contract the game session matches sensors on."""

from __future__ import annotations

from controller.rules.abalone import ABALONE as G
from controller.rules.base import Change
from tests.controller.rules.abalone_positions import position


def effect_of(state, text):
    return G.effect(state, G.parse_move(state, text))


def test_a_single_step_empties_one_cell_and_fills_another():
    e = effect_of(G.setup(), "C3D3")
    assert e.changes == (Change("C3", ("b",), ()), Change("D3", (), ("b",)))
    assert [c.kind for c in e.changes] == ["empties", "fills"]
    assert e.touched == {"C3", "D3"} and e.path == () and e.unseen == ()


def test_a_push_does_not_require_touching_the_contact_cell():
    e = effect_of(position({"E3 E4": "b", "E5": "w"}), "E3E4")
    assert e.touched == {"E3", "E6"}


def test_an_inline_push_recolours_the_contact_cell():
    e = effect_of(position({"E3 E4": "b", "E5": "w"}), "E3E4")
    kinds = {c.position: c.kind for c in e.changes}
    assert kinds == {"E3": "empties", "E5": "recolours", "E6": "fills"}


def test_a_push_off_the_board_grows_the_tray():
    e = effect_of(position({"E6 E7 E8": "b", "E9": "w"}), "E6E7")
    kinds = {c.position: c.kind for c in e.changes}
    assert kinds == {"E6": "empties", "E9": "recolours", "tray-w": "fills"}
    e2 = effect_of(position({"E6 E7 E8": "b", "E9": "w"}, lost=(0, 2)), "E6E7")
    assert {c.position: c.kind for c in e2.changes}["tray-w"] == "grows"


def test_placement_takes_from_the_supply():
    s = G.setup("free-placement")
    e = effect_of(s, "+E5")
    assert {c.position: c.kind for c in e.changes} == {"E5": "fills", "supply-b": "shrinks"}


def test_geometry_names_every_cell_and_zone():
    geo = G.geometry("free-placement")
    assert len(geo.cells) == 61 and geo.cells[0] == "A1" and geo.cells[-1] == "I9"
    assert set(geo.zones) == {"tray-b", "tray-w", "supply-b", "supply-w"}
    assert abs(geo.distance("A1", "A2") - 1) < 1e-9 and abs(geo.distance("A1", "B2") - 1) < 1e-9
    assert abs(geo.distance("A1", "B1") - 1) < 1e-9


def test_polarity_tells_black_from_white():
    assert G.polarity("b") == 1 and G.polarity("w") == -1
