"""Each request gets its own answer, aimed at what its page showed (issue 30, items 3 and 4).

* Two identical taps from one phone are two requests: each hears whether the session took it
  (before, refusals were matched back by the action's fields, so a tap that was taken could
  hear the refusal of its twin).
* An answer names the snapshot version its page showed: one aimed at an older offer is
  refused with words, never applied to the offer standing now (boardgame.io's ``stateID``).
* A page never pairs one game with another game's snapshot: the game and the variant come
  with the snapshot (before, a page that asked while a new game was being built got the new
  game's names for the old game's seats).
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any

from controller.session import session as session_module
from tests.web_ui.support import HOST_TOKEN, wait_until
from tests.web_ui.test_seats import join


def test_two_identical_taps_each_get_their_own_answer(app, abalone):
    """Black taps "resign" twice: the first is taken (the game ends), the second is refused
    (the game is over); each tap hears its own answer, whatever order the session meets the
    two in."""
    taps = [app.test_client(), app.test_client()]
    for phone in taps:
        join(phone, app, "b") if phone is taps[0] else phone.set_cookie(
            "boardlight", taps[0].get_cookie("boardlight").value)
    # Both taps are in the session's queue before either is taken: each tap's put waits for
    # the other's (whatever the runner wraps the tap in on its way to the session thread).
    both_posted = threading.Barrier(2, timeout=2)
    inbox = abalone.runner._inbox
    put = inbox.put

    def put_together(item: Any, *args: Any, **kwargs: Any) -> None:
        put(item, *args, **kwargs)
        if type(getattr(item, "event", item)).__name__ == "PhoneAction":
            with contextlib.suppress(threading.BrokenBarrierError):
                both_posted.wait()

    inbox.put = put_together  # type: ignore[method-assign]
    answers: list[int] = []

    def tap(phone: Any) -> None:
        answers.append(phone.post("/api/seat/action", json={"type": "resign"}).status_code)

    threads = [threading.Thread(target=tap, args=(phone,)) for phone in taps]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    inbox.put = put  # type: ignore[method-assign]
    assert wait_until(abalone.table, lambda s: s["outcome"] is not None)
    assert sorted(answers) == [200, 409]


def test_an_answer_to_an_older_offer_is_refused_with_words(app, abalone):
    """White's page showed Black's first take-back request; Black withdrew it and asked
    again.  White's "yes" names the version it saw: it answers the first offer, not the one
    standing now, and is refused as such; a "yes" from the page as it is now is taken."""
    b, w, table = app.test_client(), app.test_client(), app.test_client()
    join(b, app, "b")
    join(w, app, "w")
    table.post("/api/sim/lift", json={"position": "A1"})
    table.post("/api/sim/place", json={"position": "D4"})
    wait_until(abalone.table, lambda s: s["ply"] == 1)

    def offered() -> dict[str, Any]:
        return wait_until(abalone.table, lambda s: any(
            p["kind"] == "takeback" for p in s["prompts"]))

    assert b.post("/api/seat/action", json={"type": "takeback", "request": True}
                  ).status_code == 200
    offered()
    seen = w.get("/api/seat").get_json()
    assert any(p["kind"] == "takeback" for p in seen["prompts"])
    assert b.post("/api/seat/action", json={"type": "takeback", "accept": False}
                  ).status_code == 200
    wait_until(abalone.table, lambda s: not any(p["kind"] == "takeback" for p in s["prompts"]))
    assert b.post("/api/seat/action", json={"type": "takeback", "request": True}
                  ).status_code == 200
    offered()
    stale = w.post("/api/seat/action", json={"type": "takeback", "accept": True,
                                             "version": seen["version"]})
    assert stale.status_code == 409
    assert stale.get_json()["error"] == (
        "Your page showed an earlier question, which has changed since: look again, and "
        "answer the one it shows now")
    assert abalone.table.public()["ply"] == 1  # nothing was taken back
    now = w.get("/api/seat").get_json()
    assert w.post("/api/seat/action", json={"type": "takeback", "accept": True,
                                            "version": now["version"]}).status_code == 200
    assert wait_until(abalone.table, lambda s: s["ply"] == 0)["to_move"] == "b"


def test_a_page_that_asks_during_a_new_game_sees_one_game(app, abalone, monkeypatch):
    """While the host's new game (Crosswise after Abalone) is being built, the table page
    asks for the state: it gets one game's snapshot with that game's names, never the new
    game's names for the old game's seats."""
    host, page = app.test_client(), app.test_client()
    host.get(f"/host/{HOST_TOKEN}")
    seen: list[tuple[int, dict[str, Any]]] = []
    built = session_module.GameSession.__init__

    def building(self: Any, *args: Any, **kwargs: Any) -> None:
        response = page.get("/api/state")
        seen.append((response.status_code, response.get_json()))
        built(self, *args, **kwargs)

    monkeypatch.setattr(session_module.GameSession, "__init__", building)
    assert host.post("/api/host/game", json={"game": "crosswise"}).status_code == 200
    monkeypatch.undo()
    assert seen
    from controller.rules import find_game
    for status, snap in seen:
        assert status == 200
        game = find_game(snap["game"])
        assert set(snap["labels"]) == set(snap["seats"]) == set(
            game.variant(snap["variant"]).seats)
        assert set(snap["pieces"]) == set(game.pieces(snap["variant"]))
    after = page.get("/api/state").get_json()
    assert after["game"] == "crosswise" and set(after["labels"]) == set(after["seats"])


class _Guarded:
    """The live session, as the runner holds it, noting every attribute read from a thread
    other than the session's own (a reader that went past the snapshots)."""

    def __init__(self, session: Any, strays: list[str]) -> None:
        object.__setattr__(self, "_session", session)
        object.__setattr__(self, "_strays", strays)

    def __getattr__(self, name: str) -> Any:
        if threading.current_thread().name != "game-session":
            self._strays.append(f"{threading.current_thread().name} read .{name}")
        return getattr(self._session, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._session, name, value)


