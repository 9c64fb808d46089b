"""The simulator's Abalone scripts again, over the firmware emulator and a real pty: the
service, reading the board through the serial link, commits the same moves."""

from __future__ import annotations

import json

import pytest

from boardlight.service import Service, ServiceOptions
from controller.physical import project
from controller.rules.abalone import ABALONE
from firmware_bridge.emulator import Emulator, RealTimeClock, parse_script
from hardware.profiles import load_profile
from tests.boardlight.test_service import wait_until
from tests.pipeline.support import simulate

SCRIPTS = {
    "unextendable line": [{"t": 0.5, "lift": "A1"}, {"t": 0.9, "place": "D4"},
                          {"t": 1.6, "lift": "I5"}, {"t": 1.9, "place": "F5"}],
    "broadside with end-turn": [{"t": 0.5, "lift": "C3"}, {"t": 0.8, "place": "D4"},
                                {"t": 1.1, "lift": "C4"}, {"t": 1.4, "place": "D5"},
                                {"t": 1.7, "button": "end-turn"}],
    "wrong cell, then right": [{"t": 0.5, "lift": "A1"}, {"t": 0.8, "place": "E5"},
                               {"t": 1.4, "lift": "E5"}, {"t": 1.7, "place": "D4"}],
}


@pytest.mark.parametrize("name", SCRIPTS)
def test_same_commits_over_the_serial_path(name):
    lines = SCRIPTS[name]
    spec = load_profile("abalone-pico").spec  # the reference firmware's board
    expected = [c.move for c in simulate(lines, spec=spec).commits()]
    assert expected
    layout = ABALONE.layout(ABALONE.setup())
    start = {p: project(layout.get(p, ()), spec.sense, ABALONE.polarity) for p in spec.sensed}
    board = Emulator(spec, start, "pty", clock=RealTimeClock(),
                     script=parse_script([json.dumps(x) for x in lines], spec),
                     wait_for_host=True)
    with board:
        service = Service(ServiceOptions(game="abalone", board="serial",
                                         serial_url=board.address)).start()
        try:
            snap = wait_until(service.table, lambda s: s["ply"] == len(expected), timeout=15)
            assert [m["move"] for m in snap["moves"]] == expected
            assert board.script_done.wait(10)
            # The LED frames went back over the link to the board's pixels.
            assert any(px != (0, 0, 0) for px in board.pixels())
        finally:
            service.stop()


def test_the_emulator_command_serves_a_board_the_service_plays_on(tmp_path):
    import socket
    import subprocess
    import sys
    from pathlib import Path

    with socket.socket() as s:  # a free port
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    script = tmp_path / "moves.jsonl"
    script.write_text("\n".join(json.dumps(x) for x in SCRIPTS["unextendable line"]))
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardlight", "emulator", "--game", "abalone", "--link",
         f"socket://127.0.0.1:{port}", "--script", str(script), "--linger", "1"],
        cwd=root, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith("virtual Abalone board (abalone-pico) ready at "
                                "socket://127.0.0.1:")
        assert "--board serial --serial-url socket://" in proc.stdout.readline()
        service = Service(ServiceOptions(game="abalone", board="serial",
                                         serial_url=f"socket://127.0.0.1:{port}")).start()
        try:
            snap = wait_until(service.table, lambda s: s["ply"] == 2, timeout=15)
            assert [m["move"] for m in snap["moves"]] == ["A1B2", "I5H5"]
        finally:
            service.stop()
        out, _ = proc.communicate(timeout=15)
        assert proc.returncode == 0 and "script done: 4 actions" in out
    finally:
        if proc.poll() is None:
            proc.kill()
