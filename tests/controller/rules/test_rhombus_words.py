"""What Rhombus says, as data: each kind of action described (key and typed parameters), each
reason a move is refused, why a reading of the board is no action (public information only),
the ends, the places beside the board, and that all of it is said in English without a gap."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.errors import IllegalMoveError
from controller.rules.base import AgreeDraw, Resign, Termination, TimeForfeit
from controller.rules.rhombus import words as rhombus_words
from controller.rules.rhombus.hidden import sample_hidden
from controller.rules.rhombus.movegen import Move
from controller.rules.rhombus.words import WORDS
from controller.rules.words import WORDS as SHARED
from controller.said import N_, Card, Cell, From, Message, Piece, Who, Zone, english
from tests.controller.rules.rhombus_positions import G, arbitrary_moves, move, play, position


def cards(*codes: str) -> Message:
    """The cards of an action as described: ``cards("QC", "KC")``."""
    said = [Card.of(c) for c in codes]
    return Message.of(f"rhombus.cards.{len(said)}", **dict(zip("abcd", said)))


def part(key: str, **params: object) -> Message:
    return Message.of(f"rhombus.part.{key}", **params)


def moved(piece: Piece, sources: str, targets: str, key: str = "move") -> Message:
    params: dict[str, object] = {"piece": piece, "to": tuple(Cell(c) for c in targets.split())}
    if sources:
        params["from"] = tuple(Cell(c) for c in sources.split())
    return part(key, **params)


def described(state, text: str) -> Message:
    m = move(state, text)
    assert G.is_legal(state, m), text
    return G.describe(state, m)


def refused(state, text: str) -> Message:
    with pytest.raises(IllegalMoveError) as caught:
        play(state, text)
    reason = caught.value.reason
    assert reason == G.explain_illegal(state, move(state, text))
    return reason


def reading(state, lifted: str = "", placed: str = "") -> Message | None:
    return G.explain_reading(state, frozenset(lifted.split()), frozenset(placed.split()))


# ---- descriptions -------------------------------------------------------------------------------


def test_a_single_card_moves_a_piece():
    s = position({"r": "a2 b1", "b": "e5"}, {"r": ("KD QC", "")})
    assert described(s, "KD b1-d1") == Message.of(
        "rhombus.action", cards=cards("KD"), what=(moved(Piece("r"), "b1", "d1"),))


def test_two_pieces_moved_say_where_they_left_and_where_they_ended():
    s = position({"r": "a2 b1", "b": "e5"}, {"r": ("QC KC", "")})
    said = described(s, "QC+KC b1,a2-d1,c3")
    assert said == Message.of("rhombus.action", cards=cards("QC", "KC"),
                              what=(moved(Piece("r", 2), "b1 a2", "d1 c3"),))


def test_a_hand_card_is_said_as_the_open_card_it_becomes():
    s = position({"r": "a2 b1", "b": "e5"}, {"r": ("KD 7H", "QC")})
    assert described(s, "QC* a2-c3")["cards"] == cards("QC")


def test_a_kill_names_the_eliminated_piece_by_colour():
    s = position({"r": "a1", "b": "b3"}, {"r": ("7C QC", "")}, reserve={"b": 5})
    assert described(s, "7C+QC a1-b3 xb3") == Message.of(
        "rhombus.action", cards=cards("7C", "QC"),
        what=(moved(Piece("r"), "a1", "b3"), part("kill", piece=Piece("b"), cells=(Cell("b3"),))))


def test_a_nine_brings_a_piece_in_and_an_entry_kill_eliminates_on_the_corner():
    s = position({"r": "c3", "b": "e5"}, {"r": ("9C AC", "")})
    assert described(s, "9C R-a1") == Message.of(
        "rhombus.action", cards=cards("9C"), what=(moved(Piece("r"), "", "a1", "enter"),))
    kill = position({"r": "c3", "b": "a1 e5"}, {"r": ("9C 10C", "")})
    assert described(kill, "9C+10C R-a1 xa1")["what"] == (
        moved(Piece("r"), "", "a1", "enter"), part("kill", piece=Piece("b"), cells=(Cell("a1"),)))


def test_pieces_moved_and_brought_in_in_one_action():
    s = position({"r": "c3", "b": "a1 e5"}, {"r": ("7C 9C", "AC")})
    assert described(s, "7C+9C+AC* c3,R-a1,c4 xa1") == Message.of(
        "rhombus.action", cards=cards("7C", "9C", "AC"),
        what=(moved(Piece("r", 2), "c3", "a1 c4", "move-enter"),
              part("kill", piece=Piece("b"), cells=(Cell("a1"),))))


def test_a_card_that_moves_nothing_and_the_mystery_eight():
    s = position({"r": "a1", "b": "e5"}, {"r": ("7C 8D", "")})
    assert described(s, "7C") == Message.of("rhombus.action", cards=cards("7C"),
                                            what=(part("still"),))
    assert described(s, "8D") == Message.of(
        "rhombus.action", cards=cards("8D"),
        what=(part("still"), part("mystery", cards=(Card("8", "D"),), n=1)))


def test_move_cards_whose_pieces_end_where_they_stood():
    s = position({"r": "a1 b1", "b": "e5"}, {"r": ("AC KC", "QC")})
    assert described(s, "QC*+KC+AC")["what"] == (part("stay"),)


def test_a_formation_player_without_pieces_discards():
    s = position({"r": "", "b": "a1 b2 c3"}, {"r": ("9C 10C JC", "QC")}, variant="formation")
    assert described(s, "JC") == Message.of("rhombus.action", cards=cards("JC"),
                                            what=(part("still"),))


def test_the_eliminator_and_the_entryliminator():
    s = position({"r": "a1", "b": "c3 c4 d5"}, {"r": ("6C 7C", "8C")})
    assert described(s, "6C+7C+8C* a1-d5 xd5") == Message.of(
        "rhombus.eliminator", cards=cards("6C", "7C", "8C"),
        what=(moved(Piece("r"), "a1", "d5"), part("kill", piece=Piece("b"), cells=(Cell("d5"),)),
              part("mystery", cards=(Card("8", "C"),), n=1)))
    entry = position({"r": "", "b": "a1 b2 c3"}, {"r": ("9C 10C JC", "QC")},
                     variant="formation")
    assert described(entry, "9C+10C+JC+QC* R-a1 xa1") == Message.of(
        "rhombus.entryliminator", cards=cards("9C", "10C", "JC", "QC"),
        what=(moved(Piece("r"), "", "a1", "enter"),
              part("kill", piece=Piece("b"), cells=(Cell("a1"),))))


def test_a_reactivation_brings_a_piece_back_or_exchanges_the_cards():
    s = position({"r": "a1 c2", "b": "e5"}, {"r": ("QC QD", "QH")}, out={"r": 2}, reserve={"r": 2})
    assert described(s, "QC+QD+QH* revive") == Message.of(
        "rhombus.reactivation", cards=cards("QC", "QD", "QH"),
        what=(part("revive", piece=Piece("r")),))
    nobody = position({"r": "a1 c2", "b": "e5"}, {"r": ("QC QD", "QH")})
    assert described(nobody, "QC+QD+QH*")["what"] == (part("exchange"),)


def test_a_player_out_of_pieces_moves_the_partners_in_their_colour():
    s = position({"r": "", "b": "c3", "y": "a1", "g": "a5"}, {"r": ("9C AC", "")},
                 variant="four-player", out={"r": 2}, reserve={"r": 2})
    assert described(s, "9C R-e5")["what"] == (moved(Piece("b"), "", "e5", "enter"),)
    assert described(s, "AC c3-c4")["what"] == (moved(Piece("b"), "c3", "c4"),)


def test_the_actions_every_game_shares_are_said_by_the_base():
    s = G.setup()
    assert G.description(s, Resign("b")) == Message.of("move.resign", who=Who("b"))
    assert G.description(s, TimeForfeit("r")) == Message.of("move.time", who=Who("r"))
    assert G.description(s, AgreeDraw()) == Message.of("move.draw")


def test_the_cards_a_phone_declares_are_said_as_they_lie():
    assert G.facet_said("cards", "QC+KC*") == cards("QC", "KC")
    assert G.facet_said("cards", "10D") == cards("10D")
    # A phone's made-up value is said as it came (it is the phone's own words, to itself).
    for facet, text in (("cards", "QX"), ("pieces", "QC"), ("cards", "6C+7C+8C+9C+10C")):
        assert G.facet_said(facet, text) == text


# ---- places -------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", list(G.variants))
def test_every_position_is_a_typed_place(variant):
    geometry = G.geometry(variant)
    seats = G.variant(variant).seats
    for cell in geometry.cells:
        assert G.place(cell) == Cell(cell)
    kinds = {(z.kind, z.owner) for z in map(G.place, geometry.zones) if isinstance(z, Zone)}
    assert len(kinds) == len(geometry.zones)
    expected = {("reserve", s) for s in seats}
    if not G.variant(variant).options["formation"]:
        expected |= {("eliminated", s) for s in seats}
    assert kinds == expected
    take = Message.of("step.take", piece=Piece("b"), **{"from": From(G.place("reserve-b"))})
    _said(take)  # a step of a move done by hand, from a reserve
    with pytest.raises(ValueError):
        G.place("pile")


# ---- refusals -----------------------------------------------------------------------------------

BASE = position({"r": "a1 b1", "b": "e5 b2"}, {"r": ("AC QC", "10C")})


@pytest.mark.parametrize("state, text, expected", [
    (BASE, "KD a1-c1", Message.of("rhombus.illegal.not-held", cards=(Card("K", "D"),))),
    (BASE, "AC* b1-c1", Message.of("rhombus.illegal.not-hand", cards=(Card("A", "C"),), n=1)),
    (BASE, "10C b1-c1", Message.of("rhombus.illegal.not-table", cards=(Card("10", "C"),), n=1)),
    (BASE, "QC+AC a1-a2", Message.of("rhombus.illegal.no-combination",
                                     cards=cards("QC", "AC"))),
    (position({"r": "a1", "b": "e5"}, {"r": ("QC AD KS", "")}, variant="formation"),
     "QC+AD a1-a2", Message.of("rhombus.illegal.no-combination-formation",
                               cards=cards("QC", "AD"))),
    (BASE, "AC c3-c4", Message.of("rhombus.illegal.not-own", cells=(Cell("c3"),), n=1)),
    (BASE, "AC a1-b1", Message.of("rhombus.illegal.taken", cells=(Cell("b1"),), n=1)),
    (BASE, "QC a1-a2", Message.of("rhombus.illegal.cannot-move", cards=cards("QC"), effects=(
        Message.of("rhombus.effect.steps", card=Card("Q", "C"), n=3),))),
    (position({"r": "a1", "b": "e5"}, {"r": ("7C 9C", "")}), "7C+9C",
     Message.of("rhombus.illegal.no-combination", cards=cards("7C", "9C"))),
    (position({"r": "a1", "b": "e5"}, {"r": ("7C 8C", "")}), "7C+8C a1-a2",
     Message.of("rhombus.illegal.cannot", cards=cards("7C", "8C"), effects=(
         Message.of("rhombus.effect.kill", card=Card("7", "C")),
         Message.of("rhombus.effect.mystery", card=Card("8", "C"))))),
])
def test_each_reason_of_a_refusal(state, text, expected):
    assert refused(state, text) == expected


def test_a_piece_never_ends_on_its_partners_piece():
    s = position({"r": "b1", "b": "c1", "y": "e1", "g": "a5"}, {"r": ("AC 10C", "")},
                 variant="four-player")
    assert refused(s, "AC b1-c1") == Message.of("rhombus.illegal.on-partner",
                                                cells=(Cell("c1"),), n=1)
    assert refused(s, "AC+10C b1-c1 xc1") == Message.of("rhombus.illegal.no-foe",
                                                        cells=(Cell("c1"),), n=1)


def test_entering_needs_a_reserve_piece_a_nine_and_a_free_corner():
    empty = position({"r": "b1", "b": "e5"}, {"r": ("9C AC", "")}, reserve={"r": 0},
                     out={"r": 5})
    assert refused(empty, "9C R-a1") == Message.of("rhombus.illegal.reserve-empty", who=Who("r"))
    one = position({"r": "b1 c1 d1 e1 e2", "b": "e5"}, {"r": ("9C 9C", "")},
                   variant="formation")
    assert refused(one, "9C+9C R,R-a1,a2") == Message.of(
        "rhombus.illegal.reserve-short", who=Who("r"), n=1)
    s = position({"r": "b1", "b": "e5"}, {"r": ("9C AC", "")})
    assert refused(s, "AC R-a1") == Message.of("rhombus.illegal.needs-nine")
    taken = position({"r": "a1", "b": "e5"}, {"r": ("9C AC", "")})
    assert refused(taken, "9C R-a1") == Message.of("rhombus.illegal.start-taken",
                                                   cell=Cell("a1"))


def test_kills_need_a_kill_card_and_blockades_the_eliminator():
    s = position({"r": "a1 e1", "b": "e5 b3"}, {"r": ("QC KC", "8D")})
    assert refused(s, "QC a1-b3 xb3") == Message.of("rhombus.illegal.needs-killer")
    wall = position({"r": "a1", "b": "b3 c4 d5"}, {"r": ("7C QC", "")})
    assert refused(wall, "7C+QC a1-b3 xb3") == Message.of(
        "rhombus.illegal.blockade", cells=(Cell("b3"),), n=1)


def test_only_a_reactivation_revives_and_it_must_when_it_can():
    s = position({"r": "a1 c2", "b": "e5"}, {"r": ("QC QD", "QH")}, out={"r": 2},
                 reserve={"r": 2})
    assert refused(s, "QC+QD+QH*") == Message.of("rhombus.illegal.must-revive", n=2)
    assert refused(s, "QC a1-d1 revive") == Message.of("rhombus.illegal.only-reactivation")
    nobody = position({"r": "a1 c2", "b": "e5"}, {"r": ("QC QD", "QH")})
    assert refused(nobody, "QC+QD+QH* revive") == Message.of(
        "rhombus.illegal.none-eliminated")


def test_a_move_of_another_type_is_refused_by_the_base():
    s = G.setup()
    assert G.explain_illegal(s, "QC a1-a2") == Message.of("illegal.not-legal", who=Who("r"))


# ---- readings -----------------------------------------------------------------------------------


def test_a_reading_some_hand_could_make_says_nothing():
    s = position({"r": "a1 b1", "b": "e5 b2"}, {"r": ("AC QC", "10C")})
    # Q♣ on the table and K♣ possibly in the hand: five squares, a pair.
    assert reading(s, "b1", "d4") is None
    assert reading(s, "b1", "b4") is None      # the queen itself
    assert reading(s) is None


def test_a_piece_from_the_reserve_needs_the_start_corner():
    s = position({"r": "a1 b1", "b": "e5"}, {"r": ("9C QC", "")})
    assert reading(s, "", "c1") == Message.of("rhombus.illegal.start-taken", cell=Cell("a1"))
    wall = position({"r": "b1", "b": "a1 b2 c3 e5"}, {"r": ("9C QC", "")})
    assert reading(wall, "", "a2") == Message.of("rhombus.illegal.start-taken", cell=Cell("a1"))
    free = position({"r": "b1", "b": "e5"}, {"r": ("9C QD", "")})
    assert reading(free, "", "c3") == Message.of("rhombus.illegal.enter-corner", cell=Cell("a1"))


def test_a_piece_from_the_reserve_needs_a_piece_there_and_a_nine():
    none = position({"r": "a1", "b": "e5"}, {"r": ("AC KC", "")}, reserve={"r": 0},
                    out={"r": 5})
    assert reading(none, "", "c1") == Message.of("rhombus.illegal.reserve-empty", who=Who("r"))
    s = position({"r": "b1", "b": "e5"}, {"r": ("AC QC", "")})
    assert reading(s, "", "a1") == Message.of("rhombus.illegal.needs-nine")


def test_no_card_moves_a_piece_so_far_and_no_piece_passes_another():
    s = position({"r": "b1", "b": "e5"}, {"r": ("AC QC", "")})
    assert reading(s, "b1", "d4") == Message.of("rhombus.illegal.distance", n=5)
    blocked = position({"r": "a1 a2", "b": "a3 e5"}, {"r": ("AC KC", "")})
    assert reading(blocked, "a1", "a4") == Message.of(
        "rhombus.illegal.way-blocked", **{"from": Cell("a1"), "to": Cell("a4")})
    assert reading(s, "b1", "e4") is None  # a six would: the mover has none, said otherwise


def test_kills_read_on_the_board():
    s = position({"r": "b1", "b": "e5"}, {"r": ("AC QC", "")})
    assert reading(s, "b1", "e5") == Message.of("rhombus.illegal.needs-killer")
    wall = position({"r": "a1", "b": "b3 c4 d5"}, {"r": ("7C QC", "")})
    assert reading(wall, "a1 b3", "") == Message.of("rhombus.illegal.blockade",
                                                   cells=(Cell("b3"),), n=1)


def test_a_partners_piece_is_never_moved():
    s = position({"r": "b1", "b": "c1", "y": "e1", "g": "a5"}, {"r": ("AC 10C", "")},
                 variant="four-player")
    assert reading(s, "c1", "c2") == Message.of("rhombus.illegal.partner-piece",
                                                cells=(Cell("c1"),), who=Who("r"), n=1)
    assert reading(s, "b1", "c1") == Message.of("rhombus.illegal.on-partner",
                                                cells=(Cell("c1"),), n=1)


def test_a_reading_is_explained_from_public_information_only():
    """The mover's hand and the pile dealt afresh: every reading gets the same words."""
    rng = random.Random(5)
    for variant in G.variants:
        state = G.setup(variant, seed=3)
        for _ in range(12):
            other = next(s for s in G.seats(state) if s != G.to_move(state))
            twin = sample_hidden(state, (other,), rng)
            squares = G.geometry(variant).cells
            for _ in range(15):
                lifted = frozenset(rng.sample(squares, rng.randint(0, 2)))
                placed = frozenset(rng.sample(squares, rng.randint(0, 2))) - lifted
                assert G.explain_reading(state, lifted, placed) == G.explain_reading(
                    twin, lifted, placed), (variant, lifted, placed)
            moves = G.legal_moves(state)
            if not moves:
                break
            state = G.play(state, rng.choice(moves))


