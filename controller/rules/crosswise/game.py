"""Crosswise: all of ``shared/rules/crosswise.md`` behind the ``Game`` contract.

The pieces live in sibling modules: ``rules`` (plays, refills, the end, refusals), ``scoring``
(lines, the board text), ``text`` (position text), ``moves`` (move text), ``physical``
(positions, layouts, effects, facets), ``explain`` (moves, places and readings as data),
``words`` (their templates), ``view`` (what each seat sees) and ``series`` (``match X`` and
``sumof X``).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any, ClassVar

from controller.errors import ParseError
from controller.rules.base import Effect, Game, Geometry, Outcome, Stack, Variant
from controller.rules.crosswise import explain, hidden, physical, rules, text
from controller.rules.crosswise.moves import Move, move_text, parse_move_text
from controller.rules.crosswise.scoring import parse_board_text, totals
from controller.rules.crosswise.state import CrosswiseState, mover, seating
from controller.rules.crosswise.tiles import FULL_SET, TILE_ORDER, sort_tiles, tile_name
from controller.rules.crosswise.variants import DEFAULT, VARIANTS
from controller.rules.crosswise.view import seat_view, table_view
from controller.rules.crosswise.words import WORDS
from controller.said import Message, Place, Template


class Crosswise(Game[CrosswiseState, Move]):
    name: ClassVar[str] = "crosswise"
    title: ClassVar[str] = "Crosswise"
    default_variant: ClassVar[str] = DEFAULT
    variants = VARIANTS
    words: ClassVar[Mapping[str, Template]] = WORDS

    # ---- set-up ------------------------------------------------------------------------------

    def setup(self, variant: str | None = None, seed: int = 0) -> CrosswiseState:
        """Shuffle the 54 tiles with the seed and deal each seat its hand (``deal``).

        A deal that leaves nobody a play (two players holding eight action tiles on the empty
        board: about one deal in two million) is dealt again from the next derived shuffle, so
        that every game can start; the redeal is as reproducible as the first deal.
        """
        name = self.variant(variant).name
        for attempt in range(100):
            state = deal(name, seed, attempt)
            if rules.board_outcome(state) is None:
                return state
        raise AssertionError("no playable deal in 100 shuffles")  # pragma: no cover

    def variant_of(self, state: CrosswiseState) -> Variant:
        return VARIANTS[state.variant]

    def to_move(self, state: CrosswiseState) -> str | None:
        if self.outcome(state) is not None:
            return None
        return seating(state.variant).seats[mover(state)]

    def same_side(self, state: CrosswiseState, a: str, b: str) -> bool:
        seats = seating(state.variant)
        return (a in seats.seats and b in seats.seats
                and seats.team[seats.seats.index(a)] == seats.team[seats.seats.index(b)])

    def team(self, state: CrosswiseState, seat: str) -> str:
        """``green`` (rows) or ``orange`` (columns)."""
        seats = seating(state.variant)
        return seats.team[seats.seats.index(seat)]

    # ---- moves -------------------------------------------------------------------------------

    def legal_moves(self, state: CrosswiseState) -> Sequence[Move]:
        if self.outcome(state) is not None:
            return ()
        return tuple(rules.legal(state))

    def count_legal_moves(self, state: CrosswiseState) -> int:
        if self.outcome(state) is not None:
            return 0
        return rules.count_plays(state.board, state.hands[mover(state)]) or 1

    def play(self, state: CrosswiseState, move: Move) -> CrosswiseState:
        return rules.play(state, move)

    def explain_illegal(self, state: CrosswiseState, move: Move) -> Message:
        return rules.explain(state, move)

    def explain_reading(self, state: CrosswiseState, lifted: frozenset[str],
                        placed: frozenset[str]) -> Message | None:
        """Presence sensors: where tiles lie, not which.  A tile off the board without the
        action tile that allows it, two tiles laid, an action tile on the wrong place or
        lifted again, a board change the action played does not make."""
        if self.outcome(state) is not None:
            return Message.of("illegal.game-over")
        return explain.reading(state, lifted, placed)

    def describe(self, state: CrosswiseState, move: Move) -> Message:
        return explain.describe(state, move)

    def place(self, position: str) -> Place:
        return explain.place(position)

    def board_outcome(self, state: CrosswiseState) -> Outcome | None:
        return rules.board_outcome(state)

    # ---- views -------------------------------------------------------------------------------

    def view(self, state: CrosswiseState, seat: str | None) -> dict[str, Any]:
        outcome = self.outcome(state)
        if seat is None:
            return table_view(state, outcome)
        return seat_view(state, seat, outcome)

    def sample_hidden_for(self, state: CrosswiseState, seats: Collection[str],
                          rng: random.Random) -> CrosswiseState:
        """The other hands and the bag dealt afresh from the tiles none of ``seats`` can see."""
        return hidden.sample_hidden(state, seats, rng)

    def match_points(self, state: CrosswiseState) -> dict[str, int]:
        """Each team's line totals on the board, credited to every player of the team."""
        from controller.rules.crosswise.series import game_score
        return dict(game_score(state, self.outcome(state)).points)

    def scores(self, state: CrosswiseState) -> dict[str, int]:
        """Each team's lines added up, as they stand."""
        green, orange = totals(state.board)
        return {"green": green, "orange": orange}

    # ---- text --------------------------------------------------------------------------------

    def position_text(self, state: CrosswiseState) -> str:
        return text.position_text(state)

    def parse_position(self, text_: str, variant: str | None = None) -> CrosswiseState:
        return text.parse_position_text(text_, self.variant(variant).name)

    def board_move_text(self, move: Move) -> str:
        return move_text(move)

    def parse_board_move(self, state: CrosswiseState, text_: str) -> Move:
        return parse_move_text(text_)

    def parse_board(self, text_: str, variant: str | None = None) -> CrosswiseState:
        """A board alone (the rules page's board text), for ``--score``: the tiles not on the
        board are dealt in their canonical order (symbols 1 to 6, then the actions) to the
        hands, seat by seat, and the rest is the bag; nothing is used, the first seat is to
        move.  A board with more than 7 tiles of a symbol is refused."""
        v = self.variant(variant)
        board = parse_board_text(text_)
        counts = [board.count(s) for s in range(7)]
        over = [str(s) for s in range(1, 7) if counts[s] > FULL_SET[str(s)]]
        if over:
            raise ParseError(f"the board holds more than {FULL_SET['1']} tiles of "
                             f"{', '.join(over)}; the game has 7 of each symbol")
        rest = [t for t in TILE_ORDER
                for _ in range(FULL_SET[t] - (counts[int(t)] if t.isdigit() else 0))]
        hands = []
        for size in seating(v.name).hand_size:
            hands.append(sort_tiles(rest[:size]))
            del rest[:size]
        return CrosswiseState(v.name, board, tuple(hands), tuple(rest), (0, 0, 0, 0), 0)

    def score_text(self, state: CrosswiseState) -> str:
        green, orange = totals(state.board)
        return f"green {green} orange {orange}"

    # ---- the physical board ------------------------------------------------------------------

    def geometry(self, variant: str | None = None) -> Geometry:
        self.variant(variant)  # an unknown name is refused, as everywhere
        return physical.geometry()

    def layout(self, state: CrosswiseState) -> Mapping[str, Stack]:
        return physical.layout(state)

    def effect(self, state: CrosswiseState, move: Move) -> Effect:
        return physical.effect(state, move)

    def move_facets(self, state: CrosswiseState, move: Move) -> Mapping[str, str]:
        # Only a lay's or a replace's tile comes from the hand unseen, so only those moves
        # wait for their owner's phone (the base class's ``facets_need_confirmation``); a
        # move, remove or swap that the board shows commits at once: its action tile lies
        # face up on its slot and the cells it changes are in plain sight.
        return physical.facets(move)

    def public_moves(self, state: CrosswiseState) -> Sequence[Move]:
        # Any tile not on the board or spent may be in the mover's hand.
        if self.outcome(state) is not None:
            return ()
        unseen = physical.layout(state)
        hand = tuple(code for code in TILE_ORDER if unseen.get(
            physical.SUPPLY_SYMBOL[int(code)] if code.isdigit() else physical.SUPPLY_ACTION[code]))
        return tuple(rules.plays(state.board, hand)) or tuple(rules.legal(state))

    def hint_moves(self, state: CrosswiseState) -> Sequence[Move]:
        # Every Crosswise move spends a tile from a hidden hand: lighting where a lifted tile
        # may go would tell the table that the hand holds a move tile.  The lights show the
        # last move, ambiguity and corrections only; the phone shows its owner's options.
        return ()

    def pieces(self, variant: str | None = None) -> tuple[str, ...]:
        self.variant(variant)
        return physical.PIECES

    def piece_name(self, piece: str, plural: bool = False) -> str:
        """A tile in words (``triangle tile (3)``); a seat as a player (``green-1 player``),
        which is how pages label the seats."""
        if piece in _SEAT_NAMES:
            return f"{piece} player{'s' if plural else ''}"
        return tile_name(piece, plural)


_SEAT_NAMES = frozenset(s for v in VARIANTS.values() for s in v.seats)


def deal(variant: str, seed: int, attempt: int = 0) -> CrosswiseState:
    """The tiles shuffled by ``random.Random(f"{seed}:crosswise:bag:{attempt}")``; each seat,
    in seat order, takes its hand from the top; the rest is the bag, in that order."""
    seats = seating(variant)
    bag = [t for t in TILE_ORDER for _ in range(FULL_SET[t])]
    random.Random(f"{seed}:crosswise:bag:{attempt}").shuffle(bag)
    hands = []
    for size in seats.hand_size:
        hands.append(sort_tiles(bag[:size]))
        del bag[:size]
    return CrosswiseState(variant, (0,) * 36, tuple(hands), tuple(bag), (0, 0, 0, 0), 0)


CROSSWISE = Crosswise()
