"""The computer's move on the board: lit for a human to carry out, and nothing else accepted."""

from __future__ import annotations

from controller.rules.abalone import ABALONE
from controller.session import lights
from controller.session.events import ComputerMove
from tests.controller.rules.abalone_positions import position
from tests.pipeline.support import Correction, Prompt, commits, frame_at, moves, of, said, simulate


def announced(sim, move="A1B2", seat="b", ply=0):
    sim.step_to(0.3)
    sim.post(ComputerMove(sim.t, seat, move, ply))
    return sim


def test_the_computers_move_is_lit_from_and_to_and_said_in_words():
    sim = announced(simulate([], tail=0.0))
    sim.step_to(0.6)
    shown = frame_at(sim, 0.6)
    assert shown.reason == "computer's move"
    assert shown.lights["A1"] == lights.COMPUTER_FROM and shown.lights["D4"] == lights.COMPUTER_TO
    [words] = [p for p in of(sim, Prompt) if p.kind == "computer"]
    assert words.seat is None and words.choices == ("A1B2",)
    assert said(words) == ("Black (computer): moved the black marbles on A1, B2, and C3 in line "
                           "to B2, C3, and D4. Take: black marble off A1. Put: black marble on "
                           "D4. The lights blink where to take from.")


def test_the_human_carrying_it_out_commits_it():
    sim = announced(simulate([], tail=0.0))
    sim.schedule(_steps(moves((0.5, "lift", "A1"), (0.8, "place", "D4"))))
    sim.step_to(2.0)
    assert [c.move for c in commits(sim)] == ["A1B2"]
    assert frame_at(sim, 1.5).reason == "last move"


def test_another_move_is_not_taken_and_the_board_is_guided_back():
    sim = announced(simulate([], tail=0.0))
    sim.schedule(_steps(moves((0.5, "lift", "C3"), (0.8, "place", "D3"))))
    sim.step_to(4.0)
    assert commits(sim) == []
    on = [c for c in of(sim, Correction) if c.active]
    assert on and on[0].pairs == (("D3", "C3"),)


def test_a_stale_choice_is_ignored():
    sim = simulate([], tail=0.0)
    sim.step_to(0.3)
    sim.post(ComputerMove(sim.t, "w", "I5H5", 0))   # not white's turn
    sim.post(ComputerMove(sim.t, "b", "A1B2", 7))   # another ply
    sim.step_to(0.6)
    assert frame_at(sim, 0.6).reason != "computer's move"
    assert sim.session.computer_move is None and ABALONE.to_move(sim.session.state) == "b"


def test_the_choice_is_lit_even_while_the_board_rests_after_the_last_move():
    sim = simulate([], tail=0.0)
    sim.schedule(_steps(moves((0.3, "lift", "A1"), (0.5, "place", "D4"))))
    sim.step_to(2.5)
    assert [c.move for c in commits(sim)] == ["A1B2"] and frame_at(sim, 2.5).reason == "last move"
    sim.post(ComputerMove(sim.t, "w", "I5H5", 1))
    sim.step_to(3.0)
    shown = frame_at(sim, 3.0)
    assert shown.reason == "computer's move"
    assert shown.lights["I5"] == lights.COMPUTER_FROM


def test_a_withdrawn_choice_frees_the_seat_for_any_legal_move():
    sim = announced(simulate([], tail=0.0))
    sim.step_to(0.5)
    sim.post(ComputerMove(sim.t, "b", None, 0))   # the host gave the seat back to a person
    sim.schedule(_steps(moves((0.8, "lift", "C3"), (1.0, "place", "D3"))))
    sim.step_to(3.0)
    assert sim.session.computer_move is None
    assert [c.move for c in commits(sim)] == ["C3D3"]
    withdrawn = [p for p in of(sim, Prompt) if p.kind == "computer"]
    assert [bool(p.message) for p in withdrawn] == [True, False]


def _steps(lines):
    import json

    from boardlight.simulation import parse_script
    return parse_script(json.dumps(x) for x in lines)


