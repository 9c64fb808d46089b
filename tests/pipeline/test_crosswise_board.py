"""Crosswise played by hand on the simulated board, through the real session.

The board is the shipped profile's (``hardware/profiles/crosswise.toml``): presence sensors
under the 36 cells and the 12 used-action slots; the supply beside the board is unsensed and
the hands are on the phones.  A lay shows the sensors a filled cell but not which tile, so the
phone says it (declared first, or chosen when asked); the action tiles are told by the slot
their tile is put on, and a swap or a replace, which leave the cells reading as before, by the
cells the hand lifted.
"""

from __future__ import annotations

import json

import pytest

from boardlight.cli import main
from controller.physical import BoardSpec, SenseMode
from controller.rules.base import Termination
from controller.rules.crosswise import CROSSWISE as G
from controller.rules.crosswise.tiles import CELL_NAMES
from controller.said import english
from controller.session.events import GameOver
from hardware.profiles import load_profile
from tests.controller.rules.crosswise_positions import position
from tests.pipeline.support import Prompt, commits, frame_at, of, said, simulate

SPEC = load_profile("crosswise").spec
TAG_SPEC = load_profile("crosswise-tag").spec
# a1 holds a 3, b2 a 5, b3 a 4 (row 6 first, as on the rules page).
BOARD = "....../....../....../.4..../.5..../3....."


def run(state, lines, spec=SPEC, **kw):
    return simulate(lines, game=G, state=state, spec=spec, **kw)


def lay(t: float, tile: str, cell: str) -> list[dict]:
    """Take a tile of this kind from its supply pile and put it on the cell."""
    return [{"t": t, "lift": f"supply-{tile}"}, {"t": t + 0.3, "place": cell}]


def phone(t: float, seat: str, **action) -> dict:
    return {"t": t, "phone": {"seat": seat, **action}}


def spend(t: float, action: str, slot: int = 1) -> list[dict]:
    """Put an action tile from the supply on its next used slot."""
    return [{"t": t, "lift": f"supply-{action}"}, {"t": t + 0.2, "place": f"used-{action}-{slot}"}]


def public(sim, seat: str) -> list:
    """Every output the table sees: not the prompts and refusals for ``seat``'s phone; LED
    frames by their lights; commits without their position text (which holds the hands, for
    the server's log: pages show ``view``)."""
    out: list = []
    for o in sim.outputs:
        kind = type(o).__name__
        if kind == "LedsShown":
            out.append((o.t, o.frame))
        elif kind == "Committed":
            out.append((o.t, o.seat, o.move, o.ply, o.amends, o.how))
        elif not (kind in ("Prompt", "Rejected") and o.seat == seat):
            out.append(o)
    return out


# ---- laying a tile: the phone says which ----------------------------------------------------

def test_a_tile_declared_on_the_phone_commits_as_soon_as_it_lies():
    s = position(BOARD, hands=("1356", "1246"))
    sim = run(s, [phone(0.2, "green", type="declare", facets={"tile": "5"}), *lay(0.5, "5", "c1")])
    [c] = commits(sim)
    assert (c.move, c.how, c.seat) == ("5c1", "sensors", "green")
    assert c.t - 0.8 < 0.03                       # one debounce window after the tile rests
    assert frame_at(sim, 1.0).lights["c1"].is_on  # the last move stays marked


def test_an_undeclared_tile_is_asked_on_its_players_phone_only():
    s = position(BOARD, hands=("1356", "1246"))
    sim = run(s, [*lay(0.5, "3", "c1"), phone(3.0, "green", type="choose", move="3c1")])
    [ask] = [p for p in of(sim, Prompt) if p.kind == "choose" and p.message]
    assert ask.seat == "green" and ask.choices == ("1c1", "3c1", "5c1", "6c1")
    shown = frame_at(sim, 2.5)
    assert shown.reason == "ambiguous" and set(shown.lights) == {"c1"}
    [c] = commits(sim)
    assert (c.move, c.how) == ("3c1", "phone")


