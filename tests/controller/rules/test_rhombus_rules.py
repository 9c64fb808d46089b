"""Rhombus rules beyond single cards: blockades, the four-player game, the reshuffle, the end."""

from __future__ import annotations

import random

import pytest

from controller.errors import IllegalMoveError
from controller.rules.base import Termination
from controller.rules.rhombus.cards import card_text, parse_card
from controller.rules.selfplay import play_random_game
from controller.said import Card, Cell, Message, Who
from tests.controller.rules.rhombus_positions import (
    G,
    cards,
    cells,
    moves_text,
    play,
    position,
)

# ---- blockades ----------------------------------------------------------------------------------


def test_three_on_a_diagonal_cannot_be_killed_but_two_can():
    s = position({"r": "a1", "b": "b3 c4 d5"}, {"r": ("7C QC", "")})
    assert not any("x" in t for t in moves_text(s))
    two = position({"r": "a1", "b": "b3 c4 e1"}, {"r": ("7C QC", "")})
    assert "7C+QC a1-b3 xb3" in moves_text(two)


def test_the_jack_drives_through_a_blockade_between_two_corner_touching_pieces():
    s = position({"r": "b3", "b": "a1 b2 c3"}, {"r": ("JC", "")})
    assert {"JC b3-c2", "JC b3-d1"} <= moves_text(s)


def test_partners_make_a_blockade_together():
    pieces = {"r": "a1", "y": "b3 d5", "g": "c4", "b": "e1"}
    s = position(pieces, {"r": ("7C QC", "")}, variant="four-player")
    assert not any("x" in t for t in moves_text(s))
    alone = position({"r": "a1", "y": "b3 d5", "g": "a5", "b": "e1"}, {"r": ("7C QC", "")},
                     variant="four-player")
    assert "7C+QC a1-b3 xb3" in moves_text(alone)


def test_cards_that_move_nothing_keep_a_blockade_standing():
    s = position({"r": "a1 b2 c3", "b": "e5"}, {"r": ("7C 8D", "")})
    assert moves_text(s) == {"7C", "8D"}


# ---- four players -------------------------------------------------------------------------------

def four(pieces=None, hands=None, **kw):
    pieces = pieces or {"r": "b1", "y": "d1", "b": "d5", "g": "b5"}
    hands = hands or {s: ("7C" if s == "r" else {"y": "7D", "b": "7H", "g": "7S"}[s], "")
                      for s in "rybg"}
    return position(pieces, hands, variant="four-player", **kw)


def test_four_players_turn_counter_clockwise_alternating_teams():
    s = G.setup("four-player", seed=3)
    assert G.seats(s) == ("r", "y", "b", "g")
    order = []
    for _ in range(8):
        order.append(G.to_move(s))
        s = G.apply(s, G.legal_moves(s)[0])
    assert order == ["r", "y", "b", "g"] * 2
    assert G.same_side(s, "r", "b") and G.same_side(s, "y", "g") and not G.same_side(s, "r", "y")


def test_four_player_start_leaves_the_corners_empty():
    s = G.setup("four-player")
    assert cells(s, "r") == {"b1", "a2"} and cells(s, "b") == {"d5", "e4"}
    assert cells(s, "y") == {"d1", "e2"} and cells(s, "g") == {"a4", "b5"}
    assert s.reserve == (2, 2, 2, 2)


def test_partners_are_never_killed_and_block_the_way():
    s = four({"r": "a1", "b": "a2", "y": "e1", "g": "e5"}, {"r": ("AC 7C", "")})
    assert not any("a2" in t.split("-")[-1] for t in moves_text(s) if "-" in t)
    assert "7C+AC a1-b1" not in moves_text(s)


def test_a_player_without_pieces_plays_the_partners_pieces():
    s = four({"r": "", "b": "c3", "y": "e1", "g": "a5"}, {"r": ("AC 9C", "")},
             out={"r": 1}, reserve={"r": 3})
    assert G.view(s, None)["plays_with"]["r"] == "b"
    assert "AC c3-c4" in moves_text(s)
    assert "9C R-e5" in moves_text(s)            # the partner's reserve, the partner's corner
    after = play(s, "AC c3-c4")
    assert cells(after, "b") == {"c4"} and G.to_move(after) == "y"


