"""DRHOMBIX played physically: simulated hands on the shipped board profiles, through the real
game session.  The base-only boards (``drhombix``, ``drhombix-triangle``) cannot see the upper
levels, so the mover's phone says what happened there; the fully sensed board
(``drhombix-full``) follows every move by itself."""

from __future__ import annotations

import json

import pytest

from boardlight.cli import main
from controller.rules.drhombix import DRHOMBIX as G
from controller.session import lights
from controller.session.session import SessionConfig
from hardware.profiles import load_profile
from tests.controller.rules.drhombix_positions import position
from tests.pipeline.support import Prompt, Rejected, commits, frame_at, frames, of, said, simulate

BASE = load_profile("drhombix").spec
FULL = load_profile("drhombix-full").spec
TRIANGLE = load_profile("drhombix-triangle").spec
SETTLE = SessionConfig().settle

# White's free 0d4 can rise to 1a1 or 1b1 (both on the black block 0a1-0c2).
TWO_TARGETS = position({"0a1 0b1 0c1 0a2 0b2 0c2": "b", "0d4": "w"}, reserves=(11, 12))
# Only 1a1 is supported.
ONE_TARGET = position({"0a1 0b1 0a2 0b2": "b", "0d4": "w"}, reserves=(12, 13))


def phone(t: float, seat: str, **action: object) -> dict:
    return {"t": t, "phone": {"seat": seat, **action}}


def chooses(sim) -> list[Prompt]:
    return [p for p in of(sim, Prompt) if p.kind == "choose" and p.message]


# ---- what the base sensors see ----------------------------------------------------------------


def test_a_placement_on_the_base_commits_at_once():
    sim = simulate([{"t": 0.5, "lift": "reserve-w"}, {"t": 0.9, "place": "0b2"}],
                   game=G, state=G.setup(), spec=BASE)
    [c] = commits(sim)
    assert (c.move, c.seat, c.how) == ("+0b2", "w", "sensors") and c.t - 0.9 < 0.1


def test_a_sandwich_is_committed_when_the_taken_piece_leaves_the_board():
    s = position({"0a1": "w", "0b1": "b"}, reserves=(14, 14))
    sim = simulate([{"t": 0.5, "place": "0c1", "piece": "w"},
                    {"t": 1.5, "lift": "0b1"}, {"t": 1.8, "place": "reserve-w"}],
                   game=G, state=s, spec=BASE)
    [c] = commits(sim)
    assert (c.move, c.how) == ("+0c1", "sensors") and 1.5 < c.t < 1.6
    # Until the taken piece is lifted the board is a move in progress, not an illegal one.
    assert not [p for p in of(sim, Prompt) if p.kind == "illegal" and p.message]
    assert not any(f.reason == "illegal" for f in frames(sim))
    assert c.position == "w.w............./........./..../. b 14 14 0b1"


def test_the_board_profiles_load_and_name_only_positions_of_the_game():
    positions = {p for v in G.variants for p in G.geometry(v).positions}
    for spec in (BASE, FULL, TRIANGLE, load_profile("drhombix-triangle-full").spec):
        assert spec.game == "drhombix" and spec.sense.value == "presence"
        assert set(spec.sensed) <= positions and set(spec.led_index) <= positions


# ---- placements and raises above the base: the phone -------------------------------------------


def test_an_unsensed_placement_is_committed_by_the_phone():
    script = [{"t": 0.5, "lift": "reserve-w"}, {"t": 0.9, "place": "1a1"},
              phone(1.5, "w", type="move", move="+1a1")]
    sim = simulate(script, game=G, state=ONE_TARGET, spec=BASE)
    [c] = commits(sim)
    assert (c.move, c.how, c.t) == ("+1a1", "phone", 1.5)
    # The last move lights the four base positions that carry 1a1 (it has no LED).
    shown = frame_at(sim, 2.0)
    assert shown.reason == "last move"
    assert {p for p, light in shown.lights.items() if light == lights.LAST_TO} >= {
        "0a1", "0b1", "0a2", "0b2"}


def test_the_phone_may_only_declare_a_legal_move_and_is_told_why_not():
    script = [phone(0.5, "w", type="move", move="+2a1"),
              phone(0.6, "b", type="move", move="+1a1")]
    sim = simulate(script, game=G, state=ONE_TARGET, spec=BASE)
    wrong_target, wrong_seat = of(sim, Rejected)
    assert wrong_target.reason.key == "rules.refused"
    assert wrong_target.reason["reason"].key == "drhombix.illegal.unsupported"
    assert said(wrong_target, G) == (
        "Not allowed: a1 on level 3 is not supported yet: a1 on level 2, b1 on level 2, a2 on "
        "level 2, and b2 on level 2 under it must hold pieces first.")
    assert "it is White's turn, not Black's" in said(wrong_seat, G)
    assert commits(sim) == []


