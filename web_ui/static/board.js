/* The board as SVG, drawn from the game's geometry and kept current from snapshots.

   A game may change how its board is drawn through hooks (its own static/games/<name>.js,
   loaded before the page's script, registers them with BL.defineGame: BL.gameHooks on a
   one-game page, options.hooks or board.ownHooks where a page shows many games), each optional:
     prepare(geo, board)                 before drawing: adjust geo.coords (levels side by side);
                                         set geo.zonesPlaced to keep every zone where geo.coords
                                         puts it (else zones outside the board go in rows under it)
     decorate(root, geo, board)          draw under the cells (square colours, fields, poles)
     cellShape(pos, geo, x, y, zone, board) -> SVG element | null   a cell of its own shape
     showCell(pos, state, board) -> bool  whether an (empty) cell is drawn and can be tapped
     drawPiece(node, stack, state, board) -> bool   draw a position's pieces itself (node.art)
     describe(pos, stack, state) -> string   the accessible name of a position and its pieces
     updated(state, board)               after each update: drawing that depends on the whole
                                         state (a line's score at the board's edge)
   The table and seat pages use more hooks (tableInfo, hand, simHelp).
   Every position's words and kind come from the geometry's ``places`` (the server says each
   place in the reader's language: "Black's tray", "b2 on level 2"); nothing here reads a
   position's id for its meaning. */
"use strict";

const S = 40; // user units per cell (geometry is in cells; small units upset some renderers)

class Board {
  constructor(box, options) {
    this.box = box;
    this.onPick = (options || {}).onPick || null;
    this.ownHooks = (options || {}).hooks || null;  // this board's game's (BL.games[name]())
    this.nodes = {};
    this.geo = null;
  }

  get hooks() { return this.ownHooks || BL.gameHooks || {}; }

  setGeometry(geo) {
    this.geo = geo;
    this.nodes = {};
    if (this.hooks.prepare) this.hooks.prepare(geo, this);
    const pts = geo.cells.map((p) => this._xy(geo, p));
    this.zoneXY = this._zonePlaces(geo, pts);
    pts.push(...Object.values(this.zoneXY));
    const m = 0.8 * S;
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const x0 = Math.min(...xs) - m, y0 = Math.min(...ys) - m;
    const w = Math.max(...xs) - Math.min(...xs) + 2 * m, h = Math.max(...ys) - Math.min(...ys) + 2 * m;
    const root = BL.svg("svg", { viewBox: `${x0} ${y0} ${w} ${h}`, role: "group",
      "aria-label": BL._("%(game)s board", { game: geo.title }) });
    root.append(this._defs());
    if (this.hooks.decorate) this.hooks.decorate(root, geo, this);
    // Lower levels first, so that a pyramid's upper seats are drawn on top.
    const cells = [...geo.cells].sort((a, b) => Board.level(geo, a) - Board.level(geo, b));
    for (const pos of cells) root.append(this._position(pos, geo, false));
    for (const pos of geo.zones) root.append(this._position(pos, geo, true));
    this.box.replaceChildren(root);
  }

  _xy(geo, pos) {
    const [x, y] = geo.coords[pos];
    return [x * S, -y * S];
  }

  /* Zones (trays, supplies) go in a row under the board, so that the board itself can use
     the whole width of a phone. */
  _zonePlaces(geo, cellPts) {
    // A zone inside the board's extent (a Plimus pole in its corner) stands where the game
    // says; the others (trays, reserves, supplies) go in rows under the board, as many per
    // row as fit its width at 2.1 cells each.
    const out = {};
    this.inBoard = new Set();
    if (!geo.zones.length) return out;
    const xs = cellPts.map((p) => p[0]), ys = cellPts.map((p) => p[1]);
    const left = Math.min(...xs), right = Math.max(...xs), bottom = Math.max(...ys);
    const top = Math.min(...ys);
    const outside = [];
    for (const z of geo.zones) {
      const [x, y] = this._xy(geo, z);
      const inside = x >= left && x <= right && y >= top && y <= bottom;
      if (inside || geo.zonesPlaced) {
        out[z] = [x, y];
        if (inside) this.inBoard.add(z);
      } else {
        outside.push(z);
      }
    }
    const step = 2.1 * S;
    const perRow = Math.max(1, Math.min(outside.length, Math.floor((right - left) / step) + 1));
    outside.forEach((z, i) => {
      const row = Math.floor(i / perRow), col = i % perRow;
      const inRow = Math.min(perRow, outside.length - row * perRow);
      const x0 = (left + right) / 2 - (step * (inRow - 1)) / 2;
      out[z] = [x0 + col * step, bottom + 1.35 * S + row * 1.5 * S];
    });
    return out;
  }

