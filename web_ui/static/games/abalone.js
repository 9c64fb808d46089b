/* Abalone at the table: the board is drawn by board.js; here, its words. */
"use strict";

BL.defineGame("abalone", () => {
  const { _, n_ } = BL;
  const hooks = {
    /* The simulated board's hands, said with marbles (the generic words say "piece"). */
    simHelp(s) {
      if (s.status === "setup") return null;
      if (((s.sim || {}).lifted || []).length) {
        return _("Tap the cell where the marble goes (or another marble to pick that up too). A marble pushed off goes to its tray.");
      }
      return _("Tap a marble to pick it up, then the cell where it goes. A move that could still grow waits a moment: press End turn when you are done.");
    },
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
    /* Moves, places and outcomes come worded by the server (moves[i].words, places[..].words,
       outcome.words): nothing here reads a move text, an outcome or a zone id. */
  };
  return hooks;
});
