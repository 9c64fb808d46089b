"""Move counts from the starts: the rules page's first-move counts and perft figures that the
reference generator reproduces independently."""

from __future__ import annotations

import pytest

from controller.rules.drhombix import DRHOMBIX as G
from controller.rules.perft import perft, perft_full
from tests.controller.rules import drhombix_reference as ref


def reference_perft(variant: str, depth: int) -> int:
    v = G.variant(variant)
    shape, o = v.options["board"], v.options

    def count(board, mover, reserves, used, d):
        if d == 0:
            return 1
        nxt = "b" if mover == "w" else "w"
        return sum(count(after, nxt, res, used2, d - 1) for _, after, res, used2 in
                   ref.cuckoo_moves(shape, board, mover, reserves, used, o["sandwich"],
                                    o["nest"], o["inverted_nests"]))

    return count({}, "w", {"w": o["pieces"], "b": o["pieces"]}, set(), depth)


@pytest.mark.parametrize("variant, first", [("cuckoo-square", 16), ("cuckoo-triangle", 10)])
def test_first_move_counts_of_the_cuckoo_game(variant, first):
    # The rules page's reference facts: every base position, and nothing else, at the start.
    moves = G.legal_moves(G.setup(variant))
    assert len(moves) == first
    assert all(G.move_text(m).startswith("+0") for m in moves)


@pytest.mark.parametrize("variant, figures", [
    ("cuckoo-square", (16, 240, 3360, 43712)),
    ("cuckoo-square-no-sandwich", (16, 240, 3360, 43680)),
    ("cuckoo-triangle", (10, 90, 720, 5094)),
    ("cuckoo-triangle-no-captures", (10, 90, 720, 5076)),
    ("ant-square", (1, 10, 88, 1426)),
    ("ant-triangle", (1, 6, 39, 375)),
])
def test_perft_figures(variant, figures):
    start = G.setup(variant)
    assert tuple(perft(G, start, d) for d in (1, 2, 3, 4)) == figures
    assert perft_full(G, start, 3) == figures[2]


@pytest.mark.parametrize("variant, depth, leaves", [
    ("cuckoo-square", 4, 43712),            # a white sandwich at ply 3 frees a cell at ply 4
    ("cuckoo-square-no-sandwich", 4, 43680),
    ("cuckoo-triangle", 4, 5094),
])
def test_the_reference_reproduces_the_figures(variant, depth, leaves):
    assert reference_perft(variant, depth) == leaves


def test_the_only_first_move_of_the_ant_game_removes_the_apex():
    for variant in ("ant-square", "ant-triangle"):
        [move] = G.legal_moves(G.setup(variant))
        assert G.move_text(move) == "x3a1"
        after = G.apply(G.setup(variant), move)
        assert "3a1" not in G.view(after, None)["cells"]
