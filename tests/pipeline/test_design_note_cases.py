"""Each case of physical-board.md, played through the whole pipeline on a simulated clock."""

from __future__ import annotations

import pytest

from controller.physical import SenseMode
from controller.rules.abalone import ABALONE
from controller.session import lights
from controller.session.session import SessionConfig
from hardware.simboard import default_spec
from tests.pipeline.support import (
    Correction,
    Prompt,
    Rejected,
    TakenBack,
    commits,
    correction_words,
    frame_at,
    moves,
    of,
    said,
    simulate,
)

# A1B2 moves the line A1-B2-C3 to B2-C3-D4: the reading changes at A1 and D4 only, and no
# other legal move changes those two and more, so nothing can extend it.
INLINE = moves((0.5, "lift", "A1"), (0.9, "place", "D4"))


def test_put_back_is_a_no_op():
    sim = simulate(moves((0.5, "lift", "C3"), (1.5, "place", "C3"),
                         (2.0, "lift", "A1"), (2.1, "place", "A1")))
    assert commits(sim) == []
    assert sim.session.ply == 0 and sim.session.evidence.touched >= {"C3", "A1"}


def test_a_move_nothing_can_extend_commits_at_once():
    sim = simulate(INLINE)
    [c] = commits(sim)
    assert (c.move, c.seat, c.how) == ("A1B2", "b", "sensors")
    assert c.position == ABALONE.position_text(ABALONE.apply(
        ABALONE.setup(), ABALONE.parse_move(ABALONE.setup(), "A1B2")))
    assert c.t - 0.9 < 0.1  # within 100 ms of the marble landing (debounce ~15 ms)


def test_the_first_marble_of_a_broadside_waits_for_the_end_turn_button():
    sim = simulate(moves((0.5, "lift", "C3"), (0.9, "place", "D3"))
                   + [{"t": 1.3, "button": "end-turn"}])
    [c] = commits(sim)
    assert (c.move, c.how) == ("C3D3", "end-turn") and c.t == pytest.approx(1.3)


def test_an_extendable_move_commits_after_the_settle_time_without_a_button():
    sim = simulate(moves((0.5, "lift", "C3"), (0.9, "place", "D3")))
    [c] = commits(sim)
    assert c.how == "settle"
    assert 0.9 + SessionConfig().settle <= c.t <= 0.9 + SessionConfig().settle + 0.05


def test_a_broadside_made_marble_by_marble_is_one_move():
    sim = simulate(moves((0.5, "lift", "C3"), (0.8, "place", "D4"),
                         (1.1, "lift", "C4"), (1.4, "place", "D5"),
                         (1.7, "lift", "C5"), (2.0, "place", "D6")))
    [c] = commits(sim)
    assert (c.move, c.how) == ("C3C5D4", "sensors") and c.t - 2.0 < 0.1


def test_a_provisional_commit_extended_by_the_same_player_is_amended_not_doubled():
    # The player pauses past the settle time after the first marble, then goes on.
    sim = simulate(moves((0.5, "lift", "C3"), (0.8, "place", "D4"),
                         (3.0, "lift", "C4"), (3.3, "place", "D5")))
    first, second = commits(sim)
    assert (first.move, first.how, first.ply) == ("C3D4", "settle", 1)
    assert (second.move, second.amends, second.ply) == ("C3C4D4", "C3D4", 1)
    assert sim.final_moves() == ["C3C4D4"] and sim.session.to_move == "w"


def test_an_inline_line_moved_head_first_is_amended_to_the_line_move():
    sim = simulate(moves((0.5, "lift", "C3"), (0.7, "place", "D4"),
                         (1.0, "lift", "B2"), (1.2, "place", "C3"),
                         (1.5, "lift", "A1"), (1.7, "place", "B2")))
    assert [c.move for c in commits(sim)] == ["B2C3", "A1B2"]
    assert commits(sim)[-1].amends == "B2C3"
    assert sim.final_moves() == ["A1B2"]


def test_the_next_player_moves_after_a_commit():
    sim = simulate(INLINE + moves((2.0, "lift", "I5"), (2.3, "place", "F5")))
    assert [c.move for c in commits(sim)] == ["A1B2", "I5H5"]
    assert [c.seat for c in commits(sim)] == ["b", "w"]


