"""The compiled Abalone core against the rules core, which judges it: the two move generators
agree move for move on thousands of positions of every variant the core plays, make and
unmake restore every bit, the threats and push-offs agree, and perft matches the rules'."""

from __future__ import annotations

import random

import pytest

from controller.ai.abalone_core import (
    MASK64,
    available,
    core,
    core_move,
    core_position,
    rules_move,
    stale,
)
from controller.ai.abalone_eval import threats
from controller.rules.abalone import ABALONE as A
from controller.rules.abalone import AbaloneState

TWO_PLAYER = ["standard", "belgian-daisy", "german-daisy", "free-placement", "blitz"]


def test_the_core_is_built_from_the_sources_beside_it():
    assert available() and not stale(), "rebuild the core: pip install -e ."


def games(variant: str, count: int, seed: int, plies: int = 160) -> list[AbaloneState]:
    """At least ``count`` positions: every position of games in which the mover pushes
    whenever it can half of the time (so marbles reach the rim and fall off), and otherwise
    moves at random."""
    rng = random.Random(f"{seed}:{variant}")
    out: list[AbaloneState] = []
    while len(out) < count:
        state = A.setup(variant)
        for _ in range(plies):
            if A.outcome(state) is not None:
                break
            out.append(state)
            codes = core().moves(core_position(state))
            pushes = [c for c in codes if c >> 14 & 3]
            pick = rng.choice(pushes if pushes and rng.random() < 0.5 else codes)
            state = A.play(state, rules_move(pick))
    return out


@pytest.mark.parametrize("variant", TWO_PLAYER)
def test_the_core_generates_exactly_the_rules_moves_and_positions(variant):
    module = core()
    positions = games(variant, 600, seed=1)  # 3,000 positions over the five variants
    offs = 0
    for state in positions:
        pos = core_position(state)
        codes = module.moves(pos)
        assert len(set(codes)) == len(codes)
        moves = [rules_move(c) for c in codes]
        assert sorted(map(repr, moves)) == sorted(map(repr, A.legal_moves(state))), \
            A.position_text(state)
        for code, move in zip(codes, moves):
            after = A.play(state, move)
            assert module.play(pos, code) == core_position(after)  # keys checked inside
            assert module.unplay(pos, code)
            assert module.complete(pos, core_move(move)) == code
            off = after.pushed[state.to_move] - state.pushed[state.to_move]
            assert code >> 16 & 1 == off
            offs += off
        assert sorted(module.push_offs(pos)) == sorted(c for c in codes if c >> 16 & 1)
    if variant != "free-placement":
        assert offs > 50


def test_illegal_moves_are_refused():
    module = core()
    state = A.setup("standard")
    pos = core_position(state)
    legal = set(module.moves(pos))
    rng = random.Random(5)
    for _ in range(3000):
        code = rng.randrange(1 << 14)
        assert (module.complete(pos, code) != 0) == (code in {c & 0x3FFF for c in legal})
    with pytest.raises(ValueError):
        module.play(pos, 12 | 1 << 7 | 3 << 11)  # A1 south-west: off the board


def test_threats_agree_with_the_python_evaluation():
    module = core()
    seen = 0
    for state in games("standard", 600, seed=7, plies=200)[::3]:
        i = state.to_move
        lo, hi = module.threats(core_position(state))
        expected = threats(state.marbles[i], state.marbles[1 - i])
        assert lo | hi << 64 == expected
        seen += bool(expected)
    assert seen > 10


def test_perft_matches_the_rules():
    # The rules bench's figures (docs/benchmarks.md): perft 4 from both starts.
    module = core()
    assert [module.perft(core_position(A.setup("standard")), d) for d in (1, 2, 3, 4)] == [
        44, 1936, 98_912, 5_045_110]
    assert module.perft(core_position(A.setup("belgian-daisy")), 4) == 8_270_666


def play_texts(state: AbaloneState, *texts: str) -> AbaloneState:
    for text in texts:
        state = A.apply(state, A.parse_board_move(state, text))
    return state


def test_keys_are_the_same_whatever_the_path():
    module = core()
    start = A.setup("standard")
    a = play_texts(start, "A1B1", "I5H5", "A2B2", "I6H6")
    b = play_texts(start, "A2B2", "I6H6", "A1B1", "I5H5")
    assert a == b and module.key(core_position(a)) == module.key(core_position(b))
    flipped = core_position(b)[:4] + (1 - b.to_move,) + core_position(b)[5:]
    assert module.key(flipped) != module.key(core_position(b))


def test_the_evaluation_is_the_same_position_seen_from_either_side():
    """Every term but the two about the side to move (it can push off now; its marbles
    hang) is own minus opponent's, so it changes sign with the side to move."""
    module = core()
    names = module.FEATURES
    tempo = {names.index("can_take"), names.index("hanging"), names.index("hanging2")}
    for state in games("belgian-daisy", 300, seed=3)[::5]:
        pos = core_position(state)
        other = pos[:4] + (1 - pos[4],) + pos[5:]
        mine, theirs = module.features(pos), module.features(other)
        for k in range(len(names)):
            if k not in tempo:
                assert mine[k] == -theirs[k], names[k]
        assert mine[names.index("can_take")] == theirs[names.index("hanging")]


def test_a_board_is_two_words_of_the_rules_bits():
    state = A.setup("german-daisy")
    pos = core_position(state)
    assert pos[0] | pos[1] << 64 == state.marbles[0] and pos[2] | pos[3] << 64 == state.marbles[1]
    assert pos[0] <= MASK64 and pos[1] < 1 << 57
