"""Abalone: all of ``shared/rules/abalone.md``.

Position text (exact for two players, as on the rules page): 61 characters for A1..A5, B1..B6,
..., I5..I9 (``b`` black, ``w`` white, ``r`` red, ``g`` green, ``.`` empty), a space, the side to
move, a space, then the marbles each colour has lost, in seat order.  Extra fields:

* free placement, while marbles remain to be placed: the marbles each colour still has to
  place (``... b 0 0 14 14``); in the play phase the text is the plain four fields;
* three and four players: after the lost counts, the marbles each player has pushed off
  (``... b 0 0 0 0 0 0`` for three players): in the three-player game a player wins on
  pushing off 6 of any opponents' marbles; in the four-player game a team wins when its two
  players together have pushed off 6.

A game the players ended adds the result field every game writes alike
(``base.result_field``): ``resigned:SEAT``, ``time:SEAT`` or ``draw``.

What a move does, why one is refused and why a reading is no move are said as data
(``describe``, ``explain``; the templates are in ``words``).

Move text: the notation of Abalone programs and tournament records (Aba-Pro style).
* An in-line move (a single marble, or a line moving along itself, pushing or not) is the
  trailing marble's cell and the cell it moves to: ``A1B2``.  The moving line is every own
  marble from the trailing one onward in that direction.
* A broadside move is the two end marbles of the line and the cell the first one moves to:
  ``A1A3B1`` (the end written first is the lower one in A1..I9 order; either order is read).
* Placing a marble in free placement: ``+E5``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, ClassVar

from controller.errors import ParseError
from controller.rules.abalone import board, explain
from controller.rules.abalone.board import (
    CELLS,
    INDEX,
    NAME,
    NAMES,
    STEPS,
    VALID,
    bits_of,
    direction_between,
    mask_of,
    shift,
)
from controller.rules.abalone.describe import describe
from controller.rules.abalone.layouts import COLOUR_NAMES, VARIANTS
from controller.rules.abalone.movegen import count_moves, has_moves, list_moves
from controller.rules.abalone.state import AbaloneState, Move, Place, Push, team_masks
from controller.rules.abalone.words import WORDS
from controller.rules.base import (
    Game,
    Geometry,
    Outcome,
    Stack,
    Termination,
    Variant,
    read_result_field,
    result_field,
)
from controller.said import Cell, Message, Template, Who, Zone
from controller.said import Place as PlaceValue

__all__ = ["ABALONE", "Abalone", "AbaloneState", "Move", "Place", "Push"]

COLOUR_LETTERS = "bwrg"


def zone_id(kind: str, seat: str) -> str:
    """The position of a zone beside the board: a seat's tray or its marbles to place."""
    return f"{kind}-{seat}"


# Every zone of every variant as players name it: a tray holds the marbles of its owner's
# colour pushed off, a supply the marbles its owner still has to place.
ZONES: dict[str, PlaceValue] = {
    zone_id(kind, seat): Zone(kind, owner=seat)
    for seat in COLOUR_LETTERS for kind in ("tray", "supply")}


