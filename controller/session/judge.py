"""What a board reading means: a pure function of the position's moves, the reading, the
evidence the hands left and what the phones declared.

``judge`` never looks at a clock or a thread: the session gives it the time of the reading and
acts on the ``Verdict`` (docs/session.md: the state diagram).  The rules are the design
note's (``physical-board.md``), in this order:

1. the reading equals the committed position: nothing happened (or a declared move no sensor
   sees is made);
2. it matches legal moves the phone allows: one that nothing can extend commits; one that
   could still grow is provisional; several, or one that needs its owner's phone, are asked;
3. it is the computer's move (shown for a human to carry out) on its way;
4. it amends the last move the sensors took (the same hand goes on);
5. it is the position before the last move (withdrawn at once when nobody else could be
   moving so), or an earlier one (a take-back);
6. it is on its way to some move public information allows;
7. it is no move.

With a hidden hand, what the table sees of a reading is decided by the moves some hand the
table cannot rule out could make, never by the hand itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from controller.physical import Value
from controller.rules.base import Game
from controller.session.footprints import NO_STEPS, Diff, Footprint, Steps
from controller.session.moves import Moves, agreed_steps, keyed
from controller.session.turn import NOTHING, Declarations, Evidence, LastCommit

TakebackMode = Literal["ask", "auto", "off"]


@dataclass(frozen=True, slots=True)
class Situation:
    """What the judge reads besides the reading and the evidence."""

    game: Game[Any, Any]
    seat: str | None                       # the seat to move
    declared: Declarations                 # what that seat's phone (or the computer) said
    hand_hidden: bool                      # the mover holds something the table cannot see
    last: LastCommit | None                # the last move, if the sensors alone took it
    earlier: tuple[frozenset[tuple[str, Value]], ...]  # the reading before each ply kept
    takeback: TakebackMode
    now: float
    settle_max: float


# ---- verdicts -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NoChange:
    """The board reads the committed position."""


@dataclass(frozen=True, slots=True)
class Commit:
    footprint: Footprint
    how: Literal["sensors", "phone"]


@dataclass(frozen=True, slots=True)
class Grows:
    """One move, which the hand could still be extending (or which only touches show)."""

    footprint: Footprint


@dataclass(frozen=True, slots=True)
class Ambiguous:
    candidates: tuple[Footprint, ...]  # the mover's legal moves the reading may be
    shown: tuple[Footprint, ...]       # what the table may see of it


@dataclass(frozen=True, slots=True)
class Amend:
    footprint: Footprint


@dataclass(frozen=True, slots=True)
class Withdraw:
    """The last move the sensors took is undone on the board at once."""


@dataclass(frozen=True, slots=True)
class Takeback:
    ply: int


@dataclass(frozen=True, slots=True)
class Moving:
    """On its way to a move; ``cannot``: only the table's public information allows it, the
    mover's hand does not (said on the mover's phone alone); ``steps``: what is left of it
    where every move it may be making (public ones, or the one declared) agrees, so that the
    table can say what is left to do."""

    cannot: bool = False
    steps: Steps = NO_STEPS


@dataclass(frozen=True, slots=True)
class NoMove:
    pass


Verdict = NoChange | Commit | Grows | Ambiguous | Amend | Withdraw | Takeback | Moving | NoMove


def judge(moves: Moves, reading: Mapping[str, Value], evidence: Evidence,
          situation: Situation) -> Verdict:
    diff = moves.diff_of(reading)
    if not diff:
        wanted = situation.declared.move
        fp = moves.find(wanted) if wanted else None
        if fp is not None and not fp.diff:
            return Commit(fp, "phone")
        return NoChange()
    candidates = candidates_of(moves, diff, evidence, situation.declared, situation)
    seen = seen_by_table(moves, diff, evidence, situation)
    last = situation.last
    hidden = len(candidates) == 1 and hidden_choice(moves, candidates[0], situation.declared,
                                                    situation.game)
    plain = len(candidates) == 1 and not seen and not hidden
    if (candidates or seen) and not plain and last is not None:
        # The last mover's piece put on a wrong cell and moved on at once may read exactly
        # like a move of the next player that would have to be asked (a Rhombus piece moved
        # on: a hidden hand entering there and eliminating it where it stood).  Coming at
        # once, with the hand on only what the two moves of the mover change, it is the
        # mover's (as on the way, below).  One plain move of the next player reading so
        # stands: the computer's move shown for the table to carry out (a DRHOMBIX
        # placement that takes the piece just set down reads like that piece moved on), or
        # a move the sensors alone may take.
        amended = _amendment(last, reading, evidence, situation, strict=True)
        if amended is not None:
            return Amend(amended)
    if hidden:
        # Committing at once here, but asking when the hand allows two choices, would tell
        # the table what the hand holds: a choice no sensor sees is always the phone's.
        return Ambiguous(tuple(candidates), tuple(seen or candidates))
    if len(candidates) == 1 and not seen:
        fp = candidates[0]
        # A move the reading shows only through touches (a swap or a replace: the cells read
        # as before) is never final at once: a later touch may name other tiles.
        grows = bool(fp.touched - fp.changed) or bool(moves.extensions(
            fp, first=True, facets=situation.declared.facets))
        return Grows(fp) if grows else Commit(fp, "sensors")
    if candidates or seen:
        unique = tuple(dict.fromkeys(candidates))
        return Ambiguous(unique, tuple(seen) or unique)
    guide = _computer_move(moves, situation)
    if guide is not None and moves.in_progress(diff, (guide,)):
        # The computer answered the previous move, which is final now (changing it takes a
        # take-back): a reading on the way to its move is that move being carried out.
        return Moving(steps=agreed_steps(moves, (guide,), reading))
    if last is not None:
        # A reading on its way to the next player's move is theirs, not an amendment, unless
        # it comes at once and the hand touched only what the two moves of the mover change
        # (a tile put on the wrong cell and moved on straight away).
        theirs = bool(moves.toward(diff, "public", first=True))
        amended = _amendment(last, reading, evidence, situation, strict=theirs)
        if amended is not None:
            return Amend(amended)
    back = _earlier(moves, diff, reading, situation)
    if back is not None:
        return back
    if moving(moves, diff, reading, situation):
        # One public move reading so is enough to know (thousands of hands may explain it).
        cannot = bool(moves.matching(diff, source="public", distinct=True)) and not \
            moves.matching(diff)
        return Moving(cannot, steps_on_the_way(moves, diff, reading,
                                               situation.declared.move))
    return NoMove()


# ---- the parts --------------------------------------------------------------------------------


def candidates_of(moves: Moves, diff: Diff, evidence: Evidence, declared: Declarations,
                  situation: Situation, touched: Iterable[str] | None = None
                  ) -> list[Footprint]:
    """Legal moves that read ``diff`` and agree with what the mover's phone declared, narrowed
    by the path the hand followed, then by the cells it touched."""
    found = [fp for fp in moves.matching(diff, evidence.touched if touched is None else touched)
             if declared.agrees(fp)]
    if len(found) > 1:
        found = by_path(found, evidence, moves.empty) or found
    if len(found) > 1:
        found = by_touch(found, set(evidence.touched if touched is None else touched),
                         moves.spec.sensed) or found
    return found


def by_path(found: list[Footprint], evidence: Evidence, empty: Value) -> list[Footprint]:
    """Among moves the reading cannot tell apart, those whose path the hand followed."""
    placed = [p for _, p, v in evidence.order if v != empty]
    keep = []
    for fp in found:
        stops = list(fp.path[1:-1])
        it = iter(placed)
        if stops and all(any(p == s for p in it) for s in stops):
            keep.append(fp)
    return keep


def by_touch(found: list[Footprint], touched: set[str], sensed: frozenset[str]
             ) -> list[Footprint]:
    """Among moves with one reading, the one whose every changed sensed position the hand
    was seen to touch, when no other is (an Abalone push-off: the marble that fell off was
    lifted from its cell, although a marble of the other colour now stands there)."""
    full = [fp for fp in found if (fp.effect.changed & sensed) <= touched]
    return full if len(full) == 1 else []


def hidden_choice(moves: Moves, fp: Footprint, declared: Declarations,
                  game: Game[Any, Any]) -> bool:
    """The move needs its owner's phone: a facet no sensor sees that the mover has not
    declared, or a change on board cells no sensor of this build reads (a raise to an
    unsensed level), unless the mover declared the move or its facets."""
    if declared.move == fp.text:
        return False
    facets_said = bool(fp.facets) and all(declared.facets.get(k) == v
                                          for k, v in fp.facets.items())
    if fp.facets and not facets_said and game.facets_need_confirmation(moves.state, fp.move):
        return True
    return bool(moves.unsensed(fp)) and not facets_said


def seen_by_table(moves: Moves, diff: Diff, evidence: Evidence, situation: Situation
                  ) -> list[Footprint]:
    """With the mover's hand hidden and nothing declared: the moves public information
    allows that read exactly so (what the table may judge the reading by); else none."""
    if not situation.hand_hidden or situation.declared:
        return []
    return moves.matching(diff, evidence.touched, "public", distinct=True)


def moving(moves: Moves, diff: Diff, reading: Mapping[str, Value], situation: Situation
           ) -> bool:
    """Pieces are in the air on the way to some legal move (of this player, or of the
    player whose provisional move may still grow).  Pieces only lifted are never an error:
    the player may be thinking, and judging them against the mover's own legal moves would
    tell the table what a hidden hand allows."""
    if all(v == moves.empty for _, v in diff):
        return True
    wanted = situation.declared.move
    declared = moves.find(wanted) if wanted else None
    # A declared move (the computer's, or the phone's) is the only one the board may be on
    # its way to; otherwise any move public information allows, unless the mover plays at
    # another board and its move has not come (``turn.AWAITED``: the empty move).
    if declared is not None:
        if moves.in_progress(diff, (declared,)):
            return True
    elif wanted != "" and moves.toward(diff, "public", first=True):
        return True
    last = situation.last
    if last is None:
        return False
    before = last.moves
    return bool(before.toward(before.diff_of(reading), "public", first=True,
                              keep=lambda fp: fp.move != last.footprint.move))


def steps_on_the_way(moves: Moves, diff: Diff, reading: Mapping[str, Value],
                     wanted: str | None = None) -> Steps:
    """What is left of the move a reading with a piece put down is on its way to, where
    every move it may be making agrees (the declared move ``wanted``, else every public
    one); nothing for pieces only lifted (they may be going anywhere)."""
    if all(v == moves.empty for _, v in diff):
        return NO_STEPS
    declared = moves.find(wanted) if wanted else None
    if declared is not None:
        return agreed_steps(moves, moves.in_progress(diff, (declared,)), reading)
    return moves.steps_toward(diff, reading, "public")


def _computer_move(moves: Moves, situation: Situation) -> Footprint | None:
    declared = situation.declared
    if not declared.by_computer or declared.move is None:
        return None
    return moves.find(declared.move)


def _amendment(last: LastCommit, reading: Mapping[str, Value], evidence: Evidence,
               situation: Situation, strict: bool) -> Footprint | None:
    """The move of the last mover that the board now shows instead of the one taken."""
    if strict and situation.now - last.at > situation.settle_max:
        return None
    before = last.moves
    diff = before.diff_of(reading)
    touched = last.touched | evidence.touched
    found = [fp for fp in candidates_of(before, diff, evidence, last.declared, situation,
                                        touched)
             if fp.move != last.footprint.move]
    if len(found) != 1:
        return None
    fp = found[0]
    if strict and not evidence.touched <= last.footprint.moved | fp.moved:
        return None
    if hidden_choice(before, fp, last.declared, situation.game):
        # The sensors alone never make a move that needs its owner's phone, an amended one
        # included: whether it would tell the table what the hand holds.
        return None
    return fp


def _earlier(moves: Moves, diff: Diff, reading: Mapping[str, Value], situation: Situation
             ) -> Withdraw | Takeback | None:
    """The board shows a position before the last move(s)."""
    earlier = situation.earlier
    if not earlier:
        return None
    key = keyed(reading)   # told apart from the earlier ones by hash
    last = situation.last
    if (last is not None and earlier[-1] == key
            and situation.now - last.at <= situation.settle_max
            and not moves.toward(diff, "public", first=True)):
        # Undone at once, and the next player could not be starting a move of theirs so (a
        # piece set down on its way elsewhere, a move put back): a provisional move is
        # amended to none, as a piece lifted and put back is no move.  (When the next player
        # could be starting, the next readings decide: an amendment, their move, the offer.)
        return Withdraw()
    if situation.takeback == "off":
        return None
    for ply in range(len(earlier) - 1, -1, -1):
        if earlier[ply] == key:
            return Takeback(ply)
    return None


__all__ = ["NOTHING", "Ambiguous", "Amend", "Commit", "Grows", "Moving", "NoChange", "NoMove",
           "Situation", "Takeback", "Verdict", "Withdraw", "judge"]
