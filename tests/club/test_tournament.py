"""Tournaments: pairings from the library, results, tie-breaks, corrections, CSV; and a
whole round over the broker: pairings to the boards, results back by themselves."""

from __future__ import annotations

import csv
import io
import threading

import pytest

from club import tournament
from club.director import Director
from club.server import ClubServer
from controller.session.actions import ResignAction
from controller.session.events import PhoneAction
from tests.club.support import Watch, broker, club_board
from tests.support.waiting import wait_until

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def event(system: str = "swiss", players: list[str] = PLAYERS, rounds: int | None = 3,
          **kw: object) -> tournament.Event:
    return tournament.create_event("Tuesday", "abalone", None, system, rounds, players,
                          [f"t{k}" for k in range(1, 4)], **kw)  # type: ignore[arg-type]


def play_round(ev: tournament.Event, score: object) -> tournament.Event:
    ev = tournament.pair_next_round(ev)
    for p in ev.round_pairings(ev.current_round):
        if p.black is not None:
            ev = tournament.record_result(ev, p.id, score(p) if callable(score) else str(score),
                                          "board")
    return ev


def test_round_robin_follows_the_fide_berger_tables():
    ev = event("round-robin", PLAYERS, None)
    assert ev.rounds == 5
    seen = set()
    for _ in range(5):
        ev = play_round(ev, "1/2-1/2")
    # FIDE Berger table for 6 players, round 1: 1-6, 2-5, 3-4; round 2: 6-4, 5-3, 1-2.
    # (white, black) pairs, in any table order.
    assert {(p.white, p.black) for p in ev.round_pairings(1)} == {(1, 6), (2, 5), (3, 4)}
    assert {(p.white, p.black) for p in ev.round_pairings(2)} == {(6, 4), (5, 3), (1, 2)}
    for p in ev.pairings:
        seen.add(frozenset((p.white, p.black)))
    assert len(seen) == 15  # everyone met everyone once
    with pytest.raises(tournament.TournamentError, match="all 5 rounds"):
        tournament.pair_next_round(ev)


def test_swiss_never_repeats_a_pairing_and_gives_an_odd_player_one_bye():
    ev = event("swiss", PLAYERS[:5], 4)
    for _ in range(4):
        ev = play_round(ev, lambda p: "1-0" if p.white < p.black else "0-1")
    games = [frozenset((p.white, p.black)) for p in ev.pairings if p.black is not None]
    assert len(games) == len(set(games)) == 8
    byes = [p.white for p in ev.pairings if p.black is None]
    assert len(byes) == 4 and len(set(byes)) == 4
    assert sum(s.points for s in tournament.standings(ev)) == 8 + 4  # a point a game, a point a bye


def test_a_round_is_paired_only_when_the_last_has_every_result():
    ev = tournament.pair_next_round(event())
    with pytest.raises(tournament.TournamentError, match="no result yet at table 1, 2, 3"):
        tournament.pair_next_round(ev)


def test_standings_and_tiebreaks_and_the_directors_correction_stands():
    ev = event("swiss", PLAYERS[:4], 2)
    ev = play_round(ev, "1-0")       # 1 beats 4? pairs 1-3, 4-2 by the Dutch system
    first = ev.round_pairings(1)
    ev = tournament.record_result(ev, first[0].id, "0-1", "director")
    ev = tournament.record_result(ev, first[0].id, "1-0", "board")    # the board cannot undo it
    assert ev.result(first[0].id) == tournament.Result("0-1", "director")
    table = tournament.standings(ev)
    winners = {ev.players[first[0].black - 1], ev.players[first[1].white - 1]}
    assert {s.player for s in table if s.points == 1} == winners
    rows = list(csv.reader(io.StringIO(tournament.standings_csv(ev))))
    assert rows[0] == ["rank", "player", "points", "games", "wins", "buchholz",
                       "sonneborn-berger"]
    assert len(rows) == 5 and rows[1][0] == "1"


@pytest.mark.parametrize("kwargs, words", [
    ({"game": "chess"}, "no game called 'chess'"),
    ({"variant": "nope"}, "has no variant 'nope'"),
    ({"system": "knockout"}, "use one of round-robin, swiss"),
    ({"players": ["Ann"]}, "at least two players"),
    ({"players": ["Ann", "ann"]}, "same name"),
    ({"rounds": 9}, "1 to 3 rounds"),
    ({"tiebreaks": ["coin"]}, "tie-break 'coin'"),
])
def test_bad_events_are_refused_with_words(kwargs, words):
    options = {"name": "x", "game": "abalone", "variant": None, "system": "swiss",
               "rounds": 2, "players": PLAYERS[:4], "boards": ["t1", "t2"], **kwargs}
    with pytest.raises(tournament.TournamentError, match=words):
        tournament.create_event(**options)  # type: ignore[arg-type]


def test_a_round_over_the_broker_results_come_back_by_themselves(tmp_path):
    with broker(tmp_path / "broker") as mosq:
        server = ClubServer(mosq.url, "tuesday").start()
        watch = Watch(server)
        director = Director(server, tmp_path / "event.json")
        changed = threading.Event()
        director.listeners.append(changed.set)
        boards = [club_board(tmp_path, mosq.url, name) for name in ("t1", "t2")]
        try:
            watch.until(lambda: len(server.board_names()) == 2, what="two boards")
            director.create(name="Tuesday", game="abalone", variant=None, system="swiss",
                            rounds=2, players=["Ann", "Bob", "Cat", "Dan"],
                            boards=server.board_names())
            made = director.pair_next_round()
            for (service, publisher), p in zip(boards, made):
                got = threading.Event()
                publisher.pairing_listeners.append(got.set)
                assert got.wait(10) or publisher.pairing is not None
                assert publisher.pairing["id"] == p.id
                publisher.start_pairing(p.id)
                wait_until(service.table, lambda s: s["status"] == "playing")
                # The second player resigns: the board's result goes to the director.
                service.runner.post(PhoneAction(service.clock(), "w", ResignAction()))
            ev = director.event
            watch.until(lambda: director.event is not None and director.event.round_done(1),
                        what="both results from the boards")
            ev = director.event
            assert all(ev.result(p.id) == tournament.Result("1-0", "board", p.board, ev.result(
                p.id).game_id) for p in made)
            points = {s.player: s.points for s in tournament.standings(ev)}
            assert sorted(points.values()) == [0, 0, 1, 1]
            # Kept on disk: a club server started again has the same event.
            again = Director(ClubServer(mosq.url, "tuesday"), tmp_path / "event.json")
            assert again.event == ev
            games = tournament.games_csv(ev, director.played("en"))
            assert "resign w" in games and "White resigned" in games and "1-0" in games
            assert "Weiß hat aufgegeben" in tournament.games_csv(ev, director.played("de"))
        finally:
            for service, publisher in boards:
                publisher.stop()
                service.stop()
            server.stop()
