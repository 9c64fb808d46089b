"""The shipped Crosswise board profiles (``hardware/profiles/crosswise*.toml``)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from controller.physical import SenseMode
from controller.rules.crosswise import CROSSWISE as G
from controller.rules.crosswise.physical import SUPPLY_ACTION, SUPPLY_SYMBOL, USED_SLOTS
from controller.rules.crosswise.tiles import CELL_NAMES, FULL_SET, kind_of
from hardware.profiles import SpiPixelWiring, load_profile, shipped_profiles

SLOTS = [slot for slots in USED_SLOTS.values() for slot in slots]


def test_both_profiles_ship_and_load_by_name():
    assert {"crosswise", "crosswise-tag"} <= set(shipped_profiles())
    assert load_profile("crosswise.toml").spec == load_profile("crosswise").spec


def test_the_presence_profile_senses_every_cell_and_slot_on_an_8_by_6_matrix():
    p = load_profile("crosswise")
    spec = p.spec
    assert (spec.game, spec.sense) == ("crosswise", SenseMode.PRESENCE)
    assert spec.sensors == (*CELL_NAMES, *SLOTS)
    m = p.wiring.matrix
    assert (len(m.rows), len(m.columns), m.crossings) == (8, 6, 48)
    assert spec.sensors[m.index(6, 0)] == "used-move-1"
    assert p.wiring.leds == SpiPixelWiring(0, 0, 6_400_000, "GRB", 0.3, 2000)
    assert spec.buttons == ("end-turn",)


@pytest.mark.parametrize("name", ["crosswise", "crosswise-tag"])
def test_lights_are_on_cells_and_slots_never_on_the_supply(name):
    spec = load_profile(name).spec
    assert set(spec.leds) == {*CELL_NAMES, *SLOTS}
    hidden = {*SUPPLY_SYMBOL.values(), *SUPPLY_ACTION.values()}
    assert not hidden & (set(spec.leds) | spec.sensed)


def test_the_pixel_chain_only_steps_to_a_neighbour():
    geo = G.geometry()
    chain = load_profile("crosswise").spec.leds
    for a, b in itertools.pairwise(chain):
        assert geo.distance(a, b) <= 1.81, (a, b)  # one cell, or the gap to the slots


def test_the_tag_profile_names_every_tile_once():
    spec = load_profile("crosswise-tag").spec
    assert spec.sense is SenseMode.TAG and spec.sensors == (*CELL_NAMES, *SLOTS)
    assert load_profile("crosswise-tag").wiring.matrix is None  # read by a microcontroller
    assert Counter(spec.tags.values()) == {kind_of(t): n for t, n in FULL_SET.items()}
    assert len(spec.tags) == 54
