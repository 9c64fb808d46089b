"""What a reading means, judged without a clock, a thread or a session: ``judge`` alone."""

from __future__ import annotations

from typing import Any

import pytest

from controller.rules import GAMES
from controller.rules.abalone import ABALONE
from controller.rules.capabilities import hand_hidden
from controller.session.footprints import Steps
from controller.session.judge import (
    Ambiguous,
    Amend,
    Commit,
    Grows,
    Moving,
    NoChange,
    NoMove,
    Situation,
    Takeback,
    Withdraw,
    judge,
)
from controller.session.moves import Moves, agreed_steps, moves_of
from controller.session.turn import NOTHING, Declarations, Evidence, LastCommit
from hardware.simboard import default_spec
from tests.controller.rules.abalone_positions import position
from tests.controller.rules.random_play import played
from tests.support.toygame import TOY

SPEC = default_spec(ABALONE)


def read(moves: Moves, **changes: Any) -> dict[str, Any]:
    """The committed position's reading with some positions changed: ``A1=0, D4=1``."""
    return {**moves.reading, **changes}


def evidence(*touched: str) -> Evidence:
    return Evidence(touched=set(touched))


def situation(moves: Moves, declared: Declarations = NOTHING, last: LastCommit | None = None,
              earlier: tuple[Any, ...] = (), now: float = 10.0,
              takeback: Any = "ask") -> Situation:
    game = moves.game
    return Situation(game, game.to_move(moves.state), declared,
                     hand_hidden(game, moves.state), last, earlier, takeback, now, 2.5)


@pytest.fixture
def start() -> Moves:
    return moves_of(ABALONE, ABALONE.setup(), SPEC)


def test_the_committed_reading_is_no_change(start):
    assert judge(start, read(start), evidence("A1"), situation(start)) == NoChange()


def test_a_move_nothing_can_extend_commits(start):
    # A1B2 moves the line A1-B2-C3 to B2-C3-D4: A1 empties, D4 fills.
    verdict = judge(start, read(start, A1=0, D4=1), evidence("A1", "D4"), situation(start))
    assert isinstance(verdict, Commit) and (verdict.footprint.text, verdict.how) == (
        "A1B2", "sensors")


def test_the_first_marble_of_a_broadside_may_still_grow(start):
    verdict = judge(start, read(start, C3=0, D3=1), evidence("C3", "D3"), situation(start))
    assert isinstance(verdict, Grows) and verdict.footprint.text == "C3D3"


def test_a_declared_move_is_the_only_one_the_reading_may_be(start):
    declared = Declarations(move="C3D3")
    verdict = judge(start, read(start, C3=0, D3=1), evidence("C3", "D3"),
                    situation(start, declared))
    assert isinstance(verdict, Grows) and verdict.footprint.text == "C3D3"
    other = judge(start, read(start, A1=0, D4=1), evidence("A1", "D4"),
                  situation(start, declared))
    assert isinstance(other, (NoMove, Moving)) and not isinstance(other, Commit)


def test_pieces_only_lifted_are_on_their_way(start):
    assert judge(start, read(start, A1=0), evidence("A1"), situation(start)) == Moving(False)


def test_a_piece_from_nowhere_is_no_move(start):
    assert judge(start, read(start, E5=1), evidence("E5"), situation(start)) == NoMove()


def test_a_hidden_facet_is_asked_even_with_one_reading():
    toy = moves_of(TOY, TOY.setup(seed=3), default_spec(TOY))
    verdict = judge(toy, read(toy, c3="1" if toy.empty == "" else 1), evidence("c3"),
                    situation(toy))
    assert isinstance(verdict, Ambiguous)
    assert sorted(fp.text for fp in verdict.candidates) == ["b@c3", "r@c3"]


def _after(moves: Moves, text: str, touched: tuple[str, ...], at: float
           ) -> tuple[Moves, LastCommit, frozenset[Any]]:
    fp = moves.find(text)
    assert fp is not None
    after = moves_of(ABALONE, ABALONE.play(moves.state, fp.move), SPEC)
    last = LastCommit(moves, fp, "b", frozenset(touched), at, NOTHING)
    return after, last, frozenset(moves.reading.items())


def test_the_same_hand_going_on_amends_the_provisional_move():
    state = position({"C3 C4": "b", "G5": "w"})
    before = moves_of(ABALONE, state, SPEC)
    after, last, was = _after(before, "C3D4", ("C3", "D4"), at=9.0)
    reading = {**before.reading, "C3": 0, "C4": 0, "D4": 1, "D5": 1}
    verdict = judge(after, reading, evidence("C4", "D5"),
                    situation(after, last=last, earlier=(was,)))
    assert isinstance(verdict, Amend) and verdict.footprint.text == "C3C4D4"


def test_a_provisional_move_undone_at_once_is_withdrawn_and_later_offered_back(start):
    after, last, was = _after(start, "A1B2", ("A1", "D4"), at=9.0)
    reading = dict(start.reading)
    assert judge(after, reading, evidence("D4", "A1"),
                 situation(after, last=last, earlier=(was,), now=10.0)) == Withdraw()
    late = situation(after, last=last, earlier=(was,), now=12.0)  # 3 s later: final
    assert judge(after, reading, evidence("D4", "A1"), late) == Takeback(0)
    off = situation(after, last=None, earlier=(was,), now=12.0, takeback="off")
    assert judge(after, reading, evidence("D4", "A1"), off) != Takeback(0)