# ---- the end ------------------------------------------------------------------------------------


def test_the_ends_are_typed():
    s = position({"r": "", "b": "b4", "y": "c4", "g": ""}, {"r": ("7C AC", "")},
                 variant="four-player", out={"r": 2, "g": 2, "y": 1},
                 reserve={"r": 2, "g": 2, "y": 2})
    end = G.outcome(play(s, "7C+AC b4-c4 xc4"))
    assert end.termination is Termination.NO_PIECES and end.winners == ("r", "b")
    assert end.said == Message.of("end.no-pieces", side=(Who("y"), Who("g")), n=2)
    stuck = position({"r": "a1", "b": "a2 b1 e5"}, {"r": ("6C QD", "AH")})
    assert G.outcome(stuck).said == Message.of("end.no-move", who=Who("r"))
    limit = G.outcome(play(position({"r": "a1", "b": "e5"}, {"r": ("7C", "")}, ply=299), "7C"))
    assert limit.said == Message.of("end.move-limit", n=300)
    cross = position({"r": "b2 d2 b4 d4 c4", "b": "e5"}, {"r": ("AC 7H 8S", "9D")},
                     variant="formation")
    won = G.outcome(play(cross, "AC c4-c3"))
    assert won.termination is Termination.CROSS
    assert won.said == Message.of("end.cross", side=(Who("r"),), n=1)
    for outcome in (end, G.outcome(stuck), limit, won):
        _said(outcome.said)


