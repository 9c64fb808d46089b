"""The club server's pages and API, fed the messages boards send (through its real input)."""

from __future__ import annotations

import json

import pytest

from club import topics
from club.director import Director
from club.mqtt import BrokerURL
from club.server import ClubServer
from club.web import create_club_app

NOW = 1_800_000_000.0


def state(board: str, ply: int = 3, names: dict[str, str] | None = None,
          outcome: dict | None = None, game_id: int = 7) -> bytes:
    return topics.encode({
        "v": 1, "board": board, "game_id": game_id, "pairing": None, "moved_at": NOW,
        "sent": NOW, "game": "abalone", "title": "Abalone", "variant": "standard",
        "seats": ["b", "w"], "position": "x", "to_move": "w", "ply": ply, "status": "playing",
        "scores": {"b": 1, "w": 0}, "last_move": "A1B2", "moves": [{"ply": 1, "seat": "b",
                                                                     "move": "A1B2"}],
        "outcome": outcome, "clocks": None, "match": None, "names": names or {"b": "Ann"},
        "computer": {}, "layout": {"A1": ["b"]}, "view": {"cells": {"A1": "b"}}})


@pytest.fixture
def club():
    server = ClubServer(BrokerURL("127.0.0.1", 1), "tuesday")
    director = Director(server)
    app = create_club_app(server, director, {"DIRECTOR_TOKEN": "tok"})
    server.receive(topics.board_topic("tuesday", "t1", "state"), state("t1"))
    server.receive(topics.board_topic("tuesday", "t1", "presence"), topics.encode(
        topics.presence_payload("t1", True, NOW, "boardlight")))
    return server, app


def test_the_boards_as_json_one_object_per_board(club):
    _server, app = club
    answer = app.test_client().get("/api/club/boards")
    assert answer.status_code == 200
    [board] = answer.get_json()
    assert board["name"] == "t1" and board["online"] is True
    assert board["game"] == "abalone" and board["variant"] == "standard" and board["ply"] == 3
    assert board["to_move"] == "w" and board["score"] == {"b": 1, "w": 0}
    assert board["seats"] == [{"seat": "b", "label": "Black", "name": "Ann"},
                              {"seat": "w", "label": "White", "name": ""}]
    assert board["last_move"] == "A1B2" and board["result"] is None


def test_a_finished_game_shows_its_result_and_nobody_to_move(club):
    server, app = club
    outcome = {"winners": ["b"], "draw": False, "termination": "pushed-off",
               "said": {"key": "end.pushed-off", "params": {"n": 6}}}
    server.receive(topics.board_topic("tuesday", "t1", "state"), state("t1", outcome=outcome))
    [board] = app.test_client().get("/api/club/boards").get_json()
    assert board["result"] == outcome
    assert board["to_move"] is None


@pytest.mark.parametrize("topic, payload, why", [
    ("boardlight/v1/tuesday/boards/t2/state", b"not json", "not JSON"),
    ("boardlight/v1/tuesday/boards/t2/state", b"[1]", "JSON object"),
    ("boardlight/v1/tuesday/boards/t2/state", b'{"v": 2}', "version"),
    ("boardlight/v1/tuesday/boards/t2/state", state("t1"), "says board 't1'"),
    ("boardlight/v1/tuesday/boards/t2/events", b'{"v":1,"board":"t2","seq":1}', "game_id"),
    ("boardlight/v1/tuesday/boards/t2/nonsense", b"{}", "not one of"),
    ("boardlight/v1/tuesday/boards/t+2/state", b"{}", "not usable"),
    ("boardlight/v1/other/boards/t2/state", state("t2"), "not a board of club"),
    ("elsewhere/t2", b"{}", "not in the"),
    ("boardlight/v1/tuesday/boards/t2/presence", b'{"v":1,"board":"t2","online":"yes",'
                                                 b'"since":1}', "'online' must be bool"),
])
def test_a_malformed_or_forged_message_is_dropped_with_a_reason(club, topic, payload, why):
    server, app = club
    before = app.test_client().get("/api/club/boards").get_json()
    server.receive(topic, payload)
    assert server.counts["refused"] == 1
    assert why in server.problems[-1]
    assert app.test_client().get("/api/club/boards").get_json() == before


def test_events_are_kept_once_per_board_game_and_seq(club):
    server, _app = club
    event = topics.event_payload("t1", 7, 1, "move", 1, "b", "A1B2", NOW, "abalone", "standard")
    for _ in range(3):
        server.receive(topics.board_topic("tuesday", "t1", "events"), topics.encode(event))
    record = server.records[("t1", 7)]
    assert list(record.events) == [1] and server.counts["duplicates"] == 2


