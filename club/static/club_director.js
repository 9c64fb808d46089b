/* The director's page: create the event, pair each round, send it, correct a result. */
"use strict";

(() => {
  const { _ } = BL;
  const $ = (id) => document.getElementById(id);
  let info = null;

  function fillGames() {
    const select = $("ev-game");
    const chosen = select.value;
    select.replaceChildren(...info.games.map((g) => BL.el("option", { value: g.name, text: g.title })));
    if (chosen) select.value = chosen;
    fillVariants();
  }

  function fillVariants() {
    const game = info.games.find((g) => g.name === $("ev-game").value) || info.games[0];
    const select = $("ev-variant");
    const chosen = select.value;
    const titles = game.variant_titles || {};
    select.replaceChildren(...game.variants.map((v) => BL.el("option", { value: v, text: titles[v] || v })));
    if (game.variants.includes(chosen)) select.value = chosen;
  }

  function render(data) {
    info = data;
    if (!$("ev-game").options.length) fillGames();
    const online = data.boards.filter((b) => b.online).map((b) => b.name);
    $("ev-boards").textContent = data.boards.length
      ? _("%(boards)s (%(online)s online); table 1 plays on the first, and so on.", {
        boards: data.boards.map((b) => b.name).join(", "), online: BL.number(online.length) })
      : _("no board has been heard yet: start the boards with --club first.");
    const ev = data.event;
    $("running").hidden = !ev;
    if (!ev) return;
    $("run-title").textContent = ev.name;
    $("run-what").textContent = _("%(system)s, %(game)s (%(variant)s), round %(round)s of %(rounds)s; %(seat)s moves first.", {
      system: ev.system_title, game: ev.title, variant: ev.variant_title || ev.variant,
      round: BL.number(ev.round), rounds: BL.number(ev.rounds), seat: ev.colours[0] });
    $("pair").hidden = ev.round >= ev.rounds;
    $("resend").hidden = !ev.round;
    const box = $("rounds");
    box.replaceChildren();
    for (const r of [...ev.paired].reverse()) {
      const list = BL.el("table", { class: "pairings" });
      list.append(BL.el("tr", {}, ...[_("Table"), _("Board"), ev.colours[0], ev.colours[1], _("Result"), ""].map((t) => BL.el("th", { text: t }))));
      for (const p of r.pairings) {
        const row = BL.el("tr", {}, BL.el("td", { text: String(p.table) }), BL.el("td", { text: p.board || "" }),
          BL.el("td", { text: p.white }), BL.el("td", { text: p.black || _("bye") }),
          BL.el("td", { text: p.from === "director" ? _("%(result)s (entered)", { result: CLUB.resultText(p.result) }) : CLUB.resultText(p.result) }));
        const cell = BL.el("td");
        if (p.black) {
          const pick = BL.el("select", { "aria-label": _("Result of table %(table)s", { table: BL.number(p.table) }) },
            BL.el("option", { value: "", text: _("correct…") }),
            ...[["1-0", _("%(player)s won", { player: p.white })], ["0-1", _("%(player)s won", { player: p.black })],
              ["1/2-1/2", _("drawn")]].map(([v, t]) => BL.el("option", { value: v, text: t })));
          pick.addEventListener("change", async () => {
            if (!pick.value) return;
            const res = await BL.api("POST", "/api/director/result", { pairing: p.id, result: pick.value });
            if (res.ok) { BL.toast(_("Result entered.")); render(res.data); }
          });
          cell.append(pick);
        }
        row.append(cell);
        list.append(row);
      }
      box.append(BL.el("h2", { text: r.done ? _("Round %(round)s (over)", { round: BL.number(r.round) })
        : _("Round %(round)s", { round: BL.number(r.round) }) }), list);
    }
    box.append(BL.el("h2", { text: _("Standings") }));
    const table = BL.el("table", { class: "standings" }, BL.el("tbody"));
    const head = BL.el("span");
    CLUB.standingsRows(ev, table.tBodies[0], head);
    box.append(table, BL.el("p", { class: "small muted", text: _("Tie-breaks: %(tiebreaks)s", { tiebreaks: head.textContent }) }));
  }

  async function load() {
    const r = await BL.api("GET", "/api/director");
    if (r.ok) render(r.data);
  }

  $("ev-game").addEventListener("change", fillVariants);
  $("ev-system").addEventListener("change", () => { $("ev-rounds-label").hidden = $("ev-system").value === "round-robin"; });
  $("new-event").addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = { name: $("ev-name").value, game: $("ev-game").value, variant: $("ev-variant").value,
      system: $("ev-system").value, players: $("ev-players").value.split("\n").map((x) => x.trim()).filter(Boolean),
      tiebreaks: $("ev-tiebreaks").value.split(","), replace: !!(info && info.event) };
    if (body.system === "swiss") body.rounds = parseInt($("ev-rounds").value, 10);
    const r = await BL.api("POST", "/api/director/event", body);
    if (r.ok) { BL.toast(_("Event created: pair the first round.")); render(r.data); }
  });
  $("pair").addEventListener("click", async () => {
    const r = await BL.api("POST", "/api/director/pair", {});
    if (r.ok) { BL.toast(_("Paired and sent to the boards.")); render(r.data); }
  });
  $("resend").addEventListener("click", async () => {
    const r = await BL.api("POST", "/api/director/resend", {});
    if (r.ok) BL.toast(_("Sent again."));
  });
  load();
  CLUB.stream("/events", { event: () => load(), board: () => {}, room: () => {} });
})();
