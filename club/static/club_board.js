/* One board full size: the same drawing and words as its own table page, from the club. */
"use strict";

(() => {
  const { _ } = BL;
  const $ = (id) => document.getElementById(id);
  const view = { board: new Board($("board")), geoKey: null, hooks: null };
  let chain = Promise.resolve();

  async function show(b) {
    if (!b) return;
    $("online").textContent = _("%(board)s: %(online)s", { board: b.name, online: CLUB.onlineWords(b) });
    $("online").className = "small online " + (b.online ? "on" : "off");
    $("unsteady").hidden = !b.unsteady;
    $("unsteady").textContent = b.unsteady ? CLUB.unsteadyWords(b) : "";
    const drawn = await CLUB.follow(view, b);
    const s = CLUB.snapshot(b, view.hooks);
    if (drawn) view.board.update(s);
    $("game-title").textContent = b.title || "";
    $("variant").textContent = s.variant_title || "";
    document.title = b.title ? _("%(board)s: %(game)s, Boardlight club", { board: b.name, game: b.title })
      : _("%(board)s: Boardlight club", { board: b.name });
    $("players").replaceChildren(...CLUB.players(b, s));
    BL.renderTurn($("turn"), s, null);
    if (!b.game) $("turn").replaceChildren(_("No game yet"));
    BL.renderScores($("scores"), s);
    BL.renderClocks($("clocks"), s);
    BL.renderMatch($("match"), s);
    BL.renderOutcome($("outcome"), s);
    BL.renderTableInfo($("extras"), $("table-extras"), s);
    BL.renderLastMove($("last-move"), s);
    BL.renderMoves($("recent"), s);
  }

  /* What goes wrong drawing the board is said, never a page that silently stops. */
  async function showSafely(b) {
    try {
      await show(b);
      $("broken").hidden = true;
    } catch (e) {
      console.error(e);
      $("broken").hidden = false;
      $("broken").textContent = _("This board cannot be shown: what it sent does not fit.");
    }
  }

  const name = $("board").dataset.board;
  CLUB.stream(`/events/board/${encodeURIComponent(name)}`, {
    board: (b) => { chain = chain.then(() => showSafely(b)).catch((e) => console.error(e)); },
  });
})();
