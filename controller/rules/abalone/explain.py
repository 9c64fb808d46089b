"""Why an Abalone move is refused, and why what the board shows is no move: reasons of the
game's words (``abalone.illegal.<reason>``) with typed parameters.

``refusal`` names the first rule a move breaks, in the order a player checks a move: are the
marbles there and theirs, do they form a line of at most three, is there room ahead, and,
for a push, does the line outnumber what it pushes and is there room behind that.

``reading`` starts from what the sensors saw (``lifted``, ``placed``; an Abalone board tells
presence only, not colour), works out the move the reading would be if the rules allowed it,
and gives ``refusal``'s reason for it; or a reason about the reading itself (a marble put
down two cells away, a line's marbles moved different ways); or None when it cannot tell.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import pairwise

from controller.rules.abalone.board import AXES, INDEX, NAME, STEPS, direction_between
from controller.rules.abalone.layouts import VARIANTS
from controller.rules.abalone.state import AbaloneState, Move, Place, Push, team_masks
from controller.said import Cell, Message, Piece, Who, Zone
from controller.said import Place as PlaceValue


def cells(*bits: int) -> tuple[Cell, ...]:
    return tuple(Cell(NAME[c]) for c in bits)


def _reason(name: str, **params: object) -> Message:
    return Message.of(f"abalone.illegal.{name}", **params)


def _line_axis(line: Sequence[int]) -> int | None:
    """The axis step of ``line`` (ascending cells side by side in a straight line), 0 for
    one cell, or None when the cells are no such line."""
    if len(line) == 1:
        return 0
    gap = line[1] - line[0]
    if gap not in AXES or any(b - a != gap for a, b in pairwise(line)):
        return None
    return gap


def refusal(state: AbaloneState, move: object) -> Message:
    """Why ``move`` is not legal in ``state`` (a move known to be illegal)."""
    if not isinstance(move, (Push, Place)):
        return _reason("not-a-move")
    named = (move.cell,) if isinstance(move, Place) else move.cells
    if not named or any(c not in NAME for c in named) or (
            isinstance(move, Push) and not 0 <= move.direction < len(STEPS)):
        return _reason("off-board")
    seats = VARIANTS[state.variant].seats
    occupied = state.occupied
    if isinstance(move, Place):
        if not state.placing:
            return _reason("placing-over")
        if occupied >> move.cell & 1:
            return _reason("cell-taken", cell=Cell(NAME[move.cell]))
        return Message.of("illegal.not-legal", who=Who(seats[state.to_move]))
    if state.placing:
        return _reason("place-first", who=Who(seats[state.to_move]))
    return _push(state, move)


def _push(state: AbaloneState, move: Push) -> Message:
    seats = VARIANTS[state.variant].seats
    me = state.to_move
    line = tuple(sorted(set(move.cells)))
    for c in line:
        owner = state.owner(c)
        if owner is None:
            return _reason("no-marble", cell=Cell(NAME[c]))
        if owner != me:
            return _reason("not-yours", piece=Piece(seats[owner]), cell=Cell(NAME[c]))
    if len(line) > 3:
        return _reason("too-many", n=len(line))
    axis = _line_axis(line)
    if axis is None or len(line) != len(move.cells):
        return _reason("not-a-line", cells=cells(*line))
    s = STEPS[move.direction]
    if axis and abs(s) != axis:
        return _broadside(state, line, s)
    return _inline(state, line, s)


def _broadside(state: AbaloneState, line: Sequence[int], s: int) -> Message:
    leaving = [c for c in line if c + s not in NAME]
    if leaving:
        return _reason("own-off-board", cells=cells(*leaving), n=len(leaving))
    occupied = state.occupied
    blocked = [c + s for c in line if occupied >> (c + s) & 1]
    if blocked:
        return _reason("broadside-blocked", cells=cells(*blocked), n=len(blocked))
    return Message.of("illegal.not-legal", who=Who(VARIANTS[state.variant].seats[state.to_move]))


def _inline(state: AbaloneState, line: Sequence[int], s: int) -> Message:
    seats = VARIANTS[state.variant].seats
    me = state.to_move
    side = team_masks(state.variant)[me]
    leader = line[-1] if s > 0 else line[0]
    ahead = leader + s
    if ahead not in NAME:
        return _reason("own-off-board", cells=cells(leader), n=1)
    owner = state.owner(ahead)
    if owner == me:
        more = 0
        c = ahead
        while c in NAME and state.owner(c) == me:
            more += 1
            c += s
        if len(line) + more > 3:
            return _reason("too-many", n=len(line) + more)
        return _reason("own-ahead", cell=Cell(NAME[ahead]))
    if owner is not None and owner in side:
        return _reason("partner-ahead", who=Who(seats[owner]), cell=Cell(NAME[ahead]))
    pushed = 0
    c = ahead
    while c in NAME and state.owner(c) is not None and state.owner(c) not in side:
        pushed += 1
        c += s
    if pushed:
        if len(line) == 1:
            return _reason("single-cannot-push")
        if pushed >= len(line):
            return _reason("not-stronger", n=len(line), pushed=pushed)
        behind = state.owner(c) if c in NAME else None
        if behind == me:
            return _reason("own-behind", cell=Cell(NAME[c]))
        if behind is not None:
            return _reason("partner-behind", who=Who(seats[behind]), cell=Cell(NAME[c]))
    return Message.of("illegal.not-legal", who=Who(seats[me]))


# --------------------------------------------------------------------------------------------
# Readings
# --------------------------------------------------------------------------------------------


def reading(state: AbaloneState, lifted: Iterable[str], placed: Iterable[str],
            place: Callable[[str], PlaceValue], legal: Collection[Move]) -> Message | None:
    """Why the board's reading (``lifted``, ``placed``: sensed positions) is no legal move of
    ``state``, or None when the game cannot tell.  ``place`` says what a position is (a cell
    or a tray); ``legal``: the legal moves."""
    occupied = state.occupied
    emptied: list[int] = []   # cells a marble left
    filled: list[int] = []    # cells a marble came to (a marble that changed colour aside)
    trays: list[str] = []     # the owners of the trays a marble came to
    for p in lifted:
        where = place(p)
        if isinstance(where, Cell) and where.name in INDEX and occupied >> INDEX[where.name] & 1:
            emptied.append(INDEX[where.name])
    for p in placed:
        where = place(p)
        if isinstance(where, Cell) and where.name in INDEX:
            if not occupied >> INDEX[where.name] & 1:
                filled.append(INDEX[where.name])
        elif isinstance(where, Zone) and where.kind == "tray" and where.owner is not None:
            trays.append(where.owner)
    emptied.sort()
    filled.sort()

    def judged(move: Push) -> Message | None:
        return None if move in legal else refusal(state, move)

    if state.placing:
        if emptied:
            return refusal(state, Push((emptied[0],), 0))
        if len(filled) > 1:
            return _reason("place-one")
        return None
    if not emptied or not (filled or trays):
        return None
    me = state.to_move
    seats = VARIANTS[state.variant].seats
    partners = team_masks(state.variant)[me][1:]
    for c in emptied:
        owner = state.owner(c)
        if owner is not None and owner != me:
            # An opponent's marble: the session says whose it is and whose turn; a partner's
            # it does not tell from an own one (same side), so the game says it.
            if owner not in partners:
                return None
            return _reason("not-yours", piece=Piece(seats[owner]), cell=Cell(NAME[c]))
    if len(emptied) > 3:
        return _reason("too-many", n=len(emptied))
    if len(emptied) == 1:
        if len(filled) + len(trays) != 1:
            return None
        if trays:
            return _off_the_edge(state, emptied[0], trays[0], judged)
        return _one_marble(state, emptied[0], filled[0], judged)
    return _several(state, emptied, filled, trays, judged)


def _own_line(state: AbaloneState, tail: int, s: int) -> tuple[int, ...]:
    """The mover's marbles side by side from ``tail`` on in the direction of step ``s``."""
    out = []
    c = tail
    while c in NAME and state.owner(c) == state.to_move:
        out.append(c)
        c += s
    return tuple(sorted(out))


