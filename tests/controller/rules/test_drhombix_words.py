"""What DRHOMBIX says, as data: every move kind's description (key and typed parameters), the
places beside and on the pyramid, why a reading of the board is no move, and that all of it
can be put in words (random moves, random refusals, random readings)."""

from __future__ import annotations

import random
import re

import pytest

from controller.errors import IllegalMoveError
from controller.rules.drhombix import DRHOMBIX as G
from controller.rules.drhombix import Place, Raise, Remove
from controller.rules.drhombix.board import board
from controller.rules.words import WORDS as SHARED
from controller.said import Cell, From, Message, Piece, Plain, To, Who, Zone, english, word
from tests.controller.rules.drhombix_positions import C, Cs, illegal, play, position

VARIANTS = list(G.variants)
BASE_3X3 = "0a1 0b1 0c1 0a2 0b2 0c2 0a3 0b3 0c3"


def desc(state, text: str) -> Message:
    return G.describe(state, G.parse_move(state, text))


def took_sandwich(pieces: str, colour: str) -> Message:
    cells = Cs(pieces)
    return Message.of("drhombix.took.sandwich", n=len(cells), piece=Piece(colour, len(cells)),
                      **{"from": tuple(From(c) for c in cells)})


def took_nest(piece: str, colour: str) -> Message:
    return Message.of("drhombix.took.nest", piece=Piece(colour), **{"from": From(C(piece))})


def moved(key: str, source: Cell | Zone, target: str, *took: Message) -> Message:
    where: dict[str, object] = (
        {"source": source, "target": C(target)} if key == "drhombix.raise"
        else {"from": From(source), "to": To(C(target))})
    if took:
        return Message.of(f"{key}.taking", took=took, **where)
    return Message.of(key, **where)


# ---- descriptions ------------------------------------------------------------------------------


def test_a_placement_says_the_reserve_it_comes_from_and_where_it_goes():
    assert desc(G.setup(), "+0b2") == moved("drhombix.place", Zone("reserve", owner="w"), "0b2")
    s = play(G.setup(), "+0b2")
    assert desc(s, "+0a1") == moved("drhombix.place", Zone("reserve", owner="b"), "0a1")


def test_a_placement_says_the_piece_its_sandwich_takes():
    s = position({"0a1": "w", "0b1": "b"}, reserves=(14, 14))
    assert desc(s, "+0c1") == moved("drhombix.place", Zone("reserve", owner="w"), "0c1",
                                    took_sandwich("0b1", "b"))


def test_a_placement_says_every_sandwich_it_closes():
    s = position({"0d2 0b4": "w", "0c2 0b3": "b"}, reserves=(13, 13))
    assert desc(s, "+0b2") == moved("drhombix.place", Zone("reserve", owner="w"), "0b2",
                                    took_sandwich("0c2 0b3", "b"))


def test_a_placement_says_its_nest_capture():
    s = position({"0a1 0b1 0a2": "w", "0c2 0d2 0c3 0d3 1c2 0d4": "b"})
    assert desc(s, "+0b2x1c2") == moved("drhombix.place", Zone("reserve", owner="w"), "0b2",
                                        took_nest("1c2", "b"))


def test_a_placement_says_its_sandwich_and_then_its_nest():
    s = position({"0a1 0d1 0c2 0d2": "w", "0b1 0a4": "b"}, reserves=(11, 13))
    assert desc(s, "+0c1x0a4") == moved("drhombix.place", Zone("reserve", owner="w"), "0c1",
                                        took_sandwich("0b1", "b"), took_nest("0a4", "b"))


def test_a_black_placement_takes_white_pieces():
    s = position({"0a1": "b", "0b1": "w"}, to_move="b", reserves=(14, 14))
    assert desc(s, "+0c1") == moved("drhombix.place", Zone("reserve", owner="b"), "0c1",
                                    took_sandwich("0b1", "w"))


def test_a_raise_says_where_from_and_where_to():
    s = position({"0a1 0b1 0a2": "b", "0b2": "w", "0d4": "w"}, reserves=(12, 13))
    assert desc(s, "0d4-1a1") == moved("drhombix.raise", C("0d4"), "1a1")
    assert english(desc(s, "0d4-1a1"), G) == "raised a piece from d4 on level 1 to a1 on level 2"


def test_a_raise_says_its_sandwich():
    base = "0a1 0b1 0c1 0d1 0a2 0b2 0c2 0d2"
    s = position({base: "b", "1a1": "w", "1b1": "b", "0a4": "w"})
    assert desc(s, "0a4-1c1") == moved("drhombix.raise", C("0a4"), "1c1",
                                       took_sandwich("1b1", "b"))


def test_a_raise_says_its_nest_capture():
    # 0d4 rises to 1b2 and completes white's nest 1a1 1b1 1a2 1b2; black's 0d1 is free.
    s = position({BASE_3X3: "b", "1a1 1b1 1a2 0d4": "w", "0d1": "b"})
    assert {G.move_text(m) for m in G.legal_moves(s) if isinstance(m, Raise)
            and m.target == "1b2"} == {"0d4-1b2x0d1"}
    assert desc(s, "0d4-1b2x0d1") == moved("drhombix.raise", C("0d4"), "1b2",
                                           took_nest("0d1", "b"))


