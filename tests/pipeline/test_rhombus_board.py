"""Rhombus through the whole pipeline: the shipped 5 x 5 presence board, simulated hands, the
real session.  Cards are digital: the board sees pieces, the phone says which cards."""

from __future__ import annotations

import pytest

from boardlight.simulation import Correction
from controller.rules.rhombus import RHOMBUS as G
from controller.session.events import Committed, GameOver, LedsShown
from hardware.profiles import load_profile
from tests.controller.rules.rhombus_positions import position
from tests.pipeline.support import Prompt, commits, frame_at, of, said, simulate

SPEC = load_profile("rhombus").spec


def run(state, lines, **kw):
    return simulate(lines, game=G, state=state, spec=SPEC, **kw)


def declare(t, seat, cards):
    return {"t": t, "phone": {"seat": seat, "type": "declare", "facets": {"cards": cards}}}


def phone(t, seat, kind, **fields):
    return {"t": t, "phone": {"seat": seat, "type": kind, **fields}}


def asked(sim, seat):
    return [p for p in of(sim, Prompt) if p.kind == "choose" and p.message and p.seat == seat]


def public(sim, mover):
    """What the table sees: LED frames, prompts for nobody in particular, commits (without
    the full position text, which the session keeps for the log), corrections, the end."""
    out = []
    for o in sim.outputs:
        if isinstance(o, LedsShown):
            out.append(("leds", round(o.t, 4), o.frame))
        elif isinstance(o, Prompt) and o.seat is None:
            out.append(("prompt", round(o.t, 4), o.kind, o.message, o.choices))
        elif isinstance(o, Committed):
            out.append(("commit", round(o.t, 4), o.seat, o.move, o.how, o.ply))
        elif isinstance(o, (Correction, GameOver)):
            out.append(o)
    return out


# Seed 0 deals red the K of diamonds and the K of hearts on the table (and the Q of clubs in
# hand): moving b1 to d1 reads the same with either king.
START = G.setup("two-player", seed=0)


# ---- which card: inferred, asked, declared ------------------------------------------------------

def test_two_table_cards_that_read_alike_are_asked_on_the_movers_phone():
    sim = run(START, [{"t": 0.5, "lift": "b1"}, {"t": 0.9, "place": "d1"}])
    assert commits(sim) == []
    [ask] = asked(sim, "r")
    assert set(ask.choices) == {"KD b1-d1", "KH b1-d1"}
    assert frame_at(sim, 2.5).reason == "ambiguous"
    chosen = run(START, [{"t": 0.5, "lift": "b1"}, {"t": 0.9, "place": "d1"},
                         phone(3.0, "r", "choose", move="KH b1-d1")])
    [c] = commits(chosen)
    assert (c.move, c.how, c.seat) == ("KH b1-d1", "phone", "r")
    assert "KH" not in G.view(chosen.session.state, None)["table"]["r"]


def test_cards_declared_first_commit_as_the_piece_lands():
    sim = run(START, [declare(0.2, "r", "KD"), {"t": 0.5, "lift": "b1"},
                      {"t": 0.9, "place": "d1"}])
    [c] = commits(sim)
    assert (c.move, c.how) == ("KD b1-d1", "sensors") and c.t - 0.9 < 0.1
    assert asked(sim, "r") == []


def test_a_hand_card_move_is_confirmed_on_the_phone():
    s = position({"r": "c3", "b": "e5"}, {"r": ("7C 8D", "KS"), "b": ("6D", "8H")})
    sim = run(s, [{"t": 0.5, "lift": "c3"}, {"t": 0.8, "place": "c5"},
                  phone(2.5, "r", "choose", move="KS* c3-c5")])
    [ask] = asked(sim, "r")
    assert ask.choices == ("KS* c3-c5",)
    [c] = commits(sim)
    assert c.move == "KS* c3-c5" and G.view(sim.session.state, None)["cells"]["c5"] == "r"


# ---- kills and entries --------------------------------------------------------------------------

KILL = position({"r": "a1 c3", "b": "b3 e5"}, {"r": ("7C QC", "KS"), "b": ("6D", "8H")})


def test_a_killed_piece_lifted_off_the_board_is_part_of_the_move():
    sim = run(KILL, [declare(0.2, "r", "7C+QC"), {"t": 0.5, "lift": "a1"},
                     {"t": 0.8, "lift": "b3"},
                     {"t": 1.0, "place": "eliminated-b", "piece": "b"},
                     {"t": 1.2, "place": "b3", "piece": "r"},
                     {"t": 1.5, "button": "end-turn"}])
    [c] = commits(sim)
    # The kill square reads occupied before and after: the move shows only through the
    # touch of b3, so it is never final at once (a later touch could name another square);
    # the end-turn press ends it.
    assert (c.move, c.how) == ("7C+QC a1-b3 xb3", "end-turn") and c.t == pytest.approx(1.5)
    assert G.layout(sim.session.state)["eliminated-b"] == ("b",)
    assert set(frame_at(sim, 1.5).lights) == {"a1", "b3", "eliminated-b"}


