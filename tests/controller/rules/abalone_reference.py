"""A straightforward Abalone move generator, written independently of the bitboards.

Cells are (row, column) pairs in a dict; every move copies the dict.  It is the oracle the
bitboard generator is checked against, and the baseline ``bench rules`` compares with.
"""

from __future__ import annotations

ROWS = "ABCDEFGHI"
DIRS = {"E": (0, 1), "W": (0, -1), "NE": (1, 1), "SW": (-1, -1), "NW": (1, 0), "SE": (-1, 0)}


def on_board(r: int, n: int) -> bool:
    return 0 <= r <= 8 and max(1, r - 3) <= n <= min(9, r + 5)


def name(c: tuple[int, int]) -> str:
    return f"{ROWS[c[0]]}{c[1]}"


def successors(board: dict[tuple[int, int], str], mover: str, friends: set[str]):
    """Yield (frozenset of moved cell names, direction name, new board, marbles pushed off)."""
    own = [c for c, v in board.items() if v == mover]
    groups = {(c,) for c in own}
    for c in own:
        for dr, dn in ((0, 1), (1, 1), (1, 0)):
            line = [c]
            for k in (1, 2):
                nxt = (c[0] + k * dr, c[1] + k * dn)
                if board.get(nxt) != mover:
                    break
                line.append(nxt)
                groups.add(tuple(line))
    for group in groups:
        for dname, (dr, dn) in DIRS.items():
            inline = len(group) == 1 or (group[1][0] - group[0][0], group[1][1] - group[0][1]) in (
                (dr, dn), (-dr, -dn))
            new = dict(board)
            off = 0
            if inline:
                leader = max(group, key=lambda c: c[0] * dr + c[1] * dn)
                ahead = (leader[0] + dr, leader[1] + dn)
                if not on_board(*ahead):
                    continue
                foes = []
                cur = ahead
                while on_board(*cur) and cur in board and board[cur] not in friends:
                    foes.append(cur)
                    cur = (cur[0] + dr, cur[1] + dn)
                if ahead in board and not foes:
                    continue  # own or partner marble ahead
                if foes and (len(foes) >= len(group) or (on_board(*cur) and cur in board)):
                    continue
                for c in reversed(foes):
                    colour = new.pop(c)
                    dest = (c[0] + dr, c[1] + dn)
                    if on_board(*dest):
                        new[dest] = colour
                    else:
                        off += 1
            else:
                if any(not on_board(c[0] + dr, c[1] + dn) or (c[0] + dr, c[1] + dn) in board
                       for c in group):
                    continue
            for c in group:
                del new[c]
            for c in group:
                new[(c[0] + dr, c[1] + dn)] = mover
            yield frozenset(name(c) for c in group), dname, new, off


def board_from_text(cells: str) -> dict[tuple[int, int], str]:
    coords = [(r, n) for r in range(9) for n in range(max(1, r - 3), min(9, r + 5) + 1)]
    return {c: ch for c, ch in zip(coords, cells) if ch != "."}


def perft(board: dict[tuple[int, int], str], seats: list[str], turn: int, depth: int) -> int:
    if depth == 0:
        return 1
    mover = seats[turn]
    total = 0
    for _, _, new, _ in successors(board, mover, {mover}):
        total += perft(new, seats, (turn + 1) % len(seats), depth - 1)
    return total
