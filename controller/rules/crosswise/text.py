"""Crosswise position text.

Five fields, and a sixth when the players ended the game (a resignation, a fall of the flag,
an agreed draw: ``base.result_field``)::

    BOARD TO-MOVE USED HANDS BAG [resigned:SEAT | time:SEAT | draw]

* ``BOARD``: the six rows of the board text, row 6 first, joined by ``/``
  (``514122/534134/636666/624531/532431/531426``; ``.`` is an empty cell);
* ``TO-MOVE``: the seat whose turn it is.  In the three-player game the solo seat plays every
  other turn, so it is written with the team player who comes next: ``orange>green-2``;
* ``USED``: the action tiles played so far, ``M`` move, ``R`` remove, ``X`` replace, ``S`` swap
  (``MXX``), or ``-``;
* ``HANDS``: every hand in seat order, joined by ``/``, each sorted (``1235/46MS``; ``-`` is an
  empty hand);
* ``BAG``: the tiles still to draw, next first, or ``-``.

The first three fields are public: they are the ``position`` of ``view``.  Hands and bag are
here for tests, the event log and the CLI, which are on the server.
"""

from __future__ import annotations

from collections import Counter

from controller.errors import ParseError
from controller.rules.base import Outcome, read_result_field, result_field
from controller.rules.crosswise.scoring import board_lines, parse_board_text
from controller.rules.crosswise.state import CrosswiseState, seating
from controller.rules.crosswise.tiles import ACTIONS, FULL_SET, TILE_RANK, sort_tiles
from controller.rules.crosswise.variants import VARIANTS


def turn_text(variant: str, turn: int) -> str:
    seats = seating(variant)
    cycle = seats.turn_seat
    seat = seats.seats[cycle[turn]]
    if cycle.count(cycle[turn]) == 1:
        return seat
    return f"{seat}>{seats.seats[cycle[(turn + 1) % len(cycle)]]}"


def used_text(used: tuple[int, ...]) -> str:
    return "".join(code * n for code, n in zip(ACTIONS, used)) or "-"


def public_text(state: CrosswiseState) -> str:
    """What the table may see: the board, whose turn, the used action tiles."""
    return " ".join(("/".join(board_lines(state.board)), turn_text(state.variant, state.turn),
                     used_text(state.used)))


def position_text(state: CrosswiseState) -> str:
    hands = "/".join("".join(h) or "-" for h in state.hands)
    fields = [public_text(state), hands, "".join(state.bag) or "-"]
    result = result_field(state.result)
    if result is not None:
        fields.append(result)
    return " ".join(fields)


def _tiles(field: str, what: str) -> tuple[str, ...]:
    if field == "-":
        return ()
    bad = sorted({t for t in field if t not in TILE_RANK})
    if bad:
        raise ParseError(f"{what} {field!r} holds {', '.join(map(repr, bad))}; tiles are 1-6 "
                         "and M (move), R (remove), X (replace), S (swap)")
    return tuple(field)


def parse_position_text(text: str, variant: str) -> CrosswiseState:
    fields = text.split()
    seats = seating(variant)
    result = None
    if len(fields) == 6:
        result = _result(fields.pop(), variant)
    if len(fields) != 5:
        raise ParseError(f"a Crosswise position has 5 fields (board, to move, used action "
                         f"tiles, hands, bag) and maybe a result; got {len(fields)} in {text!r}")
    board_field, to_move, used_field, hands_field, bag_field = fields
    board = parse_board_text(board_field)
    turns = [turn_text(variant, k) for k in range(len(seats.turn_seat))]
    if to_move not in turns:
        raise ParseError(f"the seat to move is {to_move!r}; in {variant} it is one of: "
                         f"{', '.join(turns)}")
    used_tiles = _tiles(used_field, "the used action tiles")
    if any(t not in ACTIONS for t in used_tiles):
        raise ParseError(f"the used field {used_field!r} lists only action tiles: M R X S")
    used = tuple(used_tiles.count(code) for code in ACTIONS)
    hand_fields = hands_field.split("/")
    if len(hand_fields) != len(seats.seats):
        raise ParseError(f"{variant} has {len(seats.seats)} hands ({', '.join(seats.seats)}), "
                         f"joined by '/'; got {len(hand_fields)} in {hands_field!r}")
    hands = tuple(sort_tiles(_tiles(h, f"{seat}'s hand"))
                  for seat, h in zip(seats.seats, hand_fields))
    bag = _tiles(bag_field, "the bag")
    for seat, hand, size in zip(seats.seats, hands, seats.hand_size):
        if len(hand) > size or (bag and len(hand) < size):
            raise ParseError(f"{seat} holds {len(hand)} tiles; a hand holds {size}, fewer "
                             "only once the bag is empty")
    counted: Counter[str] = Counter(str(v) for v in board if v)
    counted.update(code for code, n in zip(ACTIONS, used) for _ in range(n))
    for part in (*hands, bag):
        counted.update(part)
    if counted != FULL_SET:
        extra = counted - FULL_SET
        missing = FULL_SET - counted
        raise ParseError("the tiles do not add up to the game's 54 (7 of each symbol, 3 of "
                         f"each action): too many {dict(extra) or 'none'}, missing "
                         f"{dict(missing) or 'none'}")
    return CrosswiseState(variant, board, hands, bag,
                          (used[0], used[1], used[2], used[3]), turns.index(to_move), result)


def _result(field: str, variant: str) -> Outcome:
    seats = seating(variant)

    def opponents(seat: str) -> tuple[str, ...]:
        team = seats.team[seats.seats.index(seat)]
        return tuple(s for s, t in zip(seats.seats, seats.team) if t != team)

    outcome = read_result_field(field, seats.seats, opponents)
    if outcome is None:
        raise ParseError(f"the last field {field!r} is no result: write 'draw', "
                         f"'resigned:SEAT' or 'time:SEAT' with a seat of "
                         f"{VARIANTS[variant].name} ({', '.join(seats.seats)})")
    return outcome