def test_a_raise_to_one_of_two_unsensed_targets_is_chosen_on_the_phone():
    script = [{"t": 0.5, "lift": "0d4"}, {"t": 0.9, "place": "1b1"},
              phone(3.0, "w", type="choose", move="0d4-1b1")]
    sim = simulate(script, game=G, state=TWO_TARGETS, spec=BASE)
    [ask] = chooses(sim)
    # The phone offers exactly the legal targets of the lifted piece, once the hand pauses.
    assert ask.seat == "w" and set(ask.choices) == {"0d4-1a1", "0d4-1b1"}
    assert ask.t == pytest.approx(0.515 + SETTLE, abs=0.02)
    [c] = commits(sim)
    assert (c.move, c.how) == ("0d4-1b1", "phone")
    assert c.position == "bbb.bbb........./.w......./..../. b 11 12 -"


def test_a_target_declared_first_commits_the_raise_when_the_piece_leaves():
    script = [phone(0.2, "w", type="declare", facets={"target": "1b1"}),
              {"t": 0.5, "lift": "0d4"}, {"t": 0.9, "place": "1b1"}]
    sim = simulate(script, game=G, state=TWO_TARGETS, spec=BASE)
    [c] = commits(sim)
    assert (c.move, c.how) == ("0d4-1b1", "sensors") and c.t < 0.6
    assert chooses(sim) == []


def test_a_raise_no_sensor_sees_waits_for_the_phone_even_with_one_target():
    # The base sees the piece leave 0d4; where it went (1a1) no sensor of this build reads, so
    # the mover's phone confirms it, even when only one target is legal.
    sim = simulate([{"t": 0.5, "lift": "0d4"}, {"t": 0.9, "place": "1a1"},
                    {"t": 3.0, "phone": {"seat": "w", "type": "choose", "move": "0d4-1a1"}}],
                   game=G, state=ONE_TARGET, spec=BASE)
    [c] = commits(sim)
    assert (c.move, c.how) == ("0d4-1a1", "phone") and c.t == pytest.approx(3.0)
    [ask] = [p for p in chooses(sim) if p.message]
    assert ask.seat == "w" and ask.choices == ("0d4-1a1",)


# ---- the same moves on the fully sensed board: no phone ----------------------------------------


def test_the_full_board_sees_upper_placements_and_raises():
    sim = simulate([{"t": 0.5, "lift": "reserve-w"}, {"t": 0.9, "place": "1a1"}],
                   game=G, state=ONE_TARGET, spec=FULL)
    [c] = commits(sim)
    # A piece on 1a1 could still be the second half of raising 0d4 there, so the placement
    # waits the settle time (or an end-turn press), as the first marble of an Abalone
    # broadside does.
    assert (c.move, c.how) == ("+1a1", "settle")
    sim2 = simulate([{"t": 0.5, "lift": "0d4"}, {"t": 0.9, "place": "1b1"}],
                    game=G, state=TWO_TARGETS, spec=FULL)
    [c2] = commits(sim2)
    assert (c2.move, c2.how) == ("0d4-1b1", "sensors") and c2.t - 0.9 < 0.1
    assert chooses(sim) == chooses(sim2) == []


def test_a_lifted_piece_lights_the_supports_of_its_upper_targets():
    sim = simulate([{"t": 0.5, "lift": "0d4"}], game=G, state=TWO_TARGETS, spec=FULL,
                   tail=1.0)
    hints = frame_at(sim, 0.8)
    assert hints.reason == "hints"
    # 1a1 rests on a1 b1 a2 b2, 1b1 on b1 c1 b2 c2: the union, nothing else.
    assert hints.lights == {p: lights.HINT for p in ("0a1", "0b1", "0c1", "0a2", "0b2", "0c2")}


def test_a_level_two_target_lights_the_three_by_three_block_beneath_it():
    s = position({"0a1 0b1 0c1 0a2 0b2 0c2 0a3 0b3 0c3 1a1 1b1 1a2 1b2": "b", "0d4": "w"},
                 reserves=(8, 8))
    sim = simulate([{"t": 0.5, "lift": "0d4"}, {"t": 0.9, "place": "2a1"}],
                   game=G, state=s, spec=FULL)
    [c] = commits(sim)
    assert c.move == "0d4-2a1"
    lit = {p for p, light in frame_at(sim, 1.2).lights.items() if light == lights.LAST_TO}
    assert lit == {"0a1", "0b1", "0c1", "0a2", "0b2", "0c2", "0a3", "0b3", "0c3"}


