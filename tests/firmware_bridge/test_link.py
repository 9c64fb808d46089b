"""The host's link against a pty on which the test plays the board frame by frame."""

from __future__ import annotations

import os
import threading

import pytest
import serial

from controller.physical import Light, SenseMode
from controller.session.events import ButtonPress, LinkStatus, StableChanges, StableScan
from firmware_bridge.errors import BoardMismatchError, LedFrameError, ProtocolVersionError
from firmware_bridge.link import LinkState, SerialLink
from firmware_bridge.messages import (
    ButtonEvent,
    Changes,
    FullScan,
    GetHello,
    Hello,
    Nak,
    Ping,
    Pong,
    ShowLeds,
)
from firmware_bridge.protocol import PROTOCOL_VERSION, Frame, MessageType, NakReason

from .conftest import Events, ManualClock, PtyBoard


def hello_for(spec, **changes) -> Hello:
    fields = dict(protocol=PROTOCOL_VERSION, firmware=(1, 0, 0), sense=spec.sense,
                  sensor_count=len(spec.sensors), led_count=len(spec.leds), scan_hz=200,
                  debounce_scans=3, buttons=spec.buttons)
    fields.update(changes)
    return Hello(**fields)


def connect(board: PtyBoard, spec, events: Events, values=None) -> FullScan:
    """Play the board's side of the handshake; returns the full scan sent."""
    assert board.expect(MessageType.GET_HELLO) == GetHello(PROTOCOL_VERSION)
    board.send(hello_for(spec), seq=0)
    board.expect(MessageType.GET_SCAN)
    scan = FullScan(spec.sense, tuple(values or (0,) * len(spec.sensors)))
    board.send(scan)
    assert events.wait_for(lambda es: any(isinstance(e, StableScan) for e in es))
    return scan


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def make_link(events, clock):
    links: list[SerialLink] = []

    def make(url: str, spec, **kw) -> SerialLink:
        kw.setdefault("backoff", (0.01, 0.05))
        link = SerialLink(url, spec, events.post, clock=clock, **kw)
        links.append(link.start())
        return link

    yield make
    for link in links:
        link.stop()


def test_handshake_then_changes_and_buttons_become_events(pty_board, presence_spec, events,
                                                          make_link, clock):
    link = make_link(pty_board.path, presence_spec)
    values = (1, 0) * 8
    connect(pty_board, presence_spec, events, values)
    assert link.wait_connected(1) and link.state is LinkState.SYNCED
    assert events.items[:2] == [
        LinkStatus(clock.t, True, "firmware 1.0.0, protocol 1, 16 presence sensors, 16 LEDs"),
        StableScan(clock.t, values)]
    clock.advance(0.25)
    pty_board.send(Changes(SenseMode.PRESENCE, ((0, 0), (15, 1))))
    pty_board.send(ButtonEvent(1))
    pty_board.send(ButtonEvent(7))
    assert events.wait_for(lambda es: len(es) == 5)
    assert events.items[2:] == [StableChanges(clock.t, ((0, 0), (15, 1))),
                                ButtonPress(clock.t, "undo"), ButtonPress(clock.t, "button-7")]
    assert link.hello == hello_for(presence_spec)


def test_a_sequence_gap_asks_for_a_full_scan_and_drops_stale_changes(pty_board, presence_spec,
                                                                     events, make_link):
    link = make_link(pty_board.path, presence_spec)
    connect(pty_board, presence_spec, events)
    pty_board.send(Changes(SenseMode.PRESENCE, ((1, 1),)))
    pty_board.seq += 3  # three frames lost on the wire
    pty_board.send(Changes(SenseMode.PRESENCE, ((2, 1),)))
    pty_board.expect(MessageType.GET_SCAN)
    pty_board.send(Changes(SenseMode.PRESENCE, ((3, 1),)))  # before the scan: stale
    rescan = (1, 1, 1, 1) + (0,) * 12
    pty_board.send(FullScan(SenseMode.PRESENCE, rescan))
    pty_board.send(Changes(SenseMode.PRESENCE, ((4, 1),)))
    assert events.wait_for(lambda es: len(es) == 5)
    kinds = [(type(e).__name__, getattr(e, "changes", getattr(e, "values", None)))
             for e in events.items[2:]]
    assert kinds == [("StableChanges", ((1, 1),)), ("StableScan", rescan),
                     ("StableChanges", ((4, 1),))]
    assert link.stats.seq_gaps == 1 and link.stats.stale_changes == 2
    assert link.stats.connects == 1  # a re-sync is not a reconnect


