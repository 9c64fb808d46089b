"""Board profiles: the shipped ones, and every kind of mistake a builder can make in one."""

from __future__ import annotations

import itertools
from importlib import resources

import pytest

from controller.errors import BoardError
from controller.physical import SenseMode
from controller.rules import MANIFESTS
from controller.rules.abalone.board import NAMES
from hardware.errors import ProfileError
from hardware.profiles import (
    GpioLedWiring,
    SerialLedWiring,
    SpiPixelWiring,
    load_profile,
    own_sense,
    profile_for,
    shipped_profiles,
)

SHIPPED = resources.files("hardware").joinpath("profiles", "abalone.toml").read_text()


def load_edited(tmp_path, *edits, text=SHIPPED):
    """The shipped Abalone profile with ``(old, new)`` text replacements, loaded from a file."""
    for old, new in edits:
        assert old in text, f"test bug: {old!r} is not in the profile"
        text = text.replace(old, new, 1)
    path = tmp_path / "board.toml"
    path.write_text(text)
    return load_profile(path)


def problems_of(tmp_path, *edits, text=SHIPPED):
    """The problem lines, with the file named as a builder would type it."""
    with pytest.raises(ProfileError) as caught:
        load_edited(tmp_path, *edits, text=text)
    assert isinstance(caught.value, BoardError) and isinstance(caught.value, ValueError)
    assert str(caught.value) == "\n".join(caught.value.problems)
    return tuple(p.replace(str(tmp_path / "board.toml"), "board.toml")
                 for p in caught.value.problems)


# ---- the shipped profiles ----------------------------------------------------------------------

def test_the_shipped_profiles_are_found_by_name():
    assert {"abalone", "abalone-gpio-mono"} <= set(shipped_profiles())
    assert load_profile("abalone.toml").spec == load_profile("abalone").spec


def test_the_abalone_profile():
    p = load_profile("abalone")
    spec = p.spec
    assert (spec.name, spec.game, spec.sense) == ("abalone", "abalone", SenseMode.PRESENCE)
    assert spec.sensors[:61] == NAMES and spec.sensors[61:] == (None, None, None)
    assert spec.sensed == frozenset(NAMES)
    assert len(spec.leds) == 63 and set(spec.leds) == {*NAMES, "tray-b", "tray-w"}
    assert spec.leds[:6] == ("A1", "A2", "A3", "A4", "A5", "B6")      # serpentine
    assert spec.leds[-2:] == ("tray-w", "tray-b")
    assert (spec.scan_hz, spec.debounce_scans, spec.buttons) == (200, 3, ("end-turn",))
    assert spec.led_kind == "rgb"
    m = p.wiring.matrix
    assert len(m.rows) == len(m.columns) == 8 and m.crossings == 64
    assert m.index(7, 4) == 60 and spec.sensors[60] == "I9"
    assert p.wiring.leds == SpiPixelWiring(0, 0, 6_400_000, "GRB", 0.3, 2000)
    assert p.wiring.leds.mosi == 10
    assert dict(p.wiring.buttons.pins) == {"end-turn": 27}
    assert p.wiring.buttons.bounce_s == pytest.approx(0.02)


def test_every_serpentine_neighbour_in_the_chain_is_a_board_neighbour():
    # A chain that jumps across the board would need long wires: each next pixel of the
    # 61 cells is one cell away (the trays come after).
    from controller.rules import find_game
    geometry = find_game("abalone").geometry()
    cells = load_profile("abalone").spec.leds[:61]
    for a, b in itertools.pairwise(cells):
        assert geometry.distance(a, b) == pytest.approx(1.0), (a, b)


def test_the_gpio_mono_profile_is_a_small_demo_on_pins():
    p = load_profile("abalone-gpio-mono")
    assert p.spec.led_kind == "mono"
    assert p.spec.sensors == load_profile("abalone").spec.sensors
    assert p.spec.leds == ("A1", "A2", "A3", "A4", "A5", "tray-b", "tray-w")
    assert p.wiring.leds == GpioLedWiring((7, 8, 9, 10, 11, 14, 15), 1.0)


def test_unknown_profile_names_list_the_shipped_ones(tmp_path):
    with pytest.raises(ProfileError, match=r"no board profile called 'abalon'.*abalone"):
        load_profile("abalon")
    with pytest.raises(ProfileError, match="no such file"):
        load_profile(tmp_path / "missing.toml")


# ---- mistakes --------------------------------------------------------------------------------

def test_a_misspelt_key_names_itself_and_the_fix(tmp_path):
    # The first "positions = [" of the file is the one under [sensors].
    assert problems_of(tmp_path, ("positions = [", "postions = [")) == (
        "profile board.toml: [sensors] needs the key 'positions'",
        "profile board.toml: [sensors] unknown key 'postions'; did you mean 'positions'?")


