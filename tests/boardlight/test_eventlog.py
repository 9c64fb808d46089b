"""The event log: durable, replayable, checked; resume after a crash."""

from __future__ import annotations

import os
import random
import re
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


# ---- one writer per log (issue 29, item 10) ------------------------------------------------


def test_a_second_owner_of_a_log_is_refused_naming_the_file_and_the_process(tmp_path):
    path = tmp_path / "g.db"
    first = EventLog(path)
    with pytest.raises(LogError, match=rf"{re.escape(str(path))} is in use by another "
                                       rf"Boardlight process \(pid {os.getpid()}\)"):
        EventLog(path)
    reader = EventLog(path, owner=False)  # export and replay read beside the writer
    assert reader.games() == first.games()
    reader.close()
    first.close()
    EventLog(path).close()  # once the owner has stopped, another may take it


def test_a_reader_of_a_missing_log_says_so_and_creates_nothing(tmp_path):
    with pytest.raises(LogError, match="there is no game log at"):
        EventLog(tmp_path / "none.db", owner=False)
    assert not (tmp_path / "none.db").exists()


def test_a_second_serve_process_on_one_log_is_refused_while_the_first_runs(tmp_path):
    """Two real processes: the second is refused with words naming the file and the first
    process; nothing of the first's game is touched."""
    db = tmp_path / "games.db"
    command = [sys.executable, "-m", "boardlight", "serve", "--db", str(db), "--host",
               "127.0.0.1", "--port", "0"]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True)
    try:
        started = ""
        while "Press Ctrl-C to stop." not in started:
            line = first.stdout.readline()  # type: ignore[union-attr]
            assert line, f"the first process stopped: {started}"
            started += line
        before = [(g.id, g.finished) for g in EventLog(db, owner=False).games()]
        second = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert second.returncode != 0
        said = second.stdout + second.stderr
        assert f"{db} is in use by another Boardlight process (pid {first.pid})" in said, said
        assert [(g.id, g.finished) for g in EventLog(db, owner=False).games()] == before
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(timeout=30)


def interleaved_log(db: Path) -> int:
    """A game two processes wrote at once: one board's moves, then the other's (B6C7 twice),
    which no longer replays."""
    log = EventLog(db)
    gid = record_game(log, ["C3D3", "I5H5"])
    start = ABALONE.setup()
    other = ABALONE.apply(start, ABALONE.parse_move(start, "A1B2"))
    log.append(gid, "move", 3, ABALONE.position_text(other), 3.0, "b", "A1B2")
    log.close()
    return gid


def test_a_stored_game_that_does_not_replay_never_stops_the_service(tmp_path):
    db = tmp_path / "g.db"
    gid = interleaved_log(db)
    reader = EventLog(db, owner=False)
    kept = [(e.seq, e.kind, e.move, e.position) for e in reader.events(gid)]
    reader.close()
    service = Service(ServiceOptions(game="abalone", db=str(db))).start()
    try:
        assert service.unreplayable is not None
        assert service.unreplayable["game_id"] == gid
        assert "event 3" in service.unreplayable["detail"]
        snap = wait_until(service.table, lambda s: s["status"] == "playing")
        assert snap["ply"] == 0 and service.game_id != gid  # a new game began
    finally:
        service.stop()
    reader = EventLog(db, owner=False)
    # Kept as it is: its events and its unfinished record never rewritten.
    assert [(e.seq, e.kind, e.move, e.position) for e in reader.events(gid)] == kept
    assert reader.game(gid).finished is None
    reader.close()


def test_the_host_page_and_the_records_commands_say_a_game_that_does_not_replay(tmp_path,
                                                                               capsys):
    from boardlight.cli import main
    from web_ui import create_app

    db = tmp_path / "g.db"
    gid = interleaved_log(db)
    service = Service(ServiceOptions(game="abalone", db=str(db)))
    try:
        client = create_app(service, {"HOST_TOKEN": "t"}).test_client()
        assert client.get("/host/t").status_code == 303
        info = client.get("/api/host").get_json()
        assert info["unreplayable"]["game_id"] == gid
    finally:
        service.stop()
    assert main(["replay", "--db", str(db), "--game-id", str(gid)]) == 0
    out = capsys.readouterr().out
    assert "ply 2: w I5H5" in out and "the record replays only this far: game 1 event 3" in out
    assert main(["export", "--db", str(db), "--game-id", str(gid), "--format",
                 "notation"]) == 0
    notation = capsys.readouterr().out
    assert "1. C3D3 I5H5" in notation and "[Note \"the record replays only this far" in notation


def test_two_club_boards_on_one_machine_without_db_each_get_their_own_log(tmp_path,
                                                                         monkeypatch, capsys):
    from boardlight.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    for board in ("table-1", "table-2"):
        assert main(["serve", "--club", "mqtt://u:p@127.0.0.1:9", "--board-name", board,
                     "--check"]) == 0
        out = capsys.readouterr().out
        assert f"games kept in {tmp_path}/boardlight/club-{board}.db" in out, out
    assert sorted(p.name for p in (tmp_path / "boardlight").glob("*.db")) == [
        "club-table-1.db", "club-table-2.db"]


def test_a_guest_boards_deals_replay_and_a_move_after_one_is_made_on_it(tmp_path):
    """Remote play's guest keeps the host's positions it took (``deal``): the replay stands
    on each from its ply on, and the moves that stand are the same."""
    from controller.rules.crosswise import CROSSWISE as CW
    log = EventLog(tmp_path / "g.db")
    start = CW.setup(seed=4)
    gid = log.new_game("crosswise", "two-player", 4, CW.position_text(start))
    rng = random.Random(2)
    dealt0 = CW.sample_hidden_for(start, ["orange"], rng)
    log.append(gid, "deal", 0, CW.position_text(dealt0), 0.5)
    move = CW.legal_moves(dealt0)[0]
    after = CW.apply(dealt0, move)
    log.append(gid, "move", 1, CW.position_text(after), 1.0, "green", CW.move_text(move))
    dealt1 = CW.sample_hidden_for(after, ["orange"], rng)
    log.append(gid, "deal", 1, CW.position_text(dealt1), 1.5)
    r = replay(log, gid)
    assert [CW.position_text(s) for s in r.states] == [CW.position_text(dealt0),
                                                       CW.position_text(dealt1)]
    assert r.moves == [CW.move_text(move)]
    bad = log.new_game("crosswise", "two-player", 4, CW.position_text(start))
    log.append(bad, "deal", 0, "not a position", 0.5)
    with pytest.raises(LogError, match=r"event 1 \(deal\)"):
        replay(log, bad)


def test_a_simulated_board_takes_up_the_unfinished_game_of_any_game(tmp_path):
    """A simulated board is set up for whatever game is on it: restarted with its default
    game, it goes on with the unfinished Crosswise game in its log (a remote game after a
    power cut), rather than abandoning it."""
    from controller.rules.crosswise import CROSSWISE as CW
    db = tmp_path / "g.db"
    log = EventLog(db)
    start = CW.setup(seed=4)
    gid = log.new_game("crosswise", "two-player", 4, CW.position_text(start))
    move = CW.legal_moves(start)[0]
    log.append(gid, "move", 1, CW.position_text(CW.apply(start, move)), 1.0, "green",
               CW.move_text(move))
    log.close()
    service = Service(ServiceOptions(db=str(db))).start()
    try:
        assert service.table.snapshot.game.name == "crosswise"
        assert service.table.snapshot.ply == 1 and service.game_id == gid
    finally:
        service.stop()
