"""The event log: durable, replayable, checked; resume after a crash."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardlight.eventlog import EventLog, LogError, replay
from boardlight.service import Service, ServiceOptions
from controller.rules.abalone import ABALONE
from tests.boardlight.test_service import wait_until

ROOT = Path(__file__).resolve().parents[2]


def record_game(log: EventLog, moves: list[str]) -> int:
    state = ABALONE.setup()
    gid = log.new_game("abalone", "standard", 0, ABALONE.position_text(state))
    for ply, text in enumerate(moves, 1):
        state = ABALONE.apply(state, ABALONE.parse_move(state, text))
        log.append(gid, "move", ply, ABALONE.position_text(state), float(ply), "bw"[ply % 2 - 1],
                   text)
    return gid


def test_moves_amendments_and_takebacks_replay(tmp_path):
    log = EventLog(tmp_path / "g.db")
    gid = record_game(log, ["C3D3", "I5H5"])
    s1 = ABALONE.apply(ABALONE.setup(), ABALONE.parse_move(ABALONE.setup(), "C3D3"))
    log.append(gid, "takeback", 1, ABALONE.position_text(s1), 3.0, move="I5H5")
    amended = ABALONE.apply(ABALONE.setup(), ABALONE.parse_move(ABALONE.setup(), "C3C4D3"))
    log.append(gid, "amend", 1, ABALONE.position_text(amended), 4.0, "b", "C3C4D3")
    r = replay(log, gid)
    assert r.moves == ["C3C4D3"] and r.state == amended and len(r.states) == 2


def test_a_record_that_does_not_replay_is_refused(tmp_path):
    log = EventLog(tmp_path / "g.db")
    gid = record_game(log, ["C3D3"])
    log.append(gid, "move", 2, "not the position", 2.0, "w", "I5H5")
    with pytest.raises(LogError, match=r"event 2 .*replays to"):
        replay(log, gid)


def test_a_database_of_another_schema_is_refused(tmp_path):
    path = tmp_path / "g.db"
    log = EventLog(path)
    log._db.execute("UPDATE meta SET value='99' WHERE key='schema'")
    log.close()
    with pytest.raises(LogError, match="schema version 99"):
        EventLog(path)


def test_the_log_is_wal_with_full_sync(tmp_path):
    log = EventLog(tmp_path / "g.db")
    assert log._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert log._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_service_resumes_the_unfinished_game(tmp_path):
    db = str(tmp_path / "g.db")
    first = Service(ServiceOptions(game="abalone", db=db)).start()
    try:
        wait_until(first.table, lambda s: s["status"] == "playing")
        first.sim_lift("A1")
        first.sim_place("D4")
        wait_until(first.table, lambda s: s["ply"] == 1)
    finally:
        first.stop()
    again = Service(ServiceOptions(game="abalone", db=db)).start()
    try:
        snap = wait_until(again.table, lambda s: s["status"] == "playing")
        assert snap["ply"] == 1 and snap["to_move"] == "w" and snap["last_move"] == "A1B2"
        again.sim_lift("I5")
        again.sim_place("F5")
        wait_until(again.table, lambda s: s["ply"] == 2)
    finally:
        again.stop()
    r = replay(EventLog(db), 1)
    assert r.moves == ["A1B2", "I5H5"]


def test_a_resumed_game_lists_its_moves_again(tmp_path):
    db = str(tmp_path / "g.db")
    first = Service(ServiceOptions(game="abalone", db=db)).start()
    try:
        first.set_names({"b": "Ann"})
        wait_until(first.table, lambda s: s["status"] == "playing")
        first.sim_lift("A1")
        first.sim_place("D4")
        wait_until(first.table, lambda s: s["ply"] == 1)
        first.sim_lift("I5")
        first.sim_place("F5")
        before = wait_until(first.table, lambda s: s["ply"] == 2)["moves"]
    finally:
        first.stop()
    again = Service(ServiceOptions(game="abalone", db=db))
    snap = again.table.public()
    # The move list and the last move come back with the position: what each move did, by
    # whom, at which ply.
    keys = ("ply", "seat", "move", "said", "by")
    assert [{k: m[k] for k in keys} for m in snap["moves"]] == [
        {k: m[k] for k in keys} for m in before]
    assert [m["ply"] for m in snap["moves"]] == [1, 2]
    assert snap["moves"][0]["by"] == {"computer": None, "name": "Ann"}
    assert snap["last_move"] == "I5H5"
    again.stop()


def test_a_board_changed_while_off_is_guided_back_by_correction(tmp_path):
    db = str(tmp_path / "g.db")
    log = EventLog(db)
    record_game(log, ["A1B2"])
    log.close()
    service = Service(ServiceOptions(game="abalone", db=db))
    # The board was knocked while the power was off: the marble on D4 rolled to E5.
    service.sim.lift("D4")
    service.sim.place("E5")
    service.start()
    try:
        snap = wait_until(service.table, lambda s: s["correction"] is not None)
        assert snap["correction"] == [["E5", "D4"]] and snap["status"] == "setup"
        assert snap["prompts"][0]["message"] == {"key": "correction.pairs",
                                                 "params": {"pairs": [["E5", "D4"]]}}
        service.sim_lift("E5")
        service.sim_place("D4")
        snap = wait_until(service.table, lambda s: s["status"] == "playing")
        assert snap["correction"] is None and snap["ply"] == 1
    finally:
        service.stop()


@pytest.mark.slow  # fifty processes started and killed: about 20 s
def test_kill_9_at_random_moments_loses_no_acknowledged_move(tmp_path):
    rng = random.Random(2026)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    kills = 0
    for run in range(50):
        db = tmp_path / f"crash{run}.db"
        proc = subprocess.Popen([sys.executable, "-m", "tests.boardlight.crash_harness",
                                 str(db), str(run)], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        acked: list[str] = []
        # Kill after a random number of acknowledged moves, at a random moment after it.
        target = rng.randint(1, 25)
        while len(acked) < target:
            line = proc.stdout.readline()
            assert line, "the harness stopped by itself"
            acked.append(line.split()[2])
        time.sleep(rng.uniform(0, 0.02))  # land the kill anywhere in the next move's work
        proc.send_signal(signal.SIGKILL)
        rest = proc.stdout.read()
        proc.wait()
        kills += proc.returncode == -signal.SIGKILL
        acked += [line.split()[2] for line in rest.splitlines() if line.startswith("ack")]
        log = EventLog(db)
        r = replay(log, 1)
        assert r.moves[:len(acked)] == acked, f"run {run}: acknowledged moves lost"
        assert len(r.moves) <= len(acked) + 1
        log.close()
        resumed = Service(ServiceOptions(game="abalone", db=str(db)))
        assert ABALONE.position_text(resumed.runner.session.state) == ABALONE.position_text(
            r.state)
        resumed.stop()
    assert kills == 50
