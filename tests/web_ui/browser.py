"""The pages in a real browser (Debian's Chromium, headless, driven by Playwright): devices,
screenshots for people to look at (``test-artifacts/``), and the checks every game's pages
must pass: each piece visible where it stands, accessible names, no internal data shown.

The ``browser`` fixture (``tests/web_ui/conftest.py``) fails, never skips, when Chromium is
missing: ``python3 bootstrap.py test`` installs it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("BOARDLIGHT_CHROMIUM", "/usr/bin/chromium")  # as bootstrap.py
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
SMALL_PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2,
               "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 1024, "height": 768}, "device_scale_factor": 1,
          "is_mobile": False, "has_touch": True}
TV = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1,
      "is_mobile": False, "has_touch": False}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

# Words of the code that must never reach a player's eyes (internal field names, booleans,
# arrows between fields, raw position text).
INTERNAL = re.compile(r"\b(true|false|null|undefined|uses_hand|team_of|turn_order|foes|"
                      r"targets|ply limit|move_limit|free_turns|NaN)\b|->|=>|\{|\}")


def launch() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"no chromium at {CHROMIUM}: 'sudo apt-get install chromium' (python3 "
                    "bootstrap.py test does it when it can)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


class Phone:
    """One device: its own browser context (cookies, language); every page error is kept."""

    def __init__(self, browser: Any, base: str, lang: str = "en", **device: Any) -> None:
        self.context = browser.new_context(**(device or PHONE), locale=lang,
                                           extra_http_headers={"Accept-Language": lang})
        self.page = self.context.new_page()
        self.base = base
        self.errors: list[str] = []
        self.navigations = 0
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error"
                     else None)
        self.page.on("framenavigated", self._navigated)

    def _navigated(self, frame: Any) -> None:
        if frame == self.page.main_frame:
            self.navigations += 1

    def open(self, path: str) -> Any:
        self.page.goto(self.base + path)
        self.page.wait_for_selector("#live.on")
        return self.page

    def shot(self, name: str, full: bool = True) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / name
        self.page.screenshot(path=str(path), full_page=full)
        return path

    def close(self) -> None:
        assert self.errors == []
        self.context.close()


def position(page: Any, label: str) -> Any:
    """The board position whose accessible name is ``label`` (``"c3: star tile"``)."""
    return page.locator(f'#board [aria-label="{label}"]')


def piece_is_seen(page: Any, pos: str) -> bool:
    """Whether what the board draws for ``pos``'s pieces is what a finger or an eye meets at
    its centre (not hidden under another position's drawing)."""
    return bool(page.evaluate("""(pos) => {
      const g = document.querySelector(`#board [data-pos="${pos}"]`);
      if (!g) return false;
      const art = g.querySelector(".art") && g.querySelector(".art").childElementCount
        ? g.querySelector(".art") : g.querySelector("circle.piece");
      const box = art.getBoundingClientRect();
      if (!box.width || !box.height) return false;
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return !!hit && hit.closest("[data-pos]") === g;
    }""", pos))


def internal_words(page: Any) -> list[str]:
    """Internal words the page shows (its visible text, outside the position-text fold)."""
    text = page.evaluate("""() => {
      const clone = document.body.cloneNode(true);
      clone.querySelectorAll("details.position-fold, script, style, svg.qr")
        .forEach((n) => n.remove());
      return clone.innerText;
    }""")
    return sorted({m.group(0) for m in INTERNAL.finditer(text)})


def fits(page: Any, selector: str = "#board svg") -> bool:
    """Whether the element is whole inside the viewport without scrolling."""
    return bool(page.evaluate("""(sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight + 1
        && r.right <= window.innerWidth + 1;
    }""", selector))
