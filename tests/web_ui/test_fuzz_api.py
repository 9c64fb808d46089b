"""Every endpoint of docs/web.md under generated requests: bodies of every JSON type and shape,
wrong content types, raw bytes, sizes past the limit.  Never a 5xx; a refused request (4xx)
changes nothing: not the table, the simulated board, the links, the names, the computer's seats
or what a phone declared."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web_ui.support import HOST_TOKEN

POSTS: dict[str, tuple[str, ...]] = {
    "/api/seat/action": ("type", "move", "facets", "accept", "offer", "request"),
    "/api/seat/leave": (),
    "/api/sim/lift": ("position",),
    "/api/sim/place": ("position", "piece"),
    "/api/sim/button": ("button",),
    "/api/host/game": ("game", "variant", "seed", "match"),
    "/api/host/names": ("names",),
    "/api/host/reissue": ("seat",),
    "/api/host/computer": ("seat", "level"),
}
GETS = ["/", "/api/state", "/api/geometry", "/api/join", "/api/me", "/api/seat", "/seat",
        "/api/sim", "/api/host", "/host", "/join/nonsense", "/api/nothing", "/static/none.js"]

# Words the endpoints know, so that generated bodies often get past the first checks.
WORDS = ["b", "w", "r", "A1", "B2", "C3", "D4", "E5", "I9", "end-turn", "choose", "move",
         "declare", "cancel", "takeback", "resign", "draw", "A1B2", "C3D3", "resign w",
         "abalone", "crosswise", "standard", "blitz", "match 2", "sumof 3", "", " ", "zzz",
         "🐍", "x" * 70, "tile", "token", "\x00", "<script>"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**40, 2**40),
                    st.floats(allow_nan=False), st.sampled_from(WORDS), st.text(max_size=30))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=8),
                                                 inner, max_size=4)), max_leaves=12)


@st.composite
def bodies(draw: Any, fields: tuple[str, ...]) -> tuple[bytes, str]:
    """A request body and its content type."""
    kind = draw(st.sampled_from(["object", "object", "object", "json", "raw", "huge", "deep",
                                 "form"]))
    if kind == "object":
        keys = draw(st.lists(st.sampled_from([*fields, "extra", "type"]), max_size=4,
                             unique=True))
        obj = {k: draw(values) for k in keys}
        if "type" in fields and draw(st.booleans()):
            obj["type"] = draw(st.sampled_from(WORDS))
        return json.dumps(obj).encode(), "application/json"
    if kind == "json":
        return json.dumps(draw(values)).encode(), "application/json"
    if kind == "raw":
        return draw(st.binary(max_size=200)), "application/json"
    if kind == "deep":
        n = draw(st.integers(2, 6000))
        return (b"[" * n + b"]" * n) if draw(st.booleans()) else (
            b'{"a":' * n + b"1" + b"}" * n), "application/json"
    if kind == "huge":
        return b'{"position": "' + b"A" * draw(st.integers(16_000, 40_000)) + b'"}', \
            "application/json"
    return b"position=A1", "application/x-www-form-urlencoded"


# What the board's own timers change while a request runs (an earlier accepted lift turning
# into correction after its grace time): not the request's doing, so not compared.
TIMED = ("version", "clocks", "leds", "prompts", "correction", "status")


def fingerprint(service: Any, app: Any) -> Any:
    web = app.extensions["boardlight"]
    snap = {k: v for k, v in service.table.public().items() if k not in TIMED}
    session = service.runner.call(lambda s: (
        dict(s.turn.declared), s.ply, s.game.position_text(s.state), list(s.turn.draw_offers),
        s.turn.phase if hasattr(s.turn.phase, "asked_by") else None)).result(5)
    sim = service.sim
    return (snap, sim.layout(), list(sim.hand), web.tokens.items(), web.tokens.joined(),
            web.names(), service.computer_seats(), session)


def player(app: Any, seat: str = "b") -> Any:
    client = app.test_client()
    tokens = app.extensions["boardlight"].tokens
    client.get(f"/join/{tokens.token(seat)}")
    client.get(f"/host/{HOST_TOKEN}")
    return client


@settings(max_examples=250, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_generated_posts_never_fail_the_server_and_refusals_change_nothing(app, abalone, data):
    path = data.draw(st.sampled_from(sorted(POSTS)))
    body, mimetype = data.draw(bodies(POSTS[path]))
    who = data.draw(st.sampled_from(["player", "stranger"]))
    client = player(app) if who == "player" else app.test_client()
    before = fingerprint(abalone, app)
    response = client.post(path, data=body, content_type=mimetype)
    assert response.status_code < 500, (path, body[:200], response.data[:300])
    if response.status_code >= 400:
        error = response.get_json()["error"]
        assert isinstance(error, str) and len(error) > 10
        assert fingerprint(abalone, app) == before, (path, body[:200], error)


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(GETS), query=st.text(max_size=40),
       accept=st.sampled_from(["application/json", "text/html", "*/*", "image/png"]))
def test_generated_gets_never_fail_the_server(app, abalone, path, query, accept):
    client = player(app)
    before = fingerprint(abalone, app)
    response = client.get(path, query_string={"q": query}, headers={"Accept": accept})
    assert response.status_code < 500, (path, query, response.data[:300])
    assert fingerprint(abalone, app)[1:] == before[1:]
