/* One board full size: the same drawing and words as its own table page, from the club. */
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const board = new Board($("board"));
  let geoKey = null;
  let chain = Promise.resolve();

  async function show(b) {
    if (!b) return;
    const s = CLUB.snapshot(b);
    $("online").textContent = `${b.name}: ${CLUB.onlineWords(b)}`;
    $("online").className = "small online " + (b.online ? "on" : "off");
    if (b.game && b.variant) {
      const key = `${b.game}/${b.variant}`;
      if (key !== geoKey) {
        const geo = await CLUB.geometry(b.game, b.variant);
        if (geo) { board.setGeometry(geo); geoKey = key; }
      }
      board.update(s);
      document.title = `${b.name}: ${b.title} — Boardlight club`;
    }
    $("players").replaceChildren(...CLUB.players(b));
    BL.renderTurn($("turn"), s, null);
    BL.renderScores($("scores"), s);
    BL.renderClocks($("clocks"), s);
    BL.renderOutcome($("outcome"), s);
    $("last-move").textContent = b.last_move ? `Last move: ${b.last_move}` : "No move yet.";
    $("recent").replaceChildren(...((b.drawing || {}).moves || []).slice(-10).reverse().map((m) =>
      BL.el("li", { value: String(m.ply) }, `${m.move} `, BL.el("span", { class: "muted", text: BL.seatName(s, m.seat) }))));
  }

  const name = $("board").dataset.board;
  CLUB.stream(`/events/board/${encodeURIComponent(name)}`, {
    board: (b) => { chain = chain.then(() => show(b)).catch(() => {}); },
  });
})();
