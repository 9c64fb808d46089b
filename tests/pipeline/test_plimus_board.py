"""Plimus played physically: the shipped polarity profile, a simulated board, the real session.

The sensors read plus, minus or empty under every node (the stones are magnets; a double
shows its upper stone); the poles have no sensors.  Doubles and pole contents come from the
game's history, the pole a captured stone went into from the capturer's phone, and a
multi-jump from the lifts and places of the hand.
"""

from __future__ import annotations

import pytest

from hardware.profiles import load_profile
from tests.controller.rules.plimus_positions import G, position
from tests.pipeline.support import Prompt, commits, moves, of, simulate

SPEC = load_profile("plimus").spec


def run(script, state=None, **kw):
    return simulate(script, game=G, state=state if state is not None else G.setup(), spec=SPEC,
                    **kw)


def asked(sim, seat="blue"):
    return [p for p in of(sim, Prompt) if p.kind == "choose" and p.message and p.seat == seat]


def test_a_single_step_commits_at_once():
    sim = run(moves((0.5, "lift", "e2"), (0.8, "place", "e3")))
    [c] = commits(sim)
    assert (c.move, c.seat, c.how) == ("e2-e3", "blue", "sensors") and c.t - 0.8 < 0.1


def test_a_double_formed_by_a_step_is_known_from_then_on():
    sim = run(moves((0.5, "lift", "c1"), (0.8, "place", "d1"),
                    (1.5, "lift", "c9"), (1.8, "place", "c8")))
    assert [c.move for c in commits(sim)] == ["c1-d1", "c9-c8"]
    assert commits(sim)[0].position.endswith("/bBbBbB/1(bB)BbBb SW:- SE:- NW:- NE:- red 1")


def test_a_whole_double_moves_as_one_and_its_upper_stone_alone_splits_it():
    state = position({"e5": "(bB)", "e9": "r"})
    whole = run([{"t": 0.5, "lift": "e5"}, {"t": 0.5, "lift": "e5"},
                 {"t": 0.8, "place": "e6"}, {"t": 0.8, "place": "e6"}], state)
    assert [c.move for c in commits(whole)] == ["e5-e6"]
    split = run(moves((0.5, "lift", "e5"), (0.8, "place", "e6")), state)
    [c] = commits(split)
    assert c.move == "e5^-e6" and "4b5" in c.position and "4B5" in c.position


JUMPS = position({"e3": "B", "e4": "r", "e6": "r", "h9": "r"})
TWO_JUMPS = moves((0.5, "lift", "e3"), (0.8, "place", "e5"), (1.1, "lift", "e5"),
                  (1.4, "place", "e7"))


def test_a_multi_jump_waits_on_each_landing_and_commits_once():
    sim = run(TWO_JUMPS, JUMPS)
    [c] = commits(sim)
    assert (c.move, c.how) == ("e3:e5:e7", "sensors") and c.t - 1.4 < 0.1


def test_a_pause_on_a_landing_commits_the_jump_and_going_on_amends_it():
    sim = run(moves((0.5, "lift", "e3"), (0.8, "place", "e5"),
                    (3.5, "lift", "e5"), (3.8, "place", "e7")), JUMPS)
    first, second = commits(sim)
    assert (first.move, first.how) == ("e3:e5", "settle")
    assert (second.move, second.amends, second.ply) == ("e3:e5:e7", "e3:e5", 1)
    assert sim.final_moves() == ["e3:e5:e7"]


def test_a_stone_held_beside_a_pole_is_never_taken_for_gone_into_it():
    # The poles have no sensors: a stone lifted from c1 reads like one put into pole SW.
    # Only the phone says it went into the pole, so holding the stone commits nothing.
    sim = run(moves((0.5, "lift", "c1"), (4.0, "place", "c2")),
              position({"c1": "B", "h9": "r"}))
    assert [(c.move, c.how, c.amends) for c in commits(sim)] == [("c1-c2", "sensors", None)]
    [ask] = asked(sim)   # the phone offered the pole, in case it was that
    assert ask.choices == ("c1-SW",)


