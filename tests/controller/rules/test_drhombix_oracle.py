"""The bitmask rules against the straightforward reference, on positions from random games."""

from __future__ import annotations

import random

import pytest

from controller.rules.base import Termination
from controller.rules.drhombix import DRHOMBIX as G
from tests.controller.rules import drhombix_reference as ref

VARIANTS = list(G.variants)


def rules_successors(state):
    return {G.move_text(m): G.position_text(G.play(state, m)) for m in G.legal_moves(state)}


def reference_successors(state):
    v = G.variant_of(state)
    shape = v.options["board"]
    fields = G.position_text(state).split()
    board = ref.read_board(shape, fields[0])
    if v.options["game"] == "ant":
        nxt = "second" if fields[1] == "first" else "first"
        # Once a piece is off, the text counts the pieces each player has taken off.
        taken = [int(f) for f in fields[2:4]] or [0, 0]
        mover = ("first", "second").index(fields[1])
        out_ant = {}
        for text, after in ref.ant_moves(shape, board):
            counts = list(taken)
            counts[mover] += text.count("x")
            tail = f" {counts[0]} {counts[1]}" if any(counts) else ""
            out_ant[text] = f"{ref.board_text(shape, after)} {nxt}{tail}"
        return out_ant
    mover, reserves = fields[1], {"w": int(fields[2]), "b": int(fields[3])}
    names = {ref.name(c): c for c in ref.cells(shape)}
    used = {names[n] for n in fields[4].split(",")} if fields[4] != "-" else set()
    out = {}
    for text, after, res, used2 in ref.cuckoo_moves(
            shape, board, mover, reserves, used, v.options["sandwich"], v.options["nest"],
            v.options["inverted_nests"]):
        used_text = ",".join(ref.name(c) for c in ref.cells(shape) if c in used2) or "-"
        out[text] = (f"{ref.board_text(shape, after)} {'b' if mover == 'w' else 'w'} "
                     f"{res['w']} {res['b']} {used_text}")
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_rules_and_reference_agree_on_random_games(variant):
    rng = random.Random(variant)
    checked = captures = 0
    for _ in range(15):
        state = G.setup(variant)
        while G.outcome(state) is None:
            mine = rules_successors(state)
            assert mine == reference_successors(state), G.position_text(state)
            checked += 1
            captures += sum("x" in text for text in mine)
            state = G.play(state, rng.choice(G.legal_moves(state)))
    assert checked > 200
    if G.variant(variant).options["nest"] or G.variant(variant).options["game"] == "ant":
        assert captures > 0  # the games met nest captures (or removals) to compare


def test_the_reference_sees_the_games_end_the_same_way():
    # Where the rules say a player cannot move, the reference finds no move either.
    rng = random.Random(7)
    ends = 0
    for variant in VARIANTS:
        for _ in range(8):
            state = G.setup(variant)
            while G.outcome(state) is None:
                state = G.play(state, rng.choice(G.legal_moves(state)))
            if G.outcome(state).termination is Termination.NO_MOVE:
                ends += 1
                assert reference_successors(state) == {}
    assert ends > 0
