"""Hand-made Rhombus positions for tests."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from controller.rules.rhombus import RHOMBUS, Move, RhombusState
from controller.rules.rhombus.board import mask_of
from controller.rules.rhombus.cards import deck, parse_card, sub_hands
from controller.rules.rhombus.checks import check_position
from controller.rules.rhombus.position import held
from controller.rules.rhombus.state import VARIANTS

G = RHOMBUS


def cards(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_card(c) for c in text.split()))


def position(pieces: dict[str, str], hands: dict[str, tuple[str, str]], *,
             variant: str = "two-player", to_move: str = "r",
             out: dict[str, int] | None = None, reserve: dict[str, int] | None = None,
             pile: str | None = None, discard: str = "", ply: int = 0, seed: int = 0,
             shuffles: int = 0) -> RhombusState:
    """Pieces by seat (``{"r": "a1 b1"}``), hands by seat as (table cards, hand cards).

    A seat without a hand gets one open 8 (a card that can always be played, so the game
    goes on).  Every card not named goes to the pile, sorted, unless ``pile`` names the pile;
    reserves default to the pieces neither on the board nor eliminated.
    """
    hands = dict(hands)
    spare = iter(f"8{suit}" for suit in "CDHS" * 2)
    named = " ".join(" ".join(h) for h in hands.values()) + " " + discard + " " + (pile or "")
    for s in VARIANTS[variant].seats:
        if s not in hands:
            card = next(c for c in spare if named.split().count(c) < VARIANTS[variant].options[
                "copies"])
            hands[s] = (card, "")
            named += " " + card
    v = VARIANTS[variant]
    seats = v.seats
    out = out or {}
    boards = tuple(mask_of(pieces.get(s, "")) for s in seats)
    outs = tuple(out.get(s, 0) for s in seats)
    reserves = tuple((reserve or {}).get(s, v.options["pieces"] - b.bit_count() - o)
                     for s, b, o in zip(seats, boards, outs))
    opens = tuple(cards(hands.get(s, ("", ""))[0]) for s in seats)
    hiddens = tuple(cards(hands.get(s, ("", ""))[1]) for s in seats)
    used = Counter(c for h in opens + hiddens for c in h) + Counter(cards(discard))
    if pile is None:
        rest = Counter(deck(v.options["copies"])) - used
        piles = tuple(sorted(rest.elements()))
    else:
        piles = tuple(parse_card(c) for c in pile.split())
    state = RhombusState(variant, boards, reserves, outs, opens, hiddens, piles,
                         cards(discard), seats.index(to_move), ply, seed, shuffles)
    if pile is None:
        check_position(state, v)
    return state


def moves_text(state: RhombusState) -> set[str]:
    return {G.move_text(m) for m in G.legal_moves(state)}


def play(state: RhombusState, text: str) -> RhombusState:
    return G.apply(state, G.parse_move(state, text))


def move(state: RhombusState, text: str) -> Move:
    m = G.parse_move(state, text)
    assert isinstance(m, Move)
    return m


def cells(state: RhombusState, seat: str) -> set[str]:
    return {k for k, v in G.view(state, None)["cells"].items() if v == seat}


def arbitrary_moves(state: RhombusState) -> st.SearchStrategy[Move]:
    """Actions of the game's own type, legal or not: up to three of the mover's cards (or
    none), any of its pieces leaving, any square filled, any foes killed."""
    mine = held(state, state.to_move)
    squares = st.integers(0, (1 << 25) - 1)
    foes = sum(p for k, p in enumerate(state.pieces) if k != state.to_move)
    return st.builds(
        lambda cards, sources, target, kills: Move(cards, sources & state.pieces[
            state.to_move], 1 << target, kills & foes),
        st.sampled_from(sub_hands(mine, 3)) if mine else st.just(()), squares,
        st.integers(0, 24), st.just(0) | squares)
