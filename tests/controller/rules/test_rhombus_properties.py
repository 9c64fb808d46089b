"""Rhombus's own properties over random positions (hypothesis chooses variants, seeds and
lengths), and the bitmask generator against the plain path-walking oracle; the contract every
game keeps is checked in ``test_contract.py``."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.rules.rhombus.board import bits
from controller.rules.rhombus.cards import HIDDEN, programs, sub_hands
from controller.rules.rhombus.movegen import can_act, generate, outcomes
from controller.rules.rhombus.position import held, mover_context
from tests.controller.rules import rhombus_reference as ref
from tests.controller.rules.random_play import played
from tests.controller.rules.rhombus_positions import G

VARIANTS = list(G.variants)


def random_position(variant: str, seed: int, plies: int):
    return played(G, variant, seed, plies, dealt=True)


positions = st.builds(random_position, st.sampled_from(VARIANTS), st.integers(0, 2**32),
                      st.integers(0, 250))
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def squares(mask: int) -> frozenset[tuple[int, int]]:
    return frozenset(((b.bit_length() - 1) % 5, (b.bit_length() - 1) // 5) for b in bits(mask))


@FAST
@given(positions)
def test_the_generator_agrees_with_the_path_walking_oracle(pos):
    state, _ = pos
    if G.outcome(state) is not None:
        return
    ctx = mover_context(state)
    formation = G.variant_of(state).options["formation"]
    corner = next(iter(squares(ctx.corner)))
    for cards in sub_hands(held(state, state.to_move), 4 if formation else 3):
        if len(cards) == 4 and sum(1 for c in cards if (c & ~HIDDEN) >> 2 in (0, 5, 6, 7, 8)) > 2:
            continue  # the oracle walks every path of four move cards too slowly
        mine = set()
        for prog in programs(cards, formation):
            mine |= {(squares(o), squares(k), e) for o, k, e in outcomes(ctx, prog)}
        theirs = ref.outcomes(squares(ctx.own), squares(ctx.blockers), squares(ctx.foes),
                              squares(ctx.killable), corner, ctx.reserve, cards, formation)
        assert mine == theirs, G.position_text(state)


@FAST
@given(positions)
def test_an_action_exists_exactly_when_can_act_says_so(pos):
    state, _ = pos
    formation = G.variant_of(state).options["formation"]
    found = generate(mover_context(state), held(state, state.to_move), 4 if formation else 3)
    assert can_act(mover_context(state), held(state, state.to_move)) == bool(found)


@FAST
@given(positions)
def test_pieces_and_cards_are_conserved(pos):
    state, _ = pos
    v = G.variant_of(state)
    for j in range(len(v.seats)):
        assert state.pieces[j].bit_count() + state.reserve[j] + state.out[j] == (
            v.options["pieces"])
    total = len(state.pile) + len(state.discard) + sum(
        len(o) + len(h) for o, h in zip(state.open, state.hidden))
    assert total == 36 * v.options["copies"]


@FAST
@given(positions)
def test_a_hand_touches_every_changed_square_and_the_phone_says_the_card(pos):
    state, _ = pos
    for move in G.legal_moves(state)[:40]:
        effect = G.effect(state, move)
        assert effect.changed <= effect.touched and effect.unseen == ("card",)


@FAST
@given(positions)
def test_hints_use_open_table_cards_only(pos):
    state, _ = pos
    hints = G.hint_moves(state)
    assert all(not c & HIDDEN for m in hints for c in m.cards)
    assert set(hints) <= set(G.legal_moves(state))


boards = st.lists(st.sampled_from(range(25)), min_size=2, max_size=9, unique=True)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards, st.integers(1, 4), st.lists(st.integers(0, 8), min_size=1, max_size=3),
       st.integers(0, 3), st.booleans(), st.booleans())
def test_the_oracle_agrees_on_flushes_kills_and_entries(squares_, mine, values, suit,
                                                        foe_on_corner, formation):
    """Random boards and one-suit hands (flushes, pairs, move and kill, entry kills)."""
    from controller.rules.rhombus.movegen import context
    own_list = [s for s in squares_[:mine] if s != 0]
    foe_list = [s for s in squares_[mine:] if s != 0] + ([0] if foe_on_corner else [])
    own = sum(1 << s for s in own_list)
    foes = sum(1 << s for s in foe_list)
    cards = tuple(sorted(4 * v + suit for v in values))
    if formation and len(set(cards)) < len(cards) and len(cards) > 2:
        return  # three equal cards: two decks hold only two
    ctx = context((own, foes), 0, (0,), ((1,),), 1, 2, 0, formation)
    mine_ = set()
    for prog in programs(cards, formation):
        mine_ |= {(squares(o), squares(k), e) for o, k, e in outcomes(ctx, prog)}
    theirs = ref.outcomes(squares(ctx.own), squares(ctx.blockers), squares(ctx.foes),
                          squares(ctx.killable), (0, 0), ctx.reserve, cards, formation)
    assert mine_ == theirs


def occupied_after(state, move) -> int:
    after = G.play(state, move)
    total = 0
    for m in after.pieces:
        total |= m
    return total


@FAST
@given(positions)
def test_matching_a_reading_finds_exactly_the_listed_actions_that_read_so(pos):
    from controller.rules.rhombus.match import moves_reading
    state, rng = pos
    if G.outcome(state) is not None:
        return
    formation = G.variant_of(state).options["formation"]
    legal = G.legal_moves(state)
    for move in rng.sample(list(legal), min(25, len(legal))):
        occupied = occupied_after(state, move)
        touched = move.sources | move.targets | move.kills
        expected = {m for m in legal if occupied_after(state, m) == occupied
                    and (m.sources | m.targets | m.kills) & ~touched == 0}
        found = moves_reading(mover_context(state), held(state, state.to_move),
                              4 if formation else 3, occupied, touched)
        assert set(found) == expected and len(found) == len(expected)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards, st.integers(1, 4), st.lists(st.integers(0, 8), min_size=2, max_size=3),
       st.integers(0, 3), st.booleans(), st.randoms(use_true_random=False))
def test_matching_finds_kills_and_entries_on_random_boards(squares_, mine, values, suit,
                                                          foe_on_corner, rnd):
    from controller.rules.rhombus.match import moves_reading
    from controller.rules.rhombus.movegen import context
    own = sum(1 << s for s in squares_[:mine] if s != 0)
    foes = sum(1 << s for s in squares_[mine:] if s != 0) | (1 if foe_on_corner else 0)
    held_ = tuple(sorted({4 * v + suit for v in values}))
    ctx = context((own, foes), 0, (0,), ((1,),), 1, 2, 0, False)
    legal = generate(ctx, held_, 3)
    before = own | foes

    def reading(m):
        return (before & ~m.sources & ~m.kills) | m.targets

    for m in rnd.sample(legal, min(15, len(legal))):
        touched = m.sources | m.targets | m.kills
        expected = {x for x in legal if reading(x) == reading(m)
                    and (x.sources | x.targets | x.kills) & ~touched == 0}
        assert set(moves_reading(ctx, held_, 3, reading(m), touched)) == expected