def test_reading_an_earlier_position_offers_a_take_back():
    # Put back well after the move was taken (it is final by then): the opponent decides.
    sim = simulate(INLINE + moves((4.0, "lift", "D4"), (4.3, "place", "A1"))
                   + [{"t": 5.0, "phone": {"seat": "w", "type": "takeback", "accept": True}}],
                   tail=6.0)
    offers = [p for p in of(sim, Prompt) if p.kind == "takeback" and p.message]
    assert offers and said(offers[0]) == ("The board shows the position before this move: "
                                          "moved the black marbles on A1, B2, and C3 in line "
                                          "to B2, C3, and D4. White has no phone joined: End "
                                          "turn on the table takes it back.")
    assert offers[0].choices == ("accept", "decline")
    [undone] = of(sim, TakenBack)
    assert undone.move == "A1B2" and undone.ply == 0
    assert sim.session.ply == 0 and sim.session.to_move == "b" and sim.final_moves() == []


def test_take_back_can_be_automatic_or_off():
    auto = simulate(INLINE + moves((4.0, "lift", "D4"), (4.3, "place", "A1")),
                    config=SessionConfig(takeback="auto"), tail=5.0)
    assert auto.final_moves() == [] and len(of(auto, TakenBack)) == 1
    off = simulate(INLINE + moves((4.0, "lift", "D4"), (4.3, "place", "A1")),
                   config=SessionConfig(takeback="off"), tail=5.0)
    assert off.final_moves() == ["A1B2"] and of(off, TakenBack) == []
    assert any(c.active for c in of(off, Correction))


@pytest.mark.parametrize("takeback", ["ask", "off"])
def test_a_move_put_back_at_once_is_withdrawn_like_a_piece_put_back(takeback):
    # Taken by the sensors at 0.915 s and undone 1.4 s later, before the next player could
    # be making a move of theirs so: still provisional, the move is amended to none.
    sim = simulate(INLINE + moves((2.0, "lift", "D4"), (2.3, "place", "A1")),
                   config=SessionConfig(takeback=takeback))
    [undone] = of(sim, TakenBack)
    assert undone.move == "A1B2" and sim.final_moves() == [] and sim.session.to_move == "b"
    assert not [p for p in of(sim, Prompt) if p.kind == "takeback" and p.message]
    assert not any(c.active for c in of(sim, Correction))


def test_no_match_blinks_then_guides_back_with_pairs_and_words_and_ends_by_itself():
    sim = simulate(moves((0.5, "lift", "A1"), (0.8, "place", "E5"),
                         (4.0, "lift", "E5"), (4.4, "place", "A1")))
    assert commits(sim) == []
    blink = frame_at(sim, 0.9)
    assert blink.reason == "illegal" and blink.lights["E5"] == lights.ILLEGAL
    on = [c for c in of(sim, Correction) if c.active]
    assert on and on[0].pairs == (("E5", "A1"),)
    assert on[0].t == pytest.approx(0.8 + 0.015 + SessionConfig().grace, abs=0.02)
    assert correction_words(on[0].pairs) == "Move the piece on E5 back to A1."
    shown = frame_at(sim, 3.0)
    assert shown.reason == "correction"
    assert shown.lights["E5"].blink and not shown.lights["A1"].blink
    assert shown.lights["E5"].colour == shown.lights["A1"].colour
    off = [c for c in of(sim, Correction) if not c.active]
    assert off and off[0].t > 4.4
    words = [p for p in of(sim, Prompt) if p.kind == "correction"]
    assert said(words[0]) == correction_words(on[0].pairs) and said(words[-1]) == ""


def test_correction_ends_when_a_legal_move_is_made_instead():
    sim = simulate(moves((0.5, "lift", "A1"), (0.8, "place", "E5"),
                         (3.0, "lift", "E5"), (3.3, "place", "D4")))
    assert [c.move for c in commits(sim)] == ["A1B2"]
    assert not of(sim, Correction)[-1].active


def test_pieces_in_the_air_are_no_error_and_light_their_destinations():
    sim = simulate(moves((0.5, "lift", "A1")), tail=5.0)
    assert commits(sim) == [] and not of(sim, Correction)
    hints = frame_at(sim, 1.0)
    assert hints.reason == "hints"
    assert {"D4", "C1"} <= set(hints.lights) and hints.lights["D4"] == lights.HINT
    # A1's lines can go to D4 (A1B2) or C1 (A1B1) and nowhere else.
    assert set(hints.lights) == {"D4", "C1"}


def test_the_last_move_stays_lit_until_the_next_starts():
    sim = simulate(INLINE + moves((2.5, "lift", "I5")), tail=1.0)
    last = frame_at(sim, 2.0)
    assert last.reason == "last move"
    assert last.lights["A1"] == lights.LAST_FROM and last.lights["D4"] == lights.LAST_TO
    assert frame_at(sim, 2.6).reason == "hints"