def test_a_lifted_stone_says_nothing_of_the_phone_until_the_phone_is_asked():
    # A stone lifted beside a pole reads like one put into it, so the phone is asked after
    # the settle time; until then the stone is in the hand and the table does not say it
    # waits for the phone (there is nothing to declare yet).
    sim = run(moves((0.5, "lift", "c1")), position({"c1": "B", "h9": "r"}), tail=2.0)
    [ask] = asked(sim)
    table = [p for p in of(sim, Prompt) if p.kind == "waiting" and p.message]
    assert [(p.t, p.message.key) for p in table] == [(ask.t, "waiting.phone")]
    assert ask.t > 1.2


def test_a_stone_put_into_a_pole_commits_when_the_phone_says_so():
    state = position({"c1": "B", "h9": "r"})
    chosen = run(moves((0.5, "lift", "c1"), (0.7, "place", "SW"))
                 + [{"t": 2.5, "phone": {"seat": "blue", "type": "choose", "move": "c1-SW"}}],
                 state)
    assert [(c.move, c.how) for c in commits(chosen)] == [("c1-SW", "phone")]
    declared = run([{"t": 0.2, "phone": {"seat": "blue", "type": "declare",
                                         "facets": {"enters": "SW"}}}]
                   + moves((0.5, "lift", "c1"), (0.7, "place", "SW")), state)
    [c] = commits(declared)
    assert c.move == "c1-SW" and c.t - 0.5 < 0.1 and asked(declared) == []


# c1 steps into pole SW, or jumps d1, f1 and h1 into pole SE: either way the board reads only
# c1 emptied.  The hand's rests on e1 and g1 say which.
POLE_RUN = position({"c1": "B", "d1": "r", "f1": "r", "h1": "r", "h9": "r"})


def test_the_rests_on_the_way_tell_a_multi_jump_into_a_pole_from_a_step():
    sim = run(moves((0.5, "lift", "c1"), (0.7, "place", "e1"), (0.9, "lift", "e1"),
                    (1.1, "place", "g1"), (1.3, "lift", "g1"), (1.5, "place", "SE"))
              + [{"t": 3.0, "phone": {"seat": "blue", "type": "choose",
                                      "move": "c1:e1:g1:SE"}}], POLE_RUN)
    [ask] = asked(sim)
    assert ask.choices == ("c1:e1:g1:SE",)  # the path ruled the step into SW out
    [c] = commits(sim)
    assert c.move == "c1:e1:g1:SE" and c.position.split()[2] == "SE:B"


def test_a_stone_put_straight_into_a_pole_is_asked_about_and_chosen_on_the_phone():
    sim = run(moves((0.5, "lift", "c1"), (0.7, "place", "SW"))
              + [{"t": 3.0, "phone": {"seat": "blue", "type": "choose", "move": "c1-SW"}}],
              POLE_RUN)
    [ask] = asked(sim)
    assert set(ask.choices) == {"c1-SW", "c1:e1:g1:SE"}
    [c] = commits(sim)
    assert (c.move, c.how) == ("c1-SW", "phone") and c.position.split()[1] == "SW:B"


CAPTURE = position({"e5": "(bB)", "e6": "r", "h9": "R"})
TAKE = [{"t": 0.5, "lift": "e5"}, {"t": 0.5, "lift": "e5"},
        {"t": 0.8, "place": "e7"}, {"t": 0.8, "place": "e7"},
        {"t": 1.1, "lift": "e6"}, {"t": 1.3, "place": "NE"}]


