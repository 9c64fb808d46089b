"""What the core says: messages with typed parameters, their JSON read back checked, and the
one template filler (``controller.said``)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.rules import GAMES
from controller.rules.base import Outcome, Termination
from controller.said import (
    MOST_DEPTH,
    Card,
    Cell,
    From,
    Message,
    Piece,
    Plain,
    To,
    Who,
    Zone,
    english,
    value_from_json,
    word,
)

ABALONE = GAMES["abalone"]

LEAVES = st.one_of(
    st.builds(Who, st.sampled_from(["b", "w", "green-1"])),
    st.builds(Piece, st.sampled_from(["b", "w"]), st.integers(0, 14)),
    st.builds(Cell, st.sampled_from(["A1", "b2"]), st.none() | st.integers(0, 3)),
    st.builds(Zone, st.sampled_from(["tray", "reserve", "pile", "used", "pole"]),
              st.none() | st.sampled_from(["b", "w"]), st.none() | st.just("1"),
              st.none() | st.integers(1, 3), st.none() | st.sampled_from(["NE", "SW"])),
    st.builds(To, st.builds(Cell, st.just("C3"))),
    st.builds(From, st.builds(Zone, st.just("tray"), st.just("b"))),
    st.builds(Card, st.sampled_from(["10", "Q", "A"]), st.sampled_from(["C", "H"])),
    st.integers(-5, 500), st.text("abc", max_size=5), st.none(), st.booleans(),
)


def values(levels: int) -> st.SearchStrategy:
    """Parameter values nested at most ``levels`` lists or messages deep (a typed value adds
    two more at most: a ``To`` holds a ``Cell``), so that the reader's depth limit is not met."""
    if levels == 0:
        return LEAVES
    inner = values(levels - 1)
    return st.one_of(
        LEAVES, st.lists(inner, max_size=3).map(tuple),
        st.builds(lambda k, v: Message.of(k, x=v), st.sampled_from(["a.b", "c-d.e"]), inner))


VALUES = values(6)


@given(st.dictionaries(st.sampled_from(["a", "b_c", "n"]), VALUES, max_size=3))
def test_a_message_reads_back_from_its_json_as_it_was(params):
    message = Message.of("game.kind", **params)
    text = json.dumps(message.to_json())
    assert Message.from_json(json.loads(text)) == message


def test_a_message_nested_deeper_than_the_reader_takes_is_refused_saying_so():
    value: object = 1
    for _ in range(MOST_DEPTH):
        value = (value,)
    Message.from_json(Message.of("a.b", x=value[0]).to_json())   # MOST_DEPTH deep: read
    with pytest.raises(ValueError, match=f"nested more than {MOST_DEPTH} deep"):
        Message.from_json(Message.of("a.b", x=value).to_json())


@pytest.mark.parametrize(("data", "words"), [
    ("nothing", "an object with 'key' and 'params'"),
    ({"key": "Bad Key"}, "dotted lowercase name"),
    ({"key": "a.b", "params": {"x": {"type": "bomb"}}}, "is no type of parameter"),
    ({"key": "a.b", "params": {"x": {"type": "who", "seat": ""}}}, "does not fit its type"),
    ({"key": "a.b", "params": {"x": {"type": "card", "value": "X", "suit": "C"}}},
     "does not fit its type"),
    ({"key": "a.b", "params": {"x": {"type": "zone", "kind": "attic"}}}, "does not fit"),
    ({"key": "a.b", "params": {"x": {"type": "who", "seat": "b", "more": 1}}}, "has no 'more'"),
    ({"key": "a.b", "params": {"X Y": 1}}, "has a parameter named"),
    ({"key": "a.b", "params": {"x": "y" * 300}}, "at most 200 printable"),
    ({"key": "a.b", "params": {"x": "\x00"}}, "printable"),
    ({"key": "a.b", "params": {"x": list(range(500))}}, "more than 200 items"),
    ({"key": "a.b", "params": {"x": 10**12}}, "out of range"),
    ({"key": "a.b", "params": {"x": 1.5}}, "float is no parameter value"),
])
def test_json_that_does_not_fit_is_refused_saying_why(data, words):
    with pytest.raises(ValueError, match=words):
        Message.from_json(data)


def test_nesting_deeper_than_the_limit_is_refused_and_the_games_stay_within_it():
    deep: object = "x"
    for _ in range(MOST_DEPTH + 1):
        deep = [deep]
    with pytest.raises(ValueError, match="nested more than"):
        Message.from_json({"key": "a.b", "params": {"x": deep}})
    # A move a phone chooses between (a prompt: moves, a description, its parts, places)
    # reads back: the limit leaves room for the deepest the games say.
    prompt = Message.of("choose.which", moves=(Message.of("r.a", what=(Message.of(
        "r.p", to=(To(Cell("a1")),)),)),))
    assert Message.from_json(json.loads(json.dumps(prompt.to_json()))) == prompt


def test_typed_values_are_said_in_plain_english_with_the_games_names():
    assert english(Message.of("step.take", piece=Piece("b"), **{"from": From(Cell("C3"))}),
                   ABALONE) == "black marble off C3"
    assert english(Message.of("step.put", piece=Piece("w", 2), to=To(Zone("tray", "w"))),
                   ABALONE) == "2 white marbles into White's tray"
    assert english(Message.of("place.cell", cell=Cell("b2", 1)), ABALONE) == "b2 on level 2"
    assert english(Message.of("place.cell", cell=Zone("pole", name="NE")), ABALONE) \
        == "the north-east pole"
    assert english(Message.of("place.cell", cell=Zone("pole", number=3)), ABALONE) == "pole 3"
    assert english(Message.of("place.cell", cell=Card("10", "H")), ABALONE) == "10♥"


def test_destinations_say_the_boards_cells_together_and_each_other_place_alone():
    places = (To(Cell("C3")), To(Zone("tray", "w")), To(Cell("D4")), To(Cell("b2", 0)))
    said = word(places, Plain(ABALONE))
    assert said == "on C3 and D4, into White's tray and on b2 of level 1"


def test_a_template_without_words_is_an_error_not_a_code_on_a_page():
    with pytest.raises(KeyError, match=r"no words for 'nobody\.says-this'"):
        english(Message.of("nobody.says-this"), ABALONE)


def test_an_outcome_reads_back_from_its_json_and_refuses_one_that_does_not_fit():
    outcome = Outcome.of(("b",), Termination.RESIGNED, who=Who("w"))
    assert Outcome.from_json(json.loads(json.dumps(outcome.to_json()))) == outcome
    assert english(outcome.said, ABALONE) == "White resigned"
    for bad, words in [({"winners": "b", "termination": "agreed"}, "winners"),
                       ({"winners": [], "termination": "sudden-death"}, "is no termination"),
                       ({"winners": [], "termination": "agreed",
                         "said": {"key": "end.time"}}, "is said as end.agreed")]:
        with pytest.raises(ValueError, match=words):
            Outcome.from_json(bad)


def test_a_parameter_reads_back_alone():
    assert value_from_json({"type": "card", "value": "Q", "suit": "S"}) == Card("Q", "S")
    assert value_from_json([{"type": "who", "seat": "b"}, 3]) == (Who("b"), 3)
