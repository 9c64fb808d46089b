"""The files that install Boardlight on a Pi: checked by the tools that will read them."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import xml.dom.minidom
from pathlib import Path

import pytest

from boardlight.config import Settings, load_settings

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(DEPLOY / "boardlight.service")
    return parser


def test_the_unit_is_a_notify_service_with_a_watchdog_and_the_hardware_groups():
    service = unit()["Service"]
    assert service["Type"] == "notify" and service["NotifyAccess"] == "main"
    assert int(service["WatchdogSec"]) > 0 and service["Restart"] == "on-failure"
    assert service["User"] == "boardlight"
    assert set(service["SupplementaryGroups"].split()) == {"gpio", "dialout", "spi"}
    assert service["ExecStart"].endswith("boardlight serve --config /etc/boardlight/config.toml")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
def test_systemd_accepts_the_unit(tmp_path):
    text = (DEPLOY / "boardlight.service").read_text()
    exe = shutil.which("true")
    text = text.replace("/opt/boardlight/.venv/bin/boardlight", str(exe))
    path = tmp_path / "boardlight.service"
    path.write_text(text)
    result = subprocess.run(["systemd-analyze", "verify", "--man=no", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 0 and result.stderr.strip() == "", result.stderr


def test_avahi_announces_the_web_port():
    doc = xml.dom.minidom.parse(str(DEPLOY / "boardlight.avahi.service"))
    [kind] = doc.getElementsByTagName("type")
    [port] = doc.getElementsByTagName("port")
    assert kind.firstChild.data == "_http._tcp"
    assert int(port.firstChild.data) == Settings().port


def test_the_example_config_is_valid_and_keeps_games():
    settings = load_settings(DEPLOY / "config.toml")
    assert settings.db == "/var/lib/boardlight/games.db" and settings.board == "sim"
    assert unit()["Service"]["StateDirectory"] == "boardlight"


def test_the_install_script_parses():
    assert subprocess.run(["bash", "-n", str(DEPLOY / "install.sh")]).returncode == 0
