/* The club pages' shared pieces: a board's summary as the snapshot the board pages draw. */
"use strict";

const CLUB = (() => {
  const geometries = new Map();

  /* The geometry of a game's variant, fetched once per page. */
  function geometry(game, variant) {
    const key = `${game}/${variant}`;
    if (!geometries.has(key)) {
      geometries.set(key, fetch(`/api/club/geometry/${encodeURIComponent(game)}/${encodeURIComponent(variant)}`)
        .then((r) => (r.ok ? r.json() : null)).catch(() => null));
    }
    return geometries.get(key);
  }

  /* What BL's render functions and board.js read, from a board's summary. */
  function snapshot(b) {
    const d = b.drawing || {};
    return { seats: d.seats || [], labels: d.labels || {}, names: d.names || {},
      computer: d.computer || {}, to_move: b.to_move, scores: b.score || {}, clocks: b.clocks,
      outcome: b.result, status: b.status, layout: d.layout || {}, view: d.view || {},
      leds: {}, moves: [] };
  }

  function players(b) {
    const s = snapshot(b);
    return (b.seats || []).map((x) => BL.el("span", { class: "player" },
      BL.dot(BL.seatColour(s, x.seat)), x.name ? `${x.name}` : x.label));
  }

  function resultWords(b) {
    const o = b.result;
    if (!o) return "";
    const s = snapshot(b);
    if (!(o.winners || []).length) return `Drawn${o.reason ? ` (${o.reason})` : ""}`;
    const who = o.winners.map((w) => BL.seatName(s, w)).join(" and ");
    return `${who} ${o.winners.length > 1 ? "win" : "wins"}${o.reason ? ` (${o.reason})` : ""}`;
  }

  function onlineWords(b) {
    if (b.online) return "online";
    return b.since ? `offline since ${new Date(b.since * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}` : "offline";
  }

  function standingsRows(ev, tbody, head) {
    const names = { buchholz: "Buchholz", "sonneborn-berger": "Sonneborn-Berger", wins: "Wins" };
    head.textContent = ev.tiebreaks.map((t) => names[t] || t).join(" · ");
    tbody.replaceChildren(...ev.standings.map((s) => BL.el("tr", {},
      BL.el("td", { text: String(s.rank) }), BL.el("td", { text: s.player }),
      BL.el("td", { text: String(s.points) }),
      BL.el("td", { class: "muted", text: ev.tiebreaks.map((t) => String(s.tiebreaks[t])).join(" · ") }))));
  }

  function resultText(r) {
    return { "1-0": "1 – 0", "0-1": "0 – 1", "1/2-1/2": "½ – ½", bye: "bye" }[r] || "playing";
  }

  /* A live stream of named messages; the header shows whether it is connected. */
  function stream(url, handlers) {
    const live = document.getElementById("live");
    const show = (cls, text) => { if (live) { live.className = "live " + cls; live.textContent = text; } };
    const source = new EventSource(url);
    source.addEventListener("open", () => show("on", "live"));
    source.addEventListener("error", () => show("off", source.readyState === EventSource.CLOSED ? "offline" : "reconnecting…"));
    for (const [kind, fn] of Object.entries(handlers)) {
      source.addEventListener(kind, (e) => { show("on", "live"); fn(JSON.parse(e.data)); });
    }
    return source;
  }

  return { stream, geometry, snapshot, players, resultWords, onlineWords, standingsRows, resultText };
})();
