"""Crosswise's rules, one situation each, on hand-made positions."""

from __future__ import annotations

import random

import pytest

from controller.errors import IllegalMoveError
from controller.rules.base import Outcome, Resign, Termination
from controller.rules.crosswise import CROSSWISE as G
from controller.rules.crosswise import game as game_module
from controller.rules.crosswise.tiles import CELL_INDEX
from controller.said import Cell, Message, Piece, Who
from tests.controller.rules.crosswise_positions import moves_text, play, position

# Boards are written row 6 first, as on the rules page; a1 is the bottom-left character.
A1_3 = "....../....../....../....../....../3....."
A1_3_B2_5 = "....../....../....../....../.5..../3....."
LATIN = ["123456", "234561", "345612", "456123", "561234", "612345"]  # rows 6..1: no repeats


def cell(state, name: str) -> int:
    return state.board[CELL_INDEX[name]]


def hand(state, seat: str) -> str:
    return "".join(state.hands[G.seats(state).index(seat)])


def refused(state, text: str) -> Message:
    """The reason ``text`` is refused in ``state``."""
    with pytest.raises(IllegalMoveError) as caught:
        play(state, text)
    return caught.value.reason


def no_tile(kind: str) -> Message:
    return Message.of("crosswise.illegal.not-in-hand", piece=Piece(kind))


def empty(*cells: str) -> Message:
    return Message.of("crosswise.illegal.empty", cells=tuple(Cell(c) for c in cells),
                      n=len(cells))


# ---- laying a tile ---------------------------------------------------------------------------

def test_a_lay_puts_the_tile_on_the_cell_and_refills_the_hand_from_the_bag():
    s = position(hands=("1234", "5566"), bag="6" + "1" * 6 + "2" * 6 + "3" * 6 + "4" * 6
                 + "5" * 5 + "6" * 4 + "MMMRRRXXXSSS")
    after = play(s, "3c2")
    assert cell(after, "c2") == 3
    assert hand(after, "green") == "1246"        # the 3 left, the bag's first tile (6) came
    assert after.bag == s.bag[1:]
    assert G.to_move(after) == "orange"


def test_a_lay_needs_the_tile_in_hand_and_an_empty_cell():
    s = position(A1_3, hands=("1234", "5566"))
    assert refused(s, "5b1") == no_tile("5")
    assert refused(s, "1a1") == Message.of("crosswise.illegal.occupied", cell=Cell("a1"))


# ---- the four action tiles -------------------------------------------------------------------

def test_move_takes_a_board_tile_to_an_empty_cell():
    s = position(A1_3, hands=("125M", "5566"))
    after = play(s, "move a1 b2")
    assert (cell(after, "a1"), cell(after, "b2")) == (0, 3)
    assert after.used == (1, 0, 0, 0) and "M" not in hand(after, "green")
    assert len(hand(after, "green")) == 4                     # refilled after the action tile
    assert refused(position(A1_3_B2_5, hands=("125M", "5566")), "move a1 b2") == Message.of(
        "crosswise.illegal.target-occupied", cell=Cell("b2"))
    assert refused(s, "move c3 b2") == empty("c3")
    assert refused(position(A1_3, hands=("1256", "5566")), "move a1 b2") == no_tile("move")


def test_remove_takes_a_board_tile_into_the_own_hand():
    s = position(A1_3, hands=("124R", "5566"))
    after = play(s, "remove a1")
    assert cell(after, "a1") == 0
    assert hand(after, "green") == "1234"    # the removed 3 instead of the remove tile
    assert after.bag == s.bag                # the hand is full again: nothing is drawn
    assert after.used == (0, 1, 0, 0)
    assert refused(s, "remove b1") == empty("b1")


def test_replace_exchanges_a_board_tile_for_a_hand_tile():
    s = position(A1_3, hands=("124X", "5566"))
    after = play(s, "replace a1 2")
    assert cell(after, "a1") == 2
    # The 2 and the replace tile left, the 3 from the board came in, one tile was drawn.
    assert sorted(hand(after, "green")) == sorted("134" + s.bag[0])
    assert after.used == (0, 0, 1, 0) and after.bag == s.bag[1:]
    assert refused(s, "replace a1 5") == no_tile("5")
    assert refused(position(A1_3, hands=("1245", "5566")), "replace a1 5") == no_tile("replace")