def test_a_team_with_no_piece_on_the_board_loses():
    # Red (out of pieces) plays blue's last piece and kills yellow's last; green has none.
    s = position({"r": "", "b": "b4", "y": "c4", "g": ""}, {"r": ("7C AC", "")},
                 variant="four-player", out={"r": 2, "g": 2, "y": 1},
                 reserve={"r": 2, "g": 2, "y": 2})
    assert G.outcome(s) is None
    end = play(s, "7C+AC b4-c4 xc4")
    assert G.outcome(end).winners == ("r", "b")
    assert G.outcome(end).termination is Termination.NO_PIECES
    assert G.outcome(end).said == Message.of("end.no-pieces", side=(Who("y"), Who("g")), n=2)


# ---- the reshuffle ------------------------------------------------------------------------------

def shuffled(cards_, seed, n):
    out = sorted(cards_)
    random.Random(f"{seed}:{n}").shuffle(out)
    return out


def test_a_pile_that_runs_out_mid_action_takes_the_actions_cards_into_the_new_pile():
    s = position({"r": "a1 e1", "b": "e5"}, {"r": ("QC KC", "8D"), "b": ("6S", "7S")},
                 pile="AH", discard="6C 7C", seed=9)
    after = play(s, "QC+KC a1,e1-b3,e3")
    new_pile = shuffled(cards("6C 7C QC KC"), 9, 1)
    assert after.shuffles == 1 and after.discard == ()
    assert after.open[0] == tuple(sorted((parse_card("AH"), new_pile[0])))
    assert list(after.pile) == new_pile[1:]


def test_a_pile_that_runs_out_exactly_is_reshuffled_with_the_actions_cards():
    s = position({"r": "a1", "b": "e5"}, {"r": ("QC KD", "8D")}, pile="AH",
                 discard="6C 7C", seed=4)
    after = play(s, "QC a1-b3")
    assert after.shuffles == 1 and list(after.pile) == shuffled(cards("6C 7C QC"), 4, 1)
    assert after.discard == ()


def test_an_empty_pile_before_the_action_leaves_its_cards_in_the_discards():
    s = position({"r": "a1", "b": "e5"}, {"r": ("QC KD", "8D")}, pile="", discard="6C 7C",
                 seed=4)
    after = play(s, "QC a1-b3")
    # The discards alone made the new pile; QC waits for the next reshuffle.
    assert after.shuffles == 1 and after.discard == cards("QC")
    new_pile = shuffled(cards("6C 7C"), 4, 1)
    assert after.open[0] == tuple(sorted(cards("KD") + (new_pile[0],)))
    assert list(after.pile) == new_pile[1:]


def test_a_game_replays_exactly_from_its_seed_and_moves():
    for variant in G.variants:
        a, plies_a = play_random_game(G, variant, 77, 120)
        b, plies_b = play_random_game(G, variant, 77, 120)
        assert (a, plies_a) == (b, plies_b)
        assert G.setup(variant, 1) != G.setup(variant, 2)


# ---- the end ------------------------------------------------------------------------------------

def test_eliminating_the_last_opponent_piece_wins():
    s = position({"r": "a1", "b": "b3"}, {"r": ("7C QC", "")}, reserve={"b": 5})
    after = play(s, "7C+QC a1-b3 xb3")
    assert G.outcome(after).winners == ("r",) and G.legal_moves(after) == ()
    assert G.outcome(after).said == Message.of("end.no-pieces", side=(Who("b"),), n=1)
    with pytest.raises(IllegalMoveError) as caught:
        play(after, "7C")
    assert caught.value.reason.key == "illegal.game-over"


def test_a_player_with_no_legal_action_loses():
    s = position({"r": "a1", "b": "a2 b1 e5"}, {"r": ("6C QD", "AH")})
    assert G.legal_moves(s) == ()
    assert G.outcome(s).winners == ("b",)
    assert G.outcome(s).said == Message.of("end.no-move", who=Who("r"))


def test_a_formation_player_with_no_action_discards_instead():
    s = position({"r": "a1", "b": "a2 b1 e5"}, {"r": ("6C QD KS", "AH")}, variant="formation")
    assert G.outcome(s) is None and moves_text(s) >= {"6C", "QD", "AH*"}
    assert all(m.sources == 0 and m.targets == 0 for m in G.legal_moves(s))


