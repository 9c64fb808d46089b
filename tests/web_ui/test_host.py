"""Host controls: a new game, its variant, player names, new links."""

from __future__ import annotations

import pytest

from controller.rules.abalone import ABALONE
from controller.session.lights import COMPUTER_TO
from tests.web_ui.support import HOST_TOKEN, wait_until


@pytest.fixture
def host(app):
    client = app.test_client()
    response = client.get(f"/host/{HOST_TOKEN}")
    assert response.status_code == 303 and response.headers["Location"] == "/host"
    return client


def test_the_host_page_lists_games_variants_and_seat_links(host):
    assert host.get("/host").status_code == 200
    info = host.get("/api/host").get_json()
    assert (info["game"], info["variant"], info["board"]) == ("abalone", "standard", "simulated")
    abalone = next(g for g in info["games"] if g["name"] == "abalone")
    assert "belgian-daisy" in [v["name"] for v in abalone["variants"]]
    assert [s["seat"] for s in info["seats"]] == ["b", "w"]
    assert all(s["url"] and s["qr"].startswith("<svg") for s in info["seats"])


def test_a_new_game_in_another_variant_with_new_seats_and_links(host, app, abalone):
    old = dict(app.extensions["boardlight"].tokens.items())
    response = host.post("/api/host/game", json={"variant": "three-player", "seed": 4})
    assert response.status_code == 200
    snap = wait_until(abalone.table, lambda s: s["variant"] == "three-player"
                      and s["status"] == "playing")
    assert snap["seats"] == ["b", "w", "r"]
    new = dict(app.extensions["boardlight"].tokens.items())
    assert set(new) == {"b", "w", "r"} and not set(old.values()) & set(new.values())
    assert [s["seat"] for s in response.get_json()["seats"]] == ["b", "w", "r"]


def test_a_new_game_of_the_same_variant_still_gets_new_links(host, app):
    before = app.extensions["boardlight"].tokens.token("b")
    assert host.post("/api/host/game", json={"game": "abalone"}).status_code == 200
    assert app.extensions["boardlight"].tokens.token("b") != before


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "chess"}, "no game called 'chess'"),
    ({"variant": "nope"}, "abalone has no variant 'nope'"),
    ({"seed": "7"}, "'seed' must be a whole number"),
    ({"seed": True}, "'seed' must be a whole number"),
    ({"seed": -1}, "'seed' must be a whole number"),
    ({"players": 2}, "unknown field 'players'"),
])
def test_a_bad_new_game_changes_nothing(host, abalone, body, words):
    version = abalone.table.version
    response = host.post("/api/host/game", json=body)
    assert response.status_code == 400 and words in response.get_json()["error"]
    assert abalone.table.version == version


def test_player_names_are_shown_to_everybody(host, client):
    response = host.post("/api/host/names", json={"names": {"b": "  Ann  ", "w": "Bo"}})
    assert response.status_code == 200
    assert client.get("/api/state").get_json()["names"] == {"b": "Ann", "w": "Bo"}
    host.post("/api/host/names", json={"names": {"w": ""}})
    assert client.get("/api/state").get_json()["names"] == {"b": "Ann"}


def test_names_stay_with_a_new_game_of_the_same_kind_and_start_fresh_with_another(host, client):
    host.post("/api/host/names", json={"names": {"b": "Ann", "w": "Bo"}})
    assert host.post("/api/host/game", json={}).status_code == 200
    assert client.get("/api/state").get_json()["names"] == {"b": "Ann", "w": "Bo"}
    assert host.post("/api/host/game", json={"game": "rhombus"}).status_code == 200
    snap = client.get("/api/state").get_json()
    assert snap["game"] == "rhombus" and snap["names"] == {}  # Rhombus's "b" is not Ann
    assert host.post("/api/host/game", json={"game": "abalone"}).status_code == 200
    assert client.get("/api/state").get_json()["names"] == {}


@pytest.mark.parametrize(("names", "words"), [
    ({"x": "Ann"}, "'x' is not a seat"),
    ({"b": 5}, "must be a string"),
    ({"b": "A" * 41}, "at most 40"),
    ({"b": "Ann\x07"}, "printable"),
    ("Ann", "'names' must be an object"),
])
def test_bad_names_are_refused(host, names, words):
    response = host.post("/api/host/names", json={"names": names})
    assert response.status_code == 400 and words in response.get_json()["error"]


def test_every_host_action_needs_the_host_cookie(app, client):
    for path, body in [("/api/host/game", {}), ("/api/host/names", {"names": {}}),
                       ("/api/host/reissue", {})]:
        response = client.post(path, json=body)
        assert response.status_code == 401, path
    assert client.get("/host").status_code == 401


def test_new_links_for_every_seat(host, app):
    before = dict(app.extensions["boardlight"].tokens.items())
    assert host.post("/api/host/reissue", json={}).status_code == 200
    after = dict(app.extensions["boardlight"].tokens.items())
    assert before.keys() == after.keys() and all(before[s] != after[s] for s in before)
    response = host.post("/api/host/reissue", json={"seat": "q"})
    assert response.status_code == 400 and "'q' is not a seat" in response.get_json()["error"]


