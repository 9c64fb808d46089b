"""Rhombus: all of ``shared/rules/rhombus.md`` (decisions in ``docs/games/rhombus.md``).

The rules live in small modules: ``board`` (squares as bitmasks, walks, blockades, crosses),
``cards`` (which card sets make an action), ``movegen`` (actions by destination sets),
``state`` (variants, deal, refill and reshuffle), ``text`` (move and position text),
``physical`` (positions, layout, effects), ``view`` (what each seat may see), ``describe``
(an action as data), ``explain`` (why an action or a reading is refused, as reason keys) and
``words`` (the templates all of these are said by).  This module ties them to the ``Game``
contract.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from controller.errors import ParseError
from controller.rules.base import Effect, Game, Geometry, MetaMove, Outcome, Stack, Variant
from controller.rules.rhombus import hidden, physical
from controller.rules.rhombus.board import BIT, names
from controller.rules.rhombus.cards import HIDDEN, cards_text, parse_card, value
from controller.rules.rhombus.checks import check_position
from controller.rules.rhombus.describe import describe
from controller.rules.rhombus.end import board_outcome
from controller.rules.rhombus.explain import cards_said, square_mask, why_illegal, why_reading
from controller.rules.rhombus.finder import RhombusFinder
from controller.rules.rhombus.movegen import Move, generate
from controller.rules.rhombus.position import (
    controlled,
    held,
    mover_context,
)
from controller.rules.rhombus.state import (
    COLOUR_NAMES,
    VARIANTS,
    Refill,
    RhombusState,
    deal,
    refill,
)
from controller.rules.rhombus.text import (
    move_text,
    parse_move_text,
    parse_position_text,
    position_text,
)
from controller.rules.rhombus.view import view
from controller.rules.rhombus.words import WORDS
from controller.said import Cell, Message, Place, Template, Zone


@lru_cache(maxsize=8)
def _finder(state: RhombusState) -> RhombusFinder:
    return RhombusFinder(state)


@lru_cache(maxsize=8)
def _moves(state: RhombusState) -> tuple[Move, ...]:
    v = VARIANTS[state.variant]
    largest = 4 if v.options["formation"] else 3
    return tuple(generate(mover_context(state), held(state, state.to_move), largest))


class Rhombus(Game[RhombusState, Move]):
    name: ClassVar[str] = "rhombus"
    title: ClassVar[str] = "Rhombus"
    default_variant: ClassVar[str] = "two-player"
    variants = VARIANTS
    words: ClassVar[Mapping[str, Template]] = WORDS

    # ---- set-up ------------------------------------------------------------------------------

    def setup(self, variant: str | None = None, seed: int = 0) -> RhombusState:
        return deal(self.variant(variant), seed)

    def variant_of(self, state: RhombusState) -> Variant:
        return VARIANTS[state.variant]

    def to_move(self, state: RhombusState) -> str | None:
        if self.outcome(state) is not None:
            return None
        return VARIANTS[state.variant].seats[state.to_move]

    def same_side(self, state: RhombusState, a: str, b: str) -> bool:
        return any(a in t and b in t for t in VARIANTS[state.variant].options["teams"])

    # ---- actions -----------------------------------------------------------------------------

    def legal_moves(self, state: RhombusState) -> Sequence[Move]:
        if self.outcome(state) is not None:
            return ()
        return _moves(state)

    def is_legal(self, state: RhombusState, move: Move | MetaMove) -> bool:
        if not isinstance(move, Move):
            return super().is_legal(state, move)
        # A search aimed at the move's result, not the list (``finder.is_legal``; tested
        # to agree with it).
        return self.outcome(state) is None and _finder(state).is_legal(move)

    def apply(self, state: RhombusState, move: Move | MetaMove) -> RhombusState:
        if isinstance(move, Move) and self.outcome(state) is None:
            if not _finder(state).is_legal(move):
                self.refuse(self.explain_illegal(state, move))
            return self.play(state, move)
        return super().apply(state, move)

    def play(self, state: RhombusState, move: Move) -> RhombusState:
        v = VARIANTS[state.variant]
        formation = v.options["formation"]
        n = len(v.seats)
        c = controlled(state)
        pieces = list(state.pieces)
        reserve = list(state.reserve)
        out = list(state.out)
        for j in range(n):
            hit = pieces[j] & move.kills
            if hit and j != c:
                pieces[j] &= ~hit
                if formation:
                    reserve[j] += hit.bit_count()
                else:
                    out[j] += hit.bit_count()
        pieces[c] = pieces[c] & ~move.sources | move.targets
        reserve[c] += move.revived - move.entered
        out[c] -= move.revived
        i = state.to_move
        r = Refill(list(state.open[i]), list(state.hidden[i]), list(state.pile),
                   list(state.discard), state.seed, state.shuffles)
        reactivation = (not formation and len(move.cards) == 3
                        and len({value(x) for x in move.cards}) == 1)
        refill(r, move.cards, reactivation)
        opens = list(state.open)
        hiddens = list(state.hidden)
        opens[i] = tuple(r.open)
        hiddens[i] = tuple(r.hidden)
        return RhombusState(state.variant, tuple(pieces), tuple(reserve), tuple(out),
                            tuple(opens), tuple(hiddens), tuple(r.pile), tuple(r.discard),
                            (i + 1) % n, state.ply + 1, state.seed, r.shuffles)

    def explain_illegal(self, state: RhombusState, move: Move) -> Message:
        if not isinstance(move, Move):
            return super().explain_illegal(state, move)
        return why_illegal(state, VARIANTS[state.variant], move, mover_context(state),
                           held(state, state.to_move))

    def explain_reading(self, state: RhombusState, lifted: frozenset[str],
                        placed: frozenset[str]) -> Message | None:
        """Why the board's reading is no action, from what the table sees (``explain.py``,
        ``why_reading``): nothing when some hand the table cannot rule out could read so."""
        if self.outcome(state) is not None:
            return None
        gone, came = square_mask(lifted), square_mask(placed)
        if not gone | came:
            return None
        finder = _finder(state)
        ctx = finder.ctx
        before = ctx.own | ctx.blockers | ctx.foes
        occupied = before & ~gone | came
        # A kill whose killer stays on the victim's square reads unchanged there: any
        # opponent's square may have been one.
        touched = gone | came | ctx.foes
        if finder.reading("public", names(occupied), names(touched), distinct=True):
            return None
        return why_reading(state, VARIANTS[state.variant], ctx, finder.card_sets("public"),
                           gone, came)

    # ---- words ---------------------------------------------------------------------------------

    def describe(self, state: RhombusState, move: Move) -> Message:
        return describe(state, VARIANTS[state.variant], move)

    def place(self, position: str) -> Place:
        """The squares by name; beside the board ``reserve-SEAT`` and ``eliminated-SEAT``."""
        if position in BIT:
            return Cell(position)
        kind, _, seat = position.rpartition("-")
        if kind == "reserve":
            return Zone("reserve", owner=seat)
        if kind == "eliminated":
            return Zone("eliminated", owner=seat)
        raise ValueError(f"{position!r} is no Rhombus position")

    def facet_said(self, facet: str, text: str) -> Any:
        """A facet a phone declares, as said: the cards (``QC+KC*``) as they lie ("Q♣ +
        K♣"); anything else (a phone's made-up value) as it came."""
        if facet != "cards":
            return text
        try:
            played = [parse_card(t) for t in text.split("+")]
        except (ParseError, ValueError):
            return text
        return cards_said(played) if 0 < len(played) <= 4 else text

    # ---- the end -------------------------------------------------------------------------------

    def board_outcome(self, state: RhombusState) -> Outcome | None:
        return board_outcome(state)

    # ---- views and text --------------------------------------------------------------------

    def view(self, state: RhombusState, seat: str | None) -> dict[str, Any]:
        return view(self, state, seat)

    def position_text(self, state: RhombusState) -> str:
        return position_text(state, VARIANTS[state.variant])

    def parse_position(self, text: str, variant: str | None = None) -> RhombusState:
        state = parse_position_text(text, self.variant(variant))
        check_position(state, VARIANTS[state.variant])
        return state

    def board_move_text(self, move: Move) -> str:
        return move_text(move)

    def parse_board_move(self, state: RhombusState, text: str) -> Move:
        return parse_move_text(text)

    # ---- hidden cards, phones and lights -----------------------------------------------------

    def move_facets(self, state: RhombusState, move: Move) -> Mapping[str, str]:
        return {"cards": cards_text(move.cards)}

    def facets_need_confirmation(self, state: RhombusState, move: Move) -> bool:
        # Public information only: whether the mover holds a hand card at all (the table
        # sees how many), never which.  A hand card the table cannot rule out could explain
        # or extend almost any reading (docs/games/rhombus.md, "Privacy"), so while the mover
        # holds one, every reading waits for the phone unless the cards were declared first.
        return bool(state.hidden[state.to_move])

    def hand_hidden(self, state: RhombusState) -> bool:
        return self.outcome(state) is None and bool(state.hidden[state.to_move])

    def move_finder(self, state: RhombusState) -> RhombusFinder:
        """Readings, moves on the way and moves by text, by searches aimed at the answer
        (``finder.py``): a Formation flush has too many actions to list after every move."""
        return _finder(state)

    def public_moves(self, state: RhombusState) -> Sequence[Move]:
        """What some hand the table cannot rule out could do: every action of one card set
        of each kind (``finder.public_card_sets``; card sets that do the same are alike to
        the table).  The session asks ``move_finder`` instead of listing them."""
        if self.outcome(state) is not None:
            return ()
        return tuple(_finder(state).toward("public", (), ()))

    def declarable(self, state: RhombusState) -> dict[str, list[str]]:
        """The card sets with at least one action, each found by one search (listing every
        action of a Formation flush would take half a second)."""
        if self.outcome(state) is not None:
            return {}
        finder = _finder(state)
        sets = sorted({cards_text(cards) for cards in finder.card_sets("legal")
                       if next(iter(finder.toward("legal", (), (),
                                                  facets={"cards": cards_text(cards)})), None)})
        return {"cards": sets} if sets else {}

    def sample_hidden_for(self, state: RhombusState, seats: Collection[str],
                          rng: random.Random) -> RhombusState:
        """The other hands and the pile dealt afresh from the cards none of ``seats`` can
        see, and a new secret seed, so that later reshuffles are unknown too."""
        return hidden.sample_hidden(state, seats, rng)

    def hint_moves(self, state: RhombusState) -> Sequence[Move]:
        """Actions with open table cards only: what the table itself could work out."""
        return tuple(m for m in self.legal_moves(state) if not any(c & HIDDEN for c in m.cards))

    # ---- the physical board -----------------------------------------------------------------

    def geometry(self, variant: str | None = None) -> Geometry:
        return physical.geometry(self.variant(variant).name)

    def layout(self, state: RhombusState) -> Mapping[str, Stack]:
        return physical.layout(state, VARIANTS[state.variant])

    def effect(self, state: RhombusState, move: Move) -> Effect:
        return physical.effect(state, VARIANTS[state.variant], controlled(state), move)

    def piece_name(self, piece: str, plural: bool = False) -> str:
        return f"{COLOUR_NAMES.get(piece, piece)} piece{'s' if plural else ''}"

    def seat_name(self, seat: str) -> str:
        return COLOUR_NAMES.get(seat, seat).capitalize()

    def pieces(self, variant: str | None = None) -> tuple[str, ...]:
        return self.variant(variant).seats  # one colour of piece per seat

    def next_match_game(self, finished: RhombusState, variant: str,
                        seed: int) -> RhombusState:
        """The winner deals the next game, so the seat after the winner starts.  A drawn
        game has no winner: the next is dealt as the first was (the last seat deals)."""
        fresh = self.setup(variant, seed=seed)
        seats = self.seats(fresh)
        outcome = self.outcome(finished)
        if not outcome or not outcome.winners:
            return fresh
        dealer = seats.index(outcome.winners[0])
        return dataclasses.replace(fresh, to_move=(dealer + 1) % len(seats))


    # ---- for pages and tests ----------------------------------------------------------------

    def squares(self, mask: int) -> list[str]:
        return names(mask)


RHOMBUS = Rhombus()
