"""Which language each page speaks: the browser's, until a player picks one for their seat;
the table page the host's choice; refusals and the session's words in the reader's language."""

from __future__ import annotations

import pytest

from tests.web_ui.browser import TABLET, Phone
from tests.web_ui.support import HOST_TOKEN, serving, wait_until


def token_of(app, seat):
    return app.extensions["boardlight"].tokens.token(seat)


def test_a_page_follows_the_browsers_language(client):
    de = client.get("/", headers={"Accept-Language": "de-CH,de;q=0.9,en;q=0.5"}).data.decode()
    assert '<html lang="de"' in de and "Als Spieler beitreten" in de
    fr = client.get("/", headers={"Accept-Language": "fr-FR"}).data.decode()
    assert '<html lang="fr"' in fr and "Rejoindre la partie" in fr
    en = client.get("/", headers={"Accept-Language": "it, nl"}).data.decode()
    assert '<html lang="en"' in en and "Join as a player" in en


def test_the_scripts_get_their_words_from_the_same_catalog(client):
    script = client.get("/i18n/de.js").data.decode()
    assert script.startswith("window.BL_LANG = ") and '"lang":"de"' in script
    assert '"Your turn":"Du bist am Zug"' in script  # a message of common.js
    assert "Als Spieler beitreten" not in script      # a template's message stays there
    assert client.get("/i18n/xx.js").status_code == 404


def test_the_table_page_speaks_the_hosts_choice(app, client):
    host = app.test_client()
    assert host.get(f"/host/{HOST_TOKEN}").status_code == 303
    assert host.post("/api/host/lang", json={"lang": "fr"}).status_code == 200
    page = client.get("/", headers={"Accept-Language": "de"}).data.decode()
    assert '<html lang="fr"' in page
    assert client.get("/api/state").get_json()["labels"] == {"b": "Noir", "w": "Blanc"}
    bad = host.post("/api/host/lang", json={"lang": "it"})
    assert bad.status_code == 400 and "'lang' must be one of en, de, fr" in \
        bad.get_json()["error"]


def test_a_player_picks_a_language_for_their_seat_and_hears_refusals_in_it(app):
    phone = app.test_client()
    assert phone.get(f"/join/{token_of(app, 'w')}").status_code == 303
    assert phone.post("/api/lang", json={"lang": "de"}).status_code == 200
    assert '<html lang="de"' in phone.get("/seat", headers={"Accept-Language": "fr"}).data.decode()
    refused = phone.post("/api/seat/action", json={"type": "end-turn"})
    assert refused.status_code == 409
    assert refused.get_json()["error"] == "Schwarz ist am Zug, nicht Weiß"
    assert phone.post("/api/lang", json={"lang": "xx"}).status_code == 400


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "over"), [("en", "over: 1 win for Black"),
                                            ("de", "vorbei: 1 Sieg für Schwarz"),
                                            ("fr", "terminé : 1 victoire pour Noir")])
def test_a_finished_match_says_who_won_it_in_the_tables_language(browser, abalone, lang, over):
    """The series' end in words from its winners and rule (the rules' own sentence names
    seats by their letters), in the language the host chose for the table."""
    from playwright.sync_api import expect
    with serving(abalone) as (app, base):
        host = app.test_client()
        assert host.get(f"/host/{HOST_TOKEN}").status_code == 303
        assert host.post("/api/host/lang", json={"lang": lang}).status_code == 200
        assert host.post("/api/host/game", json={"match": "match 1"}).status_code == 200
        wait_until(abalone.table, lambda s: s["match"] is not None and s["status"] == "playing")
        white = app.test_client()
        assert white.get(f"/join/{token_of(app, 'w')}").status_code == 303
        assert white.post("/api/seat/action", json={"type": "resign"}).status_code == 200
        wait_until(abalone.table, lambda s: (s["match"] or {}).get("outcome") is not None)
        table = Phone(browser, base, lang=lang, **TABLET)
        page = table.open("/")
        expect(page.locator("#match")).to_contain_text(over)
        assert "w won" not in page.locator("#match").inner_text()
        table.close()


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "clock", "level", "match"), [
    ("de", "10 min + 5 s pro Zug", "(Computer, schnell)",
     "gewinnt; 1 Partie gespielt: Schwarz 0, Weiß (Computer, schnell) 1"),
    ("fr", "10 min + 5 s par coup", "(ordinateur, rapide)",
     "gagne\u202f; 1 partie jouée\u00a0: Noir 0, Blanc (ordinateur, rapide) 1")])
def test_clocks_computer_levels_and_the_hosts_match_line_speak_the_language(
        browser, abalone, lang, clock, level, match):
    """Words the pages build from data: a time control, a computer's level, a match's
    standing on the host page (once English, or seats by their letters: 'b 0, w 0')."""
    from playwright.sync_api import expect
    with serving(abalone) as (app, base):
        host = app.test_client()
        assert host.get(f"/host/{HOST_TOKEN}").status_code == 303
        assert host.post("/api/host/lang", json={"lang": lang}).status_code == 200
        assert host.post("/api/host/game", json={"match": "match 2", "clock": "10+5"}
                         ).status_code == 200
        wait_until(abalone.table, lambda s: s["match"] is not None and s["clocks"] is not None)
        black = app.test_client()  # Black resigns the first game: White leads the match
        assert black.get(f"/join/{token_of(app, 'b')}").status_code == 303
        assert black.post("/api/seat/action", json={"type": "resign"}).status_code == 200
        wait_until(abalone.table, lambda s: (s["match"] or {}).get("games") == 1)
        assert host.post("/api/host/computer", json={"seat": "w", "level": "quick"}
                         ).status_code == 200
        table = Phone(browser, base, lang=lang, **TABLET)
        page = table.open("/")
        expect(page.locator("#clocks")).to_contain_text(clock)
        expect(page.get_by_text(level).first).to_be_visible()
        table.close()
        hosting = Phone(browser, base, lang=lang, **TABLET)
        page = hosting.page
        page.goto(f"{base}/host/{HOST_TOKEN}")
        hosting.shot(f"host-{lang}-clock-match.png")
        expect(page.locator("#clock-now")).to_contain_text(clock)
        expect(page.locator("#match-now")).to_contain_text(match)
        options = page.locator('select[name="computer-w"] option')
        expect(options.nth(2)).to_contain_text(level.split(", ")[1].rstrip(")"))
        hosting.close()