def test_a_capture_asks_the_capturer_which_pole_and_the_phone_says_it():
    sim = run(TAKE + [{"t": 3.5, "phone": {"seat": "blue", "type": "declare",
                                           "facets": {"pole e6": "NE"}}}], CAPTURE)
    [ask] = asked(sim)
    assert set(ask.choices) == {f"e5:e7 xe6>{p}" for p in ("SW", "SE", "NW", "NE")}
    [c] = commits(sim)
    assert c.move == "e5:e7 xe6>NE" and c.t == pytest.approx(3.5)
    assert c.position.split()[1:5] == ["SW:-", "SE:-", "NW:-", "NE:r"]


def test_a_pole_declared_before_the_capture_commits_as_the_stone_leaves_the_board():
    sim = run([{"t": 0.2, "phone": {"seat": "blue", "type": "declare",
                                    "facets": {"pole e6": "SW"}}}] + TAKE, CAPTURE)
    [c] = commits(sim)
    assert c.move == "e5:e7 xe6>SW" and c.t - 1.1 < 0.1 and asked(sim) == []


def test_taking_the_captured_stone_off_first_shows_no_other_move_on_the_way():
    # The safe order for a slow hand: the captured stone leaves the board first (no legal
    # move reads like that), then the double jumps; the pole comes from the phone.
    script = [{"t": 0.5, "lift": "e6"}, {"t": 0.9, "place": "NW"},
              {"t": 3.0, "lift": "e5"}, {"t": 3.0, "lift": "e5"},
              {"t": 3.4, "place": "e7"}, {"t": 3.4, "place": "e7"},
              {"t": 6.0, "phone": {"seat": "blue", "type": "choose", "move": "e5:e7 xe6>NW"}}]
    sim = run(script, CAPTURE)
    [c] = commits(sim)
    assert (c.move, c.how) == ("e5:e7 xe6>NW", "phone")


LATE_TAKE = [{"t": 0.5, "lift": "e5"}, {"t": 0.5, "lift": "e5"},
             {"t": 0.8, "place": "e7"}, {"t": 0.8, "place": "e7"},
             {"t": 2.2, "lift": "e6"}, {"t": 2.4, "place": "NE"}]  # after the settle time


def test_a_capture_finished_late_amends_the_jump_when_the_pole_was_declared_first():
    sim = run([{"t": 0.2, "phone": {"seat": "blue", "type": "declare",
                                    "facets": {"pole e6": "NE"}}}] + LATE_TAKE, CAPTURE)
    assert [c.move for c in commits(sim)] == ["e5:e7 xe6>NE"]


def test_a_capture_finished_late_is_amended_when_the_phone_then_says_the_pole():
    sim = run(LATE_TAKE + [{"t": 3.0, "phone": {"seat": "blue", "type": "declare",
                                               "facets": {"pole e6": "NE"}}}], CAPTURE)
    assert sim.final_moves() == ["e5:e7 xe6>NE"]


def test_a_captured_double_sends_each_stone_to_its_pole():
    state = position({"e5": "(bB)", "e6": "(Rr)", "h9": "R"})
    script = [{"t": 0.1, "phone": {"seat": "blue", "type": "declare",
                                   "facets": {"pole e6": "NE/SW"}}}] + TAKE + [
        {"t": 1.2, "lift": "e6"}]
    sim = run(script, state)
    [c] = commits(sim)
    assert c.move == "e5:e7 xe6>NE/SW"
    assert c.position.split()[1:5] == ["SW:R", "SE:-", "NW:-", "NE:r"]


def test_a_stone_leaving_a_pole_is_seen_where_it_lands():
    alone = run([{"t": 0.5, "place": "c1", "piece": "blue+"}], position({"SW": "B", "h9": "r"}))
    assert [c.move for c in commits(alone)] == ["SW[+]-c1"]
    # With both signs in the pole, one stone and a double read alike from above: the phone.
    both = run([{"t": 0.5, "place": "c1", "piece": "blue-"},
                {"t": 0.5, "place": "c1", "piece": "blue+"},
                {"t": 2.5, "phone": {"seat": "blue", "type": "choose", "move": "SW[+/-]-c1"}}],
               position({"SW": "Bb", "h9": "r"}))
    [ask] = asked(both)
    assert set(ask.choices) == {"SW[+]-c1", "SW[+/-]-c1"}
    assert [c.move for c in commits(both)] == ["SW[+/-]-c1"]