def test_a_kill_is_not_taken_before_the_victim_is_lifted():
    # Red's piece leaves a1 and is held: the kill needs b3 emptied, so nothing is committed.
    sim = run(KILL, [declare(0.2, "r", "7C+QC"), {"t": 0.5, "lift": "a1"}], tail=4.0)
    assert commits(sim) == []


def test_a_whole_kill_played_by_hand_steps():
    sim = run(KILL, [declare(0.2, "r", "7C+QC"), {"t": 0.5, "play": "7C+QC a1-b3 xb3"}])
    assert [c.move for c in commits(sim)] == ["7C+QC a1-b3 xb3"]


def test_a_reserve_piece_enters_on_the_corner():
    s = position({"r": "c3", "b": "e5"}, {"r": ("9C QD", "KS"), "b": ("6D", "8H")})
    sim = run(s, [declare(0.2, "r", "9C"), {"t": 0.5, "place": "a1", "piece": "r"}])
    [c] = commits(sim)
    assert c.move == "9C R-a1" and sim.session.state.reserve[0] == s.reserve[0] - 1


def test_an_entry_kill_reads_as_nothing_so_the_phone_declares_it():
    # Presence sensing sees a piece on a1 before and after: the phone says what happened.
    s = position({"r": "c3", "b": "a1 e5"}, {"r": ("9C 10C", "KS"), "b": ("6D", "8H")})
    swap = [{"t": 0.5, "lift": "a1"}, {"t": 0.7, "place": "a1", "piece": "r"}]
    assert commits(run(s, swap)) == []
    sim = run(s, [*swap, phone(1.0, "r", "move", move="9C+10C R-a1 xa1")])
    [c] = commits(sim)
    assert (c.move, c.how) == ("9C+10C R-a1 xa1", "phone")


# ---- lights and privacy -------------------------------------------------------------------------

def test_lit_hints_for_a_lifted_piece_come_from_the_open_table_cards_only():
    s = position({"r": "c3", "b": "e5"}, {"r": ("KD 7C", "AS"), "b": ("6D", "8H")})
    sim = run(s, [{"t": 0.5, "lift": "c3"}])
    lit = set(frame_at(sim, 0.6).lights)
    assert lit == {"a3", "b2", "b4", "c1", "c5", "d2", "d4", "e3"}   # two squares away
    assert not lit & {"b3", "c2", "c4", "d3"}                       # the hand's ace


def table(hand):
    """Red's table cards 7C KC; the hand card differs between the two tables compared."""
    return position({"r": "a1 c3", "b": "b2 e5"}, {"r": ("7C KC", hand), "b": ("6D", "8H")})


@pytest.mark.parametrize("script", [
    # a table-card move the 6 in hand could also have made
    [{"t": 0.5, "lift": "c3"}, {"t": 0.8, "place": "c5"},
     phone(3.0, "r", "choose", move="KC c3-c5")],
    # a kill with table cards that the jack in hand could also have made with the 7
    [{"t": 0.5, "lift": "a1"}, {"t": 0.8, "lift": "b2"},
     {"t": 1.0, "place": "eliminated-b", "piece": "b"}, {"t": 1.2, "place": "b2", "piece": "r"},
     phone(3.5, "r", "choose", move="7C+KC a1-b2 xb2")],
    # a piece the table cards can move, lifted and put back
    [{"t": 0.5, "lift": "a1"}, {"t": 1.5, "place": "a1"}],
], ids=["table move", "table kill", "put back"])
@pytest.mark.parametrize("hand", ["6S", "JC", "AC"])
def test_lights_and_the_table_never_depend_on_the_hidden_hand(script, hand):
    # With the hand card red's reading has more explanations than the table cards give, or
    # it has not: either way the table sees the same lights, prompts and commits, scan by
    # scan, and only red's phone hears which moves the reading allows.
    a = run(table(hand), script)
    b = run(table("8S"), script)
    assert public(a, "r") == public(b, "r")
    assert bool(asked(a, "r")) == bool(asked(b, "r")) == ("phone" in script[-1])


