"""Single-colour GPIO LEDs: the real driver and gpiozero on mock pins."""

from __future__ import annotations

import threading

import pytest
from gpiozero.pins.mock import MockFactory, MockPin, MockPWMPin

from controller.physical import DARK, Light
from hardware.errors import LedFrameError, WiringError
from hardware.leds import GpioLeds, open_leds
from hardware.profiles import load_profile

PINS = (7, 8, 9)
ON, BLINK = Light((255, 255, 255)), Light((255, 0, 0), blink=True)


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


def states(factory, pins=PINS):
    return [factory.pin(p).state for p in pins]


def test_lights_that_are_not_black_are_on(factory):
    with GpioLeds(PINS, blink_hz=0, pin_factory=factory) as leds:
        assert states(factory) == [False, False, False]
        leds.show((ON, DARK, Light((0, 0, 9))))
        assert states(factory) == [True, False, True]
        leds.show((DARK, ON, DARK))
        assert states(factory) == [False, True, False]


def test_blinking_lights_flip_with_the_phase_and_steady_ones_do_not(factory):
    with GpioLeds(PINS, blink_hz=0, pin_factory=factory) as leds:
        leds.show((BLINK, ON, Light((0, 0, 0), blink=True)))
        assert states(factory) == [True, True, False]
        leds.blink_phase(False)
        assert states(factory) == [False, True, False]
        leds.blink_phase(True)
        assert states(factory) == [True, True, False]
        leds.show((ON, ON, ON))               # no longer blinking: the phase leaves it be
        leds.blink_phase(False)
        assert states(factory) == [True, True, True]


def test_brightness_below_one_dims_with_pwm_also_when_blinking():
    factory = MockFactory(pin_class=MockPWMPin)
    try:
        with GpioLeds(PINS, brightness=0.25, blink_hz=0, pin_factory=factory) as leds:
            leds.show((ON, BLINK, DARK))
            assert states(factory) == [0.25, 0.25, 0]
            leds.blink_phase(False)
            assert states(factory) == [0.25, 0, 0]
            leds.blink_phase(True)
            assert states(factory) == [0.25, 0.25, 0]
    finally:
        factory.reset()


class CountingPin(MockPin):
    """Sets ``changed`` once the pin has changed state three times."""

    def __init__(self, factory, info):
        super().__init__(factory, info)
        self.changed = threading.Event()

    def _change_state(self, value):
        changed = super()._change_state(value)
        if len(self.states) > 3:
            self.changed.set()
        return changed


def test_the_blink_timer_flips_the_pin_and_stops_on_close():
    factory = MockFactory(pin_class=CountingPin)
    try:
        leds = GpioLeds((7,), blink_hz=100, pin_factory=factory)
        pin = factory.pin(7)
        leds.show((BLINK,))
        assert pin.changed.wait(10), "the blink timer never flipped the pin"
        leds.close()
        assert not leds._timer.running
        flips = [s.state for s in pin.states]
        assert flips[:4] == [False, True, False, True]
        assert pin.function == "input"              # released
    finally:
        factory.reset()


def test_close_releases_the_pins_and_refuses_more_frames(factory):
    leds = GpioLeds(PINS, blink_hz=0, pin_factory=factory)
    leds.show((ON, ON, ON))
    leds.close()
    assert all(factory.pin(p).function == "input" for p in PINS)
    with pytest.raises(WiringError, match="closed"):
        leds.show((ON, ON, ON))
    with GpioLeds(PINS, blink_hz=0, pin_factory=factory):
        pass                                          # the pins are free again


def test_a_frame_of_the_wrong_length_is_refused(factory):
    with GpioLeds(PINS, blink_hz=0, pin_factory=factory) as leds, \
            pytest.raises(LedFrameError, match="needs 3 lights"):
        leds.show((ON,) * 4)


def test_a_bad_pin_names_the_led(factory):
    with pytest.raises(WiringError, match="LED 1 pin 40"):
        GpioLeds((7, 40), pin_factory=factory)


def test_the_mono_profile_lights_row_a_and_the_trays(factory):
    profile = load_profile("abalone-gpio-mono")
    leds = open_leds(profile, pin_factory=factory)
    try:
        assert isinstance(leds, GpioLeds) and len(leds) == 7
        leds.show(profile.spec.frame_of({"A3": ON, "tray-w": ON, "E5": ON}))
        pins = profile.wiring.leds.pins
        assert states(factory, pins) == [False, False, True, False, False, False, True]
    finally:
        leds.close()
