"""The physical DRHOMBIX: positions, stacks, effects, what a base-only board cannot see,
which LEDs stand for an upper position, and the shipped board profiles."""

from __future__ import annotations

import itertools
import math

import pytest

from controller.physical import SenseMode
from controller.rules.base import Change
from controller.rules.drhombix import DRHOMBIX as G
from hardware.profiles import load_profile, shipped_profiles
from tests.controller.rules.drhombix_positions import position


def effect_of(state, text):
    return G.effect(state, G.parse_move(state, text))


# ---- positions --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant, cells", [("cuckoo-square", 30), ("cuckoo-triangle", 20),
                                            ("ant-square", 30), ("ant-triangle", 20)])
def test_geometry_names_every_level_and_the_reserves(variant, cells):
    geo = G.geometry(variant)
    assert len(geo.cells) == cells and geo.shape == "pyramid"
    assert geo.cells[0] == "0a1" and geo.cells[-1] == "3a1"
    assert geo.zones == (("taken-first", "taken-second") if variant.startswith("ant")
                         else ("reserve-w", "reserve-b"))
    # Neighbours on one level are 1 apart; an upper piece sits over the middle of its supports.
    assert geo.distance("0a1", "0b1") == pytest.approx(1) == geo.distance("1a1", "1b1")
    assert geo.distance("0a1", "0a2") == pytest.approx(1)


def test_an_upper_piece_is_drawn_over_the_centre_of_what_carries_it():
    for variant, supports in (("cuckoo-square", ("0a1", "0b1", "0a2", "0b2")),
                              ("cuckoo-triangle", ("0a1", "0b1", "0a2"))):
        coords = G.geometry(variant).coords
        x = sum(coords[p][0] for p in supports) / len(supports)
        y = sum(coords[p][1] for p in supports) / len(supports)
        assert math.dist(coords["1a1"], (x, y)) == pytest.approx(0)


def test_layout_gives_every_position_its_own_stack_and_the_reserves_their_pieces():
    s = position({"0a1 0b1 0a2 0b2": "b", "1a1": "w"}, reserves=(14, 11))
    layout = G.layout(s)
    assert layout["1a1"] == ("w",) and layout["0a1"] == ("b",)
    assert layout["reserve-w"] == ("w",) * 14 and layout["reserve-b"] == ("b",) * 11
    assert set(G.layout(G.setup("ant-triangle")).values()) == {("o",)}
    assert G.piece_name("w") == "white piece" and G.piece_name("o", plural=True) == "pieces"


# ---- effects ----------------------------------------------------------------------------------


def test_a_placement_takes_a_piece_from_the_reserve():
    e = effect_of(G.setup(), "+0b2")
    assert e.changes == (Change("0b2", (), ("w",)),
                         Change("reserve-w", ("w",) * 15, ("w",) * 14))
    assert e.touched == {"0b2", "reserve-w"} and e.unseen == ()


def test_a_capture_empties_the_position_and_grows_the_captors_reserve_in_its_colour():
    e = effect_of(position({"0a1": "w", "0b1": "b"}, reserves=(14, 14)), "+0c1")
    assert {c.position: c.kind for c in e.changes} == {"0b1": "empties", "0c1": "fills"}
    # A raise takes nothing from the reserve, so the taken piece shows there: turned over.
    rows = "0a1 0b1 0c1 0d1 0a2 0b2 0c2 0d2"
    s = position({rows: "b", "1a1": "w", "1b1": "b", "0a4": "w"}, reserves=(2, 17))
    e2 = effect_of(s, "0a4-1c1")
    assert {c.position: c.kind for c in e2.changes} == {
        "0a4": "empties", "1b1": "empties", "1c1": "fills", "reserve-w": "grows"}
    assert e2.changes[-1] == Change("reserve-w", ("w", "w"), ("w", "w", "w"))
    assert e2.unseen == ("target",) and e2.touched == {"0a4", "1b1", "1c1", "reserve-w"}


def test_the_ant_game_puts_what_a_player_takes_off_in_their_own_taken_area():
    start = G.setup("ant-square")
    assert "taken-first" not in G.layout(start)
    first = effect_of(start, "x3a1")
    assert set(first.changes) == {Change("3a1", ("o",), ()),
                                  Change("taken-first", (), ("o",))}
    s = G.play(start, G.parse_move(start, "x3a1"))
    s = G.play(s, G.parse_move(s, "x2a1x2b2"))
    assert G.layout(s)["taken-first"] == ("o",) and G.layout(s)["taken-second"] == ("o",) * 2
    assert G.view(s, None)["taken"] == {"first": 1, "second": 2}
    assert G.position_text(s).endswith(" first 1 2")
    assert G.parse_position(G.position_text(s), "ant-square") == s
    raised = G.play(s, G.parse_move(s, "1a1-2a1"))  # a raise takes nothing off
    assert raised.reserves == (1, 2)


