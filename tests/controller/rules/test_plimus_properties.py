"""Plimus's own properties over random positions (hypothesis chooses seeds and lengths); the
contract every game keeps is checked in ``test_contract.py``.

Positions come two ways: random games from the start (what play looks like) and scattered
positions (every stone somewhere, many doubles, stones in poles: where captures and
multi-jumps are common).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.errors import ParseError
from controller.rules.plimus import Move
from controller.rules.plimus.moves import UPPER
from controller.rules.plimus.stones import stones_of
from tests.controller.rules.plimus_positions import BOARD, G, scattered
from tests.controller.rules.random_play import played as after_plies

VARIANTS = list(G.variants)


def random_position(variant: str, seed: int, plies: int):
    return after_plies(G, variant, seed, plies)[0]


played = st.builds(random_position, st.sampled_from(VARIANTS), st.integers(0, 2**32),
                   st.integers(0, 300))
spread = st.builds(scattered, st.integers(0, 2**32), st.sampled_from(VARIANTS))
positions = st.one_of(played, spread)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def stones(state) -> Counter[int]:
    count: Counter[int] = Counter()
    for code in state.cells:
        count.update(stones_of(code))
    for counts in state.poles:
        for k, c in enumerate(counts):
            count[k] += c
    return count


@FAST
@given(positions)
def test_every_legal_move_keeps_every_stone(state):
    for move in G.legal_moves(state)[:200]:
        assert stones(G.play(state, move)) == stones(state)  # captured stones stay, in poles


@FAST
@given(positions)
def test_paths_never_revisit_and_only_doubles_capture(state):
    for move in G.legal_moves(state):
        if not isinstance(move, Move):
            continue
        assert move.start not in move.path and len(set(move.path)) == len(move.path)
        if move.captures:
            assert move.unit not in (UPPER, "+", "-")
            assert all(BOARD.is_pole(p) for _, sent in move.captures for p in sent)
            assert not set(move.captured_nodes) & BOARD.start_fields


@FAST
@given(positions)
def test_effects_name_the_path_and_what_a_phone_must_say(state):
    for move in G.legal_moves(state)[:40]:
        effect = G.effect(state, move)
        assert effect.touched <= effect.changed
        if isinstance(move, Move):
            assert effect.path == (BOARD.names[move.start], *(BOARD.names[n] for n in move.path))
            unseen = bool(move.captures) or BOARD.is_pole(move.path[-1])
            assert bool(effect.unseen) == unseen == bool(G.move_facets(state, move))


@FAST
@given(positions)
def test_the_view_is_json_ready_and_the_same_for_every_seat_but_its_name(state):
    import json

    public = G.view(state, None)
    json.dumps(public)
    for seat in G.seats(state):
        mine = G.view(state, seat)
        assert {**mine, "seat": None} == public


@pytest.mark.parametrize("text", [
    "", "e5", "e5-e7", "e5-zz", "SW-c1", "SW[x]-c1", "SW[+/+]-c1", "c1[+]-c2", "e5:e7 x",
    "e5:e7 xe6>e8", "e5:e7 xe6>NE/SW/SE", "blank", "blank zz",
])
def test_bad_move_text_is_refused_with_a_hint(text):
    with pytest.raises(ParseError):
        G.parse_move(G.setup(), text)


@pytest.mark.parametrize("text, problem", [
    ("6/6/10/10/10/10/10/10/6/6 SW:- SE:- NW:- NE:- blue", "has 7 fields"),
    ("6/6/10/10/10/10/10/10/6 SW:- SE:- NW:- NE:- blue 0", "10 rows"),
    ("6/6/10/10/10/10/10/10/6/5 SW:- SE:- NW:- NE:- blue 0", "describes 5 nodes"),
    ("6/6/10/10/10/10/10/10/6/(bb)5 SW:- SE:- NW:- NE:- blue 0", "no double"),
    ("6/6/10/10/10/10/10/10/6/Q5 SW:- SE:- NW:- NE:- blue 0", "no stone"),
    ("6/6/10/10/10/10/10/10/6/Y5 SW:- SE:- NW:- NE:- blue 0", "yellow does not play"),
    ("6/6/10/10/10/10/10/10/6/6 SW:BBBBBBB SE:- NW:- NE:- blue 0", "7 plus stones"),
    ("6/6/10/10/10/10/10/10/6/6 SE:- SW:- NW:- NE:- blue 0", "expected pole SW"),
    ("6/6/10/10/10/10/10/10/6/6 SW:- SE:- NW:- NE:- green 0", "seat to move"),
    ("6/6/10/10/10/10/10/10/6/6 SW:- SE:- NW:- NE:- blue x", "no count"),
    ("6/6/10/10/10/2*7/10/10/6/6 SW:- SE:- NW:- NE:- blue 0", "no blank stone"),
])
def test_bad_position_text_says_what_is_wrong(text, problem):
    with pytest.raises(ParseError, match=problem):
        G.parse_position(text, "two-player")


def test_the_blank_stone_only_on_a_circle_field():
    with pytest.raises(ParseError, match="on a circle field"):
        G.parse_position("6/6/10/10/10/3*6/10/10/6/6 SW:- SE:- NW:- NE:- blue 0",
                         "two-player-extended")
    ok = G.parse_position("6/6/10/10/10/2*7/10/10/6/6 SW:- SE:- NW:- NE:- blue 0",
                          "two-player-extended")
    assert G.view(ok, None)["blank"] == "c5" and not G.blank_to_place(ok)


def test_start_positions_and_a_finished_game_in_text():
    assert G.position_text(G.setup()) == (
        "rRrRrR/RrRrRr/10/10/10/10/10/10/bBbBbB/BbBbBb SW:- SE:- NW:- NE:- blue 0")
    assert G.position_text(G.setup("four-player")) == (
        "rRrRrR/RrRrRr/yY6gG/Yy6Gg/yY6gG/Yy6Gg/yY6gG/Yy6Gg/bBbBbB/BbBbBb SW:- SE:- NW:- NE:- "
        "blue 0")
    from controller.rules.base import Resign

    over = G.apply(G.setup(), Resign("red"))
    assert G.position_text(over).endswith(" blue 0 resigned:red")
    assert G.parse_position(G.position_text(over)) == over