def test_pages_speak_words_and_unknown_boards_get_a_clear_404(club):
    _server, app = club
    client = app.test_client()
    room = client.get("/")
    assert room.status_code == 200 and b"Every board, live" in room.data
    assert client.get("/board/t1").status_code == 200
    missing = client.get("/board/nope", headers={"Accept": "application/json"})
    assert missing.status_code == 404 and "no board called 'nope'" in missing.get_json()["error"]
    geo = client.get("/api/club/geometry/abalone/standard").get_json()
    assert geo["shape"] == "hex" and len(geo["cells"]) == 61
    assert client.get("/ui/board.js").status_code == 200
    assert client.get("/api/club/qr").get_json()["qr"].startswith("<svg")


def test_the_director_needs_the_token_link_and_bad_bodies_are_refused(club):
    _server, app = club
    client = app.test_client()
    assert client.get("/api/director").status_code == 401
    assert client.get("/director/wrong").status_code == 404
    assert client.get("/director/tok").status_code == 303
    assert client.get("/api/director").status_code == 200

    def post(path, body, **kw):
        return client.post(path, data=json.dumps(body), content_type="application/json", **kw)

    assert post("/api/director/event", {"name": "x"}).status_code == 400  # missing fields
    bad = post("/api/director/event", {"name": "Tue", "game": "abalone", "system": "swiss",
                                       "rounds": 2, "players": ["Ann", "Bob", "Cat"],
                                       "boards": ["t1"], "colour": "x"})
    assert bad.status_code == 400 and "unknown field 'colour'" in bad.get_json()["error"]
    few = post("/api/director/event", {"name": "Tue", "game": "abalone", "system": "swiss",
                                       "rounds": 2, "players": ["Ann", "Bob", "Cat", "Dan"],
                                       "boards": ["t1"]})
    assert few.status_code == 400 and "need 2 boards" in few.get_json()["error"]
    four = post("/api/director/event", {"name": "Tue", "game": "crosswise", "system": "swiss",
                                        "variant": "four-player", "rounds": 2,
                                        "players": ["Ann", "Bob"], "boards": ["t1"]})
    assert four.status_code == 400 and "two-player variant" in four.get_json()["error"]
    ok = post("/api/director/event", {"name": "Tue", "game": "abalone", "system": "swiss",
                                      "rounds": 2, "players": ["Ann", "Bob", "Cat"],
                                      "boards": ["t1"]})
    assert ok.status_code == 200 and ok.get_json()["event"]["name"] == "Tue"
    wrong = post("/api/director/result", {"pairing": "e1-r1-t1", "result": "2-0"})
    assert wrong.status_code == 400
    cross = post("/api/director/pair", {}, headers={"Origin": "http://evil.example"})
    assert cross.status_code == 403


# ---- the players' words, in their language ----------------------------------------------------

def crosswise_state(board: str) -> bytes:
    return topics.encode({
        "v": 1, "board": board, "game_id": 3, "pairing": None, "moved_at": NOW, "sent": NOW,
        "game": "crosswise", "title": "Crosswise", "variant": "two-player",
        "seats": ["green", "orange"], "position": "x", "to_move": "orange", "ply": 1,
        "status": "playing", "scores": {"green": 0, "orange": 0}, "last_move": "5f4",
        "moves": [{"ply": 1, "seat": "green", "move": "5f4"}], "outcome": None,
        "clocks": None, "match": None, "names": {}, "computer": {}, "layout": {"f4": ["5"]},
        "view": {"cells": {"f4": "5"}, "lines": {"green": {"4": 0}}, "bag": 50}})


@pytest.mark.parametrize("lang, variant, seat, piece", [
    ("en", "Two players", "Green", "pentagon tile"),
    ("de", "Zwei Spieler", "Grün", None),
    ("fr", "Deux joueurs", "Vert", None),
])
def test_a_board_comes_in_the_readers_words(club, lang, variant, seat, piece):
    server, app = club
    server.receive(topics.board_topic("tuesday", "t2", "state"), crosswise_state("t2"))
    board = app.test_client().get(f"/api/club/boards/t2?lang={lang}").get_json()
    words = board["words"]
    assert words["variant_title"] == variant and words["labels"]["green"] == seat
    assert words["colours"] == {"green": "green", "orange": "orange"} and words["lang"] == lang
    if piece:
        assert words["pieces"]["5"] == piece
    # the public view the game's own drawing reads (a line's score), never a hand
    assert board["drawing"]["view"]["lines"] == {"green": {"4": 0}}
    assert "hand" not in board["drawing"]["view"]
    [summary] = [b for b in app.test_client().get(f"/api/club/boards?lang={lang}").get_json()
                 if b["name"] == "t2"]
    assert summary["seats"][0]["label"] == seat


