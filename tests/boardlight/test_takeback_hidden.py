"""A take-back in a game with hidden tiles or cards: what the mover drew after the move goes
back where it came from (the bag's or the pile's order is the one before the move), and no
snapshot of another seat, nor the table's, ever holds it."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from controller.session.actions import parse_action
from controller.session.events import PhonesJoined
from tests.support.waiting import wait_until

# Crosswise, seed 5: green lays a 2 on a1 and draws the bag's first tile (a 4: tiles of a
# kind are alike, so a 4 shows on the board too).  Rhombus, seed 2: red plays its hand card
# (QS*) from a2 to c1 and draws the pile's top card into its hand (one copy of each card:
# the card's name is nowhere else).
CASES = {
    "crosswise": ("two-player", 5, "2a1", {"tile": "2"}, "bag", False),
    "rhombus": ("two-player", 2, "QS* a2-c1", {"cards": "QS*"}, "pile", True),
}


def carry_out(service: Service, effect: Any) -> None:
    for c in effect.changes:
        if len(c.after) < len(c.before):
            service.sim_lift(c.position)
    for c in effect.changes:
        if len(c.after) > len(c.before):
            service.sim_place(c.position, c.after[-1])


@pytest.mark.parametrize("name", sorted(CASES))
def test_what_the_mover_drew_goes_back_unseen_by_anyone_else(name):
    variant, seed, text, facets, pile, unique = CASES[name]
    service = Service(ServiceOptions(game=name, variant=variant, seed=seed)).start()
    seen: list[tuple[str, dict[str, Any]]] = []  # every snapshot of every reader

    def record(_version: int) -> None:
        seen.append(("table", service.table.public()))
        seen.extend((seat, service.table.seat(seat)) for seat in service.table.seats)

    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        service.table.on_change(record)
        game = service.game
        before = service.runner.call(lambda s: s.state).result(5)
        mover = game.to_move(before)
        others = [s for s in game.seats(before) if s != mover]
        # Only the other side's phones are joined: one of them answers the take-back.
        service.runner.post(PhonesJoined(service.clock(), frozenset(others)))
        move = game.parse_move(before, text)
        service.phone(mover, parse_action({"type": "declare", "facets": facets}))
        carry_out(service, game.effect(before, move))
        wait_until(service.table, lambda s: s["ply"] == 1)
        after = service.runner.call(lambda s: s.state).result(5)
        drawn = Counter(game.view(after, mover)["hand"])
        drawn.subtract(game.view(before, mover)["hand"])
        new = sorted(k for k, n in drawn.items() if n > 0)
        assert new, "the move drew nothing the mover did not hold"
        assert getattr(after, pile) != getattr(before, pile)
        service.phone(mover, parse_action({"type": "takeback", "request": True}))
        service.phone(others[0], parse_action({"type": "takeback", "accept": True}))
        wait_until(service.table, lambda s: s["ply"] == 0)
        back = service.runner.call(lambda s: s.state).result(5)
        # Back where it came from, in the order it was in: the next draw is that one again.
        assert getattr(back, pile) == getattr(before, pile)
        assert game.position_text(back) == game.position_text(before)
        assert game.view(back, mover)["hand"] == game.view(before, mover)["hand"]
    finally:
        service.stop()
    mine = [snap for reader, snap in seen if reader == mover]
    assert any(snap["view"]["hand"] == game.view(after, mover)["hand"]
               for snap in mine)  # its owner saw it
    for reader, snap in seen:
        if reader == mover:
            continue
        # Another seat sees its own hand only; the table none.  A card drawn is in no other
        # reader's snapshot, in any key.
        hands = [v for k, v in snap["view"].items() if k == "hand"]
        assert hands == ([] if reader == "table" else [game.view(before, reader)["hand"]])
        text = json.dumps({k: v for k, v in snap.items() if k != "view"}) + json.dumps(
            {k: v for k, v in snap["view"].items() if k != "hand"})
        assert not unique or f'"{new[0]}"' not in text, (reader, new[0])