def test_the_message_names_the_profile_file(tmp_path):
    text = SHIPPED.replace('debounce_scans = 3', 'debounce_scan = 3')
    with pytest.raises(ProfileError) as caught:
        (tmp_path / "abalone.toml").write_text(text)
        load_profile(tmp_path / "abalone.toml")
    assert str(caught.value).startswith("profile ")
    assert "[scan] unknown key 'debounce_scan'; did you mean 'debounce_scans'?" in str(
        caught.value)


def test_an_unknown_sense_mode_lists_the_valid_ones(tmp_path):
    (problem,) = problems_of(tmp_path, ('mode = "presence"', 'mode = "magnetic"'))
    assert problem.endswith("[sensors] 'mode' is 'magnetic'; it must be one of: presence, "
                            "polarity, tag")


def test_a_position_the_game_does_not_have_is_named(tmp_path):
    (problem,) = problems_of(tmp_path, ('"I5", "I6", "I7", "I8", "I9", "", "", ""',
                                        '"I5", "I6", "I7", "I8", "I9", "J1", "", ""'))
    assert "[sensors] 'positions' names 'J1', which the game does not have" in problem


def test_a_duplicate_sensor_position_is_named_with_its_indices(tmp_path):
    (problem,) = problems_of(tmp_path, ('"I5", "I6", "I7", "I8", "I9", "", "", ""',
                                        '"I5", "I6", "I7", "I8", "I9", "E5", "", ""'))
    assert "[sensors] 'positions': 'E5' appears 2 times (indices 30, 61)" in problem


def test_a_duplicate_led_position_is_named(tmp_path):
    problems = problems_of(tmp_path, ('"tray-w", "tray-b",', '"tray-w", "tray-w",'))
    assert any("[leds] 'positions': 'tray-w' appears 2 times" in p for p in problems)


def test_zones_of_other_variants_are_positions_of_the_game(tmp_path):
    # One board serves the whole game family: a four-player build has a green tray.
    p = load_edited(tmp_path, ('"tray-w", "tray-b",', '"tray-w", "tray-b", "tray-g",'))
    assert p.spec.leds[-1] == "tray-g"


def test_the_sensor_count_must_match_the_matrix(tmp_path):
    (problem,) = problems_of(tmp_path, ('"I9", "", "", ""', '"I9", "", ""'))
    assert ("'positions' has 63 entries but [sensors.matrix] has 8 rows x 8 columns = 64 "
            "crossings") in problem


def test_a_pin_off_the_header_and_a_pin_used_twice_are_named(tmp_path):
    problems = problems_of(tmp_path, ("rows = [4, 5, 6, 12, 13, 16, 17, 18]",
                                      "rows = [4, 5, 6, 12, 13, 16, 17, 40]"),
                           ("end-turn = 27", "end-turn = 4"))
    assert any("[sensors.matrix] rows pin 40 is not a GPIO of the 40-pin header" in p
               for p in problems)
    assert any("GPIO4 is used 2 times ([sensors.matrix] rows; [buttons.pins] end-turn)" in p
               for p in problems)


def test_a_pin_of_the_pixel_spi_bus_is_refused(tmp_path):
    (problem,) = problems_of(tmp_path, ("end-turn = 27", "end-turn = 10"))
    assert ("[buttons.pins] end-turn GPIO10 is SPI0 MOSI, which the kernel's SPI driver "
            "claims for the pixel chain") in problem


def test_moving_the_pixels_to_spi1_frees_spi0_and_claims_spi1(tmp_path):
    problems = problems_of(tmp_path, ("bus = 0 ", "bus = 1 "))
    claimed = sorted(p.split("GPIO")[1].split(" ")[0] for p in problems)
    assert claimed == ["18", "19", "20", "21"]        # SPI1 CE0, MISO, MOSI, SCLK


def test_wrong_types_and_ranges_say_what_is_allowed(tmp_path):
    problems = problems_of(tmp_path, ("hz = 200 ", 'hz = "fast" '),
                           ("brightness = 0.3", "brightness = 3"),
                           ("clock_hz = 6_400_000", "clock_hz = 8_000_000"),
                           ('order = "GRB"', 'order = "GRBW"'))
    text = "\n".join(problems)
    assert "[scan] 'hz' must be a number; got 'fast'" in text
    assert "[leds] 'brightness' is 3; it must be between 0.01 and 1" in text
    assert "[leds.spi] 'clock_hz' is 8e+06 Hz; it must be between 5.3e+06 Hz" in text
    assert "[leds.spi] 'order' is 'GRBW'; it must be one of: RGB, RBG, GRB" in text
    assert len(problems) == 4                          # all of them, in one go