@pytest.mark.parametrize("variant", list(G.variants))
@pytest.mark.parametrize("meta, field", [
    (TimeForfeit("r"), "result=time:r"), (Resign("b"), "result=resigned:b"),
    (AgreeDraw(), "result=draw")])
def test_a_game_the_players_ended_round_trips(variant, meta, field):
    s = G.apply(G.setup(variant, seed=4), meta)
    text = G.position_text(s)
    assert text.endswith(" " + field)
    back = G.parse_position(text, variant)
    assert back == s and G.outcome(back) == G.outcome(s)
    if isinstance(meta, TimeForfeit):
        assert G.outcome(back).termination is Termination.TIME
        assert G.outcome(back).winners == G.opponents(s, "r")


# ---- said in English, without a gap ------------------------------------------------------------


PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def _messages(message: Message):
    """``message`` and every message among its parameters (but places: the shared words')."""
    yield message
    for _, value in message.params:
        for v in value if isinstance(value, tuple) else (value,):
            if isinstance(v, Message):
                yield from _messages(v)


def test_every_template_is_marked_and_only_overrides_ends():
    for key, template in WORDS.items():
        assert key.startswith(("rhombus.", "end.")), key
        texts = template if isinstance(template, tuple) else (template,)
        for text in texts:
            assert N_(text) == text and "%(" not in PLACEHOLDER.sub("", text), key
    assert {k for k in WORDS if k.startswith("end.")} - set(SHARED) == {"end.cross",
                                                                      "end.no-pieces"}


