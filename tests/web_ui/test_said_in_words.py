"""Moves, places, outcomes and refusals in the players' words, on every game's pages (issue 27).

Each game is played for a stretch against the computer on the simulated board (the computer's
moves carried out as its instruction says), then a player asks to take a move back, then a
player puts a piece where the rules do not let it go, and sends a move the rules refuse from
the phone.  At each of these moments the table page, the phones and the host page are read in
a real browser in English, German and French (their text and their accessible names): no id of
a place beside the board (``tray-b``, ``supply-1``, ``used-replace-1``, ``reserve-b``,
``taken-second``), no card code (``AH``, ``10D``), no move text of the game's notation, and in
German and French no English message of the catalog.  Screenshots at tablet and phone sizes in
``test-artifacts/said-*.png``.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from controller.errors import ParseError
from controller.session.actions import parse_action
from tests.boardlight.test_computer_game import FAST, play
from tests.support.clocks import TableClock
from tests.web_ui.browser import PHONE, TABLET, Phone
from tests.web_ui.english import english_patterns, shown
from tests.web_ui.support import HOST_TOKEN, serving, wait_until

pytestmark = pytest.mark.slow

# game, variant, the computer's seat, the seat a person plays
CASES = [
    ("abalone", "belgian-daisy", "w", "b"),
    ("crosswise", "two-player", "orange", "green"),
    ("drhombix", "cuckoo-square", "b", "w"),
    ("rhombus", "two-player", "b", "r"),
    ("plimus", "two-player", "red", "blue"),
]
LANGS = ("en", "de", "fr")
CARD = re.compile(r"(?<![\w♣♦♥♠])(10|[2-9JQKA])[CDHS]\*?(?![\w])")
ZONE_ID = re.compile(r"\b(tray|supply|reserve|taken|eliminated|used)-[a-z0-9-]+\b")


def codes(text: str, service: Service, moves: list[str]) -> list[str]:
    """What of the game's inner names the text shows: a place's id, a card code, a move
    text of the game's notation (one that is not simply a place's name)."""
    geo = service.game.geometry(service.variant)
    found = [m.group(0) for m in ZONE_ID.finditer(text)]
    found += [z for z in geo.zones if re.search(rf"(?<![\w-]){re.escape(z)}(?![\w-])", text)
              and len(z) > 2]
    found += [m.group(0) for m in CARD.finditer(text)]
    names = set(geo.positions)
    for move in moves:
        if move in names or len(move) < 3:
            continue
        if re.search(rf"(?<![\w-]){re.escape(move)}(?![\w-])", text):
            found.append(move)
    return found


class Pages:
    """The table page and the host page open in each language (tablets), the person's phone
    (one device: a seat is claimed once; its language picked on it)."""

    def __init__(self, browser: Any, base: str, token: str) -> None:
        self.tables = {lang: Phone(browser, base, lang=lang, **TABLET) for lang in LANGS}
        self.hosts = {lang: Phone(browser, base, lang=lang, **TABLET) for lang in LANGS}
        for lang in LANGS:
            self.tables[lang].open("/")
            self.hosts[lang].page.goto(f"{base}/host/{HOST_TOKEN}")
        self.phone = Phone(browser, base, **PHONE)
        self.phone.open(f"/join/{token}")

    def pick(self, lang: str) -> None:
        self.phone.page.evaluate("""async (lang) => { await fetch('/api/lang', {method:
            'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(
            {lang})}); }""", lang)

    def read(self, lang: str, tag: str) -> dict[str, str]:
        """What each page shows now, in ``lang`` (read afresh)."""
        table, host = self.tables[lang], self.hosts[lang]
        table.page.reload()
        table.page.wait_for_selector("#live.on")
        host.page.reload()
        host.page.wait_for_load_state("networkidle")
        self.pick(lang)
        phone = self.phone.open("/seat")
        if lang != "en":
            table.shot(f"said-{tag}-{lang}-table.png")
            self.phone.shot(f"said-{tag}-{lang}-phone.png")
        return {"table": shown(table.page), "phone": shown(phone), "host": shown(host.page)}

    def close(self) -> None:
        for device in [*self.tables.values(), *self.hosts.values(), self.phone]:
            device.close()


def check(pages: Pages, service: Service, moves: list[str], tag: str,
          langs: tuple[str, ...] = ("de", "fr")) -> dict[str, dict[str, str]]:
    """The pages in ``langs`` (German and French: codes and English; English once, at the
    end: the codes every language shares)."""
    seen = {}
    for lang in langs:
        texts = seen[lang] = pages.read(lang, tag)
        for where, text in texts.items():
            assert not codes(text, service, moves), (
                f"{tag}: the {where} page in {lang} shows {codes(text, service, moves)[:6]}")
            if lang != "en":
                left = [e for e, p in english_patterns(lang) if p.search(text)]
                assert not left, f"{tag}: English on the {where} page in {lang}: {left[:6]}"
    return seen


def a_refused_text(service: Service) -> str:
    """A move text the rules read in the position now but refuse (a move of the start
    position, or of the other side)."""
    game = service.game
    state = service.runner.call(lambda s: s.state).result(5)
    legal = {game.move_text(m) for m in game.legal_moves(state)}
    start = game.setup(service.variant, seed=5)
    for m in game.legal_moves(start):
        text = game.move_text(m)
        if text in legal:
            continue
        try:
            game.parse_move(state, text)
        except (ParseError, ValueError):
            continue
        return text
    raise AssertionError("no move of the start position is refused now")


def misplace(service: Service, seat: str) -> None:
    """Lift one of ``seat``'s pieces and put it where none of its moves goes (one the table
    calls no move at all, not a move on its way); where none of its pieces can move (a
    Crosswise hand without an action tile), lay two pieces at once."""
    session = service.runner.session
    tries = service.runner.call(lambda s: _misplacements(s, seat)).result(5)
    for source, target in tries[:6]:
        service.sim_lift(source)
        service.sim_place(target)
        try:
            wait_until(service.table, refused, timeout=4)
            return
        except AssertionError:  # the table takes it for a move on its way: put it back
            service.sim_lift(target)
            service.sim_place(source)
            wait_until(service.table, lambda s: not s["prompts"], timeout=5)
    game, state = session.game, session.state
    layout = game.layout(state)
    empty = [p for p in game.geometry(service.variant).cells
             if p in session.spec.sensed and not layout.get(p)]
    kind = game.pieces(service.variant)[0]
    for target in empty[:2]:
        service.sim_place(target, kind)
    assert session is service.runner.session


def showing(snap: dict[str, Any], computer: str) -> bool:
    """The computer's move is shown for a hand to carry out (or the game is over)."""
    return bool(snap["outcome"]) or (snap["to_move"] == computer and any(
        p["kind"] == "computer" for p in snap["prompts"]))


