from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from controller.errors import BoardError, UnknownGameError, UnknownVariantError
from controller.rules import GAMES, MANIFESTS, find_game, manifest_of
from controller.rules.manifest import Manifest, VariantWords
from controller.rules.registry import register, registered
from tests.support.toygame import TOY

ROOT = Path(__file__).resolve().parents[3]


def test_find_game_by_name_any_case():
    assert find_game(" Abalone ") is GAMES["abalone"]


def test_unknown_game_lists_the_games():
    with pytest.raises(UnknownGameError, match="the games are: abalone") as err:
        find_game("chess")
    assert isinstance(err.value, LookupError) and isinstance(err.value, BoardError)


def test_unknown_variant_lists_the_variants():
    with pytest.raises(UnknownVariantError, match="belgian-daisy"):
        find_game("abalone").variant("dutch-daisy")


def test_every_game_meets_the_contract_at_its_start():
    for game in GAMES.values():
        for name in game.variants:
            state = game.setup(name, seed=5)
            assert game.setup(name, seed=5) == state  # seeded: the same seed, the same game
            text = game.position_text(state)
            assert game.parse_position(text, name) == state
            assert game.view(state, None)["position"]
            seats = game.seats(state)
            assert game.to_move(state) in seats
            geo = game.geometry(name)
            assert set(game.layout(state)) <= set(geo.positions)


def test_the_registry_names_the_games_by_their_manifests_files_without_importing_one():
    code = ("import sys; from controller.rules import GAMES; names = list(GAMES); "
            "loaded = [m for m in sys.modules if m.startswith('controller.rules.') "
            "and m.count('.') == 2 and m not in ('controller.rules.base', "
            "'controller.rules.manifest', 'controller.rules.registry')]; print(names, loaded)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.split("] [")[0].strip("[") == \
        "'abalone', 'crosswise', 'drhombix', 'plimus', 'rhombus'"
    assert out.stdout.strip().endswith("[]"), out.stdout  # no game imported


def test_a_game_kept_elsewhere_joins_by_its_manifest_and_leaves_again():
    manifest = Manifest(game=TOY, title="Toy", seats={"n": "North", "s": "South"},
                        colours={"n": "black", "s": "white"},
                        pieces={"r": ("red token", "red tokens"),
                                "b": ("blue token", "blue tokens")},
                        variants={"standard": VariantWords("Standard",
                                                           "six cells, hidden hands")})
    assert manifest_of(TOY) is None  # a game object no manifest registered: English words
    with registered(manifest):
        assert find_game("toy") is TOY and manifest_of(TOY) is manifest
        assert "toy" in GAMES and MANIFESTS["toy"].gaps() == []
        with pytest.raises(ValueError, match="already registered"):
            register(manifest)
    assert "toy" not in GAMES and manifest_of(TOY) is None
    with pytest.raises(UnknownGameError):
        find_game("toy")


def test_a_manifest_says_what_it_leaves_unsaid():
    manifest = Manifest(game=TOY, title="Toy", seats={"n": "North"}, colours={},
                        pieces={"r": ("red token", "red tokens")},
                        variants={"standard": VariantWords("Standard", "six cells")})
    assert manifest.gaps() == [
        "piece b: no words", "seat n: no colour", "seat s: no colour", "seat s: no name",
        "variant standard: summary 'six cells' differs from the rules core's "
        "'six cells, hidden hands'"]
    with pytest.raises(ValueError, match="sensing 'sonar'"):
        Manifest(game=TOY, title="Toy", seats={}, colours={}, pieces={}, variants={},
                 sensing="sonar")
