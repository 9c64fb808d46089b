"""What Crosswise says as data: moves described, places named, refusals and readings explained,
ends typed; and that every one of them can be said (keys and parameters, never English of the
core, except that a sentence comes out at all)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.errors import IllegalMoveError
from controller.rules.base import Outcome, Termination, TimeForfeit
from controller.rules.crosswise import CROSSWISE as G
from controller.rules.crosswise import Lay, Pass, Remove, Replace, Shift, Swap
from controller.rules.crosswise.tiles import CELL_INDEX
from controller.rules.words import WORDS as SHARED
from controller.said import Cell, Message, Piece, Template, To, Who, Zone, english
from tests.controller.rules.crosswise_positions import arbitrary_moves, play, position
from tests.controller.rules.random_play import played

A1_3_B2_5 = "....../....../....../....../.5..../3....."
VARIANTS = list(G.variants)


def c(name: str) -> int:
    return CELL_INDEX[name]


def slot(kind: str, number: int) -> Zone:
    return Zone("used", piece=kind, number=number)


def said(message: Message) -> str:
    """``message`` in English: a sentence, every placeholder filled."""
    text = english(message, G)
    assert text and "%(" not in text and "%s" not in text, (message, text)
    return text


def keys_of(message: Message) -> set[str]:
    """The keys a message says, its nested messages' included."""
    out = {message.key}
    for _, value in message.params:
        for v in value if isinstance(value, tuple) else (value,):
            if isinstance(v, Message):
                out |= keys_of(v)
    return out


# ---- the words themselves ----------------------------------------------------------------------

def placeholders(template: Template) -> set[str]:
    texts = template if isinstance(template, tuple) else (template,)
    return {name for t in texts for name in re.findall(r"%\((\w+)\)s", t)}


def test_every_template_is_marked_text_with_named_placeholders_only():
    assert G.words
    for key, template in G.words.items():
        assert key.startswith(("crosswise.", "end.")), key
        texts = template if isinstance(template, tuple) else (template,)
        for text in texts:
            assert text.strip() and "%s" not in text and not re.search(r"%[^(%]", text), key
        if isinstance(template, tuple):
            assert len(template) == 2, key


def test_the_game_gives_words_to_its_own_ends_only():
    own_ends = {k for k in G.words if k.startswith("end.")}
    assert own_ends == {"end.six-in-a-line", "end.board-full", "end.blocked"}
    assert not own_ends & set(SHARED)


# ---- places -----------------------------------------------------------------------------------

def test_every_position_is_a_place_players_name():
    geo = G.geometry()
    places = {p: G.place(p) for p in geo.positions}
    assert places["a1"] == Cell("a1") and places["f6"] == Cell("f6")
    assert places["supply-3"] == Zone("pile", piece="3")
    assert places["supply-swap"] == Zone("pile", piece="swap")
    assert places["used-move-1"] == Zone("used", piece="move", number=1)
    assert places["used-replace-3"] == Zone("used", piece="replace", number=3)
    kinds = Counter(p.kind if isinstance(p, Zone) else "cell" for p in places.values())
    assert kinds == {"cell": 36, "used": 12, "pile": 10}
    assert len(set(places.values())) == len(places)          # no two positions alike
    for place in places.values():
        text = said(Message.of("step.put", piece=Piece("1"), to=To(place)))
        assert "supply" not in text and "used-" not in text


# ---- descriptions -----------------------------------------------------------------------------

def test_a_lay_says_the_tile_and_the_cell():
    s = position(A1_3_B2_5, hands=("1234", "5566"))
    assert G.describe(s, Lay(3, c("c1"))) == Message.of(
        "crosswise.lay", piece=Piece("3"), cell=Cell("c1"))


def test_a_move_says_the_tile_moved_and_the_move_tile_on_its_place():
    s = position(A1_3_B2_5, hands=("123M", "5566"), used="M")
    assert G.describe(s, Shift(c("a1"), c("c3"))) == Message.of(
        "crosswise.move", piece=Piece("3"), cell=Cell("a1"), target=Cell("c3"),
        action=Piece("move"), slot=slot("move", 2))


def test_a_remove_says_the_tile_taken_off():
    s = position(A1_3_B2_5, hands=("123R", "5566"), used="RR")
    assert G.describe(s, Remove(c("b2"))) == Message.of(
        "crosswise.remove", piece=Piece("5"), cell=Cell("b2"), action=Piece("remove"),
        slot=slot("remove", 3))


