"""Abalone says its moves, places, refusals, readings and ends as data: keys of its words with
typed parameters (``controller.said``); no test here reads the English."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.errors import IllegalMoveError, ParseError
from controller.rules.abalone import ABALONE as G
from controller.rules.abalone import Place, Push
from controller.rules.abalone.board import CELLS, INDEX, STEPS
from controller.rules.abalone.words import WORDS
from controller.rules.base import Resign, Termination, TimeForfeit, result_field
from controller.rules.words import WORDS as SHARED
from controller.said import Cell, Message, Piece, To, Who, Zone, english
from tests.controller.rules.abalone_positions import position
from tests.controller.rules.random_play import played

E, W, NE, SW, NW, SE = range(6)  # the direction indices of ``board.DIRECTIONS``
FOUR = {"variant": "four-player", "lost": (0, 0, 0, 0), "pushed": (0, 0, 0, 0)}
THREE = {"variant": "three-player", "lost": (0, 0, 0), "pushed": (0, 0, 0)}
SOME = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cells(*names: str) -> tuple[Cell, ...]:
    return tuple(Cell(n) for n in names)


def push(names: str, direction: int) -> Push:
    return Push(tuple(sorted(INDEX[n] for n in names.split())), direction)


def reason(name: str, **params: object) -> Message:
    return Message.of(f"abalone.illegal.{name}", **params)


def refused(state, move) -> Message:
    with pytest.raises(IllegalMoveError) as caught:
        G.apply(state, move)
    return caught.value.reason


# ---- places ----------------------------------------------------------------------------------


def test_every_zone_of_every_variant_is_a_typed_place():
    for variant in G.variants:
        geometry = G.geometry(variant)
        for cell in geometry.cells:
            assert G.place(cell) == Cell(cell)
        for zone in geometry.zones:
            place = G.place(zone)
            assert isinstance(place, Zone) and place.kind in ("tray", "supply")
            assert place.owner in G.variant(variant).seats
    assert G.place("tray-w") == Zone("tray", owner="w")
    assert G.place("supply-b") == Zone("supply", owner="b")
    assert "supply-b" in G.geometry("free-placement").zones
    assert "supply-b" not in G.geometry("standard").zones


# ---- descriptions ----------------------------------------------------------------------------


def described(state, text: str) -> Message:
    move = G.parse_move(state, text)
    assert move in G.legal_moves(state)
    return G.describe(state, move)


def test_a_placement_says_the_marble_and_the_cell():
    s = G.setup("free-placement")
    assert described(s, "+C3") == Message.of("abalone.place", piece=Piece("b"),
                                             to=To(Cell("C3")))


def test_a_single_marble_moves():
    s = position({"E3": "b", "A1": "w"})
    assert described(s, "E3F4") == Message.of(
        "abalone.move", piece=Piece("b"), cells=cells("E3"), targets=cells("F4"), n=1)


def test_a_line_moves_in_line_tail_first():
    s = position({"E3 E4 E5": "b", "A1": "w"})
    assert described(s, "E5E4") == Message.of(
        "abalone.move", piece=Piece("b", 0), cells=cells("E5", "E4", "E3"),
        targets=cells("E4", "E3", "E2"), n=3)


def test_a_broadside():
    s = position({"E3 E4 E5": "b", "A1": "w"})
    assert described(s, "E3E5F4") == Message.of(
        "abalone.broadside", piece=Piece("b", 0), cells=cells("E3", "E4", "E5"),
        targets=cells("F4", "F5", "F6"), n=3)


def test_a_push_names_the_pushed_marbles():
    s = position({"E2 E3 E4": "b", "E5 E6": "w"})
    assert described(s, "E2E3") == Message.of(
        "abalone.push", piece=Piece("b", 0), cells=cells("E2", "E3", "E4"),
        targets=cells("E3", "E4", "E5"), n=3,
        pushed=(Message.of("abalone.marbles", piece=Piece("w", 0), cells=cells("E5", "E6"),
                           n=2),))


def test_a_push_off_names_the_marble_and_its_tray():
    s = position({"E6 E7 E8": "b", "E9": "w"})
    said = described(s, "E6E7")
    assert said == Message.of(
        "abalone.push-off", piece=Piece("b", 0), cells=cells("E6", "E7", "E8"),
        targets=cells("E7", "E8", "E9"), n=3,
        off=Message.of("abalone.marbles", piece=Piece("w"), cells=cells("E9"), n=1),
        tray=To(Zone("tray", owner="w")))


def test_three_players_push_two_colours_and_one_goes_off():
    s = position({"E5 E6 E7": "b", "E8": "w", "E9": "r", "A1": "w", "A3": "r"}, **THREE)
    said = described(s, "E5E6")
    assert said.key == "abalone.push-and-off"
    assert said["pushed"] == (Message.of("abalone.marbles", piece=Piece("w"),
                                         cells=cells("E8"), n=1),)
    assert said["off"] == Message.of("abalone.marbles", piece=Piece("r"), cells=cells("E9"),
                                     n=1)
    assert said["tray"] == To(Zone("tray", owner="r"))


def test_mixed_colours_pushed_on_are_one_clause_per_colour():
    s = position({"E2 E3 E4": "w", "E5": "b", "E6": "r"}, to_move="w", **FOUR)
    said = described(s, "E2E3")
    assert said.key == "abalone.push"
    assert [(c["piece"], c["cells"]) for c in said["pushed"]] == [
        (Piece("b"), cells("E5")), (Piece("r"), cells("E6"))]


def test_descriptions_go_through_json():
    s = position({"E5 E6 E7": "b", "E8 E9": "w"})
    said = described(s, "E5E6")
    assert said.key == "abalone.push-and-off"
    assert Message.from_json(said.to_json()) == said


# ---- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize("cells_, move, expected", [
    ({"E4": "b", "E5": "w"}, push("E4", E), reason("single-cannot-push")),
    ({"E3 E4": "b", "E5 E6": "w"}, push("E3 E4", E), reason("not-stronger", n=2, pushed=2)),
    ({"E2 E3 E4": "b", "E5 E6 E7": "w"}, push("E2 E3 E4", E),
     reason("not-stronger", n=3, pushed=3)),
    ({"E3 E4": "b", "E5 E6 E7": "w"}, push("E3 E4", E), reason("not-stronger", n=2, pushed=3)),
    ({"E2 E3 E4": "b", "E5": "w", "E6": "b"}, push("E2 E3 E4", E),
     reason("own-behind", cell=Cell("E6"))),
    ({"E3": "b", "E4": "b", "A1": "w"}, push("E3", E), reason("own-ahead", cell=Cell("E4"))),
    ({"E2 E3 E4 E5": "b", "A1": "w"}, push("E2 E3 E4", E), reason("too-many", n=4)),
    ({"E2 E3 E4 E5": "b", "A1": "w"}, push("E2 E3 E4 E5", E), reason("too-many", n=4)),
    ({"E3 E5": "b", "A1": "w"}, push("E3 E5", NE), reason("not-a-line", cells=cells("E3", "E5"))),
    ({"E4": "w", "A1": "b"}, push("E4", E), reason("not-yours", piece=Piece("w"),
                                                   cell=Cell("E4"))),
    ({"A1": "b", "A5": "w"}, push("E4", E), reason("no-marble", cell=Cell("E4"))),
    ({"E9": "b", "A1": "w"}, push("E9", E), reason("own-off-board", cells=cells("E9"), n=1)),
    ({"I5 I6": "b", "A1": "w"}, push("I5 I6", NE),
     reason("own-off-board", cells=cells("I5", "I6"), n=2)),
    ({"E4 E5": "b", "F5": "w"}, push("E4 E5", NW),
     reason("broadside-blocked", cells=cells("F5"), n=1)),
    ({"E4 E5": "b", "F5 F6": "w"}, push("E4 E5", NE),
     reason("broadside-blocked", cells=cells("F5", "F6"), n=2)),
])
def test_each_refusal_says_its_reason(cells_, move, expected):
    s = position(cells_)
    assert move not in G.legal_moves(s)
    assert refused(s, move) == expected
    assert G.explain_illegal(s, move) == expected


def test_partners_are_in_the_way_ahead_and_behind():
    ahead = position({"E2 E3": "w", "E4": "g", "A1": "b"}, to_move="w", **FOUR)
    assert refused(ahead, push("E2 E3", E)) == reason("partner-ahead", who=Who("g"),
                                                      cell=Cell("E4"))
    behind = position({"E2 E3 E4": "w", "E5": "b", "E6": "g"}, to_move="w", **FOUR)
    assert refused(behind, push("E2 E3 E4", E)) == reason("partner-behind", who=Who("g"),
                                                          cell=Cell("E6"))


def test_free_placement_refusals():
    s = G.setup("free-placement")
    assert refused(s, Push((INDEX["E5"],), E)) == reason("place-first", who=Who("b"))
    s = G.play(s, Place(INDEX["E5"]))
    assert refused(s, Place(INDEX["E5"])) == reason("cell-taken", cell=Cell("E5"))
    assert refused(G.setup(), Place(INDEX["E5"])) == reason("placing-over")


def test_moves_of_no_kind_or_off_the_board_are_refused():
    s = G.setup()
    assert G.explain_illegal(s, "A1A2") == reason("not-a-move")  # type: ignore[arg-type]
    assert refused(s, Push((0,), E)) == reason("off-board")
    assert refused(s, Push((INDEX["A1"],), 9)) == reason("off-board")


def test_move_texts_the_rules_refuse_say_why():
    s = position({"E2 E3 E4 E5": "b", "A1": "w"})
    with pytest.raises(IllegalMoveError) as caught:
        G.parse_move(s, "E2E3")
    assert caught.value.reason == reason("too-many", n=4)
    with pytest.raises(IllegalMoveError) as caught:
        G.parse_move(s, "A1A2")
    assert caught.value.reason == reason("not-yours", piece=Piece("w"), cell=Cell("A1"))
    with pytest.raises(IllegalMoveError) as caught:
        G.parse_move(s, "D1D2")
    assert caught.value.reason == reason("no-marble", cell=Cell("D1"))


# ---- readings --------------------------------------------------------------------------------


def hand(state, *moves: tuple[str, str]) -> tuple[frozenset[str], frozenset[str]]:
    """What a presence-sensing board reads after a hand moved marbles: each ``(from, to)``
    takes a marble off ``from`` and puts one on ``to`` (a cell or a tray), all at once."""
    before = {p for p, stack in G.layout(state).items() if stack}
    after = set(before)
    for source, _ in moves:
        after.discard(source)
    grown = set()
    for _, target in moves:
        if target in before and target not in after:
            after.add(target)
        elif target in after:
            grown.add(target)  # a tray that held marbles already, or a marble put back
        else:
            after.add(target)
    return frozenset(before - after), frozenset((after - before) | grown)


def explained(state, *moves: tuple[str, str]) -> Message | None:
    return G.explain_reading(state, *hand(state, *moves))


def test_a_marble_put_down_two_cells_on_or_out_of_line():
    s = position({"E3": "b", "A1": "w"})
    assert explained(s, ("E3", "E5")) == reason("not-next", cell=Cell("E5"), cells=cells("E3"),
                                                n=1)
    assert explained(s, ("E3", "G5")) == reason("not-next", cell=Cell("G5"), cells=cells("E3"),
                                                n=1)


def test_four_marbles_moved():
    s = position({"E2 E3 E4 E5": "b", "A1": "w"})
    # In line: the tail taken to the front.
    assert explained(s, ("E2", "E6")) == reason("too-many", n=4)
    # Sideways.
    assert explained(s, ("E2", "F3"), ("E3", "F4"), ("E4", "F5"), ("E5", "F6")) == reason(
        "too-many", n=4)


def test_a_line_that_cannot_push_what_is_ahead():
    single = position({"E4": "b", "E5": "w"})
    assert explained(single, ("E4", "E5"), ("E5", "E6")) == reason("single-cannot-push")
    pac = position({"E3 E4": "b", "E5 E6": "w"})
    assert explained(pac, ("E3", "E7")) == reason("not-stronger", n=2, pushed=2)
    three = position({"E1 E2 E3": "b", "E4 E5 E6": "w"})
    assert explained(three, ("E1", "E7")) == reason("not-stronger", n=3, pushed=3)
    behind = position({"E2 E3 E4": "b", "E5": "w", "E6": "b"})
    assert explained(behind, ("E2", "E7")) == reason("own-behind", cell=Cell("E6"))


def test_a_single_marble_pushed_off_into_the_tray():
    s = position({"E8": "b", "E9": "w"})
    assert explained(s, ("E8", "tray-w")) == reason("single-cannot-push")


def test_an_own_marble_off_the_board():
    s = position({"E9": "b", "A1": "w"})
    assert explained(s, ("E9", "tray-b")) == reason("own-off-board", cells=cells("E9"), n=1)


def test_marbles_of_a_line_moved_different_ways():
    s = position({"E3 E4": "b", "A1": "w"})
    assert explained(s, ("E3", "D3"), ("E4", "F5")) == reason(
        "different-directions", cells=cells("E3", "E4"))
    assert explained(s, ("E3", "D3"), ("E4", "G6")) == reason(
        "not-next", cell=Cell("G6"), cells=cells("E3", "E4"), n=2)


def test_marbles_apart_moved_together():
    s = position({"E3 E5": "b", "A1": "w"})
    assert explained(s, ("E3", "F4"), ("E5", "F6")) == reason("not-a-line",
                                                               cells=cells("E3", "E5"))


def test_a_broadside_that_pushes():
    s = position({"E4 E5": "b", "F5": "w"})
    assert explained(s, ("E4", "F4"), ("E5", "F5"), ("F5", "G5")) == reason(
        "broadside-blocked", cells=cells("F5"), n=1)


def test_a_partner_marble_moved_is_not_yours_and_an_opponent_one_left_to_the_session():
    s = position({"E5": "r", "E2": "w", "A1": "b", "I9": "g"}, **FOUR)
    assert explained(s, ("E5", "E6")) == reason("not-yours", piece=Piece("r"),
                                                cell=Cell("E5"))
    # The session says whose an opponent's marble is and whose turn it is.
    assert explained(s, ("E2", "E3")) is None


def test_free_placement_readings():
    s = G.play(G.setup("free-placement"), Place(INDEX["E5"]))
    assert explained(s, ("supply-w", "C3"), ("supply-w", "C4")) == reason("place-one")
    s = G.play(s, Place(INDEX["C3"]))
    assert explained(s, ("E5", "E6")) == reason("place-first", who=Who("b"))


def test_readings_the_game_cannot_tell_are_left_to_the_session():
    s = position({"E3 E4": "b", "A1": "w"})
    assert explained(s) is None
    assert G.explain_reading(s, frozenset({"E3"}), frozenset()) is None  # still in the hand
    assert G.explain_reading(s, frozenset(), frozenset({"C3"})) is None  # from nowhere
    # Two marbles lifted, one put down: the other is still in the hand.
    assert G.explain_reading(s, frozenset({"E3", "E4"}), frozenset({"D3"})) is None
    # A push off with no tray sensed reads like a marble still in the hand.
    off = position({"E6 E7 E8": "b", "E9": "w"})
    assert G.explain_reading(off, frozenset({"E6"}), frozenset()) is None


def readings(state, move):
    """The presence reading and the colour reading of a legal move's effect."""
    changes = G.effect(state, move).changes
    lifted = frozenset(c.position for c in changes if c.before and not c.after)
    filled = frozenset(c.position for c in changes if len(c.after) > len(c.before))
    changed = filled | {c.position for c in changes if c.kind in ("recolours", "replaces")}
    return (lifted, filled), (lifted, frozenset(changed))


