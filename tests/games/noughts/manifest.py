"""The test game's manifest: everything the house needs, from this package alone."""

from __future__ import annotations

from pathlib import Path

from controller.rules.manifest import N_, Manifest, Np_, VariantWords
from tests.games.noughts.game import NOUGHTS

HERE = Path(__file__).resolve().parent
PROFILE = HERE / "noughts.toml"

MANIFEST = Manifest(
    game=NOUGHTS,
    title=N_("Noughts and crosses"),
    seats={"x": N_("Crosses"), "o": N_("Noughts")},
    colours={"x": "red", "o": "blue"},
    pieces={"x": Np_("cross", "crosses"), "o": Np_("nought", "noughts")},
    variants={"standard": VariantWords(
        N_("Standard"),
        N_("Crosses against Noughts on nine cells; each holds one hidden card that claims its "
           "cell once."))},
    sensing="presence",
    assets=HERE,
)
