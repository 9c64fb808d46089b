"""The console service: a game typed move by move (stdin is faked, the code is real)."""

from __future__ import annotations

import io

from boardlight.cli import main


def test_console_plays_refuses_and_undoes(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("C3D3\nC3D3\nundo\nmoves\nquit\n"))
    assert main(["serve", "--game", "abalone"]) == 0
    out, err = capsys.readouterr()
    assert "Boardlight console: Abalone (standard)" in out
    assert "bbbbbbbbbbb...bb....b........................www..wwwwwwwwwww w 0 0" in out
    assert "refused:" in err and "does not hold a white marble" in err
    # After the undo it is black's turn again, and 'moves' lists black's 44 moves.
    moves_line = [x for x in out.splitlines() if x.startswith("b> ") and "C3D3" in x][-1]
    assert len(moves_line[3:].split()) == 44
