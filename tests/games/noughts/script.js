/* Noughts and crosses (the test suite's own game) at the table and on the phone: its words
   for the hidden card.  Served from the game's own folder (its manifest's assets). */
"use strict";

BL.defineGame("noughts", () => {
  const { _ } = BL;
  return {
    /* The table: whose card is still in hand, and the cells claimed by a card. */
    tableInfo(box, s) {
      const view = s.view || {};
      for (const seat of s.seats || []) {
        const held = (view.cards_held || {})[seat];
        const claimed = Object.keys(view.claimed || {}).filter((c) => view.claimed[c] === seat);
        const parts = [held ? _("card in hand") : _("card played")];
        for (const cell of claimed) parts.push(_("claimed %(cell)s", { cell }));
        box.append(BL.el("div", { class: "kv card-info", "data-seat": seat }, BL.dot(BL.seatColour(s, seat)),
          BL.el("span", { class: "k", text: BL.seatName(s, seat) }), BL.el("span", { text: parts.join(", ") })));
      }
    },
    /* The phone: the seat's own card, which only it ever receives. */
    hand(box, s) {
      const hand = (s.view || {}).hand || [];
      box.append(BL.el("div", { class: "hidden-card", text: hand.length
        ? _("Your card: %(cell)s", { cell: hand[0] }) : _("Your card is played.") }));
      return true;
    },
  };
});
