"""DRHOMBIX variants: the cuckoo game with its capture rules switched on and off, on either
board, and the ant game on either board.

Options of every variant:
* ``game``: ``cuckoo`` (place and raise, capture, reach the apex) or ``ant`` (the pyramid
  starts full; remove or raise; whoever removes the last piece loses);
* ``board``: ``square`` (30 positions) or ``triangle`` (20);
* ``pieces``: each player's pieces at the start of the cuckoo game (15 square, 10 triangle);
* ``sandwich``, ``nest``: whether each capture rule is played;
* ``inverted_nests``: triangular board only; the upside-down triangles of a level are nests
  too (the rules page names this as an option).
"""

from __future__ import annotations

from controller.rules.base import Variant

CUCKOO_SEATS = ("w", "b")      # white moves first
ANT_SEATS = ("first", "second")  # colours play no part: the players are named by turn
PIECES = {"square": 15, "triangle": 10}


def _cuckoo(board: str, sandwich: bool = True, nest: bool = True, suffix: str = "",
            inverted: bool = False) -> Variant:
    rules = {(True, True): "sandwich and nest captures",
             (False, True): "nest captures only",
             (True, False): "sandwich captures only",
             (False, False): "nothing is captured"}[(sandwich, nest)]
    if inverted:
        rules += ", and the upside-down triangles of three seats are nests too"
    return Variant(
        f"cuckoo-{board}{suffix}",
        f"{PIECES[board]} pieces each; {rules}; White begins; place or raise a piece to the "
        "top to win.",
        CUCKOO_SEATS,
        {"game": "cuckoo", "board": board, "pieces": PIECES[board], "sandwich": sandwich,
         "nest": nest, "inverted_nests": inverted})


def _ant(board: str) -> Variant:
    return Variant(
        f"ant-{board}",
        "The pyramid starts full; take off one or two free pieces of one level, or raise one "
        "free piece; whoever takes off the last piece loses.",
        ANT_SEATS,
        {"game": "ant", "board": board, "pieces": 0, "sandwich": False, "nest": False,
         "inverted_nests": False})


VARIANTS: dict[str, Variant] = {v.name: v for v in (
    _cuckoo("square"),
    _cuckoo("triangle"),
    _cuckoo("square", sandwich=False, suffix="-no-sandwich"),
    _cuckoo("triangle", sandwich=False, suffix="-no-sandwich"),
    _cuckoo("square", nest=False, suffix="-no-nest"),
    _cuckoo("triangle", nest=False, suffix="-no-nest"),
    _cuckoo("square", sandwich=False, nest=False, suffix="-no-captures"),
    _cuckoo("triangle", sandwich=False, nest=False, suffix="-no-captures"),
    _cuckoo("triangle", suffix="-inverted-nests", inverted=True),
    _ant("square"),
    _ant("triangle"),
)}
