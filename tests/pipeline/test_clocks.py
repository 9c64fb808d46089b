"""Clocks in the session: blitz runs them by default; a fall ends the game on time."""

from __future__ import annotations

import pytest

from controller.rules.abalone import ABALONE
from controller.rules.base import Termination
from controller.said import Who
from controller.session.clock import TimeControl
from controller.session.events import LinkStatus, StableScan
from controller.session.session import GameSession, SessionConfig
from hardware.simboard import default_spec
from tests.pipeline.support import commits, simulate


def test_blitz_clocks_switch_on_each_commit():
    sim = simulate([{"t": 1.0, "play": "A1B2"}, {"t": 5.0, "play": "I5H5"}],
                   state=ABALONE.setup("blitz"))
    assert [c.move for c in commits(sim)] == ["A1B2", "I5H5"]
    clocks = sim.session.clocks.to_json(sim.t)
    assert clocks["control"] == "5 min" and clocks["running"] == "b"
    b_moved, w_moved = (c.t for c in commits(sim))
    assert clocks["left"]["w"] == pytest.approx(300 - (w_moved - b_moved), abs=0.01)
    assert clocks["left"]["b"] == pytest.approx(300 - b_moved - (sim.t - w_moved), abs=0.01)


def test_a_fallen_flag_loses_on_time():
    config = SessionConfig(clock=TimeControl(2.0))
    sim = simulate([], config=config, tail=3.0)
    over = [o for o in sim.outputs if type(o).__name__ == "GameOver"]
    assert over and over[0].winners == ("w",)
    assert over[0].outcome.termination is Termination.TIME
    assert dict(over[0].outcome.params)["who"] == Who("b")
    assert over[0].t == pytest.approx(2.0, abs=0.02)
    assert ABALONE.position_text(sim.session.state).endswith(" time:b")


def test_untimed_games_have_no_clocks():
    assert simulate([]).session.clocks is None


def test_clocks_pause_while_the_board_is_disconnected():
    spec = default_spec(ABALONE)
    session = GameSession(ABALONE, spec, ABALONE.setup("blitz"))
    start = tuple(1 if ABALONE.layout(ABALONE.setup()).get(p) else 0 for p in spec.sensors)
    session.handle(StableScan(0.0, start))
    session.handle(LinkStatus(10.0, False))
    session.handle(LinkStatus(70.0, True))
    assert session.clocks.to_json(80.0)["left"]["b"] == pytest.approx(280.0)
