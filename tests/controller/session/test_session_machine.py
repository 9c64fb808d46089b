"""Every game's session driven by random sensor, button, phone and clock events (hypothesis's
``RuleBasedStateMachine``), with invariants checked after every step:

* nothing commits that the reading does not show (after a move is taken, the board reads the
  new position, unless a take-back came in the same breath);
* one commit per ply (an amendment replaces the last, a take-back goes back);
* the lights and the table's words never show what a hidden hand allows: a twin session whose
  mover holds other hidden cards shows the same frames and says the same to the table, event
  for event, until a phone speaks or a move is taken;
* a board that disagrees with the game, left alone, always ends in correction or a prompt
  (or is a move on its way, which the lights hint).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

from controller.physical import SenseMode
from controller.rules.capabilities import hand_hidden
from controller.session.actions import parse_action
from controller.session.events import (
    ButtonPress,
    Committed,
    Handled,
    InEvent,
    LedsShown,
    OutEvent,
    PhoneAction,
    Rejected,
    StableScan,
    TakenBack,
    Tick,
)
from controller.session.handplan import Step, hand_steps
from controller.session.judge import moving
from controller.session.session import GameSession, Mode
from controller.session.turn import Correcting, InProgress, TakebackOffered
from hardware.simboard import SimulatedBoard, SimulationError, default_spec
from tests.support.games import every_manifest

META = ("resign", "draw", "time")
QUIET = 8.0  # seconds without events: longer than every timer of the session


class SessionMachine(RuleBasedStateMachine):
    game_name = "abalone"
    variant: str | None = None
    sense = SenseMode.PRESENCE

    @initialize(seed=st.integers(0, 2**16))
    def start(self, seed: int) -> None:
        self.game = every_manifest()[self.game_name].game
        variant = self.game.variant(self.variant).name
        state = self.game.setup(variant, seed=seed)
        self.spec = default_spec(self.game, variant, self.sense)
        self.board = SimulatedBoard(self.spec, self.game.layout(state), self.game, variant)
        self.session = GameSession(self.game, self.spec, state)
        self.rng = random.Random(seed)
        self.t = 0.0
        self.plan: list[Step] = []
        self.ply = 0
        self.twin: GameSession | None = None
        self._send(StableScan(self.t, self.board.scan(self.t)))
        assert self.session.mode is Mode.PLAYING
        self._new_twin()

    # ---- sending events -----------------------------------------------------------------

    def _send(self, event: InEvent) -> Handled:
        handled = self.session.handle(event)
        self._check_commits(handled.events)
        self._check_twin(event, handled)
        return handled

    def _scan(self) -> None:
        self.t += 0.02
        self._send(StableScan(self.t, self.board.scan(self.t)))

    def _check_commits(self, out: list[OutEvent]) -> None:
        took_back = False
        for e in out:
            if isinstance(e, Committed):
                if e.amends:
                    assert e.ply == self.ply, f"{e.move} amends but is ply {e.ply}"
                elif not e.move.startswith(META):
                    assert e.ply == self.ply + 1, f"{e.move} is ply {e.ply} after {self.ply}"
                self.ply = e.ply
            elif isinstance(e, TakenBack):
                took_back = True
                self.ply = e.ply
        last = [e for e in out if isinstance(e, (Committed, TakenBack))]
        if last and isinstance(last[-1], Committed) and not took_back \
                and not last[-1].move.startswith(META):
            s = self.session
            assert s.index.reading == s.reading, (
                f"{last[-1].move} committed ({last[-1].how}) but the board reads "
                f"{sorted(s.index.diff_of(s.reading))}")

    # ---- the twin: another hidden hand, the same table -------------------------------------

    def _new_twin(self) -> None:
        s = self.session
        mover = s.to_move
        self.twin = None
        if mover is None or s.mode is not Mode.PLAYING or not hand_hidden(self.game, s.state) \
                or s.turn.declarations(mover):
            return
        observer = next(x for x in self.game.seats(s.state) if x != mover)
        other = self.game.sample_hidden(s.state, observer, self.rng)
        if self.game.view(other, mover) == self.game.view(s.state, mover):
            return  # the draw gave the same hand
        twin = copy.deepcopy(s)
        twin.state = other  # the same table, the same turn so far; another hidden hand
        self.twin = twin

    def _check_twin(self, event: InEvent, handled: Handled) -> None:
        out = handled.events
        twin = self.twin
        if twin is None:
            if any(isinstance(e, (Committed, TakenBack)) for e in out):
                self._new_twin()
            return
        if any(isinstance(e, (Committed, TakenBack)) for e in out):
            self._new_twin()  # a new turn begins
            return
        if isinstance(event, PhoneAction):
            self.twin = None  # a phone may speak of its hand: compare again next turn
            return
        theirs = twin.handle(event)
        assert _table(handled) == _table(theirs), (
            f"the table learns the hand: {_table(handled)} != {_table(theirs)}")

    # ---- rules ----------------------------------------------------------------------------

    @rule(data=st.data())
    def hand_step(self, data: st.DataObject) -> None:
        """One lift or place of a legal move, in an order a person could use."""
        s = self.session
        if not self.plan:
            if s.mode is not Mode.PLAYING or self.game.outcome(s.state) is not None:
                return
            moves = list(self.game.legal_moves(s.state))
            if not moves:
                return
            move = data.draw(st.sampled_from(moves))
            self.plan = hand_steps(self.game.effect(s.state, move), self.rng,
                                   before=self.game.layout(s.state))
            if not self.plan:
                return  # no piece moves (a card played, a pass): the phone makes it
        step = self.plan.pop(0)
        try:
            if step.action == "lift":
                self.board.lift(step.position, self.t)
            else:
                self.board.place(step.position, self.t, step.piece)
        except SimulationError:
            self.plan = []  # the board was disturbed by a stray hand: give this move up
            return
        self._scan()

    @rule(data=st.data(), then=st.sampled_from(["nothing", "press", "wait", "declare"]))
    def whole_move(self, data: st.DataObject, then: str) -> None:
        """A legal move carried out piece by piece; then the button, a pause, or nothing."""
        s = self.session
        if s.mode is not Mode.PLAYING or self.game.outcome(s.state) is not None:
            return
        moves = list(self.game.legal_moves(s.state))
        if not moves:
            return
        move = data.draw(st.sampled_from(moves))
        fp = s.index.footprint(move)
        if then == "declare" and (fp.facets or not fp.diff):
            seat = s.to_move or ""
            said = ({"type": "declare", "facets": dict(fp.facets)} if fp.facets
                    else {"type": "move", "move": fp.text})
            self.t += 0.05
            self._send(PhoneAction(self.t, seat, parse_action(said)))
        self.plan = hand_steps(self.game.effect(s.state, move), self.rng,
                               before=self.game.layout(s.state))
        while self.plan:
            self.hand_step(data)
        if then == "press":
            self.press_end_turn()
        elif then == "wait":
            self.time_passes(2.0)

    @rule(data=st.data())
    def stray_hand(self, data: st.DataObject) -> None:
        """A piece lifted, or put down somewhere, out of any plan."""
        layout = self.board.layout()
        sensed = [p for p in self.spec.sensed if p in layout]
        if self.board.hand and data.draw(st.booleans()):
            target = data.draw(st.sampled_from(sorted(self.spec.sensed)))
            self.board.place(target, self.t)
        elif sensed:
            self.board.lift(data.draw(st.sampled_from(sorted(sensed))), self.t)
        self.plan = []
        self._scan()

    @rule()
    def press_end_turn(self) -> None:
        self.t += 0.05
        self._send(ButtonPress(self.t, "end-turn"))

    @rule(data=st.data())
    def phone(self, data: st.DataObject) -> None:
        s = self.session
        seats = list(self.game.seats(s.state))
        seat = data.draw(st.sampled_from(seats))
        choices = [c for p in s.prompts if p.seat == seat for c in p.choices]
        kinds = ["end-turn", "cancel"] + (["choose"] if choices else []) + ["declare", "move"]
        kind = data.draw(st.sampled_from(kinds))
        action: dict[str, Any] = {"type": kind}
        if kind == "choose":
            action["move"] = data.draw(st.sampled_from(choices))
        elif kind in ("declare", "move"):
            moves = list(self.game.legal_moves(s.state)) if s.mode is Mode.PLAYING else []
            if not moves:
                return
            fp = s.index.footprint(data.draw(st.sampled_from(moves)))
            if kind == "declare":
                if not fp.facets:
                    return
                action["facets"] = dict(fp.facets)
            else:
                action["move"] = fp.text
        self.t += 0.05
        self._send(PhoneAction(self.t, seat, parse_action(action)))

    @rule(seconds=st.sampled_from([0.05, 0.3, 1.0, 2.0]))
    def time_passes(self, seconds: float) -> None:
        self.t += seconds
        self._send(Tick(self.t))

    @rule()
    def everybody_walks_away(self) -> None:
        """Nobody touches anything for longer than every timer: a board that disagrees with
        the game ends in correction or a prompt (or is a move on its way, hinted)."""
        s = self.session
        for _ in range(4):
            self.t += QUIET / 4
            self._send(Tick(self.t))
        if s.mode is not Mode.PLAYING or not s.reading:
            return
        diff = s.index.diff_of(s.reading)
        if not diff:
            return
        phase = s.turn.phase
        said = [p for p in s.prompts if p.kind in (
            "correction", "illegal", "choose", "private", "takeback", "computer")]
        on_its_way = isinstance(phase, InProgress) and moving(
            s.index, diff, s.reading, s._situation(self.t))
        assert isinstance(phase, (Correcting, TakebackOffered)) or said or on_its_way, (
            f"silent stall: the board reads {sorted(diff)} in phase {phase}")


def _table(handled: Handled) -> list[Any]:
    """What the table sees of what an event came to: the lights, the answers to the board's
    button, and the words standing for the table."""
    seen: list[Any] = []
    for e in handled.events:
        if isinstance(e, LedsShown):
            seen.append((e.frame, e.reason))
        elif isinstance(e, Rejected) and e.seat is None:
            seen.append(("refused", e.reason))
    seen.extend((p.kind, p.message, p.choices) for p in handled.snapshot.prompts_for(None))
    return seen


# Every game (the shipped ones and the suite's own) at its default variant on its own board's
# sensing, then the variants and sensors that play differently.
CASES = [*((name, None, SenseMode(m.sensing)) for name, m in every_manifest().items()),
         ("abalone", "belgian-daisy", SenseMode.POLARITY), ("drhombix", "ant-square",
                                                             SenseMode.PRESENCE),
         ("rhombus", "formation", SenseMode.PRESENCE)]


@pytest.mark.parametrize(("game", "variant", "sense"), CASES,
                         ids=[f"{g}-{v or 'default'}-{s.value}" for g, v, s in CASES])
def test_the_session_keeps_its_promises(game: str, variant: str | None, sense: SenseMode) -> None:
    machine = type(f"Machine_{game}", (SessionMachine,),
                   {"game_name": game, "variant": variant, "sense": sense})
    test = machine.TestCase
    test.settings = settings(max_examples=40, stateful_step_count=40, deadline=None,
                             suppress_health_check=list(HealthCheck))
    test("runTest").runTest()