def refused(snap: dict[str, Any]) -> bool:
    return any(p["kind"] == "illegal" for p in snap["prompts"])


def _misplacements(session: Any, seat: str) -> list[tuple[str, str]]:
    """(a piece of the mover, a sensed empty cell none of its moves ends on), farthest
    first."""
    game, state = session.game, session.state
    geo = game.geometry(game.variant_of(state).name)
    layout = game.layout(state)
    reach: dict[str, set[str]] = {}
    for m in game.legal_moves(state):
        effect = game.effect(state, m)
        emptied = [c.position for c in effect.changes if not c.after]
        filled = [c.position for c in effect.changes if c.after and not c.before]
        for e in emptied:
            reach.setdefault(e, set()).update(filled)
    sensed = session.spec.sensed
    empty = [p for p in geo.cells if p in sensed and not layout.get(p)]
    out = []
    for source in sorted(reach):
        if source not in sensed or not layout.get(source):
            continue
        far = sorted((p for p in empty if p not in reach[source]),
                     key=lambda p: -geo.distance(source, p))
        out += [(source, p) for p in far[:2]]
    return out


@pytest.mark.parametrize(("game", "variant", "computer", "person"), CASES)
def test_moves_places_outcomes_and_refusals_in_words(browser, game, variant, computer, person):
    rng = random.Random(7)
    service = Service(ServiceOptions(game=game, variant=variant, seed=5, session=FAST),
                      clock=TableClock()).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        service.set_computer(computer, "easy")
        _, done = play(service, computer, rng, 6)
        # On to a move of the computer's that a hand carries out (one no sensor sees, a
        # Rhombus card put away, stands at once).
        for _ in range(12):
            try:
                snap = wait_until(service.table, lambda s: showing(s, computer), timeout=3)
                break
            except AssertionError:
                done += play(service, computer, rng, 1)[1]
        with serving(service) as (app, base):
            token = app.extensions["boardlight"].tokens.token(person)
            pages = Pages(browser, base, token)
            phone = pages.phone
            # The computer's move to carry out, and the move list.
            snap = wait_until(service.table, lambda s: showing(s, computer), timeout=15)
            seen = check(pages, service, done, f"{game}-computer")
            if not snap["outcome"]:
                said = [p for p in service.table.public()["prompts"] if p["kind"] == "computer"]
                assert said, "the computer's move is not shown"
                for lang in ("de", "fr"):
                    assert seen[lang]["table"], "the table page shows nothing"
            # Carry the computer's move out, so that the person is to move.
            _, more = play(service, computer, rng, 1)
            done += more
            wait_until(service.table, lambda s: s["to_move"] == person or s["outcome"])
            # The person asks to take their last move back: the table asks the question.
            service.phone(person, parse_action({"type": "takeback", "request": True}))
            wait_until(service.table, lambda s: any(p["kind"] == "takeback"
                                                    for p in s["prompts"]))
            check(pages, service, done, f"{game}-takeback")
            service.phone(computer, parse_action({"type": "takeback", "accept": False}))
            wait_until(service.table, lambda s: not any(p["kind"] == "takeback"
                                                        for p in s["prompts"]))
            # A piece put where it cannot go: the table says why, beside the fix.
            if service.table.public()["to_move"] == person:
                misplace(service, person)
                snap = wait_until(service.table, lambda s: {"illegal", "correction"} <= {
                    p["kind"] for p in s["prompts"]}, timeout=10)
                check(pages, service, done, f"{game}-refused")
            # A move the rules refuse, sent from the phone: its reason, in words.
            text = a_refused_text(service)
            for lang in ("de", "fr", "en"):
                pages.pick(lang)
                answer = phone.page.evaluate(
                    """async (move) => { const r = await fetch('/api/seat/action', {method:
                    'POST', headers: {'Content-Type': 'application/json'}, body:
                    JSON.stringify({type: 'move', move})}); return [r.status, await r.json()]; }""",
                    text)
                status, body = answer
                assert status == 409, answer
                error = body.get("error", "")
                assert error.startswith(("Not allowed: ", "Nicht erlaubt: ", "Pas permis : ")), (
                    lang, error)
                assert not codes(error, service, done), (lang, error)
                if lang != "en":
                    left = [e for e, p in english_patterns(lang) if p.search(error)]
                    assert not left, f"English in the refusal in {lang}: {error!r}"
            # The browser logs each refused request (409); nothing else went wrong.
            phone.errors = [e for e in phone.errors if "status of 409" not in e]
            # The end: the person resigns; the pages say who won and why.
            service.phone(person, parse_action({"type": "resign"}))
            wait_until(service.table, lambda s: s["outcome"] is not None)
            seen = check(pages, service, done, f"{game}-over", LANGS)
            for lang in LANGS:
                assert all(seen[lang][where] for where in ("table", "phone"))
            pages.close()
    finally:
        service.stop()