# ---- the nest capture: the mover's choice ------------------------------------------------------

# White completes the nest a1-b1-a2-b2 with 0b2; black's free pieces are 0d4 (on the base)
# and 1c2, 1c3 (above it, on the black block c2-d4 that carries them).
NEST = position({"0a1 0b1 0a2": "w",
                 "0c2 0d2 0c3 0d3 0c4 0d4 1c2 1c3": "b"}, reserves=(10, 9))
NEST_BASE = position({"0a1 0b1 0a2": "w", "0c2 0d2 0c3 0d3 1c2 0d4": "b"})


def test_the_nest_capture_is_chosen_by_lifting_the_chosen_piece():
    sim = simulate([{"t": 0.5, "place": "0b2", "piece": "w"},
                    {"t": 0.8, "lift": "0d4"}, {"t": 1.1, "place": "reserve-w"}],
                   game=G, state=NEST_BASE, spec=BASE)
    [c] = commits(sim)
    assert (c.move, c.how) == ("+0b2x0d4", "sensors") and 0.8 < c.t < 0.9


def test_the_nest_capture_of_an_unsensed_piece_is_chosen_on_the_phone():
    script = [{"t": 0.5, "place": "0b2", "piece": "w"}, {"t": 0.8, "lift": "1c3"},
              phone(3.0, "w", type="choose", move="+0b2x1c3")]
    sim = simulate(script, game=G, state=NEST, spec=BASE)
    [ask] = chooses(sim)
    assert set(ask.choices) == {"+0b2x1c2", "+0b2x1c3"}
    [c] = commits(sim)
    assert (c.move, c.how) == ("+0b2x1c3", "phone")
    assert "1c3" not in G.view(G.parse_position(c.position), None)["cells"]


def test_the_nest_capture_declared_first_commits_with_the_placement():
    script = [phone(0.2, "w", type="declare", facets={"capture": "1c2"}),
              {"t": 0.5, "place": "0b2", "piece": "w"}]
    sim = simulate(script, game=G, state=NEST, spec=BASE)
    [c] = commits(sim)
    assert (c.move, c.how) == ("+0b2x1c2", "sensors") and c.t < 0.6


def test_the_full_board_sees_the_captured_upper_piece_leave():
    sim = simulate([{"t": 0.5, "place": "0b2", "piece": "w"}, {"t": 0.8, "lift": "1c3"}],
                   game=G, state=NEST, spec=FULL)
    [c] = commits(sim)
    assert (c.move, c.how) == ("+0b2x1c3", "sensors") and c.t < 0.9


def test_a_capture_no_sensor_sees_is_confirmed_on_the_phone():
    # After 0b2 the nest capture of 1c2 (an upper piece, unsensed on this build) could be the
    # move; no sensor saw 1c2 leave, so the end-turn press asks the mover's phone, which says.
    script = [{"t": 0.5, "place": "0b2", "piece": "w"}, {"t": 0.7, "lift": "1c2"},
              {"t": 0.9, "button": "end-turn"},
              {"t": 1.5, "phone": {"seat": "w", "type": "choose", "move": "+0b2x1c2"}}]
    sim = simulate(script, game=G, state=NEST_BASE, spec=BASE)
    [c] = commits(sim)
    assert (c.move, c.how, c.t) == ("+0b2x1c2", "phone", 1.5)
    [ask] = [p for p in chooses(sim) if p.message]
    assert ask.seat == "w" and "+0b2x1c2" in ask.choices and ask.t == pytest.approx(0.9)


# Black's free pieces all stand on the base: completing a nest owes one of them, and the
# sensors see which one the hand takes off.
NEST_FREE = {
    "square": (position({"0a1 0b1 0a2": "w", "0a4 0c2 0d1": "b"}), BASE, "0b2"),
    "triangle": (position({"0a1 0b1": "w", "0a4 0c2 0d1": "b"}, variant="cuckoo-triangle"),
                 TRIANGLE, "0a2"),
}


def waiting(sim) -> list[Prompt]:
    return [p for p in of(sim, Prompt) if p.kind == "waiting"]


