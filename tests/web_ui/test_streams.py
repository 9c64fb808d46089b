"""Live updates over server-sent events, on the real server: ids, resume, keep-alives,
refusals for one seat only, revoked links, the stream limit, and a clean stop."""

from __future__ import annotations

from boardlight.bench.sseclient import SSEClient
from tests.web_ui.support import Browser, serving, wait_until
from web_ui.hub import CHANGED, Listener, StreamHub


def state_after(client, ply, timeout=5.0):
    return client.until(lambda e: e.kind == "state" and e.json()["ply"] >= ply, timeout)


def test_the_table_stream_sends_the_snapshot_at_once_then_every_change(abalone):
    with serving(abalone) as (_app, base):
        page = Browser(base)
        stream = page.stream("/events")
        first = stream.until(lambda e: e.kind == "state")
        assert int(first.id) == abalone.table.version == first.json()["version"]
        assert first.json()["ply"] == 0
        page.post("/api/sim/lift", {"position": "A1"})
        page.post("/api/sim/place", {"position": "D4"})
        moved = state_after(stream, 1)
        assert moved.json()["last_move"] == "A1B2" and int(moved.id) > int(first.id)
        page.close()


def test_a_reconnecting_page_gets_the_current_state_at_once(abalone):
    with serving(abalone) as (_app, base):
        page = Browser(base)
        stream = page.stream("/events")
        old = stream.until(lambda e: e.kind == "state")
        stream.close()
        page.post("/api/sim/lift", {"position": "A1"})
        page.post("/api/sim/place", {"position": "D4"})
        wait_until(abalone.table, lambda s: s["ply"] == 1)
        again = page.stream("/events", **{"Last-Event-ID": old.id})
        first = again.next(5)
        assert first is not None and first.kind == "state"
        assert first.json()["last_move"] == "A1B2" and int(first.id) == abalone.table.version
        page.close()


def test_a_quiet_stream_sends_keep_alives(abalone):
    with serving(abalone, SSE_KEEPALIVE=0.2) as (_app, base):
        stream = SSEClient(base + "/events").start()
        stream.until(lambda e: e.kind == "state")
        assert stream.next(1.0) is None  # nothing happened: no event, ...
        assert stream.comments >= 2       # ... but the connection was kept alive
        stream.close()


def test_a_refusal_goes_to_that_seat_only(toy_app, toy):
    with serving(toy) as (app, base):
        n, s = Browser(base), Browser(base)
        tokens = app.extensions["boardlight"].tokens
        n.get(f"/join/{tokens.token('n')}")
        s.get(f"/join/{tokens.token('s')}")
        n_stream, s_stream = n.stream("/api/seat/events"), s.stream("/api/seat/events")
        table = Browser(base).stream("/events")
        for stream in (n_stream, s_stream, table):
            stream.until(lambda e: e.kind == "state")
        status, body = s.post("/api/seat/action", {"type": "end-turn"})
        assert (status, body) == (409, {"error": "it is North's turn, not South's"})
        refused = s_stream.until(lambda e: e.kind == "rejected")
        assert refused.json() == {"error": "it is North's turn, not South's"}
        # A later change reaches everybody; the refusal reached nobody else before it.
        assert n.post("/api/seat/action", {"type": "declare", "facets": {"token": "r"}})[0] == 200
        n.post("/api/sim/place", {"position": "c1", "piece": "r"})
        for stream in (n_stream, table):
            seen = []
            stream.until(lambda e, seen=seen: seen.append(e) or (
                e.kind == "state" and e.json()["ply"] == 1))
            assert all(e.kind == "state" for e in seen)
        n.close(), s.close()


def test_a_replaced_link_ends_its_seat_stream(abalone):
    with serving(abalone) as (app, base):
        player = Browser(base)
        player.get(f"/join/{app.extensions['boardlight'].tokens.token('b')}")
        stream = player.stream("/api/seat/events")
        stream.until(lambda e: e.kind == "state")
        app.extensions["boardlight"].tokens.reissue("b")
        app.extensions["boardlight"].hub.web_changed()
        revoked = stream.until(lambda e: e.kind == "revoked")
        assert "made a new link for your seat" in revoked.json()["error"]
        assert stream.ended.wait(5)
        again = SSEClient(base + "/api/seat/events",
                          {"Cookie": player.cookie_header()}).start()
        assert again.status == 401
        player.close()


def test_streams_beyond_the_limit_are_refused_and_the_rest_still_served(abalone):
    with serving(abalone, MAX_STREAMS=2) as (app, base):
        open_ = [SSEClient(base + "/events").start() for _ in range(2)]
        for stream in open_:
            stream.until(lambda e: e.kind == "state")
        third = SSEClient(base + "/events").start()
        assert third.status == 503 and b"too many live pages" in third.body
        status, body = Browser(base).get("/api/state")  # ordinary requests still get through
        assert status == 200 and body["game"] == "abalone"
        # A page that goes away gives its place back (noticed within the stream's poll).
        open_[0].close()
        assert app.extensions["boardlight"].hub.wait_for_count(1, timeout=10)
        fourth = SSEClient(base + "/events").start()
        assert fourth.status == 200
        for stream in (*open_[1:], fourth):
            stream.close()


def test_stopping_the_server_ends_every_stream(abalone):
    with serving(abalone) as (_app, base):
        streams = [SSEClient(base + "/events").start() for _ in range(3)]
        for stream in streams:
            stream.until(lambda e: e.kind == "state")
    assert all(stream.ended.wait(5) for stream in streams)


def test_a_listener_that_falls_behind_never_blocks_the_session_thread():
    hub = StreamHub(limit=4, queue_size=2)
    slow = hub.listen(None)
    assert isinstance(slow, Listener)
    for _ in range(10):
        hub.changed(1)  # would block forever if the queue were not bounded and skipped
    assert slow.queue.qsize() == 2 and slow.dropped == 8
    assert slow.next(0) is CHANGED
    hub.close()
    assert slow.closed and hub.listen(None) is None
