"""A machine without node or the MicroPython package fails the MicroPython tests (and the
firmware-memory bench), saying what to run, instead of skipping them; bootstrap installs them."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from boardlight.cli import main
from firmware_bridge import micropython
from firmware_bridge.micropython import MicroPython, MicroPythonUnavailable

from .mpboard import session

ROOT = Path(__file__).resolve().parents[2]


def test_without_node_the_tests_fail_and_say_what_to_run(monkeypatch, tmp_path):
    monkeypatch.delenv("BOARDLIGHT_NODE", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    reason = micropython.unavailable()
    assert reason is not None and "nodejs" in reason and "bootstrap.py test" in reason
    with pytest.raises(MicroPythonUnavailable, match=r"bootstrap\.py test"):
        MicroPython()
    with pytest.raises(pytest.fail.Exception, match=r"bootstrap\.py test"):
        next(session())
    assert main(["bench", "firmware-memory"]) == 1


def load_copy(source: Path, tree: Path, name: str):
    """A copy of one of our files placed at the same path in another source tree ``tree``,
    loaded as a module: it finds its tools there, as an installed copy would."""
    target = tree / source.relative_to(ROOT)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(source, target)
    spec = importlib.util.spec_from_file_location(name, target)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_the_package_the_tests_fail_and_say_what_to_run(monkeypatch, tmp_path):
    # A source tree whose tools/micropython has everything but the npm package, on a machine
    # with node (a stand-in program: nothing runs it).
    tools = tmp_path / "tree" / "tools" / "micropython"
    tools.mkdir(parents=True)
    for name in ("run.mjs", "vpico.py", "package.json", "package-lock.json"):
        shutil.copy(ROOT / "tools" / "micropython" / name, tools / name)
    node = tmp_path / "node"
    node.write_text("#!/bin/sh\nexit 1\n")
    node.chmod(0o755)
    monkeypatch.setenv("BOARDLIGHT_NODE", str(node))
    copied = load_copy(ROOT / "firmware_bridge" / "micropython.py", tmp_path / "tree",
                       "micropython_under_test")
    reason = copied.unavailable()
    assert reason is not None and copied.PACKAGE in reason and "npm ci" in reason
    assert str(tools) in reason
    with pytest.raises(copied.MicroPythonUnavailable, match=r"bootstrap\.py test"):
        copied.MicroPython()


def load_bootstrap(tree: Path):
    """bootstrap.py run from a copy at the top of ``tree`` (it works on the tree it is in)."""
    return load_copy(ROOT / "bootstrap.py", tree, "bootstrap_under_test")


def test_bootstrap_installs_node_npm_and_the_package_when_missing(monkeypatch, tmp_path):
    boot = load_bootstrap(tmp_path)
    tools = tmp_path / "tools" / "micropython"
    tools.mkdir(parents=True)
    for name in ("package.json", "package-lock.json", ".npmrc"):
        shutil.copy(ROOT / "tools" / "micropython" / name, tools / name)
    installed: set[str] = set()
    ran: list[tuple[list[str], Path | None]] = []

    def which(program):
        known = {"apt-get": "/usr/bin/apt-get"} | {p: f"/usr/bin/{p}" for p in installed}
        return known.get(program)

    def run(cmd, cwd=None, env=None):
        ran.append((cmd, cwd))
        if cmd[1] == "install":
            installed.update({"node", "npm"})
        if cmd[1] == "ci":
            (Path(cwd) / "node_modules").mkdir(exist_ok=True)
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setattr(boot.shutil, "which", which)
    monkeypatch.setattr(boot.subprocess, "run", run)
    monkeypatch.setattr(boot.os, "geteuid", lambda: 0)
    boot.ensure_micropython()
    assert [cmd for cmd, _ in ran] == [
        ["/usr/bin/apt-get", "update", "-qq"],
        ["/usr/bin/apt-get", "install", "-y", "-qq", "--no-install-recommends", "nodejs", "npm"],
        ["/usr/bin/npm", "ci", "--no-audit", "--no-fund"]]
    assert ran[-1][1] == tools
    ran.clear()
    boot.ensure_micropython()  # nothing changed: nothing to do
    assert ran == []
    (tools / "package.json").write_text((tools / "package.json").read_text() + "\n")
    boot.ensure_micropython()  # package.json changed: install again
    assert [cmd[1] for cmd, _ in ran] == ["ci"]


def test_bootstrap_says_what_to_run_without_root_or_sudo(monkeypatch, capsys, tmp_path):
    boot = load_bootstrap(tmp_path)
    ran: list[list[str]] = []
    monkeypatch.setattr(boot.shutil, "which", lambda p: "/usr/bin/apt-get" if p == "apt-get"
                        else None)
    monkeypatch.setattr(boot.subprocess, "run", lambda cmd, **kw: ran.append(cmd))
    monkeypatch.setattr(boot.os, "geteuid", lambda: 1000)
    boot.ensure_micropython()
    assert ran == []
    assert "run 'sudo apt-get install -y nodejs npm' once" in capsys.readouterr().err


def test_the_lock_file_names_no_registry_address():
    lock = json.loads((ROOT / "tools" / "micropython" / "package-lock.json").read_text())
    package = lock["packages"]["node_modules/" + micropython.PACKAGE]
    assert "resolved" not in package and package["integrity"].startswith("sha512-")
    pinned = json.loads((ROOT / "tools" / "micropython" / "package.json").read_text())
    assert pinned["dependencies"][micropython.PACKAGE] == package["version"]  # exact pin
