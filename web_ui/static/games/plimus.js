/* Plimus at the table and on the phones: the board as the game looks, its words.

   The board file's fields come with /api/geometry ("extras"): the lines between the nodes,
   the dot fields (a jump over a stone there may turn), the circle fields (where the blank
   stone may stand), the coloured start fields with their plus and minus signs, the four
   poles. Stones are the team's colour with their sign; a double is drawn as a stack, its
   lower stone a band of its own beneath the upper one (whose sign is the double's), with its
   own sign there; a stone lifted off the board leaves a ghost with its sign, and the table's
   "in hand" shows it with its sign too (pieceChip).

   Moves, places and the end come in words from the server (moves[i].words, the prompts'
   choice_words, declare_words, outcome.words, the geometry's places[..].words): nothing here
   reads a move text, an outcome or a place id. What a place is (a pole) comes from its typed
   place; the phone's pole questions read the typed descriptions of the moves asked about. */
"use strict";

BL.defineGame("plimus", () => {
  const { _, n_ } = BL;
  const U = 40;  // user units per cell, as board.js draws
  let extras = { lines: [], dots: [], circles: [], poles: [], start: {}, targets: {}, teams: [] };
  let coords = {};
  let places = {};  // /api/geometry's places: {pos: {kind: "cell" or "pole", name, words}}

  const TEAM_TINT = { blue: "#cfe0fb", red: "#f6d2cf", yellow: "#fbeebe", green: "#cfead9" };
  const TEAM_EDGE = { blue: "#2f6fdb", red: "#c0392b", yellow: "#c79a10", green: "#2e8b57" };
  const MINUS = "\u2212";

  const isPole = (pos) => (places[pos] ? places[pos].kind === "pole" : extras.poles.includes(pos));
  /* A node by its printed name, a pole in words ("the south-west pole"), from the server. */
  const placeWords = (pos) => (places[pos] || {}).words || pos;
  /* A place's words where they stand alone, as a caption or a heading: "The south-west pole". */
  const headed = (text) => (text ? text.charAt(0).toLocaleUpperCase(BL.lang) + text.slice(1) : text);
  const teamOf = (kind) => String(kind).replace(/[+-]$/, "");
  const signOf = (kind) => (String(kind).endsWith("-") ? "-" : String(kind).endsWith("+") ? "+" : "");
  const shown = (sign) => (sign === "-" ? MINUS : sign);
  const xy = (pos) => [coords[pos][0] * U, -coords[pos][1] * U];

  // The four teams by name, also those not playing (their start fields are on the board).
  const TEAM_NAMES = { blue: _("Blue"), red: _("Red"), yellow: _("Yellow"), green: _("Green") };
  function label(s, seat) { return (s.labels || {})[seat] || TEAM_NAMES[seat] || seat; }
  function stoneWord(s, kind) { return (s.pieces || {})[kind] || kind; }
  function physical(s, pos) { return s.sim ? (s.sim.layout[pos] || []) : ((s.layout || {})[pos] || []); }
  function committed(s, pos) { return (s.layout || {})[pos] || []; }
  const same = (a, b) => a.length === b.length && a.every((k, i) => k === b[i]);

  /* What stands on a node, in words: "blue plus stone"; a double, its upper stone (its sign)
     first: "double, blue plus stone on blue minus stone". */
  function stackWords(s, stack) {
    if (!stack.length) return _("empty");
    const top = stack[stack.length - 1];
    if (stack.length === 1) return stoneWord(s, top);
    return _("double, %(upper)s on %(lower)s", { upper: stoneWord(s, top), lower: stoneWord(s, stack[0]) });
  }

  function fieldWords(s, pos) {
    const start = extras.start[pos];
    if (start) {
      return start[1] === "+" ? _("start field of %(team)s, plus", { team: label(s, start[0]) })
        : _("start field of %(team)s, minus", { team: label(s, start[0]) });
    }
    if (extras.dots.includes(pos)) return _("dot field");
    if (extras.circles.includes(pos)) return _("circle field");
    return "";
  }

  /* The stones in a pole by kind: {"blue+": 2, "red-": 1}. */
  function poleCounts(stack) {
    const out = {};
    for (const k of stack) out[k] = (out[k] || 0) + 1;
    return out;
  }

  function poleWords(s, counts) {
    const parts = Object.entries(counts).map(([kind, n]) => _("%(n)s × %(stone)s", { n: BL.number(n), stone: stoneWord(s, kind) }));
    return parts.length ? BL.listed(parts) : _("empty");
  }

  /* A stone of radius r centred on (x, y), its sign in its middle, or where ``sign`` says
     ({y, size}: the lower stone of a double shows its sign in the band under the upper). */
  function stone(x, y, r, kind, s, cls, sign) {
    const g = BL.svg("g", { class: `pl-stone ${cls || ""}`.trim() });
    if (kind === "blank") {
      g.append(BL.svg("circle", { class: "pl-blank", cx: x, cy: y, r }),
        BL.svg("circle", { class: "pl-blank-ring", cx: x, cy: y, r: r * 0.62 }));
      return g;
    }
    const colour = BL.pieceColour(s, kind);
    // A ghost (a stone lifted from here) is pale on an opaque ground, its sign in its colour:
    // the field's own sign and name do not show through it.
    const ghost = (cls || "").includes("pl-ghost");
    if (ghost) g.append(BL.svg("circle", { class: "pl-ghost-ground", cx: x, cy: y, r }));
    g.append(BL.svg("circle", { class: "pl-body", cx: x, cy: y, r, fill: colour }));
    if (!ghost) g.append(BL.svg("circle", { cx: x, cy: y, r, fill: "url(#shine)", "pointer-events": "none" }));
    const text = BL.svg("text", { class: "pl-sign", x, y: sign ? sign.y : y, "font-size": sign ? sign.size : r * 1.25 });
    if (ghost) text.style.fill = colour;
    text.textContent = shown(signOf(kind));
    g.append(text);
    return g;
  }

  /* What stands on a node (a single, or a double: the lower stone a band of its own under
     the upper, its sign in that band), drawn at (x, y); ``cls`` on each stone, ``upperCls``
     on the upper one only; ``ghost`` the stones lifted off the top of it (drawn faded, with
     their signs: where they were and what they are). */
  function drawStack(art, x, y, stack, s, cls, upperCls, ghost) {
    const all = [...stack, ...ghost];
    const R = 0.34 * U, r = 0.31 * U;
    const faded = (i) => (i >= stack.length ? " pl-ghost" : "");
    if (all.length === 1) {
      art.append(stone(x, y, R, all[0], s, `${cls}${faded(0)} ${upperCls}`.trim()));
      return;
    }
    // A double: the lower stone 0.31 of a node below the upper one's edge.
    const lowY = y + 0.18 * U, upY = y - 0.13 * U;
    art.append(stone(x, lowY, r, all[0], s, `pl-lower ${cls}${faded(0)}`.trim(),
      { y: upY + r + (lowY + r - (upY + r)) / 2, size: 0.22 * U }));
    art.append(stone(x, upY, r, all[all.length - 1], s, `pl-upper ${cls}${faded(all.length - 1)} ${upperCls}`.trim()));
  }

  /* A stone in the hand, as itself: its colour and its sign, named. */
  function chip(kind, s) {
    const svg = BL.svg("svg", { viewBox: "-16 -16 32 32", width: 30, height: 30, class: "pl-chip",
      role: "img", "aria-label": stoneWord(s, kind) });
    svg.append(stone(0, 0, 14, kind, s));
    return svg;
  }

  /* A move's description (typed data, as the server sends it) with its poles left out:
     moves that differ only in their poles read alike. */
  function withoutPoles(value) {
    if (Array.isArray(value)) return value.map(withoutPoles);
    if (value && typeof value === "object") {
      if (value.type === "zone" && value.kind === "pole") return null;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutPoles(v)]));
    }
    return value;
  }

  /* A capture's question on the phone names the captured node (the facet "pole NODE" of the
     game's phone protocol, docs/games/plimus.md); the pole a stone went into ("enters") and
     anything else names none. */
  const capturedAt = (facet) => (facet.startsWith("pole ") ? facet.slice(5) : null);

  function row(box, ...parts) { box.append(BL.el("div", { class: "pl-row" }, ...parts)); }

  /* How many of a team's stones stand formed up on its target area (a single of its own team,
     of the field's sign). */
  function inPlace(s, seat) {
    const target = extras.targets[seat];
    let n = 0, fields = 0;
    for (const [pos, [team, sign]] of Object.entries(extras.start)) {
      if (team !== target) continue;
      fields += 1;
      const stack = ((s.view || {}).nodes || {})[pos] || [];
      if (stack.length === 1 && stack[0] === `${seat}${sign}`) n += 1;
    }
    return [n, fields];
  }

  function capturesWords(s) {
    const foes = (s.view || {}).foes || {};
    const seats = s.seats || [];
    const pairs = [];
    for (const a of seats) {
      for (const b of foes[a] || []) {
        if (seats.indexOf(a) < seats.indexOf(b)) pairs.push([a, b]);
      }
    }
    const every = seats.length > 2 && pairs.length === seats.length * (seats.length - 1) / 2;
    if (every) return _("Every team may capture every other.");
    return pairs.map(([a, b]) => _("%(a)s and %(b)s may capture each other.", { a: label(s, a), b: label(s, b) })).join(" ");
  }

  /* The capture poles a player may say before moving: one question per stone a capture of
     this turn could take, only when one can.  What this phone said is kept here until the
     move is done (the ply moves on), the turn is no longer this seat's, or the phone forgets
     it: facet -> value (a pole, or a double's "upper/lower"), and for a captured double the
     poles picked so far; the server keeps what was said but does not send it back. */
  let said = { ply: null, seat: null, values: {}, picks: {} };
  let lastTap = { pos: null, how: null };  // the simulated board's last tap (simPick)

  function saidFor(s) {
    const mine = s.status === "playing" && !s.outcome && s.to_move === s.seat;
    if (!mine || said.ply !== s.ply || said.seat !== s.seat) said = { ply: s.ply, seat: s.seat, values: {}, picks: {} };
    return said;
  }

  /* The poles as buttons, each by its name standing alone; the chosen one pressed, with a
     mark. */
  function poleButtons(values, onPick, chosen) {
    return BL.el("div", { class: "action-row" }, values.map((v) => BL.el("button", {
      class: "button" + (chosen === v ? " chosen" : ""), type: "button", "aria-pressed": String(chosen === v),
      text: headed(placeWords(v)), onclick: () => onPick(v) })));
  }

  const hooks = {
    prepare(geo) {
      extras = geo.extras || extras;
      coords = geo.coords;
      places = geo.places || places;
    },

    decorate(root, geo) {
      const nodes = geo.cells.map(xy);
      const xs = nodes.map((p) => p[0]), ys = nodes.map((p) => p[1]);
      const pad = 0.62 * U;
      root.append(BL.svg("rect", { class: "pl-board", x: Math.min(...xs) - pad, y: Math.min(...ys) - pad,
        width: Math.max(...xs) - Math.min(...xs) + 2 * pad, height: Math.max(...ys) - Math.min(...ys) + 2 * pad, rx: 0.3 * U }));
      // The start areas: a tint of their team's colour under each field.
      for (const [pos, [team]] of Object.entries(extras.start)) {
        if (!(pos in coords)) continue;
        const [x, y] = xy(pos);
        root.append(BL.svg("rect", { class: "pl-start", x: x - 0.5 * U, y: y - 0.5 * U, width: U, height: U,
          fill: TEAM_TINT[team] || "#eee" }));
      }
      // The lines: every neighbour pair along them.
      const lines = BL.svg("g", { class: "pl-lines" });
      for (const line of extras.lines) {
        for (let i = 1; i < line.length; i++) {
          if (!(line[i - 1] in coords) || !(line[i] in coords)) continue;
          const [x1, y1] = xy(line[i - 1]), [x2, y2] = xy(line[i]);
          lines.append(BL.svg("line", { x1, y1, x2, y2 }));
        }
      }
      root.append(lines);
    },

    cellShape(pos, geo, x, y, zone) {
      if (zone) return BL.svg("circle", { class: "zone pl-pole", cx: x, cy: y, r: 0.82 * U });
      const g = BL.svg("g", { class: "cell-group" });
      const start = extras.start[pos];
      const cls = ["cell", "pl-node"];
      if (start) cls.push("pl-start-field");
      if (extras.dots.includes(pos)) cls.push("pl-dot-field");
      if (extras.circles.includes(pos)) cls.push("pl-circle-field");
      const circle = BL.svg("circle", { class: cls.join(" "), cx: x, cy: y, r: 0.38 * U });
      if (start) circle.setAttribute("stroke", TEAM_EDGE[start[0]] || "#999");
      g.append(circle);
      if (extras.dots.includes(pos)) g.append(BL.svg("circle", { class: "pl-dot", cx: x, cy: y + 0.2 * U, r: 0.07 * U }));
      if (extras.circles.includes(pos)) g.append(BL.svg("circle", { class: "pl-ring", cx: x, cy: y, r: 0.3 * U }));
      if (start) {
        const sign = BL.svg("text", { class: "pl-field-sign", x, y: y - 0.14 * U });
        sign.textContent = shown(start[1]);
        g.append(sign);
      }
      return g;
    },

    drawPiece(node, stack, s) {
      const pos = node.g.getAttribute("data-pos");
      node.art.replaceChildren();
      if (extras.start[pos]) {
        // On a start field the name sits low, under the field's sign.
        node.label.setAttribute("y", node.y + 0.17 * U);
        node.label.classList.add("small");
      }
      if (isPole(pos)) {
        const counts = poleCounts(physical(s, pos));
        const kinds = Object.keys(counts).sort();
        const r = 0.17 * U;
        // The kinds in rows of up to three, centred in the pole (above its name).
        const perRow = 3, rows = Math.ceil(Math.min(kinds.length, 8) / perRow);
        kinds.slice(0, 8).forEach((kind, i) => {
          const rowi = Math.floor(i / perRow), inRow = Math.min(perRow, kinds.length - rowi * perRow);
          const col = i % perRow;
          const x = node.x + (col - (inRow - 1) / 2) * 0.42 * U;
          const y = node.y - 0.12 * U + (rowi - (rows - 1) / 2) * 0.5 * U;
          node.art.append(stone(x, y, r, kind, s));
          const t = BL.svg("text", { class: "pl-pole-count", x, y: y + 0.31 * U });
          t.textContent = `×${BL.number(counts[kind])}`;
          node.art.append(t);
        });
        return true;
      }
      const now = physical(s, pos), was = committed(s, pos);
      if (!now.length && !was.length) return false;
      // Stones lifted off the top of what stood here: their ghosts, with their signs.
      const lifted = was.length > now.length && same(now, was.slice(0, now.length)) ? was.slice(now.length) : [];
      const pending = s.sim && !same(now, was) && !lifted.length ? "pl-pending" : "";
      drawStack(node.art, node.x, node.y, now, s, "", pending, lifted);
      return true;
    },

    describe(pos, stack, s) {
      if (isPole(pos)) return _("%(place)s: %(stones)s", { place: placeWords(pos), stones: poleWords(s, poleCounts(physical(s, pos))) });
      const now = physical(s, pos), was = committed(s, pos);
      let what = stackWords(s, now);
      if (!now.length && was.length) what = _("%(stones)s, lifted", { stones: stackWords(s, was) });
      const field = fieldWords(s, pos);
      return field ? _("%(place)s: %(what)s; %(field)s", { place: pos, what, field })
        : _("%(place)s: %(what)s", { place: pos, what });
    },

    zoneName: (pos) => headed(placeWords(pos)),

    /* A stone in the table's hand: its colour and its sign. */
    pieceChip: (kind, s) => chip(kind, s),

    tableInfo(box, s) {
      const view = s.view || {};
      for (const seat of s.seats || []) {
        const [n, fields] = inPlace(s, seat);
        let inPoles = 0;
        for (const counts of Object.values(view.poles || {})) {
          for (const [kind, c] of Object.entries(counts)) if (teamOf(kind) === seat) inPoles += c;
        }
        const parts = [n_("%(n)s of %(fields)s formed up on %(target)s's start area",
          "%(n)s of %(fields)s formed up on %(target)s's start area", n,
          { fields, target: label(s, extras.targets[seat]) })];
        if (inPoles) parts.push(n_("%(n)s in the poles", "%(n)s in the poles", inPoles));
        row(box, BL.dot(BL.seatColour(s, seat)), BL.el("b", { text: BL.seatName(s, seat) }),
          BL.el("span", { text: parts.join("; ") }));
      }
      const poles = Object.entries(view.poles || {}).filter(([, c]) => Object.keys(c).length);
      for (const [pole, counts] of poles) {
        row(box, BL.el("b", { text: headed(placeWords(pole)) }), BL.el("span", { text: poleWords(s, counts) }));
      }
      if (!poles.length) box.append(BL.el("p", { class: "small", text: _("The poles are empty.") }));
      const limit = view.move_limit || 0, quiet = view.quiet || 0;
      if (limit) {
        box.append(BL.el("p", { class: "small", text: n_(
          "%(n)s move left before a draw (%(limit)s moves in a row without a capture).",
          "%(n)s moves left before a draw (%(limit)s moves in a row without a capture).",
          Math.max(0, limit - quiet), { limit: BL.number(limit) }) }));
      }
      if (view.blank) {
        box.append(BL.el("p", { class: "small", text: _("The blank stone stands on %(place)s: it never moves, and nobody jumps it.", { place: placeWords(view.blank) }) }));
      } else if (view.blank_to_place && s.to_move) {
        box.append(BL.el("p", { class: "small", text: _("%(seat)s first puts the blank stone on a circle field (%(places)s).", { seat: label(s, s.to_move), places: BL.listed(extras.circles.map(placeWords)) }) }));
        if (s.sim && s.status === "playing") {
          // The simulated board's hand: the blank stone comes from the box.
          box.append(BL.el("div", { class: "action-row" }, extras.circles.filter((c) => !physical(s, c).length)
            .map((c) => BL.el("button", { class: "button", type: "button", text: _("Put the blank stone on %(place)s", { place: placeWords(c) }),
              onclick: () => BL.api("POST", "/api/sim/place", { position: c, piece: "blank" }) }))));
        }
      }
      box.append(BL.el("p", { class: "small", text: capturesWords(s) + " " + _("Only a double captures, jumping a stone of the other sign; nothing is captured on a start field or in a pole.") }));
      box.append(BL.el("p", { class: "small muted", text: _("To win, form up all your stones as single stones on the opposite start area: plus stones on plus fields, minus stones on minus fields.") }));
    },

    /* On the simulated board a stone in the hand put on a single of its own team and the
       other sign makes a double (a join, or a double put back down); a tap on any other stone
       picks it up.  The one exception: the upper stone of a double just lifted, a second tap
       on the double lifts its lower stone too (the whole double moves), unless that stone was
       just put back there. */
    simPick(pos, zone, s) {
      const lifted = (s.sim || {}).lifted || [];
      const here = physical(s, pos);
      let how = null;
      if (!zone && lifted.length && here.length === 1) {
        const hand = lifted[lifted.length - 1];
        const joins = teamOf(hand) === teamOf(here[0]) && signOf(hand) && signOf(here[0])
          && signOf(hand) !== signOf(here[0]);
        const was = committed(s, pos);
        const upperInHand = was.length === 2 && was[1] === hand && was[0] === here[0];
        const putBack = lastTap.pos === pos && lastTap.how === "place";
        how = joins && !(upperInHand && !putBack) ? "place" : "lift";
      }
      lastTap = { pos, how: how || (here.length && !(zone && lifted.length) ? "lift" : "place") };
      return how;
    },

    /* The phone's question when the moves it asks about differ only in their poles (their
       descriptions, typed data, are the same but for the poles): which pole. */
    promptWords(p) {
      const moves = ((p.message || {}).params || {}).moves || [];
      if (p.kind !== "choose" || moves.length < 2) return null;
      const bare = moves.map((m) => JSON.stringify(withoutPoles(m)));
      if (!bare.every((b) => b === bare[0])) return null;
      return moves.every((m) => m.key === "plimus.capture") ? _("Which pole did the captured stone go into?")
        : _("Your stone went into a pole: which one?");
    },

    simHelp(s) {
      const lifted = (s.sim || {}).lifted || [];
      const mover = s.to_move;
      if (lifted.length && mover && lifted.some((k) => teamOf(k) !== mover)) {
        return _("Put the captured stone in a pole (tap the pole), then say on your phone which pole it went into.");
      }
      if (lifted.length) return _("Tap the field where it goes, or a pole to put it in. A double is two stones: tap the field twice to put both down.");
      return _("Tap a stone to pick it up; tap a double twice to pick up both its stones (once: only its upper stone).");
    },

    /* The phone: which pole a captured stone goes into may be said before moving, but only
       when a capture can happen this turn. Which pole a stone went into is asked after the
       move, when the board cannot see it. Asked as a question, each pole a button by its
       name standing alone ("The south-west pole"): a sentence continued by the buttons would
       need the pole in the case its preposition takes, which a place's words are not. */
    declare(box, s, tools) {
      const facets = Object.entries(s.declare || {}).filter(([f]) => capturedAt(f));
      // Asked already (a question stands): the answer goes there.
      if (!facets.length || (s.prompts || []).some((p) => p.kind === "choose")) return true;
      const mine = saidFor(s);
      // Redrawn at once: a declaration changes nothing the snapshot shows this phone.
      const redraw = () => tools.select(null);
      box.append(BL.el("p", { class: "small", text: _("If you capture, say first which pole each captured stone goes into; then move and put it there.") }));
      for (const [facet, offered] of facets) {
        const node = capturedAt(facet);
        // A value is a pole, or a captured double's two poles joined by "/" (upper stone
        // first): the value this page sends back, in the game's phone protocol.
        const values = [...offered].sort((a, b) => extras.poles.indexOf(a.split("/")[0]) - extras.poles.indexOf(b.split("/")[0]));
        const singles = values.filter((v) => !v.includes("/"));
        const doubles = values.filter((v) => v.includes("/"));
        const worded = (s.declare_words || {})[facet] || {};
        const say = async (value) => {
          if ((await tools.act({ type: "declare", facets: { [facet]: value } })).ok) {
            if (said === mine) mine.values[facet] = value;
            tools.toast(_("Noted: %(what)s.", { what: worded[value] || placeWords(value) }));
          }
          redraw();
        };
        if (singles.length) {
          box.append(BL.el("div", { class: "pl-ask" }, BL.el("div", { class: "k", text: _("Which pole does the stone on %(place)s go into?", { place: placeWords(node) }) }),
            poleButtons(singles, say, mine.values[facet])));
        }
        if (doubles.length) {
          const poles = [...new Set(doubles.map((v) => v.split("/")[0]))];
          const pick = mine.picks[facet] || (mine.picks[facet] = {});
          const choose = (part) => (v) => {
            pick[part] = v;
            if (pick.upper && pick.lower) { say(`${pick.upper}/${pick.lower}`); return; }
            tools.toast(part === "upper" ? _("Now the lower stone's pole.") : _("Now the upper stone's pole."));
            redraw();
          };
          box.append(BL.el("div", { class: "pl-ask" },
            BL.el("div", { class: "k", text: _("The double on %(place)s: which pole does its upper stone go into?", { place: placeWords(node) }) }),
            poleButtons(poles, choose("upper"), pick.upper),
            BL.el("div", { class: "k", text: _("And its lower stone?") }),
            poleButtons(poles, choose("lower"), pick.lower)));
        }
      }
      box.append(BL.el("button", { class: "linklike", type: "button", text: _("Forget what I said"),
        onclick: async () => {
          if ((await tools.act({ type: "cancel" })).ok && said === mine) { mine.values = {}; mine.picks = {}; }
          redraw();
        } }));
      return true;
    },
  };
  return hooks;
});