@SOME
@given(st.sampled_from(list(G.variants)), st.integers(0, 2**32), st.integers(0, 300))
def test_no_legal_move_is_explained_as_a_mistake(variant, seed, plies):
    state, rng = played(G, variant, seed, plies)
    moves = list(G.legal_moves(state))
    for move in rng.sample(moves, min(len(moves), 30)):
        for lifted, placed in readings(state, move):
            assert G.explain_reading(state, lifted, placed) is None, G.move_text(move)


# ---- outcomes ---------------------------------------------------------------------------------


def test_pushing_off_six_wins_with_the_count_and_the_side():
    s = position({"E6 E7 E8": "b", "E9 A1": "w"}, lost=(0, 5))
    outcome = G.outcome(G.play(s, push("E6 E7 E8", E)))
    assert outcome.winners == ("b",) and outcome.termination is Termination.PUSHED_OFF
    assert outcome.said == Message.of("end.pushed-off", n=6, side=(Who("b"),))


def test_a_team_pushes_off_six_together():
    s = position({"E6 E7 E8": "b", "E9": "w", "A1": "g", "A3": "r"}, variant="four-player",
                 lost=(0, 3, 0, 2), pushed=(2, 0, 3, 0))
    outcome = G.outcome(G.play(s, push("E6 E7 E8", E)))
    assert outcome.said == Message.of("end.pushed-off", n=6, side=(Who("b"), Who("r")))


