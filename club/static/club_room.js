/* The room's page: every board of the club, small and live; a click follows one. */
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const cards = new Map(); // board name -> { card, board, geoKey, parts }

  function card(name) {
    if (cards.has(name)) return cards.get(name);
    const parts = {
      online: BL.el("span", { class: "online" }),
      players: BL.el("div", { class: "players" }),
      turn: BL.el("div", { class: "turn-line" }),
      score: BL.el("div", { class: "scores small" }),
      clocks: BL.el("div", { class: "clocks small", hidden: true }),
      last: BL.el("div", { class: "small muted last" }),
      drawing: BL.el("div", { class: "board mini" }),
    };
    const box = BL.el("a", { class: "card board-tile", href: `/board/${encodeURIComponent(name)}`,
      "aria-label": `Follow ${name}` },
      BL.el("div", { class: "tile-head" }, BL.el("b", { text: name }), parts.online),
      parts.drawing, parts.players, parts.turn, parts.score, parts.clocks, parts.last);
    const entry = { card: box, board: new Board(parts.drawing), geoKey: null, parts };
    cards.set(name, entry);
    const names = [...cards.keys()].sort();
    const grid = $("boards");
    const after = names.indexOf(name) + 1 < names.length ? cards.get(names[names.indexOf(name) + 1]).card : null;
    grid.insertBefore(box, after);
    return entry;
  }

  async function show(b) {
    const c = card(b.name);
    const p = c.parts;
    c.card.classList.toggle("offline", !b.online);
    p.online.textContent = CLUB.onlineWords(b);
    p.online.className = "online " + (b.online ? "on" : "off");
    const s = CLUB.snapshot(b);
    if (b.game && b.variant) {
      const key = `${b.game}/${b.variant}`;
      if (key !== c.geoKey) {
        const geo = await CLUB.geometry(b.game, b.variant);
        if (geo) { c.board.setGeometry(geo); c.geoKey = key; }
      }
      c.board.update(s);
    }
    p.players.replaceChildren(...CLUB.players(b));
    p.turn.replaceChildren();
    if (b.result) p.turn.append(BL.el("b", { class: "result", text: CLUB.resultWords(b) }));
    else if (!b.game) p.turn.append("No game yet");
    else BL.renderTurn(p.turn, s, null);
    const title = b.title ? `${b.title}${b.variant && b.variant !== "standard" ? ` (${b.variant})` : ""}` : "";
    p.score.replaceChildren();
    if (title) p.score.append(BL.el("span", { text: title }));
    if (b.ply !== null && b.ply !== undefined) p.score.append(BL.el("span", { text: `move ${b.ply}` }));
    for (const [seat, v] of Object.entries(b.score || {})) {
      p.score.append(BL.el("span", {}, `${seat.split("+").map((x) => BL.seatName(s, x)).join(" + ")} `, BL.el("b", { text: String(v) })));
    }
    BL.renderClocks(p.clocks, s);
    p.last.textContent = b.last_move ? `Last move: ${b.last_move}` : "";
    $("room-count").textContent = `${cards.size} board${cards.size === 1 ? "" : "s"}; ` +
      `${[...document.querySelectorAll(".board-tile:not(.offline)")].length} online. Click a board to follow it.`;
  }

  function showEvent(ev) {
    $("event").hidden = !ev;
    if (!ev) return;
    $("event-title").textContent = ev.name;
    $("event-what").textContent = `${ev.system === "swiss" ? "Swiss" : "Round robin"}, ${ev.rounds} rounds; ` +
      `${ev.colours[0]} moves first. Standings after the results so far.`;
    CLUB.standingsRows(ev, $("standings"), $("tb-head"));
    const last = ev.paired[ev.paired.length - 1];
    $("round-title").textContent = last ? `Round ${last.round}` : "Not paired yet";
    $("round").replaceChildren(...(last ? last.pairings : []).map((p) => BL.el("li", {},
      p.black ? `Table ${p.table} (${p.board}): ${p.white} – ${p.black}: ${CLUB.resultText(p.result)}`
        : `${p.white}: bye`)));
  }

  let chain = Promise.resolve();
  const queue = (fn) => { chain = chain.then(fn).catch(() => {}); };

  BL.api("GET", "/api/club/qr", undefined, true).then((r) => {
    if (r.ok) { $("qr").innerHTML = r.data.qr; $("qr").title = r.data.url; } // SVG made by the server
  });
  CLUB.stream("/events", {
    room: (data) => queue(async () => { for (const b of data.boards) await show(b); showEvent(data.event); }),
    board: (b) => queue(() => show(b)),
    event: (ev) => queue(() => showEvent(ev)),
  });
})();
