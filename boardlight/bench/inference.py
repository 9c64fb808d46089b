"""``boardlight bench inference``: random games played by simulated hands on a noisy board.

Every turn a random legal move is carried out the way people do it: pieces one by one in a
random order with random pauses (50-800 ms), sometimes a piece lifted and put back first,
sometimes a piece put on a wrong cell and moved on later, short slides between neighbouring
cells, and the end-turn button pressed (or forgotten) after an extendable move; some turns
the button is pressed again, out of habit, after the sensors already took the move, and the
next player starts lifting at once.  The board
adds contact bounce, magnets brushing the sensors they pass and random flicker.  After every
turn the moves the session has committed must be exactly the moves the hands made.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Any

from boardlight.simulation import Action, Simulation, hand_actions
from controller.physical import BoardSpec
from controller.rules.base import Game
from controller.session.events import Committed
from controller.session.handplan import hand_steps
from hardware.simboard import NoiseModel


@dataclass
class InferenceReport:
    turns: int = 0
    recognised: int = 0
    ghosts: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    amended: int = 0
    asked: int = 0       # turns where the phone had to say which move it was
    put_backs: int = 0
    stray_presses: int = 0  # end-turn pressed again after the commit (must be refused)
    stray_refused: int = 0
    wrong_placements: int = 0
    final_latency: list[float] = field(default_factory=list)    # sim s, rest -> commit
    end_turn_latency: list[float] = field(default_factory=list)  # sim s, press -> commit
    settle_latency: list[float] = field(default_factory=list)    # sim s, rest -> commit
    host: list[float] = field(default_factory=list)              # host s, stable -> LED frame
    host_cpu: list[float] = field(default_factory=list)          # the same, CPU time
    scans: int = 0
    sim_seconds: float = 0.0

    def lines(self) -> list[str]:
        def pct(xs: list[float], q: int) -> float:
            return statistics.quantiles(xs, n=100)[q - 1] if len(xs) > 1 else (xs or [0])[0]

        ms = 1000.0
        return [
            f"turns {self.turns}: recognised {self.recognised} "
            f"({100.0 * self.recognised / max(1, self.turns):.1f}%), ghost moves "
            f"{len(self.ghosts)}, missed {len(self.missed)}, provisional commits amended "
            f"{self.amended}, asked on the phone {self.asked}",
            f"noise: {self.put_backs} pieces lifted and put back, {self.wrong_placements} "
            f"pieces put on a wrong cell and moved on; {self.stray_presses} stray end-turn "
            f"presses after the commit ({self.stray_refused} refused); {self.scans:,} scans "
            f"({self.sim_seconds:,.0f} s of board time)",
            f"unextendable move, last piece at rest -> commit: p50 "
            f"{pct(self.final_latency, 50) * ms:.0f} ms, p99 {pct(self.final_latency, 99) * ms:.0f}"
            f" ms, max {max(self.final_latency, default=0) * ms:.0f} ms "
            f"(n={len(self.final_latency)})",
            f"extendable move, end-turn press -> commit: p50 "
            f"{pct(self.end_turn_latency, 50) * ms:.0f} ms, p99 "
            f"{pct(self.end_turn_latency, 99) * ms:.0f} ms, max "
            f"{max(self.end_turn_latency, default=0) * ms:.0f} ms (n={len(self.end_turn_latency)})",
            f"extendable move without a press, rest -> commit (settle time): p50 "
            f"{pct(self.settle_latency, 50) * ms:.0f} ms (n={len(self.settle_latency)})",
            f"host time, stable reading -> LED frame: p50 {pct(self.host, 50) * ms:.3f} ms, "
            f"p99 {pct(self.host, 99) * ms:.3f} ms, max {max(self.host, default=0) * ms:.3f} ms "
            f"(n={len(self.host)}); in CPU time p50 {pct(self.host_cpu, 50) * ms:.3f} ms, "
            f"p99 {pct(self.host_cpu, 99) * ms:.3f} ms, max "
            f"{max(self.host_cpu, default=0) * ms:.3f} ms (what other load on the machine "
            "cannot inflate; a garbage collection during a reading counts)",
        ]


def run_inference_bench(game: Game[Any, Any], variant: str, spec: BoardSpec, games: int,
                        plies: int, seed: int, progress: Any = None) -> InferenceReport:
    report = InferenceReport()
    for g in range(games):
        rng = random.Random(seed * 7919 + g)
        sim = Simulation(game, spec, game.setup(variant), noise=NoiseModel(),
                         seed=rng.randrange(1 << 30))
        sim.step_to(0.2)
        intended: list[str] = []
        start: float | None = None
        for _ in range(plies):
            if game.outcome(sim.session.state) is not None:
                break
            ok, start = _turn(sim, rng, intended, report, start)
            if not ok:
                break  # the board and the session disagree: this game cannot go on
        report.host += sim.latencies
        report.host_cpu += sim.cpu_latencies
        report.scans += sim.scans
        report.sim_seconds += sim.t
        if progress:
            progress(g + 1, report)
    return report


def _turn(sim: Simulation, rng: random.Random, intended: list[str],
          report: InferenceReport, start: float | None) -> tuple[bool, float | None]:
    """One turn carried out by hand; whether it stood as intended, and when the next player
    starts (``None``: after a usual pause) because this one pressed end-turn again."""
    game, session = sim.game, sim.session
    state = session.state
    move = rng.choice(game.legal_moves(state))
    text = game.move_text(move)
    fp = session.index.find(text)
    assert fp is not None, f"{text} is legal but the session does not find it"
    # Moves that wait for the end-turn button or the settle time: extendable ones, and
    # those the reading shows only through touches (a swap, a kill).
    extendable = bool(session.index.extensions(fp, first=True)) or bool(fp.touched - fp.changed)
    steps = hand_steps(game.effect(state, move), rng, before=game.layout(state))
    t = start if start is not None else sim.t + rng.uniform(0.2, 0.6)
    actions: list[Action] = []
    geo = sim.board.geometry
    occupied = set(sim.board.layout())
    seat = session.to_move or ""
    if rng.random() < 0.15:  # a piece lifted and put back while the player thinks
        own = sorted(p for p in occupied if p in geo.cells)
        if own:
            p = rng.choice(own)
            actions += [Action(t, "lift", p), Action(t + rng.uniform(0.1, 0.8), "place", p)]
            t += 1.0
            report.put_backs += 1
    # What no sensor sees, the player says on the phone when they start the move.
    if fp.facets:
        actions.append(Action(t - 0.1, "phone", {"seat": seat, "type": "declare",
                                                 "facets": dict(fp.facets)}))
    if not fp.diff:  # no sensor of this board sees the move: the phone makes it
        actions.append(Action(t, "phone", {"seat": seat, "type": "move", "move": text}))
    times = []
    for k, s in enumerate(steps):
        slide = (k > 0 and s.action == "place" and steps[k - 1].action == "lift"
                 and steps[k - 1].position in geo.coords and s.position in geo.coords
                 and 0 < geo.distance(steps[k - 1].position, s.position) < 1.01
                 and rng.random() < 0.3)
        t += rng.uniform(0.005, 0.03) if slide else rng.uniform(0.05, 0.8)
        times.append(t)
    actions += hand_actions(steps, times)
    wrong_ok = [p for p in geo.cells if p not in occupied and all(s.position != p for s in steps)]
    places = [a for a in actions if a.kind == "place"]
    if places and wrong_ok and rng.random() < 0.1:  # put on a wrong cell, moved on later
        first = places[0]
        detour = rng.choice(wrong_ok)
        shift = rng.uniform(0.3, 1.2)
        actions = [Action(a.t + shift, a.kind, a.value, a.extra) if a.t >= first.t else a
                   for a in actions]
        actions += [Action(first.t, "place", detour, first.extra),
                    Action(first.t + shift * 0.6, "lift", detour)]
        report.wrong_placements += 1
    last = max((a.t for a in actions), default=t)
    press = None
    if extendable and rng.random() < 0.8:
        press = last + rng.uniform(0.1, 0.6)
        actions.append(Action(press, "button", "end-turn"))
    before = len(sim.commits())
    sim.schedule(actions)
    sim.step_to(last + 0.05)
    rest = sim.board.rested_at
    deadline = (press or last) + session.config.settle_max + 1.0
    asked = False
    # Wait for the intended move to stand (not for any commit: noise may commit and amend).
    while sim.final_moves() != [*intended, text] and sim.t < deadline:
        sim.step_to(sim.t + 0.05)
        choose = [p for p in session.prompts if p.kind == "choose" and text in p.choices]
        if choose and not asked:  # the player reads the phone and taps their move
            asked = True
            report.asked += 1
            seat = session.to_move or ""
            sim.schedule([Action(sim.t + rng.uniform(0.5, 2.0), "phone",
                                 {"seat": seat, "type": "choose", "move": text})])
            deadline = sim.t + 3.0
    sim.step_to(sim.t + 0.2)  # let a late amendment land
    new: list[Committed] = sim.commits()[before:]
    report.turns += 1
    intended.append(text)
    report.amended += sum(1 for c in new if c.amends)
    if sim.final_moves() == intended:
        report.recognised += 1
        done = new[-1]
        following: float | None = None
        if rng.random() < 0.2:  # pressed again out of habit: the sensors took the move
            press_again = sim.t + rng.uniform(0.0, 0.2)
            refused = len(sim.rejected())
            sim.schedule([Action(press_again, "button", "end-turn")])
            report.stray_presses += 1
            if rng.random() < 0.5:  # ... and the next player starts lifting at once
                following = press_again + rng.uniform(0.01, 0.4)
            sim.step_to(press_again + 0.01)
            report.stray_refused += len(sim.rejected()) - refused
        # Filed by how the move was committed (a phone-made move has no resting piece).
        if asked or done.how == "phone":
            pass
        elif done.how == "end-turn" and press is not None:
            report.end_turn_latency.append(done.t - press)
        elif done.how == "settle":
            report.settle_latency.append(done.t - rest)
        elif done.how == "sensors":
            report.final_latency.append(done.t - rest)
        return True, following
    standing = sim.final_moves()
    if len(standing) < len(intended):
        report.missed.append(f"{text} (board shows {session.ply} moves)")
    else:
        report.ghosts.append(f"intended {text}, committed {standing[len(intended) - 1:]}")
    return False, None