def test_a_protocol_version_mismatch_is_a_clear_permanent_error(pty_board, presence_spec,
                                                                events, make_link):
    link = make_link(pty_board.path, presence_spec, backoff=(0.01, 30))
    pty_board.expect(MessageType.GET_HELLO)
    pty_board.send(hello_for(presence_spec, protocol=PROTOCOL_VERSION + 1, firmware=(9, 1, 0)))
    assert events.wait_for(lambda es: any(isinstance(e, LinkStatus) for e in es))
    status = events.of(LinkStatus)[0]
    assert not status.connected
    assert "protocol version 2 (firmware 9.1.0)" in status.detail
    assert "speaks version 1" in status.detail and "Flash the firmware" in status.detail
    assert isinstance(link.error, ProtocolVersionError)
    assert isinstance(link.error, ConnectionError)
    with pytest.raises(ProtocolVersionError):
        link.wait_connected(0.01)
    assert not link.connected


def test_a_board_that_does_not_match_the_profile_is_refused(pty_board, presence_spec, events,
                                                            make_link):
    link = make_link(pty_board.path, presence_spec, backoff=(0.01, 30))
    pty_board.expect(MessageType.GET_HELLO)
    pty_board.send(hello_for(presence_spec, sensor_count=61, sense=SenseMode.POLARITY))
    assert events.wait_for(lambda es: bool(es))
    assert isinstance(link.error, BoardMismatchError)
    detail = events.items[0].detail
    assert "sense mode polarity (profile: presence)" in detail
    assert "61 sensors (profile: 16)" in detail


def test_keep_alive_pings_and_declares_the_link_down_without_answers(pty_board, presence_spec,
                                                                     events, make_link, clock):
    link = make_link(pty_board.path, presence_spec, ping_interval=1.0, timeout=3.0)
    connect(pty_board, presence_spec, events)
    clock.advance(1.1)
    ping = pty_board.expect(MessageType.PING, skip=())
    assert isinstance(ping, Ping)
    clock.advance(0.05)
    pty_board.send(Pong(ping.token))
    pty_board.send(ButtonEvent(0))  # posted once the pong before it has been handled
    assert events.wait_for(lambda es: isinstance(es[-1], ButtonPress))
    assert link.stats.pongs == 1
    assert link.stats.last_rtt == pytest.approx(0.05)
    clock.advance(3.5)  # silence
    assert events.wait_for(lambda es: isinstance(es[-1], LinkStatus) and not es[-1].connected)
    assert "keep-alive timeout 3 s" in events.items[-1].detail
    assert link.stats.disconnects == 1
    # It reopens the port and starts over with a hello.
    assert pty_board.expect(MessageType.GET_HELLO) == GetHello(PROTOCOL_VERSION)


def test_a_lost_handshake_answer_is_asked_for_again(pty_board, presence_spec, events,
                                                    make_link, clock):
    make_link(pty_board.path, presence_spec, ping_interval=1.0, timeout=5.0)
    pty_board.expect(MessageType.GET_HELLO)
    clock.advance(1.1)
    pty_board.expect(MessageType.GET_HELLO)
    pty_board.send(hello_for(presence_spec))
    pty_board.expect(MessageType.GET_SCAN)
    clock.advance(1.1)
    pty_board.expect(MessageType.GET_SCAN)


def test_led_frames_go_out_and_come_back_after_a_reconnect(pty_board, presence_spec, events,
                                                           make_link, clock):
    link = make_link(pty_board.path, presence_spec)
    lights = tuple(Light((i, 0, 255 - i), i % 3 == 0) for i in range(16))
    link.show(lights)  # not connected yet: kept for later
    connect(pty_board, presence_spec, events)
    assert pty_board.expect(MessageType.SHOW_LEDS, skip=(MessageType.PING,)) == ShowLeds(lights)
    newer = tuple(Light((9, 9, 9)) for _ in range(16))
    link.show(newer)
    assert pty_board.expect(MessageType.SHOW_LEDS, skip=(MessageType.PING,)) == ShowLeds(newer)
    clock.advance(10)  # the board "resets": the link times out and reconnects
    connect(pty_board, presence_spec, events)
    assert pty_board.expect(MessageType.SHOW_LEDS, skip=(MessageType.PING,)) == ShowLeds(newer)
    with pytest.raises(LedFrameError, match="16 LEDs"):
        link.show(newer[:3])
    with pytest.raises(LedFrameError, match=r"0\.\.255"):
        link.show((Light((300, 0, 0)),) * 16)


