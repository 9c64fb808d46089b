from __future__ import annotations

import pytest

from controller.errors import BoardError
from controller.session.clock import Clocks, TimeControl


def test_the_running_clock_counts_down_and_a_move_switches_it_with_increment():
    c = Clocks(("b", "w"), TimeControl(60, 2))
    c.start("b", 10.0)
    assert c.remaining("b", 25.0) == 45.0 and c.remaining("w", 25.0) == 60.0
    c.moved("b", "w", 25.0)
    assert c.left["b"] == 47.0 and c.running == "w"
    assert c.deadline() == 85.0
    assert c.flagged(84.9) is None and c.flagged(85.0) == "w"


def test_an_amended_move_charges_the_extra_time_to_the_player_still_moving():
    c = Clocks(("b", "w"), TimeControl(60))
    c.start("b", 0.0)
    c.moved("b", "w", 10.0)       # provisional commit at 10 s
    c.amend("b", 10.0, 13.0)      # b went on moving until 13 s
    assert c.remaining("b", 13.0) == 47.0 and c.remaining("w", 13.0) == 60.0
    assert c.running == "w"


def test_stop_pauses():
    c = Clocks(("b", "w"), TimeControl(60))
    c.start("b", 0.0)
    c.stop(5.0)
    assert c.remaining("b", 100.0) == 55.0 and c.deadline() is None


@pytest.mark.parametrize("options, message", [
    ({"increment": 2}, "needs 'initial'"), ({"initial": "x"}, "needs 'initial'"),
    ({"initial": 0}, "initial > 0")])
def test_bad_time_controls_say_what_is_wrong(options, message):
    with pytest.raises(BoardError, match=message):
        TimeControl.from_options(options)


def test_describe():
    assert TimeControl(300).describe() == "5 min"
    assert TimeControl(90, 5).describe() == "90 s + 5 s per move"
