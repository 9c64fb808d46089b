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

# (game, variant, the guest board's seats: one player, or a team sitting together)
CASES = [("crosswise", "two-player", 1), ("crosswise", "four-player", 2),
         ("crosswise", "three-player", 1), ("rhombus", "two-player", 1),
         ("rhombus", "four-player", 2), ("rhombus", "formation", 1)]


def guest_seats(game, state, count: int) -> tuple[str, ...]:
    seats = game.seats(state)
    first = seats[1]
    if count == 1:
        return (first,)
    team = tuple(s for s in seats if game.same_side(state, s, first))
    assert len(team) == count, team
    return team


@pytest.mark.parametrize("name, variant, count", CASES)
def test_the_guest_sees_its_own_hands_and_nothing_the_host_holds(name, variant, count):
    game = find_game(name)
    checked = 0
    for k, state in enumerate(random_positions(game, variant, 40, seed=5, max_plies=60)):
        guests = guest_seats(game, state, count)
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
    assert checked >= 20, "too few positions where the host's hands could differ"


def test_one_seat_is_not_a_collection_of_seats():
    game = find_game("rhombus")
    state = game.setup("two-player", seed=1)
    with pytest.raises(TypeError, match="collection of seats"):
        game.sample_hidden_for(state, "r", random.Random(1))


def test_a_game_with_nothing_hidden_is_its_own_guest_position():
    game = find_game("abalone")
    state = game.setup("standard")
    assert game.sample_hidden_for(state, ("w",), random.Random(1)) is state
