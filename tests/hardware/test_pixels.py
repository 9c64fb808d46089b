"""The pixel chain driver with the real neopixel_spi encoding, on a fake SPI bus."""

from __future__ import annotations

import itertools
import os

import pytest

from controller.errors import BoardError
from controller.physical import DARK, Light
from hardware.errors import HardwareUnavailableError, LedFrameError, WiringError
from hardware.leds import open_leds
from hardware.pixels import (
    IDLE_MA_PER_PIXEL,
    MA_PER_CHANNEL,
    PixelStrip,
    SpidevPort,
    estimate_current_ma,
    max_pixels,
)
from hardware.profiles import load_profile
from tests.hardware.fakes import RecordingSpiBus, decode_ws2812, latch_bytes

RED, GREEN, BLUE, WHITE = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)


def grb(rgb):
    r, g, b = rgb
    return (g, r, b)


def wire_current(pixels):
    """The estimated draw of decoded pixels (channel order does not matter for it)."""
    return estimate_current_ma(pixels)


@pytest.fixture
def bus():
    return RecordingSpiBus()


@pytest.fixture
def strip(bus):
    with PixelStrip(bus, 4, blink_hz=0) as s:
        yield s


def test_opening_darkens_the_chain_at_the_ws2812_clock(bus, strip):
    assert bus.configurations[0]["baudrate"] == 6_400_000
    assert bus.last_pixels == [(0, 0, 0)] * 4
    assert latch_bytes(bus.writes[-1]) == 64          # 80 us of low at 6.4 MHz


def test_a_frame_goes_out_as_grb_bytes_in_chain_order(bus, strip):
    strip.show((Light(RED), Light(GREEN), Light(BLUE), Light((1, 2, 3))))
    assert bus.last_pixels == [grb(RED), grb(GREEN), grb(BLUE), (2, 1, 3)]
    assert not bus.locked


def test_the_colour_order_is_configurable(bus):
    with PixelStrip(bus, 2, order="RGB", blink_hz=0) as s:
        s.show((Light(RED), Light((10, 20, 30))))
        assert bus.last_pixels == [RED, (10, 20, 30)]


def test_brightness_scales_every_channel(bus):
    with PixelStrip(bus, 2, brightness=0.5, blink_hz=0) as s:
        s.show((Light(WHITE), Light((100, 50, 3))))
        assert bus.last_pixels == [(127, 127, 127), (25, 50, 1)]


def test_a_frame_over_the_current_budget_is_dimmed_evenly_under_it(bus):
    with PixelStrip(bus, 61, max_current_ma=1000, blink_hz=0) as s:
        s.show((Light(WHITE),) * 61)
        shown = bus.last_pixels
        drawn = wire_current(shown)
        assert 950 < drawn <= 1000                     # capped, but not needlessly dark
        assert len(set(shown)) == 1 and len(set(shown[0])) == 1      # still white
        assert s.current_ma == pytest.approx(1000, abs=1)


def test_dimming_for_the_budget_keeps_the_hue(bus):
    with PixelStrip(bus, 61, max_current_ma=800, blink_hz=0) as s:
        s.show((Light((255, 128, 0)),) * 61)
        g, r, b = bus.last_pixels[0]
        assert b == 0 and r / g == pytest.approx(255 / 128, rel=0.05)
        assert wire_current(bus.last_pixels) <= 800


def test_a_frame_under_the_budget_is_left_alone(bus):
    with PixelStrip(bus, 61, max_current_ma=2000, blink_hz=0) as s:
        frame = (Light(RED),) * 10 + (DARK,) * 51
        s.show(frame)
        assert bus.last_pixels[:10] == [grb(RED)] * 10
        assert s.current_ma == pytest.approx(10 * MA_PER_CHANNEL + 61 * IDLE_MA_PER_PIXEL)


def test_blink_phases_flip_only_the_blinking_pixels(bus, strip):
    strip.show((Light(RED, blink=True), Light(GREEN), DARK, Light(BLUE, blink=True)))
    assert bus.last_pixels == [grb(RED), grb(GREEN), (0, 0, 0), grb(BLUE)]
    strip.blink_phase(False)
    assert bus.last_pixels == [(0, 0, 0), grb(GREEN), (0, 0, 0), (0, 0, 0)]
    strip.blink_phase(True)
    assert bus.last_pixels == [grb(RED), grb(GREEN), (0, 0, 0), grb(BLUE)]


