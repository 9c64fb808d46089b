"""The seats played at another board (a remote game, ``remote.play``), as the session keeps them.

The other board's moves come in as ``RemoteMove`` and are shown like the computer's; what
this module keeps is who plays where, whether that board can be reached (no clock runs
while it cannot: neither side can tell whose turn is slow), what a move made here for one
of its seats counts for (nothing: its move comes from there), and whether a position the
host board sent is taken here (``adopted``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from controller.errors import BoardError
from controller.physical import BoardSpec
from controller.rules.base import Game
from controller.session.clock import Clocks
from controller.session.events import RemotePosition, RemoteReach
from controller.session.messages import refusal
from controller.session.moves import Moves, moves_of
from controller.session.turn import AWAITED, Declarations


@dataclass
class Elsewhere:
    boards: dict[str, str] = field(default_factory=dict)  # seat -> the board it is played at
    away: str | None = None  # that board's name while it cannot be reached

    def declared(self, seat: str | None, declared: Declarations) -> Declarations:
        """What a seat has declared, as the judge takes it: nothing made here counts for a
        seat played there until its move comes from there."""
        if seat in self.boards and declared.move is None:
            return AWAITED
        return declared

    def reach(self, event: RemoteReach, clocks: Clocks | None, playing: bool,
              to_move: str | None) -> None:
        """The other board lost, or found again: the clocks stop, or go on."""
        if event.reached:
            if self.away is not None:
                self.away = None
                if clocks and playing:
                    clocks.start(to_move, event.t)
        elif self.away is None:
            self.away = event.board
            if clocks:
                clocks.stop(event.t)

    def hold(self, clocks: Clocks | None, t: float) -> None:
        """While the other board is away, no clock runs (one started since is stopped)."""
        if self.away is not None and clocks and clocks.running is not None:
            clocks.stop(t)


def adopted(game: Game[Any, Any], spec: BoardSpec, variant: str, state: Any, index: Moves,
            to_move: str | None, over: bool, event: RemotePosition
            ) -> tuple[Moves, bool] | None:
    """The host board's position at this board's ply, its hidden parts dealt for this board:
    its moves (``Moves.state`` the state to take) and whether its public part agrees with
    this board's (a board that disagrees is guided to it); None when there is nothing to take
    (the same position, or the game ended here since by a resignation, a draw or a flag).
    Raises a ``Refusal`` when the position cannot be read."""
    try:
        theirs = game.parse_position(event.position, variant)
    except (BoardError, ValueError) as exc:
        raise refusal("remote.unreadable", board=event.board, detail=str(exc)) from None
    if game.position_text(theirs) == game.position_text(state):
        return None
    # (Also when the game is over here by a move: the last move's draws, a Rhombus table
    # card, are the host's.)
    if over and game.outcome(theirs) is None:
        return None
    moves = moves_of(game, theirs, spec)
    return moves, moves.reading == index.reading and game.to_move(theirs) == to_move