# ---- the move the computer answered ---------------------------------------------------------

def test_carrying_out_the_computers_answer_never_amends_the_move_it_answered():
    """Green lays a 5 on c1 (a provisional commit: the sensors alone); the computer answers
    with a swap of that very tile.  Lifting c1 for the swap brings back the reading from before
    green's move, and putting tiles down again reads like green correcting their lay: while
    the computer's move is shown, both are that move being carried out."""
    from controller.rules.crosswise import CROSSWISE
    from hardware.profiles import load_profile
    from tests.controller.rules.crosswise_positions import position

    state = position("....../....../....../.4..../.5..../3.....", hands=("1356", "S246"))
    sim = simulate([{"t": 0.2, "phone": {"seat": "green", "type": "declare",
                                         "facets": {"tile": "5"}}},
                    {"t": 0.5, "lift": "supply-5"}, {"t": 0.8, "place": "c1"}],
                   game=CROSSWISE, state=state, spec=load_profile("crosswise").spec, tail=0.5)
    assert [(c.move, c.how) for c in commits(sim)] == [("5c1", "sensors")]
    after = sim.session.state
    sim.post(ComputerMove(sim.t, "orange", "swap c1 b3", 1, CROSSWISE.position_text(after)))
    assert sim.session.computer_move is not None
    sim.schedule(_steps(moves((1.6, "lift", "c1"), (1.9, "lift", "b3"), (2.2, "place", "c1"),
                              (2.5, "place", "b3")) + [
        {"t": 2.8, "lift": "supply-swap"}, {"t": 3.0, "place": "used-swap-1"}]))
    sim.step_to(6.0)
    assert [(c.move, c.amends) for c in commits(sim)] == [("5c1", None), ("swap c1 b3", None)]
    assert not [p for p in of(sim, Prompt) if p.kind == "takeback" and p.message]


def test_an_answer_to_a_move_since_amended_is_not_shown():
    sim = simulate([], tail=0.0)
    sim.step_to(0.3)
    start = ABALONE.position_text(sim.session.state)
    sim.post(ComputerMove(sim.t, "b", "A1B2", 0, start.replace(" b", " w")))  # another position
    assert sim.session.computer_move is None
    sim.post(ComputerMove(sim.t, "b", "A1B2", 0, start))
    assert sim.session.computer_move is not None and sim.session.computer_move.text == "A1B2"


def test_a_seat_given_back_while_the_board_is_away_is_a_persons_when_it_returns():
    from controller.session.events import LinkStatus

    sim = announced(simulate([], tail=0.0))
    sim.post(LinkStatus(sim.t, False, "cable out"))
    sim.post(ComputerMove(sim.t, "b", None, 0))   # the host gave the seat back meanwhile
    sim.post(LinkStatus(sim.t, True, "cable in"))
    assert sim.session.computer_move is None and sim.session.turn.declared == {}
    sim.schedule(_steps(moves((0.8, "lift", "C3"), (1.0, "place", "D3"))))
    sim.step_to(4.0)
    assert [c.move for c in commits(sim)] == ["C3D3"]


def test_a_second_answer_never_replaces_the_move_being_carried_out():
    sim = announced(simulate([], tail=0.0))
    sim.post(ComputerMove(sim.t, "b", "C3D3", 0))
    assert sim.session.computer_move.text == "A1B2"


RHOMBUS_ENTRY = ("....b/b..b./r..../.b..r/r.... b reserve=2,2 out=1,0 r=10S/6D,10H b=6C/9C,10C "
                 "pile=KH,AC,JC,8C,9H,KC,7C,QC,AH,9S,8S,QS,7D,JD,10D,6S,JH,KS,QH,JS,AD,KD,AS,7S "
                 "discard=6H,7H,8D,8H,9D,QD seed=0 shuffles=1 ply=33")


