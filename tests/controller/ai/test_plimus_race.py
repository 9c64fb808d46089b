"""The Plimus race planner: its evaluation and the moves it picks in set positions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from controller.ai import Budget, engine_for
from controller.ai.plimus_race import Race
from controller.rules import find_game

GAME = find_game("plimus")
# Blue (the computer) has formed up on red's area but for h9; red's stones are in pole NE.
NEAR_WIN = "bBbBbB/BbBbB1/{row8}/10/10/10/10/10/6/6 SW:- SE:- NW:- NE:RRRRRRrrrrrr blue 0"
# Blue's double on e4 may capture red's R on d4 (a dot field: it may land on any side).
CAPTURE = ("6/6/10/10/10/4r5/3R(Bb)5/10/BbBb2/bBbBbB SW:- SE:- NW:- NE:RRRRRrrrrr "
           "blue {quiet}")


def decide(text: str, seconds: float = 5.0, seed: int = 1):
    state = GAME.parse_position(text, "two-player")
    decision = engine_for(GAME, "two-player").think(GAME, state, "blue",
                                                      Budget(seconds, seed=seed))
    return state, decision


def test_plimus_is_played_by_the_race_planner():
    for variant in GAME.variants:
        assert engine_for(GAME, variant).name == "race"


def test_it_takes_a_win_on_offer():
    _, decision = decide(NEAR_WIN.format(row8="7b2"))
    assert GAME.move_text(decision.move) == "h8-h9"


def test_it_plans_two_moves_ahead_through_a_pole():
    # From j8 the last stone needs two moves: into pole NE, then out onto h9.
    state, decision = decide(NEAR_WIN.format(row8="9b"))
    assert GAME.move_text(decision.move) == "j8-NE" and decision.depth == 2
    after = GAME.apply(state, decision.move)
    after = replace(after, to_move=0)  # red passes in this test
    assert GAME.move_text(engine_for(GAME, "two-player").think(
        GAME, after, "blue", Budget(5, seed=2)).move) == "NE[-]-h9"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_capture_sends_the_stone_to_a_pole_far_from_its_owners_target(seed):
    _, decision = decide(CAPTURE.format(quiet=150), seed=seed)
    assert decision.move.captures, GAME.move_text(decision.move)
    # Red forms up in the south (blue's area): the northern poles are the far ones.
    assert GAME.move_text(decision.move).endswith((">NW", ">NE"))


def test_the_way_home_counts_distance_and_the_clock():
    race = Race(GAME, "two-player", 0)
    home = GAME.parse_position(NEAR_WIN.format(row8="7b2"), "two-player")
    away = GAME.parse_position(NEAR_WIN.format(row8="b9"), "two-player")
    assert race.way_home(home.cells, home.poles, 0) == 1  # h8 to h9
    assert race.way_home(away.cells, away.poles, 0) > 1   # a8 is further
    assert race.value(home) > race.value(away)
    late = replace(home, quiet=190)
    assert race.value(late) < race.value(home)  # the draw clock running costs
    done = GAME.apply(home, GAME.parse_move(home, "h8-h9"))
    assert race.way_home(done.cells, done.poles, 0) == 0


def test_a_stone_a_foe_can_capture_is_counted():
    # Red's double on e5 may jump blue's single on e4 (of the other sign) to the empty e3.
    text = "6/6/10/10/10/4(Rr)5/4B5/10/bBb3/bBbBbB SW:- SE:B NW:- NE:RRRRRrrrrr blue 0"
    state = GAME.parse_position(text, "two-player")
    race = Race(GAME, "two-player", 0)
    assert race.exposed(state.cells) == 1
    assert Race(GAME, "two-player", 1).exposed(state.cells) == 0  # blue has no double


def test_a_node_limit_replays_exactly():
    a = decide(CAPTURE.format(quiet=0))[1]
    b = decide(CAPTURE.format(quiet=0))[1]
    state = GAME.parse_position(CAPTURE.format(quiet=0), "two-player")
    c = engine_for(GAME, "two-player").think(GAME, state, "blue", Budget(60, seed=1, nodes=40))
    d = engine_for(GAME, "two-player").think(GAME, state, "blue", Budget(60, seed=1, nodes=40))
    assert (a.move, a.nodes) == (b.move, b.nodes)
    assert (c.move, c.nodes, c.score) == (d.move, d.nodes, d.score) and c.nodes <= 41


def test_late_in_the_clock_a_double_goes_hunting():
    # Blue's double on e4 (upper stone minus) and red's R on e7 (not a start field): three
    # steps apart.
    text = "6/6/10/4R5/10/10/4(Bb)5/10/BbBb2/bBbBbB SW:- SE:- NW:- NE:RRRRRrrrrrr blue {q}"
    race = Race(GAME, "two-player", 0)
    early = GAME.parse_position(text.format(q=0), "two-player")
    assert race.hunt(early.cells, frozenset({1})) == 3
    nearer = GAME.parse_position(text.replace("4(Bb)5/10/Bb", "10/4(Bb)5/Bb").format(q=0),
                                 "two-player")  # the double one row further south
    assert race.hunt(nearer.cells, frozenset({1})) == 4
    # Early on the distance does not count; late, being nearer is worth something.
    assert race.value(early) == race.value(replace(early, cells=early.cells)) and (
        race.value(replace(early, quiet=190)) - race.value(replace(nearer, quiet=190))
        > race.value(early) - race.value(nearer))


def test_a_foreign_stone_on_a_target_field_with_one_way_out_costs_more():
    race = Race(GAME, "two-player", 0)
    # Red's R on h10, a red start field in blue's target area: its ways out are g10, h9, NE.
    free = GAME.parse_position(
        "5R/6/10/10/10/10/10/10/BbBbBb/bBbBbB SW:- SE:- NW:- NE:RRRRRrrrrrr blue 0",
        "two-player")
    assert race.exits(free.cells, GAME.board.index("h10")) == 3
    assert race.shut_in(free.cells) == 0
    # Blue's stones on g10 and h9 leave it only the pole.
    tight = GAME.parse_position(
        "4bR/5b/10/10/10/10/10/10/BbBbB1/bBbB2 SW:- SE:- NW:- NE:RRRRRrrrrrr blue 0",
        "two-player")
    assert race.exits(tight.cells, GAME.board.index("h10")) == 1
    assert race.shut_in(tight.cells) == 1.0
