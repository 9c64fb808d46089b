"""The table speaks: with its "Speak" switch on, the table page says aloud, in the table's
language, whose turn it is, a take-back question, a refusal's reason, the computer's move and
the result, each once when it appears.

The browser's voice is what is faked: before the page loads, ``speechSynthesis.speak`` is
replaced by a recorder of each utterance's words and language; everything else is the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from tests.web_ui.browser import TABLET, Phone
from tests.web_ui.games import SESSION, Pace
from tests.web_ui.support import HOST_TOKEN, serving, wait_until

pytestmark = pytest.mark.slow

RECORDER = """
window.__spoken = [];
(() => {
  const record = (u) => { window.__spoken.push({ text: u.text, lang: u.lang }); };
  if (window.speechSynthesis) {
    window.speechSynthesis.speak = record;
    window.speechSynthesis.cancel = () => {};
  } else {
    window.speechSynthesis = { speak: record, cancel() {}, getVoices() { return []; } };
  }
  if (typeof window.SpeechSynthesisUtterance === "undefined") {
    window.SpeechSynthesisUtterance = class {
      constructor(text) { this.text = text; this.lang = ""; this.voice = null; }
    };
  }
})();
"""


def spoken(page: Any) -> list[dict[str, str]]:
    return list(page.evaluate("() => window.__spoken"))


def said_once(page: Any, text: str) -> None:
    """``text`` was said, once, in French (waits for it: speech follows the stream)."""
    page.wait_for_function("(t) => window.__spoken.some((u) => u.text === t)", arg=text)
    times = [u for u in spoken(page) if u["text"] == text]
    assert times == [{"text": text, "lang": "fr"}], spoken(page)


@pytest.fixture
def paced() -> Iterator[tuple[Service, Pace]]:
    pace = Pace()
    service = Service(ServiceOptions(game="abalone", session=SESSION), clock=pace).start()
    wait_until(service.table, lambda s: s["status"] == "playing")
    yield service, pace
    service.stop()


def test_the_table_says_aloud_what_happens_in_its_language(browser, paced):
    from playwright.sync_api import expect
    abalone, pace = paced
    with serving(abalone) as (app, base):
        host = app.test_client()
        assert host.get(f"/host/{HOST_TOKEN}").status_code == 303
        assert host.post("/api/host/lang", json={"lang": "fr"}).status_code == 200
        table = Phone(browser, base, lang="de", **TABLET)
        table.context.add_init_script(RECORDER)
        page = table.open("/")
        switch = page.locator("#speak")
        expect(switch).to_have_attribute("aria-pressed", "false")  # off by default
        # Silent while off: a move, and nothing said.
        page.click('[data-pos="A1"]')
        page.click('[data-pos="D4"]')
        expect(page.locator("#turn")).to_have_text("À Blanc de jouer")
        assert spoken(page) == []
        switch.click()  # on: it says where the game stands
        expect(switch).to_have_attribute("aria-pressed", "true")
        said_once(page, "À Blanc de jouer")
        table.shot("table-speak-on.png", full=False)

        # A take-back: a while later the board shows the position before the move again;
        # the table asks.
        pace.breathe()
        page.click('[data-pos="D4"]')
        page.click('[data-pos="A1"]')
        question = page.locator(".prompt.takeback")
        expect(question).to_be_visible(timeout=10_000)
        title = page.locator(".prompt.takeback > .kind").inner_text()
        asked = page.locator(".prompt.takeback > span:not(.kind)").inner_text()
        assert title == "Reprendre le coup\u202f?"
        said_once(page, f"{title} {asked}")
        question.get_by_role("button").first.click()
        expect(page.locator("#turn")).to_have_text("À Noir de jouer")
        said_once(page, "À Noir de jouer")

        # A refusal of the table's own button: said once (the answer and the stream carry it).
        page.click("#end-turn")
        expect(page.locator("#toast")).to_have_text(
            "rien à terminer\u00a0: jouez d'abord votre coup sur le plateau")
        said_once(page, "rien à terminer\u00a0: jouez d'abord votre coup sur le plateau")

        # The computer plays White: its move is said (its turn is not: the move says it).
        assert host.post("/api/host/computer", json={"seat": "w", "level": "quick"}
                         ).status_code == 200
        pace.breathe()
        page.click('[data-pos="A1"]')
        page.click('[data-pos="D4"]')
        shown = page.locator(".prompt.computer > span:not(.kind)")
        expect(shown).to_be_visible(timeout=15_000)
        said_once(page, shown.inner_text())
        assert not [u for u in spoken(page) if "ordinateur, rapide" in u["text"]]

        # The result.
        black = app.test_client()
        token = app.extensions["boardlight"].tokens.token("b")
        assert black.get(f"/join/{token}").status_code == 303
        assert black.post("/api/seat/action", json={"type": "resign"}).status_code == 200
        wait_until(abalone.table, lambda s: s["outcome"] is not None)
        outcome = page.locator("#outcome")
        expect(outcome).to_be_visible()
        said_once(page, outcome.inner_text())
        assert {u["lang"] for u in spoken(page)} == {"fr"}
        table.shot("table-speak-result.png", full=False)

        # The switch is remembered by the browser.
        page.reload()
        page.wait_for_selector("#live.on")
        expect(page.locator("#speak")).to_have_attribute("aria-pressed", "true")
        # The refused press is the browser's one logged error (a 409 answer).
        table.errors = [e for e in table.errors if "status of 409" not in e]
        table.close()