def test_every_template_is_said_somewhere():
    """No template without a use: each key (or, for the keys made of a kind, its last part)
    is written in the package's source."""
    source = "".join(p.read_text() for p in Path(rhombus_words.__file__).parent.glob("*.py")
                     if p.name != "words.py")
    for key in WORDS:
        if key.startswith("end."):
            Termination(key.removeprefix("end."))  # said as an outcome's ``said``
            continue
        last = key.rsplit(".", 1)[-1]
        assert f'"{key}"' in source or f'"{last}"' in source or (
            key.startswith("rhombus.cards.")) or f'"rhombus.{key.split(".")[1]}.' in source, key


def _said(message: Message) -> str:
    """``message`` in English: every template found, filled, and its plural chosen by ``n``;
    and the message read back from its JSON."""
    for m in _messages(message):
        template = WORDS.get(m.key) or SHARED.get(m.key)
        assert template is not None, m.key
        if isinstance(template, tuple):
            assert isinstance(m.get("n"), int), m
    text = english(message, G)
    assert "%(" not in text and text.strip() and "  " not in text, (message, text)
    again = Message.from_json(message.to_json())
    assert again == message
    return text


@pytest.mark.parametrize("variant", list(G.variants))
def test_hundreds_of_random_actions_and_refusals_are_said(variant):
    rng = random.Random(11)
    states = []
    state = G.setup(variant, seed=7)
    keys: set[str] = set()
    for _ in range(150):
        moves = G.legal_moves(state)
        if not moves:
            break
        for m in rng.sample(list(moves), min(3, len(moves))):
            said = G.describe(state, m)
            keys.add(said.key)
            text = _said(said)
            assert not re.search(r"\b(10|[2-9JQKA])[CDHS]\b", text), text  # no card codes
        states.append(state)
        state = G.play(state, rng.choice(moves))
    assert "rhombus.action" in keys

    @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def refusals(data):
        s = data.draw(st.sampled_from(states))
        m = data.draw(arbitrary_moves(s))
        if not isinstance(m, Move) or G.is_legal(s, m):
            return
        reason = G.explain_illegal(s, m)
        assert reason.key.startswith("rhombus.illegal."), reason
        _said(reason)

    refusals()
    for s in states[:60]:
        squares = G.geometry(variant).cells
        for _ in range(4):
            lifted = frozenset(rng.sample(squares, rng.randint(0, 2)))
            placed = frozenset(rng.sample(squares, rng.randint(0, 3))) - lifted
            said = G.explain_reading(s, lifted, placed)
            if said is not None:
                _said(said)
