"""DRHOMBIX's pyramid as the pages draw it, in a real browser (issue 28): the full ant pyramid
on both boards at tablet and phone size.  Every cell lies inside the board's outline (the
triangle's corners too); upper-level pieces are drawn large enough to read and to tap (a filled
seat takes a tap anywhere on its piece that no higher piece covers); every piece keeps its
accessible name and the middle of every piece stays in sight and takes a tap.  Screenshots of
the full pyramid, and of lit rings on a piece lifted to be raised, go to ``test-artifacts/``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boardlight.service import Service, ServiceOptions
from tests.web_ui.browser import PHONE, TABLET, Phone
from tests.web_ui.games import SESSION, check_board, named, tap_answered
from tests.web_ui.support import serving, wait_until

pytestmark = pytest.mark.slow

DEVICES = {"tablet": TABLET, "phone": PHONE}
# A position of each board where a free piece may rise (the first player to move): lifted, it
# lights the seats it may go to.
RAISES = {"ant-triangle": ("oooooooooo/oooooo/.o./. first 1 2", "1a1"),
          "ant-square": ("oooooooooooooooo/ooooooooo/oo../. first 1 2", "1a3")}

MEASURE = """() => {
  const svg = document.querySelector("#board svg");
  const ctm = svg.getScreenCTM();
  const screen = (x, y) => new DOMPoint(x, y).matrixTransform(ctm);
  const cell = 40;  // user units per cell
  const frame = svg.querySelector(".dx-frame");
  const out = { px: cell * ctm.a, outside: [], small: [], untappable: [], hidden: [] };
  const gs = [...svg.querySelectorAll("g.pos:not(.zone-pos)")];
  const level = (g) => Number(
    (g.querySelector(".cell").className.baseVal.match(/dx-level-(\\d)/) || [0, 0])[1]);
  const hit = (x, y) => {
    const p = screen(x, y);
    const el = document.elementFromPoint(p.x, p.y);
    return el && el.closest("[data-pos]");
  };
  for (const g of gs) {
    const pos = g.dataset.pos;
    // The cell inside the outline: points all round its edge.
    const shape = g.querySelector(".cell");
    const pts = [];
    if (shape.tagName === "circle") {
      const [cx, cy, r] = ["cx", "cy", "r"].map((a) => Number(shape.getAttribute(a)));
      for (let i = 0; i < 24; i++) {
        pts.push([cx + r * Math.cos(i * Math.PI / 12), cy + r * Math.sin(i * Math.PI / 12)]);
      }
    } else {
      const [x, y, w, h] = ["x", "y", "width", "height"].map((a) => Number(shape.getAttribute(a)));
      for (let i = 0; i <= 8; i++) {
        pts.push([x + w * i / 8, y], [x + w * i / 8, y + h]);
        pts.push([x, y + h * i / 8], [x + w, y + h * i / 8]);
      }
    }
    if (pts.some(([x, y]) => !frame.isPointInFill(new DOMPoint(x, y)))) out.outside.push(pos);
    const block = g.querySelector(".dx-piece .dx-edge");
    if (!block) continue;
    // The piece: its hexagon's corners and middle.
    const corners = block.getAttribute("points").trim().split(/\\s+/)
      .map((p) => p.split(",").map(Number));
    const mx = corners.reduce((s, c) => s + c[0], 0) / 6;
    const my = corners.reduce((s, c) => s + c[1], 0) / 6;
    const height = Math.max(...corners.map((c) => c[1])) - Math.min(...corners.map((c) => c[1]));
    const k = level(g);
    if (k > 0) {
      out.small.push([pos, height / cell, height * ctm.a]);
      // A tap near each corner finds this piece, or a higher piece lying over it.
      for (const [x, y] of corners) {
        const at = hit(mx + 0.9 * (x - mx), my + 0.9 * (y - my));
        if (!at || (at !== g && level(at) <= k)) out.untappable.push([pos, at && at.dataset.pos]);
      }
    }
    // Its middle in sight: a tap within a tenth of a cell of it finds it.
    for (let i = 0; i < 8; i++) {
      const a = i * Math.PI / 4;
      if (hit(mx + 0.1 * cell * Math.cos(a), my + 0.1 * cell * Math.sin(a)) !== g) {
        out.hidden.push(pos);
        break;
      }
    }
  }
  return out;
}"""


@pytest.fixture
def start() -> Iterator[Any]:
    services: list[Service] = []

    def run(variant: str, position: str | None = None) -> Service:
        service = Service(ServiceOptions(game="drhombix", variant=variant, position=position,
                                         session=SESSION)).start()
        services.append(service)
        wait_until(service.table, lambda s: s["status"] == "playing")
        return service

    yield run
    for service in services:
        service.stop()


def measured(page: Any) -> dict[str, Any]:
    page.locator("#board").evaluate("n => n.scrollIntoView({block: 'center'})")
    return dict(page.evaluate(MEASURE))


@pytest.mark.parametrize("device", ["tablet", "phone"])
@pytest.mark.parametrize("variant", ["ant-triangle", "ant-square"])
def test_the_full_pyramid_is_drawn_large_inside_its_board(browser, start, variant, device):
    from playwright.sync_api import expect
    service = start(variant)
    with serving(service) as (_app, base):
        table = Phone(browser, base, "en", **DEVICES[device])
        page = table.open("/")
        places = page.request.get(f"{base}/api/geometry").json()["places"]
        expect(named(page, "a1 on level 4: piece")).to_have_count(1)
        check_board(page, {pos: f"{places[pos]['words']}: piece"
                           for pos in service.table.public()["layout"]})
        m = measured(page)
        table.shot(f"dx-pyramid-{variant}-{device}.png", full=False)
        assert m["outside"] == []
        # Upper pieces at least 0.55 cells high, and 36 px on a phone.
        small = [(pos, cells, px) for pos, cells, px in m["small"] if cells < 0.55 or px < 36]
        assert small == []
        assert m["untappable"] == []
        assert m["hidden"] == []
        table.close()


@pytest.mark.parametrize("device", ["tablet", "phone"])
@pytest.mark.parametrize("variant", ["ant-triangle", "ant-square"])
def test_lit_rings_hug_their_pieces(browser, start, variant, device):
    from playwright.sync_api import expect
    position, source = RAISES[variant]
    service = start(variant, position)
    with serving(service) as (_app, base):
        table = Phone(browser, base, "en", **DEVICES[device])
        page = table.open("/")
        tap_answered(page, source)
        lit = page.locator("#board g.pos:not(.zone-pos) circle.led[visibility=visible]")
        expect(lit.first).to_be_visible()
        m = measured(page)
        table.shot(f"dx-pyramid-{variant}-{device}-lit.png", full=False)
        assert m["outside"] == [] and m["hidden"] == []
        table.close()
