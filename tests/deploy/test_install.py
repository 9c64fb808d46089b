"""deploy/install.sh for real: in a booted Debian bookworm container (systemd-nspawn over a
debootstrap tree, tests/deploy/container.py), run from the checkout as a person would.

It installs (plain Debian has no python3-lgpio: the install goes on and says what a GPIO-wired
board needs), the service reaches ready as its own user and serves the page, a ``kill -9`` of its
main process is followed by systemd's restart, and after the container reboots the game
resumes with the move played before.  It fails, never skips, when the machine lacks a tool:
``python3 bootstrap.py test`` installs them.  The first run makes the tree (a few minutes,
mostly debootstrap); later runs boot the cached one.
"""

from __future__ import annotations

import json
import random
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.deploy import container
from tests.deploy.container import CHECKOUT_INSIDE, Container

CHECKOUT = Path(__file__).resolve().parents[2]
CONFIG = "/etc/boardlight/config.toml"


def free_port() -> int:
    """A port free on the host, for the service: the container shares the host's network, so
    not 8080 (anyone's own Boardlight), and below the ephemeral range, which the other tests'
    ports and the install's own downloads draw from until the service takes it."""
    low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    for port in random.sample(range(min(low, 32768) - 8000, min(low, 32768)), 50):
        with socket.socket() as probe:
            try:
                probe.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port
    raise AssertionError("no free port below the ephemeral range")


def config_with_port(port: int) -> str:
    text = (CHECKOUT / "deploy" / "config.toml").read_text()
    assert text.count("port = 8080") == 1
    return text.replace("port = 8080", f"port = {port}")


def http(port: int, path: str, body: dict[str, Any] | None = None,
         timeout: float = 10) -> tuple[int, bytes]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                     headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def wait_for(what: str, check: Any, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        try:
            last = check()
        except (OSError, ValueError) as error:  # refused, reset, half-written JSON
            last = error
        else:
            if last:
                return last
        time.sleep(0.2)
    raise AssertionError(f"{what}: not within {timeout} s (last: {last!r})")


def service(box: Container) -> dict[str, str]:
    shown = box.run(["systemctl", "show", "boardlight.service", "-p",
                     "ActiveState,SubState,MainPID,NRestarts,Result"]).stdout
    return dict(line.split("=", 1) for line in shown.splitlines() if "=" in line)


def journal(box: Container) -> str:
    return box.run(["journalctl", "-u", "boardlight", "--no-pager", "-n", "40"],
                   check=False).stdout


def state(port: int) -> dict[str, Any]:
    status, body = http(port, "/api/state")
    if status != 200:
        raise ValueError(f"/api/state answered {status}: {body[:300]!r}")
    result: dict[str, Any] = json.loads(body)
    return result


def moves(port: int) -> list[str]:
    return [move["move"] for move in state(port)["moves"]]


def say(message: str) -> None:
    print(f"[deploy test] {message}", file=sys.stderr, flush=True)


@pytest.mark.slow
def test_install_sh_in_a_booted_debian_installs_serves_restarts_and_resumes(tmp_path: Path) -> None:
    lacking = container.missing()
    if lacking:
        pytest.fail("the installer's container test needs " + ", ".join(lacking)
                    + ": python3 bootstrap.py test installs the tools (as root)")
    cache = container.cache_dir()
    began = time.monotonic()
    with container.locked(cache):
        for found in container.clean_leftovers(cache):
            say(f"ended what an earlier run left: {found}")
        tree, made = container.cached_tree(cache, tmp_path / "debootstrap.log")
        tree_done = time.monotonic()
        box = Container(tree, CHECKOUT, cache, tmp_path / "console.log")
        port = free_port()
        try:
            box.mount()
            # An existing config is kept by the installer: the shipped one, on a free port.
            box.write(CONFIG, config_with_port(port))
            assert box.boot() in ("running", "degraded")
            booted = time.monotonic()

            installed = box.run(["bash", f"{CHECKOUT_INSIDE}/deploy/install.sh"],
                                env=box.pip_env(), timeout=900, check=False)
            output = installed.stdout + installed.stderr
            (tmp_path / "install.log").write_text(output)
            assert installed.returncode == 0, (f"install.sh failed:\n{output[-4000:]}\n"
                                               f"the service's journal:\n{journal(box)}")
            install_done = time.monotonic()
            # Plain Debian's archive has no python3-lgpio: the install says what GPIO needs.
            assert "a board wired to GPIO pins" in output and "needs lgpio" in output
            assert box.run(["cat", CONFIG]).stdout == config_with_port(port)
            # The Abalone search core was compiled inside, from the sources installed.
            built = box.run(["/opt/boardlight/.venv/bin/python", "-c",
                             "from controller.ai.abalone_core import available, stale; "
                             "print(available() and not stale())"], check=False)
            assert built.stdout.strip() == "True", (built.stdout, built.stderr)

            # Type=notify: systemctl returned once the service said it was ready.
            first = service(box)
            assert (first["ActiveState"], first["SubState"]) == ("active", "running"), (
                first, journal(box))
            user = box.run(["stat", "-c", "%U", f"/proc/{first['MainPID']}"]).stdout.strip()
            assert user == "boardlight", user
            assert box.run(["systemctl", "is-enabled", "boardlight.service"]).stdout.strip() \
                == "enabled"

            status, page = http(port, "/")
            assert status == 200 and b"<html" in page.lower(), (status, page[:300])
            # A move on the simulated board (Abalone, the config's game): the marble lifted
            # from A1 and set on D4 is the line A1-C3 pushed one step, A1B2.
            assert http(port, "/api/sim/lift", {"position": "A1"})[0] == 200
            assert http(port, "/api/sim/place", {"position": "D4"})[0] == 200
            wait_for("the move is committed", lambda: moves(port) == ["A1B2"])

            # kill -9 of the main process: systemd (Restart=on-failure) starts it again.
            box.run(["bash", "-c", f"kill -9 {first['MainPID']}"])
            again = wait_for("a restarted service", lambda: (
                (s := service(box))["ActiveState"] == "active"
                and s["MainPID"] not in ("0", first["MainPID"]) and s), timeout=60)
            assert int(again["NRestarts"]) == 1, again
            assert wait_for("the page after the restart", lambda: http(port, "/")[0] == 200)
            assert moves(port) == ["A1B2"]
            restarted = time.monotonic()

            # The container reboots: the service starts with it and the game goes on.
            after = box.reboot()
            assert box.run(["systemctl", "is-active", "boardlight.service"],
                           check=False).stdout.strip() == "active", (after, journal(box))
            resumed = wait_for("the game after the reboot", lambda: state(port))
            assert [m["move"] for m in resumed["moves"]] == ["A1B2"], resumed["moves"]
            assert resumed["to_move"] == "w" and resumed["game"] == "abalone"
            rebooted = time.monotonic()
        finally:
            box.stop()
        assert box.leftovers() == []
        stopped = time.monotonic()
    say(f"tree {'made by debootstrap' if made else 'from the cache'} "
        f"{tree_done - began:.0f} s, boot {booted - tree_done:.0f} s, "
        f"install.sh {install_done - booted:.0f} s, restart check {restarted - install_done:.0f} s,"
        f" reboot {rebooted - restarted:.0f} s, stop {stopped - rebooted:.0f} s; "
        f"in all {stopped - began:.0f} s (stop: {', '.join(box.stopped)})")