def test_no_legal_move_loses_for_the_seat_stuck():
    s = position({"A1": "w", "A2 A3 B1 C1 B2 C2 C3 A4": "b"}, to_move="w")
    outcome = G.outcome(s)
    assert outcome.termination is Termination.NO_MOVE and outcome.winners == ("b",)
    assert outcome.said == Message.of("end.no-move", who=Who("w"))


@pytest.mark.parametrize("variant", list(G.variants))
def test_a_game_lost_on_time_or_resigned_reads_back(variant):
    start = G.setup(variant)
    for seat in G.variant(variant).seats:
        for meta, field in ((TimeForfeit(seat), f"time:{seat}"),
                            (Resign(seat), f"resigned:{seat}")):
            over = G.apply(start, meta)
            text = G.position_text(over)
            assert text.endswith(" " + field) and result_field(over.result) == field
            again = G.parse_position(text, variant)
            assert again == over
            assert G.outcome(again).said.key in ("end.time", "end.resigned")
            assert seat not in G.outcome(again).winners


def test_a_result_of_no_seat_is_refused():
    with pytest.raises(ParseError):
        G.parse_position(G.position_text(G.setup()) + " time:q")


# ---- words for every move and refusal ---------------------------------------------------------


def test_every_template_keeps_its_placeholders_in_both_forms():
    for key, template in WORDS.items():
        if isinstance(template, tuple):
            one, many = template
            assert set(_names(one)) <= set(_names(many)) | {"n"}, key
        assert key.startswith(("abalone.", "end.")), key
    assert "end.pushed-off" not in SHARED


