"""The public API: state, geometry, the simulated board, and every kind of bad request."""

from __future__ import annotations

import json

import pytest

from controller.rules.abalone import ABALONE
from controller.session.actions import parse_action
from tests.web_ui.support import wait_until


def test_state_is_the_public_snapshot_with_what_pages_need(client, abalone):
    body = client.get("/api/state").get_json()
    for key in ("game", "variant", "position", "to_move", "scores", "leds", "version"):
        assert key in body
    assert (body["game"], body["variant"], body["to_move"]) == ("abalone", "standard", "b")
    assert body["position"] == ABALONE.position_text(ABALONE.setup())
    assert body["scores"] == {"b": 0, "w": 0}
    assert body["labels"] == {"b": "Black", "w": "White"}
    assert body["sim"]["lifted"] == [] and body["sim"]["layout"]["A1"] == ["b"]
    assert body["version"] == abalone.table.version


def test_geometry_draws_the_hexagonal_board(client):
    geo = client.get("/api/geometry").get_json()
    assert geo["shape"] == "hex" and len(geo["cells"]) == 61
    assert geo["zones"] == ["tray-b", "tray-w"]
    assert geo["coords"]["B1"] == [0.5, pytest.approx(0.866, abs=1e-3)]
    assert "A1" in geo["leds"] and "A1" in geo["sensed"]


def test_a_move_on_the_simulated_board_is_committed(client, abalone):
    lifted = client.post("/api/sim/lift", json={"position": "A1"})
    assert lifted.status_code == 200
    assert lifted.get_json()["piece"] == "b" and lifted.get_json()["sim"]["lifted"] == ["b"]
    placed = client.post("/api/sim/place", json={"position": "D4"})
    assert placed.status_code == 200 and placed.get_json()["sim"]["lifted"] == []
    wait_until(abalone.table, lambda s: s["ply"] == 1)
    body = client.get("/api/state").get_json()
    assert body["last_move"] == "A1B2" and body["to_move"] == "w"
    assert body["moves"][-1]["move"] == "A1B2"


def test_the_end_turn_button_commits_a_move_that_could_still_grow(client, abalone):
    # One marble of a possible broadside: the session waits for more, or for the button.
    client.post("/api/sim/lift", json={"position": "C3"})
    client.post("/api/sim/place", json={"position": "D4"})
    wait_until(abalone.table, lambda s: s["leds"].get("D4") is not None)
    pressed = client.post("/api/sim/button", json={"button": "end-turn"})
    assert pressed.status_code == 200
    assert wait_until(abalone.table, lambda s: s["ply"] == 1)["last_move"] == "C3D4"


def test_a_refused_button_press_says_why(client, abalone):
    abalone.phone("b", parse_action({"type": "resign"}))
    wait_until(abalone.table, lambda s: s["outcome"] is not None)
    response = client.post("/api/sim/button", json={"button": "end-turn"})
    assert response.status_code == 409
    assert response.get_json() == {"error": "no move to end: the game is over"}


BAD = [
    # (method, path, how the body is sent, body, status, words in the message)
    ("POST", "/api/sim/lift", "json", {"position": "Z9"}, 400, "unknown position 'Z9'"),
    ("POST", "/api/sim/lift", "json", {"position": 3}, 400, "'position' must be a non-empty"),
    ("POST", "/api/sim/lift", "json", {}, 400, "missing field 'position'"),
    ("POST", "/api/sim/lift", "json", {"position": "A1", "x": 1}, 400, "unknown field 'x'"),
    ("POST", "/api/sim/lift", "json", ["A1"], 400, "must be a JSON object"),
    ("POST", "/api/sim/lift", "raw", b"{position: A1}", 400, "not valid JSON"),
    ("POST", "/api/sim/lift", "form", {"position": "A1"}, 415, "Content-Type: application/json"),
    ("POST", "/api/sim/lift", "raw", b'{"position": "' + b"A" * 20000 + b'"}', 413,
     "too large"),
    ("POST", "/api/sim/place", "json", {"position": "A1", "piece": 7}, 400, "'piece' must be"),
    ("POST", "/api/sim/place", "json", {"position": "E5"}, 409, "no piece in hand"),
    ("POST", "/api/sim/lift", "json", {"position": "E5"}, 409, "no piece on E5"),
    ("POST", "/api/sim/button", "json", {"button": "reset"}, 400, "no button 'reset'"),
    ("GET", "/api/nothing-here", None, None, 404, "/api/nothing-here is not a page"),
    ("GET", "/api/sim/lift", None, None, 405, "GET is not allowed on /api/sim/lift"),
    ("DELETE", "/api/state", None, None, 405, "use GET, HEAD, OPTIONS"),
    ("GET", "/api/seat", None, None, 401, "has not joined a seat"),
    ("POST", "/api/seat/action", "json", {"type": "resign"}, 401, "has not joined a seat"),
    ("GET", "/api/host", None, None, 401, "host link"),
    ("GET", "/join/not-a-token", None, None, 403, "join link is not valid"),
    ("GET", "/host/not-the-token", None, None, 403, "host link is not valid"),
]


@pytest.mark.parametrize(("method", "path", "how", "body", "status", "words"), BAD,
                         ids=[f"{b[4]}-{b[5][:28]}" for b in BAD])