def test_an_ant_position_text_counts_every_piece_once_it_names_the_taken_ones():
    from controller.errors import ParseError
    with pytest.raises(ParseError, match="together they are more than the pyramid's 20"):
        G.parse_position("oooooooooo/oooooo/ooo/. second 2 0", "ant-triangle")
    with pytest.raises(ParseError, match="2 fields, the board and the side to move"):
        G.parse_position("oooooooooo/oooooo/ooo/. second 1", "ant-triangle")
    # Set up by hand without the counts: nobody is known to have taken anything.
    assert G.parse_position("oooooooooo/oooooo/ooo/. second", "ant-triangle").reserves == (0, 0)


def test_a_raise_above_the_base_names_its_unseen_parts():
    s = position({"0a1 0b1 0c1 0a2 0b2 0c2": "b", "0d4": "w"}, reserves=(11, 12))
    move = G.parse_move(s, "0d4-1b1")
    e = G.effect(s, move)
    assert {c.position: c.kind for c in e.changes} == {"0d4": "empties", "1b1": "fills"}
    assert e.unseen == ("target",) and G.move_facets(s, move) == {"target": "1b1"}
    assert not G.facets_need_confirmation(s, move)  # where a piece went is public


def test_facets_name_the_source_target_capture_and_removals_above_the_base():
    nest = position({"0a1 0b1 0a2": "w", "0c2 0d2 0c3 0d3 1c2 0d4": "b"})
    assert G.move_facets(nest, G.parse_move(nest, "+0b2x1c2")) == {"capture": "1c2"}
    assert G.move_facets(nest, G.parse_move(nest, "+0b2x0d4")) == {}
    ant = G.apply(G.setup("ant-square"), G.parse_move(G.setup("ant-square"), "x3a1"))
    assert G.move_facets(ant, G.parse_move(ant, "x2a1x2b2")) == {"removed": "2a1,2b2"}
    base = " ".join(f"0{c}{r}" for c in "abcd" for r in "1234")
    later = position({base + " 1a1 1b1 1a2 1b2 1c3": "o"}, variant="ant-square")
    assert G.move_facets(later, G.parse_move(later, "1c3-2a1")) == {"source": "1c3",
                                                                   "target": "2a1"}
    assert "1c3-2a1" in {G.move_text(m) for m in G.legal_moves(later)}


# ---- lights -----------------------------------------------------------------------------------


def test_an_upper_position_is_lit_by_the_base_positions_beneath_it():
    lit = G.lit_positions
    assert lit("cuckoo-square", "0c3") == ("0c3",)
    assert lit("cuckoo-square", "1b1") == ("0b1", "0c1", "0b2", "0c2")
    assert set(lit("cuckoo-square", "2b2")) == {f"0{c}{r}" for c in "bcd" for r in (2, 3, 4)}
    assert len(lit("cuckoo-square", "3a1")) == 16
    assert lit("cuckoo-triangle", "1b1") == ("0b1", "0c1", "0b2")
    assert set(lit("cuckoo-triangle", "2a1")) == {"0a1", "0b1", "0c1", "0a2", "0b2", "0a3"}
    assert lit("cuckoo-square", "reserve-w") == ("reserve-w",)


@pytest.mark.parametrize("variant", ["cuckoo-square", "cuckoo-triangle"])
def test_every_position_has_its_own_pattern_of_lights(variant):
    # A target two levels up never looks like one a level up, or like another position.
    patterns = [frozenset(G.lit_positions(variant, p)) for p in G.geometry(variant).cells]
    assert len(set(patterns)) == len(patterns)


# ---- the shipped profiles ---------------------------------------------------------------------


def test_the_drhombix_profiles_are_shipped():
    assert {"drhombix", "drhombix-full", "drhombix-triangle",
            "drhombix-triangle-full"} <= set(shipped_profiles())


@pytest.mark.parametrize("name, variant, upper_sensed", [
    ("drhombix", "cuckoo-square", False), ("drhombix-full", "cuckoo-square", True),
    ("drhombix-triangle", "cuckoo-triangle", False),
    ("drhombix-triangle-full", "cuckoo-triangle", True)])
