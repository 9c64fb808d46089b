/* The room's page: every board of the club, small and live, each drawn and worded as its own
   game; a click follows one.  Each board is drawn on its own: a board whose message the page
   cannot draw says so on its tile, and every other board is drawn as ever. */
"use strict";

(() => {
  const { _, n_ } = BL;
  const $ = (id) => document.getElementById(id);
  const cards = new Map(); // board name -> { card, board, geoKey, hooks, parts }

  function card(name) {
    if (cards.has(name)) return cards.get(name);
    const parts = {
      online: BL.el("span", { class: "online" }),
      unsteady: BL.el("div", { class: "unsteady small", hidden: true }),
      broken: BL.el("div", { class: "broken small", hidden: true }),
      players: BL.el("div", { class: "players" }),
      turn: BL.el("div", { class: "turn-line" }),
      game: BL.el("div", { class: "game-line small muted" }),
      score: BL.el("div", { class: "scores small" }),
      clocks: BL.el("div", { class: "clocks small", hidden: true }),
      last: BL.el("div", { class: "small muted last" }),
      drawing: BL.el("div", { class: "board mini" }),
    };
    const box = BL.el("a", { class: "card board-tile", href: `/board/${encodeURIComponent(name)}`,
      "aria-label": _("Follow %(board)s", { board: name }) },
      BL.el("div", { class: "tile-head" }, BL.el("b", { text: name }), parts.online),
      parts.unsteady, parts.broken, parts.drawing, parts.players, parts.turn, parts.game,
      parts.score, parts.clocks, parts.last);
    const entry = { card: box, board: new Board(parts.drawing), geoKey: null, hooks: null, parts };
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
    p.unsteady.hidden = !b.unsteady;
    p.unsteady.textContent = b.unsteady ? CLUB.unsteadyWords(b) : "";
    c.card.classList.toggle("tile-unsteady", !!b.unsteady);
    const drawn = await CLUB.follow(c, b);
    const s = CLUB.snapshot(b, c.hooks);
    if (drawn) c.board.update(s);
    p.players.replaceChildren(...CLUB.players(b, s));
    p.turn.replaceChildren();
    if (b.result) p.turn.append(BL.el("b", { class: "result", text: CLUB.resultWords(s) }));
    else if (!b.game) p.turn.append(_("No game yet"));
    else BL.renderTurn(p.turn, s, null);
    p.game.replaceChildren();
    const title = CLUB.gameWords(b, s);
    if (title) p.game.append(BL.el("span", { text: title }));
    if (b.ply !== null && b.ply !== undefined) p.game.append(BL.el("span", { text: _("move %(n)s", { n: BL.number(b.ply) }) }));
    BL.renderScores(p.score, s);
    BL.renderClocks(p.clocks, s);
    if (b.game) BL.renderLastMove(p.last, s); else p.last.textContent = "";
    p.broken.hidden = true;
    c.card.classList.remove("tile-broken");
  }

  function count() {
    const online = [...cards.values()].filter((x) => !x.card.classList.contains("offline")).length;
    const boards = n_("%(n)s board", "%(n)s boards", cards.size);
    $("room-count").textContent = _("%(boards)s, %(online)s online. Click a board to follow it.", {
      boards, online: BL.number(online) });
  }

  /* One board, on its own: what goes wrong drawing it stays on its tile. */
  async function showOne(b) {
    try {
      await show(b);
    } catch (e) {
      console.error(e);
      const name = b && typeof b.name === "string" ? b.name : null;
      if (!name) return;
      const c = card(name);
      c.card.classList.add("tile-broken");
      c.parts.broken.hidden = false;
      c.parts.broken.textContent = _("This board cannot be shown: what it sent does not fit.");
    } finally {
      count();
    }
  }

  function showEvent(ev) {
    $("event").hidden = !ev;
    if (!ev) return;
    $("event-title").textContent = ev.name;
    const rounds = n_("%(n)s round", "%(n)s rounds", ev.rounds);
    $("event-what").textContent = _("%(system)s, %(rounds)s: %(game)s (%(variant)s); %(seat)s moves first. Standings after the results so far.", {
      system: ev.system_title, rounds, game: ev.title,
      variant: ev.variant_title || ev.variant, seat: ev.colours[0] });
    CLUB.standingsRows(ev, $("standings"), $("tb-head"));
    const last = ev.paired[ev.paired.length - 1];
    $("round-title").textContent = last ? _("Round %(round)s", { round: BL.number(last.round) }) : _("Not paired yet");
    $("round").replaceChildren(...(last ? last.pairings : []).map((p) => BL.el("li", {},
      p.black ? _("Table %(table)s (%(board)s): %(white)s – %(black)s: %(result)s", { table: BL.number(p.table),
        board: p.board, white: p.white, black: p.black, result: CLUB.resultText(p.result) })
        : _("%(player)s: bye", { player: p.white }))));
  }

  let chain = Promise.resolve();
  const queue = (fn) => { chain = chain.then(fn).catch((e) => console.error(e)); };

  BL.api("GET", "/api/club/qr", undefined, true).then((r) => {
    if (r.ok) { $("qr").innerHTML = r.data.qr; $("qr").title = r.data.url; } // SVG made by the server
  });
  function showStandings(ev) {
    try { showEvent(ev); } catch (e) { console.error(e); }
  }

  CLUB.stream("/events", {
    room: (data) => queue(async () => { for (const b of data.boards) await showOne(b); showStandings(data.event); }),
    board: (b) => queue(() => showOne(b)),
    event: (ev) => queue(() => showStandings(ev)),
  });
})();
