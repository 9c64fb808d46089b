"""The Plimus position and the four variants."""

from __future__ import annotations

from dataclasses import dataclass

from controller.rules.base import Outcome, Variant
from controller.rules.plimus.board import TEAMS, Board


@dataclass(frozen=True, slots=True)
class PlimusState:
    variant: str
    cells: tuple[int, ...]               # a code per board node (see ``stones``)
    poles: tuple[tuple[int, ...], ...]   # per pole, its loose stones counted by kind
    to_move: int                          # index into the variant's seats
    quiet: int                            # moves in a row without a capture
    result: Outcome | None = None


TWO = ("blue", "red")
FOUR = ("blue", "yellow", "red", "green")  # clockwise round the table: south, west, north, east

MOVE_LIMIT = 200


def make_variants(board: Board, move_limit: int = MOVE_LIMIT,
                  free_turns: bool = False) -> dict[str, Variant]:
    """The four variants of the rules page.  ``foes`` says whose stones each seat's doubles
    may capture; ``blank`` whether the blank stone is set up; ``move_limit`` the moves in a
    row without a capture that end the game in a draw; ``free_turns`` whether a multi-jump
    may change its line at every landing (the rules page's option), not only after a dot."""
    def opposite(seats: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
        return {s: (board.targets[s],) for s in seats}

    def everyone(seats: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
        return {s: tuple(o for o in seats if o != s) for s in seats}

    def variant(name: str, summary: str, seats: tuple[str, ...],
                foes: dict[str, tuple[str, ...]], blank: bool) -> Variant:
        return Variant(name, summary, seats, {
            "foes": foes, "blank": blank, "move_limit": move_limit, "free_turns": free_turns,
            "teams": tuple((s,) for s in seats)})

    return {v.name: v for v in (
        variant("two-player", "Blue (south) against Red (north), 12 stones each: line them up on "
                              "the other side's start fields.", TWO, opposite(TWO), False),
        variant("two-player-extended", "As two players, with the blank stone on a circle field "
                                       "Blue chooses: it never moves and is never jumped.", TWO,
                opposite(TWO), True),
        variant("four-player", "Blue, Yellow, Red and Green each play alone; only opposite "
                               "players (Blue and Red, Yellow and Green) capture each other.",
                               FOUR, opposite(FOUR),
                False),
        variant("four-player-extended", "Four players; everyone captures everyone.",
                FOUR, everyone(FOUR), False),
    )}


def team_index(seat: str) -> int:
    return TEAMS.index(seat)