def test_a_profile_senses_the_base_and_maybe_the_upper_levels(name, variant, upper_sensed):
    spec = load_profile(name).spec
    geo = G.geometry(variant)
    base = {p for p in geo.cells if p.startswith("0")}
    assert spec.game == "drhombix" and spec.sense is SenseMode.PRESENCE
    assert spec.sensed == (set(geo.cells) if upper_sensed else base)
    # LEDs under the base and beside it only: an upper position borrows its supports'.
    assert set(spec.led_index) == base | {"reserve-w", "reserve-b"}
    assert spec.buttons == ("end-turn",)


@pytest.mark.parametrize("name, variant", [("drhombix", "cuckoo-square"),
                                           ("drhombix-triangle", "cuckoo-triangle")])
def test_the_pixel_chain_runs_from_neighbour_to_neighbour(name, variant):
    geo = G.geometry(variant)
    chain = [p for p in load_profile(name).spec.leds if p and p.startswith("0")]
    for a, b in itertools.pairwise(chain):
        assert geo.distance(a, b) == pytest.approx(1.0), (a, b)


def test_the_gpio_builds_wire_a_diode_matrix_and_the_full_builds_a_microcontroller():
    square, triangle = load_profile("drhombix"), load_profile("drhombix-triangle")
    assert square.wiring.matrix.crossings == 16 and triangle.wiring.matrix.crossings == 10
    assert square.spec.sensors[square.wiring.matrix.index(3, 3)] == "0d4"
    assert load_profile("drhombix-full").wiring.matrix is None
    assert load_profile("drhombix-full").spec.sensors[29] == "3a1"


def test_a_drhombix_profile_naming_a_position_the_game_lacks_is_refused(tmp_path):
    from importlib import resources

    from hardware.errors import ProfileError
    text = resources.files("hardware").joinpath("profiles", "drhombix.toml").read_text()
    assert '"0a4", "0b4", "0c4", "0d4",   # matrix row 3' in text
    path = tmp_path / "board.toml"
    path.write_text(text.replace('"0a4", "0b4", "0c4", "0d4",   # matrix row 3',
                                 '"0a4", "0b4", "0c4", "4a1",   # matrix row 3'))
    with pytest.raises(ProfileError, match="'positions' names '4a1', which the game does not"):
        load_profile(path)


def test_a_hand_set_ant_position_has_successors_whose_text_reads_back(capsys):
    # Issue 27: a position set up by hand without the taken counts (one piece left, the rest
    # put aside) has successors that write the counts ("second 1 0"), which the reader used
    # to refuse (one piece on the board and one taken are not the pyramid's 30).
    from boardlight.cli import main
    text = "....o.........../........./..../. first"
    assert main(["rules", "drhombix", "--variant", "ant-square", "--position", text,
                 "--successors"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["................/........./..../. second 1 0"]
    for line in lines:
        assert main(["rules", "drhombix", "--variant", "ant-square", "--position", line,
                     "--show"]) == 0
    s = G.parse_position(text, "ant-square")
    for _move, after in G.successors(s):
        back = G.parse_position(G.position_text(after), "ant-square")
        assert back == after and back.reserves == (1, 0)
        assert G.outcome(back).winners == ("second",)


@pytest.mark.parametrize("variant", ["ant-square", "ant-triangle"])
def test_every_ant_position_played_from_a_hand_set_one_reads_back(variant):
    import random

    from controller.rules.drhombix.board import board
    b = board(G.variant(variant).options["board"])
    rng = random.Random(variant)
    for _ in range(40):
        s = G.setup(variant)
        for _ in range(rng.randint(1, 12)):  # take pieces away by hand: a position to set up
            s = G.play(s, rng.choice(G.legal_moves(s)))
            if G.outcome(s) is not None:
                break
        if G.outcome(s) is not None:
            continue
        hand_set = G.parse_position(f"{G.position_text(s).split()[0]} {G.to_move(s)}", variant)
        assert hand_set.reserves == (0, 0)
        s = hand_set
        while G.outcome(s) is None:
            text = G.position_text(s)
            assert G.parse_position(text, variant) == s, text
            s = G.play(s, rng.choice(G.legal_moves(s)))
        assert G.parse_position(G.position_text(s), variant) == s
        assert s.occupied.bit_count() + sum(s.reserves) <= b.size