def test_a_replace_says_the_tile_laid_and_the_tile_it_replaced():
    s = position(A1_3_B2_5, hands=("124X", "5566"))
    assert G.describe(s, Replace(c("a1"), 2)) == Message.of(
        "crosswise.replace", piece=Piece("2"), replaced=Piece("3"), cell=Cell("a1"),
        action=Piece("replace"), slot=slot("replace", 1))


def test_a_swap_says_both_tiles_and_their_cells():
    s = position(A1_3_B2_5, hands=("124S", "5566"), used="MS")
    assert G.describe(s, Swap(c("a1"), c("b2"))) == Message.of(
        "crosswise.swap", piece=Piece("3"), cell=Cell("a1"), other_piece=Piece("5"),
        other=Cell("b2"), action=Piece("swap"), slot=slot("swap", 2))


def test_a_pass_says_so():
    s = position(hands=("MRXS", "1234"))
    assert G.describe(s, Pass()) == Message.of("crosswise.pass")


def test_the_shared_moves_are_described_by_the_base():
    s = G.setup("four-player", seed=2)
    assert G.description(s, TimeForfeit("orange-1")) == Message.of(
        "move.time", who=Who("orange-1"))


def test_descriptions_say_the_cells_by_their_printed_names_and_no_move_text():
    s = position(A1_3_B2_5, hands=("124X", "5566"))
    text = said(G.describe(s, Replace(c("a1"), 2)))
    assert "a1" in text and "replace a1 2" not in text
    text = said(G.describe(s, Lay(4, c("c3"))))
    assert "c3" in text and "4c3" not in text


def tiles_named(message: Message) -> Counter[str]:
    return Counter(v.kind for _, v in message.params if isinstance(v, Piece))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.integers(0, 60))
def test_a_description_names_only_tiles_the_table_sees(variant, seed, plies):
    """Every symbol tile a description names stands on the board before the move or after
    it (public); the hands are never named."""
    state, rng = played(G, variant, seed, plies, dealt=True)
    if G.outcome(state) is not None:
        return
    for move in rng.sample(list(G.legal_moves(state)), min(20, len(G.legal_moves(state)))):
        message = G.describe(state, move)
        after = G.play(state, move)
        seen = Counter(str(v) for v in state.board if v) | Counter(
            str(v) for v in after.board if v)
        for kind in tiles_named(message):
            if kind.isdigit():
                assert seen[kind] >= 1, (G.move_text(move), message)
        assert message.key.startswith("crosswise.") and message.key in G.words
        assert Message.from_json(message.to_json()) == message
        said(message)


def test_a_few_hundred_random_moves_read_as_sentences():
    rng = random.Random(27)
    count = 0
    for seed in range(12):
        state = G.setup(VARIANTS[seed % 3], seed=seed)
        while G.outcome(state) is None:
            move = rng.choice(G.legal_moves(state))
            text = said(G.describe(state, move))
            assert G.move_text(move) not in text or isinstance(move, Pass)
            count += 1
            state = G.apply(state, move)
        said(G.outcome(state).said)
    assert count > 300


# ---- refusals ---------------------------------------------------------------------------------

def refused(state, move) -> Message:
    with pytest.raises(IllegalMoveError) as caught:
        G.apply(state, move)
    reason = caught.value.reason
    assert str(caught.value) == said(reason)
    return reason


def test_each_refusal_has_its_reason():
    s = position(A1_3_B2_5, hands=("12MS", "5566"))
    assert refused(s, Swap(c("a1"), c("a1"))) == Message.of("crosswise.illegal.swap-same")
    assert refused(s, Swap(c("b2"), c("a1"))) == Message.of("crosswise.illegal.swap-order")
    assert refused(s, Lay(4, c("c3"))) == Message.of(
        "crosswise.illegal.not-in-hand", piece=Piece("4"))
    assert refused(s, Remove(c("a1"))) == Message.of(
        "crosswise.illegal.not-in-hand", piece=Piece("remove"))
    assert refused(s, Lay(1, c("b2"))) == Message.of(
        "crosswise.illegal.occupied", cell=Cell("b2"))
    assert refused(s, Shift(c("a1"), c("b2"))) == Message.of(
        "crosswise.illegal.target-occupied", cell=Cell("b2"))
    assert refused(s, Shift(c("c3"), c("d4"))) == Message.of(
        "crosswise.illegal.empty", cells=(Cell("c3"),), n=1)
    assert refused(s, Swap(c("c3"), c("d4"))) == Message.of(
        "crosswise.illegal.empty", cells=(Cell("c3"), Cell("d4")), n=2)
    assert refused(s, Pass()) == Message.of("crosswise.illegal.must-play")
    assert refused(s, Lay(0, c("c3"))) == Message.of("crosswise.illegal.no-symbol")
    assert refused(s, Remove(36)) == Message.of("crosswise.illegal.off-board")
    assert refused(s, "3c3") == Message.of("crosswise.illegal.not-a-move")


