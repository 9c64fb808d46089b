"""What some games can do beyond the contract every game keeps (``controller.rules.base``).

Each capability is a small ``Protocol``: a game has it by implementing its methods, nothing
else (no registration, no flag).  Callers ask through the functions below, which give the
answer for a game without the capability, so that no game carries methods that mean nothing
for it and a sixth game is one package that implements what it has.

| capability | who has it | what for |
|---|---|---|
| ``HiddenHand`` | Rhombus | the table judges a reading by public information only |
| ``FindsMoves`` | Rhombus | the session asks narrow questions instead of listing moves |
| ``ScoresMatches`` | Crosswise | a finished game's points in a ``sumof`` series |
| ``DealsNextGame`` | Rhombus | who starts the next game of a match |
| ``Solves`` | DRHOMBIX (ant game) | who wins with perfect play |
| ``Scores`` | Crosswise | the score in the game's words (``boardlight rules --score``) |
| ``ReadsBoards`` | Crosswise | a position from a board text alone |
| ``BoardBuilds`` | DRHOMBIX | variants on other boards; upper levels lit through their supports |
"""

from __future__ import annotations

from typing import Any, Protocol, TypeGuard, TypeVar, runtime_checkable

from controller.rules.base import Game, MoveFinder, Seat


@runtime_checkable
class HiddenHand(Protocol):
    def hand_hidden(self, state: Any) -> bool:
        """Whether the seat to move holds something the table cannot see that decides which
        board readings are its moves (a Rhombus hand card).  Then everything the table sees
        of a reading (lights, prompts, timing) is judged by ``public_moves`` alone, and only
        the mover's phone hears what the hand allows.  Public information only."""


@runtime_checkable
class FindsMoves(Protocol):
    def move_finder(self, state: Any) -> MoveFinder[Any]:
        """Narrow questions about ``state``'s moves, answered without listing them all (a
        Rhombus flush has tens of thousands of actions)."""


@runtime_checkable
class ScoresMatches(Protocol):
    def match_points(self, state: Any) -> dict[Seat, int]:
        """A finished game's points per seat, for a ``sumof`` series."""


@runtime_checkable
class DealsNextGame(Protocol):
    def next_match_game(self, finished: Any, variant: str, seed: int) -> Any:
        """The next game of a match after ``finished`` (Rhombus: the winner deals)."""


@runtime_checkable
class Solves(Protocol):
    def solve(self, state: Any) -> str:
        """Who wins with perfect play from ``state``: ``first`` or ``second``."""


@runtime_checkable
class Scores(Protocol):
    def score_text(self, state: Any) -> str:
        """The score of a position in the game's own words (``green 12 orange 9``)."""


@runtime_checkable
class ReadsBoards(Protocol):
    def parse_board(self, text: str, variant: str | None = None) -> Any:
        """A position from the game's board text (a board alone)."""


@runtime_checkable
class BoardBuilds(Protocol):
    def profile_name(self, variant: str | None = None) -> str:
        """The board profile shipped for this variant (``hardware/profiles/NAME.toml``)."""

    def lit_positions(self, variant: str, position: str) -> tuple[str, ...]:
        """Where to shine a light that means ``position`` (a position with no LED of its
        own, a DRHOMBIX upper level, lights its supports)."""


# ---- asking any game ---------------------------------------------------------------------------



C = TypeVar("C")
_IMPLEMENTS: dict[tuple[type, type], bool] = {}


def has(game: Any, capability: type[C]) -> TypeGuard[C]:
    """Whether ``game`` implements ``capability``, decided once per class (a runtime-checkable
    protocol's own isinstance looks up every member on every call: about 20 us, and the
    session asks on the path from a reading to the LED frame)."""
    key = (type(game), capability)
    found = _IMPLEMENTS.get(key)
    if found is None:
        found = _IMPLEMENTS[key] = isinstance(game, capability)
    return found


def hand_hidden(game: Game[Any, Any], state: Any) -> bool:
    return has(game, HiddenHand) and game.hand_hidden(state)


def move_finder(game: Game[Any, Any], state: Any) -> MoveFinder[Any] | None:
    return game.move_finder(state) if has(game, FindsMoves) else None


def match_points(game: Game[Any, Any], state: Any) -> dict[Seat, int]:
    """A finished game's points per seat: the game's own, or the view's scores credited to
    the seats of each side (``"b+r"``: both partners)."""
    if has(game, ScoresMatches):
        return game.match_points(state)
    seats = game.seats(state)
    scores = game.view(state, None).get("scores") or {}
    out = dict.fromkeys(seats, 0)
    for side, points in scores.items():
        for seat in str(side).split("+"):
            if seat in out and isinstance(points, int):
                out[seat] += points
    return out


def next_match_game(game: Game[Any, Any], finished: Any, variant: str, seed: int) -> Any:
    """The next game of a match: the game's own rule, or a new deal."""
    if has(game, DealsNextGame):
        return game.next_match_game(finished, variant, seed)
    return game.setup(variant, seed=seed)


def profile_name(game: Game[Any, Any], variant: str | None = None) -> str:
    """The shipped board profile of a variant: the game's own choice, or the game's name."""
    return game.profile_name(variant) if has(game, BoardBuilds) else game.name


def lit_positions(game: Game[Any, Any], variant: str, position: str) -> tuple[str, ...]:
    return game.lit_positions(variant, position) if has(game, BoardBuilds) else (
        position,)
