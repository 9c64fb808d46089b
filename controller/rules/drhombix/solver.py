"""Perfect play for the ant game: a memoised game-tree search over the board's states.

Colours play no part in the ant game, so a state is the mask of occupied positions (the side
to move does not change who wins from a mask: the game is impartial).  ``wins(mask)`` says
whether the player to move wins with perfect play: the empty board is a win for the player to
move, because the other player removed the last piece; any other mask is a win when some move
leads to a mask that is a loss.  Each mask is searched once; masks the board's symmetries
(the square's 8, the triangle's 6) turn into one another share one entry, which roughly
divides the work by the size of the group.

"""

from __future__ import annotations

from functools import cache

from controller.rules.drhombix import ant
from controller.rules.drhombix.board import LEVELS, Board, board
from controller.rules.drhombix.state import DrhombixState, Raise, Remove
from controller.rules.drhombix.variants import VARIANTS

CHUNK = 8  # masks are turned by table look-ups of 8 bits at a time


def symmetries(b: Board) -> list[tuple[int, ...]]:
    """The board's symmetries as permutations of its positions (the identity first)."""
    perms = []
    if b.shape == "square":
        def square(n: int, i: int, j: int) -> list[tuple[int, int]]:
            m = n - 1
            return [(i, j), (j, i), (m - i, j), (j, m - i), (i, m - j), (m - j, i),
                    (m - i, m - j), (m - j, m - i)]
        images = [square(LEVELS - k, i, j) for k, i, j in b.cells]
    else:
        def triangle(s: int, i: int, j: int) -> list[tuple[int, int]]:
            rest = s - i - j  # the third barycentric coordinate; the six orders of the three
            return [(i, j), (j, i), (rest, j), (j, rest), (i, rest), (rest, i)]
        images = [triangle(LEVELS - 1 - k, i, j) for k, i, j in b.cells]
    for n in range(len(images[0])):
        perms.append(tuple(b.cells.index((k, *images[p][n])) for p, (k, _, _)
                           in enumerate(b.cells)))
    return perms


def _tables(perm: tuple[int, ...]) -> list[list[int]]:
    """For each 8-bit chunk of a mask, the image of every chunk value under ``perm``."""
    tables = []
    for start in range(0, len(perm), CHUNK):
        table = []
        for value in range(1 << CHUNK):
            image = 0
            for bit in range(CHUNK):
                if value >> bit & 1 and start + bit < len(perm):
                    image |= 1 << perm[start + bit]
            table.append(image)
        tables.append(table)
    return tables


class AntSolver:
    """One board's search, with its table of solved masks."""

    def __init__(self, shape: str, use_symmetry: bool = True) -> None:
        self.board = board(shape)
        self.memo: dict[int, bool] = {}
        perms = symmetries(self.board)[1:] if use_symmetry else []
        self._tables = [_tables(p) for p in perms]

    def key(self, mask: int) -> int:
        """The least image of ``mask`` under the board's symmetries."""
        best = mask
        for tables in self._tables:
            image = 0
            m = mask
            for table in tables:
                image |= table[m & 0xFF]
                m >>= CHUNK
            if image < best:
                best = image
        return best

    def wins(self, mask: int) -> bool:
        """Whether the player to move from ``mask`` wins with perfect play.

        The search recurses once per ply, and no ant game is longer than 52 plies (square
        board; 32 on the triangle), far inside Python's recursion limit."""
        if not mask:
            return True
        key = self.key(mask)
        known = self.memo.get(key)
        if known is not None:
            return known
        result = any(not self.wins(child) for child in ant.successors(self.board, mask))
        self.memo[key] = result
        return result

    def winning_moves(self, mask: int) -> list[Remove | Raise]:
        return [m for m in ant.legal_moves(self.board, mask)
                if not self.wins(ant.play(self.board, mask, m))]


@cache
def solver(shape: str) -> AntSolver:
    """The shared solver of a board (its table fills as positions are asked about)."""
    return AntSolver(shape)


def choose_move(shape: str, mask: int) -> Remove | Raise:
    """A move for a computer player: a winning one when there is one; otherwise the one
    that leaves the opponent the fewest winning replies (hardest to find)."""
    s = solver(shape)
    win = s.winning_moves(mask)
    if win:
        return win[0]
    moves = ant.legal_moves(s.board, mask)
    if not moves:
        raise ValueError("the board is empty: the game is over")
    return min(moves, key=lambda m: len(s.winning_moves(ant.play(s.board, mask, m))))


def computer_move(state: DrhombixState) -> Remove | Raise:
    """``choose_move`` for a running ant game (the AI opponent's entry point)."""
    v = VARIANTS[state.variant]
    if v.options["game"] != "ant":
        raise ValueError(f"{v.name} is not an ant game: the solver plays only the ant game")
    return choose_move(v.options["board"], state.occupied)
