"""Moves the sensors cannot tell apart, phone choices, and lights that never tell a hand."""

from __future__ import annotations

import pytest

from controller.rules.abalone import ABALONE
from controller.rules.base import Termination
from controller.said import Who
from controller.session.events import GameOver, LinkStatus, StableScan
from controller.session.session import GameSession, SessionConfig
from hardware.simboard import default_spec
from tests.pipeline.support import Prompt, Rejected, commits, frame_at, of, said, simulate
from tests.support.toygame import TOY, ToyState

# Seed 3 deals n a red and a blue token: laying one, the board cannot say which.
MIXED = TOY.setup(seed=3)


def lay(t: float, cell: str, token: str) -> list[dict]:
    return [{"t": t, "place": cell, "piece": token}]


def test_two_moves_with_one_reading_ask_the_mover_only_and_blink():
    assert sorted(MIXED.hands[0]) == ["b", "r"]
    sim = simulate(lay(0.5, "c3", "r"), game=TOY, state=MIXED)
    assert commits(sim) == []
    [ask] = [p for p in of(sim, Prompt) if p.kind == "choose" and p.message]
    assert ask.seat == "n" and set(ask.choices) == {"r@c3", "b@c3"}
    # Asked once the player pauses (the settle time), and from then the cell blinks.
    assert ask.t == pytest.approx(0.515 + SessionConfig().settle, abs=0.01)
    shown = frame_at(sim, 2.0)
    assert shown.reason == "ambiguous" and shown.lights["c3"].blink


def test_the_phone_choice_commits():
    script = lay(0.5, "c3", "r") + [
        {"t": 1.0, "phone": {"seat": "s", "type": "choose", "move": "r@c3"}},
        {"t": 1.2, "phone": {"seat": "n", "type": "choose", "move": "x@c3"}},
        {"t": 1.5, "phone": {"seat": "n", "type": "choose", "move": "r@c3"}}]
    sim = simulate(script, game=TOY, state=MIXED)
    [c] = commits(sim)
    assert (c.move, c.how, c.seat) == ("r@c3", "phone", "n")
    wrong_seat, not_shown = of(sim, Rejected)
    assert "it is North's turn, not South's" in said(wrong_seat, TOY)
    assert said(not_shown, TOY) == ("that is not a move the board shows now (it shows: laid a "
                                    "blue token on c3; laid a red token on c3)")
    assert not [p for p in sim.session.prompts if p.kind == "choose"]  # no question left


def test_declaring_before_moving_commits_at_once():
    script = [{"t": 0.2, "phone": {"seat": "n", "type": "declare", "facets": {"token": "b"}}}]
    sim = simulate(script + lay(0.5, "c3", "b"), game=TOY, state=MIXED)
    [c] = commits(sim)
    assert c.move == "b@c3" and c.t - 0.5 < 0.1


def test_a_malformed_phone_action_changes_nothing_and_says_why():
    bad = [{"t": 0.2, "phone": {"seat": "n", "type": "declare", "facets": "red"}},
           {"t": 0.3, "phone": {"seat": "n", "type": "fly"}},
           {"t": 0.4, "phone": {"seat": "zz", "type": "end-turn"}},
           {"t": 0.5, "phone": {"seat": "n", "type": "move", "move": "q@c9"}}]
    sim = simulate(bad, game=TOY, state=MIXED)
    reasons = [said(r, TOY) for r in of(sim, Rejected)]
    assert "'facets'" in reasons[0] and "unknown action type 'fly'" in reasons[1]
    assert "'zz' is not a seat" in reasons[2] and "not a toy move" in reasons[3]
    assert commits(sim) == [] and sim.session.turn.declared == {}


