"""Pulling the USB cable and putting it back, 20 times, while pieces keep moving."""

from __future__ import annotations

import random
import statistics
import threading
import time
from collections import defaultdict

import pytest

from controller.session.events import StableChanges, StableScan
from firmware_bridge.emulator import Emulator, FastClock
from firmware_bridge.link import SerialLink
from firmware_bridge.messages import Changes, parse
from firmware_bridge.protocol import Frame, MessageType

from .hostview import HostView

CYCLES = 20


def after_last_scan(items: list, is_scan) -> list:
    last = max((i for i, x in enumerate(items) if is_scan(x)), default=-1)
    return items[last + 1:]


@pytest.mark.slow
def test_every_replug_is_detected_and_resynced_with_no_change_lost_or_doubled(presence_spec,
                                                                              tmp_path):
    spec = presence_spec
    path = str(tmp_path / "ttyACM-board")
    rng = random.Random(1234)
    sent: dict[int, list[Frame]] = defaultdict(list)
    lock = threading.Lock()

    def on_frame(direction: str, frame: Frame, plug: int) -> None:
        if direction == "out" and frame.type in (MessageType.CHANGES, MessageType.FULL_SCAN):
            with lock:
                sent[plug].append(frame)

    def sent_changes(plug: int) -> list:
        with lock:
            frames = list(sent[plug])
        return [parse(f).changes for f in
                after_last_scan(frames, lambda f: f.type == MessageType.FULL_SCAN)]

    def posted_changes(period: int) -> list:
        events = view.periods[period] if period < len(view.periods) else []
        return [e.changes for e in after_last_scan(events, lambda e: isinstance(e, StableScan))
                if isinstance(e, StableChanges)]

    def move() -> None:
        position = rng_stream.choice(spec.sensors)
        if emu.reading()[position]:
            emu.lift(position)
        else:
            emu.place(position)

    view = HostView(len(spec.sensors))
    start = {p: 1 for p in spec.sensors[::3]}
    emu = Emulator(spec, start, path, clock=FastClock(), on_frame=on_frame)
    gate = threading.Lock()  # held by the test to pause the stream of moves
    done = threading.Event()
    moves = 0

    def stream() -> None:
        nonlocal moves
        while not done.is_set():
            with gate:
                move()
                moves += 1
            emu.wait_ticks(spec.debounce_scans + 1 + rng_stream.randrange(4), timeout=5)

    rng_stream = random.Random(99)
    recover: list[float] = []
    mover = threading.Thread(target=stream, name="test-moves")
    with emu, SerialLink(path, spec, view.post, backoff=(0.005, 0.05)) as link:
        assert view.wait_for(lambda v: v.ups == 1)
        with gate:
            mover.start()
        try:
            for cycle in range(CYCLES):
                plug = emu.plugs
                emu.wait_ticks(rng.randint(20, 200), timeout=5)  # pieces move ...
                with gate:  # ... pause, and while connected every change the board sent has
                    # been posted once, in order
                    assert view.wait_for(
                        lambda v, plug=plug: v.values == list(emu.values())
                        and emu.board_values() == tuple(emu.values())
                        and posted_changes(plug - 1) == sent_changes(plug)), \
                        f"cycle {cycle}: the host fell behind or lost a change"
                emu.wait_ticks(rng.randint(0, 30), timeout=5)
                emu.unplug()  # the cable comes out in the middle of the stream
                assert view.wait_for(lambda v, c=cycle: v.downs == c + 1), \
                    f"cycle {cycle}: the unplug went unnoticed"
                emu.wait_ticks(rng.randint(0, 50), timeout=5)  # moves while it is out
                plugged_at = time.perf_counter()
                emu.plug()
                with gate:
                    assert view.wait_for(lambda v, c=cycle: v.ups == c + 2
                                         and v.values == list(emu.values())), \
                        f"cycle {cycle}: no re-sync after the replug"
                    recover.append(time.perf_counter() - plugged_at)
        finally:
            done.set()
            mover.join(10)
        stats = link.stats

    assert (view.ups, view.downs) == (CYCLES + 1, CYCLES)
    assert stats.connects == CYCLES + 1 and stats.disconnects == CYCLES
    for period in range(CYCLES + 1):
        posted, board = posted_changes(period), sent_changes(period + 1)
        # Nothing doubled or reordered or made up: what was posted is what the board sent, up
        # to the frames that were still in the cable when it came out.
        assert posted == board[:len(posted)], f"period {period}"
        assert all(isinstance(Changes(spec.sense, c), Changes) for c in posted)
    print(f"\nreplug: {CYCLES} cycles, {CYCLES} detected, {CYCLES} re-synced; re-sync after "
          f"plug-in median {statistics.median(recover) * 1000:.1f} ms, "
          f"max {max(recover) * 1000:.1f} ms; {moves} moves; change frames posted "
          f"{sum(isinstance(e, StableChanges) for e in view.events)}; {stats}")
