"""Board buttons on gpiozero mock pins: the pin is driven, the real Button code reacts."""

from __future__ import annotations

import logging

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.buttons import Buttons
from hardware.errors import WiringError
from hardware.profiles import load_profile


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


def test_a_press_calls_back_with_the_button_name(factory):
    pressed = []
    with Buttons({"end-turn": 27, "undo": 22}, pressed.append, pin_factory=factory) as b:
        factory.pin(27).drive_low()
        assert pressed == ["end-turn"]
        assert b.is_pressed("end-turn") and not b.is_pressed("undo")
        factory.pin(27).drive_high()
        factory.pin(22).drive_low()
        assert pressed == ["end-turn", "undo"]


def test_a_release_is_not_a_press(factory):
    pressed = []
    with Buttons({"end-turn": 27}, pressed.append, pin_factory=factory):
        pin = factory.pin(27)
        assert pin.pull == "up" and pin.state          # open: held high by the pull-up
        pin.drive_low()
        pin.drive_high()
        assert pressed == ["end-turn"]


def test_the_profile_button_is_wired(factory):
    pressed = []
    profile = load_profile("abalone")
    with Buttons.from_profile(profile, pressed.append, pin_factory=factory) as b:
        assert b.names == profile.spec.buttons == ("end-turn",)
        assert factory.pin(27).bounce == pytest.approx(0.02)
        factory.pin(27).drive_low()
    assert pressed == ["end-turn"]


def test_a_failing_callback_is_logged_and_later_presses_still_arrive(factory, caplog):
    calls = []

    def flaky(name):
        calls.append(name)
        if len(calls) == 1:
            raise RuntimeError("queue full")

    with Buttons({"end-turn": 27}, flaky, pin_factory=factory):
        pin = factory.pin(27)
        with caplog.at_level(logging.ERROR, logger="hardware.buttons"):
            pin.drive_low()
        pin.drive_high()
        pin.drive_low()
    assert calls == ["end-turn", "end-turn"]
    assert "button 'end-turn'" in caplog.text


def test_close_releases_the_pins_and_stops_the_callbacks(factory):
    pressed = []
    b = Buttons({"end-turn": 27}, pressed.append, pin_factory=factory)
    b.close()
    factory.pin(27).drive_low()
    assert pressed == []
    with Buttons({"end-turn": 27}, pressed.append, pin_factory=factory):
        pass                                                 # the pin is free again


def test_an_unknown_button_name_lists_the_buttons(factory):
    with Buttons({"end-turn": 27}, print, pin_factory=factory) as b, \
            pytest.raises(KeyError, match="the buttons are: end-turn"):
        b.is_pressed("end-trun")


def test_a_bad_pin_names_the_button(factory):
    with pytest.raises(WiringError, match="button 'end-turn' pin 64"):
        Buttons({"end-turn": 64}, print, pin_factory=factory)