  _defs() {
    const defs = BL.svg("defs");
    const shine = BL.svg("radialGradient", { id: "shine", cx: "35%", cy: "30%", r: "65%" });
    shine.append(BL.svg("stop", { offset: "0%", "stop-color": "#fff", "stop-opacity": "0.55" }),
      BL.svg("stop", { offset: "60%", "stop-color": "#fff", "stop-opacity": "0" }));
    defs.append(shine);
    return defs;
  }

  /* A tray's caption squeezed to the tray's width when the words are longer (a language's
     words may be longer than the English the trays were sized for). */
  static fitLabel(label, shape) {
    try {
      label.removeAttribute("textLength");
      const room = shape.getBBox().width * 0.94;
      if (!(room > 0)) return false;
      if (label.getComputedTextLength() > room) {
        label.setAttribute("textLength", room.toFixed(1));
        label.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
      return true;
    } catch (e) {
      return false;  // not rendered yet (hidden): the next update fits it
    }
  }

  /* A position as players name it ("C3", "Black's tray"), from the geometry's places. */
  placeName(pos) {
    const place = ((this.geo || {}).places || {})[pos];
    return place ? place.words : pos;
  }

  /* "c3: black marble", "c3: 2 pieces, black marble on top", "c3: empty". */
  static describe(pos, stack, state) {
    const names = state.pieces || {};
    if (!stack.length) return BL._("%(place)s: empty", { place: pos });
    const top = names[stack[stack.length - 1]] || stack[stack.length - 1];
    if (stack.length === 1) return BL._("%(place)s: %(piece)s", { place: pos, piece: top });
    return BL.n_("%(place)s: %(n)s piece, %(piece)s on top", "%(place)s: %(n)s pieces, %(piece)s on top",
      stack.length, { place: pos, piece: top });
  }

  static level(geo, pos) {
    const place = (geo.places || {})[pos];
    return (place && place.level) || 0;
  }

  _pieceR(geo, pos, zone) {
    if (zone) return 0.27 * S;
    const level = Board.level(geo, pos);
    return (level ? 0.33 - 0.03 * level : 0.37) * S;
  }

  _shape(geo, x, y, zone, pos) {
    const own = this.hooks.cellShape ? this.hooks.cellShape(pos, geo, x, y, zone, this) : null;
    if (own) return own;
    if (zone && this.inBoard.has(pos)) {
      return BL.svg("rect", { class: "zone", x: x - 0.9 * S, y: y - 0.9 * S, width: 1.8 * S, height: 1.8 * S, rx: 0.5 * S });
    }
    if (zone) return BL.svg("rect", { class: "zone", x: x - 0.95 * S, y: y - 0.62 * S, width: 1.9 * S, height: 1.24 * S, rx: 0.2 * S });
    if (geo.shape === "hex") {
      const r = 0.565 * S, pts = [];
      for (let i = 0; i < 6; i++) {
        const a = Math.PI / 180 * (30 + 60 * i);
        pts.push(`${(x + r * Math.cos(a)).toFixed(3)},${(y + r * Math.sin(a)).toFixed(3)}`);
      }
      return BL.svg("polygon", { class: "cell", points: pts.join(" ") });
    }
    if (geo.shape === "node") return BL.svg("circle", { class: "cell", cx: x, cy: y, r: 0.45 * S });
    const level = Board.level(geo, pos);
    if (level > 0) {
      // A pyramid's upper level rests where four cells below meet: a smaller round seat.
      return BL.svg("circle", { class: `cell upper level-${Math.min(level, 3)}`, cx: x, cy: y, r: this._pieceR(geo, pos, false) + 0.05 * S });
    }
    return BL.svg("rect", { class: "cell", x: x - 0.46 * S, y: y - 0.46 * S, width: 0.92 * S, height: 0.92 * S, rx: 0.08 * S });
  }

  _position(pos, geo, zone) {
    const [cx, cy] = zone ? this.zoneXY[pos] : this._xy(geo, pos);
    const g = BL.svg("g", { "data-pos": pos, class: zone ? "pos zone-pos" : "pos" });
    const shape = this._shape(geo, cx, cy, zone, pos);
    const place = (geo.places || {})[pos] || { kind: "cell", name: pos, words: pos };
    // A board cell shows its printed name; a place beside the board (or a slot among the
    // cells, a Crosswise action tile's) its words, smaller.
    const cell = place.kind === "cell";
    const label = BL.svg("text", { class: zone ? "zone-label" : (cell ? "coord" : "coord small"),
      x: cx, y: zone ? cy + 0.5 * S : cy });
    label.textContent = cell ? place.name : place.words;
    const py = zone ? cy - 0.14 * S : cy, pr = this._pieceR(geo, pos, zone);
    const ring = zone ? pr + 0.09 * S : Math.max(pr + 0.08 * S, 0.47 * S * (Board.level(geo, pos) ? 0.8 : 1));
    const glow = BL.svg("circle", { class: "led-glow", cx, cy: py, r: ring, visibility: "hidden" });
    const led = BL.svg("circle", { class: "led", cx, cy: py, r: ring, visibility: "hidden" });
    const piece = BL.svg("circle", { class: "piece", cx, cy: py, r: pr, visibility: "hidden" });
    const shine = BL.svg("circle", { cx, cy: py, r: pr, fill: "url(#shine)", "pointer-events": "none", visibility: "hidden" });
    const count = BL.svg("text", { class: "count", x: cx, y: py, visibility: "hidden" });
    const art = BL.svg("g", { class: "art", "pointer-events": "none" });  // a game's own pieces
    g.append(shape, label, glow, led, piece, shine, count, art);
    if (this.onPick) {
      shape.classList.add("clickable");
      g.addEventListener("click", () => this.onPick(pos, zone));
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", this.placeName(pos));
      g.setAttribute("data-label", "");
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.onPick(pos, zone); } });
    }
    this.nodes[pos] = { g, shape, label, glow, led, piece, shine, count, art, zone, x: cx, y: py, r: pr };
    return g;
  }

  /* ``state``: a snapshot; pieces from its public ``layout`` (stacks, bottom first), the
     simulated board's own layout on top where it differs (a lifted piece shows as a ghost). */
  update(state) {
    if (!this.geo) return;
    const cells = (state.view || {}).cells || {};
    const sim = state.sim;
    const leds = state.leds || {};
    for (const [pos, n] of Object.entries(this.nodes)) {
      const standing = (state.layout || {})[pos] || [];
      const committed = standing.length ? standing[standing.length - 1] : (cells[pos] || "");
      const stack = sim ? (sim.layout[pos] || []) : (standing.length ? standing : (committed ? [committed] : []));
      const physical = stack.length ? stack[stack.length - 1] : "";
      if (this.hooks.showCell) n.g.setAttribute("visibility", this.hooks.showCell(pos, state, this) || physical ? "visible" : "hidden");
      let kind = physical, cls = "piece";
      if (sim && physical && physical !== committed && !n.zone) cls += " pending";
      if (!physical && committed) { kind = committed; cls += " lifted"; }
      const own = this.hooks.drawPiece && this.hooks.drawPiece(n, stack, state, this, { kind, lifted: !physical && !!committed });
      const show = kind && !own ? "visible" : "hidden";
      if (!own) n.art.replaceChildren();
      n.piece.setAttribute("visibility", show);
      n.shine.setAttribute("visibility", kind && !own && !cls.includes("lifted") ? "visible" : "hidden");
      if (kind) {
        n.piece.setAttribute("fill", BL.pieceColour(state, kind));
        n.piece.setAttribute("class", cls);
      }
      const many = stack.length > 1;
      // A stack shows its height; a single magnet stone its sign ("blue+" -> "+").
      const sign = !many && kind ? (String(kind).match(/[+-]$/) || [""])[0] : "";
      n.count.setAttribute("visibility", !own && (many || sign) ? "visible" : "hidden");
      n.count.textContent = many ? String(stack.length) : (sign === "-" ? "−" : sign);
      n.count.setAttribute("fill", kind && BL.pieceColour(state, kind) === "#1c1a19" ? "#fff" : "#1c1a19");
      const light = leds[pos];
      const on = light && (light[0] || light[1] || light[2]);
      for (const [node, cls] of [[n.led, "led"], [n.glow, "led-glow"]]) {
        node.setAttribute("visibility", on ? "visible" : "hidden");
        if (on) {
          node.setAttribute("stroke", `rgb(${light[0]}, ${light[1]}, ${light[2]})`);
          node.setAttribute("class", light[3] ? `${cls} blink` : cls);
        }
      }
      const where = n.zone && this.hooks.zoneName ? this.hooks.zoneName(pos, state) : this.placeName(pos);
      const said = this.hooks.describe ? this.hooks.describe(pos, stack, state, n.zone)
        : Board.describe(where, stack, state);
      n.g.setAttribute("aria-label", on ? BL._("%(place)s, lit", { place: said }) : said);
      if (n.zone) {
        const caption = this.hooks.zoneName ? this.hooks.zoneName(pos, state)
          : this.placeName(pos);
        // Measured once per caption (a measure forces the browser to lay the page out).
        if (caption !== n.label.textContent || !n.fitted) {
          n.label.textContent = caption;
          n.fitted = Board.fitLabel(n.label, n.g.firstChild);
        }
      }
    }
    if (this.hooks.updated) this.hooks.updated(state, this);
  }
}
