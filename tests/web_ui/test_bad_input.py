"""Bad input of every kind is refused with words and changes nothing."""

from __future__ import annotations

import pytest

from tests.web_ui.support import HOST_TOKEN

DEEP = "[" * 5000 + "]" * 5000
POSTS = ["/api/seat/action", "/api/sim/lift", "/api/sim/place", "/api/sim/button",
         "/api/host/game", "/api/host/names", "/api/host/reissue", "/api/host/computer"]


def token_of(app, seat):
    return app.extensions["boardlight"].tokens.token(seat)


def joined(app, seat):
    client = app.test_client()
    assert client.get(f"/join/{token_of(app, seat)}").status_code == 303
    assert client.get(f"/host/{HOST_TOKEN}").status_code == 303  # may use every endpoint
    return client


@pytest.mark.parametrize("path", POSTS)
@pytest.mark.parametrize("body", [DEEP, '{"a":' * 20 + "1" + "}" * 20])
def test_a_deeply_nested_body_is_a_400_with_words(app, abalone, path, body):
    client = joined(app, "b")
    version = abalone.table.version
    response = client.post(path, data=body, content_type="application/json")
    assert response.status_code == 400
    assert "nests too deeply" in response.get_json()["error"]
    assert abalone.table.version == version


@pytest.mark.parametrize("piece", ["zzz", "🐍", "B"])
def test_placing_a_piece_the_game_does_not_have_is_refused(client, abalone, piece):
    before = abalone.sim.layout()
    response = client.post("/api/sim/place", json={"position": "E5", "piece": piece})
    assert response.status_code == 400
    words = response.get_json()["error"]
    assert f"has no piece {piece!r}" in words and "b (black marble), w (white marble)" in words
    assert abalone.sim.layout() == before and abalone.sim.hand == []


def test_declaring_a_token_not_in_hand_or_a_facet_that_does_not_exist_is_refused(toy_app, toy):
    n = joined(toy_app, "n")
    version = toy.table.version
    hand = set(toy.runner.session.state.hands[0])
    assert hand == {"b", "r"}
    for facets, words in [({"colour": "b"}, "that is nothing to declare here; you may "
                                            "declare: the token laid"),
                          ({"token": "g"}, "None of your moves has g; yours: blue token and "
                                           "red token.")]:
        response = n.post("/api/seat/action", json={"type": "declare", "facets": facets})
        assert response.status_code == 409 and response.get_json()["error"] == words
    assert toy.runner.call(lambda s: dict(s.turn.declared)).result(2) == {}
    assert toy.table.version == version


def test_declaring_on_a_game_the_sensors_see_whole_is_refused(app, abalone):
    b = joined(app, "b")
    response = b.post("/api/seat/action", json={"type": "declare", "facets": {"tile": "3"}})
    assert response.status_code == 409
    assert "no move here needs one" in response.get_json()["error"]


@pytest.mark.parametrize("text", ["resign w", "resign b", "draw", "time w"])
def test_a_seat_cannot_declare_a_resignation_or_a_draw_as_its_move(app, abalone, text):
    b = joined(app, "b")
    response = b.post("/api/seat/action", json={"type": "move", "move": text})
    assert response.status_code == 409
    assert "is not a move to declare" in response.get_json()["error"]
    snap = abalone.table.public()
    assert snap["outcome"] is None and snap["status"] == "playing"
    assert abalone.runner.call(lambda s: dict(s.turn.declared)).result(2) == {}


def test_a_move_for_another_seat_is_refused_with_words(app, abalone):
    w = joined(app, "w")
    response = w.post("/api/seat/action", json={"type": "move", "move": "resign b"})
    assert response.status_code == 409 and "turn" in response.get_json()["error"]
    assert abalone.table.public()["outcome"] is None