def test_the_pages_speak_the_browsers_language_or_the_one_picked(club):
    _server, app = club
    client = app.test_client()
    page = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"}).get_data(as_text=True)
    assert '<html lang="de"' in page and "Alle Bretter, live" in page
    assert "/i18n/de.js" in page
    french = client.get("/board/t1", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "← tous les plateaux" in french
    assert client.post("/api/lang", json={"lang": "xx"}).status_code == 400
    assert client.post("/api/lang", json={"lang": "fr"}).status_code == 200
    page = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="fr"' in page  # the pick stands over the browser's


def test_the_scripts_catalog_holds_the_club_scripts_words_and_the_board_pages():
    from club.words import script_catalog
    text = script_catalog("de")
    assert '"Every board, live"' not in text  # a template's message: not the scripts'
    assert '"%(boards)s, %(online)s online. Click a board to follow it."' in text
    assert '"%(seat)s to move"' in text and '"Last move, %(seat)s: %(move)s"' in text


def test_the_stream_speaks_the_pages_language(club):
    from club.hub import Listener
    from club.web import ClubState, room_stream
    _server, app = club
    state: ClubState = app.extensions["club"]
    listener = Listener(None, 8, "fr")
    first = room_stream(state, listener, 15, lambda: True)
    next(first)  # retry
    room = json.loads(next(first).split("data: ", 1)[1])
    [board] = room["boards"]
    assert board["words"]["labels"] == {"b": "Noir", "w": "Blanc"}
    assert board["title"] == "Abalone" and board["words"]["variant_title"] == "Standard"


def test_the_club_templates_and_scripts_say_nothing_outside_the_catalog():
    from pathlib import Path

    from tests.web_ui.test_catalogs import TAG, TEMPLATE_CODE, TEMPLATE_OK, _loose_strings
    root = Path(__file__).resolve().parents[2] / "club"
    for template in sorted((root / "templates").glob("*.html")):
        text = TAG.sub(" ", TEMPLATE_CODE.sub(" ", template.read_text()))
        words = [w for w in text.split() if any(c.isalpha() for c in w)]
        loose = [w for w in words if not TEMPLATE_OK.match(w) and w not in ("Ann", "Bob")]
        assert not loose, f"{template.name} says {loose[:8]} outside the catalog"
    for script in sorted((root / "static").glob("*.js")):
        loose = _loose_strings(script.read_text())
        assert not loose, f"{script.name} says {loose[:6]} outside the catalog: wrap in _()"


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_variant_of_every_game_has_its_drawing_and_words(club, lang):
    from controller.rules import GAMES
    from web_ui.games import assets
    _server, app = club
    client = app.test_client()
    from club.words import board_words
    for name, game in GAMES.items():
        for variant in game.variants.values():
            geo = client.get(f"/api/club/geometry/{name}/{variant.name}").get_json()
            assert geo["cells"] and geo["assets"] == assets(name)
            assert geo["assets"]["script"], f"{name} has no script of its own"
            words = board_words({"game": name, "variant": variant.name,
                                 "seats": list(variant.seats)}, lang)
            assert words["variant_title"] and words["variant_title"] != variant.name
            for seat in variant.seats:
                assert words["labels"][seat] and words["labels"][seat] != seat
            assert set(words["pieces"]) == set(game.pieces(variant.name))


def test_each_games_script_and_style_are_served_wherever_its_manifest_keeps_them(club):
    from tests.support.games import playable

    _server, app = club
    client = app.test_client()
    shipped = client.get("/games/rhombus/script")
    assert shipped.status_code == 200 and b"BL.defineGame(\"rhombus\"" in shipped.data
    assert client.get("/games/rhombus/style").status_code == 200
    with playable("noughts"):  # the suite's own game: its files in its own folder
        own = client.get("/games/noughts/script")
        assert own.status_code == 200 and own.mimetype == "text/javascript"
    assert client.get("/games/nothing/script").status_code == 404
    assert client.get("/games/rhombus/howto").status_code == 404
