"""The emulator: the firmware's logic as a virtual board behind a pty or a socket, driven by a
script, with the host's link on the other end."""

from __future__ import annotations

import json
import threading

import pytest

from controller.physical import Light
from controller.script import ScriptError
from controller.session.events import ButtonPress, StableChanges
from firmware_bridge.emulator import (
    Emulator,
    FastClock,
    RealTimeClock,
    parse_script,
    run_emulator,
)
from firmware_bridge.errors import EmulatorError
from firmware_bridge.link import SerialLink
from firmware_bridge.transports import open_transport

from .hostview import HostView


def lines(*items: dict) -> list[str]:
    return [json.dumps(item) for item in items]


def test_parse_script_sorts_by_time_and_keeps_phone_lines(presence_spec):
    phone = {"seat": "w", "type": "end-turn"}
    script = parse_script(["", "# a comment", *lines(
        {"t": 0.4, "place": "B1"}, {"t": 0.0, "lift": "A1"},
        {"t": 0.9, "button": "end-turn"}, {"t": 0.5, "phone": phone},
        {"t": 0.6, "place": "B2", "piece": "w"})], presence_spec)
    assert [(a.t, a.kind, a.value) for a in script] == [
        (0.0, "lift", "A1"), (0.4, "place", "B1"), (0.5, "phone", phone),
        (0.6, "place", "B2"), (0.9, "button", "end-turn")]
    assert script[3].piece == "w" and script[3].line == 7


# The emulator reads scripts with the one parser (controller.script, tested with every
# mistake in tests/controller/test_script.py); here, what only this board refuses.
@pytest.mark.parametrize("line, message", [
    ('{"t": 0, "lift": "Z9"}', "line 2: there is no sensed position 'Z9' on board "
                               "'test-presence'"),
    ('{"t": 0, "button": "resign"}', "line 2: board 'test-presence' has no button 'resign'; "
                                     "it has end-turn, undo"),
    ('{"t": 0, "play": "A1B2"}', "line 2: 'play' lines are not carried out here: the "
                                 "emulator has no rules"),
])
def test_parse_script_names_the_bad_line(presence_spec, line, message):
    with pytest.raises(ScriptError) as refused:
        parse_script(['{"t": 0, "lift": "A1"}', line], presence_spec)
    assert str(refused.value).startswith(message)


def test_a_script_may_name_only_the_games_pieces_when_it_knows_them(presence_spec):
    line = ['{"t": 0, "place": "A1", "piece": "q"}']
    assert parse_script(line, presence_spec)[0].piece == "q"
    with pytest.raises(ScriptError, match="line 1: 'q' is no piece of board 'test-presence'; "
                                          "its pieces: b, w"):
        parse_script(line, presence_spec, pieces=("b", "w"))


def test_open_transport_refuses_what_it_cannot_serve(tmp_path):
    with pytest.raises(EmulatorError, match="socket://HOST:PORT"):
        open_transport("rfc2217://localhost:1")
    plain = tmp_path / "file"
    plain.write_text("")
    with pytest.raises(EmulatorError, match="not a symlink"):
        open_transport(str(plain))


def test_hands_lift_and_place_pieces(presence_spec, polarity_spec, tag_spec):
    emu = Emulator(presence_spec, {"A1": 1, "A2": 1})
    emu.lift("A1")
    emu.lift("A3")  # nothing there: nothing in hand
    emu.place("B1")
    emu.place("B2")  # empty hand on a presence board: a piece is a piece
    assert [p for p, v in emu.reading().items() if v] == ["A2", "B1", "B2"]
    emu = Emulator(polarity_spec, {"A1": -1, "A2": 1})
    emu.lift("A1")
    emu.lift("A2")
    emu.place("A3")  # the last lifted first
    emu.place("A4")
    emu.place("A5", "s")
    assert emu.values()[:5] == (0, 0, 1, -1, -1)
    with pytest.raises(EmulatorError, match="polarity piece"):
        emu.place("A6", "w")
    emu = Emulator(tag_spec, {"A1": "w", "A2": "04D4E5F6"})
    emu.lift("A1")
    emu.place("A3")
    emu.place("A4", "k")
    assert emu.values() == ("", "b", "w", "k", "", "", "")
    with pytest.raises(EmulatorError, match="no tag for piece 'q'"):
        Emulator(tag_spec, {"A1": "q"})


def run_with_host(spec, start, script, link="pty", **kw):
    """The emulator on a fast clock and the host's link on its address, until the script ran
    and the host's view equals the board."""
    view = HostView(len(spec.sensors))
    phone: list[dict] = []
    emu = Emulator(spec, start, link, clock=FastClock(), script=parse_script(script, spec),
                   on_phone=phone.append, wait_for_host=True, **kw)
    with emu, SerialLink(emu.address, spec, view.post, backoff=(0.01, 0.05)) as link:
        assert emu.script_done.wait(10)
        assert view.wait_for(lambda v: v.values == list(emu.values())
                             and tuple(v.values) == emu.board_values())
        return view, emu, link, phone


