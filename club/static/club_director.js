/* The director's page: create the event, pair each round, send it, correct a result. */
"use strict";

(() => {
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
    select.replaceChildren(...game.variants.map((v) => BL.el("option", { value: v, text: v })));
    if (game.variants.includes(chosen)) select.value = chosen;
  }

  function render(data) {
    info = data;
    if (!$("ev-game").options.length) fillGames();
    const online = data.boards.filter((b) => b.online).map((b) => b.name);
    $("ev-boards").textContent = data.boards.length
      ? `${data.boards.map((b) => b.name).join(", ")} (${online.length} online); table 1 plays on the first, and so on.`
      : "no board has been heard yet: start the boards with --club first.";
    const ev = data.event;
    $("running").hidden = !ev;
    if (!ev) return;
    $("run-title").textContent = ev.name;
    $("run-what").textContent = `${ev.system === "swiss" ? "Swiss" : "Round robin"}, ${ev.title} (${ev.variant}), ` +
      `round ${ev.round} of ${ev.rounds}; ${ev.colours[0]} moves first.`;
    $("pair").hidden = ev.round >= ev.rounds;
    $("resend").hidden = !ev.round;
    const box = $("rounds");
    box.replaceChildren();
    for (const r of [...ev.paired].reverse()) {
      const list = BL.el("table", { class: "pairings" });
      list.append(BL.el("tr", {}, ...["Table", "Board", ev.colours[0], ev.colours[1], "Result", ""].map((t) => BL.el("th", { text: t }))));
      for (const p of r.pairings) {
        const row = BL.el("tr", {}, BL.el("td", { text: String(p.table) }), BL.el("td", { text: p.board || "" }),
          BL.el("td", { text: p.white }), BL.el("td", { text: p.black || "bye" }),
          BL.el("td", { text: `${CLUB.resultText(p.result)}${p.from === "director" ? " (entered)" : ""}` }));
        const cell = BL.el("td");
        if (p.black) {
          const pick = BL.el("select", { "aria-label": `Result of table ${p.table}` },
            BL.el("option", { value: "", text: "correct…" }),
            ...[["1-0", `${p.white} won`], ["0-1", `${p.black} won`], ["1/2-1/2", "drawn"]].map(([v, t]) => BL.el("option", { value: v, text: t })));
          pick.addEventListener("change", async () => {
            if (!pick.value) return;
            const res = await BL.api("POST", "/api/director/result", { pairing: p.id, result: pick.value });
            if (res.ok) { BL.toast("Result entered."); render(res.data); }
          });
          cell.append(pick);
        }
        row.append(cell);
        list.append(row);
      }
      box.append(BL.el("h2", { text: `Round ${r.round}${r.done ? " (over)" : ""}` }), list);
    }
    box.append(BL.el("h2", { text: "Standings" }));
    const table = BL.el("table", { class: "standings" }, BL.el("tbody"));
    const head = BL.el("span");
    CLUB.standingsRows(ev, table.tBodies[0], head);
    box.append(table, BL.el("p", { class: "small muted", text: `Tie-breaks: ${head.textContent}` }));
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
    if (r.ok) { BL.toast("Event created: pair the first round."); render(r.data); }
  });
  $("pair").addEventListener("click", async () => {
    const r = await BL.api("POST", "/api/director/pair", {});
    if (r.ok) { BL.toast("Paired and sent to the boards."); render(r.data); }
  });
  $("resend").addEventListener("click", async () => {
    const r = await BL.api("POST", "/api/director/resend", {});
    if (r.ok) BL.toast("Sent again.");
  });
  load();
  CLUB.stream("/events", { event: () => load(), board: () => {}, room: () => {} });
})();
