"""What the table and seat pages see of a Plimus position (nothing is hidden in Plimus).

The board itself (lines, poles, dot and circle fields, start areas with their signs) is no
part of it: it never changes during a game, and the pages get it once, with the geometry
(``web_ui/games/plimus.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from controller.rules.plimus.stones import BLANK, KINDS, PIECES, stack_of

if TYPE_CHECKING:
    from controller.rules.plimus.game import Plimus
    from controller.rules.plimus.state import PlimusState


def table_view(game: Plimus, state: PlimusState, seat: str | None) -> dict[str, Any]:
    b = game.board
    v = game.variant_of(state)
    outcome = game.outcome(state)
    blank = next((b.names[n] for n, c in enumerate(state.cells) if c == BLANK), None)
    return {
        "game": game.name,
        "variant": v.name,
        "position": game.position_text(state),
        "seats": list(v.seats),
        "seat": seat,
        "to_move": None if outcome is not None else v.seats[state.to_move],
        # Stacks bottom first: a double lists its lower stone, then its upper (its sign).
        "nodes": {b.names[n]: list(stack_of(c)) for n, c in enumerate(state.cells)
                  if c and c != BLANK},
        "poles": {name: {PIECES[k]: counts[k] for k in range(KINDS) if counts[k]}
                  for name, counts in zip(b.pole_names, state.poles)},
        "blank": blank,
        "blank_to_place": game.blank_to_place(state),
        "quiet": state.quiet,
        "move_limit": v.options["move_limit"],
        "foes": {s: list(f) for s, f in v.options["foes"].items()},
        "targets": {s: b.targets[s] for s in v.seats},
        "outcome": outcome.to_json() if outcome else None,
    }

