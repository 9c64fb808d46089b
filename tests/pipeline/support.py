"""Run the whole pipeline (simulated board -> debouncer -> session -> lights) on a script."""

from __future__ import annotations

import json
from typing import Any

from boardlight.simulation import Correction, Output, Prompt, Simulation, parse_script
from controller.rules.abalone import ABALONE
from controller.session.events import (
    Committed,
    LedsShown,
    Rejected,
    TakenBack,
)
from controller.session.session import SessionConfig
from hardware.simboard import NoiseModel, default_spec
from web_ui.words import correction as correction_words
from web_ui.words import words


def simulate(lines: list[dict[str, Any]], *, game: Any = ABALONE, state: Any = None,
             noise: int | None = None, config: SessionConfig | None = None,
             layout: Any = None, spec: Any = None, tail: float = 3.0) -> Simulation:
    state = state if state is not None else game.setup()
    spec = spec or default_spec(game, game.variant_of(state).name)
    sim = Simulation(game, spec, state, noise=NoiseModel() if noise is not None else None,
                     seed=noise or 0, config=config, board_layout=layout)
    sim.run(parse_script(json.dumps(x) for x in lines), tail=tail)
    return sim


def commits(sim: Simulation) -> list[Committed]:
    return [o for o in sim.outputs if isinstance(o, Committed)]


def of(sim: Simulation, kind: type) -> list[Output]:
    return [o for o in sim.outputs if isinstance(o, kind)]


def frames(sim: Simulation) -> list[LedsShown]:
    return of(sim, LedsShown)  # type: ignore[return-value]


def frame_at(sim: Simulation, t: float) -> LedsShown:
    """The LED frame showing at time ``t``."""
    shown = [f for f in frames(sim) if f.t <= t]
    assert shown, f"no LED frame by t={t}"
    return shown[-1]


def said(event: Prompt | Rejected, game: Any = ABALONE) -> str:
    """What a prompt or a refusal says, in words (the session sends messages)."""
    message = event.message if isinstance(event, Prompt) else event.reason
    return words(message, game) if message is not None else ""


def moves(*steps: tuple[float, str, str]) -> list[dict[str, Any]]:
    return [{"t": t, kind: pos} for t, kind, pos in steps]


__all__ = ["Committed", "Correction", "Prompt", "Rejected", "TakenBack", "commits",
           "correction_words", "frame_at", "frames", "moves", "of", "said", "simulate"]