def test_the_computers_shown_move_on_its_way_is_moving(start):
    shown = Declarations(move="C3D3", by_computer=True)
    verdict = judge(start, read(start, C3=0), evidence("C3"), situation(start, shown))
    assert verdict == Moving(False, Steps((), ("D3",)))


def test_what_is_left_is_said_only_where_every_move_on_the_way_agrees():
    # Crosswise: green put the "move a tile" action tile on its pile and has not touched the
    # board yet.  The first public moves on the way all move the tile on b2, but the action
    # may move any tile: "take the tile off b2" would be a guess, so nothing is said.
    game = GAMES["crosswise"]
    state, _ = played(game, "two-player", 2, 2, dealt=True)
    moves = moves_of(game, state, default_spec(game, "two-player"))
    reading = read(moves, **{"used-move-1": 1})
    diff = moves.diff_of(reading)
    on_way = moves.toward(diff, "public")
    assert len(on_way) > 4 and {fp.text.split()[1] for fp in on_way[:4]} == {"b2"}
    assert agreed_steps(moves, on_way[:4], reading) == Steps(("b2",), ())
    verdict = judge(moves, reading, evidence("used-move-1"), situation(moves))
    assert verdict == Moving(False, Steps())


def test_what_is_left_stops_asking_once_the_moves_agree_on_nothing(start):
    # A finder builds a move only when asked for it: two moves that put the lifted marble
    # on different cells already agree on nothing, so no third is asked for.
    reading = read(start, C3=0)
    asked = []

    def on_way():
        for text in ("C3D3", "C3D4", "A1B2"):
            asked.append(text)
            yield start.find(text)

    assert agreed_steps(start, on_way(), reading) == Steps()
    assert asked == ["C3D3", "C3D4"]


def test_a_piece_moved_on_at_once_amends_even_when_the_next_player_could_read_so():
    # Rhombus (from an inference run): red played the bishop from b2, set it down on e5
    # (taken at once: nothing can extend it), and within a second moved it on to a1.  That
    # reading is also one the table cannot rule out for blue (a hidden hand that enters on
    # a1 and eliminates the piece on e5): blue was asked which move they made, and red's
    # move stood as e5.  At once, with the hand only on what red's two moves change, it is
    # red's; later, or touching more, it is not.
    game = GAMES["rhombus"]
    spec = default_spec(game, "two-player")
    state = game.parse_position(
        "bb.../...../.b.../.r.b./...r. r reserve=0,2 out=4,0 r=-/7H,9C,JH b=-/10C,10D,QD "
        "pile=9D discard=6C,6D,6H,6S,7C,7D,7S,8C,8D,8H,8S,9H,9S,10H,10S,JC,JD,JS,QC,QH,QS,"
        "KC,KD,KH,KS,AC,AD,AH,AS seed=0 shuffles=3 ply=110", "two-player")
    before = moves_of(game, state, spec)
    fp = before.find("JH* b2-e5")
    assert fp is not None
    after = moves_of(game, game.play(state, fp.move), spec)
    declared = Declarations(facets={"cards": "JH*"})
    last = LastCommit(before, fp, "r", frozenset({"b2", "e5"}), 9.0, declared)
    reading = {**after.reading, "e5": 0, "a1": 1}
    alone = judge(after, reading, evidence("e5", "a1"), situation(after, now=9.8))
    assert isinstance(alone, Ambiguous)  # blue's, as far as the table can tell
    verdict = judge(after, reading, evidence("e5", "a1"), situation(after, last=last, now=9.8))
    assert isinstance(verdict, Amend) and verdict.footprint.text == "JH* b2-a1"
    late = judge(after, reading, evidence("e5", "a1"), situation(after, last=last, now=12.0))
    assert not isinstance(late, Amend)
    more = judge(after, reading, evidence("e5", "a1", "b4"),
                 situation(after, last=last, now=9.8))
    assert not isinstance(more, Amend)


@pytest.mark.parametrize("computer", [True, False])
def test_a_plain_move_of_the_next_player_is_not_read_as_the_last_one_amended(computer):
    # DRHOMBIX on the triangle (from the computer game test): black set a piece on 0b2, and
    # at once white placed on 0b3, which takes that piece: the board reads like black's
    # piece moved on to 0b3, at once and with the hand only on what black's two moves
    # change.  White's move was the computer's, shown on the table, or one the sensors
    # alone may take: it stands; black's move is not amended.
    game = GAMES["drhombix"]
    spec = default_spec(game, "cuckoo-triangle")
    state = game.setup("cuckoo-triangle")
    for text in ("+0c1", "+0a2", "+0b1", "+0a4", "+0d1", "+0a1", "+0c2x0a2"):
        state = game.play(state, next(m for m in game.legal_moves(state)
                                      if game.move_text(m) == text))
    before = moves_of(game, state, spec)
    fp = before.find("+0b2")
    assert fp is not None
    after = moves_of(game, game.play(state, fp.move), spec)
    last = LastCommit(before, fp, "b", frozenset({"0b2"}), 9.0, NOTHING)
    declared = Declarations(move="+0b3", by_computer=True) if computer else NOTHING
    reading = read(after, **{"0b2": 0, "0b3": 1})
    verdict = judge(after, reading, evidence("0b2", "0b3"),
                    situation(after, declared, last=last, now=9.3))
    assert isinstance(verdict, Commit) and verdict.footprint.text == "+0b3"
    assert game.to_move(after.state) == "w"
