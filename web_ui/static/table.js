/* The table page: the live board, the simulated board's hands, the join codes. */
"use strict";

(() => {
  const { _, n_ } = BL;
  const $ = (id) => document.getElementById(id);
  let state = null;
  let geoKey = null;
  let joinKey = null;
  let chain = Promise.resolve();

  const board = new Board($("board"), { onPick: BL.oneAtATime((pos, zone) => pick(pos, zone)) });

  /* Someone chose another language for the table (here or on the host page: the stream
     speaks the table's language as it is now), or the host started another game: the page
     reloads once (its words and the game's own drawing come with the page). */
  function followLanguage(s) {
    if ((s.lang && s.lang !== BL.lang) || (BL.gameName && s.game !== BL.gameName)) location.reload();
  }

  async function ensureGeometry(s) {
    const key = `${s.game}/${s.variant}`;
    if (key === geoKey) return;
    const r = await BL.api("GET", "/api/geometry" + "?" + new URLSearchParams({ lang: BL.lang }));
    if (!r.ok) return;
    board.setGeometry(r.data);
    geoKey = key;
    $("game-title").textContent = s.title;
    $("variant").textContent = s.variant_title;
    document.title = _("%(game)s: Boardlight table", { game: s.title });
  }

  async function ensureJoinCodes(s) {
    const key = JSON.stringify([s.links, s.joined, s.seats, s.names]);
    if (key === joinKey) return;
    joinKey = key;
    const r = await BL.api("GET", "/api/join", undefined, true);
    if (!r.ok) return;
    const box = $("join-codes");
    box.replaceChildren();
    for (const seat of r.data.seats) {
      const card = BL.el("div", { class: "join-code" + (seat.joined ? " joined" : "") },
        BL.el("div", { class: "who" }, BL.dot(BL.seatColour(s, seat.seat)), BL.seatName(s, seat.seat)));
      if (seat.computer) {
        card.append(BL.el("p", { class: "small", text: _("Played by the computer: no phone needed.") }));
      } else if (seat.qr) {
        const code = BL.el("div", { class: "qr-box" });
        code.innerHTML = seat.qr; // SVG made by the server (segno), not from user input
        card.append(code, BL.el("a", { href: seat.url, text: _("or open this link") }));
      } else {
        card.append(BL.el("p", { class: "small", text: _("✓ joined") }),
          BL.el("p", { class: "small muted", text: _("Lost the page? The host can give a new link.") }));
      }
      box.append(card);
    }
  }

  let mySeat = null; // this browser's seat, if it joined one: it may answer as that seat

  /* A take-back needs the other side's consent (the prompt's ``answer`` seats): on their
     phone, or, when none of them has a phone joined (``phone`` false), the board's end-turn
     button, which the simulated board's "yes" presses.  The prompt's words say who answers. */
  function takebackButtons(p) {
    if (p.kind !== "takeback") return [];
    const params = (p.message || {}).params || {};
    const answers = params.answer || [];
    if (mySeat) {
      // The answer names the snapshot it answers: a question asked again since is not this one.
      const answer = (accept) => BL.api("POST", "/api/seat/action",
        { type: "takeback", accept, version: state ? state.version : undefined });
      const out = [];
      if (answers.includes(mySeat)) {
        out.push(BL.el("button", { class: "button primary", type: "button", text: _("Yes, take it back"),
          onclick: () => answer(true) }));
      }
      out.push(BL.el("button", { class: "button", type: "button", text: _("No, play on"), onclick: () => answer(false) }));
      return out;
    }
    if (state.sim && params.phone === false) {
      return [BL.el("button", { class: "button primary", type: "button", text: _("Yes, take it back"),
        onclick: () => press("end-turn") })];
    }
    return [];
  }

  function renderSim(s) {
    const sim = s.sim;
    $("sim").hidden = !sim;
    if (!sim) return;
    const hand = $("hand");
    hand.replaceChildren();
    if (!sim.lifted.length) hand.append(BL.el("span", { class: "muted", text: _("nothing") }));
    const hooks = BL.gameHooks || {};
    for (const kind of sim.lifted) {
      // A game's pieceChip(kind, s) hook draws a piece in the hand as itself (a tile).
      const own = hooks.pieceChip ? hooks.pieceChip(kind, s) : null;
      if (own) { hand.append(own); continue; }
      const chip = BL.el("span", { class: "piece-chip", title: kind });
      chip.style.background = BL.pieceColour(s, kind);
      hand.append(chip);
    }
    // A game's simHelp hook says where a lifted piece goes in its own words (a captured
    // piece to its captor's reserve, a removed one to its taker's area).
    const own = hooks.simHelp ? hooks.simHelp(s) : null;
    $("sim-help").textContent = own || (sim.lifted.length
      ? _("Tap the cell where it goes (or tap another piece to pick that up too).")
      : (s.status === "setup" ? _("Put the pieces where the set-up says.") :
        _("Tap a piece to pick it up. A move that could still grow waits a moment: press End turn when you are done.")));
  }

  // Remote play: the other board, and how long since it was last heard while it is away.
  let linkTimer = null;
  function renderRemoteLink(s) {
    clearInterval(linkTimer);
    const old = document.getElementById("remote-link");
    if (old) old.remove();
    const link = s.remote_link;
    if (!link) return;
    const line = BL.el("p", { id: "remote-link", class: "small muted" });
    const say = () => {
      if (link.reached) { line.textContent = _("Playing with %(board)s: connected.", { board: link.board }); return; }
      const ago = link.heard_at == null ? null : Math.max(0, Math.round(Date.now() / 1000 - link.heard_at));
      line.textContent = ago == null ? _("Playing with %(board)s: not connected.", { board: link.board })
        : ago < 120 ? _("Playing with %(board)s: not heard for %(n)s s.", { board: link.board, n: BL.number(ago) })
        : _("Playing with %(board)s: not heard for %(n)s min.", { board: link.board, n: BL.number(Math.floor(ago / 60)) });
    };
    say();
    if (!link.reached) linkTimer = setInterval(say, 1000);
    $("turn").after(line);
  }

  function render(s) {
    followLanguage(s);
    state = s;
    board.update(s);
    BL.renderTurn($("turn"), s, null);
    renderRemoteLink(s);
    BL.renderScores($("scores"), s);
    BL.renderClocks($("clocks"), s);
    BL.renderMatch($("match"), s);
    BL.renderOutcome($("outcome"), s);
    BL.renderPrompts($("prompts"), s, takebackButtons);
    BL.renderLastMove($("last-move"), s);
    BL.renderMoves($("recent"), s);
    $("position").textContent = s.position || "";
    renderSim(s);
    BL.renderTableInfo($("extras"), $("table-extras"), s);
  }

  function apply(s) {
    chain = chain.then(async () => {
      await ensureGeometry(s);
      render(s);
      Speech.follow(s);
      await ensureJoinCodes(s);
    });
  }

  async function simPost(path, body) {
    const r = await BL.api("POST", `/api/sim/${path}`, body);
    if (r.ok && r.data.sim && state) render({ ...state, sim: r.data.sim });
    return r;
  }

  async function pick(pos, zone) {
    if (!state || !state.sim) return;
    const sim = state.sim;
    const here = sim.layout[pos] || [];
    // A game's simPick(pos, zone, state) hook may say what a tap does, "lift" or "place"
    // (a Plimus stone put on its own stone of the other sign makes a double); else a tap on a
    // piece lifts it and a tap on an empty cell or a tray puts the lifted piece down.
    const how = (BL.gameHooks || {}).simPick ? BL.gameHooks.simPick(pos, zone, state) : null;
    if (how === "place" && sim.lifted.length) return simPost("place", { position: pos });
    if (how === "lift" && here.length) return simPost("lift", { position: pos });
    if (here.length && !(zone && sim.lifted.length)) return simPost("lift", { position: pos });
    if (sim.lifted.length) return simPost("place", { position: pos });
    BL.toast(_("Tap a piece first to pick it up."));
  }

  async function press(button) {
    // A refusal is shown (and said) by BL.api; 202: the session had not answered yet, and a
    // refusal comes on the stream, which no "pressed" may cover.
    const r = await BL.api("POST", "/api/sim/button", { button });
    if (r.status === 200) BL.toast(_("End of turn pressed."));
  }

  $("end-turn").addEventListener("click", () => press("end-turn"));
  Speech.setup($("speak"));
  BL.api("GET", "/api/me", undefined, true).then((r) => { if (r.ok) mySeat = r.data.seat; });
  BL.connect("/events", { state: apply });
})();