class Abalone(Game[AbaloneState, Move]):
    name: ClassVar[str] = "abalone"
    title: ClassVar[str] = "Abalone"
    default_variant: ClassVar[str] = "standard"
    variants = VARIANTS
    words: ClassVar[Mapping[str, Template]] = WORDS

    # ---- set-up ------------------------------------------------------------------------------

    def setup(self, variant: str | None = None, seed: int = 0) -> AbaloneState:
        v = self.variant(variant)
        n = len(v.seats)
        layout = v.options["layout"]
        if layout is None:
            marbles = (0,) * n
            to_place = (v.options["marbles"],) * n
        else:
            marbles = tuple(mask_of([INDEX[c] for c in layout[s].split()]) for s in v.seats)
            to_place = (0,) * n
        return AbaloneState(v.name, marbles, 0, (0,) * n, (0,) * n, to_place)

    def variant_of(self, state: AbaloneState) -> Variant:
        return VARIANTS[state.variant]

    def to_move(self, state: AbaloneState) -> str | None:
        if self.outcome(state) is not None:
            return None
        return VARIANTS[state.variant].seats[state.to_move]

    def same_side(self, state: AbaloneState, a: str, b: str) -> bool:
        teams = VARIANTS[state.variant].options["teams"]
        return any(a in t and b in t for t in teams)

    # ---- moves -------------------------------------------------------------------------------

    def _masks(self, state: AbaloneState) -> tuple[int, int, int]:
        team = team_masks(state.variant)[state.to_move]
        own = state.marbles[state.to_move]
        friends = 0
        for i in team:
            friends |= state.marbles[i]
        everyone = 0
        for m in state.marbles:
            everyone |= m
        return own, friends, everyone & ~friends

    def legal_moves(self, state: AbaloneState) -> Sequence[Move]:
        if state.result is not None or self._winning_team(state) is not None:
            return ()
        if state.placing:
            occupied = 0
            for m in state.marbles:
                occupied |= m
            return tuple(Place(c) for c in bits_of(VALID & ~occupied))
        return tuple(Push(cells, d) for cells, d in list_moves(*self._masks(state)))

    def count_legal_moves(self, state: AbaloneState) -> int:
        if state.result is not None or self._winning_team(state) is not None:
            return 0
        if state.placing:
            occupied = 0
            for m in state.marbles:
                occupied |= m
            return (VALID & ~occupied).bit_count()
        return count_moves(*self._masks(state))

    def play(self, state: AbaloneState, move: Move) -> AbaloneState:
        seats = len(state.marbles)
        nxt = (state.to_move + 1) % seats
        i = state.to_move
        if isinstance(move, Place):
            marbles = list(state.marbles)
            marbles[i] |= 1 << move.cell
            to_place = list(state.to_place)
            to_place[i] -= 1
            return AbaloneState(state.variant, tuple(marbles), nxt, state.lost, state.pushed,
                                tuple(to_place))
        s = STEPS[move.direction]
        group = mask_of(move.cells)
        marbles = list(state.marbles)
        marbles[i] = (marbles[i] & ~group) | shift(group, s)
        lost, pushed = state.lost, state.pushed
        if move.is_inline:
            leader = move.cells[-1] if s > 0 else move.cells[0]
            ahead = leader + s
            run = 0
            others = 0
            for j, m in enumerate(state.marbles):
                if j != i:
                    others |= m
            while others >> ahead & 1:
                run |= 1 << ahead
                ahead += s
            if run:
                lost_l = list(lost)
                off_total = 0
                for j, m in enumerate(marbles):
                    moved = m & run
                    if moved and j != i:
                        landed = shift(moved, s) & VALID
                        marbles[j] = (m & ~run) | landed
                        off = moved.bit_count() - landed.bit_count()
                        lost_l[j] += off
                        off_total += off
                if off_total:
                    lost = tuple(lost_l)
                    pushed_l = list(pushed)
                    pushed_l[i] += off_total
                    pushed = tuple(pushed_l)
        return AbaloneState(state.variant, tuple(marbles), nxt, lost, pushed, state.to_place)

    def explain_illegal(self, state: AbaloneState, move: Move) -> Message:
        return explain.refusal(state, move)

    def explain_reading(self, state: AbaloneState, lifted: frozenset[str],
                        placed: frozenset[str]) -> Message | None:
        if self.outcome(state) is not None:
            return None
        return explain.reading(state, lifted, placed, self.place,
                               frozenset(self.legal_moves(state)))

    def describe(self, state: AbaloneState, move: Move) -> Message:
        return describe(state, move)

    # ---- the end -------------------------------------------------------------------------------

    @staticmethod
    def _winning_team(state: AbaloneState) -> Outcome | None:
        v = VARIANTS[state.variant]
        target = v.options["target"]
        for team in v.options["teams"]:
            score = sum(state.pushed[v.seats.index(s)] for s in team)
            if score >= target:
                return Outcome.of(team, Termination.PUSHED_OFF, n=score,
                                  side=tuple(Who(s) for s in team))
        return None

    def board_outcome(self, state: AbaloneState) -> Outcome | None:
        won = self._winning_team(state)
        if won is not None:
            return won
        v = VARIANTS[state.variant]
        if not state.placing and not has_moves(*self._masks(state)):
            stuck = v.seats[state.to_move]
            winners = tuple(s for s in v.seats if not self.same_side(state, s, stuck))
            return Outcome.of(winners, Termination.NO_MOVE, who=Who(stuck))
        return None

    # ---- views ---------------------------------------------------------------------------------

    def view(self, state: AbaloneState, seat: str | None) -> dict[str, Any]:
        v = VARIANTS[state.variant]
        outcome = self.outcome(state)
        cells = {}
        for j, m in enumerate(state.marbles):
            for c in bits_of(m):
                cells[NAME[c]] = v.seats[j]
        to_move = None if outcome is not None else v.seats[state.to_move]
        return {
            "game": self.name,
            "variant": v.name,
            "position": self.position_text(state),
            "seats": list(v.seats),
            "to_move": to_move,
            "cells": cells,
            "lost": dict(zip(v.seats, state.lost)),
            "pushed": dict(zip(v.seats, state.pushed)),
            "scores": self.scores(state),
            "to_place": dict(zip(v.seats, state.to_place)),
            "target": v.options["target"],
            "outcome": outcome.to_json() if outcome else None,
        }

    def scores(self, state: AbaloneState) -> dict[str, int]:
        """Marbles pushed off, per side (a team counts its players together)."""
        v = VARIANTS[state.variant]
        return {"+".join(team): sum(state.pushed[v.seats.index(s)] for s in team)
                for team in v.options["teams"]}

    # ---- text ----------------------------------------------------------------------------------

    def position_text(self, state: AbaloneState) -> str:
        v = VARIANTS[state.variant]
        chars = ["."] * 61
        for j, m in enumerate(state.marbles):
            letter = v.seats[j]
            for c in bits_of(m):
                chars[board.ORDER[c]] = letter
        fields = ["".join(chars), v.seats[state.to_move], *map(str, state.lost)]
        if len(v.seats) > 2:
            fields += map(str, state.pushed)
        if state.placing:
            fields += map(str, state.to_place)
        ended = result_field(state.result)
        if ended is not None:
            fields.append(ended)
        return " ".join(fields)

    def parse_position(self, text: str, variant: str | None = None) -> AbaloneState:
        v = self.variant(variant)
        seats = v.seats
        n = len(seats)
        fields = text.split()
        result = read_result_field(fields[-1], seats, lambda who: tuple(
            s for s in seats if not self.same_side_v(v, s, who))) if fields else None
        if result is not None:
            fields.pop()
        expected = 2 + n + (n if n > 2 else 0)
        placing_fields = expected + n if v.options["layout"] is None else None
        if len(fields) not in (expected, placing_fields):
            shape = f"{expected} fields: 61 cells, the side to move, {n} lost counts"
            if n > 2:
                shape += f", {n} pushed-off counts"
            if placing_fields:
                shape += f" (and {n} counts of marbles still to place, during placement)"
            raise ParseError(f"an {v.name} Abalone position has {shape}; got {len(fields)} "
                             f"in {text!r}")
        cells = fields[0]
        if len(cells) != 61:
            raise ParseError(f"the cells field has {len(cells)} characters; it needs 61 "
                             "(A1..A5, B1..B6, ..., I5..I9)")
        marbles = [0] * n
        for name, cell, ch in zip(NAMES, CELLS, cells):
            if ch == ".":
                continue
            if ch not in seats:
                raise ParseError(f"{name} holds {ch!r}; use {', '.join(seats)} or '.'")
            marbles[seats.index(ch)] |= 1 << cell
        if fields[1] not in seats:
            raise ParseError(f"the side to move is {fields[1]!r}; it must be one of "
                             f"{', '.join(seats)}")
        numbers = []
        for f in fields[2:]:
            if not f.isdigit():
                raise ParseError(f"{f!r} is not a count of marbles")
            numbers.append(int(f))
        lost = tuple(numbers[:n])
        if n > 2:
            pushed = tuple(numbers[n:2 * n])
            rest = numbers[2 * n:]
        else:
            # Two players: each one's pushes are the other's losses.
            pushed = (lost[1], lost[0])
            rest = numbers[n:]
        to_place = tuple(rest) if rest else (0,) * n
        if sum(to_place) and sum(m.bit_count() for m in marbles) + sum(to_place) > 61:
            raise ParseError("more marbles to place than empty cells")
        return AbaloneState(v.name, tuple(marbles), seats.index(fields[1]), lost, pushed,
                            to_place, result)

    @staticmethod
    def same_side_v(v: Variant, a: str, b: str) -> bool:
        return any(a in t and b in t for t in v.options["teams"])

    def board_move_text(self, move: Move) -> str:
        if isinstance(move, Place):
            return "+" + NAME[move.cell]
        s = STEPS[move.direction]
        if move.is_inline:
            tail = move.cells[0] if s > 0 else move.cells[-1]
            return NAME[tail] + NAME.get(tail + s, "(off)")
        first, last = move.cells[0], move.cells[-1]
        return NAME[first] + NAME[last] + NAME.get(first + s, "(off)")

    def parse_board_move(self, state: AbaloneState, text: str) -> Move:
        t = text.strip().upper()
        if t.startswith("+"):
            return Place(self._cell(t[1:], text))
        if len(t) == 4:
            tail, to = self._cell(t[:2], text), self._cell(t[2:], text)
            d = direction_between(tail, to)
            if d is None:
                raise ParseError(f"{text!r}: {NAME[to]} is not next to {NAME[tail]}")
            own = state.marbles[state.to_move]
            s = STEPS[d]
            line = []
            c = tail
            while own >> c & 1:
                line.append(c)
                c += s
            if not line or len(line) > 3:
                self.refuse(explain.refusal(state, Push(tuple(sorted(line)) or (tail,), d)))
            return Push(tuple(sorted(line)), d)
        if len(t) == 6:
            a, b, to = self._cell(t[:2], text), self._cell(t[2:4], text), self._cell(t[4:], text)
            d = direction_between(a, to)
            if d is None:
                raise ParseError(f"{text!r}: {NAME[to]} is not next to {NAME[a]}")
            gap = b - a
            axis = next((s for s in STEPS if gap in (s, 2 * s)), None)
            if axis is None:
                raise ParseError(f"{text!r}: {NAME[a]} and {NAME[b]} are not the ends of a line "
                                 "of two or three marbles")
            cells = tuple(sorted({a, b, a + axis} if gap == 2 * axis else {a, b}))
            if STEPS[d] in (axis, -axis):
                trail = cells[0] if STEPS[d] > 0 else cells[-1]
                raise ParseError(f"{text!r} moves the line along itself: write an in-line move "
                                 f"with its trailing marble, {NAME[trail]}{NAME[trail + STEPS[d]]}")
            return Push(cells, d)
        raise ParseError(f"{text!r} is not an Abalone move: write an in-line move as A1B2 "
                         "(trailing marble, where it goes), a broadside as A1A3B1 (both ends, "
                         "where the first goes), a placement as +E5")

    @staticmethod
    def _cell(name: str, text: str) -> int:
        try:
            return INDEX[name.upper()]
        except KeyError:
            raise ParseError(
                f"{text!r}: {name!r} is not a cell (A1..A5, B1..B6, ..., I5..I9)") from None

    # ---- the physical board ------------------------------------------------------------------

    def geometry(self, variant: str | None = None) -> Geometry:
        return _geometry(self.variant(variant).name)

    def layout(self, state: AbaloneState) -> Mapping[str, Stack]:
        v = VARIANTS[state.variant]
        out: dict[str, Stack] = {}
        for j, m in enumerate(state.marbles):
            piece = (v.seats[j],)
            for c in bits_of(m):
                out[NAME[c]] = piece
        for j, seat in enumerate(v.seats):
            if state.lost[j]:
                out[zone_id("tray", seat)] = (seat,) * state.lost[j]
            if state.to_place[j]:
                out[zone_id("supply", seat)] = (seat,) * state.to_place[j]
        return out

    def place(self, position: str) -> PlaceValue:
        """A tray or a supply beside the board as a ``Zone``; a cell by its printed name."""
        return ZONES.get(position) or Cell(position)

    def seat_name(self, seat: str) -> str:
        return COLOUR_NAMES.get(seat, seat).capitalize()

    def pieces(self, variant: str | None = None) -> tuple[str, ...]:
        return self.variant(variant).seats  # one colour of marble per seat

    def piece_name(self, piece: str, plural: bool = False) -> str:
        return f"{COLOUR_NAMES.get(piece, piece)} marble{'s' if plural else ''}"

    def polarity(self, piece: str) -> int:
        # Black and its partner red show north, white and green south: with polarity sensing
        # a two-player board tells the colours apart; with more players, history does.
        return 1 if piece in ("b", "r") else -1


@cache
def _geometry(variant: str) -> Geometry:
    v = VARIANTS[variant]
    coords: dict[str, tuple[float, float]] = {NAME[c]: board.coords(c) for c in CELLS}
    zones = []
    # Trays for pushed-off marbles stand off the board beside each player's side; free
    # placement adds a supply per colour.
    for k, seat in enumerate(v.seats):
        zones.append(zone_id("tray", seat))
        coords[zone_id("tray", seat)] = (-2.5 + 12.5 * (k % 2), 0.8 + 1.6 * (k // 2))
    if v.options["layout"] is None:
        for k, seat in enumerate(v.seats):
            zones.append(zone_id("supply", seat))
            coords[zone_id("supply", seat)] = (-2.5 + 12.5 * (k % 2), 6.1)
    return Geometry(NAMES, tuple(zones), coords, shape="hex")


ABALONE = Abalone()
