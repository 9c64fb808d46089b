"""``boardlight export`` and ``boardlight replay`` on a real event log."""

from __future__ import annotations

import json

from boardlight.cli import main
from boardlight.eventlog import EventLog
from controller.rules.abalone import ABALONE
from tests.boardlight.test_eventlog import record_game


def make_db(tmp_path, moves=("A1B2", "I5H5", "C3D3")):
    path = tmp_path / "games.db"
    log = EventLog(path)
    record_game(log, list(moves))
    log.close()
    return str(path)


def test_export_jsonl_has_a_versioned_header_and_one_line_per_event(tmp_path, capsys):
    db = make_db(tmp_path)
    assert main(["export", "--db", db]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    head, *events = lines
    assert (head["schema"], head["version"], head["game"]) == ("boardlight.game", 1, "abalone")
    assert [e["move"] for e in events] == ["A1B2", "I5H5", "C3D3"]
    assert events[-1]["position"] == ABALONE.position_text(
        _play(["A1B2", "I5H5", "C3D3"]))


def _play(moves):
    s = ABALONE.setup()
    for m in moves:
        s = ABALONE.apply(s, ABALONE.parse_move(s, m))
    return s


def test_export_in_abalone_notation(tmp_path, capsys):
    db = make_db(tmp_path)
    assert main(["export", "--db", db, "--format", "notation"]) == 0
    out = capsys.readouterr().out
    assert '[Game "Abalone"]' in out and '[Variant "standard"]' in out
    assert out.rstrip().endswith("1. A1B2 I5H5\n2. C3D3")


def test_replay_of_an_export_reaches_the_same_positions(tmp_path, capsys):
    db = make_db(tmp_path)
    record = tmp_path / "game.jsonl"
    assert main(["export", "--db", db, "-o", str(record)]) == 0
    capsys.readouterr()
    assert main(["replay", str(record), "--to", "2"]) == 0
    out = capsys.readouterr().out
    assert "ply 2: w I5H5" in out
    assert ABALONE.position_text(_play(["A1B2", "I5H5"])) in out
    assert out.rstrip().endswith("3 moves; unfinished")


def test_replay_from_the_log_and_listing(tmp_path, capsys):
    db = make_db(tmp_path)
    assert main(["replay", "--db", db]) == 0
    assert capsys.readouterr().out.count("ply ") == 3
    assert main(["export", "--db", db, "--list"]) == 0
    assert "\tabalone standard\t" in capsys.readouterr().out


def test_bad_records_and_logs_are_clear_errors(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"schema": "something-else"}\n')
    assert main(["replay", str(bad)]) == 2
    assert "not a Boardlight game record" in capsys.readouterr().err
    assert main(["export", "--db", str(tmp_path / "none.db")]) == 2
    assert "there is no event log" in capsys.readouterr().err
    db = make_db(tmp_path)
    assert main(["replay", "--db", db, "--to", "9"]) == 2
    assert "no ply 9; it has plies 0 to 3" in capsys.readouterr().err
    assert main(["export", "--db", db, "--game-id", "5"]) == 2
    assert "has no game 5" in capsys.readouterr().err
