"""What the LEDs under the board say, by position.

The session picks one picture at a time, most urgent first: the board is being set up;
correction (pairs: from blinks, to is steady, one colour per pair); a take-back offer; the
computer's move for a human to carry out (yellow: from blinks, to is steady); an
ambiguous reading (the candidates blink); an illegal placement (red blink); a move in progress
(where the lifted pieces may go; once a piece is down, what is left of the move: a captured
piece to take off blinks blue, a position still to fill is steady blue); a provisional move
waiting for its end (the move, and where it could still be extended to); otherwise the last
move.

Lights are public.  Hints come only from ``Game.hint_moves`` (public information) and never
from a hand; a phone shows its owner's private hints itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from controller.physical import Light, Value
from controller.session.correction import Pair

HINT = Light((0, 170, 40))
LAST_FROM = Light((0, 20, 70))
LAST_TO = Light((0, 90, 220))
PROVISIONAL = Light((0, 90, 220), blink=False)
ILLEGAL = Light((230, 0, 0), blink=True)
# A move on its way: a piece still to take off (a capture), a position still to fill.
STEP_TAKE = Light((0, 90, 220), blink=True)
STEP_PUT = Light((0, 90, 220))
AMBIGUOUS = Light((230, 140, 0), blink=True)
TAKEBACK = Light((200, 0, 200), blink=True)
SETUP_MISSING = Light((90, 90, 90))
SETUP_EXTRA = Light((230, 0, 0), blink=True)
# The computer's move, in a colour no other picture uses: take from here (blinking) ...
COMPUTER_FROM = Light((255, 210, 0), blink=True)
COMPUTER_TO = Light((255, 210, 0))                # ... and put here (steady)
PAIR_COLOURS = ((230, 140, 0), (0, 200, 200), (200, 0, 200), (230, 230, 230), (120, 220, 0),
                (0, 90, 220))

Lights = dict[str, Light]
LitPositions = Callable[[str], Iterable[str]]


def _put(out: Lights, positions: Iterable[str], light: Light, lit: LitPositions) -> None:
    for p in positions:
        for q in lit(p):
            out[q] = light


def setup_lights(target: Mapping[str, Value], reading: Mapping[str, Value], empty: Value,
                 lit: LitPositions) -> Lights:
    """Waiting for the start position: where a piece is missing (steady), where one is in the
    way or wrong (red blink)."""
    out: Lights = {}
    for p, want in target.items():
        have = reading.get(p, empty)
        if have == want:
            continue
        _put(out, [p], SETUP_EXTRA if have != empty else SETUP_MISSING, lit)
    return out


def correction_lights(pairs: Iterable[Pair], lit: LitPositions) -> Lights:
    out: Lights = {}
    for k, (src, dst) in enumerate(pairs):
        colour = PAIR_COLOURS[k % len(PAIR_COLOURS)]
        if src:
            _put(out, [src], Light(colour, blink=True), lit)
        if dst and dst != src:
            _put(out, [dst], Light(colour), lit)
    return out


def blink_lights(positions: Iterable[str], light: Light, lit: LitPositions) -> Lights:
    out: Lights = {}
    _put(out, positions, light, lit)
    return out


def move_lights(emptied: Iterable[str], filled: Iterable[str], lit: LitPositions,
                hints: Iterable[str] = ()) -> Lights:
    """A move: where it came from (dim), where it went (bright), and optional hints."""
    out: Lights = {}
    _put(out, hints, HINT, lit)
    _put(out, emptied, LAST_FROM, lit)
    _put(out, filled, LAST_TO, lit)
    return out
