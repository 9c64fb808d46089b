"""A game played as fast as the pipeline goes, with the event log attached; killed by tests.

    python -m tests.boardlight.crash_harness DB SEED

Prints ``ack PLY MOVE`` after each commit, once the log writer has returned (so an
acknowledged move is one a player could have seen).  Runs until killed or the game ends.
"""

from __future__ import annotations

import random
import sys

from boardlight.eventlog import EventLog, LogWriter
from boardlight.simulation import Action, Simulation
from controller.rules.abalone import ABALONE
from controller.session.events import Committed
from hardware.simboard import default_spec


def main(db: str, seed: int) -> None:
    log = EventLog(db)
    state = ABALONE.setup()
    game_id = log.new_game("abalone", "standard", 0, ABALONE.position_text(state))
    writer = LogWriter(log, game_id)

    def acknowledge(event: object) -> None:
        writer.write([event])  # type: ignore[list-item]
        if isinstance(event, Committed):
            print(f"ack {event.ply} {event.move}", flush=True)

    sim = Simulation(ABALONE, default_spec(ABALONE), state, on_output=acknowledge)
    rng = random.Random(seed)
    sim.step_to(0.0)
    while ABALONE.outcome(sim.session.state) is None:
        move = rng.choice(ABALONE.legal_moves(sim.session.state))
        sim.schedule([Action(sim.t + 0.01, "play", ABALONE.move_text(move), {"gap": 0.02})])
        before = sim.session.ply
        while sim.session.ply == before:
            sim.step_to(sim.t + 0.05)
            if sim.t > 1e6:
                raise SystemExit("no commit")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
