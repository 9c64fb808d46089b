/* A club board's host page: the pairing the director sent, started with one tap. */
"use strict";

(() => {
  const { _, n_ } = BL;
  const box = document.getElementById("club-pairing");
  if (!box) return;
  let shown = null;

  function render(data) {
    const key = JSON.stringify(data);
    if (key === shown) return;
    shown = key;
    box.hidden = !data.club;
    if (!data.club) return;
    box.replaceChildren(BL.el("h1", { text: _("Club pairing") }));
    if (!data.connected) {
      box.append(BL.el("p", { class: "muted small", text: _("Not connected to the club's broker right now: the board keeps playing and sends everything when it is back.") }));
    }
    const p = data.pairing;
    if (!p) {
      box.append(BL.el("p", { class: "muted", text: _("No pairing from the director yet. When the next round is paired, it shows here.") }));
      return;
    }
    box.append(BL.el("p", {}, BL.el("b", { text: p.event }), _(" — round %(round)s, table %(table)s", { round: p.round, table: p.table })),
      BL.el("p", { text: _("%(game)s, %(variant)s", { game: p.title, variant: p.variant_title || p.variant }) }),
      BL.el("ul", { class: "pairing-players" }, p.players.map((x) => BL.el("li", {}, BL.el("b", { text: x.name }), _(" plays %(seat)s", { seat: x.label })))));
    if (data.playing === p.id) {
      box.append(BL.el("p", { class: "small", text: _("✓ This game is on the board now. The result goes to the director by itself.") }));
      return;
    }
    box.append(BL.el("button", { class: "button primary", type: "button", text: _("Start this game"),
      onclick: async () => {
        const r = await BL.api("POST", "/api/pairing/start", { id: p.id });
        if (r.ok) { BL.toast(_("Started: good game!")); render(r.data); }
      } }));
    box.append(BL.el("p", { class: "muted small", text: _("The game on the board now ends; the names are set and the seats get new links.") }));
  }

  async function refresh() {
    const r = await BL.api("GET", "/api/pairing", undefined, true);
    if (r.ok) render(r.data);
  }

  refresh();
  setInterval(refresh, 3000);  // a pairing comes rarely: a look every few seconds is enough
})();