def test_keys_of_the_other_led_driver_say_why_they_do_not_apply(tmp_path):
    mono = resources.files("hardware").joinpath("profiles", "abalone-gpio-mono.toml")
    problems = problems_of(tmp_path, ("brightness = 1.0", "brightness = 1.0\nmax_current_ma = 500"),
                           text=mono.read_text())
    assert problems == ("profile board.toml: [leds] 'max_current_ma' does not apply here: "
                        "single-colour LEDs draw what their resistors set; the current cap is "
                        "for pixel chains",)


def test_gpio_leds_need_one_pin_per_led(tmp_path):
    mono = resources.files("hardware").joinpath("profiles", "abalone-gpio-mono.toml")
    (problem,) = problems_of(tmp_path, ("pins = [7, 8, 9, 10, 11, 14, 15]",
                                        "pins = [7, 8, 9, 10, 11, 14]"), text=mono.read_text())
    assert "'pins' has 6 pins but [leds] 'positions' has 7 entries" in problem


def test_an_unknown_game_lists_the_games(tmp_path):
    problems = problems_of(tmp_path, ('game = "abalone"', 'game = "chess"'))
    assert "'game': no game called 'chess'; the games are: abalone" in problems[0]


def test_a_missing_table_is_named(tmp_path):
    text = SHIPPED.split("[leds]")[0]
    problems = problems_of(tmp_path, text=text)
    assert problems == ("profile board.toml: needs the key 'leds'",)


def test_broken_toml_says_where(tmp_path):
    with pytest.raises(ProfileError, match=r"not valid TOML \(.*line \d+.*\); check the quotes"):
        load_edited(tmp_path, ('name = "abalone"', 'name = "abalone'))


def test_tag_sensing_reads_its_tag_table(tmp_path):
    p = load_edited(tmp_path, ('mode = "presence"', 'mode = "tag"'),
                    ("[sensors.matrix]", '[sensors.tags]\n"04A1B2" = "b"\n"04C3D4" = "w"\n\n'
                                         "[sensors.matrix]"))
    assert p.spec.sense is SenseMode.TAG and dict(p.spec.tags) == {"04A1B2": "b",
                                                                   "04C3D4": "w"}
    problems = problems_of(tmp_path, ("[sensors.matrix]", '[sensors.tags]\n"04A1B2" = "b"\n\n'
                                                          "[sensors.matrix]"))
    assert problems == ('profile board.toml: [sensors] \'tags\' does not apply here: tag ids '
                        'are read only with mode = "tag"',)


def test_a_build_without_a_matrix_or_buttons_loads(tmp_path):
    text = SHIPPED.replace("[sensors.matrix]\nrows = [4, 5, 6, 12, 13, 16, 17, 18]", "") \
        .replace("columns = [19, 20, 21, 22, 23, 24, 25, 26]", "").split("[buttons]")[0]
    p = load_edited(tmp_path, text=text.replace("    # BCM pins, read with the Pi's pull-ups",
                                                ""))
    assert p.wiring.matrix is None and p.spec.buttons == ()


def test_the_pico_profile_matches_the_reference_firmwares_defaults():
    # The host refuses a board whose hello disagrees with its profile: the shipped profile
    # for the Pico build must count what the firmware's defaults scan and light.
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "firmware_bridge" / "firmware" / "bl_config.py"
    spec_ = importlib.util.spec_from_file_location("bl_config_defaults", path)
    assert spec_ is not None and spec_.loader is not None
    config = importlib.util.module_from_spec(spec_)
    spec_.loader.exec_module(config)
    profile = load_profile("abalone-pico")
    assert len(profile.spec.sensors) == config.SENSOR_COUNT
    assert len(profile.spec.leds) == config.LED_COUNT
    assert profile.spec.sensors[:9] == ("A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4")
    assert profile.spec.buttons == ("end-turn",) and profile.wiring.leds == SerialLedWiring()
    assert profile.wiring.matrix is None  # the Pico scans; the Pi has no pins in it


@pytest.mark.parametrize("name", list(MANIFESTS))
def test_each_games_manifest_senses_as_its_shipped_board_does(name):
    """The simulated board reads what the manifest says (``own_sense``); the board the game
    ships a profile for must read the same, variant by variant."""
    manifest = MANIFESTS[name]
    checked = 0
    for variant in manifest.game.variants:
        profile = profile_for(manifest.game, variant)
        if profile in shipped_profiles():
            assert load_profile(profile).spec.sense == SenseMode(manifest.sensing), profile
            checked += 1
        assert own_sense(manifest.game, variant) == SenseMode(manifest.sensing)
    assert checked, f"{name} ships no profile of its own"