@pytest.mark.parametrize("script", [
    # placed where only a king (the hand card) could take it, left there, then lifted
    [{"t": 0.5, "lift": "c3"}, {"t": 0.8, "place": "c5"}, {"t": 4.0, "lift": "c5"},
     {"t": 4.5, "place": "c3"}],
    # placed one square on: on its way for a hand that holds a card moving two or more
    [{"t": 0.5, "lift": "c3"}, {"t": 0.8, "place": "c4"}, {"t": 3.5, "lift": "c4"},
     {"t": 3.9, "place": "c3"}],
    # a kill only the hand could make (7C with a hand card of clubs)
    [{"t": 0.5, "lift": "c3"}, {"t": 0.7, "lift": "e5"},
     {"t": 0.9, "place": "eliminated-b", "piece": "b"}, {"t": 1.1, "place": "e5", "piece": "r"}],
], ids=["hand-only square", "on the way", "hand-only kill"])
def test_a_reading_only_the_hand_can_make_looks_to_the_table_like_one_it_cannot(script):
    # Red holds 7C 8D open; the hand card is a king, a queen or a 9 (which moves nothing).
    # The table must see the same lights and prompts whatever it is; only red's phone
    # hears whether the hand can make the reading.
    runs = {hand: run(position({"r": "c3", "b": "e5"}, {"r": ("7C 8D", hand),
                                                          "b": ("6D", "8H")}), script)
            for hand in ("KS", "QC", "9H")}
    assert public(runs["KS"], "r") == public(runs["9H"], "r") == public(runs["QC"], "r")
    [first] = [p for p in of(runs["9H"], Prompt) if p.seat == "r" and p.message][:1] or [None]
    if first is not None and first.kind == "private":
        assert "cannot" in said(first, G)


def test_the_phone_alone_hears_what_the_hand_allows():
    script = [{"t": 0.5, "lift": "a1"}, {"t": 0.8, "lift": "b2"},
              {"t": 1.0, "place": "eliminated-b", "piece": "b"},
              {"t": 1.2, "place": "b2", "piece": "r"}]
    [with_jack] = asked(run(table("JC"), script), "r")
    [without] = asked(run(table("8S"), script), "r")
    assert set(with_jack.choices) == {"7C+KC a1-b2 xb2", "7C+JC* a1-b2 xb2",
                                      "7C+KC+JC* a1-b2 xb2"}
    assert without.choices == ("7C+KC a1-b2 xb2",)


def test_lifting_a_piece_only_the_hand_could_move_tells_the_table_nothing():
    script = [{"t": 0.5, "lift": "c3"}, {"t": 2.5, "place": "c3"}]
    a = run(position({"r": "c3", "b": "e5"}, {"r": ("7C 8D", "KS")}), script)
    b = run(position({"r": "c3", "b": "e5"}, {"r": ("7C 8D", "9H")}), script)
    assert public(a, "r") == public(b, "r")


# ---- four players, Formation --------------------------------------------------------------------

def test_a_four_player_without_pieces_moves_the_partners_on_the_board():
    s = position({"r": "", "b": "c3", "y": "e1", "g": "a5"},
                 {"r": ("AC 9C", ""), "y": ("7D", ""), "b": ("7H", ""), "g": ("7S", "")},
                 variant="four-player", out={"r": 1}, reserve={"r": 3})
    sim = run(s, [{"t": 0.5, "lift": "c3"}, {"t": 0.8, "place": "c4"},
                  phone(1.0, "y", "move", move="7D")])
    assert [(c.seat, c.move) for c in commits(sim)] == [("r", "AC c3-c4"), ("y", "7D")]
    assert G.to_move(sim.session.state) == "b"


def test_a_formation_player_without_pieces_discards_from_the_phone():
    s = position({"r": "", "b": "c3 e5"}, {"r": ("QC KD AS", "6H")}, variant="formation")
    sim = run(s, [phone(0.5, "r", "move", move="QC")])
    [c] = commits(sim)
    assert (c.move, c.how) == ("QC", "phone") and G.to_move(sim.session.state) == "b"


def test_a_declared_pair_finished_after_a_pause_is_amended_whatever_the_hand():
    # Red declares QC+KC, moves c3-b1 (which QC+KC could also do alone), pauses past the
    # settle time (a provisional commit), then moves the second piece.
    script = [declare(0.2, "r", "QC+KC"), {"t": 0.5, "lift": "c3"}, {"t": 0.8, "place": "b1"},
              {"t": 3.5, "lift": "e1"}, {"t": 3.8, "place": "e3"}]
    runs = [run(position({"r": "c3 e1", "b": "e5"}, {"r": ("QC KC", hand)}), script)
            for hand in ("7C", "8S")]
    assert [c.move for c in commits(runs[1])] == ["QC+KC c3-b1", "QC+KC e1,c3-b1,e3"]
    assert public(runs[0], "r") == public(runs[1], "r")
