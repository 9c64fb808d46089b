"""End-turn presses with nothing to end, and a board that disagrees with the game.

A press is the player confirming what the board shows when they press: it never arms a later
reading (the next player's first touch).  Whatever got the session there, a board that differs
from the committed position by something that is no move in progress turns into correction.
"""

from __future__ import annotations

from controller.session.session import SessionConfig
from tests.pipeline.support import Correction, Rejected, commits, frame_at, of, said, simulate

# Black shuffles B6-C7 while White walks one marble to C2 and another to D3: then White's
# D3 lifted reads exactly like the push-off D3C2 (the black B1 pushed off, White's C2 on B1).
SHUFFLE = "B6C7 G5F4 C7B6 F4E3 B6C7 E3D2 C7B6 D2C2 B6C7 G6F5 C7B6 F5E4 B6C7 E4D3 C7B6"


def shuffled(t0: float = 0.5, gap: float = 1.5) -> tuple[list[dict], float]:
    lines, t = [], t0
    for move in SHUFFLE.split():
        lines += [{"t": t, "lift": move[:2]}, {"t": t + 0.3, "place": move[2:]}]
        t += gap
    return lines, t


def test_a_stray_press_after_the_move_was_taken_is_refused_and_arms_nothing():
    lines, t = shuffled()
    sim = simulate(lines + [{"t": t, "button": "end-turn"},
                            {"t": t + 0.2, "lift": "D3"}, {"t": t + 0.5, "place": "D4"}],
                   tail=5.0)
    done = commits(sim)
    assert [c.move for c in done[-2:]] == ["C7B6", "D3D4"]
    assert done[-1].how == "sensors" and not any(c.move == "D3C2" for c in done)
    [refusal] = of(sim, Rejected)
    assert said(refusal) == "nothing to end: your move was already taken"
    assert refusal.t == t and sim.session.correction is None
    assert sim.final_moves()[-1] == "D3D4"


def test_a_press_before_anything_was_touched_is_refused_at_once():
    sim = simulate([{"t": 0.5, "button": "end-turn"}, {"t": 0.505, "lift": "A1"},
                    {"t": 0.9, "place": "D4"}])
    [refusal] = of(sim, Rejected)
    assert refusal.t == 0.5 and "make your move on the board first" in said(refusal)
    [c] = commits(sim)
    assert (c.move, c.how) == ("A1B2", "sensors")


def test_a_press_while_the_last_piece_settles_ends_that_reading():
    # The first marble of a broadside put down, the button pressed 5 ms later, before the
    # sensor's reading is accepted (3 scans): the press confirms the reading that lands.
    sim = simulate([{"t": 0.5, "lift": "C3"}, {"t": 0.9, "place": "D3"},
                    {"t": 0.905, "button": "end-turn"}])
    [c] = commits(sim)
    assert (c.move, c.how) == ("C3D3", "end-turn") and c.t - 0.9 < 0.05
    assert of(sim, Rejected) == []


def test_a_press_on_a_half_made_move_says_it_is_not_whole():
    sim = simulate([{"t": 0.5, "lift": "A1"}, {"t": 1.0, "button": "end-turn"}])
    [refusal] = of(sim, Rejected)
    assert said(refusal).startswith("nothing to end yet: the board does not show a whole move")
    assert commits(sim) == []


def test_a_piece_from_nowhere_after_a_commit_turns_into_correction_within_grace():
    # Black's A1B2 is taken; then a marble appears on F5 (White could move G5 there, but
    # G5 still stands: no hand brought it).  That is no move in progress: correction.
    grace = SessionConfig().grace
    sim = simulate([{"t": 0.5, "lift": "A1"}, {"t": 0.9, "place": "D4"},
                    {"t": 1.5, "place": "F5", "piece": "w"}], tail=4.0)
    [c] = commits(sim)
    assert c.move == "A1B2"
    started = [e for e in of(sim, Correction) if e.active]
    assert started and started[0].t - 1.5 <= grace + 0.1
    assert started[0].pairs == (("F5", None),)
    assert "F5" in frame_at(sim, 1.5 + grace + 0.1).lights


# The inference bench's game that found it (seed 1, game 10, ply 29): Black to move.
BROADSIDE = "bbb.b.bb.b...b..b.....bb......b.b...w.wb.w.ww.www.w.ww.w...ww b 0 0"


def test_a_press_after_the_sensors_took_the_move_makes_it_final():
    """Black's broadside D6E7E6 (D6 to E6, E7 to F7) is taken by the sensors; Black presses
    end-turn out of habit; White at once pushes the marble Black just put on F7 back to E7
    (H7G7: F7 to E7 first, then H7 to F7).  Before the press, F7 back on E7 read as Black
    amending its own move to D6E6 (the same position in the end, another history)."""
    from controller.rules.abalone import ABALONE

    state = ABALONE.parse_position(BROADSIDE)
    script = [{"t": 0.5, "lift": "D6"}, {"t": 0.9, "place": "E6"},
              {"t": 1.6, "lift": "E7"}, {"t": 1.63, "place": "F7"},
              {"t": 2.0, "button": "end-turn"},
              {"t": 3.1, "lift": "F7"}, {"t": 3.7, "place": "E7"},
              {"t": 4.3, "lift": "H7"}, {"t": 4.7, "place": "F7"}]
    sim = simulate(script, state=state, tail=4.0)
    done = commits(sim)
    assert [(c.move, c.amends) for c in done] == [("D6E7E6", None), ("H7G7", None)]
    [refusal] = of(sim, Rejected)
    assert said(refusal) == "nothing to end: your move was already taken"
    assert sim.final_moves() == ["D6E7E6", "H7G7"]


def test_without_the_press_the_same_hand_may_still_amend_its_move():
    # The same steps with no press: within the amend window, F7 back on E7 is Black's own
    # correction (D6E6), and H7 to F7 is then White's move on that position.
    from controller.rules.abalone import ABALONE

    state = ABALONE.parse_position(BROADSIDE)
    script = [{"t": 0.5, "lift": "D6"}, {"t": 0.9, "place": "E6"},
              {"t": 1.6, "lift": "E7"}, {"t": 1.63, "place": "F7"},
              {"t": 3.1, "lift": "F7"}, {"t": 3.7, "place": "E7"},
              {"t": 4.3, "lift": "H7"}, {"t": 4.7, "place": "F7"}]
    sim = simulate(script, state=state, tail=4.0)
    assert sim.final_moves() == ["D6E6", "H7G7"]