# ---- the table's language, live; How to play in the language of the page it came from -------

@pytest.mark.slow
def test_the_open_table_page_follows_the_hosts_choice_without_a_reload_by_hand(browser, abalone):
    """The host picks German for the table: the table page, open in English, switches by
    itself (its stream speaks the table's language as it is now and the page follows)."""
    from playwright.sync_api import expect
    with serving(abalone) as (app, base):
        table = Phone(browser, base, lang="en", **TABLET)
        page = table.open("/")
        expect(page.locator("#turn")).to_have_text("Black to move")
        host = app.test_client()
        assert host.get(f"/host/{HOST_TOKEN}").status_code == 303
        assert host.post("/api/host/lang", json={"lang": "de"}).status_code == 200
        expect(page.locator("html")).to_have_attribute("lang", "de", timeout=10_000)
        expect(page.locator("#turn")).to_have_text("Schwarz ist am Zug")
        expect(page.locator("#language")).to_have_value("de")
        table.close()


@pytest.mark.slow
def test_the_table_page_picks_the_tables_language_itself(browser, abalone):
    """The table page's own picker sets the table's language, as the host's does: every open
    table page follows, and the host page shows the choice."""
    from playwright.sync_api import expect
    with serving(abalone) as (app, base):
        one = Phone(browser, base, lang="en", **TABLET)
        other = Phone(browser, base, lang="de", **TABLET)
        page, second = one.open("/"), other.open("/")
        expect(second.locator("#turn")).to_have_text("Schwarz ist am Zug")
        one.shot("table-language-picker.png", full=False)
        page.select_option("#language", "fr")
        for shown in (page, second):
            expect(shown.locator("html")).to_have_attribute("lang", "fr", timeout=10_000)
            expect(shown.locator("#turn")).to_have_text("À Noir de jouer")
        host = app.test_client()
        assert host.get(f"/host/{HOST_TOKEN}").status_code == 303
        assert host.get("/api/host").get_json()["table_lang"] == "fr"
        assert host.post("/api/table/lang", json={"lang": "it"}).status_code == 400
        one.close(), other.close()


@pytest.mark.slow
def test_how_to_play_speaks_the_language_of_the_page_it_was_opened_from(browser, abalone):
    """A French table seen in a German browser opens How to play in French; a seat whose
    player picked French, too; the How to play page's own picker then takes over."""
    from playwright.sync_api import expect
    with serving(abalone) as (app, base):
        host = app.test_client()
        assert host.get(f"/host/{HOST_TOKEN}").status_code == 303
        assert host.post("/api/host/lang", json={"lang": "fr"}).status_code == 200
        table = Phone(browser, base, lang="de", **TABLET)
        page = table.open("/")
        page.click("#intro a[href*='/howto/']")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator("h1")).to_contain_text("Comment jouer")
        page.select_option("#language", "en")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        table.close()
        phone = Phone(browser, base, lang="de")
        seat = phone.open(f"/join/{token_of(app, 'w')}")
        seat.select_option("#language", "fr")
        expect(seat.locator("html")).to_have_attribute("lang", "fr")
        seat.click(".links a[href*='/howto/']")
        expect(seat.locator("html")).to_have_attribute("lang", "fr")
        phone.close()


@pytest.mark.slow
def test_a_refusal_of_the_tables_button_is_said_in_the_tables_language(browser, abalone):
    """The table speaks French (the host's choice) in a German browser: its End turn,
    refused, says why in French, on the table page that pressed it."""
    from playwright.sync_api import expect
    with serving(abalone) as (app, base):
        host = app.test_client()
        assert host.get(f"/host/{HOST_TOKEN}").status_code == 303
        assert host.post("/api/host/lang", json={"lang": "fr"}).status_code == 200
        table = Phone(browser, base, lang="de", **TABLET)
        page = table.open("/")
        page.click("#end-turn")
        expect(page.locator("#toast")).to_have_text(
            "rien à terminer\u00a0: jouez d'abord votre coup sur le plateau")
        table.errors = [e for e in table.errors if "status of 409" not in e]
        table.close()


@pytest.mark.parametrize(("lang", "belgian", "german"), [
    ("de", "Belgische Margerite", "Deutsche Margerite"),
    ("fr", "Marguerite belge", "Marguerite allemande")])
def test_the_daisy_start_positions_have_their_rulebook_names(client, lang, belgian, german):
    host_page = client.get(f"/host/{HOST_TOKEN}")
    assert host_page.status_code == 303
    info = client.get("/api/host", headers={"Accept-Language": lang}).get_json()
    [abalone] = [g for g in info["games"] if g["name"] == "abalone"]
    titles = {v["name"]: v["title"] for v in abalone["variants"]}
    assert (titles["belgian-daisy"], titles["german-daisy"]) == (belgian, german)
    summaries = " ".join(v["summary"] for v in abalone["variants"])
    assert "Daisy" not in summaries and "daisy" not in summaries
