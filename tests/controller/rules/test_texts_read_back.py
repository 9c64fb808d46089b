"""Every text the product writes, it reads back (issue 27).

Random play of every game and variant, ended every way a game ends at a table (played out,
a resignation, a fallen flag, an agreed draw, abandoned part way), and from positions set up
by hand (any shorter form of a position text its reader accepts, as a person writes one for
``boardlight rules --position``): every position text the rules write parses back to an equal
state, every move text (board moves and the actions every game shares) to an equal move, and
every move played and the end are described in words (no key without words).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.errors import ParseError
from controller.rules import GAMES
from controller.rules.base import AgreeDraw, Game, Resign, TimeForfeit
from controller.said import english

CASES = [(name, variant) for name, game in GAMES.items() for variant in game.variants]
ENDS = ("played", "resign", "time", "draw", "abandoned")
MOST_PLIES = 60  # a game not over by then is abandoned (or ended by a player) there
SAMPLE = 12      # legal moves whose texts are read back per position


def read_back(game: Game[Any, Any], state: Any, variant: str, where: str) -> None:
    text = game.position_text(state)
    again = game.parse_position(text, variant)
    assert again == state, f"{where}: {text!r} reads back as another position"
    assert game.position_text(again) == text, f"{where}: {text!r} is written otherwise"


def moves_read_back(game: Game[Any, Any], state: Any, rng: random.Random, where: str) -> None:
    moves = list(game.legal_moves(state))
    for move in rng.sample(moves, min(SAMPLE, len(moves))):
        text = game.move_text(move)
        assert game.parse_move(state, text) == move, f"{where}: move {text!r} reads back otherwise"
        said = english(game.describe(state, move), game)
        assert said and "%(" not in said, f"{where}: {text!r} described as {said!r}"
    for seat in game.seats(state):
        for meta in (Resign(seat), TimeForfeit(seat)):
            assert game.parse_move(state, game.move_text(meta)) == meta
    assert game.parse_move(state, game.move_text(AgreeDraw())) == AgreeDraw()


def hand_forms(game: Game[Any, Any], state: Any, variant: str) -> list[str]:
    """Shorter forms of ``state``'s text a person might write, that the reader accepts: the
    text with its last fields left out."""
    fields = game.position_text(state).split()
    out = []
    for keep in range(len(fields) - 1, 0, -1):
        text = " ".join(fields[:keep])
        try:
            game.parse_position(text, variant)
        except (ParseError, ValueError):
            continue
        out.append(text)
    return out


def play(game: Game[Any, Any], variant: str, state: Any, seed: int, end: str) -> None:
    rng = random.Random(seed)
    where = f"{game.name} {variant} seed {seed} ({end})"
    read_back(game, state, variant, where)
    stop = rng.randrange(1, MOST_PLIES) if end != "played" else MOST_PLIES * 5
    ply = 0
    while game.outcome(state) is None and ply < stop:
        moves_read_back(game, state, rng, f"{where} ply {ply}")
        move = rng.choice(list(game.legal_moves(state)))
        state = game.apply(state, move)
        ply += 1
        read_back(game, state, variant, f"{where} ply {ply}")
    if game.outcome(state) is None and end in ("resign", "time", "draw"):
        seat = rng.choice(game.seats(state))
        meta = {"resign": Resign(seat), "time": TimeForfeit(seat), "draw": AgreeDraw()}[end]
        state = game.apply(state, meta)
        read_back(game, state, variant, f"{where}, after {game.move_text(meta)}")
    outcome = game.outcome(state)
    if outcome is not None:
        said = english(outcome.said, game)
        assert said and "%(" not in said, f"{where}: the end said as {said!r}"


@pytest.mark.parametrize(("name", "variant"), CASES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), end=st.sampled_from(ENDS))
def test_random_play_reads_back(name: str, variant: str, seed: int, end: str) -> None:
    game = GAMES[name]
    play(game, variant, game.setup(variant, seed=seed), seed, end)


@pytest.mark.parametrize(("name", "variant"), CASES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 30))
def test_positions_set_up_by_hand_read_back(name: str, variant: str, seed: int,
                                           plies: int) -> None:
    """A position reached in play, written by hand in each shorter form its reader takes:
    it and every position played from it write texts that read back."""
    game = GAMES[name]
    rng = random.Random(seed)
    state = game.setup(variant, seed=seed)
    for _ in range(plies):
        if game.outcome(state) is not None:
            break
        state = game.play(state, rng.choice(list(game.legal_moves(state))))
    for text in hand_forms(game, state, variant):
        play(game, variant, game.parse_position(text, variant), seed, "abandoned")


def test_an_ant_game_set_up_by_hand_reads_back() -> None:
    """Issue 27's first case: a DRHOMBIX ant-game position without taken counts."""
    game = GAMES["drhombix"]
    state = game.parse_position("....o.........../........./..../. first", "ant-square")
    for _, after in game.successors(state):
        read_back(game, after, "ant-square", "ant-square from a hand-set position")


@pytest.mark.parametrize("name", ["plimus", "drhombix", "crosswise", "abalone", "rhombus"])
def test_a_game_lost_on_time_reads_back(name: str) -> None:
    """Issue 27's second case: a game lost on time wrote ``resigned:out``."""
    game = GAMES[name]
    state = game.setup(seed=3)
    seat = game.seats(state)[0]
    over = game.apply(state, TimeForfeit(seat))
    read_back(game, over, game.variant_of(over).name, f"{name} lost on time")
    assert game.outcome(game.parse_position(game.position_text(over))).termination.value \
        == "time"
