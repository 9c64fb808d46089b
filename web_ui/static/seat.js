/* A player's own page: their hidden hand, questions for them, actions no sensor sees. */
"use strict";

(() => {
  const { _, n_ } = BL;
  const $ = (id) => document.getElementById(id);
  let state = null;
  let geoKey = null;
  let selected = null;      // a hand token chosen to lay on the simulated board ({piece, index, from})
  let chain = Promise.resolve();
  let lastError = { text: "", at: 0 };

  const board = new Board($("board"), { onPick: BL.oneAtATime((pos, zone) => pick(pos, zone)) });
  const hooks = BL.gameHooks || {};
  /* What a game's phone hooks may do (static/games/<name>.js): hand(box, s, tools),
     declare(box, s, tools), untraced(box, s, tools) draw those parts of the page themselves
     (returning true); promptWords(p, s) may word a question itself; simPick(pos, zone, s) says whether a tap on the simulated board lifts or
     puts down ("lift", "place"), as on the table page.
     tools.select(piece, index, from): the token to lay with the next tap on the simulated
     board; ``from`` names the pile it is taken from (a supply), as a hand takes it. */
  const tools = {
    act: (action) => act(action),
    selected: () => selected,
    select: (piece, index, from) => {
      selected = piece === null ? null : { piece, index, from: from || null };
      render(state);
    },
    toast: (text, bad) => BL.toast(text, bad),
  };

  function fail(text) {
    // The same refusal comes back on the request and on the stream: show it once.
    const now = Date.now();
    if (text === lastError.text && now - lastError.at < 3000) return;
    lastError = { text, at: now };
    BL.toast(text, true);
  }

  async function act(action) {
    // Every action names the snapshot its page showed: one aimed at an offer that has changed
    // since is refused with words, never applied to the new one.
    const body = state ? { ...action, version: state.version } : action;
    const r = await BL.api("POST", "/api/seat/action", body, true);
    if (!r.ok) fail(r.data.error || _("error %(code)s", { code: r.status }));
    return r;
  }

  async function ensureGeometry(s) {
    const key = `${s.game}/${s.variant}`;
    if (key === geoKey) return;
    const r = await BL.api("GET", "/api/geometry" + "?" + new URLSearchParams({ lang: BL.lang }));
    if (!r.ok) return;
    board.setGeometry(r.data);
    geoKey = key;
    $("game-title").textContent = s.title;
  }

  /* A question with one possible answer is no question: the phone asks to confirm that
     move, said in the game's words (it must still be asked, so that the table cannot tell a
     hand that allowed one move from one that allowed several). */
  function shownPrompts(s) {
    const all = s.prompts || [];
    // The table's "waiting for this phone" is no news on the phone that is asked.
    const asked = all.some((p) => p.kind === "choose");
    return all.filter((p) => !(asked && p.kind === "waiting" && (p.message || {}).key === "waiting.phone"
      && ((p.message || {}).params || {}).seat === s.seat))
      .map((p) => (p.kind === "choose" && p.choices.length === 1
        ? { ...p, kind: "confirm", text: _("The board shows this move: %(move)s.", {
          move: (p.choice_words || [])[0] || "" }) } : p))
      // A game's promptWords(prompt, s) may ask its own question ("which pole?").
      .map((p) => { const own = hooks.promptWords && hooks.promptWords(p, s); return own ? { ...p, text: own } : p; });
  }

  function promptButtons(p) {
    if (p.kind === "confirm") {
      return [BL.el("button", { class: "button primary", type: "button", text: _("Yes, that is my move"),
        onclick: () => act({ type: "choose", move: p.choices[0] }) })];
    }
    if (p.kind === "choose" && p.choices.length) {
      return p.choices.map((move, i) => BL.el("button", { class: "button primary", type: "button",
        text: (p.choice_words || [])[i] || "",
        onclick: () => act({ type: "choose", move }) }));
    }
    if (p.kind === "takeback") {
      // Only the other side agrees (the prompt's ``answer`` seats); the asker may withdraw.
      const params = (p.message || {}).params || {};
      const out = [];
      if ((params.answer || []).includes(state.seat)) {
        out.push(BL.el("button", { class: "button primary", type: "button", text: _("Yes, take it back"),
          onclick: () => act({ type: "takeback", accept: true }) }));
      }
      const mine = params.seat === state.seat;
      out.push(BL.el("button", { class: "button", type: "button", text: mine ? _("Withdraw my request") : _("No, play on"),
        onclick: () => act({ type: "takeback", accept: false }) }));
      return out;
    }
    return [];
  }

  function drawOffer(s) {
    // The seats that offered a draw (the session's own list, cleared by the next move).
    const others = (s.draw_offers || []).filter((seat) => seat !== s.seat);
    return others.length ? others[0] : null;
  }

  /* A nested value in words: {"KS": {"b1": ["d1", "c2"]}} -> "KS: b1 → d1, c2". */
  function words(value) {
    if (Array.isArray(value)) return value.map(words).join(", ");
    if (value && typeof value === "object") {
      const parts = Object.entries(value).map(([k, v]) =>
        (v && typeof v === "object" && !Array.isArray(v)) ? `${k}: ${words(v)}` : `${k} → ${words(v)}`);
      return parts.join("; ");
    }
    return String(value);
  }

  /* A facet's value in words ("Q♣ + K♣", "sun tile", "the north-east pole"), from the
     server (``declare_words``). */
  function declareWords(s, facet, value) {
    return ((s.declare_words || {})[facet] || {})[String(value)] || "";
  }

  /* A list of objects: one row each; a row naming a facet the seat may declare is a button
     that declares it (Rhombus: a card combination). */
  function objectRows(s, value) {
    const facets = Object.keys(s.declare || {});
    return BL.el("div", { class: "rows" }, value.map((obj) => {
      const facet = facets.find((f) => f in obj && (s.declare[f] || []).includes(String(obj[f])));
      const rest = Object.entries(obj).filter(([k]) => k !== facet)
        .map(([k, v]) => (v === true ? k.replace(/_/g, " ") : v === false ? "" : String(v)))
        .filter(Boolean).join(" · ");
      if (facet) {
        return BL.el("button", { class: "button row-button", type: "button",
          onclick: async () => { if ((await act({ type: "declare", facets: { [facet]: String(obj[facet]) } })).ok) BL.toast(_("Noted: %(what)s.", { what: declareWords(s, facet, obj[facet]) })); } },
        BL.el("b", { text: declareWords(s, facet, obj[facet]) }), BL.el("span", { class: "muted", text: rest ? ` ${rest}` : "" }));
      }
      return BL.el("div", { class: "muted", text: words(obj) });
    }));
  }

  function renderPrivate(s) {
    const box = $("private-items");
    box.replaceChildren();
    if (hooks.hand && hooks.hand(box, s, tools)) {
      $("private").hidden = !box.childElementCount;
      $("lay-help").hidden = true;
      return;
    }
    const view = s.view || {};
    const declarable = new Set(Object.values(s.declare || {}).flat().map(String));
    let layable = false;
    let shown = 0;
    for (const key of s.private || []) {
      const value = view[key];
      if (key === "seat" || value === false || value === null) continue;  // said elsewhere
      shown += 1;
      const title = key === "hand" ? _("Your hand") : key.replace(/_/g, " ");
      if (value === true) {
        box.append(BL.el("div", { class: "notice", text: title[0].toUpperCase() + title.slice(1) + "." }));
      } else if (Array.isArray(value) && value.length && typeof value[0] === "object") {
        box.append(BL.el("div", {}, BL.el("div", { class: "k", text: title }), objectRows(s, value)));
      } else if (Array.isArray(value)) {
        const items = BL.el("div", { class: "hand-items" });
        value.forEach((item, i) => {
          const canLay = key === "hand" && s.sim && s.to_move === s.seat && declarable.has(String(item));
          layable = layable || canLay;
          const chosen = selected && selected.index === i && selected.piece === item;
          const token = BL.el(canLay ? "button" : "span", {
            class: "token" + (canLay ? " selectable" : "") + (chosen ? " selected" : ""),
            type: canLay ? "button" : null, text: String(item), title: String(item),
            onclick: canLay ? () => { selected = chosen ? null : { piece: item, index: i }; render(state); } : null });
          token.style.background = BL.pieceColour(s, item);
          token.style.color = "#fff";
          items.append(token);
        });
        if (!value.length) items.append(BL.el("span", { class: "muted", text: _("empty") }));
        box.append(BL.el("div", {}, BL.el("div", { class: "k", text: title }), items));
      } else {
        box.append(BL.el("div", { class: "kv" }, BL.el("span", { class: "k", text: title }),
          BL.el("span", { text: words(value) })));
      }
    }
    $("private").hidden = !shown;
    $("lay-help").hidden = !layable;
  }

  function renderDeclare(s) {
    const box = $("declare-options");
    box.replaceChildren();
    if (hooks.declare && hooks.declare(box, s, tools)) {
      $("declare").hidden = !box.childElementCount;
      return;
    }
    const facets = Object.entries(s.declare || {});
    for (const [facet, values] of facets) {
      box.append(BL.el("div", { class: "action-row" },
        BL.el("span", { class: "k", text: (s.declare_names || {})[facet] || "" }),
        values.map((v) => BL.el("button", { class: "button", type: "button", text: declareWords(s, facet, v),
          onclick: async () => { if ((await act({ type: "declare", facets: { [facet]: v } })).ok) BL.toast(_("Noted: %(what)s.", { what: declareWords(s, facet, v) })); } }))));
    }
    if (facets.length) {
      box.append(BL.el("button", { class: "linklike", type: "button", text: _("Forget what I said"),
        onclick: () => act({ type: "cancel" }) }));
    }
    $("declare").hidden = !facets.length;
  }

  function renderUntraced(s) {
    const box = $("untraced-moves");
    box.replaceChildren();
    if (hooks.untraced && hooks.untraced(box, s, tools)) {
      $("untraced").hidden = !box.childElementCount;
      return;
    }
    (s.untraced || []).forEach((move, i) => {
      box.append(BL.el("button", { class: "button", type: "button", text: (s.untraced_words || [])[i] || "",
        onclick: () => act({ type: "move", move }) }));
    });
    $("untraced").hidden = !(s.untraced || []).length;
  }

  function render(s) {
    state = s;
    const playing = s.status === "playing" && !s.outcome;
    const mine = playing && s.to_move === s.seat;
    if (!mine) selected = null;
    $("you-label").textContent = (s.labels || {})[s.seat] || s.seat;
    $("you-name").textContent = (s.names || {})[s.seat] ? _(" as %(name)s", { name: s.names[s.seat] }) : "";
    $("you-dot").style.background = BL.seatColour(s, s.seat);
    BL.renderTurn($("turn"), s, s.seat);
    BL.renderScores($("scores"), s);
    BL.renderClocks($("clocks"), s);
    BL.renderMatch($("match"), s);
    BL.renderOutcome($("outcome"), s);
    BL.renderPrompts($("prompts"), { ...s, prompts: shownPrompts(s) }, promptButtons);
    BL.renderLastMove($("last-move"), s);
    renderPrivate(s);
    renderDeclare(s);
    renderUntraced(s);
    BL.renderTableInfo($("seat-extras-items"), $("seat-extras"), s);
    $("end-turn").disabled = !mine;
    $("offer-draw").disabled = !playing;
    $("ask-takeback").disabled = !playing || !(s.moves || []).length
      || (s.prompts || []).some((p) => p.kind === "takeback");
    $("resign").disabled = !!s.outcome;
    const offer = playing && drawOffer(s);
    $("accept-draw").hidden = !offer;
    if (offer) $("accept-draw").textContent = _("Accept %(seat)s's draw", { seat: BL.seatName(s, offer) });
    board.update(s);
  }

  async function pick(pos, zone) {
    if (!state || !state.sim) return;
    if (selected) {
      if (selected.from && !(await BL.api("POST", "/api/sim/lift", { position: selected.from })).ok) return;
      const r = await BL.api("POST", "/api/sim/place", { position: pos, piece: selected.piece });
      if (r.ok) {
        selected = null;
        BL.toast(_("Laid: %(piece)s, %(place)s.", { piece: (state.pieces || {})[r.data.piece] || r.data.piece,
          place: board.placeName(pos) }));
      }
      return;
    }
    // The same hands as on the table page: tap a piece to lift it, a cell to put it down.
    const sim = state.sim;
    const here = sim.layout[pos] || [];
    const how = hooks.simPick ? hooks.simPick(pos, zone, state) : null;  // as on the table page
    let r;
    if (how === "place" && sim.lifted.length) r = await BL.api("POST", "/api/sim/place", { position: pos });
    else if (how === "lift" && here.length) r = await BL.api("POST", "/api/sim/lift", { position: pos });
    else if (here.length && !(zone && sim.lifted.length)) r = await BL.api("POST", "/api/sim/lift", { position: pos });
    else if (sim.lifted.length) r = await BL.api("POST", "/api/sim/place", { position: pos });
    else { BL.toast(_("Tap a piece first to pick it up.")); return; }
    if (r.ok && r.data.sim) render({ ...state, sim: r.data.sim });
  }

  /* The page lost its seat: a heading says so, the server's reason (a clause: "the host
     made a new link ...") follows as a sentence; what no longer applies goes. */
  function signedOut(message) {
    document.querySelectorAll("main .card, #prompts, main .links").forEach((n) => { n.hidden = true; });
    const card = BL.el("section", { class: "card notice signed-out" }, BL.el("h1", { text: _("You are not at a seat") }),
      BL.el("p", { class: "error-message", text: BL.sentence(message) }),
      BL.el("p", {}, BL.el("a", { class: "button", href: "/", text: _("Open the table page") })));
    document.querySelector("main").prepend(card);
  }

  $("end-turn").addEventListener("click", () => act({ type: "end-turn" }));
  $("offer-draw").addEventListener("click", async () => { if ((await act({ type: "draw", offer: true })).ok) BL.toast(_("Draw offered.")); });
  $("ask-takeback").addEventListener("click", async () => { if ((await act({ type: "takeback", request: true })).ok) BL.toast(_("Take-back asked: the other side answers.")); });
  $("accept-draw").addEventListener("click", () => act({ type: "draw", accept: true }));
  $("resign").addEventListener("click", () => { $("resign-confirm").hidden = false; $("resign").hidden = true; });
  $("resign-no").addEventListener("click", () => { $("resign-confirm").hidden = true; $("resign").hidden = false; });
  $("resign-yes").addEventListener("click", async () => {
    $("resign-confirm").hidden = true; $("resign").hidden = false;
    await act({ type: "resign" });
  });
  $("leave").addEventListener("click", async () => {
    await BL.api("POST", "/api/seat/leave", {});
    window.location.href = "/";
  });

  BL.connect("/api/seat/events", {
    state: (s) => {
      if (BL.gameName && s.game !== BL.gameName) { location.reload(); return; }
      chain = chain.then(async () => { await ensureGeometry(s); render(s); });
    },
    rejected: fail,
    revoked: signedOut,
    closed: async () => {
      const r = await BL.api("GET", "/api/seat", undefined, true);
      if (!r.ok) signedOut(r.data.error || _("This page lost its seat."));
    },
  });
})();