def test_every_bad_request_gets_a_json_error_and_changes_nothing(
        client, abalone, method, path, how, body, status, words):
    before = (abalone.table.version, abalone.sim.layout(), list(abalone.sim.hand))
    kwargs = {}
    if how == "json":
        kwargs["json"] = body
    elif how == "raw":
        kwargs.update(data=body, content_type="application/json")
    elif how == "form":
        kwargs["data"] = body
    response = client.open(path, method=method, **kwargs)
    assert response.status_code == status
    assert response.mimetype == "application/json"
    message = response.get_json()["error"]
    assert words in message
    if status == 405:
        assert response.headers["Allow"]
    assert (abalone.table.version, abalone.sim.layout(), list(abalone.sim.hand)) == before


@pytest.mark.parametrize("headers", [
    {"Origin": "http://evil.example"},
    {"Origin": "null"},
    {"Origin": "http://localhost:9999"},
    {"Referer": "http://evil.example/page"},
])
def test_a_cross_origin_post_is_refused(client, abalone, headers):
    response = client.post("/api/sim/lift", json={"position": "A1"}, headers=headers)
    assert response.status_code == 403
    assert "cross-origin request refused" in response.get_json()["error"]
    assert abalone.sim.hand == []


def test_a_same_origin_post_from_the_page_is_taken(client, abalone):
    response = client.post("/api/sim/lift", json={"position": "A1"},
                           headers={"Origin": "http://localhost",
                                    "Referer": "http://localhost/"})
    assert response.status_code == 200 and abalone.sim.hand == ["b"]


def test_a_browser_opening_a_dead_link_gets_the_message_as_a_page(client):
    response = client.get("/join/old-token", headers={"Accept": "text/html,*/*;q=0.8"})
    assert response.status_code == 403 and response.mimetype == "text/html"
    assert b"join link is not valid" in response.data


def test_pages_are_served_with_their_guard_headers(client):
    response = client.get("/")
    assert response.status_code == 200 and b'id="board"' in response.data
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert b"simulated" in response.data


def test_the_join_codes_list_seats_nobody_has_joined(client):
    seats = client.get("/api/join").get_json()["seats"]
    assert [s["seat"] for s in seats] == ["b", "w"]
    assert all(s["url"].startswith("http://localhost/join/") and s["qr"].startswith("<svg")
               for s in seats)
    client.get(seats[0]["url"].removeprefix("http://localhost"))
    after = client.get("/api/join").get_json()["seats"]
    assert after[0]["joined"] and "url" not in after[0] and "qr" not in after[0]
    assert not after[1]["joined"] and after[1]["url"] == seats[1]["url"]


def test_join_codes_on_this_machine_point_at_the_lan_address(abalone):
    from web_ui import create_app
    app = create_app(abalone, {"PUBLIC_URL": "http://192.168.1.20:8080"})
    seats = app.test_client().get("/api/join", base_url="http://127.0.0.1:8080").get_json()
    assert seats["seats"][0]["url"].startswith("http://192.168.1.20:8080/join/")
    # Opened by its LAN address, the page's own address is the one to share.
    seats = app.test_client().get("/api/join", base_url="http://10.0.0.7:8080").get_json()
    assert seats["seats"][0]["url"].startswith("http://10.0.0.7:8080/join/")


def test_there_is_no_simulated_board_on_a_real_board():
    from gpiozero.pins.mock import MockFactory

    from boardlight.service import Service, ServiceOptions
    from tests.hardware.fakes import RecordingSpiBus
    from web_ui import create_app
    service = Service(ServiceOptions(game="abalone", board="gpio"), pin_factory=MockFactory(),
                      spi=RecordingSpiBus())
    try:
        client = create_app(service).test_client()
        assert client.get("/api/state").get_json()["sim"] is None
        response = client.post("/api/sim/lift", json={"position": "A1"})
        assert response.status_code == 404
        assert "real board" in response.get_json()["error"]
        assert b"simulated" not in client.get("/").data.split(b"<main>")[1][:600]
    finally:
        service.stop()


def test_json_bodies_are_compact_and_unsorted(client):
    raw = client.get("/api/state").data
    assert json.loads(raw)["game"] == "abalone"
    assert raw.startswith(b'{"game"')


def test_the_table_hears_that_a_phone_declared_something_never_what(toy_app, toy):
    # North's phone says which token it lays (red or blue: the sensors cannot tell): the
    # table's snapshot names the seat that declared, not the token.
    phone = toy_app.test_client()
    phone.get(f"/join/{toy_app.extensions['boardlight'].tokens.token('n')}")
    table = toy_app.test_client()
    assert table.get("/api/state").get_json()["declared"] == []
    assert phone.post("/api/seat/action", json={"type": "declare", "facets": {"token": "b"}}
                      ).status_code == 200
    body = wait_until(toy.table, lambda s: s["declared"] == ["n"])
    assert "token" not in json.dumps({k: v for k, v in body.items() if k != "view"})
    assert phone.post("/api/seat/action", json={"type": "cancel"}).status_code == 200
    wait_until(toy.table, lambda s: s["declared"] == [])
