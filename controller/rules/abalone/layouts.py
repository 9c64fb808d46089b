"""Abalone start layouts and variants.

The two-player layouts are those of the rules page.  The three- and four-player layouts are
this project's own (the rules page asks us to choose and document them); both are built by
symmetry from one player's marbles, so every side is equal:

* three players, 11 marbles each, on alternate sides of the hexagon: the edge row of 5 and
  the 6 cells of the next row in.  Black holds A1-A5 and B1-B6; white and red hold the
  images of that set under rotations of 120 and 240 degrees.
* four players in two teams, 9 marbles each: black A1-A4, B1-B4, C3; white holds the mirror
  image of black's set across the line A5-I5 (so white sits on the side A5-E9 beside black);
  red and green, the partners of black and white, hold the images of black's and white's sets
  turned half round (opposite sides).  Turns go b, w, r, g: round the board, alternating teams.
"""

from __future__ import annotations

from controller.rules.abalone.board import INDEX, NAME, row_col
from controller.rules.base import Variant

STANDARD = {
    "b": "A1 A2 A3 A4 A5 B1 B2 B3 B4 B5 B6 C3 C4 C5",
    "w": "I5 I6 I7 I8 I9 H4 H5 H6 H7 H8 H9 G5 G6 G7",
}
BELGIAN_DAISY = {
    "b": "A1 A2 B1 B2 B3 C2 C3 G7 G8 H7 H8 H9 I8 I9",
    "w": "A4 A5 B4 B5 B6 C5 C6 G4 G5 H4 H5 H6 I5 I6",
}
GERMAN_DAISY = {
    "b": "B1 B2 C1 C2 C3 D2 D3 F7 F8 G7 G8 G9 H8 H9",
    "w": "B5 B6 C5 C6 C7 D6 D7 F3 F4 G3 G4 G5 H4 H5",
}


def _cell(r: int, n: int) -> str:
    return NAME[(r + 1) * 11 + n]


def _rotate_120(name: str) -> str:
    """Turn a cell a third of the way round the board's centre E5 (side A -> side E9-I9)."""
    r, n = row_col(INDEX[name])
    # In axial coordinates centred on E5 (q = n - 5, s = r - 4) a 60-degree turn is
    # (q, s) -> (q - s, q); a 120-degree turn is that twice: (q, s) -> (-s, q - s).
    q, s = n - 5, r - 4
    q2, s2 = -s, q - s
    return _cell(s2 + 4, q2 + 5)


def _mirror(name: str) -> str:
    """Mirror a cell across the line A5-I5 (column 5)."""
    r, n = row_col(INDEX[name])
    return _cell(r + 5 - n, 10 - n)


def _half_turn(name: str) -> str:
    r, n = row_col(INDEX[name])
    return _cell(8 - r, 10 - n)


def _three_player() -> dict[str, str]:
    black = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6"]
    white = [_rotate_120(c) for c in black]
    red = [_rotate_120(c) for c in white]
    return {"b": " ".join(black), "w": " ".join(white), "r": " ".join(red)}


def _four_player() -> dict[str, str]:
    black = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "C3"]
    white = [_mirror(c) for c in black]
    return {"b": " ".join(black), "w": " ".join(white),
            "r": " ".join(_half_turn(c) for c in black),
            "g": " ".join(_half_turn(c) for c in white)}


THREE_PLAYER = _three_player()
FOUR_PLAYER = _four_player()

TWO = ("b", "w")
COLOUR_NAMES = {"b": "black", "w": "white", "r": "red", "g": "green"}


def _variant(name: str, summary: str, seats: tuple[str, ...], layout: dict[str, str] | None,
             *, target: int = 6, teams: tuple[tuple[str, ...], ...] | None = None,
             clock: dict[str, int] | None = None, marbles: int = 14) -> Variant:
    return Variant(name, summary, seats, {
        "layout": layout,          # None: the board starts empty (free placement)
        "target": target,          # marbles a side must push off to win
        "teams": teams or tuple((s,) for s in seats),
        "clock": clock,            # default time control, seconds per player
        "marbles": marbles,        # per player, for placement and the trays
    })


VARIANTS: dict[str, Variant] = {v.name: v for v in (
    _variant("standard", "The published start: 14 marbles each; push off 6 to win.", TWO, STANDARD),
    _variant("belgian-daisy", "The tournament start: two interlocked daisies of marbles per side.",
             TWO, BELGIAN_DAISY),
    _variant("german-daisy", "Daisies one row further in than in the Belgian daisy.", TWO,
             GERMAN_DAISY),
    _variant("free-placement", "An empty board: Black and White place their 14 marbles one by "
                               "one, then play as usual.", TWO, None),
    _variant("blitz", "The standard start; push off 4 to win; 5 minutes for each player.",
             TWO, STANDARD, target=4, clock={"initial": 300, "increment": 0}),
    _variant("three-player", "Black, White and Red, 11 marbles each; push off 6 marbles of any "
                             "opponents to win.", ("b", "w", "r"), THREE_PLAYER, marbles=11),
    _variant("four-player", "Two teams, Black and Red against White and Green, 9 marbles each; a "
                            "team wins by pushing off 6 marbles of the other team.",
             ("b", "w", "r", "g"), FOUR_PLAYER, teams=(("b", "r"), ("w", "g")), marbles=9),
)}