def test_the_blank_stone_is_put_on_its_circle_before_play():
    sim = run([{"t": 0.5, "place": "h6", "piece": "blank"}]
              + moves((1.5, "lift", "e2"), (1.8, "place", "e3")), G.setup("two-player-extended"))
    assert [(c.move, c.seat) for c in commits(sim)] == [("blank h6", "blue"), ("e2-e3", "blue")]


def test_the_next_player_touching_a_stone_beside_a_pole_never_amends_the_last_move():
    # Blue's stone from c2 (beside pole SW), lifted by red, would read as c2-SW: an amendment
    # needs the phone like any move into a pole.
    sim = run(moves((0.5, "lift", "c2"), (0.8, "place", "c1"),     # blue: c2-c1
                    (2.0, "lift", "c1"), (2.6, "place", "c1")),    # red nudges the stone
              position({"c2": "B", "h9": "r"}))
    assert [c.move for c in commits(sim)] == ["c2-c1"]


def test_a_player_who_cannot_move_passes_from_the_phone():
    stuck = position({"e1": "B", "d1": "R", "f1": "R", "e2": "R", "h9": "r"})
    sim = run([{"t": 0.5, "phone": {"seat": "blue", "type": "move", "move": "pass"}}], stuck)
    [c] = commits(sim)
    assert (c.move, c.how, c.seat) == ("pass", "phone", "blue") and sim.session.to_move == "red"


def test_a_noisy_board_makes_no_ghost_moves_on_the_way_of_a_multi_jump():
    for seed in (1, 2, 3):
        sim = run(TWO_JUMPS, JUMPS, noise=seed)
        assert [c.move for c in commits(sim)] == ["e3:e5:e7"], seed


# ---- the shipped profile and the simulate command ---------------------------------------------


def test_the_shipped_profile_senses_every_node_by_polarity_and_lights_every_position():
    from hardware.profiles import SpiPixelWiring

    profile = load_profile("plimus")
    geo = G.geometry()
    assert (SPEC.name, SPEC.game, SPEC.sense.value) == ("plimus", "plimus", "polarity")
    assert SPEC.sensors == geo.cells                  # the board file's order, row 1 first
    assert SPEC.sensed.isdisjoint(geo.zones)          # the poles have no sensors
    assert len(SPEC.leds) == 88 and set(SPEC.leds) == set(geo.positions)
    assert SPEC.leds[:8] == ("SW", "c1", "d1", "e1", "f1", "g1", "h1", "SE")
    assert profile.wiring.matrix is None              # the microcontroller scans the board
    assert isinstance(profile.wiring.leds, SpiPixelWiring)
    assert SPEC.buttons == ("end-turn",) and (SPEC.scan_hz, SPEC.debounce_scans) == (200, 3)


def test_each_next_pixel_of_the_chain_is_near_the_last():
    # A serpentine: no pixel is more than one row change or a pole corner away.
    geo = G.geometry()
    gaps = [geo.distance(a, b) for a, b in zip(SPEC.leds, SPEC.leds[1:])]
    assert max(gaps) < 2.3


def test_the_simulate_command_plays_plimus_on_the_shipped_profile(capsys, tmp_path):
    import json

    from boardlight.cli import main

    script = tmp_path / "script.jsonl"
    script.write_text("\n".join(json.dumps(x) for x in [
        {"t": 0.0, "play": "e3:e5:e7", "gap": 0.2},
        {"t": 2.0, "lift": "h9"}, {"t": 2.3, "place": "h8"}]))
    code = main(["simulate", "--game", "plimus", "--position", G.position_text(JUMPS),
                 "--script", str(script)])
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    assert [(x["commit"], x["seat"]) for x in out if "commit" in x] == [
        ("e3:e5:e7", "blue"), ("h9-h8", "red")]