def test_swap_exchanges_two_board_tiles():
    s = position(A1_3_B2_5, hands=("124S", "5566"))
    after = play(s, "swap b2 a1")            # either order is read
    assert (cell(after, "a1"), cell(after, "b2")) == (5, 3)
    assert after.used == (0, 0, 0, 1)
    assert G.move_text(G.parse_move(s, "swap b2 a1")) == "swap a1 b2"
    assert refused(s, "swap a1 c3") == empty("c3")
    assert refused(position(hands=("124S", "5566")), "swap a1 c3") == empty("a1", "c3")
    assert not any(m.startswith("swap") for m in moves_text(position(A1_3, ("124S", "5566"))))


def test_exchanges_of_equal_symbols_are_legal_and_spend_the_action_tile():
    s = position("....../....../....../....../.3..../3.....", hands=("134S", "356X"))
    after = play(s, "swap a1 b2")
    assert after.board == s.board and after.used == (0, 0, 0, 1)
    after = play(after, "replace a1 3")
    assert after.board == s.board and after.used == (0, 0, 1, 1)


def test_used_action_tiles_are_public():
    s = play(position(A1_3_B2_5, hands=("12MS", "5566")), "swap a1 b2", "5c3", "move c3 d4")
    assert G.view(s, None)["used"] == {"move": 1, "remove": 0, "replace": 0, "swap": 1}
    assert G.position_text(s).split()[2] == "MS"


# ---- the end ---------------------------------------------------------------------------------

def test_a_row_of_six_wins_for_green_even_when_orange_lays_the_sixth_tile():
    s = position("....../....../66666./....../....../......", hands=("1234", "6123"),
                 to_move="orange")
    after = play(s, "6f4")
    outcome = G.outcome(after)
    assert outcome.winners == ("green",)
    assert outcome.termination is Termination.SIX_IN_A_LINE
    params = dict(outcome.params)
    assert params["piece"] == Piece("6", 0) and params["side"] == (Who("green"),)
    assert params["line"] == Message.of("crosswise.row", row="4")
    assert params["cells"] == tuple(Cell(f"{c}4") for c in "abcdef")
    assert G.legal_moves(after) == () and G.to_move(after) is None
    assert refused(after, "1a1") == Message.of("illegal.game-over")


def test_a_column_of_six_made_by_a_swap_wins_for_orange():
    s = position("..2.../..2.../..2.../..2.../..2.../..52..", hands=("134S", "1356"))
    after = play(s, "swap c1 d1")
    assert G.outcome(after).winners == ("orange",)
    assert dict(G.outcome(after).params)["line"] == Message.of("crosswise.column", column="c")


def test_in_the_team_games_the_whole_team_wins_the_line():
    s = position("....../....../....../....../....../22222.",
                 hands=("1345", "2134", "1345", "1356"), variant="four-player",
                 to_move="orange-1")
    outcome = G.outcome(play(s, "2f1"))
    assert outcome.winners == ("green-1", "green-2")
    assert dict(outcome.params)["side"] == (Who("green-1"), Who("green-2"))


def test_a_full_board_is_scored_and_the_higher_total_wins():
    example = ["514122", "534134", "636666", "624531", "532431", "531426"]
    last = example[:5] + [".31426"]                        # a1 (a 5) still empty
    s = position("/".join(last), hands=("5124", "255M"))
    outcome = G.outcome(play(s, "5a1"))
    assert outcome == Outcome.of(("green",), Termination.BOARD_FULL, green=24, orange=22)


def test_equal_totals_on_a_full_board_are_a_draw():
    s = position("/".join(LATIN[:5] + [".12345"]), hands=("6123", "456M"))
    outcome = G.outcome(play(s, "6a1"))
    assert outcome == Outcome.of((), Termination.BOARD_FULL, green=36, orange=36)


# ---- passing ---------------------------------------------------------------------------------

def test_a_player_without_a_play_passes():
    s = position(hands=("MRXS", "1234"))       # no symbol tile, and the board is empty
    assert moves_text(s) == {"pass"}
    after = play(s, "pass")
    assert G.to_move(after) == "orange" and after.hands == s.hands and after.bag == s.bag
    assert G.view(s, "green")["must_pass"] and not G.view(after, "orange")["must_pass"]


def test_a_player_who_can_play_may_not_pass():
    assert refused(position(hands=("1RXS", "1234")), "pass") == Message.of(
        "crosswise.illegal.must-play")


