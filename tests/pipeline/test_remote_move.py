"""A move made at another board (remote play): lit and said for a human here to carry out,
nothing else taken for that seat meanwhile, and the clocks stopped while that board is away."""

from __future__ import annotations

import pytest

from controller.session.events import RemoteMove, RemoteReach, RemoteSeats
from controller.session.mode import Mode
from tests.pipeline.support import Correction, Prompt, commits, frame_at, moves, of, said, simulate


def _steps(lines):
    import json

    from boardlight.simulation import parse_script
    return parse_script(json.dumps(x) for x in lines)


def remote_black(sim):
    sim.step_to(0.2)
    sim.post(RemoteSeats(sim.t, {"b": "Anna's board"}))
    return sim


def test_the_seat_to_move_at_the_other_board_is_waited_for_in_words():
    sim = remote_black(simulate([], tail=0.0))
    sim.step_to(0.4)
    [waiting] = [p for p in of(sim, Prompt) if p.kind == "remote" and p.message]
    assert said(waiting) == "Black plays at Anna's board: waiting for their move."
    assert sim.session.snapshot.remote == {"b": "Anna's board"}


def test_no_move_of_that_seat_made_here_is_taken_before_its_move_arrives():
    sim = remote_black(simulate([], tail=0.0))
    sim.schedule(_steps(moves((0.5, "lift", "A1"), (0.8, "place", "D4"))))
    sim.step_to(4.0)
    assert commits(sim) == []
    assert [c for c in of(sim, Correction) if c.active]


def test_the_move_from_the_other_board_is_said_lit_and_taken_when_carried_out():
    sim = remote_black(simulate([], tail=0.0))
    sim.step_to(0.3)
    sim.post(RemoteMove(sim.t, "b", "A1B2", 0, "Anna's board"))
    sim.step_to(0.5)
    [shown] = [p for p in of(sim, Prompt) if p.kind == "computer" and p.message]
    assert said(shown) == ("Black played at Anna's board: moved the black marbles on A1, B2, "
                           "and C3 in line to B2, C3, and D4. Take: black marble off A1. Put: "
                           "black marble on D4. The lights blink where to take from.")
    assert frame_at(sim, 0.5).reason == "computer's move"
    sim.schedule(_steps(moves((0.8, "lift", "A1"), (1.0, "place", "D4"))))
    sim.step_to(3.0)
    assert [c.move for c in commits(sim)] == ["A1B2"]


def test_a_move_that_is_not_legal_here_is_refused_as_a_disagreement():
    from controller.session.events import Rejected
    sim = remote_black(simulate([], tail=0.0))
    sim.step_to(0.3)
    sim.post(RemoteMove(sim.t, "b", "A1A2", 0, "Anna's board"))
    sim.step_to(0.5)
    [no] = of(sim, Rejected)
    assert no.reason.key == "remote.illegal" and no.reason["board"] == "Anna's board"
    assert sim.session.computer_move is None


def test_the_clocks_stop_while_the_other_board_is_away_and_go_on_when_it_is_back():
    from controller.session.clock import TimeControl
    from controller.session.session import SessionConfig
    sim = simulate([], tail=0.0, config=SessionConfig(clock=TimeControl(300, 0)))
    sim.step_to(0.2)
    sim.post(RemoteSeats(sim.t, {"w": "Anna's board"}))
    sim.step_to(1.0)
    assert sim.session.mode is Mode.PLAYING and sim.session.clocks.running == "b"
    sim.post(RemoteReach(sim.t, "Anna's board", False))
    sim.step_to(11.0)
    left = sim.session.clocks.left["b"]
    [away] = [p for p in of(sim, Prompt) if p.kind == "remote" and p.message
              and p.message.key == "remote.away"]
    assert said(away).startswith("Anna's board cannot be reached: the clocks are stopped")
    sim.step_to(21.0)
    assert sim.session.clocks.left["b"] == left and sim.session.clocks.running is None
    sim.post(RemoteReach(sim.t, "Anna's board", True))
    sim.step_to(26.0)
    assert sim.session.clocks.running == "b"
    assert sim.session.clocks.to_json(sim.t)["left"]["b"] < left - 4


# ---- the host board's position, taken by the guest board --------------------------------------

def test_the_hosts_position_with_other_hidden_parts_is_taken_and_nothing_moves():
    import random

    from controller.rules.crosswise import CROSSWISE
    from controller.session.events import Dealt, RemotePosition
    sim = simulate([], game=CROSSWISE, state=CROSSWISE.setup(seed=3), tail=0.0)
    sim.step_to(0.5)
    before = sim.session.state
    dealt = CROSSWISE.sample_hidden_for(before, ["green"], random.Random(9))
    text = CROSSWISE.position_text(dealt)
    assert text != CROSSWISE.position_text(before)
    sim.post(RemotePosition(sim.t, 0, text, "Anna's board"))
    sim.step_to(3.0)
    [taken] = of(sim, Dealt)
    assert taken.agreed and taken.ply == 0
    assert CROSSWISE.position_text(sim.session.state) == text
    assert CROSSWISE.view(sim.session.state, "green") == CROSSWISE.view(before, "green")
    assert not [c for c in of(sim, Correction) if c.active]


