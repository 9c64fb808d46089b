from __future__ import annotations

from controller.session.correction import describe, pair_up, wrong_positions


def line(a: str, b: str) -> float:
    return abs(int(a[1:]) - int(b[1:]))


def test_wrong_positions_split_into_extra_and_missing():
    target = {"p1": 1, "p2": 0, "p3": "w", "p4": "b"}
    reading = {"p1": 0, "p2": 1, "p3": "b", "p4": "b"}
    assert wrong_positions(target, reading, 0) == (["p2", "p3"], ["p1", "p3"])


def test_pairs_minimise_the_total_distance_where_nearest_first_would_not():
    # Nearest-first takes x5->m4 (1) and leaves x3->m8 (5): total 6.  The best is
    # x3->m4 (1) + x5->m8 (3): total 4.
    pairs = pair_up(["x3", "x5"], ["m4", "m8"], line)
    assert sorted(pairs) == [("x3", "m4"), ("x5", "m8")]


def test_leftovers_are_removals_or_missing_pieces():
    assert pair_up(["x1", "x9"], ["m2"], line) == [("x1", "m2"), ("x9", None)]
    assert pair_up(["x1"], ["m2", "m9"], line) == [("x1", "m2"), (None, "m9")]
    assert pair_up([], ["m2"], line) == [(None, "m2")]


def test_large_sets_fall_back_to_nearest_first_and_still_pair_everything():
    extra = [f"x{i}" for i in range(20)]
    missing = [f"m{i + 1}" for i in range(20)]
    pairs = pair_up(extra, missing, line)
    assert len(pairs) == 20 and {p[0] for p in pairs} == set(extra)


def test_words():
    assert describe([("E5", "A1")]) == "Move the piece on E5 back to A1."
    assert describe([("E5", None), (None, "A1"), ("C3", "C3")]) == (
        "Take the piece off E5; put a piece back on A1; put the right piece on C3.")
    assert describe([]) == ""
