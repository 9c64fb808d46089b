"""The notify protocol against a real datagram socket, as systemd would listen."""

from __future__ import annotations

import os
import socket

import pytest

from boardlight.systemd import Watchdog, notify
from hardware.scanloop import ScanLoop


@pytest.fixture
def listener(tmp_path):
    path = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(2.0)
    yield path, sock
    sock.close()


def received(sock) -> list[str]:
    out = []
    sock.setblocking(False)
    try:
        while True:
            out.append(sock.recv(4096).decode())
    except BlockingIOError:
        pass
    sock.setblocking(True)
    return out


def test_ready_and_status_arrive(listener):
    path, sock = listener
    assert notify("READY=1\nSTATUS=serving on :8080", {"NOTIFY_SOCKET": path})
    assert sock.recv(4096).decode() == "READY=1\nSTATUS=serving on :8080"


def test_outside_systemd_nothing_is_sent():
    assert notify("READY=1", {}) is False
    assert not Watchdog({}).enabled


def test_the_watchdog_is_kicked_by_the_scan_loop_at_half_the_interval(listener):
    path, sock = listener
    now = [0.0]
    env = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000", "WATCHDOG_PID": str(os.getpid())}
    dog = Watchdog(env, clock=lambda: now[0])
    assert dog.interval == 1.0
    posted = []
    loop = ScanLoop(lambda t: (0,), posted.append, lambda: now[0], hz=200,
                    on_scan=dog.kick)
    for step in range(500):  # 2.5 s of scans at 200 Hz
        now[0] = step * 0.005
        loop.scan_once()
    assert received(sock) == ["WATCHDOG=1"] * 3  # at 0 s, 1 s and 2 s
    # The loop hangs: no scans, no kicks, however long the web server keeps running.
    now[0] = 10.0
    assert received(sock) == []


def test_a_watchdog_meant_for_another_process_stays_off(listener):
    path, _ = listener
    dog = Watchdog({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000", "WATCHDOG_PID": "1"})
    assert not dog.enabled
