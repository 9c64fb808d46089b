"""``boardlight rules``, ``selfplay`` and ``bench`` as a user (or an outside test) runs them."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from boardlight.cli import main
from controller.rules.abalone import ABALONE

START = "bbbbbbbbbbb..bbb.............................www..wwwwwwwwwww b 0 0"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_variants_one_per_line(capsys):
    code, out, _ = run(capsys, "rules", "abalone", "--list-variants")
    assert code == 0
    assert out.splitlines() == ["standard", "belgian-daisy", "german-daisy", "free-placement",
                                "blitz", "three-player", "four-player"]


def test_moves_and_successors_agree(capsys):
    _, moves, _ = run(capsys, "rules", "abalone", "--moves")
    _, succ, _ = run(capsys, "rules", "abalone", "--position", START, "--successors")
    moves, succ = moves.splitlines(), succ.splitlines()
    assert len(moves) == len(succ) == 44 and len(set(succ)) == 44
    start = ABALONE.parse_position(START)
    for m, s in zip(moves, succ):
        assert ABALONE.position_text(ABALONE.apply(start, ABALONE.parse_move(start, m))) == s


def test_perft(capsys):
    _, out, _ = run(capsys, "rules", "abalone", "--variant", "belgian-daisy", "--perft", "2")
    assert out.strip() == "2692"


def test_bad_position_is_a_clear_error(capsys):
    code, out, err = run(capsys, "rules", "abalone", "--position", "nonsense", "--moves")
    assert code == 2 and out == ""
    assert "error:" in err and "fields" in err


def test_unknown_variant_is_a_clear_error(capsys):
    code, _, err = run(capsys, "rules", "abalone", "--variant", "nope", "--moves")
    assert code == 2 and "the variants are: standard" in err


def test_selfplay_summary_line(capsys):
    code, out, _ = run(capsys, "selfplay", "--game", "abalone", "--variant", "blitz",
                       "--games", "3", "--seed", "4", "--quiet")
    assert code == 0
    last = out.strip().splitlines()[-1]
    assert re.match(r"^3 games: 3 finished, errors 0, ", last), last
    # The same seed plays the same games.
    assert run(capsys, "selfplay", "--game", "abalone", "--variant", "blitz", "--games", "3",
               "--seed", "4", "--quiet")[1].split("results:")[0] == out.split("results:")[0]


def test_selfplay_reports_a_move_limit_as_unfinished(capsys):
    _, out, _ = run(capsys, "selfplay", "--game", "abalone", "--variant", "standard",
                    "--games", "2", "--seed", "1", "--move-limit", "10", "--quiet")
    assert out.startswith("2 games: 0 finished, errors 0, unfinished 2")


def test_bench_rules_prints_figures(capsys):
    code, out, _ = run(capsys, "bench", "rules", "--quick", "--repeat", "1")
    assert code == 0
    assert out.startswith("machine: ")
    assert re.search(r"perft 3 from the standard start: 98,912 leaves in [0-9.]+ s", out)
    assert re.search(r"abalone standard: move generation [0-9,]+ positions/s", out)


def test_every_subcommand_explains_itself(capsys):
    for command in ("rules", "selfplay", "bench"):
        with pytest.raises(SystemExit) as exit_:
            main([command, "--help"])
        assert exit_.value.code == 0
        assert "usage: boardlight " + command in capsys.readouterr().out


def test_the_installed_console_script():
    exe = shutil.which("boardlight", path=str(Path(sys.executable).parent)) or shutil.which(
        "boardlight")
    assert exe, "the boardlight console script is not installed"
    out = subprocess.run([exe, "rules", "abalone", "--perft", "1"], capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "44"
    piped = subprocess.run(f"'{exe}' rules abalone --moves | head -1", shell=True,
                           capture_output=True, text=True)
    assert piped.stdout.strip() == "C5C6" and "Traceback" not in piped.stderr


def test_bench_ai_plays_the_matchups_and_says_whether_targets_were_met(capsys):
    code, out, _ = run(capsys, "bench", "ai", "--game", "drhombix", "--games", "2",
                       "--seconds", "0.02", "--previous-games", "0")
    assert out.startswith("machine: ")
    assert "4 matchups x 2 games, 0.02 s a move" in out
    lines = out.splitlines()
    final = lines[lines.index(next(x for x in lines if x.startswith("all matchups"))) + 1:]
    assert [x.split(":")[0] for x in final[:4]] == [
        f"drhombix {v} vs random" for v in ("cuckoo-square", "cuckoo-triangle", "ant-square",
                                            "ant-triangle")]
    # The ant game is solved: the solver wins from either side where the side to move wins.
    assert re.search(r"ant-triangle vs random: won [12]/2", out)
    missed = [x for x in final[:4] if "MISSED" in x]
    assert (code, final[4]) == ((1, "targets missed: " + ", ".join(
        x.split(":")[0] for x in missed)) if missed else (0, "every target met"))
