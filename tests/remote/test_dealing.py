"""The guest board's position in remote play (docs/remote.md): the host deals, and sends the
guest a position in which its own players' hands are real and every other hand and the bag
or pile are dealt afresh (``Game.sample_hidden_for``).  It must tell the guest nothing the
host's players hold, and give the guest's players exactly their legal moves."""

from __future__ import annotations

import random

import pytest

from controller.rules import find_game
from remote.topics import POSITION_LIMIT
from tests.controller.ai.positions import random_positions
from tests.support.games import hidden_variants, playable

# Every game that deals something a seat alone sees (the suite's own test game included), at
# its fewest and most seats; the guest board holds one seat, or a team sitting together.
CASES = [(name, variant) for name, variant, _ in hidden_variants(60, 60)]


def guest_seats(game, state) -> tuple[str, ...]:
    first = game.seats(state)[1]
    return tuple(s for s in game.seats(state) if game.same_side(state, s, first))


@pytest.mark.parametrize("name, variant", CASES)
def test_the_guest_sees_its_own_hands_and_nothing_the_host_holds(name, variant):
    with playable(name) as manifest:
        check_guest_positions(manifest.game, variant)


def check_guest_positions(game, variant: str) -> None:
    checked = positions = 0
    for k, state in enumerate(random_positions(game, variant, 40, seed=5, max_plies=60)):
        positions += 1
        guests = guest_seats(game, state)
        hosts = [s for s in game.seats(state) if s not in guests]
        guest = game.sample_hidden_for(state, guests, random.Random(k))
        # Each guest seat sees exactly what it saw; the text reads back within the limit.
        for seat in guests:
            assert game.view(guest, seat) == game.view(state, seat)
        text = game.position_text(guest)
        assert len(text) <= POSITION_LIMIT
        assert game.position_text(game.parse_position(text, variant)) == text
        # Another deal that looks the same to the guest seats (the host's hands and the bag
        # differ) gives the same guest position: nothing of the host's hands gets through.
        twin = game.sample_hidden_for(state, guests, random.Random(10_000 + k))
        if any(game.view(twin, s) != game.view(state, s) for s in hosts):
            checked += 1
        assert game.position_text(game.sample_hidden_for(twin, guests, random.Random(k))) \
            == text
        # A guest seat to move has exactly its legal moves.
        mover = game.to_move(state)
        if mover in guests:
            assert sorted(map(game.move_text, game.legal_moves(guest))) == sorted(
                map(game.move_text, game.legal_moves(state)))
    assert checked >= positions // 4, "too few positions where the host's hands could differ"


def test_one_seat_is_not_a_collection_of_seats():
    game = find_game("rhombus")
    state = game.setup("two-player", seed=1)
    with pytest.raises(TypeError, match="collection of seats"):
        game.sample_hidden_for(state, "r", random.Random(1))


def test_a_game_with_nothing_hidden_is_its_own_guest_position():
    game = find_game("abalone")
    state = game.setup("standard")
    assert game.sample_hidden_for(state, ("w",), random.Random(1)) is state