def test_a_computers_move_no_sensor_sees_a_step_of_stays_said_until_the_next_move():
    """Black's piece enters on a3, eliminating the red one there: on a board that reads only
    presence, a3 reads occupied before and after, so the move stands at once; the table keeps
    saying what to change by hand until the next move is made."""
    from controller.rules.rhombus import RHOMBUS

    move = "6C+9C*+10C* R-a3 xa3"
    state = RHOMBUS.parse_position(RHOMBUS_ENTRY)
    sim = simulate([], game=RHOMBUS, state=state, tail=0.0)
    sim.step_to(0.3)
    sim.post(ComputerMove(sim.t, "b", move, sim.session.ply))
    sim.step_to(1.0)
    assert [c.move for c in commits(sim)] == [move]
    entry = sim.session.history.entries[-1]
    assert entry.by_computer and not entry.footprint.diff
    shown = [p for p in of(sim, Prompt) if p.kind == "computer"]
    assert [said(p, RHOMBUS) for p in shown if p.message] and shown[-1].message is not None
    assert "a3" in said(shown[-1], RHOMBUS)
    # The next move (red discards a card: nothing on the board changes) ends the words.
    red = next(m for m in RHOMBUS.legal_moves(sim.session.state)
               if not RHOMBUS.effect(sim.session.state, m).changes)
    sim.post(ComputerMove(sim.t, "r", RHOMBUS.move_text(red), sim.session.ply))
    sim.step_to(2.0)
    assert len(commits(sim)) == 2
    assert [p for p in of(sim, Prompt) if p.kind == "computer"][-1].message is None


# ---- a move the sensors read before the hand is done -------------------------------------------

# Black's E6D5 pushes the white marble on A2 off the board: on a presence board the whole push
# reads as E6 emptied (B3 and A2 stay occupied, the tray has no sensor), so the marble lifted
# from E6 is the whole move once the settle time passes, while the hand still holds it and the
# white marble on B3 is still to go.
PUSH_OFF = position({"E6 D5 C4": "b", "B3 A2": "w", "I5 I6": "w", "G7": "b"})


def test_the_computers_move_stays_said_and_lit_until_the_hand_has_carried_it_out():
    sim = simulate([], state=PUSH_OFF, tail=0.0)
    sim.step_to(0.3)
    sim.post(ComputerMove(sim.t, "b", "E6D5", 0))
    sim.schedule(_steps(moves((0.5, "lift", "E6"), (2.5, "lift", "B3"))
                        + [{"t": 3.0, "place": "B3", "piece": "b"}]))
    sim.step_to(4.0)
    [c] = commits(sim)
    assert (c.move, c.how) == ("E6D5", "settle") and c.t < 2.0
    said_on_table = [(p.t, bool(p.message)) for p in of(sim, Prompt) if p.kind == "computer"]
    # Said when chosen, and cleared only once the hand has put the black marble on B3.
    assert [shown for _, shown in said_on_table] == [True, False]
    assert 3.0 < said_on_table[-1][0] < 3.1
    # Meanwhile the lights show what is left: B3 and White's tray, not E6 (done).
    shown = frame_at(sim, 2.2)
    assert shown.reason == "computer's move"
    assert shown.lights.get("B3") == lights.COMPUTER_TO and "E6" not in shown.lights
    assert frame_at(sim, 3.5).reason != "computer's move"


def test_the_next_players_hand_elsewhere_ends_the_computers_words():
    # The hand never lifted B3 (the marbles were slid): once the next player's hand is on
    # the board elsewhere, the computer's move gives way to the next move's own lights.
    sim = simulate([], state=PUSH_OFF, tail=0.0)
    sim.step_to(0.3)
    sim.post(ComputerMove(sim.t, "b", "E6D5", 0))
    sim.schedule(_steps(moves((0.5, "lift", "E6"), (2.5, "lift", "I5"))))
    sim.step_to(3.5)
    assert [c.move for c in commits(sim)] == ["E6D5"]
    said_on_table = [(p.t, bool(p.message)) for p in of(sim, Prompt) if p.kind == "computer"]
    assert [shown for _, shown in said_on_table] == [True, False]
    assert 2.5 < said_on_table[-1][0] < 2.6
    assert frame_at(sim, 3.0).reason == "hints"
