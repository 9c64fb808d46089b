"""The shipped Rhombus board profile, and ``boardlight simulate`` running on it."""

from __future__ import annotations

import itertools
import json

import pytest

from boardlight.cli import main
from controller.physical import SenseMode
from controller.rules.rhombus import RHOMBUS as G
from controller.rules.rhombus.board import NAMES
from hardware.profiles import SpiPixelWiring, load_profile, shipped_profiles


def test_the_rhombus_profile_reads_every_square_with_presence_sensing():
    p = load_profile("rhombus")
    spec = p.spec
    assert "rhombus" in shipped_profiles()
    assert (spec.name, spec.game, spec.sense) == ("rhombus", "rhombus", SenseMode.PRESENCE)
    assert spec.sensors == NAMES and spec.sensed == frozenset(NAMES)
    m = p.wiring.matrix
    assert m is not None and m.rows == (4, 5, 6, 12, 13) and m.crossings == 25
    assert spec.sensors[m.index(2, 2)] == "c3"
    assert p.wiring.leds == SpiPixelWiring(0, 0, 6_400_000, "GRB", 0.3, 1500)
    assert spec.buttons == ("end-turn",)


def test_every_zone_of_every_variant_has_a_light_and_the_chain_runs_square_to_square():
    spec = load_profile("rhombus").spec
    geometry = G.geometry("four-player")
    for a, b in itertools.pairwise(spec.leds[:25]):
        assert geometry.distance(a, b) == pytest.approx(1.0), (a, b)
    for variant in G.variants:
        assert set(G.geometry(variant).positions) <= set(spec.leds), variant
    assert len(spec.leds) == 33


def test_boardlight_simulate_plays_rhombus_on_the_shipped_profile(capsys, tmp_path):
    script = tmp_path / "script.jsonl"
    lines = [{"t": 0.2, "phone": {"seat": "r", "type": "declare", "facets": {"cards": "KD"}}},
             {"t": 0.5, "lift": "b1"}, {"t": 0.9, "place": "d1"},
             {"t": 2.0, "phone": {"seat": "b", "type": "move", "move": "8S"}}]
    script.write_text("\n".join(json.dumps(x) for x in lines))
    assert main(["simulate", "--game", "rhombus", "--script", str(script), "--leds"]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(x["commit"], x["how"]) for x in out if "commit" in x] == [("KD b1-d1", "sensors"),
                                                                       ("8S", "phone")]
    hints = next(x for x in out if x.get("reason") == "hints")
    assert set(hints["leds"]) == {"b3", "c2", "d1"}   # the kings' squares from b1
