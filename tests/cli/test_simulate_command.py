"""``boardlight simulate`` as outside tests run it: script in, JSON lines out."""

from __future__ import annotations

import json

from boardlight.cli import main


def run(capsys, tmp_path, lines, *extra):
    script = tmp_path / "script.jsonl"
    script.write_text("\n".join(json.dumps(x) if isinstance(x, dict) else x for x in lines))
    code = main(["simulate", "--game", "abalone", "--script", str(script), *extra])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def test_commits_are_json_lines_with_move_and_position(capsys, tmp_path):
    code, out, _ = run(capsys, tmp_path, [
        "# black opens with a broadside marble, then ends the turn",
        {"t": 0.0, "lift": "C3"}, {"t": 0.4, "place": "D3"}, {"t": 0.9, "button": "end-turn"},
        {"t": 1.5, "play": "I5H5", "gap": 0.2}])
    assert code == 0
    commits = [x for x in out if "commit" in x]
    assert [(c["commit"], c["how"]) for c in commits] == [("C3D3", "end-turn"),
                                                          ("I5H5", "sensors")]
    assert commits[0]["t"] == 0.9
    assert commits[1]["position"] == (
        "bbbbbbbbbbb...bb....b.................w......www..wwwwww.wwww b 0 0")
    assert not any("leds" in x for x in out)


def test_leds_and_noise_keep_the_same_commits(capsys, tmp_path):
    lines = [{"t": 0.0, "play": "A1B2"}, {"t": 1.0, "play": "I5H5"}]
    _, quiet, _ = run(capsys, tmp_path, lines)
    for seed in (1, 2, 3):
        _, noisy, _ = run(capsys, tmp_path, lines, "--noise", str(seed), "--leds")
        assert [x["commit"] for x in noisy if "commit" in x] == ["A1B2", "I5H5"]
        assert any("leds" in x for x in noisy)
    assert [x["commit"] for x in quiet if "commit" in x] == ["A1B2", "I5H5"]


def test_same_script_same_output(capsys, tmp_path):
    lines = [{"t": 0.0, "lift": "A1"}, {"t": 0.3, "place": "E5"}, {"t": 3.0, "lift": "E5"},
             {"t": 3.2, "place": "A1"}]
    first = run(capsys, tmp_path, lines, "--noise", "9", "--leds")[1]
    assert first == run(capsys, tmp_path, lines, "--noise", "9", "--leds")[1]
    assert any(x.get("correction") for x in first)


def test_script_errors_name_the_line(capsys, tmp_path):
    for lines, message in [
        (["{not json"], "line 1: not JSON"),
        ([{"t": 0, "lift": "A1", "place": "B1"}], "exactly one of"),
        ([{"t": -1, "lift": "A1"}], "'t' must be a number"),
        ([{"t": 0, "lift": "A1", "speed": 2}], "unknown key 'speed'"),
        ([{"t": 0, "lift": "E5"}], "line 1 (t=0.0): there is no piece on E5"),
        ([{"t": 0, "play": "A1A2"}], "at most three marbles move together, not 5"),
        ([{"t": 0, "phone": {"type": "resign"}}], "needs 'seat'"),
        ([{"lift": "A1"}], "line 1: 't' is missing"),
        # What the board lacks, before anything runs (the emulator checks the same way).
        ([{"t": 0, "lift": "A1"}, {"t": 1, "lift": "Z9"}],
         "line 2: there is no position 'Z9' on the Abalone board (standard)"),
        ([{"t": 0, "button": "undo"}], "line 1: the Abalone board (standard) has no button "
                                       "'undo'; it has end-turn"),
        ([{"t": 0, "place": "E5", "piece": "x"}], "line 1: 'x' is no piece of the Abalone "
                                                  "board (standard); its pieces: b, w"),
    ]:
        code, _, err = run(capsys, tmp_path, lines)
        assert code == 2 and message in err, (lines, err)


def test_a_missing_script_file_is_a_clear_error(capsys, tmp_path):
    assert main(["simulate", "--game", "abalone", "--script", str(tmp_path / "no")]) == 2
    assert "cannot read the script" in capsys.readouterr().err
