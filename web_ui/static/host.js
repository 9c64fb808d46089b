/* Host controls: a new game, player names, computer seats, new seat links. */
"use strict";

(() => {
  const { _, n_ } = BL;
  const $ = (id) => document.getElementById(id);
  let info = null;

  function fillGames() {
    const select = $("game");
    const chosen = select.value || info.game;
    select.replaceChildren(...info.games.map((g) => BL.el("option", { value: g.name, text: g.title })));
    select.value = chosen;
    fillVariants();
  }

  function fillVariants() {
    const game = info.games.find((g) => g.name === $("game").value) || info.games[0];
    const select = $("variant-select");
    const chosen = select.value;
    select.replaceChildren(...game.variants.map((v) => BL.el("option", { value: v.name,
      text: n_("%(variant)s (%(n)s player)", "%(variant)s (%(n)s players)", v.seats.length, { variant: v.title }) })));
    const keep = game.variants.some((v) => v.name === chosen) ? chosen
      : (game.name === info.game ? info.variant : game.variants[0].name);
    select.value = keep;
    showSummary();
  }

  function showSummary() {
    const game = info.games.find((g) => g.name === $("game").value);
    const v = game && game.variants.find((x) => x.name === $("variant-select").value);
    $("variant-summary").textContent = v ? v.summary : "";
  }

  function fillSeats() {
    const box = $("seats");
    box.replaceChildren();
    for (const seat of info.seats) {
      const qr = BL.el("div", { class: "qr-box" });
      if (seat.qr) qr.innerHTML = seat.qr; // SVG made by the server (segno)
      else qr.append(BL.el("p", { class: "small muted", text: _("No link: the computer plays this seat.") }));
      const input = BL.el("input", { type: "text", name: seat.seat, value: seat.name, maxlength: "40",
        placeholder: _("player's name"), autocomplete: "off" });
      const played = BL.el("select", { name: `computer-${seat.seat}`, "data-seat": seat.seat,
        onchange: (e) => setComputer(seat.seat, e.target.value) },
        BL.el("option", { value: "", text: _("a person at the table") }),
        ...info.levels.map((lv) => BL.el("option", { value: lv.name,
          text: _("the computer: %(level)s (%(seconds)s s a move)", { level: lv.title, seconds: BL.number(lv.seconds) }) })));
      played.value = (info.computer || {})[seat.seat] || "";
      box.append(BL.el("div", { class: "seat-row" }, qr,
        BL.el("div", { class: "meta" },
          BL.el("label", {}, seat.joined ? _("%(seat)s (joined)", { seat: seat.label }) : seat.label, input),
          BL.el("label", {}, _("Played by"), played),
          ...(seat.url ? [BL.el("a", { href: seat.url, text: seat.url }),
            BL.el("button", { type: "button", class: "button", text: _("New link for this seat"),
              onclick: () => reissue({ seat: seat.seat }) })] : []))));
    }
  }

  function show(data) {
    info = data;
    $("table-language").value = info.table_lang || BL.lang;
    // A stored game the log could not take up: kept as it was, a new game began.
    const stuck = info.unreplayable;
    $("unreplayable").hidden = !stuck;
    if (stuck) {
      $("unreplayable-what").textContent = _("Game %(id)s in the game log does not replay (its moves do not follow from each other), so it could not be taken up. It is kept in the log as it was, and a new game began. boardlight export --game-id %(id)s shows it as far as it replays.", { id: stuck.game_id });
      $("unreplayable-detail").textContent = stuck.detail;
    }
    const game = info.games.find((g) => g.name === info.game);
    const where = { game: game ? game.title : info.game, variant: info.variant_title };
    $("current").textContent = info.board === "simulated"
      ? _("%(game)s, %(variant)s on the simulated board", where)
      : _("%(game)s, %(variant)s on the sensor board", where);
    fillGames();
    fillSeats();
    $("clock-now").textContent = info.clocks
      ? _("The game on the table has a clock: %(control)s.", { control: BL.controlWords(info.clocks) })
      : _("The game on the table has no clock.");
    $("match-now").textContent = info.match ? _("Now: %(match)s", { match: BL.matchWords(info.match, info) }) : _("No match running.");
    showRemote(info.remote_play);
  }

  // Remote play: offer this game under a code, or join another board's.
  let remoteTimer = null;
  function showRemote(remote) {
    $("remote").hidden = !remote;
    clearTimeout(remoteTimer);
    if (!remote) return;
    // While a game with another board stands, what the link says is looked at again.
    if (remote.game) remoteTimer = setTimeout(load, 3000);
    $("remote-broker").textContent = remote.broker;
    $("remote-name").textContent = remote.name;
    const on = remote.game;
    $("remote-idle").hidden = !!on;
    $("remote-on").hidden = !on;
    if (!on) {
      const box = $("remote-seats");
      const ticked = new Set([...box.querySelectorAll("input:checked")].map((i) => i.value));
      box.replaceChildren(...info.seats.map((seat) => BL.el("label", {},
        BL.el("input", { type: "checkbox", value: seat.seat, checked: ticked.has(seat.seat) || null }),
        " " + seat.label)));
      return;
    }
    const there = Object.keys(on.there);
    const seats = BL.listed(there.map((s) => BL.seatName(info, s)));
    if (on.partner) {
      $("remote-what").textContent = BL.n_("%(seats)s plays at %(board)s.", "%(seats)s play at %(board)s.",
        there.length, { seats, board: on.partner });
      $("remote-qr").replaceChildren();
    } else {
      $("remote-what").textContent = _("Give the other board this code: %(code)s. Its host enters it under Play with another board, or scans it.", { code: on.code });
      const qr = BL.el("div");
      qr.innerHTML = on.qr || "";
      $("remote-qr").replaceChildren(qr);
    }
    $("remote-link").textContent = !on.connected ? _("Not connected to the broker.")
      : !on.partner ? _("Waiting for the other board.")
      : on.partner_online === false ? _("The other board is not connected.")
      : on.heard != null ? _("Connected; last heard %(seconds)s s ago.", { seconds: BL.number(Math.round(on.heard)) })
      : _("Connected.");
  }

  async function load() {
    const r = await BL.api("GET", "/api/host");
    if (r.ok) show(r.data);
  }

  async function setComputer(seat, level) {
    const r = await BL.api("POST", "/api/host/computer", { seat, level: level || null });
    if (r.ok) {
      show(r.data);
      BL.toast(level ? _("The computer plays this seat (%(level)s); it shows its moves with the lights.", { level: _(level) })
        : _("A person plays this seat again."));
    }
  }

  async function reissue(body) {
    const r = await BL.api("POST", "/api/host/reissue", body);
    if (r.ok) { show(r.data); BL.toast(_("New link made; the old one no longer works.")); }
  }

  $("game").addEventListener("change", fillVariants);
  $("table-language").addEventListener("change", async (e) => {
    const r = await BL.api("POST", "/api/host/lang", { lang: e.target.value });
    if (r.ok) { show(r.data); BL.toast(_("The table page now speaks this language.")); }
  });
  $("match-kind").addEventListener("change", () => {
    $("match-target-label").hidden = !["match", "sumof"].includes($("match-kind").value);
  });
  $("variant-select").addEventListener("change", showSummary);
  $("new-game").addEventListener("submit", (e) => { e.preventDefault(); $("new-game-confirm").hidden = false; });
  $("new-game-no").addEventListener("click", () => { $("new-game-confirm").hidden = true; });
  $("new-game-yes").addEventListener("click", async () => {
    $("new-game-confirm").hidden = true;
    const body = { game: $("game").value, variant: $("variant-select").value };
    const kind = $("match-kind").value;
    if (kind === "none") body.match = "";
    else if (kind !== "keep") body.match = `${kind} ${Number($("match-target").value) || 1}`;
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    body.clock = $("clock").value;
    const r = await BL.api("POST", "/api/host/game", body);
    if (r.ok) { show(r.data); BL.toast(_("New game started. Players: scan your new codes.")); }
  });
  $("names").addEventListener("submit", async (e) => {
    e.preventDefault();
    const names = {};
    for (const input of $("seats").querySelectorAll("input")) names[input.name] = input.value;
    const r = await BL.api("POST", "/api/host/names", { names });
    if (r.ok) { show(r.data); BL.toast(_("Names saved.")); }
  });
  $("reissue-all").addEventListener("click", () => reissue({}));
  $("remote-offer").addEventListener("submit", async (e) => {
    e.preventDefault();
    const seats = [...$("remote-seats").querySelectorAll("input:checked")].map((i) => i.value);
    const r = await BL.api("POST", "/api/host/remote/offer", { seats });
    if (r.ok) show(r.data);
  });
  // Joining: the code looked up first, then the seats this board's players take.
  $("remote-join").addEventListener("submit", async (e) => {
    e.preventDefault();
    const r = await BL.api("POST", "/api/host/remote/look", { code: $("remote-code").value });
    if (!r.ok) return;
    $("remote-offered-what").textContent = _("%(board)s offers %(game)s, %(variant)s.",
      { board: r.data.board, game: r.data.game, variant: r.data.variant });
    $("remote-offered-seats").replaceChildren(...r.data.seats.map((seat) => BL.el("label", {},
      BL.el("input", { type: "checkbox", value: seat.seat, checked: true }), " " + seat.label)));
    $("remote-offered").hidden = false;
  });
  $("remote-join-now").addEventListener("click", async () => {
    const seats = [...$("remote-offered-seats").querySelectorAll("input:checked")].map((i) => i.value);
    const r = await BL.api("POST", "/api/host/remote/join", { code: $("remote-code").value, seats });
    if (r.ok) {
      $("remote-offered").hidden = true;
      show(r.data);
      BL.toast(_("Joined: the other board's game starts here."));
    }
  });
  $("remote-leave").addEventListener("click", async () => {
    const r = await BL.api("POST", "/api/host/remote/leave", {});
    if (r.ok) show(r.data);
  });
  document.getElementById("live").hidden = true;
  load();
})();
