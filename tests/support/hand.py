"""A player's hands and phone making a move on the simulated board of a running service."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from boardlight.service import Service
from controller.session.actions import parse_action

ByHand = Callable[[Service, Any, Any, random.Random], None]
"""Carries out a move's effect on the simulated board: (service, effect, layout before, rng)."""


def carry_out(service: Service, text: str, rng: random.Random, by_hand: ByHand) -> None:
    """Do move ``text`` as a player would: say on the phone what no sensor sees, move the
    pieces (``by_hand``, at the caller's pace), and press end-turn when the move could still
    grow or shows only through touches."""
    session = service.runner.session
    game, state = session.game, session.state
    seat = session.to_move
    move = next(m for m in game.legal_moves(state) if game.move_text(m) == text)
    fp = next(f for f in session.index.footprints if f.text == text)
    declared = session.turn.declarations(seat).move == text
    twins = [f for f in session.index.footprints if f.diff == fp.diff and f is not fp]
    if not fp.diff or (twins and not declared):
        # No sensor sees it, or the reading cannot tell it from another move (a Plimus
        # stone or a whole double leaving an unsensed pole): the phone says which.
        service.phone(seat, parse_action({"type": "move", "move": text}))
        if not fp.diff:
            return
    elif fp.facets and not declared:
        service.phone(seat, parse_action({"type": "declare", "facets": dict(fp.facets)}))
    by_hand(service, game.effect(state, move), game.layout(state), rng)
    if session.index.extensions(fp) or fp.touched - fp.changed:
        service.press("end-turn")


def read_step_by_step(service: Service, effect: Any, before: Any, rng: random.Random) -> None:
    """A ``ByHand`` in real time: a move's effect on the simulated board, each step read by
    the sensors before the next (a hand is never faster than the sensors)."""
    from controller.session.handplan import hand_steps

    assert service.sim is not None
    session = service.runner.session
    sensors = set(service.sim.spec.sensors)
    for step in hand_steps(effect, rng, before=before):
        if step.action == "lift":
            service.sim_lift(step.position)
        else:
            service.sim_place(step.position, step.piece)
        if step.position in sensors:
            version = service.table.version
            until = time.monotonic() + 5
            while session.reading.get(step.position) != service.sim.value(step.position):
                assert time.monotonic() < until, f"the board never read {step}"
                version = service.table.wait_for(version, 0.01)
