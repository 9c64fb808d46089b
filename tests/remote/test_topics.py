"""What travels between two boards is checked at the edge: every kind's body, the envelope,
and that it says it comes from whom its topic says (the broker's ACL vouches for the topic)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from club.topics import PayloadError
from remote import topics
from remote.topics import Envelope, parse_topic, read

TOPIC = topics.direct("K7P4QX", "anna", "ben")
ADDRESS = parse_topic(TOPIC)

GOOD: dict[str, dict[str, Any]] = {
    "hello": {"seats": ["w"], "name": "Ben's board", "lang": "de"},
    "welcome": {"game": "rhombus", "variant": "two-player", "ply": 0,
                "seats": {"red": "anna", "blue": "ben"}},
    "move": {"ply": 3, "seat": "w", "move": "A1B2"},
    "private": {"ply": 3, "seat": "w", "view": {"hand": ["QC"]}},
    "ask": {"what": "takeback", "ply": 4, "seat": "b"},
    "answer": {"what": "draw", "ply": 4, "seat": "w", "yes": False},
    "resign": {"ply": 9, "seat": "b"},
    "end": {"ply": 9, "outcome": {"winners": ["w"], "termination": "resigned",
                                  "params": {"seat": "b"}}},
}


def envelope(kind: str, body: Any, seq: int = 1, **over: Any) -> bytes:
    data = {"v": 1, "match": "K7P4QX", "from": "ben", "seq": seq, "kind": kind,
            "sent": 1_800_000_000.5, "body": body, **over}
    return json.dumps(data).encode()


def test_the_topics_say_who_to_and_who_from():
    assert TOPIC == "boardlight/v1/match/K7P4QX/to/anna/from/ben"
    assert (ADDRESS.kind, ADDRESS.board, ADDRESS.sender) == ("direct", "anna", "ben")
    offer = parse_topic(topics.board_topic("K7P4QX", "anna", "offer"))
    assert (offer.kind, offer.board, offer.sender) == ("offer", "anna", None)
    for bad in ("boardlight/v1/match/K7P4QX/to/anna", "boardlight/v1/match/k7p4qx/to/a/from/b",
                "boardlight/v1/match/K7P4QX/board/anna/state", "boardlight/v1/club/x/y/z/w"):
        with pytest.raises(PayloadError):
            parse_topic(bad)


@pytest.mark.parametrize("kind", sorted(GOOD))
def test_every_kind_is_read_as_sent(kind):
    got = read(envelope(kind, GOOD[kind]), ADDRESS)
    assert (got.kind, got.seq, got.sender, got.body) == (kind, 1, "ben", GOOD[kind])
    assert read(got.encode(), ADDRESS) == got


@pytest.mark.parametrize(("raw", "said"), [
    (b"\xff", "not JSON"),
    (b"[]", "must be a JSON object"),
    (envelope("move", GOOD["move"], v=2), "version 2"),
    (envelope("move", GOOD["move"], **{"from": "carl"}), "not what its topic says"),
    (envelope("move", GOOD["move"], match="K7P4QY"), "not what its topic says"),
    (envelope("shout", {}), "kind \"shout\" is not one of"),
    (envelope("move", GOOD["move"], seq=0), "'seq' must be a whole number from 1"),
    (envelope("sync", {"applied": 1, "sent": 2}, seq=3), "'seq' must be a whole number from 0"),
    (envelope("move", {**GOOD["move"], "ply": -1}), "'ply'"),
    (envelope("move", {**GOOD["move"], "ply": True}), "'ply'"),
    (envelope("move", {**GOOD["move"], "move": "x" * 201}), "'move' must be a printable text"),
    (envelope("move", {**GOOD["move"], "move": "A1\nB2"}), "'move' must be a printable text"),
    (envelope("move", {"ply": 1, "seat": "w"}), "'move' is missing"),
    (envelope("hello", {**GOOD["hello"], "seats": []}), "list of 1 to 8 seats"),
    (envelope("hello", {**GOOD["hello"], "seats": ["W!"]}), "a seat in 'seats'"),
    (envelope("welcome", {**GOOD["welcome"], "seats": {"red": "anna"}}), "2 to 8 seats"),
    (envelope("answer", {**GOOD["answer"], "yes": "no"}), "'yes' must be true or false"),
    (envelope("ask", {**GOOD["ask"], "what": "pause"}), "'what' must be one of"),
    (envelope("end", {"ply": 9, "outcome": {"winners": 3}}), "'outcome' is not one"),
    (envelope("move", GOOD["move"], sent=float("nan")), "not JSON"),
    (envelope("private", {**GOOD["private"], "view": {"x": "y" * 17000}}), "at most 16384"),
    (envelope("private", {**GOOD["private"], "view": [1]}), "'view' must be a JSON object"),
    (envelope("private", {**GOOD["private"], "view": {"a": json.loads("[" * 20 + "]" * 20)}}),
     "nests more than"),
])
def test_a_wrong_message_is_refused_saying_what_is_wrong(raw, said):
    with pytest.raises(PayloadError) as caught:
        read(raw, ADDRESS)
    assert said in str(caught.value)
    assert "match K7P4QX" in str(caught.value)


def test_an_envelope_encodes_as_documented():
    e = Envelope("K7P4QX", "ben", 2, "move", 5.0, GOOD["move"])
    assert json.loads(e.encode()) == {"v": 1, "match": "K7P4QX", "from": "ben", "seq": 2,
                                      "kind": "move", "sent": 5.0, "body": GOOD["move"]}
    assert not e.control and Envelope("K7P4QX", "ben", 0, "sync", 5.0, {}).control