def test_lights_and_the_table_never_depend_on_the_hand():
    # The same public position, two hands: one allows four tiles on c1, the other one tile.
    # Both wait for green's phone, and every public event and LED frame is the same.
    rich = position(BOARD, hands=("1356", "1246"))
    poor = position(BOARD, hands=("333M", "1246"))
    script = lay(0.5, "3", "c1")
    a, b = run(rich, script), run(poor, script)
    assert commits(a) == commits(b) == []
    assert public(a, "green") == public(b, "green")
    [ask] = [p for p in of(b, Prompt) if p.kind == "choose" and p.message]
    assert ask.seat == "green" and ask.choices == ("3c1",)


def test_a_tile_nudged_on_the_board_does_not_tell_whether_the_hand_holds_an_action():
    no_action = position(BOARD, hands=("1356", "1246"))
    move_tile = position(BOARD, hands=("135M", "1246"))
    script = [{"t": 0.5, "lift": "a1"}, {"t": 1.0, "place": "a1"}]
    assert public(run(no_action, script), "green") == public(run(move_tile, script), "green")


def test_a_tile_slid_to_an_empty_cell_does_not_tell_whether_the_hand_holds_a_move_tile():
    no_move = position(BOARD, hands=("1356", "1246"))
    move_tile = position(BOARD, hands=("135M", "1246"))
    script = [{"t": 0.5, "lift": "a1"}, {"t": 0.8, "place": "c1"}, {"t": 2.5, "lift": "c1"},
              {"t": 2.8, "place": "a1"}]
    assert public(run(no_move, script), "green") == public(run(move_tile, script), "green")


def test_a_move_the_hand_cannot_make_is_told_to_the_mover_only():
    # Green holds no move tile yet plays one from the supply: public information allows the
    # move, so the table and the lights treat it as any move in progress; green's phone alone
    # says to put it back.
    no_move = position(BOARD, hands=("1356", "1246"))
    sim = run(no_move, [*spend(0.2, "move"), {"t": 0.7, "lift": "a1"},
                        {"t": 1.0, "place": "c3"}])
    assert commits(sim) == []
    told = [p for p in of(sim, Prompt) if said(p, G).startswith("Your hand cannot make that move")]
    assert told and all(p.seat == "green" for p in told)
    assert not [p for p in of(sim, Prompt) if p.seat is None and p.kind == "illegal" and p.message]


def test_a_laid_tile_moved_on_is_handled_alike_whatever_else_the_hand_holds():
    script = [phone(0.2, "green", type="declare", facets={"tile": "1"}), *lay(0.4, "1", "c1"),
              {"t": 1.5, "lift": "c1"}, {"t": 1.8, "place": "c2"}]
    one_kind = run(position(BOARD, hands=("111M", "2466")), script)
    three_kinds = run(position(BOARD, hands=("135M", "2466")), script)
    assert public(one_kind, "green") == public(three_kinds, "green")


def test_the_wrong_tile_on_a_tag_board_is_not_the_declared_move():
    s = position(BOARD, hands=("1356", "1246"))
    sim = run(s, [phone(0.2, "green", type="declare", facets={"tile": "5"}),
                  *lay(0.5, "3", "c1")], spec=TAG_SPEC)
    assert commits(sim) == []
    sim = run(s, [phone(0.2, "green", type="declare", facets={"tile": "3"}),
                  *lay(0.5, "3", "c1")], spec=TAG_SPEC)
    assert [(c.move, c.how) for c in commits(sim)] == [("3c1", "sensors")]


# ---- the action tiles: the slot tells the action, the cells where ----------------------------

def test_a_move_is_recognised_from_its_slot_and_the_two_cells():
    s = position(BOARD, hands=("135M", "1246"))
    sim = run(s, [*spend(0.2, "move"), {"t": 0.7, "lift": "a1"}, {"t": 1.0, "place": "c3"}])
    [c] = commits(sim)
    assert (c.move, c.how) == ("move a1 c3", "sensors")
    assert set(frame_at(sim, 1.5).lights) == {"a1", "c3", "used-move-1"}


