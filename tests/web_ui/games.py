"""What the games' browser tests share: the session's pace, taps on the simulated board, the
board positions by accessible name, and the check that every piece is seen where it stands."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from boardlight.service import Service
from controller.session.session import SessionConfig
from tests.web_ui.browser import internal_words, piece_is_seen, position
from tests.web_ui.support import wait_until

SESSION = SessionConfig(settle=0.6, settle_min=0.4)


class Pace:
    """The session's clock: real time plus the breath players take between turns."""

    def __init__(self) -> None:
        self.paused = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.paused

    def breathe(self) -> None:
        self.paused += 3.0


def named(page: Any, label: str) -> Any:
    """The board position named ``label``, lit or not (the last move stays lit)."""
    return position(page, label).or_(position(page, f"{label}, lit"))


def in_view(page: Any, pos: str) -> None:
    """Scroll ``pos`` to the middle of the screen (a phone's board is below its cards)."""
    page.locator(f'#board [data-pos="{pos}"]').evaluate("n => n.scrollIntoView({block: 'center'})")


def tap(page: Any, pos: str) -> None:
    page.locator(f'#board [data-pos="{pos}"]').click()


def tap_answered(page: Any, pos: str, times: int = 1) -> None:
    """A hand on the simulated board: each tap waits for the board's answer, as a hand waits
    for the piece to come up before it moves on."""
    for _ in range(times):
        with page.expect_response(lambda r: "/api/sim/" in r.url):
            tap(page, pos)


def played(service: Service, ply: int, text: str) -> None:
    snap = wait_until(service.table, lambda s: s["ply"] >= ply, timeout=5)
    assert snap["moves"][-1]["move"] == text


def check_board(page: Any, names: Mapping[str, str]) -> None:
    """Every position of ``names`` carries its accessible name, its piece is seen (the element
    at its centre is that piece), and the page shows no internal words."""
    from playwright.sync_api import expect
    for pos, label in names.items():
        expect(named(page, label)).to_have_count(1)
        in_view(page, pos)
        assert piece_is_seen(page, pos), f"{pos} ({label}) is hidden"
    assert internal_words(page) == []