def test_the_ant_game_says_the_pieces_taken_off_and_its_raises():
    s = G.setup("ant-square")
    assert desc(s, "x3a1") == Message.of("drhombix.remove", n=1, level=4, cells=(Cell("a1"),))
    s = play(s, "x3a1")
    assert desc(s, "x2a1x2b2") == Message.of("drhombix.remove", n=2, level=3,
                                             cells=(Cell("a1"), Cell("b2")))
    assert english(desc(s, "x2a1x2b2"), G) == "took 2 pieces off a1 and b2 of level 3"
    s = play(play(s, "x2a1x2b2"), "x2b1")
    assert desc(s, "1a1-2a1") == moved("drhombix.raise", C("1a1"), "2a1")


def test_a_resignation_and_a_time_loss_are_said_by_the_shared_words():
    from controller.rules.base import Resign, TimeForfeit
    assert G.description(G.setup(), Resign("b")) == Message.of("move.resign", who=Who("b"))
    assert G.description(G.setup(), TimeForfeit("w")) == Message.of("move.time", who=Who("w"))


# ---- places ------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_position_is_a_place_players_name(variant):
    v = G.variant(variant)
    geo = G.geometry(variant)
    b = board(v.options["board"])
    for pos in geo.cells:
        place = G.place(pos)
        assert place == Cell(pos[1:], level=b.level[b.index[pos]])
    kind = "taken" if v.options["game"] == "ant" else "reserve"
    zones = [G.place(z) for z in geo.zones]
    assert zones == [Zone(kind, owner=seat) for seat in v.seats]
    for pos in geo.positions:
        words = word(G.place(pos), Plain(G))
        assert words and not re.search(r"%\(|reserve-|taken-|\d[a-d]\d", words), words


def test_a_facet_above_the_base_is_said_as_places():
    assert G.facet_said("target", "1b2") == C("1b2")
    assert G.facet_said("removed", "1a1,1b1") == Cs("1a1 1b1")
    assert G.facet_said("removed", "2a1") == Cs("2a1")


# ---- readings of the board ---------------------------------------------------------------------


def reading(state, lifted: str = "", placed: str = "") -> Message | None:
    return G.explain_reading(state, frozenset(lifted.split()), frozenset(placed.split()))


def test_a_piece_put_where_nothing_supports_it():
    s = position({"0a1": "w"})
    assert reading(s, placed="1a1") == illegal("unsupported", cell=C("1a1"),
                                               missing=Cs("0b1 0a2 0b2"))


def test_a_piece_put_down_with_an_empty_reserve():
    s = position({"0a1 0b1 0a2 0b2": "b", "0d4": "w"}, reserves=(0, 25))
    assert reading(s, placed="0c3") == illegal("reserve-empty",
                                               reserve=Zone("reserve", owner="w"))


def test_a_piece_lifted_that_carries_another():
    s = position({"0a1 0b1 0a2": "w", "0b2": "b", "1a1": "b", "0d4": "w"})
    assert reading(s, lifted="0a1") == illegal("not-free", cell=C("0a1"), carried=Cs("1a1"),
                                               n=1)


def test_a_piece_of_the_other_colour_lifted_that_nothing_takes():
    s = position({"0a1": "w", "0d4": "b"})
    assert reading(s, lifted="0d4") == illegal("not-taken", piece=Piece("b"), cell=C("0d4"))
    # Put down a piece elsewhere and lift the other one: still nothing takes it.
    assert reading(s, lifted="0d4", placed="0c1") == illegal("not-taken", piece=Piece("b"),
                                                             cell=C("0d4"))


def test_a_piece_of_the_other_colour_that_a_move_takes_may_come_off():
    # +0c1 sandwiches 0b1: lifting it, before or after placing, may be that move.
    s = position({"0a1": "w", "0b1": "b"})
    assert reading(s, lifted="0b1") is None
    assert reading(s, lifted="0b1", placed="0c1") is None
    # The nest +0b2 takes 0d4 (free) but not 0c2, which carries 1c2.
    nest = position({"0a1 0b1 0a2": "w", "0c2 0d2 0c3 0d3 1c2 0d4": "b"})
    assert reading(nest, lifted="0d4", placed="0b2") is None
    assert reading(nest, lifted="0c2", placed="0b2") == illegal(
        "not-free", cell=C("0c2"), carried=Cs("1c2"), n=1)


def test_a_piece_of_the_other_colour_raised():
    # White's reserve is empty: a piece put down came from the board, and black's is lifted.
    s = position({"0a1 0b1 0a2 0b2": "b", "0d4": "w"}, reserves=(0, 25))
    for lifted, placed in (("0a1", "1a1"), ("0b2", "0c3")):
        assert reading(s, lifted=lifted, placed=placed) == illegal(
            "not-own", cell=C(lifted), owner=Who("b"), who=Who("w"))
    # With a reserve, the piece put down is a placement, and the black one is not taken.
    s2 = position({"0a1 0b1 0a2 0b2": "b", "0d4": "w"})
    assert reading(s2, lifted="0a1", placed="1a1") == illegal(
        "not-taken", piece=Piece("b"), cell=C("0a1"))


