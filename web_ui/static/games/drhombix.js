/* DRHOMBIX at the table and on the phones: the pyramid drawn level over level, its words.

   Each level is drawn a little further up the screen than the one it rests on (the server's
   drawing coordinates, /api/geometry "extras"), so every piece's middle is in sight and can be
   tapped while an upper piece still sits among the pieces that carry it. An empty upper seat
   shows, as a dashed outline that covers nothing, only where a piece can go (all the places
   under it are full). Pieces are drawn as the solid blocks they are: a light top face and two
   shaded sides, white or black (the ant game's pieces, whose colour plays no part, in wood).

   Words come from the server: each place as /api/geometry "places" says it (its kind, owner
   and words: "b2 on level 1", "White's reserve"), each move, choice and outcome with the
   snapshot's own words. Nothing here reads meaning from a position id or a move text. */
"use strict";

BL.defineGame("drhombix", () => {
  const { _, n_ } = BL;
  const U = 40;  // user units per cell, as board.js draws
  let extras = { levels: {}, supports: {}, coords: {}, sizes: {} };
  let places = {};  // position -> {kind, owner, level, words}: the server's typed places
  let sensed = new Set();

  const FACES = {
    w: { top: "#fcf9f1", left: "#e3dac6", right: "#c8b899", edge: "#6f5d45" },
    b: { top: "#5b5651", left: "#34302c", right: "#191715", edge: "#000" },
    o: { top: "#f0d9a6", left: "#d6b577", right: "#b48b4d", edge: "#6b4e24" },
  };
  /* A piece's radius in cells (the server's "sizes"): as large as it can be while the middle
     of every piece under it stays in sight; an upper seat is as large as its piece, so that a
     finger finds the piece wherever it is seen. */
  const size = (pos) => (extras.sizes || {})[pos] || 0.3;

  const level = (pos) => extras.levels[pos];
  const placeOf = (pos) => places[pos] || {};
  const isZone = (pos) => { const k = placeOf(pos).kind; return Boolean(k) && k !== "cell"; };
  const placeWords = (pos) => placeOf(pos).words || pos;
  const ant = () => extras.kind === "ant";
  // A seat's place beside the board (its reserve, or in the ant game its taken pieces).
  const zoneOf = (seat) => Object.keys(places).find((p) => isZone(p) && places[p].owner === seat);

  /* What stands where: the game's committed layout, and what the simulated board's hands
     have made of it (a presence sensor cannot tell colours: the game knows them). */
  const committed = (s, pos) => ((s.layout || {})[pos] || []).slice(-1)[0] || "";
  const physical = (s, pos) => (s.sim ? ((s.sim.layout[pos] || []).slice(-1)[0] || "")
    : committed(s, pos));
  const count = (s, pos) => ((s.layout || {})[pos] || []).length;

  function label(s, seat) { return (s.labels || {})[seat] || seat; }
  function pieceWord(s, kind) { return (s.pieces || {})[kind] || kind; }

  /* A colour a share ``t`` of the way to white. */
  function lighter(hex, t) {
    const n = parseInt(hex.slice(1), 16);
    const mix = (c) => Math.round(c + (255 - c) * t);
    return `rgb(${mix(n >> 16)}, ${mix((n >> 8) & 255)}, ${mix(n & 255)})`;
  }

  /* A piece as a block seen from above at a slant: a hexagon of three faces.  The ant
     game's wooden pieces, all alike, are a little lighter each level up (nearer the light),
     so that a piece stands out from those it rests on. */
  function block(x, y, r, kind, cls, k) {
    let faces = FACES[kind] || FACES.o;
    if (faces === FACES.o && k) {
      faces = { ...faces, top: lighter(faces.top, 0.22 * k), left: lighter(faces.left, 0.18 * k),
        right: lighter(faces.right, 0.14 * k) };
    }
    const at = (deg) => {
      const a = (Math.PI / 180) * deg;
      return [x + r * Math.cos(a), y + r * Math.sin(a)];
    };
    const pts = (...ps) => ps.map((p) => `${p[0].toFixed(2)},${p[1].toFixed(2)}`).join(" ");
    const c = [x, y];
    const [ul, top, ur, lr, bottom, ll] = [at(210), at(270), at(330), at(30), at(90), at(150)];
    const g = BL.svg("g", { class: `dx-piece ${cls || ""}`.trim() });
    g.append(
      BL.svg("polygon", { class: "dx-shadow", points: pts(ul, top, ur, lr, bottom, ll) }),
      BL.svg("polygon", { fill: faces.top, points: pts(c, ul, top, ur) }),
      BL.svg("polygon", { fill: faces.left, points: pts(c, ul, ll, bottom) }),
      BL.svg("polygon", { fill: faces.right, points: pts(c, ur, lr, bottom) }),
      BL.svg("polygon", { class: "dx-edge", stroke: faces.edge, points: pts(ul, top, ur, lr, bottom, ll) }));
    return g;
  }

  function hexagon(x, y, r, cls) {
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI / 180) * (30 + 60 * i);
      pts.push(`${(x + r * Math.cos(a)).toFixed(2)},${(y + r * Math.sin(a)).toFixed(2)}`);
    }
    return BL.svg("polygon", { class: cls, points: pts.join(" ") });
  }

  /* A tray's caption: a reserve as the server says it ("White's reserve"); the ant game's
     taken pieces, whose words are long for a tray, by their owner alone. */
  function zoneName(pos, s) {
    const place = placeOf(pos);
    return place.kind === "taken" ? label(s, place.owner) : placeWords(pos);
  }

  /* A facet's value (one place or several, joined by commas) in words: the seat's snapshot
     says it (declare_words), else the places' own words. */
  function facetWords(s, facet, value) {
    const said = ((s.declare_words || {})[facet] || {})[value];
    return said || BL.listed(String(value).split(",").map(placeWords));
  }

  /* The words of the capture rules this variant plays. */
  function rulesWords() {
    const r = extras.rules || {};
    const square = extras.board === "square";
    const out = [];
    out.push(!r.sandwich ? _("No sandwich rule.") : square
      ? _("Sandwich rule: catch a piece of the other colour between two of yours in a row or column of one level, and it is yours.")
      : _("Sandwich rule: catch a piece of the other colour between two of yours in a line of one level, and it is yours."));
    if (!r.nest) out.push(_("No nest rule."));
    else if (square) out.push(_("Nest rule: fill a square of four places of one level with your colour, and take a free piece of the other colour."));
    else {
      out.push(_("Nest rule: fill the three places under a seat with your colour, and take a free piece of the other colour."));
      if (r.inverted_nests) out.push(_("Upside-down triangles of three places count as nests too."));
    }
    return out;
  }

  /* A place of the pyramid whose piece is lifted (the game has it there, the simulated board
     not) while a piece still stands on it: {pos, carried}, or null. */
  function stuck(s) {
    if (!s.sim) return null;
    for (const pos of Object.keys(extras.levels)) {
      if (!committed(s, pos) || physical(s, pos)) continue;
      const carried = Object.keys(extras.supports).filter((q) => physical(s, q)
        && extras.supports[q].includes(pos));
      if (carried.length) return { pos, carried };
    }
    return null;
  }

  function row(box, parts) { box.append(BL.el("div", { class: "dx-row" }, ...parts)); }

  function unsensedValue(value) {
    return String(value).split(",").some((p) => !sensed.has(p));
  }

  const QUESTIONS = {
    target: () => _("If you raise a piece from the base: where does it go?"),
    source: () => _("Which piece do you raise?"),
    capture: () => _("If your nest takes a piece above the base: which one?"),
    removed: () => _("Which pieces do you take off?"),
  };

  const hooks = {
    prepare(geo) {
      extras = geo.extras || extras;
      places = geo.places || places;
      sensed = new Set(geo.sensed || []);
      for (const [pos, xy] of Object.entries(extras.coords || {})) geo.coords[pos] = xy;
      // The variant's rules travel with the view; keep the board's own facts here.
    },

    decorate(root, geo) {
      // The base's frame, under the cells: a wooden board.
      const base = geo.cells.filter((p) => level(p) === 0).map((p) => [geo.coords[p][0] * U, -geo.coords[p][1] * U]);
      if (!base.length) return;
      const xs = base.map((c) => c[0]), ys = base.map((c) => c[1]);
      if (extras.board === "triangle") {
        // A triangle around the base's three corner places, its corners rounded: every point
        // of the edge 0.62 cells from the nearest place of the base's outer ring, so that each
        // cell, the corners' too, lies inside it.
        const R = 0.62 * U;
        const corners = [[Math.min(...xs), Math.max(...ys)], [Math.max(...xs), Math.max(...ys)],
          [(Math.min(...xs) + Math.max(...xs)) / 2, Math.min(...ys)]];
        const normals = [[0, 1], [Math.cos(-Math.PI / 6), Math.sin(-Math.PI / 6)],
          [-Math.cos(Math.PI / 6), -Math.sin(Math.PI / 6)]];  // bottom, right, left edges
        const at = ([x, y], n) => `${(x + R * n[0]).toFixed(1)},${(y + R * n[1]).toFixed(1)}`;
        // Along each edge (corner i to i + 1), then around corner i + 1 to the next edge.
        let d = `M${at(corners[0], normals[0])}`;
        for (let i = 0; i < 3; i++) {
          const next = corners[(i + 1) % 3];
          d += ` L${at(next, normals[i])} A${R.toFixed(1)},${R.toFixed(1)} 0 0 0 ${at(next, normals[(i + 1) % 3])}`;
        }
        root.append(BL.svg("path", { class: "dx-frame", d: `${d} Z` }));
        return;
      }
      const pad = 0.62 * U;
      root.append(BL.svg("rect", { class: "dx-frame", x: Math.min(...xs) - pad, y: Math.min(...ys) - pad,
        width: Math.max(...xs) - Math.min(...xs) + 2 * pad, height: Math.max(...ys) - Math.min(...ys) + 2 * pad,
        rx: 0.25 * U }));
    },

    cellShape(pos, geo, x, y, zone) {
      if (zone) return BL.svg("rect", { class: "zone dx-tray", x: x - 0.95 * U, y: y - 0.62 * U,
        width: 1.9 * U, height: 1.24 * U, rx: 0.2 * U });
      const k = level(pos);
      if (k > 0) return BL.svg("circle", { class: `cell dx-seat dx-level-${k}`, cx: x, cy: y, r: size(pos) * U });
      if (extras.board === "triangle") return BL.svg("circle", { class: "cell dx-base", cx: x, cy: y, r: 0.46 * U });
      return BL.svg("rect", { class: "cell dx-base", x: x - 0.46 * U, y: y - 0.46 * U,
        width: 0.92 * U, height: 0.92 * U, rx: 0.08 * U });
    },

    showCell(pos, s) {
      if (isZone(pos) || !level(pos)) return true;
      if (physical(s, pos) || committed(s, pos)) return true;
      // An empty seat above the base shows only where a piece can go: all beneath it full.
      return (extras.supports[pos] || []).every((p) => physical(s, p));
    },

    /* A piece in the simulated board's hand, drawn as the block it is. */
    pieceChip(kind, s) {
      const chip = BL.svg("svg", { class: "piece-chip dx-chip", viewBox: "-12 -12 24 24", width: 28, height: 28,
        role: "img", "aria-label": pieceWord(s, kind) });
      chip.append(block(0, 0, 11, kind));
      return chip;
    },

    drawPiece(node, stack, s) {
      node.art.replaceChildren();
      const pos = node.g.getAttribute("data-pos");
      if (isZone(pos)) {
        const n = count(s, pos);
        // A reserve holds its owner's colour (a captured piece is turned over); the ant
        // game's taken pieces have no colour that counts.
        const kind = ant() ? "o" : placeOf(pos).owner;
        const r = 0.27 * U;
        for (let i = Math.min(n, 3) - 1; i >= 0; i--) {
          node.art.append(block(node.x - 0.45 * U + i * 0.12 * U, node.y - i * 0.09 * U, r, kind));
        }
        const t = BL.svg("text", { class: "dx-count", x: node.x + 0.42 * U, y: node.y });
        t.textContent = n ? BL.number(n) : "0";
        node.art.append(t);
        return true;
      }
      const was = committed(s, pos), now = physical(s, pos);
      const k = level(pos);
      const r = size(pos) * U;
      // An upper seat's outline shows only while it is empty; a lit piece's ring hugs it,
      // clear of the middles of the pieces beside it.
      node.shape.classList.toggle("dx-filled", Boolean(was || now));
      if (k) {
        for (const ring of [node.led, node.glow]) ring.setAttribute("r", (r + 0.06 * U).toFixed(2));
      }
      if (!was && !now) return false;
      if (!now) {
        node.art.append(hexagon(node.x, node.y, r, "dx-lifted"));
        return true;  // (the place's name shows through)
      }
      node.art.append(block(node.x, node.y, r, was || now, was ? "" : "dx-pending", k));
      if (k) {
        // The level as the words say it (counted from 1 at the base: a piece on 1a1 is "on
        // level 2"), at the piece's middle: always in sight.
        const tag = BL.svg("text", { class: `dx-tag dx-tag-${was || now}`, x: node.x, y: node.y });
        tag.textContent = BL.number(k + 1);
        node.art.append(tag);
      }
      return true;
    },

    describe(pos, stack, s) {
      if (isZone(pos)) {
        const n = count(s, pos);
        const where = placeWords(pos);
        return n ? n_("%(place)s: %(n)s piece", "%(place)s: %(n)s pieces", n, { place: where })
          : _("%(place)s: empty", { place: where });
      }
      const was = committed(s, pos), now = physical(s, pos);
      let what = _("empty");
      if (was && now) what = pieceWord(s, was);
      else if (now) what = _("%(piece)s, just put down", { piece: pieceWord(s, now) });
      else if (was) what = _("%(piece)s, lifted", { piece: pieceWord(s, was) });
      return _("%(place)s: %(what)s", { place: placeWords(pos), what });
    },

    zoneName,

    // The scores are the pieces each player holds in reserve (the rules' savings).
    scoreName: (key, s) => (zoneOf(key) ? placeWords(zoneOf(key)) : label(s, key)),

    tableInfo(box, s) {
      const view = s.view || {};
      extras.rules = view.rules || extras.rules;
      const total = Object.keys(extras.levels).length;
      const onBoard = Object.keys(view.cells || {}).length;
      if (ant()) {
        row(box, [BL.el("span"), BL.el("span", { class: "k", text: _("On the pyramid") }),
          BL.el("span", { text: n_("%(n)s piece of %(total)s", "%(n)s pieces of %(total)s", onBoard, { total }) })]);
        for (const seat of s.seats || []) {
          const taken = (view.taken || {})[seat] || 0;
          row(box, [BL.dot(BL.seatColour(s, seat)), BL.el("span", { class: "k", text: BL.seatName(s, seat) }),
            BL.el("span", { text: n_("took %(n)s piece off", "took %(n)s pieces off", taken) })]);
        }
        box.append(BL.el("p", { class: "small muted", text: _("Whoever takes the last piece off loses. A turn: take one or two free pieces of one level off, or raise one free piece one or two levels.") }));
        return;
      }
      for (const seat of s.seats || []) {
        const reserve = (view.reserves || {})[seat] || 0;
        const placed = Object.values(view.cells || {}).filter((c) => c === seat).length;
        row(box, [BL.dot(BL.seatColour(s, seat)), BL.el("span", { class: "k", text: BL.seatName(s, seat) }),
          BL.el("span", { text: [n_("%(n)s piece in reserve", "%(n)s pieces in reserve", reserve),
            n_("%(n)s on the pyramid", "%(n)s on the pyramid", placed)].join(", ") })]);
      }
      for (const line of rulesWords()) box.append(BL.el("p", { class: "small", text: line }));
      const used = view.used || [];
      if (used.length) {
        box.append(BL.el("p", { class: "small", text: n_(
          "Already taken by a sandwich, never again: %(places)s.",
          "Already taken by a sandwich, never again: %(places)s.", used.length,
          { places: BL.listed(used.map(placeWords)) }) }));
      }
      box.append(BL.el("p", { class: "small muted", text: _("A piece on the top of the pyramid (%(apex)s) wins; a player who cannot move loses.", { apex: placeWords(extras.apex) }) }));
    },

    simHelp(s) {
      const sim = s.sim || {};
      const lifted = sim.lifted || [];
      const mover = s.to_move;
      const takeOff = (s.prompts || []).some((p) => p.kind === "waiting"
        && (((p.message || {}).params || {}).take || []).length);
      // A tray the game counts more pieces in than the simulated board holds is owed the
      // piece in the hand (a capture, a piece taken off).
      const short = (seat) => count(s, zoneOf(seat)) > ((sim.layout || {})[zoneOf(seat)] || []).length;
      // A piece lifted that carries another is no part of any move: it goes back (the
      // simulated board keeps it in the hand rather than put it beside the board).
      const held = stuck(s);
      if (held) {
        return n_("The piece from %(place)s is not free: it carries the piece at %(carried)s. Put it back on %(place)s (tap it).",
          "The piece from %(place)s is not free: it carries the pieces at %(carried)s. Put it back on %(place)s (tap it).",
          held.carried.length, { place: placeWords(held.pos), carried: BL.listed(held.carried.map(placeWords)) });
      }
      if (ant()) {
        const taker = (s.seats || []).find(short) || mover || (s.seats || [])[0];
        if (lifted.length) return _("Put it in the taken area of %(seat)s (tap it). To take two pieces of one level, tap the second one first.", { seat: label(s, taker) });
        return _("Tap a free piece to take it off, or to raise it: then tap the outlined seat where it goes.");
      }
      // A captured piece in the hand: a piece of one colour while the other player's reserve
      // is a piece short of what the game counts there (the capture went to it).
      const captor = (s.seats || []).find((seat) => short(seat) && lifted.some((k) => k !== seat));
      if (captor) {
        return _("The captured piece is turned over and goes to %(seat)s's reserve: tap the reserve.", { seat: label(s, captor) });
      }
      if (lifted.length) return _("Tap where it goes: a place of the base, or an outlined seat above.");
      if (takeOff) return _("Take the captured piece off: tap it (its light blinks).");
      return _("Tap your reserve to take a piece, then tap where it goes; or tap one of your free pieces to raise it one or two levels.");
    },

    /* The phone: what no sensor of this board sees, asked only where it is so. */
    declare(box, s, tools) {
      // Asked only for a part no sensor sees of a move the board does see in part (a raise
      // from the base to a place above it); a move with nothing seen is a button of its own.
      const moves = (s.view || {}).moves || [];
      const seenPart = (m) => [m.source, m.target, ...(m.takes || []), ...(m.sandwich || [])]
        .some((p) => p && sensed.has(p));
      const needed = (facet, v) => moves.some((m) => (m.facets || {})[facet] === v && seenPart(m));
      const rows = [];
      for (const [facet, values] of Object.entries(s.declare || {})) {
        const unseen = values.filter((v) => unsensedValue(v) && needed(facet, v));
        if (!unseen.length || !QUESTIONS[facet]) continue;
        rows.push(BL.el("div", {}, BL.el("div", { class: "k", text: QUESTIONS[facet]() }),
          BL.el("div", { class: "action-row" }, unseen.map((v) => BL.el("button", { class: "button", type: "button",
            text: facetWords(s, facet, v),
            onclick: async () => {
              if ((await tools.act({ type: "declare", facets: { [facet]: v } })).ok) tools.toast(_("Noted: %(what)s.", { what: facetWords(s, facet, v) }));
            } })))));
      }
      if (rows.length) {
        box.append(...rows, BL.el("button", { class: "linklike", type: "button", text: _("Forget what I said"),
          onclick: () => tools.act({ type: "cancel" }) }));
      }
      return true;
    },
  };
  return hooks;
});
