from __future__ import annotations

import pytest

from controller.session.debounce import Debouncer


def test_nothing_is_stable_until_every_sensor_has_held_for_n_scans():
    d = Debouncer(2, 3)
    assert d.feed((1, 0)) == [] and d.feed((1, 0)) == [] and not d.ready
    assert d.feed((1, 0)) == [(0, 1), (1, 0)] and d.ready


def test_a_bounce_shorter_than_n_scans_is_ignored():
    d = Debouncer(1, 3)
    for _ in range(3):
        d.feed((0,))
    for scan in [(1,), (0,), (1,), (1,), (0,), (0,)]:
        assert d.feed(scan) == []
    assert d.stable == (0,)
    assert d.feed((1,)) == [] and d.feed((1,)) == [] and d.feed((1,)) == [(0, 1)]


def test_a_flicker_of_one_scan_never_passes():
    d = Debouncer(3, 2)
    d.feed((0, 1, 0))
    d.feed((0, 1, 0))
    for _ in range(50):
        assert d.feed((1, 1, 0)) == [] or False
        assert d.feed((0, 1, 0)) == []


def test_force_takes_an_already_debounced_reading():
    d = Debouncer(2, 3)
    assert d.force((1, 0)) == [(0, 1), (1, 0)] and d.ready
    assert d.force((1, 1)) == [(1, 1)]
    assert d.feed((1, 1)) == []


def test_bad_input_says_what_is_wrong():
    with pytest.raises(ValueError, match="at least 1 scan"):
        Debouncer(2, 0)
    with pytest.raises(ValueError, match="has 2 values; got 3"):
        Debouncer(2, 1).feed((1, 0, 1))
