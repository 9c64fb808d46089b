"""Seat pages: join links, signed cookies, phone actions and what the session says to them."""

from __future__ import annotations

import pytest

from controller.session.actions import parse_action
from tests.web_ui.support import HOST_TOKEN, wait_until


def token_of(app, seat):
    return app.extensions["boardlight"].tokens.token(seat)


def join(client, app, seat):
    response = client.get(f"/join/{token_of(app, seat)}")
    assert response.status_code == 303 and response.headers["Location"] == "/seat"
    return response


def test_joining_turns_the_token_into_a_cookie_and_leaves_the_address_bar(client, app):
    response = join(client, app, "b")
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("boardlight=") and "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie
    assert token_of(app, "b") not in response.headers["Location"]
    page = client.get("/seat")
    assert page.status_code == 200 and b"Black" in page.data
    assert client.get("/api/me").get_json() == {"seat": "b"}
    mine = client.get("/api/seat").get_json()
    assert mine["seat"] == "b" and mine["labels"]["b"] == "Black"


def test_a_tampered_cookie_is_no_seat(client, app):
    join(client, app, "b")
    cookie = client.get_cookie("boardlight")
    client.set_cookie("boardlight", cookie.value[:-3] + "AAA")
    response = client.get("/api/seat")
    assert response.status_code == 401 and "has not joined a seat" in response.get_json()["error"]
    assert client.get("/api/me").get_json() == {"seat": None}


def test_the_hidden_hand_is_on_its_own_seat_only(toy_app, toy):
    n, s = toy_app.test_client(), toy_app.test_client()
    join(n, toy_app, "n")
    join(s, toy_app, "s")
    hands = toy.runner.session.state.hands
    assert n.get("/api/seat").get_json()["view"]["hand"] == list(hands[0])
    assert s.get("/api/seat").get_json()["view"]["hand"] == list(hands[1])
    assert n.get("/api/seat").get_json()["private"] == ["hand"]
    assert "hand" not in toy_app.test_client().get("/api/state").get_json()["view"]


def test_a_seat_on_turn_may_declare_what_the_sensors_cannot_see(toy_app, toy):
    n = toy_app.test_client()
    join(n, toy_app, "n")
    assert n.get("/api/seat").get_json()["declare"] == {"token": ["b", "r"]}
    s = toy_app.test_client()
    join(s, toy_app, "s")
    assert s.get("/api/seat").get_json()["declare"] == {}  # not s's turn
    ok = n.post("/api/seat/action", json={"type": "declare", "facets": {"token": "b"}})
    assert ok.status_code == 200
    n.post("/api/sim/place", json={"position": "c2", "piece": "b"})
    assert wait_until(toy.table, lambda snap: snap["ply"] == 1)["last_move"] == "b@c2"


def test_a_malformed_action_is_refused_before_the_session(client, app, abalone):
    join(client, app, "b")
    version = abalone.table.version
    cases = [({"type": "fly"}, 400, "unknown action type 'fly'"),
             ({"type": "choose"}, 400, "needs 'move'"),
             ({"type": "draw", "offer": True, "accept": True}, 400, "not both"),
             ({"type": "resign", "seat": "w"}, 400, "unknown field 'seat'"),
             ({"move": "A1B2"}, 400, "missing field 'type'")]
    for body, status, words in cases:
        response = client.post("/api/seat/action", json=body)
        assert response.status_code == status, body
        assert words in response.get_json()["error"], body
    assert abalone.table.version == version


def test_an_action_the_session_refuses_comes_back_with_its_reason(client, app, abalone):
    join(client, app, "w")
    response = client.post("/api/seat/action", json={"type": "end-turn"})
    assert response.status_code == 409
    assert response.get_json() == {"error": "it is Black's turn, not White's"}
    refused = client.post("/api/seat/action", json={"type": "takeback", "accept": True})
    assert refused.status_code == 409 and "no take-back to answer" in refused.get_json()["error"]


def test_draw_offered_and_accepted_from_two_phones(app, abalone):
    b, w = app.test_client(), app.test_client()
    join(b, app, "b")
    join(w, app, "w")
    early = w.post("/api/seat/action", json={"type": "draw", "accept": True})
    assert early.status_code == 409 and "nobody has offered a draw" in early.get_json()["error"]
    assert b.post("/api/seat/action", json={"type": "draw", "offer": True}).status_code == 200
    seat = w.get("/api/seat").get_json()
    assert [(p["kind"], p["text"], p["choices"]) for p in seat["prompts"]] == [
        ("draw", "Black offers a draw.", ["accept"])]
    assert seat["draw_offers"] == ["b"]
    assert w.post("/api/seat/action", json={"type": "draw", "accept": True}).status_code == 200
    outcome = wait_until(abalone.table, lambda s: s["outcome"] is not None)["outcome"]
    assert outcome == {"winners": [], "draw": True, "termination": "agreed",
                       "said": {"key": "end.agreed", "params": {}}}