def test_bad_frames_from_the_board_are_nakked_and_a_bad_changes_frame_forces_a_rescan(
        pty_board, presence_spec, events, make_link):
    link = make_link(pty_board.path, presence_spec)
    connect(pty_board, presence_spec, events)
    pty_board.write(Frame(0x42, 2, b"?").serialize())
    assert pty_board.expect(MessageType.NAK) == Nak(NakReason.UNKNOWN_TYPE, 0x42, 2)
    pty_board.write(Frame(MessageType.CHANGES, 3, b"\x00\x05\x00").serialize())
    assert pty_board.expect(MessageType.NAK) == Nak(NakReason.BAD_PAYLOAD,
                                                    MessageType.CHANGES, 3)
    pty_board.expect(MessageType.GET_SCAN)
    pty_board.seq = 4
    pty_board.send(FullScan(SenseMode.PRESENCE, (0,) * 16))
    pty_board.send(Changes(SenseMode.PRESENCE, ((99, 1),)))  # no sensor 99
    pty_board.expect(MessageType.GET_SCAN)
    assert link.stats.malformed == 3
    assert not [e for e in events.items if isinstance(e, StableChanges)]


def test_host_frames_echoed_back_are_ignored(pty_board, presence_spec, events, make_link):
    link = make_link(pty_board.path, presence_spec)
    connect(pty_board, presence_spec, events)
    pty_board.send(GetHello(1))
    pty_board.send(Changes(SenseMode.PRESENCE, ((0, 1),)))
    assert events.wait_for(lambda es: isinstance(es[-1], StableChanges))
    assert link.stats.unexpected == 1


def test_tag_ids_become_piece_kinds(pty_board, tag_spec, events, make_link):
    make_link(pty_board.path, tag_spec)
    connect(pty_board, tag_spec, events,
            ("04A1B2C3", "", "04D4E5F6", "0102030405060708090A", "DEAD", "", ""))
    scan = events.of(StableScan)[0]
    assert scan.values == ("w", "", "b", "k", "?DEAD", "", "")
    pty_board.send(Changes(SenseMode.TAG, ((1, "04d4e5f6"), (0, ""))))
    assert events.wait_for(lambda es: isinstance(es[-1], StableChanges))
    assert events.items[-1].changes == ((1, "b"), (0, ""))


def test_a_missing_device_is_reported_once_and_picked_up_when_it_appears(
        pty_board, presence_spec, events, make_link, tmp_path):
    path = str(tmp_path / "ttyBOARD")
    attempts: list[str] = []
    third = threading.Event()

    def open_port(url, **kw):
        attempts.append(url)
        if len(attempts) == 3:
            third.set()
        return serial.serial_for_url(url, **kw)

    link = make_link(path, presence_spec, open_port=open_port)
    assert third.wait(5)
    assert link.stats.open_failures >= 2
    statuses = events.of(LinkStatus)
    assert len(statuses) == 1 and not statuses[0].connected
    assert "cannot open" in statuses[0].detail
    os.symlink(pty_board.path, path)
    connect(pty_board, presence_spec, events)
    assert [s.connected for s in events.of(LinkStatus)] == [False, True]


def test_the_device_path_vanishing_takes_the_link_down(pty_board, presence_spec, events,
                                                       make_link, tmp_path):
    path = str(tmp_path / "ttyBOARD")
    os.symlink(pty_board.path, path)
    link = make_link(path, presence_spec)
    connect(pty_board, presence_spec, events)
    os.unlink(path)  # the pty itself is still open: only the path went away
    assert events.wait_for(lambda es: not link.connected and isinstance(es[-1], LinkStatus))
    assert "vanished" in events.items[-1].detail


def test_stop_is_prompt_and_wait_connected_times_out(pty_board, presence_spec, events,
                                                     make_link):
    link = make_link(pty_board.path, presence_spec)
    assert link.wait_connected(0.01) is False
    link.stop()
    assert link._thread is None


def test_a_keep_alive_shorter_than_the_ping_interval_is_refused(presence_spec, events):
    with pytest.raises(ValueError, match="longer than the ping interval"):
        SerialLink("loop://", presence_spec, events.post, ping_interval=2, timeout=1)