def test_waiting_for_the_board_at_the_start():
    # The board starts empty: the lights show where marbles are missing until it is set up.
    start = ABALONE.setup()
    places = [{"t": 1.0 + 0.05 * k, "place": cell, "piece": piece[0]}
              for k, (cell, piece) in enumerate(sorted(ABALONE.layout(start).items()))
              if not cell.startswith("tray")]
    sim = simulate(places, layout={})
    first = frame_at(sim, 0.5)
    assert first.reason == "setup" and first.lights["A1"] == lights.SETUP_MISSING
    assert len(first.lights) == 28
    setup = [p for p in of(sim, Prompt) if p.kind == "setup"]
    assert said(setup[0]) == (
        "Set up the board: put 14 black marbles on A1, A2, A3, A4, A5, B1, B2, B3 and 6 more; "
        "put 14 white marbles on G5, G6, G7, H4, H5, H6, H7, H8 and 6 more.")
    assert sim.session.mode.value == "playing" and commits(sim) == []


def test_a_piece_in_the_way_at_the_start_blinks():
    sim = simulate([], layout={**ABALONE.layout(ABALONE.setup()), "E5": ("b",)})
    assert frame_at(sim, 0.5).lights == {"E5": lights.SETUP_EXTRA}


def test_end_turn_with_nothing_to_end_is_refused_and_never_ends_a_later_move():
    # The press came 100 ms before the player lifted anything: it confirms nothing, and the
    # broadside's first marble waits for its own end (here the settle time).
    sim = simulate([{"t": 0.5, "button": "end-turn"}]
                   + moves((0.6, "lift", "C3"), (0.75, "place", "D3")))
    [refusal] = of(sim, Rejected)
    assert refusal.t == 0.5 and said(refusal).startswith("nothing to end")
    [c] = commits(sim)
    assert (c.move, c.how) == ("C3D3", "settle")


def test_an_unknown_button_is_refused_with_the_boards_buttons():
    sim = simulate([{"t": 0.5, "button": "fire"}])
    [r] = of(sim, Rejected)
    assert "no button 'fire'" in said(r) and "end-turn" in said(r)


def test_polarity_sensing_sees_the_push_recolour():
    spec = default_spec(ABALONE, "standard", SenseMode.POLARITY)
    from tests.controller.rules.abalone_positions import position
    state = position({"E3 E4": "b", "E5": "w", "A1": "w"})
    sim = simulate([{"t": 0.5, "play": "E3E4", "gap": 0.2}], state=state, spec=spec)
    [c] = commits(sim)
    assert c.move == "E3E4"


def push_offs_from_g7():
    from tests.controller.rules.abalone_positions import position
    # White's lines G7-H8 (towards I9) and G7-H7 (towards I7) can each push a black marble
    # off the board: with presence sensing both read as "G7 emptied".
    return position({"G7 H8 H7": "w", "I9 I7 A1 A2": "b"}, to_move="w")


def test_moves_with_one_reading_are_told_apart_by_the_cells_the_hand_touched():
    sim = simulate([{"t": 0.5, "play": "G7H8", "gap": 0.3}], state=push_offs_from_g7())
    [c] = commits(sim)
    assert c.move == "G7H8" and not [p for p in of(sim, Prompt) if p.kind == "choose"]


def test_without_touch_evidence_the_phone_says_which_push_it_was():
    # The row is slid: the pushed marble's cell never reads empty, only G7 does.
    script = [{"t": 0.5, "lift": "G7"},
              {"t": 2.0, "phone": {"seat": "w", "type": "choose", "move": "G7H7"}}]
    sim = simulate(script, state=push_offs_from_g7())
    [ask] = [p for p in of(sim, Prompt) if p.kind == "choose" and p.message]
    assert ask.seat == "w" and set(ask.choices) == {"G7H8", "G7H7"}
    [c] = commits(sim)
    assert (c.move, c.how) == ("G7H7", "phone")


@pytest.mark.parametrize(("steps", "words"), [
    (moves((0.5, "lift", "I5"), (0.9, "place", "E5")),
     "The piece from I5 is White's: it is Black's turn. Put it back."),
    (moves((0.5, "lift", "A1"), (0.9, "place", "E5")),
     "That move is not allowed: E5 is not next to the marble from A1: a marble moves one "
     "cell at a time. From A1, it can go to C1 and D4."),
])
def test_an_illegal_placement_says_why(steps, words):
    sim = simulate(steps, tail=2.0)
    said_now = [said(p) for p in of(sim, Prompt) if p.kind == "illegal" and p.message]
    assert said_now and said_now[0] == words