def test_resigning_ends_the_game_once(client, app, abalone):
    join(client, app, "b")
    response = client.post("/api/seat/action", json={"type": "resign"})
    assert response.status_code == 200
    snap = wait_until(abalone.table, lambda s: s["outcome"] is not None)
    assert snap["outcome"]["winners"] == ["w"]
    again = client.post("/api/seat/action", json={"type": "resign"})
    assert again.status_code == 409 and "already over" in again.get_json()["error"]


def test_new_links_lock_out_the_old_link_and_its_cookie(app):
    player, host = app.test_client(), app.test_client()
    old = token_of(app, "b")
    join(player, app, "b")
    assert host.get(f"/host/{HOST_TOKEN}").status_code == 303
    assert host.post("/api/host/reissue", json={"seat": "b"}).status_code == 200
    assert player.get("/api/seat").status_code == 401
    assert "made a new link for your seat" in player.get("/api/seat").get_json()["error"]
    assert player.get(f"/join/{old}").status_code == 403
    join(player, app, "b")
    assert player.get("/api/seat").status_code == 200


def test_leaving_a_seat_forgets_it(client, app):
    join(client, app, "b")
    assert client.post("/api/seat/leave", json={}).status_code == 200
    assert client.get("/api/seat").status_code == 401


@pytest.mark.parametrize("path", ["/seat", "/api/seat/events"])
def test_seat_pages_need_the_cookie(client, path):
    response = client.get(path)
    assert response.status_code == 401
    assert "has not joined a seat" in response.get_json()["error"]


def test_moves_no_sensor_sees_are_offered_to_the_mover_and_made_from_the_phone():
    # Seed 1 deals red a 10 and an 8 on the table: cards that move nothing, which no sensor
    # can see; red's page offers them, and tapping one makes the move.
    from boardlight.service import Service, ServiceOptions
    from web_ui import create_app
    service = Service(ServiceOptions(game="rhombus", variant="two-player", seed=1)).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        app = create_app(service, {"HOST_TOKEN": HOST_TOKEN})
        red, blue = app.test_client(), app.test_client()
        join(red, app, "r")
        join(blue, app, "b")
        offered = red.get("/api/seat").get_json()["untraced"]
        assert offered == ["10H", "8C*"]
        assert blue.get("/api/seat").get_json()["untraced"] == []  # not blue's turn
        assert red.post("/api/seat/action", json={"type": "move", "move": "10H"}).status_code == 200
        snap = wait_until(service.table, lambda s: s["ply"] == 1)
        assert snap["moves"][-1]["move"] == "10H" and snap["to_move"] == "b"
    finally:
        service.stop()


def test_a_take_back_needs_the_other_sides_phone_or_else_the_table(app, abalone):
    b, w, table = app.test_client(), app.test_client(), app.test_client()
    join(b, app, "b")
    table.post("/api/sim/lift", json={"position": "A1"})
    table.post("/api/sim/place", json={"position": "D4"})
    wait_until(abalone.table, lambda s: s["ply"] == 1)
    assert b.post("/api/seat/action", json={"type": "takeback", "request": True}
                  ).status_code == 200
    # Black asked: Black's own yes is refused; with no phone of White's joined, the table's
    # End turn answers.
    own = b.post("/api/seat/action", json={"type": "takeback", "accept": True})
    assert own.status_code == 409 and own.get_json()["error"] == (
        "Black asked: the other side answers; White has no phone joined, so End turn on the "
        "table takes it back")
    # White joins: now White's phone answers, and the table's button no longer does.
    join(w, app, "w")
    offer = wait_until(abalone.table, lambda s: any(
        p["kind"] == "takeback" and p["message"]["params"].get("phone")
        for p in s["prompts"]))
    [p] = [p for p in offer["prompts"] if p["kind"] == "takeback"]
    assert p["message"]["params"]["answer"] == ["w"]
    pressed = table.post("/api/sim/button", json={"button": "end-turn"})
    assert pressed.status_code == 409
    assert pressed.get_json()["error"] == "Black asked: White answers on their phone"
    assert w.post("/api/seat/action", json={"type": "takeback", "accept": True}
                  ).status_code == 200
    assert wait_until(abalone.table, lambda s: s["ply"] == 0)["to_move"] == "b"


def test_leaving_a_seat_gives_the_answer_back_to_the_table(app, abalone):
    w = app.test_client()
    join(w, app, "w")
    abalone.sim_lift("A1")
    abalone.sim_place("D4")
    wait_until(abalone.table, lambda s: s["ply"] == 1)
    abalone.phone("b", parse_action({"type": "takeback", "request": True}))
    wait_until(abalone.table, lambda s: any(
        p["kind"] == "takeback" and p["message"]["params"].get("phone") for p in s["prompts"]))
    assert w.post("/api/seat/leave", json={}).status_code == 200
    wait_until(abalone.table, lambda s: any(
        p["kind"] == "takeback" and p["message"]["params"].get("phone") is False
        for p in s["prompts"]))
    abalone.press("end-turn")
    assert wait_until(abalone.table, lambda s: s["ply"] == 0)["to_move"] == "b"
