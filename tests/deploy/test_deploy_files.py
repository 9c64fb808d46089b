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


PI_OS_POLICY = """python3-lgpio:
  Installed: (none)
  Candidate: 0.2.2-1~rpt1
  Version table:
     0.2.2-1~rpt1 500
        500 http://archive.example/debian bookworm/main arm64 Packages
"""


@pytest.mark.parametrize(("policy", "lgpio"), [
    (PI_OS_POLICY, True),  # Raspberry Pi OS's archive has it
    ("", False),  # Debian's has not: apt-cache policy prints nothing
    ("python3-lgpio:\n  Installed: (none)\n  Candidate: (none)\n", False),  # known, none to get
])
def test_the_installer_asks_for_lgpio_only_where_the_archive_has_it(tmp_path, policy, lgpio):
    # Fakes on PATH: root as far as the script can tell, apt-cache answering the policy, and an
    # apt-get that records its arguments and fails the install, which stops the script there.
    fake = tmp_path / "bin"
    fake.mkdir()
    log = tmp_path / "apt-get.log"
    (tmp_path / "policy").write_text(policy)
    scripts = {
        "id": "echo 0",
        "apt-cache": f"cat {tmp_path / 'policy'}",
        "apt-get": f'echo "$@" >> {log}\n[ "$1" = update ] && exit 0\nexit 3',
    }
    for name, body in scripts.items():
        (fake / name).write_text(f"#!/bin/sh\n{body}\n")
        (fake / name).chmod(0o755)
    result = subprocess.run(["bash", str(DEPLOY / "install.sh")], capture_output=True, text=True,
                            env={"PATH": f"{fake}:/usr/bin:/bin"}, timeout=30)
    assert result.returncode == 3, result.stderr
    install = log.read_text().splitlines()[-1].split()
    assert install[0] == "install" and {"python3", "python3-venv", "avahi-daemon"} <= set(install)
    assert ("python3-lgpio" in install) == lgpio
