"""A take-back needs the other side's consent: an opponent's phone (any opponent in a team
game), or the table's End turn when no phone of the other side is joined.  The side that
asked (or made the moves the board takes back) may only withdraw it."""

from __future__ import annotations

from controller.rules.abalone import ABALONE
from controller.session.actions import AnswerTakeback, RequestTakeback
from controller.session.events import ButtonPress, PhoneAction, PhonesJoined
from tests.pipeline.support import (
    Prompt,
    Rejected,
    TakenBack,
    frames,
    moves,
    of,
    said,
    simulate,
)

# Black plays A1B2; the sensors take it, and after a few seconds it is final.
PLAYED = moves((0.5, "lift", "A1"), (0.8, "place", "D4"))


def played(*, joined: tuple[str, ...] = (), game=ABALONE, state=None, script=PLAYED):
    sim = simulate(script, game=game, state=state, tail=4.0)
    sim.post(PhonesJoined(sim.t, frozenset(joined)))
    return sim


def ask(sim, seat: str) -> None:
    sim.post(PhoneAction(sim.t, seat, RequestTakeback()))


def answer(sim, seat: str, accept: bool = True) -> None:
    sim.post(PhoneAction(sim.t, seat, AnswerTakeback(accept)))


def refusals(sim) -> list[str]:
    return [said(r) for r in of(sim, Rejected)]


def offer(sim) -> str:
    return said([p for p in of(sim, Prompt) if p.kind == "takeback"][-1])


def test_the_mover_cannot_approve_their_own_request_the_other_phone_does():
    sim = played(joined=("b", "w"))
    ask(sim, "b")
    assert offer(sim) == ("Black asks to take back this move: moved the black marbles on A1, "
                          "B2, and C3 in line to B2, C3, and D4. White answers on their phone.")
    answer(sim, "b")
    sim.post(ButtonPress(sim.t, "end-turn"))  # the table does not answer for a joined phone
    assert refusals(sim) == ["Black asked: White answers on their phone"] * 2
    assert of(sim, TakenBack) == [] and sim.session.ply == 1
    # Meanwhile the lights show what it would take back (not the last move as it stood).
    assert sim.session.lights and frames(sim)[-1].reason == "take-back offered"
    answer(sim, "w")
    [undone] = of(sim, TakenBack)
    assert undone.ply == 0 and sim.session.ply == 0


def test_the_asker_may_withdraw_the_request():
    sim = played(joined=("b", "w"))
    ask(sim, "b")
    answer(sim, "b", accept=False)
    assert refusals(sim) == [] and of(sim, TakenBack) == []
    assert [p for p in of(sim, Prompt) if p.kind == "takeback"][-1].message is None


def test_with_no_phone_of_the_other_side_the_table_answers():
    sim = played(joined=("b",))
    ask(sim, "b")
    assert offer(sim).endswith("White has no phone joined: End turn on the table takes it back.")
    answer(sim, "b")
    assert refusals(sim) == ["Black asked: the other side answers; White has no phone joined, "
                             "so End turn on the table takes it back"]
    sim.post(ButtonPress(sim.t, "end-turn"))
    assert [u.ply for u in of(sim, TakenBack)] == [0]


def test_a_phone_joining_takes_the_answer_from_the_table():
    sim = played(joined=())
    ask(sim, "b")
    sim.post(PhonesJoined(sim.t, frozenset({"w"})))
    assert offer(sim).endswith("White answers on their phone.")
    sim.post(ButtonPress(sim.t, "end-turn"))
    assert refusals(sim) == ["Black asked: White answers on their phone"]
    assert of(sim, TakenBack) == []


def test_a_take_back_the_board_offers_needs_the_side_that_did_not_make_the_move():
    # The marble put back well after the move was final: the board shows the position before
    # it.  Black made the move, so White answers; Black's own yes is refused.
    back = PLAYED + moves((4.0, "lift", "D4"), (4.3, "place", "A1"))
    sim = played(joined=("b", "w"), script=back)
    assert offer(sim).endswith("White answers on their phone.")
    answer(sim, "b")
    assert refusals(sim) == ["the other side answers a take-back: White, on their phone"]
    answer(sim, "w")
    assert [u.ply for u in of(sim, TakenBack)] == [0]


def test_in_a_team_game_any_opponent_answers_and_no_partner():
    # Four players, two teams (black and white against red and green... as the variant
    # pairs them): the asker's partner may not approve; either opponent may.
    state = ABALONE.setup("four-player")
    seats = ABALONE.seats(state)
    mover = ABALONE.to_move(state)
    partner = next(s for s in seats if s != mover and ABALONE.same_side(state, s, mover))
    opponents = [s for s in seats if not ABALONE.same_side(state, s, mover)]
    move = ABALONE.legal_moves(state)[0]
    effect = ABALONE.effect(state, move)
    script = ([{"t": 0.5, "lift": c.position} for c in effect.changes if not c.after]
              + [{"t": 0.8, "place": c.position} for c in effect.changes if c.after])
    sim = played(joined=tuple(seats), state=state, script=script)
    assert sim.session.ply == 1
    ask(sim, mover)
    answer(sim, partner)
    assert len(refusals(sim)) == 1 and of(sim, TakenBack) == []
    answer(sim, opponents[-1])
    assert [u.ply for u in of(sim, TakenBack)] == [0]