def test_the_action_tile_may_come_last():
    s = position(BOARD, hands=("135R", "1246"))
    sim = run(s, [{"t": 0.3, "lift": "a1"}, {"t": 0.6, "place": "supply-3"},
                  *spend(1.0, "remove")])
    [c] = commits(sim)
    assert (c.move, c.how) == ("remove a1", "sensors") and c.t > 1.2


def test_a_swap_leaves_the_cells_reading_as_before_and_is_told_by_the_lifts():
    s = position(BOARD, hands=("135S", "1246"))
    before = dict(run(s, []).session.reading)
    script = [*spend(0.2, "swap"), {"t": 0.6, "lift": "a1"}, {"t": 0.8, "lift": "b2"},
              {"t": 1.1, "place": "a1", "piece": "5"}, {"t": 1.3, "place": "b2", "piece": "3"}]
    sim = run(s, script)
    [c] = commits(sim)
    assert (c.move, c.how) == ("swap a1 b2", "settle")
    after = sim.session.reading
    assert {p: v for p, v in after.items() if p[0] != "u"} == \
        {p: v for p, v in before.items() if p[0] != "u"}


def test_a_swap_with_a_third_tile_touched_is_asked():
    s = position(BOARD, hands=("135S", "1246"))
    script = [*spend(0.2, "swap"), {"t": 0.5, "lift": "b3"}, {"t": 0.6, "place": "b3"},
              {"t": 0.8, "lift": "a1"}, {"t": 1.0, "lift": "b2"},
              {"t": 1.2, "place": "a1", "piece": "5"}, {"t": 1.4, "place": "b2", "piece": "3"},
              phone(3.5, "green", type="choose", move="swap a1 b2")]
    sim = run(s, script)
    [ask] = [p for p in of(sim, Prompt) if p.kind == "choose" and p.message]
    assert set(ask.choices) == {"swap a1 b2", "swap a1 b3", "swap b2 b3"}
    assert [(c.move, c.how) for c in commits(sim)] == [("swap a1 b2", "phone")]


def test_a_swap_of_two_equal_tiles_is_two_lifts_put_back():
    s = position("....../....../....../....../.3..../3.....", hands=("145S", "1246"))
    script = [{"t": 0.3, "lift": "a1"}, {"t": 0.5, "place": "a1"}, {"t": 0.8, "lift": "b2"},
              {"t": 1.0, "place": "b2"}, *spend(1.3, "swap")]
    [c] = commits(run(s, script))
    assert (c.move, c.how) == ("swap a1 b2", "settle")
    # Without the lifts the slot alone is no move: a swap names two tiles.
    assert commits(run(s, spend(1.3, "swap"))) == []


def test_a_replace_needs_the_tile_from_the_phone():
    s = position(BOARD, hands=("125X", "1346"))
    script = [phone(0.1, "green", type="declare", facets={"tile": "2"}),
              *spend(0.2, "replace"), {"t": 0.6, "lift": "a1"},
              {"t": 0.8, "place": "supply-3"}, *lay(1.0, "2", "a1")]
    [c] = commits(run(s, script))
    assert (c.move, c.how) == ("replace a1 2", "settle")
    undeclared = run(s, script[1:])
    assert commits(undeclared) == []
    [ask] = [p for p in of(undeclared, Prompt) if p.kind == "choose" and p.message]
    assert ask.seat == "green" and ask.choices == ("replace a1 1", "replace a1 2",
                                                   "replace a1 5")


def test_on_a_tag_board_a_swap_changes_the_reading():
    s = position(BOARD, hands=("135S", "1246"))
    sim = run(s, [{"t": 0.2, "play": "swap a1 b2"}], spec=TAG_SPEC)
    [c] = commits(sim)
    assert (c.move, c.how) == ("swap a1 b2", "sensors")
    assert (sim.session.reading["a1"], sim.session.reading["b2"]) == ("5", "3")


