"""``boardlight serve``: the real command in a process of its own, and its pieces."""

from __future__ import annotations

import json
import queue
import signal
import socket
import subprocess
import sys
import urllib.request
from http.cookiejar import CookieJar

import pytest

from boardlight.bench.web import serve_process
from boardlight.cli import build_parser
from boardlight.commands.serve import addresses, lan_address, options_from


def test_help_explains_the_command(capsys):
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(["serve", "--help"])
    assert stop.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    for words in ("--board {sim,gpio,serial}", "simulated board", "--host H", "0.0.0.0",
                  "--port P", "8080", "host-controls link", "join link", "Ctrl-C", "--db PATH",
                  "--config FILE", "--check", "--serial-url URL"):
        assert words in text


def resolved(*argv: str):
    return options_from(build_parser().parse_args(["serve", *argv]))


def test_defaults_are_the_simulated_board_for_phones_on_the_network(monkeypatch, tmp_path):
    monkeypatch.setenv("BOARDLIGHT_CONFIG", str(tmp_path / "absent.toml"))
    options, host, port = resolved()
    assert (options.game, options.board, host, port) == ("abalone", "sim", "0.0.0.0", 8080)
    assert options.db is None and options.session.clock == "variant"


def test_the_environment_names_the_config_file_when_the_command_line_does_not(
        monkeypatch, tmp_path):
    config = tmp_path / "mine.toml"
    config.write_text('[web]\nport = 9003\n')
    monkeypatch.setenv("BOARDLIGHT_CONFIG", str(config))
    assert resolved()[2] == 9003
    other = tmp_path / "other.toml"
    other.write_text('[web]\nport = 9004\n')
    assert resolved("--config", str(other))[2] == 9004  # --config names the file to read


def test_the_config_file_sets_and_the_command_line_overrides(tmp_path):
    config = tmp_path / "c.toml"
    config.write_text('[game]\nvariant = "blitz"\n[web]\nport = 9001\n[storage]\n'
                      'db = "/tmp/x.db"\n[session]\ntakeback = "off"\n[clock]\noff = true\n')
    options, _host, port = resolved("--config", str(config))
    assert (options.variant, port, options.db) == ("blitz", 9001, "/tmp/x.db")
    assert options.session.takeback == "off" and options.session.clock is None
    options, _, port = resolved("--config", str(config), "--port", "9100", "--variant",
                                "standard")
    assert (options.variant, port) == ("standard", 9100)


def test_check_builds_everything_and_says_what_would_run(capsys, tmp_path):
    from boardlight.cli import main
    assert main(["serve", "--check", "--db", str(tmp_path / "g.db"), "--config",
                 str(tmp_path / "none.toml")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["serve", "--check", "--db", str(tmp_path / "g.db")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("settings OK: Abalone standard on a simulated board; web 0.0.0.0:8080")
    assert f"games kept in {tmp_path / 'g.db'}" in out


def test_addresses_printed_for_each_kind_of_host():
    lan = lan_address()
    assert lan is None or not lan.startswith("127.")
    assert addresses("0.0.0.0", 8080) == (f"http://{lan}:8080" if lan else None,
                                         "http://localhost:8080")
    assert addresses("127.0.0.1", 81) == (None, "http://127.0.0.1:81")
    assert addresses("localhost", 81) == (None, "http://localhost:81")
    assert addresses("192.168.1.5", 81) == ("http://192.168.1.5:81", None)
    assert addresses("::1", 81) == (None, "http://[::1]:81")


def start(*args: str) -> tuple[subprocess.Popen[str], queue.Queue[str]]:
    return serve_process(*args)


def read_until(lines: queue.Queue[str], words: str, timeout: float = 30) -> list[str]:
    seen = []
    while True:
        try:
            line = lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no {words!r} in: {''.join(seen)}") from None
        seen.append(line)
        if words in line:
            return seen


def get(url: str) -> tuple[int, bytes]:
    """A fresh browser: its own cookies (a join or host link sets one, then redirects)."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    with opener.open(url, timeout=10) as response:
        return response.status, response.read()


@pytest.mark.slow
def test_serve_prints_its_addresses_serves_and_stops_on_ctrl_c():
    proc, lines = start("--host", "127.0.0.1", "--port", "0", "--variant", "belgian-daisy")
    try:
        out = read_until(lines, "Press Ctrl-C")
        text = "".join(out)
        assert "Abalone (belgian-daisy) on a simulated board" in text
        local = next(x for x in out if "Table page on this machine:" in x).split(": ", 1)[1]
        base = local.strip().rstrip("/")
        assert base.startswith("http://127.0.0.1:")
        status, body = get(base + "/api/state")
        assert status == 200 and json.loads(body)["variant"] == "belgian-daisy"
        host = next(x for x in out if "Host controls" in x).split(": ", 1)[1].strip()
        assert get(host)[0] == 200  # the host link works (and lands on /host)
        seats = [x.strip() for x in out if "/join/" in x]
        assert [s.split(":")[0] for s in seats] == ["Black", "White"]
        assert get(seats[0].split(": ", 1)[1])[0] == 200
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=20) == 0
        rest = []
        while not lines.empty():
            rest.append(lines.get())
        assert "Boardlight stopped." in "".join(rest)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.slow
def test_serve_says_when_the_port_is_taken():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc, lines = start("--host", "127.0.0.1", "--port", str(port))
        assert proc.wait(timeout=30) == 2
        text = "".join(read_until(lines, "cannot listen"))
        assert f"cannot listen on 127.0.0.1:{port}" in text and "--port" in text


def test_serve_needs_the_serial_boards_address(capsys):
    from boardlight.cli import main
    assert main(["serve", "--board", "serial", "--port", "0"]) == 2
    assert "needs its address: --serial-url" in capsys.readouterr().err


@pytest.mark.slow
def test_under_systemd_serve_says_ready_and_keeps_its_games(tmp_path):
    notify_path = str(tmp_path / "notify.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(notify_path)
    listener.settimeout(30)
    db = tmp_path / "games.db"
    proc = subprocess.Popen([sys.executable, "-m", "boardlight", "serve", "--host", "127.0.0.1",
                             "--port", "0", "--db", str(db)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**__import__("os").environ, "NOTIFY_SOCKET": notify_path})
    try:
        message = listener.recv(4096).decode()
        assert message.startswith("READY=1\nSTATUS=serving Abalone on port ")
        assert db.exists()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0
        assert listener.recv(4096).decode() == "STOPPING=1"
    finally:
        listener.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