def test_a_raise_onto_a_place_it_supports_itself():
    s = position({"0a1 0b1 0a2": "b", "0b2": "w"})
    assert reading(s, lifted="0b2", placed="1a1") == illegal(
        "rests-on", source=C("0b2"), target=C("1a1"))


def test_a_lifted_piece_that_can_rise_nowhere():
    # On a base-sensing board the raise 0b2-1a1 shows only as 0b2 lifted: no raise from 0b2
    # fits, since the one place above it rests on it.
    s = position({"0a1 0b1 0a2": "b", "0b2 0d4": "w"}, reserves=(0, 25))
    assert reading(s, lifted="0b2") == illegal("no-raise", cell=C("0b2"))
    assert reading(s, lifted="0d4") is None  # 0d4-1a1


def test_a_piece_slid_across_the_base():
    s = position({"0a1 0b1 0a2 0b2": "b", "0d4": "w"})
    assert reading(s, lifted="0d4", placed="0c3") == illegal(
        "not-up", source=C("0d4"), target=C("0c3"))


def test_two_pieces_moved_at_once():
    s = position({"0a1": "w", "0d4": "b"})
    assert reading(s, placed="0b1 0c1") == illegal("one-piece")
    s2 = position({"0a1 0b1 0a2 0b2": "b", "0c3 0d4": "w"})
    assert reading(s2, lifted="0c3 0d4") == illegal("one-piece")


def test_a_reading_that_is_a_legal_move_or_a_part_of_one_is_no_mistake():
    s = position({"0a1 0b1 0a2 0b2": "b", "0d4": "w"})
    assert reading(s, placed="0c3") is None       # +0c3
    assert reading(s, lifted="0d4") is None       # 0d4-1a1 with 1a1 unsensed
    assert reading(s, lifted="0d4", placed="1a1") is None
    assert reading(s) is None
    assert reading(s, lifted="0c3", placed="0a1") is None  # nothing on 0c3, 0a1 is full


def test_the_ant_games_mistaken_readings():
    s = position({BASE_3X3 + " 1a1 1b1": "o"}, variant="ant-square")
    assert reading(s, lifted="0a3 1a1") == illegal("remove-levels", cells=Cs("0a3 1a1"))
    assert reading(s, lifted="0a3 0b3 0c3") == illegal("remove-count", n=3)
    assert reading(s, lifted="0c2") == illegal("not-free", cell=C("0c2"), carried=Cs("1b1"),
                                               n=1)
    assert reading(s, placed="0d4") == illegal("ant-place")
    assert reading(s, lifted="0a3", placed="0d4") == illegal(
        "not-up", source=C("0a3"), target=C("0d4"))
    assert reading(s, lifted="0a3 0b3") is None   # two of one level
    assert reading(s, lifted="0a3") is None       # one piece off


# ---- everything can be said ------------------------------------------------------------------


def _sentence(text: str) -> None:
    assert text and "%(" not in text and "%s" not in text
    assert not re.search(r"\b\d[a-d]\d\b|reserve-|taken-", text), text


def test_every_template_names_its_key_and_marks_plurals_by_n():
    for key, template in G.words.items():
        assert key.startswith(("drhombix.", "end."))
        if isinstance(template, tuple):
            assert len(template) == 2
    assert {"end.apex", "end.last-piece"} <= set(G.words)
    assert "end.no-move" in SHARED  # the game gives it its own words ("cannot move")


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_moves_refusals_readings_and_ends_are_all_said(variant):
    rng = random.Random(variant)
    v = G.variant(variant)
    b = board(v.options["board"])
    said = refusals = readings = 0
    for _ in range(6):
        s = G.setup(variant)
        while G.outcome(s) is None:
            moves = G.legal_moves(s)
            move = rng.choice(moves)
            _sentence(english(G.describe(s, move), G))
            said += 1
            # A move of the game's types, most likely illegal.
            name = lambda: rng.choice(b.names)  # noqa: E731
            guess = rng.choice([
                Place(name(), rng.choice([None, name()])),
                Raise(name(), name(), rng.choice([None, name()])),
                Remove(tuple(sorted({name(), name()}, key=b.index.__getitem__))),
            ])
            if guess not in moves:
                with pytest.raises(IllegalMoveError) as caught:
                    G.apply(s, guess)
                _sentence(english(caught.value.reason, G))
                refusals += 1
            lifted = frozenset(rng.sample(b.names, rng.randint(0, 2)))
            placed = frozenset(rng.sample(b.names, rng.randint(0, 1)))
            why = G.explain_reading(s, lifted, placed)
            if why is not None:
                _sentence(english(why, G))
                readings += 1
            s = G.play(s, move)
        _sentence(english(G.outcome(s).said, G))
    assert said > 100 and refusals > 50 and readings > 10