def _names(text: str) -> list[str]:
    return re.findall(r"%\((\w+)\)s", text)


def _said(message: Message) -> str:
    text = english(message, G)
    assert text and "%(" not in text and "None" not in text, (message, text)
    return text


@pytest.mark.parametrize("variant", list(G.variants))
def test_random_moves_and_refusals_are_said(variant):
    rng = random.Random(variant)
    keys = set()
    for seed in range(6):
        state, _ = played(G, variant, seed, rng.randrange(0, 250))
        if G.outcome(state) is not None:
            continue
        moves = list(G.legal_moves(state))
        legal = set(moves)
        for move in rng.sample(moves, min(len(moves), 40)):
            said = G.describe(state, move)
            _said(said)
            keys.add(said.key)
        for _ in range(40):
            move = _arbitrary(rng)
            if move in legal:
                continue
            why = G.explain_illegal(state, move)
            _said(why)
            with pytest.raises(IllegalMoveError) as caught:
                G.apply(state, move)
            assert caught.value.reason == why
        if G.outcome(state) is None:
            _said(Message.of("move.resign", who=Who(G.to_move(state))))
    assert keys


def _arbitrary(rng: random.Random) -> Push | Place:
    """A move of the game's own types, legal or not (off the board too)."""
    if rng.random() < 0.1:
        return Place(rng.choice(CELLS))
    size, start = rng.randint(1, 3), rng.choice(CELLS)
    axis = rng.choice((1, 11, 12))
    return Push(tuple(start + k * axis for k in range(size)), rng.randrange(len(STEPS)))


def test_every_move_kind_is_said_in_a_long_game():
    wanted = {"abalone.place", "abalone.move", "abalone.broadside", "abalone.push",
              "abalone.push-off"}
    rng = random.Random(7)
    keys: set[str] = set()
    for variant in ("standard", "three-player", "free-placement"):
        state = G.setup(variant)
        while G.outcome(state) is None and not keys >= wanted:
            moves = G.legal_moves(state)
            for move in moves:
                keys.add(G.describe(state, move).key)
            state = G.play(state, rng.choice(moves))
    assert keys >= wanted


def test_outcomes_are_said():
    s = position({"E6 E7 E8": "b", "E9 A1": "w"}, lost=(0, 5))
    _said(G.outcome(G.play(s, push("E6 E7 E8", E))).said)
    _said(G.outcome(position({"A1": "w", "A2 A3 B1 C1 B2 C2 C3 A4": "b"}, to_move="w")).said)