def test_lights_and_the_table_never_depend_on_a_hidden_hand():
    # Two deals that differ only in n's hidden hand: one can lay either colour (two readings),
    # the other only red (one).  Both wait for n's phone; the lights and every public event
    # are the same, frame by frame, so the table learns nothing about the hand.
    other = ToyState(MIXED.cells, MIXED.owners, (("r", "r"), MIXED.hands[1]), MIXED.bag, 0)
    script = [{"t": 0.5, "place": "c2", "piece": "r"}]
    a = simulate(script, game=TOY, state=MIXED)
    b = simulate(script, game=TOY, state=other)
    public = lambda sim: [(o.t, o.frame) if type(o).__name__ == "LedsShown" else o  # noqa
                          for o in sim.outputs if getattr(o, "seat", None) != "n"]
    assert public(a) == public(b)
    assert commits(a) == commits(b) == []
    [ask_b] = [p for p in of(b, Prompt) if p.kind == "choose" and p.message]
    assert ask_b.seat == "n" and ask_b.choices == ("r@c2",)


def test_a_move_declared_on_the_phone_waits_for_the_board_to_agree():
    script = [{"t": 0.2, "phone": {"seat": "n", "type": "move", "move": "b@c5"}}]
    sim = simulate(script + lay(0.5, "c5", "r"), game=TOY, state=MIXED)
    # The board shows a token on c5; the phone said blue: that is the move.
    [c] = commits(sim)
    assert (c.move, c.t > 0.5) == ("b@c5", True)


def test_resign_and_draw_from_the_phones():
    sim = simulate([{"t": 0.2, "phone": {"seat": "w", "type": "resign"}}])
    [over] = of(sim, GameOver)
    assert over.winners == ("b",) and over.outcome.termination is Termination.RESIGNED
    assert dict(over.outcome.params)["who"] == Who("w")
    drawn = simulate([{"t": 0.2, "phone": {"seat": "b", "type": "draw", "offer": True}},
                      {"t": 0.4, "phone": {"seat": "b", "type": "draw", "accept": True}},
                      {"t": 0.6, "phone": {"seat": "w", "type": "draw", "accept": True}}])
    [refused] = of(drawn, Rejected)
    assert "nobody has offered" in said(refused)
    [over] = of(drawn, GameOver)
    assert over.winners == () and over.outcome.termination is Termination.AGREED


def test_nothing_is_committed_while_the_link_is_down_and_play_resumes_after():
    spec = default_spec(ABALONE)
    session = GameSession(ABALONE, spec, ABALONE.setup())
    start = tuple(1 if ABALONE.layout(ABALONE.setup()).get(p) else 0 for p in spec.sensors)
    session.handle(StableScan(0.1, start))
    assert session.mode.value == "playing"
    out = session.handle(LinkStatus(0.2, False, "USB unplugged"))
    assert out.snapshot.mode.value == "disconnected"
    moved = list(start)
    moved[spec.sensor_index["A1"]] = 0
    moved[spec.sensor_index["D4"]] = 1
    assert not any(type(o).__name__ == "Committed"
                   for o in session.handle(StableScan(0.3, tuple(moved))).events)
    session.handle(LinkStatus(0.4, True, "board back"))
    out = session.handle(StableScan(0.5, tuple(moved)))
    assert [o.move for o in out.events if type(o).__name__ == "Committed"] == ["A1B2"]


def test_a_move_that_could_grow_when_the_link_drops_is_not_stalled_at_once():
    # The first marble of a broadside (C3 to D3) waits to grow; the cable is pulled at 30 s.
    # The move is on its way again from then: the stall time counts from the pull, not from
    # the start of the game.
    from controller.session.events import Tick
    from controller.session.turn import InProgress
    spec = default_spec(ABALONE)
    session = GameSession(ABALONE, spec, ABALONE.setup())
    start = tuple(1 if ABALONE.layout(ABALONE.setup()).get(p) else 0 for p in spec.sensors)
    session.handle(StableScan(0.1, start))
    moved = list(start)
    moved[spec.sensor_index["C3"]] = 0
    moved[spec.sensor_index["D3"]] = 1
    session.handle(StableScan(30.0, tuple(moved)))
    assert type(session.turn.phase).__name__ == "Provisional"
    session.handle(LinkStatus(30.1, False, "USB unplugged"))
    session.handle(Tick(30.2))
    assert isinstance(session.turn.phase, InProgress) and not session.turn.phase.stalled
    session.handle(Tick(30.1 + SessionConfig().stall + 0.1))
    assert isinstance(session.turn.phase, InProgress) and session.turn.phase.stalled
