/* Crosswise at the table and on the phones: the six symbol tiles and four action tiles drawn
   as themselves, each line's score at its edge (green the rows, orange the columns: the
   game's own "Punkthilfe"), the played action tiles on their places, the supply beside the
   board; on a phone, the hand as tiles and what to do with the one tapped.
   What a position is (a cell, a pile of one kind of tile, a place of the played action tiles)
   and its words come from the geometry's ``places``; moves and the end come in words from the
   server (``moves[i].words``, ``outcome.words``, ``untraced_words``). */
"use strict";

BL.defineGame("crosswise", () => {
  const { _, n_ } = BL;
  const SYMBOLS = ["1", "2", "3", "4", "5", "6"];
  const ACTIONS = ["move", "remove", "replace", "swap"];
  const PASS = "pass";  // the move text of a pass, which the hand's button sends
  // Shape carries the meaning, colour helps (Okabe and Ito's palette, told apart with every
  // common colour-vision deficiency): sun, cross, triangle, square, pentagon, star.
  const COLOURS = { 1: "#f0e442", 2: "#d55e00", 3: "#009e73", 4: "#0072b2", 5: "#cc79a7", 6: "#56b4e9" };
  const TEAM_COLOURS = { green: "#2e8b57", orange: "#e67e22" };
  const INK = "#2b2118";
  let places = {};         // /api/geometry's places: {pos: {kind, piece, number, words}}

  const isSymbol = (kind) => SYMBOLS.includes(String(kind));
  const pieceName = (s, kind) => (s.pieces || {})[kind] || String(kind);
  const placeOf = (pos) => places[pos] || {};
  const isSlot = (pos) => placeOf(pos).kind === "used";     // a place of the played action tiles
  const isCell = (pos) => placeOf(pos).kind === "cell";     // a cell of the board proper
  const placeWords = (pos) => placeOf(pos).words || "";

  /* The pile of each kind of tile, and each action's places in the order they fill. */
  function pileOf(kind) {
    return Object.keys(places).find((p) => places[p].kind === "pile" && places[p].piece === String(kind)) || null;
  }
  function slotsOf(kind) {
    return Object.keys(places).filter((p) => places[p].kind === "used" && places[p].piece === kind)
      .sort((a, b) => places[a].number - places[b].number);
  }

  /* "3 sun tiles": every kind with its plural, for counts beside the board and on the table. */
  function counted(kind, n) {
    switch (String(kind)) {
      case "1": return n_("%(n)s sun tile", "%(n)s sun tiles", n);
      case "2": return n_("%(n)s cross tile", "%(n)s cross tiles", n);
      case "3": return n_("%(n)s triangle tile", "%(n)s triangle tiles", n);
      case "4": return n_("%(n)s square tile", "%(n)s square tiles", n);
      case "5": return n_("%(n)s pentagon tile", "%(n)s pentagon tiles", n);
      case "6": return n_("%(n)s star tile", "%(n)s star tiles", n);
      case "move": return n_("%(n)s move tile", "%(n)s move tiles", n);
      case "remove": return n_("%(n)s remove tile", "%(n)s remove tiles", n);
      case "replace": return n_("%(n)s replace tile", "%(n)s replace tiles", n);
      case "swap": return n_("%(n)s swap tile", "%(n)s swap tiles", n);
      default: return n_("%(n)s tile", "%(n)s tiles", n);
    }
  }

  // ---- the tiles, drawn ---------------------------------------------------------------------

  function polygon(points, attrs) {
    return BL.svg("polygon", { points: points.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" "), ...attrs });
  }

  function ring(cx, cy, n, r, r2, turn) {
    const pts = [];
    for (let i = 0; i < n * (r2 ? 2 : 1); i++) {
      const a = (turn || -Math.PI / 2) + (Math.PI * 2 * i) / (n * (r2 ? 2 : 1));
      const rr = r2 && i % 2 ? r2 : r;
      pts.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
    }
    return pts;
  }

  /* A symbol of radius r centred on (cx, cy). */
  function symbol(kind, cx, cy, r) {
    const paint = { fill: COLOURS[kind], stroke: INK, "stroke-width": (0.09 * r).toFixed(2), "stroke-linejoin": "round" };
    const g = BL.svg("g", { class: `cw-symbol cw-symbol-${kind}` });
    switch (String(kind)) {
      case "1":  // sun: a disc in a ring of rays
        g.append(polygon(ring(cx, cy, 12, 1.05 * r, 0.72 * r), paint),
          BL.svg("circle", { cx, cy, r: 0.55 * r, ...paint }));
        break;
      case "2": {  // cross
        const a = 0.32 * r, b = 0.98 * r;
        g.append(polygon([[cx - a, cy - b], [cx + a, cy - b], [cx + a, cy - a], [cx + b, cy - a], [cx + b, cy + a],
          [cx + a, cy + a], [cx + a, cy + b], [cx - a, cy + b], [cx - a, cy + a], [cx - b, cy + a], [cx - b, cy - a],
          [cx - a, cy - a]], paint));
        break;
      }
      case "3":  // triangle
        g.append(polygon(ring(cx, cy + 0.18 * r, 3, 1.12 * r), paint));
        break;
      case "4":  // square
        g.append(BL.svg("rect", { x: cx - 0.78 * r, y: cy - 0.78 * r, width: 1.56 * r, height: 1.56 * r, ...paint }));
        break;
      case "5":  // pentagon
        g.append(polygon(ring(cx, cy + 0.06 * r, 5, 1.02 * r), paint));
        break;
      case "6":  // star
        g.append(polygon(ring(cx, cy + 0.06 * r, 5, 1.12 * r, 0.47 * r), paint));
        break;
      default:
        break;
    }
    return g;
  }

  function arrowHead(x, y, angle, size) {
    const a = (d) => [x + size * Math.cos(angle + d), y + size * Math.sin(angle + d)];
    return polygon([[x, y], a(Math.PI * 0.82), a(-Math.PI * 0.82)], { fill: "#fff", stroke: "none" });
  }

  /* An action tile's icon (white on the dark tile), radius r. */
  function actionIcon(kind, cx, cy, r) {
    const line = { stroke: "#fff", "stroke-width": (0.17 * r).toFixed(2), "stroke-linecap": "round", fill: "none" };
    const g = BL.svg("g", { class: `cw-icon cw-icon-${kind}` });
    const path = (d) => BL.svg("path", { d, ...line });
    const f = (v) => v.toFixed(2);
    if (kind === "move") {  // a tile goes elsewhere: from a dashed square, an arrow
      g.append(BL.svg("rect", { x: cx - 0.95 * r, y: cy - 0.32 * r, width: 0.64 * r, height: 0.64 * r, ...line,
        "stroke-width": f(0.11 * r), "stroke-dasharray": `${f(0.14 * r)} ${f(0.1 * r)}` }),
      path(`M${f(cx - 0.15 * r)} ${f(cy)} H${f(cx + 0.6 * r)}`), arrowHead(cx + 0.98 * r, cy, 0, 0.45 * r));
    } else if (kind === "remove") {  // a tile goes up, off the board, into the hand
      g.append(path(`M${f(cx - 0.75 * r)} ${f(cy + 0.25 * r)} V${f(cy + 0.85 * r)} H${f(cx + 0.75 * r)} V${f(cy + 0.25 * r)}`),
        path(`M${f(cx)} ${f(cy + 0.5 * r)} V${f(cy - 0.45 * r)}`), arrowHead(cx, cy - 0.95 * r, -Math.PI / 2, 0.45 * r));
    } else if (kind === "replace") {  // one in, one out: a turning pair of arrows
      const R = 0.68 * r;
      g.append(path(`M${f(cx + R)} ${f(cy)} A${f(R)} ${f(R)} 0 0 0 ${f(cx - R * 0.5)} ${f(cy - R * 0.866)}`),
        arrowHead(cx - R * 0.75, cy - R * 0.72, Math.PI * 0.83, 0.42 * r),
        path(`M${f(cx - R)} ${f(cy)} A${f(R)} ${f(R)} 0 0 0 ${f(cx + R * 0.5)} ${f(cy + R * 0.866)}`),
        arrowHead(cx + R * 0.75, cy + R * 0.72, -Math.PI * 0.17, 0.42 * r));
    } else if (kind === "swap") {  // two tiles change places: arrows both ways
      g.append(path(`M${f(cx - 0.9 * r)} ${f(cy - 0.36 * r)} H${f(cx + 0.5 * r)}`), arrowHead(cx + 0.95 * r, cy - 0.36 * r, 0, 0.42 * r),
        path(`M${f(cx + 0.9 * r)} ${f(cy + 0.36 * r)} H${f(cx - 0.5 * r)}`), arrowHead(cx - 0.95 * r, cy + 0.36 * r, Math.PI, 0.42 * r));
    }
    return g;
  }

  /* A whole tile, side ``size``, centred on (cx, cy). */
  function tile(kind, cx, cy, size, cls) {
    const g = BL.svg("g", { class: "cw-tile-art" + (cls ? " " + cls : "") });
    const action = ACTIONS.includes(kind);
    g.append(BL.svg("rect", { class: action ? "cw-face cw-face-action" : "cw-face", x: cx - size / 2, y: cy - size / 2,
      width: size, height: size, rx: size * 0.16 }));
    g.append(action ? actionIcon(kind, cx, cy, size * 0.33) : symbol(kind, cx, cy, size * 0.33));
    return g;
  }

  /* A tile as a small picture for the pages' text (the hand, the table's information). */
  function tileImage(kind, px, label) {
    const svg = BL.svg("svg", { viewBox: "-20 -20 40 40", width: px, height: px, class: "cw-tile-img",
      ...(label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" }) });
    svg.append(tile(kind, 0, 0, 38));
    return svg;
  }

  // ---- the board ----------------------------------------------------------------------------

  const S = 40;  // board.js's user units per cell
  let badges = null;  // the line scores at the board's edge: {green: {row: text}, orange: {...}}

  /* Where the places beside the cells go: a panel right of the board (a tablet, a TV), or
     under it when the board is narrow (a phone). */
  function placeAround(geo, tall) {
    const at = geo.coords;
    if (!tall) {
      ACTIONS.forEach((kind, k) => {
        const y = 5 - k;
        const pile = pileOf(kind);
        if (pile) at[pile] = [7.15, y];
        slotsOf(kind).forEach((slot, j) => { at[slot] = [8.25 + j, y]; });
      });
      SYMBOLS.forEach((kind, k) => { const pile = pileOf(kind); if (pile) at[pile] = [7.7 + (k % 3) * 1.25, k < 3 ? 0.75 : -0.45]; });
      return;
    }
    SYMBOLS.forEach((kind, k) => { const pile = pileOf(kind); if (pile) at[pile] = [k, -2.0]; });
    ACTIONS.forEach((kind, k) => {
      const y = k < 2 ? -3.15 : -4.15;
      const x0 = k % 2 ? 3.9 : 0;
      const pile = pileOf(kind);
      if (pile) at[pile] = [x0, y];
      slotsOf(kind).forEach((slot, j) => { at[slot] = [x0 + 0.95 + 0.92 * j, y]; });
    });
  }

  function badge(cx, cy, colour) {
    const g = BL.svg("g", { class: "cw-badge", role: "img" });
    g.append(BL.svg("rect", { x: cx - 0.3 * S, y: cy - 0.24 * S, width: 0.6 * S, height: 0.48 * S, rx: 0.24 * S, fill: colour }));
    const text = BL.svg("text", { x: cx, y: cy, class: "cw-badge-text" });
    g.append(text);
    return { g, text };
  }

  function caption(root, x, y, words) {
    const t = BL.svg("text", { x, y, class: "cw-caption" });
    t.textContent = words;
    root.append(t);
  }

  function lineWords(team, line, points) {
    return team === "green" ? n_("row %(line)s: %(n)s point for Green", "row %(line)s: %(n)s points for Green", points, { line })
      : n_("column %(line)s: %(n)s point for Orange", "column %(line)s: %(n)s points for Orange", points, { line });
  }

  function lineScores(root, geo) {
    const lines = (geo.extras || {}).lines || {};
    badges = { green: {}, orange: {} };
    for (const [team, byName] of Object.entries(lines)) {
      for (const [name, cells] of Object.entries(byName)) {
        // Green's rows end right of column f; orange's columns under row 1.
        const [x, y] = geo.coords[cells[cells.length - 1]];
        const [x0, y0] = geo.coords[cells[0]];
        const at = team === "green" ? [(x + 0.85) * S, -y * S] : [x0 * S, -(y0 - 0.85) * S];
        const b = badge(at[0], at[1], TEAM_COLOURS[team]);
        badges[team][name] = b;
        root.append(b.g);
      }
    }
  }

  let target = null;  // a place this phone's player is told to tap next (ringed on its board)

  const hooks = {
    prepare(geo, board) {
      places = geo.places || places;
      const wide = !board.box.clientWidth || board.box.clientWidth >= 560;
      placeAround(geo, !wide);
      geo.zonesPlaced = true;
      board.box.classList.add("cw-board");
    },

    decorate(root, geo) {
      lineScores(root, geo);
      const slot = slotsOf("move")[0];
      const pile = pileOf("move");
      if (slot && pile && geo.coords[pile][0] > 6) {  // the panel right of the board
        caption(root, (geo.coords[slot][0] + 1) * S, -(geo.coords[slot][1] + 0.62) * S, _("played"));
        caption(root, geo.coords[pile][0] * S, -(geo.coords[pile][1] + 0.62) * S, _("to come"));
      }
    },

    cellShape(pos, geo, x, y, zone) {
      if (zone) {
        return BL.svg("rect", { class: "zone cw-pile", x: x - 0.46 * S, y: y - 0.46 * S, width: 0.92 * S, height: 0.92 * S, rx: 0.12 * S });
      }
      if (isSlot(pos)) {
        return BL.svg("rect", { class: "cell cw-slot", x: x - 0.41 * S, y: y - 0.41 * S, width: 0.82 * S, height: 0.82 * S, rx: 0.1 * S });
      }
      return null;
    },

    drawPiece(node, stack, s, board, how) {
      node.art.replaceChildren();
      const zone = node.zone;
      const [cx, cy] = zone ? board.zoneXY[node.g.dataset.pos] : [node.x, node.y];
      const pos = node.g.dataset.pos;
      const place = placeOf(pos);
      if (zone) {
        const kind = place.piece;
        const n = stack.length;
        if (n > 1) node.art.append(tile(kind, cx + 0.07 * S, cy - 0.07 * S, 0.74 * S, "cw-under"));
        node.art.append(tile(kind, cx, cy, 0.74 * S, n ? "" : "cw-none"));
        const count = BL.svg("g", { class: "cw-count" + (n ? "" : " none") });
        count.append(BL.svg("circle", { cx: cx + 0.36 * S, cy: cy + 0.34 * S, r: 0.17 * S }));
        const t = BL.svg("text", { x: cx + 0.36 * S, y: cy + 0.34 * S });
        t.textContent = BL.number(n);
        count.append(t);
        node.art.append(count);
        return true;
      }
      const size = isSlot(pos) ? 0.72 * S : 0.84 * S;
      if (how.kind) {
        const cls = how.lifted ? "cw-lifted" : (s.sim && stack.length && stack[stack.length - 1] !== ((s.layout || {})[pos] || []).slice(-1)[0] ? "cw-pending" : "");
        node.art.append(tile(how.kind, cx, cy, size, cls));
      } else if (isSlot(pos)) {
        const ghost = actionIcon(place.piece, cx, cy, 0.22 * S);
        ghost.classList.add("cw-ghost-icon");
        node.art.append(ghost);
      }
      if (target === pos && !stack.length) {
        node.art.append(BL.svg("rect", { class: "cw-target", x: cx - 0.5 * S, y: cy - 0.5 * S, width: S, height: S, rx: 0.16 * S }));
      }
      return true;
    },

    /* "c3: sun tile", "place 2 of the played move tiles: empty", "beside the board: 3 sun
       tiles". */
    describe(pos, stack, s, zone) {
      const kind = stack.length ? stack[stack.length - 1] : "";
      if (zone) {
        return _("beside the board: %(tiles)s", { tiles: counted(placeOf(pos).piece, stack.length) });
      }
      const place = placeWords(pos);
      if (!kind) return _("%(place)s: empty", { place });
      return _("%(place)s: %(piece)s", { place, piece: pieceName(s, kind) });
    },

    pieceChip(kind, s) { return tileImage(kind, 30, pieceName(s, kind)); },

    updated(s) {
      if (!badges) return;
      const lines = (s.view || {}).lines || {};
      for (const team of ["green", "orange"]) {
        for (const [name, b] of Object.entries(badges[team] || {})) {
          const points = ((lines[team] || {})[name]) || 0;
          b.text.textContent = BL.number(points);
          b.g.classList.toggle("zero", !points);
          b.g.setAttribute("aria-label", lineWords(team, name, points));
        }
      }
    },

    scoreName(key, s) {
      if ((s.seats || []).includes(key)) return null;
      return key === "green" ? _("Green") : key === "orange" ? _("Orange") : null;
    },

    tableInfo(box, s) { tableInfo(box, s); },
    hand(box, s, tools) { return hand(box, s, tools); },
    declare() { return true; },  // tapping a tile of the hand says it
    untraced(box, s, tools) { return untraced(box, s, tools); },
  };

  // ---- the table's information --------------------------------------------------------------

  function kv(key, ...value) {
    return BL.el("div", { class: "kv cw-kv" }, BL.el("span", { class: "k", text: key }), " ", BL.el("span", {}, ...value));
  }

  /* The mover's phone has chosen a tile for the coming move (the public snapshot's
     ``declared``: the seats whose phone said something, never what): said on the table and
     on the other phones, never which tile. The computer's seat has no phone to choose on. */
  function chosenOnPhone(s) {
    const mover = s.to_move;
    if (!mover || s.status !== "playing" || s.outcome || s.seat === mover) return null;
    if ((s.computer || {})[mover] || !(s.declared || []).includes(mover)) return null;
    return BL.el("p", { class: "cw-declared" }, BL.dot(BL.seatColour(s, mover)),
      BL.el("span", { text: _("%(seat)s has chosen a tile on the phone.", { seat: BL.seatName(s, mover) }) }));
  }

  function tableInfo(box, s) {
    const view = s.view || {};
    const teams = view.teams || {};
    const seats = s.seats || [];
    const chosen = chosenOnPhone(s);
    if (chosen) box.append(chosen);
    for (const team of ["green", "orange"]) {
      const members = teams[team] || [];
      const who = BL.listed(members.map((seat) => BL.seatName(s, seat)));
      const words = team === "green"
        ? n_("%(who)s scores the rows (the numbers right of the board).", "%(who)s score the rows (the numbers right of the board).", members.length, { who })
        : n_("%(who)s scores the columns (the numbers under the board).", "%(who)s score the columns (the numbers under the board).", members.length, { who });
      box.append(BL.el("div", { class: "cw-teams" }, BL.dot(TEAM_COLOURS[team]), BL.el("span", { text: words })));
    }
    const sizes = view.hand_sizes || {};
    box.append(kv(_("Tiles in hand"), seats.map((seat) => _("%(seat)s: %(n)s", { seat: BL.seatName(s, seat), n: BL.number(sizes[seat] || 0) })).join(" · ")));
    box.append(kv(_("In the bag"), counted("", view.bag || 0)));
    const used = view.used || {};
    const played = ACTIONS.filter((kind) => used[kind]);
    const usedBox = BL.el("span", { class: "cw-used" });
    if (!played.length) usedBox.append(_("none yet"));
    for (const kind of played) {
      usedBox.append(BL.el("span", { class: "cw-used-kind" }, tileImage(kind, 22), counted(kind, used[kind])));
    }
    box.append(kv(_("Action tiles played"), usedBox));
    box.append(BL.el("p", { class: "muted small" }, _("Each line scores as it stands: 1, 3, 5 or 7 points for 2, 3, 4 or 5 equal tiles, 6 for six different ones. Six equal tiles in a line win at once.")));
  }

  // ---- the phone: the hand, and what to do with the tile tapped ------------------------------

  let playing = null;  // {kind, index, ply, tile}: the tile this phone's player is playing now
  let said = null;     // the symbol tile this phone declared for the coming move

  function nextSlot(kind, s) {
    const used = ((s.view || {}).used || {})[kind] || 0;
    return slotsOf(kind)[used] || null;
  }

  async function sayTile(kind, tools) {
    const r = await tools.act({ type: "declare", facets: { tile: String(kind) } });
    said = r.ok ? String(kind) : null;
    return r.ok;
  }

  async function forget(tools) {
    if (said !== null) await tools.act({ type: "cancel" });
    said = null;
  }

  async function tap(kind, index, s, tools) {
    const same = playing && playing.index === index && playing.kind === kind;
    const replacing = playing && playing.kind === "replace" && isSymbol(kind);
    if (same) {  // tapped again: put it back
      playing = null;
      target = null;
      await forget(tools);
      tools.select(null);
      return;
    }
    if (replacing) {
      playing.tile = kind;
      if (!(await sayTile(kind, tools))) return;
      target = null;
      if (s.sim) tools.select(kind, index, pileOf(kind));
      else tools.select(null);
      return;
    }
    playing = { kind, index, ply: s.ply, tile: isSymbol(kind) ? kind : null };
    if (isSymbol(kind)) {
      if (!(await sayTile(kind, tools))) { playing = null; return; }
      target = null;
    } else {
      await forget(tools);
      target = nextSlot(kind, s);
    }
    if (s.sim) tools.select(kind, index, pileOf(kind));
    else tools.select(null);
  }

  /* What the simulated board shows of the move so far: cells emptied and filled, the action
     tile on its place. */
  function progress(s, kind) {
    const sim = s.sim;
    if (!sim) return null;
    const before = s.layout || {};
    const now = sim.layout || {};
    const cells = Object.keys({ ...before, ...now }).filter(isCell);
    const top = (st) => (st && st.length ? st[st.length - 1] : "");
    return {
      slot: slotsOf(kind).some((p) => top(now[p]) && !top(before[p])),
      emptied: cells.filter((p) => top(before[p]) && !top(now[p])).length,
      changed: cells.filter((p) => top(now[p]) && top(now[p]) !== top(before[p])).length,
      inHand: sim.lifted.length,
    };
  }

  function steps(kind, s) {
    const sim = !!s.sim;
    const tile = pieceName(s, kind);
    const slot = sim ? _("Tap the ringed place on the board below: the %(tile)s goes there, among the played action tiles.", { tile })
      : _("Put the %(tile)s on its next free place among the played action tiles, beside the board.", { tile });
    const p = progress(s, kind);
    const done = p ? [p.slot] : [false];
    let list;
    if (kind === "move") {
      list = [slot, _("Pick up any tile on the board."), _("Put it down on an empty cell.")];
      if (p) done.push(p.emptied >= 1 || p.inHand > 0, p.changed >= 1);
    } else if (kind === "remove") {
      list = [slot, _("Pick up any tile on the board."), _("Put it back on its pile beside the board: that tile is now in your hand.")];
      if (p) done.push(p.emptied >= 1 || p.inHand > 0, p.emptied >= 1 && !p.inHand);
    } else if (kind === "replace") {
      list = [slot, _("Pick up the tile you replace and put it back on its pile beside the board: it goes into your hand."),
        sim ? _("Tap the tile of your hand that goes in its place, then tap that cell.")
          : _("Tap here the tile of your hand that goes in its place, take one from its pile and lay it on that cell.")];
      if (p) done.push(p.emptied >= 1 && !p.inHand, false);
    } else {
      list = [slot, _("Pick up two tiles on the board."), _("Put each down where the other was.")];
      if (p) done.push(p.inHand >= 2 || p.changed >= 1, false);
    }
    const ol = BL.el("ol", { class: "cw-steps" });
    list.forEach((words, i) => ol.append(BL.el("li", { class: done[i] ? "done" : "" }, words)));
    if (!sim) return ol;
    return BL.el("div", {}, ol, BL.el("p", { class: "muted small" }, _("On the board below, tap a tile to pick it up and tap where it goes.")));
  }

  function hand(box, s, tools) {
    const view = s.view || {};
    const tiles = view.hand || [];
    const mine = s.status === "playing" && !s.outcome && s.to_move === s.seat;
    if (!mine || (playing && playing.ply !== s.ply)) { playing = null; said = null; target = null; }
    box.append(BL.el("div", { class: "k" }, _("Your tiles")));
    const row = BL.el("div", { class: "cw-hand", role: "group", "aria-label": _("Your tiles") });
    tiles.forEach((kind, i) => {
      const chosen = !!playing && ((playing.index === i && playing.kind === kind) || (playing.kind === "replace" && playing.tile === kind && isSymbol(kind)));
      const name = pieceName(s, kind);
      const item = BL.el(mine ? "button" : "div", { class: "cw-hand-tile" + (chosen ? " chosen" : ""),
        type: mine ? "button" : null, "aria-pressed": mine ? String(chosen) : null, "aria-label": name,
        onclick: mine ? () => tap(kind, i, s, tools) : null });
      item.append(tileImage(kind, 48), BL.el("span", { class: "cw-hand-name", "aria-hidden": "true", text: name }));
      row.append(item);
    });
    if (!tiles.length) row.append(BL.el("span", { class: "muted", text: _("no tiles") }));
    box.append(row);
    const guide = BL.el("div", { class: "cw-guide" });
    if (!mine) {
      if (!s.outcome && s.to_move) guide.append(BL.el("p", { class: "muted small", text: _("Your tiles are yours alone: nobody else sees them.") }));
    } else if ((s.prompts || []).some((p) => p.kind === "choose")) {
      guide.append(BL.el("p", {}, _("Answer above: the board waits for your phone.")));
    } else if (view.must_pass) {
      guide.append(BL.el("p", {}, _("None of your tiles can be played now: you pass.")),
        BL.el("button", { class: "button primary", type: "button", text: _("Pass"), onclick: () => tools.act({ type: "move", move: PASS }) }));
    } else if (!playing) {
      guide.append(BL.el("p", {}, _("Tap the tile you play. A symbol tile goes on an empty cell; an action tile changes tiles on the board.")));
    } else if (isSymbol(playing.kind)) {
      const tile = pieceName(s, playing.kind);
      guide.append(BL.el("p", { class: "cw-now" }, s.sim ? _("Now tap an empty cell on the board below: your %(tile)s goes there.", { tile })
        : _("Take a %(tile)s from its pile beside the board and lay it on an empty cell.", { tile })));
    } else {
      guide.append(BL.el("p", { class: "cw-now" }, _("You play the %(tile)s:", { tile: pieceName(s, playing.kind) })), steps(playing.kind, s));
    }
    if (mine && playing) {
      guide.append(BL.el("button", { class: "linklike", type: "button", text: _("Play another tile"),
        onclick: () => tap(playing.kind, playing.index, s, tools) }));
    }
    box.append(guide);
    return true;
  }

  /* Moves only the phone can make (on a build that does not sense them), in the server's
     words; a pass is offered with the hand (the "pass" this page itself sends there). */
  function untraced(box, s, tools) {
    (s.untraced || []).forEach((move, i) => {
      if (move === PASS) return;
      box.append(BL.el("button", { class: "button", type: "button", text: (s.untraced_words || [])[i] || "",
        onclick: () => tools.act({ type: "move", move }) }));
    });
    return true;
  }
  return hooks;
});
