"""Match codes: what one player reads out, types or scans to join another board's game.

Six characters from 31 that cannot be mistaken for one another (no 0/O, 1/I/L), shown in
two groups ("K7P-4QX"); typed in any case, with or without the dash or spaces.  31^6 is
about 887 million codes, and an offer stands for minutes, so a code is not guessed; the
broker's ACL still lets a board read only what is addressed to it (docs/remote.md).
"""

from __future__ import annotations

import secrets

from controller.errors import BoardError

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 6


class CodeError(BoardError, ValueError):
    """A match code that cannot be one."""


def new_code() -> str:
    """A fresh code, from the operating system's randomness."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def shown(code: str) -> str:
    """A code as people read it: two groups of three."""
    return f"{code[:3]}-{code[3:]}"


def read_code(text: str) -> str:
    """A code as typed ("k7p 4qx", "K7P-4QX"), or ``CodeError`` saying what is wrong."""
    if not isinstance(text, str):
        raise CodeError("a match code is six letters and digits, like K7P-4QX")
    typed = "".join(c for c in text.upper() if c not in " -\t")
    if len(typed) != LENGTH:
        raise CodeError(f"a match code has {LENGTH} letters and digits (like K7P-4QX); "
                        f"{text.strip()!r} has {len(typed)}")
    wrong = sorted({c for c in typed if c not in ALPHABET})
    if wrong:
        confusable = {"0": "O", "O": "0", "1": "I", "I": "1", "L": "1"}
        hint = " (codes never use 0, O, 1, I or L)" if any(c in confusable for c in wrong) else ""
        raise CodeError(f"a match code has no {', '.join(repr(c) for c in wrong)}{hint}")
    return typed
