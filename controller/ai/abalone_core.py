"""The compiled Abalone core (``controller/ai/csrc``, built by the package's own build) seen
from Python: whether it is built, and the rules' positions and moves in its terms.

A core position is nine ints: black's 121-bit board as its low and high 64 bits, white's
likewise, the colour to move (0 black, 1 white), the marbles each colour has pushed off, the
marbles each still has to place.  The bits are the rules' own (``board.py``: bit
``(r + 1) * 11 + n``), so nothing is renumbered.  A core move is an int: anchor cell (the
group's lowest bit), size, line and direction, then what it pushes (see ``csrc/core.h``).
"""

from __future__ import annotations

import hashlib
import logging
from functools import cache
from pathlib import Path
from types import ModuleType

from controller.rules.abalone import AbaloneState, Place, Push
from controller.rules.abalone.board import AXES
from controller.rules.abalone.state import Move

log = logging.getLogger(__name__)

CorePosition = tuple[int, int, int, int, int, int, int, int, int]
MASK64 = (1 << 64) - 1
PLACE = 6
CSRC = Path(__file__).resolve().parent / "csrc"

try:
    from controller.ai import _abalone as _core
    CORE: ModuleType | None = _core
except ImportError:  # built without a C compiler: the Python engine plays instead
    CORE = None


def available() -> bool:
    return CORE is not None


def core() -> ModuleType:
    """The compiled module; raises ``RuntimeError`` (saying how to build it) when missing."""
    if CORE is None:
        raise RuntimeError(
            "the compiled Abalone core is not built: install a C compiler and Python's headers "
            "(Debian: apt-get install gcc python3-dev) and reinstall Boardlight "
            "(python3 bootstrap.py env, or pip install -e .)")
    return CORE


def source_hash(directory: Path = CSRC) -> str | None:
    """The digest of the C sources as setup.py computes it, or None without the sources (an
    installed wheel carries the module, not necessarily its sources)."""
    files = sorted(directory.glob("*.[ch]"))
    if not files:
        return None
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


@cache
def stale() -> bool:
    """Whether the built module is older than the sources beside it (a checkout edited since
    the last install); the module still works, but is not what the sources say."""
    if CORE is None:
        return False
    wanted = source_hash()
    if wanted is None or wanted == CORE.SOURCE_HASH:
        return False
    log.warning("the compiled Abalone core is older than its sources (%s, built from %s): "
                "rebuild it with 'pip install -e .' or 'python3 bootstrap.py env'", wanted,
                CORE.SOURCE_HASH)
    return True


def core_position(state: AbaloneState) -> CorePosition:
    """A two-player rules state in the core's terms."""
    black, white = state.marbles
    return (black & MASK64, black >> 64, white & MASK64, white >> 64, state.to_move,
            state.pushed[0], state.pushed[1], state.to_place[0], state.to_place[1])


def rules_move(code: int) -> Move:
    """A core move as the rules' ``Push`` or ``Place``."""
    anchor, size, axis, direction = code & 127, code >> 7 & 3, code >> 9 & 3, code >> 11 & 7
    if direction == PLACE:
        return Place(anchor)
    step = AXES[axis]
    return Push(tuple(anchor + k * step for k in range(size)), direction)


def core_move(move: Move) -> int:
    """A rules move as the core's move code (without what it pushes: ``complete`` adds it)."""
    if isinstance(move, Place):
        return move.cell | 1 << 7 | PLACE << 11
    cells = move.cells
    axis = AXES.index(cells[1] - cells[0]) if len(cells) > 1 else 0
    return cells[0] | len(cells) << 7 | axis << 9 | move.direction << 11
