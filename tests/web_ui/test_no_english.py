"""No English left on any game's pages in German or French.

Every message of the catalog whose German (French) words differ from its English is looked
for, as English, in what the table page, a seat's phone page and the How to play page show
(text and accessible names) for each of the five games: a message the code shows without
passing it through the catalog, or one that never reached the page scripts, is English there.
"""

from __future__ import annotations

import pytest

from boardlight.service import Service, ServiceOptions
from controller.rules import GAMES
from tests.web_ui.browser import PHONE, TABLET, Phone
from tests.web_ui.english import english_patterns, shown
from tests.web_ui.support import serving, wait_until


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("game", list(GAMES))
def test_no_english_on_a_games_pages(browser, game, lang):
    service = Service(ServiceOptions(game=game, seed=4)).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        patterns = english_patterns(lang)
        with serving(service) as (app, base):
            seat = service.table.public()["seats"][0]
            token = app.extensions["boardlight"].tokens.token(seat)
            texts = {}
            table = Phone(browser, base, lang=lang, **TABLET)
            texts["table"] = shown(table.open("/"))
            page = table.page
            page.goto(f"{base}/howto/{game}")
            page.wait_for_selector("main")
            texts["how to play"] = shown(page)
            table.close()
            phone = Phone(browser, base, lang=lang, **PHONE)
            texts["phone"] = shown(phone.open(f"/join/{token}"))
            phone.close()
        found = [(where, english) for where, text in texts.items()
                 for english, pattern in patterns if pattern.search(text)]
        assert not found, f"English on the {game} pages in {lang}: {found[:8]}"
    finally:
        service.stop()