def test_a_build_without_slot_sensors_asks_the_phone_and_takes_no_lift_for_a_remove():
    # Sensors under the 36 cells only.  A lifted tile reads like a remove, but the remove's
    # slot is a cell no sensor reads, so the session asks instead of committing; a swap
    # leaves every sensor as it was, so the phone names it.
    spec = BoardSpec("crosswise-cells-only", "crosswise", SenseMode.PRESENCE, CELL_NAMES,
                     CELL_NAMES)
    s = position(BOARD, hands=("13RS", "1246"))
    script = [{"t": 0.2, "lift": "a1"}, {"t": 2.5, "lift": "b2"},
              {"t": 2.8, "place": "a1", "piece": "5"}, {"t": 3.0, "place": "b2", "piece": "3"},
              {"t": 3.5, "lift": "supply-swap"}, {"t": 3.7, "place": "used-swap-1"},
              phone(4.0, "green", type="move", move="swap a1 b2")]
    sim = run(s, script, spec=spec)
    [ask] = [p for p in of(sim, Prompt) if p.kind == "choose" and p.message]
    assert ask.seat == "green" and ask.choices == ("remove a1",)
    assert [(c.move, c.how, c.t) for c in commits(sim)] == [("swap a1 b2", "phone", 4.0)]


# ---- turns without a trace, and the end -----------------------------------------------------

def test_a_player_with_no_play_passes_from_the_phone():
    s = position(hands=("MRXS", "1234"))
    sim = run(s, [phone(0.3, "green", type="move", move="pass"),
                  phone(0.5, "orange", type="declare", facets={"tile": "2"}),
                  *lay(0.7, "2", "d4")])
    assert [(c.move, c.seat, c.how) for c in commits(sim)] == [
        ("pass", "green", "phone"), ("2d4", "orange", "sensors")]


def test_the_sixth_tile_of_a_row_wins_for_green_whoever_lays_it():
    s = position("....../....../66666./....../....../......", hands=("1234", "6123"),
                 to_move="orange")
    sim = run(s, [phone(0.2, "orange", type="declare", facets={"tile": "6"}),
                  *lay(0.4, "6", "f4")])
    [c] = commits(sim)
    [over] = of(sim, GameOver)
    assert c.move == "6f4" and over.winners == ("green",)
    assert over.outcome.termination is Termination.SIX_IN_A_LINE
    assert english(over.outcome.said, G) == "six star tiles in row 4"


@pytest.mark.parametrize("variant", ["three-player", "four-player"])
def test_turns_pass_round_the_table_on_the_board(variant):
    s = G.setup(variant, seed=6)
    seats, lines, t = [], [], 0.3
    state = s
    for _ in range(4):
        move = next(m for m in G.legal_moves(state) if G.move_text(m)[0].isdigit())
        seat = G.to_move(state)
        seats.append(seat)
        lines += [phone(t, seat, type="declare", facets={"tile": G.move_text(move)[0]}),
                  {"t": t + 0.2, "play": G.move_text(move)}]
        state = G.apply(state, move)
        t += 2.0
    sim = run(s, lines)
    assert [c.seat for c in commits(sim)] == seats
    assert sim.session.state == state


def test_the_simulate_command_plays_a_crosswise_script(capsys, tmp_path):
    s = G.setup(seed=0)   # green holds 1 1 X S
    script = tmp_path / "game.jsonl"
    script.write_text("\n".join(json.dumps(x) for x in [
        phone(0.2, "green", type="declare", facets={"tile": "1"}), *lay(0.4, "1", "c3"),
        {"t": 1.5, "lift": "supply-4"}, {"t": 1.8, "place": "d4"},
        phone(4.0, "orange", type="choose", move="4d4")]))
    assert main(["simulate", "--game", "crosswise", "--script", str(script)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(x["commit"], x["how"]) for x in out if "commit" in x] == [
        ("1c3", "sensors"), ("4d4", "phone")]
    assert G.position_text(s).split()[3] == "11XS/146X"  # the hands the script assumes
    assert not any("leds" in x for x in out)             # frames only with --leds
