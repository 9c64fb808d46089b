"""A new game is a command carried out on the session thread (issue 30, item 4).

Before, ``Service.new_game`` built the next game on the web request's thread and swapped the
game, the variant, the board and the log writer in while the session thread went on with the
old one.  Now the board, the log record and the next session are made on the session thread,
between two events, and the listeners hear of the new game with its first snapshot.
"""

from __future__ import annotations

import threading
from typing import Any

from boardlight.service import Service, ServiceOptions
from controller.session import session as session_module
from tests.support.waiting import wait_until


def test_the_next_game_is_built_on_the_session_thread(monkeypatch, tmp_path):
    service = Service(ServiceOptions(game="abalone", db=str(tmp_path / "games.db"))).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        built_on: list[str] = []
        build = session_module.GameSession.__init__

        def building(self: Any, *args: Any, **kwargs: Any) -> None:
            built_on.append(threading.current_thread().name)
            build(self, *args, **kwargs)

        monkeypatch.setattr(session_module.GameSession, "__init__", building)
        service.new_game(game="crosswise")
        monkeypatch.undo()
        assert built_on == ["game-session"]
        snap = wait_until(service.table, lambda s: s["game"] == "crosswise"
                          and s["status"] == "playing")
        assert service.table.snapshot.game.name == "crosswise"
        assert snap["version"] > 1  # versions go on across games: a page never goes back
        assert service.log is not None
        games = service.log.games()
        assert [g.game for g in games] == ["abalone", "crosswise"]
        assert games[0].result == {"winners": [], "reason": "abandoned"}
    finally:
        service.stop()


def test_a_match_goes_on_in_the_next_session(tmp_path):
    """The match belongs to the session: the next game of a match gets the series its last
    game left, counted."""
    from controller.session.actions import ResignAction
    from controller.session.events import PhoneAction
    service = Service(ServiceOptions(game="abalone")).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        service.new_game(match="match 2")
        service.runner.post(PhoneAction(service.clock(), "w", ResignAction()))
        wait_until(service.table, lambda s: s["match"]["games"] == 1)
        service.new_game()
        snap = wait_until(service.table, lambda s: s["ply"] == 0 and not s["outcome"])
        assert snap["match"]["wins"] == {"b": 1, "w": 0}
        assert service.runner.call(lambda s: s.match.series).result(5) is not None
    finally:
        service.stop()
