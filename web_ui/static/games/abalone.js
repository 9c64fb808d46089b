/* Abalone at the table: the board is drawn by board.js; here, its words. */
"use strict";

BL.defineGame("abalone", () => {
  const { _, n_ } = BL;
  const hooks = {
    /* What the table sees beside the board: marbles pushed off, marbles still to place. */
    tableInfo(box, s) {
      const view = s.view || {};
      for (const seat of s.seats || []) {
        const lost = (view.lost || {})[seat] || 0;
        const toPlace = (view.to_place || {})[seat] || 0;
        const parts = [n_("%(n)s marble pushed off", "%(n)s marbles pushed off", lost)];
        if (toPlace) parts.push(n_("%(n)s still to place", "%(n)s still to place", toPlace));
        box.append(BL.el("div", { class: "kv" }, BL.dot(BL.seatColour(s, seat)),
          BL.el("span", { class: "k", text: BL.seatName(s, seat) }), BL.el("span", { text: parts.join(", ") })));
      }
    },
    outcomeWords(o, s) {
      let m = String(o.reason).match(/^pushed off (\d+) marbles$/);
      if (m) return n_("pushed off %(n)s marble", "pushed off %(n)s marbles", Number(m[1]));
      m = String(o.reason).match(/^(\w+) has no legal move$/);
      if (m) return _("the other side has no legal move");
      return null;
    },
  };
  return hooks;
});