def test_when_nobody_can_play_the_board_is_scored():
    s = position(hands=("MMRR", "XXSS"))
    assert G.outcome(s) == Outcome.of((), Termination.BLOCKED, green=0, orange=0)
    assert G.legal_moves(s) == ()


# Found once by dealing two-player seeds 0, 1, 2, ... (game_module.deal(variant, seed), the
# first shuffle) until a deal left nobody a play: about one deal in two million holds eight
# action tiles in the two hands.  The first such seeds are 1,832,293, 3,020,691 and 3,701,073.
STUCK_SEED = 1_832_293


def test_a_deal_nobody_can_play_is_dealt_again():
    first = game_module.deal("two-player", STUCK_SEED)
    assert first.hands == (("M", "R", "R", "S"), ("X", "X", "S", "S"))
    assert G.outcome(first) == Outcome.of((), Termination.BLOCKED, green=0, orange=0)
    s = G.setup("two-player", seed=STUCK_SEED)
    assert s == game_module.deal("two-player", STUCK_SEED, 1)   # the next derived shuffle
    assert G.outcome(s) is None and G.legal_moves(s)
    assert G.setup("two-player", seed=STUCK_SEED) == s           # as reproducible


# ---- turns, hands and the bag ----------------------------------------------------------------

def turns_of(variant: str, plies: int) -> list[str]:
    state, seen = G.setup(variant, seed=4), []
    for _ in range(plies):
        seen.append(G.to_move(state))
        state = G.apply(state, G.legal_moves(state)[0])
    return seen


def test_three_players_alternate_the_team_and_the_solo_player():
    assert turns_of("three-player", 8) == ["green-1", "orange", "green-2", "orange"] * 2


def test_four_players_alternate_the_teams():
    assert turns_of("four-player", 8) == ["green-1", "orange-1", "green-2", "orange-2"] * 2


def test_the_solo_player_holds_six_and_refills_to_six():
    s = G.setup("three-player", seed=9)
    sizes = G.view(s, None)["hand_sizes"]
    assert sizes == {"green-1": 4, "orange": 6, "green-2": 4}
    s = play(s, G.move_text(G.legal_moves(s)[0]))            # green-1
    lay = next(m for m in G.legal_moves(s) if G.move_text(m)[0].isdigit())
    after = G.apply(s, lay)                                  # orange lays one of six
    assert len(hand(after, "orange")) == 6 and len(after.bag) == len(s.bag) - 1


def test_hands_shrink_once_the_bag_is_empty():
    # Every action tile used, 33 symbols on the board, one tile (a 3) left in the bag.
    board = "/".join([".23456", ".34561", ".45612"] + LATIN[3:])
    s = position(board, hands=("1234", "5612"), bag="3", used="MMMRRRXXXSSS")
    after = play(s, "1a6")
    assert hand(after, "green") == "2334" and after.bag == ()
    after = play(after, "5a5")
    assert hand(after, "orange") == "126"


def test_a_resignation_loses_for_the_whole_team():
    s = G.setup("four-player", seed=1)
    after = G.apply(s, G.parse_move(s, "resign orange-2"))
    assert G.outcome(after).winners == ("green-1", "green-2")
    assert G.apply(s, Resign("green-1")).result == Outcome.of(
        ("orange-1", "orange-2"), Termination.RESIGNED, who=Who("green-1"))


# ---- seeded deals ----------------------------------------------------------------------------

def test_the_same_seed_deals_the_same_game_and_other_seeds_others():
    for variant in G.variants:
        assert G.setup(variant, seed=12) == G.setup(variant, seed=12)
        deals = {G.position_text(G.setup(variant, seed=k)) for k in range(20)}
        assert len(deals) == 20, variant


def test_a_game_replays_exactly_from_its_seed_and_moves():
    rng = random.Random(5)
    state = G.setup("four-player", seed=77)
    moves, states = [], [state]
    while G.outcome(state) is None:
        move = rng.choice(G.legal_moves(state))
        moves.append(G.move_text(move))
        state = G.apply(state, move)
        states.append(state)
    again = G.setup("four-player", seed=77)
    for k, text in enumerate(moves):
        again = G.apply(again, G.parse_move(again, text))
        assert again == states[k + 1]
    assert G.outcome(again) == G.outcome(state)
