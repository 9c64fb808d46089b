"""The config file: typed settings, every problem named with its fix."""

from __future__ import annotations

import pytest

from boardlight.config import ConfigError, Settings, load_settings

FULL = """
[game]
name = "abalone"
variant = "blitz"
seed = 7

[board]
kind = "gpio"
profile = "/etc/boardlight/my-board.toml"

[web]
host = "127.0.0.1"
port = 9000

[storage]
db = "/var/lib/boardlight/games.db"

[session]
takeback = "auto"
settle = 0.8
grace = 2

[clock]
initial = 600
increment = 5

[leds]
brightness = 0.5
"""


def write(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def test_every_key_is_read_into_typed_settings(tmp_path):
    s = load_settings(write(tmp_path, FULL))
    assert (s.game, s.variant, s.seed) == ("abalone", "blitz", 7)
    assert (s.board, s.profile, s.serial_url) == ("gpio", "/etc/boardlight/my-board.toml", None)
    assert (s.host, s.port, s.db) == ("127.0.0.1", 9000, "/var/lib/boardlight/games.db")
    assert (s.takeback, s.settle, s.grace) == ("auto", 0.8, 2.0)
    assert s.clock == {"initial": 600.0, "increment": 5.0} and s.brightness == 0.5


def test_an_empty_file_and_a_missing_default_file_give_the_defaults(tmp_path, monkeypatch):
    assert load_settings(write(tmp_path, "")) == Settings(source=str(tmp_path / "config.toml"))
    monkeypatch.setenv("BOARDLIGHT_CONFIG", str(tmp_path / "absent.toml"))
    assert load_settings(None) == Settings()


def test_the_environment_names_the_default_file(tmp_path, monkeypatch):
    config = write(tmp_path, '[web]\nport = 9002\n')
    monkeypatch.setenv("BOARDLIGHT_CONFIG", str(config))
    assert load_settings(None).port == 9002
    assert load_settings(None).source == str(config)
    with pytest.raises(ConfigError, match=f"leave out --config to use {config}"):
        load_settings(tmp_path / "nope.toml")


def test_a_missing_file_named_on_the_command_line_is_an_error(tmp_path):
    with pytest.raises(ConfigError, match="no such file"):
        load_settings(tmp_path / "nope.toml")


def test_every_problem_is_listed_at_once_with_its_fix(tmp_path):
    text = """
colour = "red"
[web]
prot = 80
[board]
kind = "serial"
[session]
grace = 99
takeback = "maybe"
[clock]
off = "yes"
"""
    with pytest.raises(ConfigError) as err:
        load_settings(write(tmp_path, text))
    lines = str(err.value).splitlines()
    assert any("[web] unknown key 'prot'; did you mean 'port'?" in x for x in lines)
    assert any("needs 'serial_url'" in x for x in lines)
    assert any("'grace' is 99 s; it must be between 0.2 s and 30 s" in x for x in lines)
    assert any("'takeback' is 'maybe'; it must be one of: ask, auto, off" in x for x in lines)
    assert any("'off' must be true or false" in x for x in lines)
    assert any("unknown key 'colour'" in x for x in lines)
    assert all(x.startswith("config ") for x in lines) and len(lines) == 6


def test_clock_off(tmp_path):
    assert load_settings(write(tmp_path, "[clock]\noff = true\n")).clock == "off"


def test_not_toml(tmp_path):
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_settings(write(tmp_path, "[web\nport = 1"))
