"""English left on a page in German or French: every message of the catalog whose words differ
in that language, looked for as English in what a page shows (text and accessible names)."""

from __future__ import annotations

import re
from functools import cache

from babel.messages.pofile import read_po

from tests.web_ui.browser import TABLET, Phone
from web_ui.i18n import DIRECTORY

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
SHOWN = """() => {
  const out = [document.body.innerText];
  for (const n of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (n.closest("[hidden]")) continue;
    out.push(n.getAttribute("aria-label") || "", n.getAttribute("title") || "",
             n.getAttribute("placeholder") || "");
  }
  return out.join("\\n");
}"""


@cache
def english_patterns(lang: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The catalog's English messages that read otherwise in ``lang``, as patterns (each
    placeholder any words); only those with two English words of their own, so that a name
    or a symbol shared by both languages is never taken for English."""
    with open(DIRECTORY / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        for english in ids:
            if english in strings or "<" in english:
                continue
            own = PLACEHOLDER.sub(" ", english)
            if len(re.findall(r"[A-Za-z]{2,}", own)) < 2:
                continue
            parts = [re.escape(p) for p in PLACEHOLDER.split(english)[::2]]
            out.append((english, re.compile(r".{1,80}?".join(parts))))
    return tuple(out)


def shown(page) -> str:
    return " ".join(page.evaluate(SHOWN).split())


def assert_no_english(browser, base: str, path: str = "/", langs=("de", "fr")) -> None:
    """The page at ``path`` as it stands now (a game's stretch played), in German and
    French: no English message of the catalog on it."""
    for lang in langs:
        device = Phone(browser, base, lang=lang, **TABLET)
        text = shown(device.open(path))
        device.close()
        found = [english for english, pattern in english_patterns(lang) if pattern.search(text)]
        assert not found, f"English on {path} in {lang}: {found[:8]}"