def test_a_position_of_another_ply_is_not_taken():
    from controller.session.events import Dealt, RemotePosition
    sim = simulate([], tail=0.0)
    sim.step_to(0.5)
    other = "a position never read"
    sim.post(RemotePosition(sim.t, 3, other, "Anna's board"))
    sim.step_to(1.0)
    assert of(sim, Dealt) == [] and sim.session.ply == 0


def test_a_position_that_disagrees_is_taken_and_the_board_guided_to_it():
    from controller.rules.abalone import ABALONE
    from controller.session.events import Dealt, RemotePosition
    sim = simulate([], tail=0.0)
    sim.step_to(0.5)
    start = sim.session.state
    moved = ABALONE.apply(start, ABALONE.parse_move(start, "A1B2"))
    # Black to move still, but a marble stands on D4 instead of A1 on the host board.
    text = ABALONE.position_text(moved).replace(" w 0 0", " b 0 0")
    sim.post(RemotePosition(sim.t, 0, text, "Anna's board"))
    sim.step_to(4.0)
    [taken] = of(sim, Dealt)
    assert not taken.agreed
    on = [c for c in of(sim, Correction) if c.active]
    assert on and set(on[-1].pairs) == {("A1", "D4")}


def test_an_unreadable_position_is_refused_and_changes_nothing():
    from controller.session.events import Rejected, RemotePosition
    sim = simulate([], tail=0.0)
    sim.step_to(0.5)
    sim.post(RemotePosition(sim.t, 0, "no position at all", "Anna's board"))
    sim.step_to(1.0)
    [no] = of(sim, Rejected)
    assert no.reason.key == "remote.unreadable" and sim.session.ply == 0


def test_a_move_changed_there_before_it_is_carried_out_here_replaces_the_one_shown():
    sim = remote_black(simulate([], tail=0.0))
    sim.step_to(0.3)
    sim.post(RemoteMove(sim.t, "b", "A1B2", 0, "Anna's board"))
    sim.step_to(0.5)
    sim.post(RemoteMove(sim.t, "b", None, 0, "Anna's board"))   # the hand there went on
    sim.post(RemoteMove(sim.t, "b", "C3D3", 0, "Anna's board"))
    sim.step_to(0.7)
    shown = [p for p in of(sim, Prompt) if p.kind == "computer" and p.message]
    assert said(shown[-1]).startswith("Black played at Anna's board: moved the black marble "
                                      "on C3")
    sim.schedule(_steps(moves((0.9, "lift", "C3"), (1.1, "place", "D3"))))
    sim.step_to(3.0)
    assert [c.move for c in commits(sim)] == ["C3D3"]


def test_a_clock_fallen_on_the_other_board_ends_the_game_here_too():
    from controller.session.events import GameOver, RemoteFlag
    sim = remote_black(simulate([], tail=0.0))
    sim.step_to(0.5)
    sim.post(RemoteFlag(sim.t, "w"))   # white plays here: not the other board's to say
    sim.step_to(0.7)
    assert of(sim, GameOver) == []
    sim.post(RemoteFlag(sim.t, "b"))
    sim.step_to(1.0)
    [over] = of(sim, GameOver)
    assert over.outcome.winners == ("w",) and over.outcome.termination.value == "time"


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_what_remote_play_says_reads_in_the_players_language(lang):
    """The remote prompts and refusals in German and French: no English message of the
    catalog in them (the other board's name is the only text not translated)."""
    from controller.said import Message
    from tests.web_ui.english import english_patterns
    from web_ui.words import words
    sim = remote_black(simulate([], tail=0.0))
    sim.step_to(0.3)
    sim.post(RemoteMove(sim.t, "b", "A1B2", 0, "Anna's board"))
    sim.step_to(0.5)
    [shown] = [p for p in of(sim, Prompt) if p.kind == "computer" and p.message]
    said_here = [words(shown.message, sim.session.game, lang)] + [
        words(Message.of(key, seat="b", board="Anna's board"), sim.session.game, lang)
        for key in ("remote.waiting", "remote.away", "remote.illegal", "remote.unreadable")]
    for text in said_here:
        assert "Anna's board" in text
        found = [e for e, pattern in english_patterns(lang) if pattern.search(text)]
        assert not found, (text, found)


def test_a_game_ended_here_is_not_undone_by_the_hosts_position_from_before_the_end():
    from controller.rules.abalone import ABALONE
    from controller.session.actions import ResignAction
    from controller.session.events import Dealt, PhoneAction, RemotePosition
    sim = remote_black(simulate([], tail=0.0))
    sim.step_to(0.5)
    before = ABALONE.position_text(sim.session.state)
    sim.post(PhoneAction(sim.t, "w", ResignAction()))
    sim.step_to(0.7)
    assert sim.session.mode.value == "over"
    sim.post(RemotePosition(sim.t, sim.session.ply, before, "Anna's board"))
    sim.step_to(1.0)
    assert of(sim, Dealt) == [] and sim.session.mode.value == "over"