def test_a_script_reaches_the_host_as_events(presence_spec):
    view, emu, _, phone = run_with_host(presence_spec, {"A1": 1, "A2": 1}, lines(
        {"t": 0.0, "lift": "A1"}, {"t": 0.4, "place": "B3"},
        {"t": 0.9, "button": "end-turn"},
        {"t": 1.0, "phone": {"seat": "w", "type": "choose", "move": "A1B2"}},
        {"t": 1.5, "lift": "A2"}, {"t": 1.5, "place": "B4", "piece": "w"}))
    changes = [e.changes for e in view.events if isinstance(e, StableChanges)]
    assert changes == [((0, 0),), ((10, 1),), ((1, 0), (11, 1))]
    assert [e.button for e in view.events if isinstance(e, ButtonPress)] == ["end-turn"]
    assert phone == [{"seat": "w", "type": "choose", "move": "A1B2"}]
    assert [p for p, v in emu.reading().items() if v] == ["B3", "B4"]


def test_a_script_over_a_socket(presence_spec):
    view, emu, link, _ = run_with_host(presence_spec, {}, lines(
        {"t": 0.1, "place": "A1"}, {"t": 0.2, "place": "A2"}), link="socket://127.0.0.1:0")
    assert emu.address.startswith("socket://127.0.0.1:") and link.stats.connects == 1
    assert view.values[:3] == [1, 1, 0]


def test_polarity_and_tag_boards_through_the_whole_path(polarity_spec, tag_spec):
    view, *_ = run_with_host(polarity_spec, {"A1": 1, "A2": -1}, lines(
        {"t": 0.1, "lift": "A1"}, {"t": 0.3, "place": "B1"}))
    assert view.values == [0, -1, 0, 0, 0, 0, 0, 0, 1]
    view, *_ = run_with_host(tag_spec, {"A1": "w", "A2": "b"}, lines(
        {"t": 0.1, "lift": "A2"}, {"t": 0.3, "place": "A5"}, {"t": 0.4, "place": "A6",
                                                              "piece": "k"}))
    assert view.values == ["w", "", "", "", "b", "k", ""]


def test_bouncing_switches_are_debounced_by_the_firmware(presence_spec):
    view, *_ = run_with_host(presence_spec, {}, lines(
        *({"t": 0.1 * i, "place" if i % 2 == 0 else "lift": "A1"} for i in range(10))),
        bounce_scans=2)
    changes = [e.changes for e in view.events if isinstance(e, StableChanges)]
    assert changes == [((0, 1 - i % 2),) for i in range(10)]  # one change per move


def test_led_frames_reach_the_virtual_pixels(presence_spec):
    view = HostView(16)
    lights = tuple(Light((i * 10, 0, 1)) for i in range(16))
    shown = threading.Event()

    def on_frame(direction, frame, plug):
        if direction == "in" and frame.type == 0x13:
            shown.set()

    with Emulator(presence_spec, {}, clock=FastClock(), on_frame=on_frame) as emu, \
            SerialLink(emu.address, presence_spec, view.post) as link:
        assert link.wait_connected(5)
        link.show(lights)
        assert shown.wait(5)
        # The scan that read the frame also drives the pixels; a frame the board sends after
        # it proves that scan is over.
        done = threading.Event()
        emu.on_frame = lambda d, f, p: done.set() if d == "out" else None
        link.request_scan()
        assert done.wait(5)
        assert emu.pixels() == tuple(light.colour for light in lights)


def test_run_emulator_reports_its_address_and_stops(presence_spec):
    ready: list[str] = []
    stop = threading.Event()
    summary = run_emulator(presence_spec, {"A1": 1}, lines({"t": 0.0, "lift": "A1"}), "pty",
                           clock=FastClock(), on_ready=ready.append, wait_for_host=False,
                           linger=0, stop=stop)
    assert ready == [summary.address] and summary.address.startswith("/dev/pts/")
    assert summary.actions == 1 and summary.final_reading["A1"] == 0


def test_run_emulator_at_a_symlink_waits_for_the_host(presence_spec, tmp_path):
    link_path = str(tmp_path / "board")
    stop = threading.Event()
    result: list = []
    runner = threading.Thread(target=lambda: result.append(run_emulator(
        presence_spec, {}, lines({"t": 0.05, "place": "B1"}), link_path, clock=RealTimeClock(),
        linger=0, stop=stop)))
    runner.start()
    view = HostView(16)
    try:
        with SerialLink(link_path, presence_spec, view.post, backoff=(0.01, 0.05)):
            assert view.wait_for(lambda v: v.values[8] == 1)
    finally:
        runner.join(10)
        stop.set()
    assert result and result[0].address == link_path


def test_a_place_line_names_a_piece_of_the_game_and_the_board_reads_what_its_sensor_does(
        polarity_spec):
    # On a polarity board a game's piece reads as its pole (the emulator command passes the
    # game's polarity): "w" north, "b" south.
    poles = {"w": 1, "b": -1}
    emu = Emulator(polarity_spec, {}, clock=FastClock(), piece_value=poles.__getitem__,
                   script=parse_script(lines({"t": 0.0, "place": "A1", "piece": "w"},
                                             {"t": 0.0, "place": "A2", "piece": "b"}),
                                       polarity_spec, pieces=("b", "w")))
    emu.run_for(0.1)
    assert emu.script_done.is_set() and emu.values()[:2] == (1, -1)
