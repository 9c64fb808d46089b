"""What Plimus says, as data: every kind of move described (keys and typed parameters), every
refusal's reason, what a mistaken reading of the board is told, the ends, the places, and that
all of it can be said (the English is only checked to be a sentence: no missing template, no
unfilled placeholder)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.rules.base import AgreeDraw, Resign, Termination, TimeForfeit
from controller.rules.plimus import Plimus
from controller.rules.plimus.words import ENDS, FACETS, MOVES, REFUSALS, STONES, WORDS
from controller.said import Cell, From, Message, Piece, Plain, To, Who, Zone, english, word
from tests.controller.rules.plimus_positions import (
    BOARD,
    G,
    arbitrary_moves,
    position,
    reason,
    refused,
    scattered,
)
from tests.controller.rules.random_play import played

VARIANTS = list(G.variants)


def pole(name: str) -> Zone:
    return Zone("pole", name=name)


def single(piece: str, at: str) -> Message:
    return Message.of("plimus.stone.single", piece=Piece(piece), **{"from": Cell(at)})


def double(piece: str, at: str) -> Message:
    return Message.of("plimus.stone.double", piece=Piece(piece), **{"from": Cell(at)})


def said(state: Any, text: str) -> Message:
    return G.describe(state, G.parse_move(state, text))


def move(key: str, stone: Message, to: Any, **more: Any) -> Message:
    return Message.of(f"plimus.{key}", stone=stone, to=to, **more)


# ---- every kind of move, described -----------------------------------------------------------

JUMP_E5 = move("jump", double("blue+", "e5"), Cell("e7"))

DESCRIBED = [
    # Steps: to a free field, onto an own single of the other sign, into a pole.
    ({"c2": "B"}, "c2-c3", move("step", single("blue+", "c2"), Cell("c3"))),
    ({"e5": "B", "e6": "b"}, "e5-e6", move("step-join", single("blue+", "e5"), Cell("e6"))),
    ({"c2": "b"}, "c2-SW", move("step-pole", single("blue-", "c2"), To(pole("SW")))),
    # What moves: a whole double (its upper stone named), the upper stone of a double, stones
    # out of a pole (one, or two as a double).
    ({"e5": "(Bb)"}, "e5-e6", move("step", double("blue-", "e5"), Cell("e6"))),
    ({"e5": "(bB)"}, "e5^-e6", move("step", Message.of(
        "plimus.stone.upper", piece=Piece("blue+"), **{"from": Cell("e5")}), Cell("e6"))),
    ({"SW": "Bb"}, "SW[-]-c1", move("step", Message.of(
        "plimus.stone.pole", piece=Piece("blue-"), **{"from": From(pole("SW"))}), Cell("c1"))),
    ({"SW": "Bb"}, "SW[+/-]-c1", move("step", Message.of(
        "plimus.stone.pole-double", piece=Piece("blue+"), **{"from": From(pole("SW"))}),
        Cell("c1"))),
    # Jumps, multi-jumps (via the fields landed on), each also joining or into a pole.
    ({"e4": "B", "e5": "r"}, "e4:e6", move("jump", single("blue+", "e4"), Cell("e6"))),
    ({"e4": "B", "e5": "r", "e6": "b"}, "e4:e6",
     move("jump-join", single("blue+", "e4"), Cell("e6"))),
    ({"d1": "B", "c1": "r"}, "d1:SW", move("jump-pole", single("blue+", "d1"), To(pole("SW")))),
    ({"c3": "B", "c4": "r", "c6": "b"}, "c3:c5:c7",
     move("jumps", single("blue+", "c3"), Cell("c7"), via=(Cell("c5"),))),
    ({"c3": "B", "c4": "r", "c6": "r", "c8": "b", "c9": "b"}, "c3:c5:c7:c9",
     move("jumps-join", single("blue+", "c3"), Cell("c9"), via=(Cell("c5"), Cell("c7")))),
    ({"f1": "B", "e1": "r", "c1": "r"}, "f1:d1:SW",
     move("jumps-pole", single("blue+", "f1"), To(pole("SW")), via=(Cell("d1"),))),
    # Captures: the captured stones first, each from its field into its pole(s).
    ({"e5": "(bB)", "e6": "r"}, "e5:e7 xe6>NE", Message.of(
        "plimus.capture", move=JUMP_E5, captures=(Message.of(
            "plimus.captured", piece=Piece("red-"), to=To(pole("NE")),
            **{"from": Cell("e6")}),))),
    ({"e5": "(bB)", "e6": "(Rr)"}, "e5:e7 xe6>NE/NE", Message.of(
        "plimus.capture", move=JUMP_E5, captures=(Message.of(
            "plimus.captured-double", piece=Piece("red-"), to=To(pole("NE")),
            **{"from": Cell("e6")}),))),
    ({"e5": "(bB)", "e6": "(Rr)"}, "e5:e7 xe6>NE/SW", Message.of(
        "plimus.capture", move=JUMP_E5, captures=(Message.of(
            "plimus.captured-split", upper=Piece("red-"), upper_to=To(pole("NE")),
            lower=Piece("red+"), lower_to=To(pole("SW")), **{"from": Cell("e6")}),))),
    ({"c3": "(bB)", "c4": "r", "c6": "(Rr)"}, "c3:c5:c7 xc4>SW xc6>NE/NE", Message.of(
        "plimus.capture",
        move=move("jumps", double("blue+", "c3"), Cell("c7"), via=(Cell("c5"),)),
        captures=(Message.of("plimus.captured", piece=Piece("red-"), to=To(pole("SW")),
                             **{"from": Cell("c4")}),
                  Message.of("plimus.captured-double", piece=Piece("red-"),
                             to=To(pole("NE")), **{"from": Cell("c6")})))),
    ({"SW": "Bb", "c3": "r"}, "SW[+/-]:d4 xc3>NE", Message.of(
        "plimus.capture",
        move=move("jump", Message.of("plimus.stone.pole-double", piece=Piece("blue+"),
                                     **{"from": From(pole("SW"))}), Cell("d4")),
        captures=(Message.of("plimus.captured", piece=Piece("red-"), to=To(pole("NE")),
                             **{"from": Cell("c3")}),))),
]


@pytest.mark.parametrize("stones, text, expected", DESCRIBED,
                         ids=[text for _, text, _ in DESCRIBED])
def test_every_kind_of_move_is_described_as_data(stones, text, expected):
    s = position(stones)
    assert said(s, text) == expected
    assert english(expected, G)


def test_every_move_template_is_used_by_a_description():
    keys = set()

    def walk(m: Message) -> None:
        keys.add(m.key)
        for _, v in m.params:
            for item in v if isinstance(v, tuple) else (v,):
                if isinstance(item, Message):
                    walk(item)

    for *_, expected in DESCRIBED:
        walk(expected)
    s = G.setup("two-player-extended")
    walk(said(s, "blank c5"))
    walk(said(position({"e1": "B", "d1": "R", "f1": "R", "e2": "R"}), "pass"))
    facets = {G.facet_said("pole e6", "NE/SW"), G.facet_said("pole e6", "SW/SW")}
    keys |= {m.key for m in facets}
    into_pole = position({"c2": "B"})
    keys |= {f"facet.{f}" for f in G.move_facets(into_pole, G.parse_move(into_pole, "c2-SW"))}
    assert keys == set(STONES) | set(MOVES) | set(FACETS)


def test_the_blank_stone_and_a_pass():
    s = G.setup("two-player-extended")
    assert said(s, "blank h6") == Message.of("plimus.blank", piece=Piece("blank"),
                                             to=Cell("h6"))
    stuck = position({"e1": "B", "d1": "R", "f1": "R", "e2": "R"})
    assert said(stuck, "pass") == Message.of("plimus.pass", who=Who("blue"))


def test_a_path_landing_where_it_captured_is_no_join():
    free = Plimus(free_turns=True)
    s = free.parse_position(G.position_text(position(
        {"g3": "(bB)", "g4": "r", "g6": "r", "g7": "r"})))
    d = free.describe(s, free.parse_move(s, "g3:f5:h7:g6 xg6>SW"))
    assert d["move"].key == "plimus.jumps" and d["move"]["to"] == Cell("g6")


def test_moves_that_differ_only_in_their_poles_differ_only_in_their_captures():
    # The phone's question between them reads short: the captures are said first, the move
    # (the same in each) after them.
    s = position({"e5": "(bB)", "e6": "(Rr)"})
    choices = [m for m in G.legal_moves(s) if m.captures]
    described = [G.describe(s, m) for m in choices]
    assert len(described) == len(set(described)) == 16
    assert {d.key for d in described} == {"plimus.capture"}
    assert len({d["move"] for d in described}) == 1
    assert len({d["captures"] for d in described}) == 16
    assert all(english(d, G) for d in described)


# ---- every refusal's reason -------------------------------------------------------------------

REFUSED = [
    ({"e5": "B"}, "e6-e7", "empty", {"cell": Cell("e6")}),
    ({"e5": "B", "e6": "r"}, "e6-e7", "other-team",
     {"cell": Cell("e6"), "owner": Who("red"), "who": Who("blue")}),
    ({"e5": "B"}, "e5^-e6", "split-single", {"cell": Cell("e5")}),
    ({"e5": "B", "e6": "R"}, "e5-e6", "taken", {"cell": Cell("e6")}),
    ({"e5": "B", "e6": "(bB)"}, "e5-e6", "taken", {"cell": Cell("e6")}),
    ({"e5": "(Bb)", "e6": "B"}, "e5-e6", "taken", {"cell": Cell("e6")}),
    ({"e5": "B"}, "e5:e7", "jump-empty", {"over": Cell("e6")}),
    ({"e5": "B", "e6": "R"}, "e5:e7", "same-sign", {"over": Cell("e6")}),
    ({"e5": "B"}, "e5:g8", "not-next", {"from": Cell("e5"), "to": Cell("g8")}),
    ({"e5": "B", "e6": "r", "e8": "r"}, "e5:e7:g8", "no-jump",
     {"from": Cell("e7"), "to": Cell("g8")}),
    ({"e3": "B", "e4": "r", "f5": "r"}, "e3:e5:g5", "turn",
     {"from": Cell("e5"), "to": Cell("g5")}),
    ({"e5": "B", "e6": "r"}, "e5:e7 xe6>NE", "single-captures", {}),
    ({"e5": "(bB)", "e6": "r"}, "e5:e7 xe6>NE/SW", "poles-needed", {"cell": Cell("e6"), "n": 1}),
    ({"e5": "(bB)", "e6": "(Rr)"}, "e5:e7 xe6>NE", "poles-needed", {"cell": Cell("e6"), "n": 2}),
    ({"e5": "(bB)", "e6": "r"}, "e5:e7 xe8>NE", "not-jumped", {"cell": Cell("e8")}),
    ({"e5": "(bB)", "e6": "r"}, "e5:e7 xSW>NE", "capture-in-pole", {}),
    ({"d3": "(bB)", "d2": "r"}, "d3:d1 xd2>SW", "capture-start", {"cell": Cell("d2")}),
    ({"SW": "B"}, "SW[-]-c1", "pole-empty",
     {"piece": Piece("blue-"), "from": From(pole("SW"))}),
    ({"SW": "b"}, "SW[+/-]-c1", "pole-empty",
     {"piece": Piece("blue+"), "from": From(pole("SW"))}),
    ({"d1": "B", "c1": "r"}, "d1:SW:c2", "ends-in-pole", {}),
    ({"e5": "B", "e6": "r", "e7": "b", "e8": "r"}, "e5:e7:e9", "ends-on-join",
     {"cell": Cell("e7")}),
    ({"e5": "B", "e6": "r"}, "e5:e7:e5", "revisit", {}),
    ({"e5": "B"}, "pass", "must-move", {"who": Who("blue")}),
]


@pytest.mark.parametrize("stones, text, key, params", REFUSED,
                         ids=[f"{key}-{text}" for _, text, key, _ in REFUSED])
def test_an_illegal_move_is_refused_with_its_reason(stones, text, key, params):
    why = refused(position(stones), text)
    assert why == reason(key, **params)
    assert english(why, G)


def test_the_refusals_of_the_blank_stone_and_of_moves_no_text_writes():
    from controller.rules.plimus import Move, PlaceBlank

    start = G.setup("two-player-extended")
    circles = (Cell("c5"), Cell("h6"))
    assert refused(start, "c2-c3") == reason("blank-first", who=Who("blue"), cells=circles)
    assert G.explain_illegal(start, PlaceBlank(BOARD.index("e5"))) == reason(
        "blank-circle", cells=circles)
    assert refused(G.setup(), "blank c5") == reason("no-blank")
    assert refused(G.apply(start, PlaceBlank(BOARD.index("c5"))), "blank h6") == reason(
        "blank-placed")
    blank = position({"c5": "*", "c4": "B"}, variant="two-player-extended")
    assert refused(blank, "c5-c6") == reason("blank-moves", cell=Cell("c5"))
    assert refused(blank, "c4:c6") == reason("jump-blank", over=Cell("c5"))
    s = position({"SW": "B", "e5": "(bB)", "e6": "r"})
    sw, e5, e6, e7 = (BOARD.index(n) for n in ("SW", "e5", "e6", "e7"))
    assert G.explain_illegal(s, "e5-e6") == reason("not-a-move")  # type: ignore[arg-type]
    assert G.explain_illegal(s, Move(999, "", (e6,))) == reason("off-board")
    assert G.explain_illegal(s, Move(sw, "", (BOARD.index("c1"),))) == reason(
        "pole-unit", **{"from": From(pole("SW"))})
    assert G.explain_illegal(s, Move(e5, "+", (BOARD.index("e4"),))) == reason(
        "unit", cell=Cell("e5"))
    assert G.explain_illegal(s, Move(e5, "", (e7,), ((e6, (e5,)),))) == reason("not-a-pole")
    assert G.explain_illegal(s, Move(e5, "", ())) == Message.of("illegal.not-legal",
                                                                who=Who("blue"))


def test_a_four_player_capture_of_a_partner_colour_is_refused_with_the_rule():
    s = position({"e5": "(bB)", "e6": "y"}, variant="four-player")
    assert refused(s, "e5:e7 xe6>NE") == reason(
        "not-foe", who=Who("blue"), owner=Who("yellow"), foes=(Who("red"),))


def test_every_refusal_template_is_used():
    used = {f"plimus.illegal.{key}" for *_, key, _ in REFUSED}
    used |= {f"plimus.illegal.{k}" for k in ("blank-first", "blank-circle", "no-blank",
                                             "blank-placed", "blank-moves", "jump-blank",
                                             "not-a-move", "off-board", "pole-unit", "unit",
                                             "not-a-pole", "not-foe")}
    assert used == set(REFUSALS)


# ---- readings of the board that are no move --------------------------------------------------


def reading(stones: dict[str, str], lifted: str, placed: str, **kw: Any) -> Message | None:
    return G.explain_reading(position(stones, **kw), frozenset(lifted.split()),
                             frozenset(placed.split()))


@pytest.mark.parametrize("stones, lifted, placed, key, params", [
    # A step to a field that is not next to it, by no jump either.
    ({"e5": "B"}, "e5", "g8", "not-next", {"from": Cell("e5"), "to": Cell("g8")}),
    # A jump over an empty field, over a stone of the same sign.
    ({"e5": "B"}, "e5", "e7", "jump-empty", {"over": Cell("e6")}),
    ({"e5": "B", "e6": "B"}, "e5", "e7", "same-sign", {"over": Cell("e6")}),
    # A jump or a step that lands on a stone (it shows the other sign now).
    ({"e5": "B", "e6": "r", "e7": "r"}, "e5", "e7", "taken", {"cell": Cell("e7")}),
    ({"e5": "B", "e6": "r"}, "e5", "e6", "taken", {"cell": Cell("e6")}),
    ({"e5": "B", "e6": "(Bb)"}, "e5", "e6", "taken", {"cell": Cell("e6")}),
    # The upper stone of a double split off onto a stone: the double shows its lower stone.
    ({"e5": "(bB)", "e6": "r"}, "", "e5 e6", "taken", {"cell": Cell("e6")}),
    # A single stone capturing: only a double captures.
    ({"e5": "B", "e6": "r"}, "e5 e6", "e7", "single-captures", {}),
    # Moving another team's stone.
    ({"e5": "B", "e6": "r"}, "e6", "e7", "other-team",
     {"cell": Cell("e6"), "owner": Who("red"), "who": Who("blue")}),
    # A capture on a start field, in a pole.
    ({"d3": "(bB)", "d2": "r"}, "d2 d3", "d1", "capture-start", {"cell": Cell("d2")}),
    ({"e5": "(bB)", "NE": "r"}, "e5 NE", "e7", "capture-in-pole", {}),
])
def test_a_mistaken_reading_is_told_why(stones, lifted, placed, key, params):
    why = reading(stones, lifted, placed)
    assert why == reason(key, **params)
    assert english(why, G)


def test_readings_of_the_blank_stone_and_of_the_four_player_game():
    assert reading({"c5": "*", "c4": "B"}, "c5", "c6", variant="two-player-extended") == (
        reason("blank-moves", cell=Cell("c5")))
    start = G.setup("two-player-extended")
    circles = (Cell("c5"), Cell("h6"))
    assert G.explain_reading(start, frozenset(), frozenset({"e5"})) == reason(
        "blank-circle", cells=circles)
    assert G.explain_reading(start, frozenset({"c2"}), frozenset({"c3"})) == reason(
        "blank-first", who=Who("blue"), cells=circles)
    assert G.explain_reading(start, frozenset(), frozenset({"c5"})) is None  # legal
    assert reading({"e5": "(bB)", "e6": "y"}, "e5 e6", "e7", variant="four-player") == (
        reason("not-foe", who=Who("blue"), owner=Who("yellow"), foes=(Who("red"),)))


@pytest.mark.parametrize("stones, lifted, placed", [
    ({"e5": "B"}, "e5", ""),                            # in the hand, or into a pole
    ({"e5": "B"}, "e5", "e6"),                          # a legal step
    ({"e5": "(bB)"}, "", "e5"),                         # the upper stone in the hand
    ({"c3": "B", "c4": "r", "c6": "r"}, "c3", "c7"),    # a legal multi-jump, whole
    ({"e5": "(bB)", "e6": "r"}, "e5 e6", "e7"),         # a legal capture
    ({"e5": "B", "f5": "B"}, "e5 f5", "e6 f6"),         # two stones moved: no one move
    ({"e5": "B"}, "e5", "zz9"),                         # no field of the board
])
def test_a_reading_that_is_a_move_or_tells_nothing_gets_no_reason(stones, lifted, placed):
    assert reading(stones, lifted, placed) is None


# ---- ends and the result field ---------------------------------------------------------------


def test_the_ends_are_typed_and_said():
    red_area = {"c9": "B", "d9": "b", "e9": "B", "f9": "b", "g9": "B", "h9": "",
                "c10": "b", "d10": "B", "e10": "b", "f10": "B", "g10": "b", "h10": "B",
                "h8": "b", "e5": "r"}
    won = G.apply(position(red_area), G.parse_move(position(red_area), "h8-h9"))
    outcome = G.outcome(won)
    assert outcome is not None and outcome.said == Message.of(
        "end.formed-up", who=Who("blue"), target=Who("red"))
    drawn = G.outcome(position({"e5": "B"}, quiet=200))
    assert drawn is not None and drawn.said == Message.of("end.no-capture", n=200)
    for o in (outcome, drawn):
        assert english(o.said, G) and o.said.key in ENDS
        assert type(o).from_json(json.loads(json.dumps(o.to_json()))) == o


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("end, field, termination", [
    (TimeForfeit, "time", Termination.TIME), (Resign, "resigned", Termination.RESIGNED)])
def test_a_game_the_players_ended_reads_back_from_its_text(variant, end, field, termination):
    s = G.setup(variant)
    seats = G.seats(s)
    loser = seats[-1]
    over = G.apply(s, end(loser))
    text = G.position_text(over)
    assert text.endswith(f" {field}:{loser}")
    back = G.parse_position(text, variant)
    assert back == over
    outcome = G.outcome(back)
    assert outcome is not None and outcome.termination is termination
    assert set(outcome.winners) == set(seats) - {loser}
    assert dict(outcome.params) == {"who": Who(loser)}


def test_an_agreed_draw_reads_back_and_a_result_of_no_seat_is_refused():
    from controller.errors import ParseError

    over = G.apply(G.setup(), AgreeDraw())
    assert G.position_text(over).endswith(" blue 0 draw")
    assert G.parse_position(G.position_text(over)) == over
    with pytest.raises(ParseError, match="'out' is not a seat"):
        G.parse_position(G.position_text(G.setup()) + " time:out")


# ---- places and facets -----------------------------------------------------------------------


def test_every_place_is_typed():
    geo = G.geometry("four-player")
    for name in geo.cells:
        assert G.place(name) == Cell(name)
    assert [G.place(z) for z in geo.zones] == [pole(n) for n in ("SW", "SE", "NW", "NE")]


def test_a_builders_poles_not_named_by_compass_points_are_numbered():
    from dataclasses import replace

    from controller.rules.plimus.board import default_board

    b = default_board()
    own = replace(b, names=b.names[:b.cells] + ("P1", "P2", "P3", "P4"))
    assert Plimus(board=own).place("P3") == Zone("pole", number=3)


def test_the_phone_says_the_poles_of_a_capture_as_places():
    assert G.facet_said("pole e6", "NE") == pole("NE")
    assert G.facet_said("enters", "SW") == pole("SW")
    assert G.facet_said("pole e6", "NE/SW") == Message.of(
        "plimus.facet.split", upper=To(pole("NE")), lower=To(pole("SW")))
    assert G.facet_said("pole e6", "SE/SE") == Message.of("plimus.facet.both",
                                                          to=To(pole("SE")))
    for value in ("NE", "NE/SW", "SE/SE"):
        assert word(G.facet_said("pole e6", value), Plain(G))


# ---- everything can be said -----------------------------------------------------------------

UNFILLED = re.compile(r"%\(|%s")


@pytest.mark.parametrize("variant", VARIANTS)
def test_hundreds_of_random_moves_are_said(variant):
    rng = random.Random(variant)
    count = 0
    for seed in range(12):
        state = (scattered(seed, variant) if seed % 2 else
                 played(G, variant, seed, rng.randrange(0, 200))[0])
        moves = list(G.legal_moves(state))
        for m in rng.sample(moves, min(len(moves), 30)):
            text = english(G.describe(state, m), G)
            assert text and not UNFILLED.search(text), (G.move_text(m), text)
            count += 1
    assert count >= 100


FAST = settings(max_examples=150, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.filter_too_much])
positions = st.builds(scattered, st.integers(0, 2**32), st.sampled_from(VARIANTS))


@FAST
@given(positions, st.data())
def test_random_illegal_moves_are_refused_with_a_sentence(state, data):
    m = data.draw(arbitrary_moves(state))
    if m in G.legal_moves(state):
        return
    why = G.explain_illegal(state, m)
    assert why.key.startswith(("plimus.illegal.", "illegal."))
    text = english(why, G)
    assert text and not UNFILLED.search(text), (m, text)


@FAST
@given(positions, st.data())
def test_random_readings_are_explained_with_a_sentence_or_not_at_all(state, data):
    names = BOARD.names[:BOARD.cells]
    lifted = data.draw(st.frozensets(st.sampled_from(names), max_size=3))
    placed = data.draw(st.frozensets(st.sampled_from(names), max_size=2))
    why = G.explain_reading(state, lifted, placed - lifted)
    if why is not None:
        text = english(why, G)
        assert text and not UNFILLED.search(text), (lifted, placed, text)


# ---- the templates -------------------------------------------------------------------------

TRANSLATIONS = Path("/tmp/tr/plimus.json")


def test_templates_are_marked_sentences_with_names_for_their_placeholders():
    for key, template in WORDS.items():
        texts = template if isinstance(template, tuple) else (template,)
        for text in texts:
            assert text == text.strip() and "%s" not in text, key
        if isinstance(template, tuple):
            assert len(template) == 2, key


@pytest.mark.skipif(not TRANSLATIONS.exists(), reason="the translations are merged already")
def test_every_template_has_german_and_french_with_its_placeholders():
    found = json.loads(TRANSLATIONS.read_text(encoding="utf-8"))
    names = re.compile(r"%\((\w+)\)s")
    for template in WORDS.values():
        one = template[0] if isinstance(template, tuple) else template
        assert one in found, one
        wanted = set(names.findall(" ".join(template) if isinstance(template, tuple)
                                   else template))
        for lang in ("de", "fr"):
            said_ = found[one][lang]
            forms = said_ if isinstance(said_, list) else [said_]
            assert len(forms) == (2 if isinstance(template, tuple) else 1), (one, lang)
            got = set(names.findall(" ".join(forms)))
            assert got <= wanted and (got == wanted or isinstance(template, tuple)), (
                one, lang, got, wanted)