def test_a_refusal_names_the_movers_hand_only():
    s = position(A1_3_B2_5, hands=("12MS", "5566"))
    reason = refused(s, Lay(5, c("c3")))            # orange holds 5s; green does not
    assert reason == Message.of("crosswise.illegal.not-in-hand", piece=Piece("5"))
    assert "orange" not in said(reason).lower()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.integers(0, 40), st.data())
def test_illegal_moves_read_as_sentences(variant, seed, plies, data):
    state, _ = played(G, variant, seed, plies, dealt=True)
    if G.outcome(state) is not None:
        return
    legal = set(G.legal_moves(state))
    for _ in range(10):
        move = data.draw(arbitrary_moves(state))
        if move in legal:
            continue
        reason = G.explain_illegal(state, move)
        assert reason.key in G.words or reason.key in SHARED
        said(reason)


# ---- readings of the board ---------------------------------------------------------------------

def read(state, lifted=(), placed=()):
    reason = G.explain_reading(state, frozenset(lifted), frozenset(placed))
    if reason is not None:
        said(reason)
    return reason


def presence(state, move) -> tuple[frozenset[str], frozenset[str]]:
    """What presence sensors read of ``move``: the sensed positions (cells and slots) a tile
    left, and those a tile came on."""
    sensed = set(G.geometry().cells)
    changes = [ch for ch in G.effect(state, move).changes if ch.position in sensed]
    return (frozenset(ch.position for ch in changes if ch.before and not ch.after),
            frozenset(ch.position for ch in changes if ch.after and not ch.before))


def test_a_tile_taken_off_without_a_remove_tile():
    s = position(A1_3_B2_5, hands=("12RS", "5566"))
    assert read(s, lifted={"a1"}) == Message.of(
        "crosswise.illegal.unplayed-remove", to=To(slot("remove", 1)))


def test_a_tile_moved_without_a_move_tile():
    s = position(A1_3_B2_5, hands=("12RS", "5566"), used="M")
    assert read(s, lifted={"a1"}, placed={"c3"}) == Message.of(
        "crosswise.illegal.unplayed-move", to=To(slot("move", 2)))


def test_a_tile_moved_when_every_move_tile_is_played():
    s = position(A1_3_B2_5, hands=("12RS", "5566"), used="MMM")
    assert read(s, lifted={"a1"}, placed={"c3"}) == Message.of(
        "crosswise.illegal.none-left", piece=Piece("move", 3))


def test_tiles_exchanged_without_their_action_tile_when_the_board_tells_touches():
    s = position(A1_3_B2_5, hands=("12RS", "5566"))
    assert read(s, lifted={"a1"}, placed={"a1"}) == Message.of(
        "crosswise.illegal.unplayed-replace", to=To(slot("replace", 1)))
    assert read(s, lifted={"a1", "b2"}, placed={"a1", "b2"}) == Message.of(
        "crosswise.illegal.unplayed-swap", to=To(slot("swap", 1)))


def test_two_tiles_laid_at_once():
    s = position(A1_3_B2_5, hands=("1234", "5566"))
    assert read(s, placed={"c3", "d4"}) == Message.of(
        "crosswise.illegal.one-tile", cells=(Cell("c3"), Cell("d4")))


def test_tiles_lifted_that_no_action_allows():
    s = position(A1_3_B2_5, hands=("1234", "5566"))
    assert read(s, lifted={"a1", "b2"}) == Message.of(
        "crosswise.illegal.lifted", cells=(Cell("a1"), Cell("b2")), n=2)
    assert read(s, lifted={"a1"}, placed={"c3", "d4"}) == Message.of(
        "crosswise.illegal.lifted", cells=(Cell("a1"),), n=1)


