"""Who may hold a seat: a link is spent once joined, and a computer's seat has none."""

from __future__ import annotations

import pytest

from tests.web_ui.support import HOST_TOKEN


def token_of(app, seat):
    return app.extensions["boardlight"].tokens.token(seat)


@pytest.fixture
def host(app):
    client = app.test_client()
    assert client.get(f"/host/{HOST_TOKEN}").status_code == 303
    return client


def test_a_joined_link_is_spent_for_a_second_browser(app):
    first, second = app.test_client(), app.test_client()
    link = f"/join/{token_of(app, 'b')}"
    assert first.get(link).status_code == 303
    refused = second.get(link, headers={"Accept": "text/html"})
    assert refused.status_code == 409
    page = refused.data.decode()
    assert "seat is taken" in page and "ask the host for a new link" in page
    assert second.get("/api/seat").status_code == 401  # it became nobody
    assert first.get("/api/seat").get_json()["seat"] == "b"


def test_the_same_browser_may_always_come_back(app):
    phone = app.test_client()
    link = f"/join/{token_of(app, 'b')}"
    assert phone.get(link).status_code == 303
    assert phone.get(link).status_code == 303
    assert phone.get("/api/seat").status_code == 200


def test_a_new_link_ends_the_first_browsers_hold_and_tells_it(app, host):
    first, second = app.test_client(), app.test_client()
    assert first.get(f"/join/{token_of(app, 'b')}").status_code == 303
    assert host.post("/api/host/reissue", json={"seat": "b"}).status_code == 200
    assert second.get(f"/join/{token_of(app, 'b')}").status_code == 303
    assert second.get("/api/seat").get_json()["seat"] == "b"
    gone = first.get("/api/seat")
    assert gone.status_code == 401
    assert "host made a new link for your seat" in gone.get_json()["error"]


def test_leaving_frees_the_link_for_the_next_browser(app):
    first, second = app.test_client(), app.test_client()
    link = f"/join/{token_of(app, 'b')}"
    assert first.get(link).status_code == 303
    assert first.post("/api/seat/leave", json={}).status_code == 200
    assert second.get(link).status_code == 303


def test_a_computer_seat_has_no_join_link_anywhere(app, host, client):
    link = f"/join/{token_of(app, 'w')}"
    assert host.post("/api/host/computer", json={"seat": "w", "level": "easy"}).status_code == 200
    table = {e["seat"]: e for e in client.get("/api/join").get_json()["seats"]}
    assert "url" not in table["w"] and "qr" not in table["w"] and table["w"]["computer"] == "easy"
    assert "url" in table["b"]
    hosted = {e["seat"]: e for e in host.get("/api/host").get_json()["seats"]}
    assert "url" not in hosted["w"] and "qr" not in hosted["w"]
    stranger = app.test_client()
    # The old link was replaced; the current token is refused too, with words.
    assert stranger.get(link).status_code == 403
    refused = stranger.get(f"/join/{token_of(app, 'w')}", headers={"Accept": "text/html"})
    assert refused.status_code == 409 and "played by the computer" in refused.data.decode()
    assert stranger.get("/api/seat").status_code == 401


def test_a_person_holding_a_seat_is_let_go_when_the_computer_takes_it(app, host):
    phone = app.test_client()
    assert phone.get(f"/join/{token_of(app, 'w')}").status_code == 303
    assert host.post("/api/host/computer", json={"seat": "w", "level": "easy"}).status_code == 200
    gone = phone.get("/api/seat")
    assert gone.status_code == 401 and "gave your seat to the computer" in gone.get_json()["error"]


def test_handing_a_seat_back_to_a_person_makes_a_fresh_link(app, host, client):
    assert host.post("/api/host/computer", json={"seat": "w", "level": "easy"}).status_code == 200
    during = token_of(app, "w")
    assert host.post("/api/host/computer", json={"seat": "w", "level": None}).status_code == 200
    fresh = token_of(app, "w")
    assert fresh != during
    table = {e["seat"]: e for e in client.get("/api/join").get_json()["seats"]}
    assert table["w"]["url"].endswith(f"/join/{fresh}") and table["w"]["computer"] is None
    assert app.test_client().get(f"/join/{fresh}").status_code == 303