@pytest.mark.parametrize("variant", list(G.variants))
def test_the_stuck_rule_is_an_option_of_the_variant(variant):
    """Red's only piece is shut in its corner by two foes, and no card of red's can move,
    kill or enter: what happens is what the variant's ``stuck`` option says."""
    v = G.variant(variant)
    foe = "y" if len(v.seats) == 4 else "b"
    pieces = {"r": "a1", foe: "a2 b1", "b": "e5" if foe == "y" else "a2 b1 e5"}
    table = "6C QD KS" if v.options["formation"] else "6C QD"
    s = position(pieces, {"r": (table, "AH")}, variant=variant)
    if v.options["stuck"] == "lose":
        assert G.legal_moves(s) == ()
        assert G.outcome(s).winners == tuple(x for x in v.seats if not G.same_side(s, x, "r"))
        assert G.outcome(s).termination is Termination.NO_MOVE
        assert dict(G.outcome(s).params) == {"who": Who("r")}
    else:
        assert v.options["stuck"] == "discard", v.options
        assert G.outcome(s) is None and moves_text(s) == {*table.split(), "AH*"}
        assert all(m.sources == 0 and m.targets == 0 for m in G.legal_moves(s))


def test_a_formation_cross_wins():
    s = position({"r": "b2 d2 b4 d3", "b": "e5"}, {"r": ("AC 7H 8S", "9D")},
                 variant="formation")
    after = play(s, "AC d3-d4")
    assert cells(after, "r") == {"b2", "d2", "b4", "d4"}
    assert G.outcome(after) is None
    s = position({"r": "b2 d2 b4 d4 c4", "b": "e5"}, {"r": ("AC 7H 8S", "9D")},
                 variant="formation")
    won = play(s, "AC c4-c3")
    assert G.outcome(won).winners == ("r",)
    assert G.outcome(won).said == Message.of("end.cross", side=(Who("r"),), n=1)


def test_the_action_limit_draws():
    s = position({"r": "a1", "b": "e5"}, {"r": ("7C", "")}, ply=299)
    after = play(s, "7C")
    assert G.outcome(after).is_draw
    assert G.outcome(after).said == Message.of("end.move-limit", n=300)


# ---- refusals say why ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, reason", [
    ("KD a1-c1", "not-held"),
    ("QC+AC a1-a2", "no-combination"),
    ("AC c3-c4", "not-own"),
    ("AC a1-b1", "taken"),
    ("QC a1-a2", "cannot-move"),
    ("AC* b1-c1", "not-hand"),
])
def test_an_illegal_action_is_refused_with_a_reason(text, reason):
    s = position({"r": "a1 b1", "b": "e5 b2"}, {"r": ("AC QC", "10C")})
    with pytest.raises(IllegalMoveError) as caught:
        play(s, text)
    assert caught.value.reason.key == f"rhombus.illegal.{reason}"


def test_a_kill_needs_an_opponent_and_a_blockade_needs_the_eliminator():
    s = position({"r": "a1", "b": "b3 c4 d5"}, {"r": ("7C QC", "")})
    with pytest.raises(IllegalMoveError) as caught:
        play(s, "7C+QC a1-b3 xb3")
    assert caught.value.reason == Message.of("rhombus.illegal.blockade", cells=(Cell("b3"),),
                                             n=1)
    with pytest.raises(IllegalMoveError) as caught:
        play(s, "7C+QC a1-a4 xa4")
    assert caught.value.reason == Message.of("rhombus.illegal.no-foe", cells=(Cell("a4"),),
                                             n=1)


def test_a_refusal_names_the_cards_asked_for_never_the_hand_card():
    s = position({"r": "a1", "b": "e5"}, {"r": ("AC QC", "KS")})
    with pytest.raises(IllegalMoveError) as caught:
        play(s, "KD a1-c1")
    assert caught.value.reason == Message.of("rhombus.illegal.not-held", cards=(Card("K", "D"),))
    assert "K♠" not in str(caught.value) and "KS" not in str(caught.value)


def test_card_text_round_trips():
    for c in range(36):
        assert parse_card(card_text(c)) == c