def test_both_blink_phases_share_one_capped_brightness(bus):
    with PixelStrip(bus, 61, max_current_ma=1000, blink_hz=0) as s:
        s.show((Light(WHITE, blink=True),) * 30 + (Light(WHITE),) * 31)
        lit = bus.last_pixels[40]
        s.blink_phase(False)
        assert bus.last_pixels[40] == lit              # steady pixels do not pump
        assert bus.last_pixels[0] == (0, 0, 0)


def test_no_blinking_pixel_means_no_blink_traffic(bus, strip):
    strip.show((Light(RED),) * 4)
    writes = len(bus.writes)
    strip.blink_phase(False)
    strip.blink_phase(True)
    assert len(bus.writes) == writes


def test_the_blink_timer_flips_the_pixels_and_stops_on_close(bus):
    s = PixelStrip(bus, 2, blink_hz=100)
    s.show((Light(RED, blink=True), Light(GREEN)))
    shown_at = len(bus.writes)
    assert bus.wait_for_writes(shown_at + 2), "the blink timer never wrote"
    s.close()
    phases = [decode_ws2812(w)[0] for w in bus.writes[shown_at:-1]]
    assert set(phases) == {grb(RED), (0, 0, 0)}
    assert all(a != b for a, b in itertools.pairwise(phases))   # strictly alternating
    assert bus.last_pixels == [(0, 0, 0)] * 2                # close darkens last
    assert not s._timer.running


def test_close_darkens_releases_the_bus_and_refuses_more_frames(bus):
    s = PixelStrip(bus, 3, blink_hz=0)
    s.show((Light(WHITE),) * 3)
    s.close()
    s.close()
    assert bus.deinited and bus.last_pixels == [(0, 0, 0)] * 3
    with pytest.raises(WiringError, match="closed"):
        s.show((Light(WHITE),) * 3)


def test_a_frame_of_the_wrong_length_is_refused(strip):
    with pytest.raises(LedFrameError, match=r"needs 4 lights.*got 3") as caught:
        strip.show((DARK,) * 3)
    assert isinstance(caught.value, BoardError) and isinstance(caught.value, ValueError)


def test_a_chain_longer_than_one_spi_transfer_is_refused(bus):
    assert max_pixels() == 165
    with pytest.raises(WiringError, match="at most 165 pixels"):
        PixelStrip(bus, 166, blink_hz=0)


def test_a_current_cap_below_the_idle_draw_is_refused(bus):
    with pytest.raises(ValueError, match="below what 61 dark pixels draw"):
        PixelStrip(bus, 61, max_current_ma=50, blink_hz=0)


def test_the_abalone_profile_lights_cells_and_trays_by_chain_position(bus):
    profile = load_profile("abalone")
    with PixelStrip.from_wiring(profile.wiring.leds, len(profile.spec.leds), spi=bus,
                                blink_hz=0) as s:
        frame = profile.spec.frame_of({"A1": Light(WHITE), "B6": Light(RED),
                                       "E5": Light(BLUE), "tray-w": Light(GREEN, blink=True)})
        s.show(frame)
        shown = bus.last_pixels
    assert len(shown) == 63
    lit = {i: px for i, px in enumerate(shown) if px != (0, 0, 0)}
    # Brightness 0.3: 255 -> 76.  Chain: A1 first, B6 starts row B, E5 mid-row E, trays last.
    assert lit == {0: (76, 76, 76), 5: (0, 76, 0), 30: (0, 0, 76), 61: (76, 0, 0)}


def test_a_missing_spi_device_says_how_to_enable_spi():
    with pytest.raises(HardwareUnavailableError, match=r"/dev/spidev9\.9.*enable SPI") as e:
        SpidevPort(9, 9)
    assert isinstance(e.value, OSError)


@pytest.mark.skipif(os.path.exists("/dev/spidev0.0"), reason="this machine has SPI0")
def test_opening_the_profile_leds_without_spi_fails_clearly():
    with pytest.raises(HardwareUnavailableError, match=r"/dev/spidev0\.0"):
        open_leds(load_profile("abalone"))
