/* The club pages' shared pieces: a board's summary as the snapshot the board pages draw, each
   board drawn and worded by its own game's hooks (its script, served at /games/<name>/script
   wherever its manifest keeps it, loaded when a board of that game first shows:
   BL.games[name]() makes one set of hooks per board). */
"use strict";

const CLUB = (() => {
  const { _, n_ } = BL;
  const geometries = new Map();
  const loading = new Map();

  /* A game's own script and style, loaded once per page (the room may show all five games). */
  function loadGame(game, assets) {
    if (!assets || loading.has(game)) return loading.get(game) || Promise.resolve();
    if (assets.style) {
      document.head.append(BL.el("link", { rel: "stylesheet", href: `/games/${encodeURIComponent(game)}/style` }));
    }
    const done = !assets.script || BL.games[game] ? Promise.resolve() : new Promise((resolve) => {
      const script = BL.el("script", { src: `/games/${encodeURIComponent(game)}/script` });
      script.addEventListener("load", resolve);
      script.addEventListener("error", resolve);  // drawn the common way, then
      document.head.append(script);
    });
    loading.set(game, done);
    return done;
  }

  /* The geometry of a game's variant, fetched once per page, with the game's script loaded. */
  function geometry(game, variant) {
    const key = `${game}/${variant}`;
    if (!geometries.has(key)) {
      geometries.set(key, fetch(`/api/club/geometry/${encodeURIComponent(game)}/${encodeURIComponent(variant)}` + "?" + new URLSearchParams({ lang: BL.lang }))
        .then((r) => (r.ok ? r.json() : null))
        .then(async (geo) => { if (geo) await loadGame(game, geo.assets); return geo; })
        .catch(() => null));
    }
    return geometries.get(key);
  }

  /* Keeps a Board drawing the game its board plays: the game's own hooks (a fresh set for this
     board), its geometry (a copy: a game's prepare hook may move places around). */
  async function follow(view, b) {
    if (!b.game || !b.variant) return false;
    const key = `${b.game}/${b.variant}`;
    if (key === view.geoKey) return true;
    const geo = await CLUB.geometry(b.game, b.variant);
    if (!geo) return false;
    const make = BL.games[b.game];
    view.hooks = make ? make() : {};
    view.board.ownHooks = view.hooks;
    view.board.box.dataset.game = b.game;  // a game's style may be keyed on it
    view.board.setGeometry(JSON.parse(JSON.stringify(geo)));
    view.geoKey = key;
    return true;
  }

  /* What BL's render functions, board.js and the game's hooks read, from a board's message:
     the public state it published and its words in this page's language. */
  function snapshot(b, hooks) {
    const d = b.drawing || {};
    const w = b.words || {};
    return { game: b.game, variant: b.variant, title: b.title, variant_title: w.variant_title,
      seats: d.seats || [], labels: w.labels || d.labels || {}, colours: w.colours || {},
      pieces: w.pieces || {}, level_names: w.level_names || {}, names: d.names || {},
      computer: d.computer || {}, to_move: b.to_move, ply: b.ply, scores: b.score || {},
      clocks: b.clocks, match: b.match, outcome: b.result, status: b.status,
      layout: d.layout || {}, view: d.view || {}, leds: {}, prompts: [], moves: d.moves || [],
      hooks: hooks || {} };
  }

  function players(b, s) {
    return (b.seats || []).map((x) => BL.el("span", { class: "player", title: x.name ? BL.seatName(s, x.seat) : null },
      BL.dot(BL.seatColour(s, x.seat)), x.name || BL.seatName(s, x.seat)));
  }

  /* "Ann (Black) wins: pushed off 6 marbles." as the table page says it. */
  function resultWords(s) {
    const box = BL.el("span");
    BL.renderOutcome(box, s);
    return box.textContent;
  }

  /* The game and its variant in the players' words: "Crosswise, two players". */
  function gameWords(b, s) {
    if (!b.title) return "";
    return s.variant_title ? _("%(game)s, %(variant)s", { game: b.title, variant: s.variant_title }) : b.title;
  }

  function onlineWords(b) {
    if (b.online) return _("online");
    if (!b.since) return _("offline");
    const time = new Date(b.since * 1000).toLocaleTimeString(BL.lang, { hour: "2-digit", minute: "2-digit" });
    return _("offline since %(time)s", { time });
  }

  /* A board whose connection keeps dropping (two boards logged in as one user, a flaky
     network): said on its tile, never silent. */
  function unsteadyWords(b) {
    return n_("Connection unsteady: lost %(n)s time in the last 5 minutes",
      "Connection unsteady: lost %(n)s times in the last 5 minutes", b.drops || 0);
  }

  function standingsRows(ev, tbody, head) {
    const names = ev.tiebreak_titles || {};
    head.textContent = ev.tiebreaks.map((t) => names[t] || t).join(" · ");
    tbody.replaceChildren(...ev.standings.map((s) => BL.el("tr", {},
      BL.el("td", { text: BL.number(s.rank) }), BL.el("td", { text: s.player }),
      BL.el("td", { text: BL.number(s.points) }),
      BL.el("td", { class: "muted", text: ev.tiebreaks.map((t) => BL.number(s.tiebreaks[t])).join(" · ") }))));
  }

  function resultText(r) {
    return { "1-0": "1 – 0", "0-1": "0 – 1", "1/2-1/2": "½ – ½", bye: _("bye") }[r] || _("playing");
  }

  /* A live stream of named messages in this page's language; the header shows whether it is
     connected. */
  function stream(url, handlers) {
    const live = document.getElementById("live");
    const show = (cls, text) => { if (live) { live.className = "live " + cls; live.textContent = text; } };
    const source = new EventSource(url + "?" + new URLSearchParams({ lang: BL.lang }));
    source.addEventListener("open", () => show("on", _("live")));
    source.addEventListener("error", () => show("off", source.readyState === EventSource.CLOSED ? _("offline") : _("reconnecting…")));
    for (const [kind, fn] of Object.entries(handlers)) {
      source.addEventListener(kind, (e) => { show("on", _("live")); fn(JSON.parse(e.data)); });
    }
    return source;
  }

  return { stream, geometry, follow, snapshot, players, resultWords, gameWords, onlineWords,
    unsteadyWords, standingsRows, resultText };
})();