def test_an_action_tile_that_does_not_fit_what_the_board_shows():
    s = position(A1_3_B2_5, hands=("1234", "5566"))
    assert read(s, lifted={"a1"}, placed={"used-remove-1", "c3"}) == Message.of(
        "crosswise.illegal.remove-shape")
    assert read(s, lifted={"a1", "b2"}, placed={"used-move-1", "c3"}) == Message.of(
        "crosswise.illegal.move-shape")
    assert read(s, placed={"used-move-1", "c3"}) == Message.of("crosswise.illegal.move-shape")
    assert read(s, lifted={"a1"}, placed={"used-replace-1"}) == Message.of(
        "crosswise.illegal.replace-shape")
    assert read(s, lifted={"a1"}, placed={"used-swap-1", "c3"}) == Message.of(
        "crosswise.illegal.swap-shape")


def test_an_action_tile_on_the_wrong_place_or_two_of_them():
    s = position(A1_3_B2_5, hands=("1234", "5566"), used="M")
    assert read(s, lifted={"a1"}, placed={"used-move-3", "c3"}) == Message.of(
        "crosswise.illegal.wrong-slot", piece=Piece("move"), to=To(slot("move", 2)))
    assert read(s, lifted={"a1"}, placed={"used-move-2", "used-remove-1"}) == Message.of(
        "crosswise.illegal.two-actions", slots=(slot("move", 2), slot("remove", 1)))


def test_a_played_action_tile_lifted_again():
    s = position(A1_3_B2_5, hands=("1234", "5566"), used="MS")
    assert read(s, lifted={"used-swap-1"}) == Message.of(
        "crosswise.illegal.slot-lifted", piece=Piece("swap"), to=To(slot("swap", 1)))


def test_an_action_tile_that_needs_more_tiles_on_the_board():
    s = position("....../....../....../....../....../3.....", hands=("1234", "5566"))
    assert read(s, placed={"used-swap-1"}) == Message.of(
        "crosswise.illegal.too-few", piece=Piece("swap"), n=2)
    empty = position(hands=("1234", "5566"))
    assert read(empty, placed={"used-replace-1"}) == Message.of(
        "crosswise.illegal.too-few", piece=Piece("replace"), n=1)


def test_a_reading_some_hand_could_make_is_not_explained():
    """The table does not know the hand: a lay, or an action played as the board shows it,
    is left to the session's own words even when this hand cannot make it."""
    s = position(A1_3_B2_5, hands=("MMRR", "5566"))       # green holds no symbol, no swap
    assert read(s, placed={"c3"}) is None
    assert read(s, placed={"used-swap-1"}) is None
    assert read(s, lifted={"a1"}, placed={"used-move-1", "c3"}) is None
    assert read(s) is None


def test_a_reading_after_the_end_says_the_game_is_over():
    s = play(position("....../....../66666./....../....../......", hands=("1234", "6123"),
                      to_move="orange"), "6f4")
    assert read(s, placed={"a1"}) == Message.of("illegal.game-over")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.integers(0, 60))
def test_every_public_move_read_by_presence_is_not_refused(variant, seed, plies):
    state, _ = played(G, variant, seed, plies, dealt=True)
    if G.outcome(state) is not None:
        return
    for move in G.public_moves(state)[:400]:
        assert read(state, *presence(state, move)) is None, G.move_text(move)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.integers(0, 60), st.data())
def test_any_reading_is_explained_publicly_or_not_at_all(variant, seed, plies, data):
    """Random readings: a reason of the table's (never what a hand holds), in words."""
    state, _ = played(G, variant, seed, plies, dealt=True)
    sensed = list(G.geometry().cells)
    lifted = data.draw(st.sets(st.sampled_from(sensed), max_size=4))
    placed = data.draw(st.sets(st.sampled_from(sensed), max_size=4))
    reason = read(state, lifted, placed)
    if reason is not None:
        assert reason.key != "crosswise.illegal.not-in-hand"
        assert reason.key in G.words or reason.key in SHARED


# ---- outcomes ---------------------------------------------------------------------------------

def test_the_ends_read_as_sentences():
    six = G.outcome(play(position("....../....../66666./....../....../......",
                                  hands=("1234", "6123"), to_move="orange"), "6f4"))
    assert six.said.key == "end.six-in-a-line"
    assert keys_of(six.said) == {"end.six-in-a-line", "crosswise.row"}
    assert "4" in said(six.said)
    full = Outcome.of(("green",), Termination.BOARD_FULL, green=24, orange=22)
    assert {"24", "22"} <= set(re.findall(r"\d+", said(full.said)))
    said(Outcome.of((), Termination.BLOCKED, green=0, orange=0).said)
    assert Outcome.from_json(six.to_json()) == six