def test_the_host_starts_a_match_and_a_bad_match_is_refused(app, abalone):
    host = app.test_client()
    assert host.get(f"/host/{HOST_TOKEN}").status_code in (200, 303)
    bad = host.post("/api/host/game", json={"match": "best of 3"})
    assert bad.status_code == 400 and "'match X'" in bad.get_json()["error"]
    wrong = host.post("/api/host/game", json={"match": 3})
    assert wrong.status_code == 400 and "'match' must be text" in wrong.get_json()["error"]
    ok = host.post("/api/host/game", json={"match": "sumof 4"})
    assert ok.status_code == 200
    info = wait_until(abalone.table, lambda s: s["match"] is not None)["match"]
    assert info["rule"] == "sumof 4" and info["games"] == 0


def test_the_computer_takes_a_seat_shows_its_move_and_gives_the_seat_back(host, abalone):
    info = host.get("/api/host").get_json()
    assert info["computer"] == {} and [lv["name"] for lv in info["levels"]] == [
        "easy", "quick", "club", "strong"]
    response = host.post("/api/host/computer", json={"seat": "b", "level": "easy"})
    assert response.status_code == 200 and response.get_json()["computer"] == {"b": "easy"}
    snap = wait_until(abalone.table, lambda s: any(p["kind"] == "computer"
                                                   for p in s["prompts"]))
    assert snap["computer"] == {"b": "easy"}
    [shown] = [p for p in snap["prompts"] if p["kind"] == "computer"]
    said, [move] = shown["message"], shown["choices"]
    assert said["key"] == "computer.plays" and said["params"]["seat"] == "b"
    state = abalone.runner.session.state
    assert move in {ABALONE.move_text(m) for m in ABALONE.legal_moves(state)}
    described = ABALONE.describe(state, ABALONE.parse_move(state, move))
    assert said["params"]["move"] == {"type": "said", **described.to_json()}
    lit = snap["leds"]
    assert lit and all(v[:3] == list(COMPUTER_TO.colour) for v in lit.values())
    # The host gives the seat back: the move shown is withdrawn, the lights go back.
    response = host.post("/api/host/computer", json={"seat": "b", "level": None})
    assert response.status_code == 200 and response.get_json()["computer"] == {}
    snap = wait_until(abalone.table, lambda s: not any(p["kind"] == "computer"
                                                       for p in s["prompts"]))
    assert snap["computer"] == {} and abalone.runner.session.computer_move is None


@pytest.mark.parametrize(("body", "words"), [
    ({"seat": "x", "level": "easy"}, "'x' is not a seat of this game"),
    ({"seat": "b", "level": "grandmaster"}, "'level' must be one of easy, quick, club, strong"),
    ({"seat": "b", "level": 3}, "'level' must be one of"),
    ({"seat": "b"}, "level"),
    ({"seat": "b", "level": "easy", "depth": 9}, "unknown field 'depth'"),
])
def test_a_bad_computer_seat_request_changes_nothing(host, abalone, body, words):
    response = host.post("/api/host/computer", json=body)
    assert response.status_code == 400 and words in response.get_json()["error"]
    assert host.get("/api/host").get_json()["computer"] == {}


def test_only_the_host_may_seat_the_computer(client):
    response = client.post("/api/host/computer", json={"seat": "b", "level": "easy"})
    assert response.status_code == 401


def test_the_host_sets_a_clock_for_the_next_games_and_takes_it_away(host, client):
    assert client.get("/api/state").get_json()["clocks"] is None
    response = host.post("/api/host/game", json={"clock": "10+5"})
    assert response.status_code == 200
    clocks = client.get("/api/state").get_json()["clocks"]
    assert clocks["control"] == "10 min + 5 s per move"
    assert (clocks["initial"], clocks["increment"]) == (600.0, 5.0)  # the pages word it
    # Ten minutes each; Black's clock starts once the new game is set up and may have run a
    # moment by now.
    assert clocks["running"] in (None, "b") and clocks["left"]["w"] == 600.0
    assert 599.0 < clocks["left"]["b"] <= 600.0
    assert host.post("/api/host/game", json={}).status_code == 200  # the clock stays
    assert client.get("/api/state").get_json()["clocks"]["control"].startswith("10 min")
    assert host.post("/api/host/game", json={"clock": "off"}).status_code == 200
    assert client.get("/api/state").get_json()["clocks"] is None


@pytest.mark.parametrize("clock", ["10", "ten", "0+5", "1000+0", "5+900", 10, None])
def test_a_bad_clock_is_refused_and_changes_nothing(host, abalone, clock):
    version = abalone.table.version
    response = host.post("/api/host/game", json={"clock": clock})
    if clock == "10":  # ten minutes, no increment: a clock
        assert response.status_code == 200
        return
    assert response.status_code == 400 and "'clock' is" in response.get_json()["error"]
    assert abalone.table.version == version