def _one_marble(state: AbaloneState, a: int, b: int,
                judged: Callable[[Push], Message | None]) -> Message | None:
    """One cell emptied (``a``), one filled (``b``): a marble's step, or the tail of a line
    moved in line (pushing or not) with the front marble now on ``b``."""
    occupied = state.occupied
    d = direction_between(a, b)
    if d is not None:
        return judged(Push((a,), d))
    for d, s in enumerate(STEPS):
        k, c = 1, a + s
        while c in NAME and c != b:
            k, c = k + 1, c + s
        if c != b:
            continue
        between = [a + j * s for j in range(1, k)]
        if any(not occupied >> x & 1 for x in between):
            return _reason("not-next", cell=Cell(NAME[b]), cells=cells(a), n=1)
        return judged(Push(_own_line(state, a, s), d))
    return _reason("not-next", cell=Cell(NAME[b]), cells=cells(a), n=1)


def _off_the_edge(state: AbaloneState, a: int, tray: str,
                  judged: Callable[[Push], Message | None]) -> Message | None:
    """One cell emptied (``a``) and a marble in ``tray``'s tray: the line from ``a`` that
    runs, marble by marble, off the board with one of ``tray``'s marbles at its front."""
    seats = VARIANTS[state.variant].seats
    reasons = []
    for d, s in enumerate(STEPS):
        c, front = a, state.owner(a)
        while c in NAME and state.owner(c) is not None:
            front, c = state.owner(c), c + s
        if c in NAME or front is None or seats[front] != tray:
            continue
        reasons.append(judged(Push(_own_line(state, a, s), d)))
    if reasons and all(r == reasons[0] for r in reasons):
        return reasons[0]
    return None


def _several(state: AbaloneState, emptied: Sequence[int], filled: Sequence[int],
             trays: Sequence[str], judged: Callable[[Push], Message | None]) -> Message | None:
    """Two or three cells emptied: a broadside, or marbles that do not move as one line."""
    if trays:
        return None
    if _line_axis(emptied) is None:
        if len(filled) == len(emptied):
            return _reason("not-a-line", cells=cells(*emptied))
        return None
    occupied = state.occupied
    # The direction that takes every emptied marble to a filled cell or a cell that stood
    # occupied (a broadside onto other marbles), filling at least one.
    fits = []
    for d, s in enumerate(STEPS):
        targets = [c + s for c in emptied]
        if any(t not in NAME for t in targets):
            continue
        came = [t for t in targets if t in filled]
        if came and all(t in filled or (occupied >> t & 1 and t not in emptied)
                        for t in targets):
            fits.append((len(came), d))
    if fits:
        _, d = max(fits)
        return judged(Push(tuple(emptied), d))
    if len(filled) != len(emptied):
        return None
    far = [b for b in filled if all(direction_between(a, b) is None for a in emptied)]
    if far:
        return _reason("not-next", cell=Cell(NAME[far[0]]), cells=cells(*emptied),
                       n=len(emptied))
    return _reason("different-directions", cells=cells(*emptied))