def test_the_pages_read_snapshots_only_never_the_live_session(app, abalone):
    """Every page a player, the table and the host open, and every request they make, while
    moves are made, names given and the computer given a seat: none of them reads the live
    session from the web's thread (the pages read the table's frozen snapshots; what must
    ask the position runs on the session thread)."""
    strays: list[str] = []
    runner = abalone.runner
    runner.session = _Guarded(runner.session, strays)  # type: ignore[assignment]
    b, table, host = app.test_client(), app.test_client(), app.test_client()
    join(b, app, "b")
    host.get(f"/host/{HOST_TOKEN}")
    for page in ("/", "/api/state", "/api/geometry", "/howto/abalone"):
        assert table.get(page).status_code == 200, page
    for page in ("/seat", "/api/seat", "/api/me"):
        assert b.get(page).status_code == 200, page
    assert host.get("/api/host").status_code == 200
    assert host.post("/api/host/names", json={"names": {"b": "Ann"}}).status_code == 200
    assert table.post("/api/sim/lift", json={"position": "A1"}).status_code == 200
    assert table.post("/api/sim/place", json={"position": "D4"}).status_code == 200
    wait_until(abalone.table, lambda s: s["ply"] == 1)
    assert host.post("/api/host/computer", json={"seat": "w", "level": "easy"}
                     ).status_code == 200
    assert b.post("/api/seat/action", json={"type": "end-turn"}).status_code == 409
    snap = b.get("/api/seat").get_json()
    assert snap["names"] == {"b": "Ann"} and snap["moves"][0]["by"]["name"] == "Ann"
    assert table.get("/api/state").get_json()["computer"] == {"w": "easy"}
    assert strays == []


def test_an_old_snapshot_stays_as_it_was(abalone):
    """A snapshot is frozen: a reader that holds one (a stream between two sends) reads the
    position it was made for, whatever the session did since."""
    before = abalone.table.snapshot
    abalone.sim_lift("A1")
    abalone.sim_place("D4")
    after = wait_until(abalone.table, lambda s: s["ply"] == 1)
    assert before.ply == 0 and before.public_json["ply"] == 0 and before.last_move is None
    assert before.view["cells"]["A1"] == "b" and "A1" not in after["view"]["cells"]
    assert before.version < after["version"]
