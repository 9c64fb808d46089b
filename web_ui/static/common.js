/* Boardlight pages: what the table, seat and host pages share. No framework, no build. */
"use strict";

const BL = (() => {
  const SVGNS = "http://www.w3.org/2000/svg";

  /* Words in the page's language, from the gettext catalog (/i18n/LANG.js, loaded first):
     _("Take back?"), _("%(seat)s to move", {seat}), n_("%(n)s game", "%(n)s games", n). */
  const CATALOG = window.BL_LANG || { lang: "en", words: {} };
  const LANG = CATALOG.lang || "en";
  const PLURAL = new Intl.PluralRules(LANG);
  function fill(text, params) {
    if (!params) return text;
    return text.replace(/%\((\w+)\)s/g, (all, key) => (key in params ? String(params[key]) : all));
  }
  function _(text, params) {
    const said = CATALOG.words[text];
    return fill(typeof said === "string" ? said : text, params);
  }
  function n_(one, many, n, params) {
    const forms = CATALOG.words[one];
    const index = PLURAL.select(n) === "one" ? 0 : 1;
    const said = Array.isArray(forms) ? forms[Math.min(index, forms.length - 1)] : (index ? many : one);
    return fill(said, { n: NUMBER.format(n), ...(params || {}) });
  }
  const NUMBER = new Intl.NumberFormat(LANG);
  const LIST = Intl.ListFormat ? new Intl.ListFormat(LANG, { type: "conjunction" }) : null;
  function listed(items) { return LIST ? LIST.format(items.map(String)) : items.join(", "); }
  /* A clause the server says ("the host made a new link ...") as a sentence of its own. */
  function sentence(text) {
    const t = String(text || "").trim();
    if (!t) return t;
    const whole = t[0].toLocaleUpperCase(LANG) + t.slice(1);
    return /[.!?…]$/.test(whole) ? whole : whole + ".";
  }

  /* The language picker in the header: this browser's language (seat, host, How to play
     pages), or the table's (the table page's own picker: ``data-post``, every table page
     follows).  A page opened in a given language (How to play's ``?lang=``) reopens in the
     one picked. */
  function pickLanguage() {
    const picker = document.getElementById("language");
    if (!picker) return;
    picker.addEventListener("change", async () => {
      const r = await api("POST", picker.dataset.post || "/api/lang", { lang: picker.value });
      if (!r.ok) return;
      const query = new URLSearchParams(location.search);
      if (query.has("lang")) {
        query.set("lang", picker.value);
        location.search = query.toString();
      } else {
        location.reload();
      }
    });
  }
  document.addEventListener("DOMContentLoaded", pickLanguage);

  /* Games' own hooks (static/games/<name>.js, see board.js): a game script registers a maker,
     BL.defineGame(name, make), and make() gives a fresh set of hooks with state of its own.
     A one-game page (table, seat) gets its game's as BL.gameHooks; a page with many boards of
     many games (the club's room: <html data-many-games>) makes one set per board
     (BL.games[name]()) and hands it to its Board and, as the snapshot's ``hooks``, to the
     render functions here. */
  const games = {};
  function defineGame(name, make) {
    games[name] = make;
    if (!document.documentElement.hasAttribute("data-many-games")) BL.gameHooks = make();
  }
  function hooksOf(state) { return (state && state.hooks) || BL.gameHooks || {}; }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
    return node;
  }

  function svg(tag, attrs) {
    const node = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    return node;
  }

  let toastTimer = null;
  function toast(text, bad) {
    const box = document.getElementById("toast");
    if (!box) return;
    box.textContent = text;
    box.className = "toast" + (bad ? " bad" : "");
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, bad ? 6000 : 3000);
  }

  /* Who else hears of a refusal shown on this page (the table's voice). */
  const refusalListeners = [];
  function onRefusal(listener) { refusalListeners.push(listener); }
  function refused(text) {
    toast(text, true);
    for (const listener of refusalListeners) listener(text);
  }

  /* JSON in, JSON out; a refusal is shown to the person (a toast on this page, whichever
     button asked) and returned. */
  async function api(method, url, body, quiet) {
    // The page's language: the server answers (and refuses) in the words of the page asking.
    const init = { method, headers: { "Accept": "application/json", "x-boardlight-lang": LANG },
      credentials: "same-origin" };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(url, init);
    } catch (e) {
      if (!quiet) refused(_("Cannot reach Boardlight: is it still running?"));
      return { ok: false, status: 0, data: { error: "no connection" } };
    }
    let data = {};
    try { data = await response.json(); } catch (e) { data = {}; }
    if (!response.ok && !quiet) refused(data.error || _("error %(code)s", { code: response.status }));
    return { ok: response.ok, status: response.status, data };
  }

  /* A live stream: calls onState with each snapshot; shows the connection in the header. */
  function connect(url, handlers) {
    const live = document.getElementById("live");
    const show = (cls, text) => { if (live) { live.className = "live " + cls; live.textContent = text; } };
    const source = new EventSource(url);
    source.addEventListener("open", () => show("on", _("live")));
    source.addEventListener("error", () => {
      show("off", source.readyState === EventSource.CLOSED ? _("offline") : _("reconnecting…"));
      if (source.readyState === EventSource.CLOSED && handlers.closed) handlers.closed();
    });
    source.addEventListener("state", (e) => { show("on", _("live")); handlers.state(JSON.parse(e.data)); });
    source.addEventListener("rejected", (e) => {
      const reason = JSON.parse(e.data).error;
      if (handlers.rejected) handlers.rejected(reason); else refused(reason);
    });
    source.addEventListener("revoked", (e) => {
      source.close();
      show("off", _("signed out"));
      if (handlers.revoked) handlers.revoked(JSON.parse(e.data).error);
    });
    return source;
  }

  /* Colours: a seat's colour comes from its colour word (state.colours: "black" for
     Abalone's b, whatever the page's language); pieces of a seat take its colour; other
     pieces a common meaning of their letter (r red, b blue), else a colour of their own. */
  const WORDS = { black: "#1c1a19", white: "#f5f2ea", red: "#c0392b", green: "#2e8b57",
    blue: "#2f6fdb", yellow: "#e8b923", orange: "#e67e22", purple: "#7a5cc4" };
  const LETTERS = { r: "#d64541", b: "#2f6fdb", g: "#2e9e5b", w: "#f5f2ea", y: "#e8b923", k: "#1c1a19" };
  const SEAT_FALLBACK = ["#7a5cc4", "#d98c1f", "#2a9d8f", "#c2457a"];

  function seatColour(state, seat) {
    const word = String((state.colours || {})[seat] || "").toLowerCase();
    if (WORDS[word]) return WORDS[word];
    const i = (state.seats || []).indexOf(seat);
    return SEAT_FALLBACK[(i < 0 ? 0 : i) % SEAT_FALLBACK.length];
  }

  function pieceColour(state, kind) {
    if ((state.seats || []).includes(kind)) return seatColour(state, kind);
    if (LETTERS[kind]) return LETTERS[kind];
    const word = (String(kind).toLowerCase().match(/^[a-z]+/) || [""])[0];
    if (WORDS[word]) return WORDS[word];  // "blue+": a blue stone
    let h = 0;
    for (const ch of String(kind)) h = (h * 31 + ch.charCodeAt(0)) % 360;
    return `hsl(${h} 55% 50%)`;
  }

  function seatName(state, seat) {
    const label = (state.labels || {})[seat] || seat;
    const name = (state.names || {})[seat];
    const computer = (state.computer || {})[seat];
    if (computer) return _("%(seat)s (computer, %(level)s)", { seat: label, level: (state.level_names || {})[computer] || computer });
    const board = (state.remote || {})[seat];  // remote play: the board the seat plays at
    if (board) return _("%(seat)s (at %(board)s)", { seat: name || label, board });
    return name ? _("%(name)s (%(seat)s)", { name, seat: label }) : label;
  }

  function dot(colour) {
    const d = el("span", { class: "dot", "aria-hidden": "true" });
    d.style.background = colour;
    return d;
  }

  function renderTurn(box, state, mySeat) {
    box.replaceChildren();
    box.classList.toggle("mine", !!mySeat && state.to_move === mySeat && !state.outcome);
    if (state.outcome) { box.append(_("Game over")); return; }
    if (state.status === "setup") { box.append(_("Setting up the board")); return; }
    if (state.status === "disconnected") { box.append(_("The board is disconnected")); return; }
    if (!state.to_move) { box.append(_("Waiting")); return; }
    const who = state.to_move === mySeat ? _("Your turn")
      : _("%(seat)s to move", { seat: seatName(state, state.to_move) });
    box.append(dot(seatColour(state, state.to_move)), who);
  }

  function renderScores(box, state) {
    box.replaceChildren();
    const scores = state.scores || {};
    const hooks = hooksOf(state);
    for (const [key, value] of Object.entries(scores)) {
      // A game's scoreName hook names a key that is no seat (Crosswise's teams).
      const name = (hooks.scoreName && hooks.scoreName(key, state))
        || key.split("+").map((s) => seatName(state, s)).join(" + ");
      box.append(el("span", {}, name + " ", el("b", { text: NUMBER.format(value) })));
    }
    const target = (state.view || {}).target;
    if (target && Object.keys(scores).length) {
      box.append(el("span", { text: _("first to %(target)s wins", { target: NUMBER.format(target) }) }));
    }
  }

  /* Clocks: the snapshot says each seat's time left when it was made and which clock runs;
     the page counts the running one down from the moment the snapshot arrived. */
  function formatClock(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }
  function renderClocks(box, state) {
    // Each box counts down on its own timer (the club's room shows many boards' clocks).
    if (box.clockTimer) { clearInterval(box.clockTimer); box.clockTimer = null; }
    const c = state.clocks;
    box.hidden = !c;
    box.replaceChildren();
    if (!c) return;
    const arrived = performance.now();
    const spans = {};
    for (const [seat, left] of Object.entries(c.left)) {
      spans[seat] = el("span", { class: "clock" + (seat === c.running ? " running" : "") });
      box.append(spans[seat]);
    }
    box.append(el("span", { class: "muted", text: controlWords(c) }));
    const tick = () => {
      const spent = (performance.now() - arrived) / 1000;
      for (const [seat, left] of Object.entries(c.left)) {
        const now = seat === c.running ? left - spent : left;
        spans[seat].textContent = `${seatName(state, seat)} ${formatClock(now)}`;
        spans[seat].classList.toggle("low", now < 30);
      }
    };
    tick();
    if (c.running) box.clockTimer = setInterval(tick, 250);
  }

  /* The game's public information, in the players' words: the game's own tableInfo hook
     (static/games/<name>.js) fills the box; a game without one shows nothing there. */
  function renderTableInfo(box, card, s) {
    const hooks = hooksOf(s);
    if (!hooks.tableInfo) { renderExtras(box, card, s); return; }
    box.replaceChildren();
    hooks.tableInfo(box, s);
    card.hidden = !box.childElementCount;
  }

  /* ``fn`` called one call after another: each tap on the simulated board decides on the
     board its previous tap left (a quick second tap would otherwise act on the board as it
     was before the first one's answer came). */
  function oneAtATime(fn) {
    let last = Promise.resolve();
    return (...args) => (last = last.then(() => fn(...args), () => fn(...args)));
  }

  /* A time control in words: "5 min", "90 s + 5 s per move". */
  function controlWords(c) {
    const base = c.initial % 60 === 0 ? _("%(n)s min", { n: NUMBER.format(c.initial / 60) })
      : _("%(n)s s", { n: NUMBER.format(c.initial) });
    return c.increment ? _("%(time)s + %(n)s s per move", { time: base, n: NUMBER.format(c.increment) }) : base;
  }

  /* Who made a move, as it was when it was made (``m.by``: the computer at its level, or
     the player's name then), not whoever plays the seat now; a move without ``by`` (an
     older snapshot) by the seat as it is now. */
  function moverName(state, m) {
    if (!m.by) return seatName(state, m.seat);
    const label = (state.labels || {})[m.seat] || m.seat;
    if (m.by.computer) {
      return _("%(seat)s (computer, %(level)s)",
        { seat: label, level: (state.level_names || {})[m.by.computer] || m.by.computer });
    }
    return m.by.name ? _("%(name)s (%(seat)s)", { name: m.by.name, seat: label }) : label;
  }

  /* The moves in playing order, oldest first, numbered by ply.  The list scrolls inside its
     own box and follows the newest move (unless someone scrolled back to read, and nothing
     new came); it never scrolls the page or the panel around it. */
  function renderMoves(list, s) {
    const before = list.childElementCount;
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 4;
    const kept = list.scrollTop;
    list.replaceChildren();
    for (const m of s.moves || []) {
      const words = m.words || "";
      list.append(el("li", { value: String(m.ply) },
        m.seat ? dot(seatColour(s, m.seat)) : null, el("span", { class: "move", text: words }),
        el("span", { class: "muted", text: m.seat ? " " + moverName(s, m) : "" })));
    }
    list.scrollTop = atEnd || list.childElementCount !== before ? list.scrollHeight : kept;
  }

  /* The public view's facts as a list of name: value rows (kept for games without their own
     words yet; no page uses it for a game that has a tableInfo hook). */
  function renderExtras(box, card, s) {
    const skip = new Set(["game", "variant", "position", "seats", "to_move", "cells", "scores",
      "outcome", "target", "title", "hand", "board", "team_of"]);
    const scalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);
    box.replaceChildren();
    for (const [key, value] of Object.entries(s.view || {})) {
      if (skip.has(key) || (s.private || []).includes(key) || value === null || value === undefined) continue;
      let text = null;
      if (Array.isArray(value)) {
        if (!value.length || !value.every(scalar)) continue;
        text = value.join(", ");
      } else if (typeof value === "object" && Object.values(value).length
                 && Object.values(value).every((v) => v && typeof v === "object" && !Array.isArray(v)
                                               && Object.values(v).every(scalar))) {
        // Per seat or team, a small table of its own (Crosswise's live line scores).
        text = Object.entries(value).map(([k, v]) => `${seatName(s, k)}: ` +
          Object.entries(v).map(([a, b]) => `${a} ${b}`).join(" · ")).join("; ");
      } else if (typeof value === "object") {
        const vals = Object.values(value);
        const listy = vals.length && vals.every((v) => Array.isArray(v) && v.every(scalar));
        if (!vals.length || (!listy && !vals.every(scalar)) || vals.every((v) => !v || (Array.isArray(v) && !v.length))) continue;
        text = Object.entries(value).map(([k, v]) =>
          `${seatName(s, k)} ${Array.isArray(v) ? (v.join(", ") || _("none")) : v}`).join("; ");
      } else {
        text = String(value);
      }
      box.append(el("div", { class: "kv" }, el("span", { class: "k", text: key.replace(/_/g, " ") }),
        el("span", { text })));
    }
    card.hidden = !box.childElementCount;
  }

  /* A running series in words: "first to 3 wins: Black 1, White 2". */
  function matchWords(m, state) {
    const [kind, target] = m.rule.split(" ");
    const byName = (obj) => Object.entries(obj).map(([k, v]) => `${seatName(state, k)} ${v}`).join(", ");
    const head = kind === "match" ? _("first to %(target)s wins", { target })
      : _("most points after %(target)s games", { target });
    const standing = kind === "match" ? byName(m.wins) : byName(m.totals);
    const after = n_("%(n)s game played", "%(n)s games played", m.games);
    const done = m.outcome ? " — " + seriesOver(m, kind, target, state) : "";
    const table = standing ? _(": %(standing)s", { standing }) : "";
    return _("%(rule)s; %(played)s", { rule: head, played: after }) + table + done;
  }

  /* How a finished series ended, from its winners and rule (the rules' own sentence names
     seats by their internal names). */
  function seriesOver(m, kind, target, state) {
    const o = m.outcome;
    const winners = listed((o.winners || []).map((s) => seatName(state, s)));
    const best = Math.max(0, ...Object.values(m.totals || {}));
    if (kind === "match") {
      return n_("over: %(n)s win for %(winners)s", "over: %(n)s wins for %(winners)s",
        Number(target), { winners });
    }
    if (!(o.winners || []).length) {
      return n_("over: %(n)s point for every player", "over: %(n)s points for every player", best);
    }
    return n_("over: the most points, %(n)s, for %(winners)s",
      "over: the most points, %(n)s, for %(winners)s", best, { winners });
  }

  function renderMatch(box, state) {
    box.hidden = !state.match;
    box.textContent = state.match ? _("Match, %(how)s.", { how: matchWords(state.match, state) }) : "";
  }

  /* How the game ended: the winners here, why in the server's words (``outcome.words``);
     null while it goes on. */
  function outcomeWords(state) {
    const o = state.outcome;
    if (!o) return null;
    const winners = listed((o.winners || []).map((s) => seatName(state, s)));
    const reason = o.words || "";
    return o.draw ? _("Drawn: %(reason)s.", { reason })
      : n_("%(winners)s wins: %(reason)s.", "%(winners)s win: %(reason)s.", (o.winners || []).length,
        { winners, reason });
  }

  function renderOutcome(box, state) {
    const said = outcomeWords(state);
    box.hidden = !said;
    if (said) box.textContent = said;
  }

  const PROMPT_TITLES = { setup: _("Set-up"), correction: _("Put it back"), illegal: _("Not legal"),
    takeback: _("Take back?"), choose: _("Which move?"), draw: _("Draw?"),
    computer: _("Computer's move"), private: _("Only for you") };

  /* Prompts: words from the session; ``buttons(prompt)`` may give buttons to add. */
  function renderPrompts(box, state, buttons) {
    box.replaceChildren();
    for (const p of state.prompts || []) {
      const card = el("div", { class: "prompt " + p.kind },
        PROMPT_TITLES[p.kind] ? el("span", { class: "kind", text: PROMPT_TITLES[p.kind] }) : null,
        el("span", { text: p.text }));
      const extra = buttons ? buttons(p) : null;
      if (extra && extra.length) card.append(el("div", { class: "buttons" }, extra));
      box.append(card);
    }
  }

  function renderLastMove(box, state) {
    const last = (state.moves || []).slice(-1)[0];
    if (!last) { box.textContent = _("No move yet."); return; }
    const move = last.words || "";
    box.textContent = last.seat ? _("Last move, %(seat)s: %(move)s", { move, seat: moverName(state, last) })
      : _("Last move: %(move)s", { move });
  }

  return { _, n_, listed, sentence, defineGame, games, hooksOf, number: (n) => NUMBER.format(n), lang: LANG,
    el, svg, toast, api, onRefusal, connect, outcomeWords, pieceColour, seatColour, seatName, dot,
    renderTurn, renderScores, renderClocks, renderExtras, renderOutcome, renderPrompts,
    renderLastMove, renderMatch, matchWords, renderMoves, controlWords, oneAtATime, renderTableInfo,
    gameName: document.documentElement.dataset.game || null };
})();