@pytest.mark.parametrize("board", sorted(NEST_FREE))
def test_a_completed_nest_says_at_once_which_free_pieces_one_may_be_taken_from(board):
    state, spec, cell = NEST_FREE[board]
    sim = simulate([{"t": 0.5, "place": cell, "piece": "w"}, {"t": 3.0, "button": "end-turn"}],
                   game=G, state=state, spec=spec, tail=2.0)
    assert commits(sim) == []
    [said_now] = waiting(sim)  # at once, and not replaced by "White is moving" later
    assert said_now.t < 0.6
    left = ("To finish White's move: take one of the black pieces off: a4 on level 1, c2 on "
            "level 1, or d1 on level 1.")
    assert said(said_now, G) == left
    # The end-turn button ends nothing yet, and says what is left.
    [refused] = of(sim, Rejected)
    assert said(refused, G) == "nothing to end yet. " + left
    # The lights blink the three pieces, one of which is to go.
    lit = frame_at(sim, 3.0).lights
    assert {p for p, light in lit.items() if light == lights.STEP_TAKE} == {"0a4", "0c2", "0d1"}


def test_the_next_players_piece_put_down_while_a_nest_capture_is_owed_is_the_one_to_remove():
    # White completed the nest; before White takes a black piece off, Black puts a piece on
    # d4.  The correction names that piece only (White's own piece stays: its move is on its
    # way), and once it is gone the table says again what White's move still needs, never
    # a piece already taken off.
    state, spec, cell = NEST_FREE["square"]
    sim = simulate([{"t": 0.5, "place": cell, "piece": "w"}, {"t": 3.0, "place": "0d4",
                                                               "piece": "b"},
                    {"t": 6.0, "lift": "0d4"}, {"t": 8.0, "lift": "0c2"}],
                   game=G, state=state, spec=spec, tail=2.0)
    corrections = [(p.t, said(p, G)) for p in of(sim, Prompt)
                   if p.kind == "correction" and p.message]
    assert [text for _, text in corrections] == ["Take the piece off d4 of level 1."]
    after = [p for p in waiting(sim) if 6.0 < p.t < 8.0 and p.message]
    assert [said(p, G) for p in after] == [
        "To finish White's move: take one of the black pieces off: a4 on level 1, c2 on "
        "level 1, or d1 on level 1."]
    [c] = commits(sim)
    assert (c.move, c.seat) == ("+0b2x0c2", "w") and 8.0 < c.t < 8.1


# ---- the ant game and the triangular board ----------------------------------------------------


def test_the_ant_game_starts_with_the_apex_on_the_phone_or_by_the_full_board():
    start = G.setup("ant-square")
    sim = simulate([{"t": 0.5, "lift": "3a1"}, phone(1.0, "first", type="move", move="x3a1")],
                   game=G, state=start, spec=BASE)
    [c] = commits(sim)
    assert (c.move, c.how) == ("x3a1", "phone")
    full = simulate([{"t": 0.5, "lift": "3a1"}, {"t": 1.5, "lift": "2a1"},
                     {"t": 1.8, "lift": "2b2"}], game=G, state=start, spec=FULL)
    assert [(c.move, c.seat, c.how) for c in commits(full)] == [
        ("x3a1", "first", "sensors"), ("x2a1x2b2", "second", "sensors")]


def test_the_triangular_board_plays_with_its_own_profile():
    s = G.setup("cuckoo-triangle")
    script = [{"t": 0.5, "place": "0a1", "piece": "w"}, {"t": 1.5, "place": "0b1", "piece": "b"},
              {"t": 2.5, "place": "0a2", "piece": "w"}, {"t": 3.5, "place": "0d1", "piece": "b"},
              {"t": 4.5, "place": "1a1", "piece": "w"},
              phone(5.0, "w", type="move", move="+1a1")]
    sim = simulate(script, game=G, state=s, spec=TRIANGLE)
    assert [(c.move, c.how) for c in commits(sim)] == [
        ("+0a1", "sensors"), ("+0b1", "sensors"), ("+0a2", "sensors"), ("+0d1", "sensors"),
        ("+1a1", "phone")]
    lit = {p for p, light in frame_at(sim, 5.5).lights.items() if light == lights.LAST_TO}
    assert {"0a1", "0b1", "0a2"} <= lit


# ---- the command line ---------------------------------------------------------------------------


def test_boardlight_simulate_runs_drhombix_on_the_default_profile(tmp_path, capsys):
    script = tmp_path / "moves.jsonl"
    script.write_text("\n".join(json.dumps(x) for x in (
        {"t": 0.5, "play": "+0b2"}, {"t": 1.5, "play": "+0c2"},
        {"t": 2.5, "phone": {"seat": "w", "type": "move", "move": "+1a1"}})) + "\n")
    assert main(["simulate", "--game", "drhombix", "--script", str(script)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [(x["commit"], x["how"]) for x in lines if "commit" in x] == [
        ("+0b2", "sensors"), ("+0c2", "sensors")]
    [refused] = [x for x in lines if "rejected" in x]
    assert refused["rejected"].startswith("Not allowed: a1 on level 2 is not supported yet: "
                                          "a1 on level 1, b1 on level 1, and a2 on level 1")
