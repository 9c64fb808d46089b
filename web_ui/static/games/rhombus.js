/* Rhombus at the table and on the phones: the board drawn as the designers' rhombus (a1 at the
   bottom, the two colours, the grey start corners), the cards as cards (rank and suit, red
   hearts and diamonds, black clubs and spades), combinations in words; on a phone, the cards
   to tap, what they do together, and how to play them.  Moves, outcomes and the places beside
   the board are the server's words (a move's ``words``, the outcome's ``words``, the
   geometry's typed ``places``): this script never reads a move text, an outcome or a
   position id for what it means. */
"use strict";

BL.defineGame("rhombus", () => {
  const { _, n_ } = BL;
  const S = 40;  // board.js's user units per square
  const K = Math.SQRT1_2;
  const SUIT_SIGN = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const RED_SUITS = new Set(["D", "H"]);
  // The rules' own data (web_ui/games/rhombus.py), with the standard deck as a fallback.
  let extras = { values: ["6", "7", "8", "9", "10", "J", "Q", "K", "A"], suits: ["C", "D", "H", "S"],
    steps: { 6: 6, Q: 3, K: 2, A: 1, J: "diagonal" }, kills: ["10", "7"], enter: "9", mystery: "8",
    squares: {}, corners: [], starts: {}, formation: false };
  // The geometry's places: {position: {kind: "cell" | "reserve" | "eliminated", owner, words}}.
  let places = {};
  const placeOf = (pos) => places[pos] || {};

  // ---- cards --------------------------------------------------------------------------------

  /* "QC*" -> {value: "Q", suit: "C", hidden: true} */
  function card(text) {
    const t = String(text);
    const hidden = t.endsWith("*");
    const bare = hidden ? t.slice(0, -1) : t;
    return { value: bare.slice(0, -1), suit: bare.slice(-1), hidden, text: t };
  }

  function rankWord(value) {
    switch (value) {
      case "J": return _("jack");
      case "Q": return _("queen");
      case "K": return _("king");
      case "A": return _("ace");
      default: return value;
    }
  }

  function suitWord(suit) {
    switch (suit) {
      case "C": return _("clubs");
      case "D": return _("diamonds");
      case "H": return _("hearts");
      case "S": return _("spades");
      default: return suit;
    }
  }

  /* "queen of clubs" (a translator orders the two words as the language does). */
  function cardName(text) {
    const c = card(text);
    return _("%(rank)s of %(suit)s", { rank: rankWord(c.value), suit: suitWord(c.suit) });
  }

  const short = (text) => { const c = card(text); return c.value + SUIT_SIGN[c.suit]; };

  /* A card face: rank and suit sign, red or black; its accessible name says it in words. */
  function face(text, opts) {
    const c = card(text);
    const o = opts || {};
    const colour = RED_SUITS.has(c.suit) ? " red" : " black";
    const parts = [BL.el("span", { class: "rh-rank", "aria-hidden": "true", text: c.value }),
      BL.el("span", { class: "rh-suit", "aria-hidden": "true", text: SUIT_SIGN[c.suit] })];
    if (o.button) {
      return BL.el("button", { class: "rh-card big" + colour + (o.picked ? " picked" : ""), type: "button",
        "aria-label": cardName(text), "aria-pressed": String(!!o.picked), onclick: o.onclick }, ...parts);
    }
    return BL.el("span", { class: "rh-card" + (o.big ? " big" : "") + colour, role: "img", "aria-label": cardName(text) }, ...parts);
  }

  function back(label) {
    return BL.el("span", { class: "rh-card rh-back", role: "img", "aria-label": label });
  }

  const order = (text) => {
    const c = card(text);
    return (c.hidden ? 100 : 0) + extras.values.indexOf(c.value) * 4 + extras.suits.indexOf(c.suit);
  };
  const cardsKey = (texts) => [...texts].sort((a, b) => order(a) - order(b)).join("+");

  /* Why no piece can come in with a 9 now, when no card with it moves or eliminates one
     (the seat's view says what a 9 does: ``entry``), in words; null when one can. */
  function noEntry(s, list, kind) {
    const entry = ((s || {}).view || {}).entry;
    if (!entry || entry.room || list.some(moves) || ["straight flush", "entryliminator"].includes(kind)) return null;
    const corner = placeOf(entry.corner).words || entry.corner;
    return entry.why === "reserve-empty" ? _("nothing comes in: your reserve is empty")
      : _("nothing comes in: your start corner, %(corner)s, is taken", { corner });
  }

  /* What one card does, in words (``blocked``: why a 9 brings nothing in now). */
  function effect(text, blocked) {
    const v = card(text).value;
    const steps = extras.steps[v];
    if (steps === "diagonal") return _("diagonally, as far as the way is free");
    if (steps) return n_("%(n)s square", "%(n)s squares", steps);
    if (extras.kills.includes(v)) return _("eliminates");
    if (v === extras.enter) return blocked || _("a piece enters");
    if (v === extras.mystery) return _("your next card comes hidden");
    return v;
  }

  const moves = (text) => !!extras.steps[card(text).value];

  /* A combination in words: "Q♣ + K♣: 3 squares, 2 squares (either order, one piece or two)";
     with the seat's snapshot ``s``, a 9 that can bring nothing in now says why. */
  function comboWords(cards, kind, s) {
    const list = String(cards).split("+");
    const faces = list.map(short).join(" + ");
    const v = list.map((t) => card(t).value);
    const blocked = noEntry(s, list, kind);
    let what;
    if (kind === "reactivation") {
      what = _("one of your lost pieces goes back to your reserve (or the cards are simply exchanged)");
    } else if (kind === "entryliminator") {
      what = _("a piece enters your start corner and eliminates the piece there, even in a blockade");
    } else if (list.length === 1) {
      const c = list[0];
      if (moves(c)) what = card(c).value === "J" ? _("move a piece diagonally, as far as the way is free")
        : _("move a piece %(steps)s", { steps: effect(c) });
      else if (v[0] === extras.enter) what = blocked ? _("no piece moves (%(why)s)", { why: blocked })
        : _("a piece from your reserve enters your start corner (or nothing happens)");
      else if (v[0] === extras.mystery) what = _("no piece moves; the card that replaces it comes hidden into your hand");
      else what = _("no piece moves (a kill card needs a move of the same suit)");
    } else {
      const parts = list.map((c) => effect(c, blocked)).join(", ");
      const kills = v.some((x) => extras.kills.includes(x));
      const notes = {
        pair: kills ? _("a kill eliminates an opponent piece a move ends on") : _("either order, one piece or two"),
        "move and kill": _("the move ends on an opponent piece, which is eliminated"),
        "identical pair": _("either order, one piece or two"),
        flush: _("all of them, in any order"),
        "four-card flush": _("all of them, in any order"),
        "straight flush": _("all of them, or put one of your pieces onto any opponent piece, which is eliminated"),
        "three of a value": _("three moves, one piece or more"),
      };
      what = notes[kind] ? _("%(parts)s (%(note)s)", { parts, note: notes[kind] }) : parts;
    }
    return _("%(cards)s: %(what)s", { cards: faces, what });
  }

  // ---- the board ----------------------------------------------------------------------------

  // Each seat's two places beside its corner, as offsets from the board's centre for the seat
  // at the bottom corner (a1), turned a quarter for each seat round the board.
  const TURNS = { r: 0, y: 1, b: 2, g: 3 };
  const AROUND = { reserve: [-1.8, -3.25], eliminated: [1.8, -3.25] };

  function turned([dx, dy], quarter) {
    let [x, y] = [dx, dy];
    for (let i = 0; i < quarter; i++) [x, y] = [-y, x];
    return [x, y];
  }

  function prepare(geo, board) {
    extras = { ...extras, ...(geo.extras || {}) };
    const centre = 2 * Math.SQRT2;
    for (const pos of geo.cells) {
      const [x, y] = geo.coords[pos];
      geo.coords[pos] = [(x - y) * K, (x + y) * K];  // a1 at the bottom, e5 at the top
    }
    places = geo.places || {};
    for (const zone of geo.zones) {
      const place = placeOf(zone);
      if (!AROUND[place.kind]) continue;
      const [dx, dy] = turned(AROUND[place.kind], TURNS[place.owner] || 0);
      geo.coords[zone] = [dx, centre + dy];
    }
    geo.zonesPlaced = true;
    board.box.classList.add("rh-board");
  }

  function squareKind(pos) {
    if ((extras.corners || []).includes(pos)) return "corner";
    return (extras.squares || {})[pos] || "light";
  }

  function pawn(g, cx, cy, r, colour, cls) {
    const p = BL.svg("g", { class: "rh-pawn" + (cls ? " " + cls : "") });
    p.append(BL.svg("circle", { class: "rh-pawn-base", cx, cy, r, fill: colour }),
      BL.svg("circle", { class: "rh-pawn-head", cx, cy, r: r * 0.5, fill: colour }),
      BL.svg("circle", { cx, cy, r, fill: "url(#shine)", "pointer-events": "none" }));
    g.append(p);
  }

  function zoneCaption(kind) {
    if (kind === "reserve") return _("reserve");
    if (kind === "eliminated") return _("out of play");
    return "";
  }

  function describeSquare(pos, stack, s) {
    const seat = stack.length ? stack[stack.length - 1] : "";
    const place = placeOf(pos).words || pos;  // a square's printed name
    let said = seat ? _("%(place)s: %(piece)s", { place, piece: (s.pieces || {})[seat] || seat })
      : _("%(place)s: empty", { place });
    if (extras.starts && extras.starts[pos]) said = _("%(what)s, start corner", { what: said });
    if (seat && ((s.view || {}).blockades || []).includes(pos)) said = _("%(what)s, in a blockade", { what: said });
    return said;
  }

  /* "Red's reserve holds 3 pieces", "Red's eliminated pieces: 2" (the place in the server's
     words, with what lies there: the eliminated pieces are a plural the count follows). */
  function describeZone(pos, stack) {
    const place = placeOf(pos);
    const where = place.words || zoneCaption(place.kind);
    if (place.kind === "eliminated") return n_("%(place)s: %(n)s", "%(place)s: %(n)s", stack.length, { place: where });
    return n_("%(place)s holds %(n)s piece", "%(place)s holds %(n)s pieces", stack.length, { place: where });
  }

  const hooks = {
    prepare,

    cellShape(pos, geo, x, y, zone) {
      if (zone) {
        return BL.svg("rect", { class: "zone rh-zone", x: x - 0.78 * S, y: y - 0.55 * S, width: 1.56 * S, height: 1.1 * S, rx: 0.16 * S });
      }
      const h = K * S * 0.98;
      return BL.svg("polygon", { class: `cell rh-sq rh-${squareKind(pos)}`,
        points: [[x, y - h], [x + h, y], [x, y + h], [x - h, y]].map(([a, b]) => `${a.toFixed(2)},${b.toFixed(2)}`).join(" ") });
    },

    drawPiece(node, stack, s, board, how) {
      node.art.replaceChildren();
      const pos = node.g.dataset.pos;
      if (node.zone) {
        const [cx, cy] = board.zoneXY[pos];
        const place = placeOf(pos);
        if (place.owner) node.shape.style.stroke = BL.seatColour(s, place.owner);  // whose place it is
        const cap = BL.svg("text", { class: "rh-zone-caption", x: cx, y: cy - 0.34 * S });
        cap.textContent = zoneCaption(place.kind);
        node.art.append(cap);
        const n = stack.length;
        const perRow = 3, r = 0.15 * S;
        for (let i = 0; i < n; i++) {
          const row = Math.floor(i / perRow), col = i % perRow;
          const inRow = Math.min(perRow, n - row * perRow);
          const px = cx + (col - (inRow - 1) / 2) * 0.4 * S;
          const py = cy + (n > perRow ? -0.02 + row * 0.36 : 0.12) * S;
          pawn(node.art, px, py, r, BL.pieceColour(s, stack[i]), place.kind === "eliminated" ? "rh-out" : "");
        }
        return true;
      }
      node.label.classList.toggle("on-dark", squareKind(pos) === "dark");
      const start = (extras.starts || {})[pos];
      if (start) {
        const h = K * S * 0.8;
        node.art.append(BL.svg("polygon", { class: "rh-start", stroke: BL.seatColour(s, start),
          points: [[node.x, node.y - h], [node.x + h, node.y], [node.x, node.y + h], [node.x - h, node.y]]
            .map(([a, b]) => `${a.toFixed(2)},${b.toFixed(2)}`).join(" ") }));
      }
      if (how.kind) {
        const blockade = ((s.view || {}).blockades || []).includes(pos) && !how.lifted;
        if (blockade) node.art.append(BL.svg("circle", { class: "rh-blockade", cx: node.x, cy: node.y, r: 0.4 * S }));
        const committed = ((s.layout || {})[pos] || []).slice(-1)[0] || "";
        const cls = how.lifted ? "rh-lifted" : (s.sim && how.kind !== committed ? "rh-pending" : "");
        pawn(node.art, node.x, node.y, 0.33 * S, BL.pieceColour(s, how.kind), cls);
      }
      return true;
    },

    describe(pos, stack, s, zone) {
      return zone ? describeZone(pos, stack) : describeSquare(pos, stack, s);
    },

    zoneName(pos) {
      const place = placeOf(pos);
      return zoneCaption(place.kind) || place.words || "";
    },

    pieceChip(kind, s) {
      const chip = BL.el("span", { class: "piece-chip", role: "img", "aria-label": (s.pieces || {})[kind] || kind });
      chip.style.background = BL.pieceColour(s, kind);
      return chip;
    },
    /* The simulated board's hands, said with the game's pieces on its squares. */
    simHelp(s) {
      if (s.status === "setup") return null;
      if (((s.sim || {}).lifted || []).length) {
        return _("Tap the square where the piece goes, a reserve to put it back there, or out of play when it is eliminated.");
      }
      return _("Tap one of the pieces on the board (or in a reserve) to pick it up, then the square where it goes. A move that could still grow waits a moment: press End turn when you are done.");
    },
    tableInfo(box, s) { tableInfo(box, s); },
    hand(box, s, tools) { return hand(box, s, tools); },
    declare() { return true; },  // the cards are said with the hand
    untraced() { return true; },  // and so are the actions no sensor sees
  };

  // ---- the table's information --------------------------------------------------------------

  function tableInfo(box, s) {
    const view = s.view || {};
    const seats = s.seats || [];
    const teams = view.teams || [];
    if (teams.some((t) => t.length > 1)) {
      box.append(BL.el("p", { class: "rh-teams" }, _("%(one)s against %(other)s", {
        one: BL.listed(teams[0].map((seat) => BL.seatName(s, seat))),
        other: BL.listed((teams[1] || []).map((seat) => BL.seatName(s, seat))) })));
    }
    for (const seat of seats) {
      const cards = BL.el("div", { class: "rh-cards" });
      for (const c of (view.table || {})[seat] || []) cards.append(face(c));
      const hidden = (view.hand_size || {})[seat] || 0;
      for (let i = 0; i < hidden; i++) cards.append(back(_("a hidden hand card")));
      const reserve = (view.reserve || {})[seat] || 0;
      const out = (view.eliminated || {})[seat] || 0;
      const counts = [n_("%(n)s in reserve", "%(n)s in reserve", reserve)];
      if (!extras.formation) counts.push(n_("%(n)s out of play", "%(n)s out of play", out));
      const partner = (view.plays_with || {})[seat];
      const row = BL.el("div", { class: "rh-seat" + (s.to_move === seat ? " on-turn" : "") },
        BL.el("div", { class: "rh-who" }, BL.dot(BL.seatColour(s, seat)), BL.el("b", { text: BL.seatName(s, seat) }),
          BL.el("span", { class: "muted small", text: counts.join(" · ") })),
        cards);
      if (partner && partner !== seat) {
        row.append(BL.el("div", { class: "small muted", text: _("has lost their pieces and plays %(partner)s's", { partner: BL.seatName(s, partner) }) }));
      }
      box.append(row);
    }
    const blockades = view.blockades || [];
    box.append(BL.el("div", { class: "kv" }, BL.el("span", { class: "k", text: _("Pile") }),
      BL.el("span", { text: n_("%(n)s card", "%(n)s cards", view.pile || 0) })));
    if (blockades.length) {
      box.append(BL.el("div", { class: "kv" }, BL.el("span", { class: "k", text: _("Blockades") }),
        BL.el("span", { text: BL.listed(blockades) })));
    }
    const discard = view.discard || [];
    if (discard.length) {
      const list = BL.el("div", { class: "rh-cards small-cards" });
      for (const c of discard) list.append(face(c));
      box.append(BL.el("details", { class: "rh-discard" },
        BL.el("summary", { text: n_("%(n)s card played", "%(n)s cards played", discard.length) }), list));
    }
    if (view.ply_limit) {
      box.append(BL.el("p", { class: "muted small", text: _("Action %(n)s; a game with no winner after %(limit)s actions is drawn.", {
        n: BL.number((view.ply || 0) + 1), limit: BL.number(view.ply_limit) }) }));
    }
  }

  // ---- the phone: the cards, what they do, how to play them ---------------------------------

  let picked = new Set();  // indexes of the cards tapped
  let said = null;         // the cards declared for the coming action
  let turnPly = null;

  function myCards(s) {
    const view = s.view || {};
    const open = ((view.table || {})[s.seat] || []).map((t) => t);
    const hidden = (view.hand || []).map((t) => `${t}*`);
    return [...open, ...hidden];
  }

  function comboOf(s, key) {
    return ((s.view || {}).combinations || []).find((c) => c.cards === key) || null;
  }

  function declarable(s, key) {
    const allowed = (s.declare || {}).cards;
    return allowed ? allowed.includes(key) : !!comboOf(s, key);
  }

  /* The actions no sensor sees (the phone plays them), each with the server's words: those
     that play the cards ``key`` when the server says each one's cards (``untraced_facets``),
     else all of them (their words start with their cards). */
  function quietMoves(s, key) {
    const words = s.untraced_words || [];
    const facets = s.untraced_facets;
    return (s.untraced || []).map((move, i) => ({ move, words: words[i], cards: facets ? (facets[i] || {}).cards : null }))
      .filter((m) => m.words && (!facets || key === null || m.cards === key));
  }

  async function declare(key, tools) {
    const r = await tools.act({ type: "declare", facets: { cards: key } });
    if (r.ok) said = key;
    return r.ok;
  }

  async function forget(tools) {
    if (said !== null) await tools.act({ type: "cancel" });
    said = null;
    picked = new Set();
  }

  function reachWords(s, key) {
    const reach = ((s.view || {}).reach || {})[key];
    if (!reach) return null;
    const rows = Object.entries(reach).map(([from, to]) => _("%(from)s → %(to)s", { from, to: to.join(", ") }));
    return rows.length ? rows : null;
  }

  function hand(box, s, tools) {
    const mine = s.status === "playing" && !s.outcome && s.to_move === s.seat;
    if (!mine || turnPly !== s.ply) { picked = new Set(); said = null; turnPly = s.ply; }
    const cards = myCards(s);
    const repaint = () => { box.replaceChildren(); hand(box, s, tools); };
    const tapCard = (i) => {
      if (said !== null) return;
      if (picked.has(i)) picked.delete(i); else picked.add(i);
      repaint();
    };
    box.append(BL.el("div", { class: "k" }, _("Your cards")));
    const row = BL.el("div", { class: "rh-hand" });
    const group = (label, items) => BL.el("div", { class: "rh-group", role: "group", "aria-label": label },
      BL.el("div", { class: "rh-group-cards" }, ...items), BL.el("div", { class: "rh-group-label", "aria-hidden": "true", text: label }));
    const openItems = [], hiddenItems = [];
    cards.forEach((text, i) => {
      const item = mine ? face(text, { button: true, picked: picked.has(i), onclick: () => tapCard(i) }) : face(text, { big: true });
      (card(text).hidden ? hiddenItems : openItems).push(item);
    });
    if (openItems.length) row.append(group(_("open, on the table"), openItems));
    if (hiddenItems.length) row.append(group(_("hidden, in your hand"), hiddenItems));
    box.append(row);
    const guide = BL.el("div", { class: "rh-guide" });
    box.append(guide);
    if (!mine) {
      if (!s.outcome) guide.append(BL.el("p", { class: "muted small", text: _("On your turn, tap the cards you play here.") }));
      return true;
    }
    if ((s.prompts || []).some((p) => p.kind === "choose")) {
      guide.append(BL.el("p", {}, _("Answer above: the board waits for your phone.")));
      return true;
    }
    if (said !== null) {
      const combo = comboOf(s, said);
      guide.append(BL.el("p", { class: "rh-now" }, _("You play %(what)s", { what: comboWords(said, (combo || {}).kind, s) })),
        BL.el("p", {}, _("Now move your pieces on the board: the action is taken as soon as they stand. Press End my turn if it waits.")));
      const values = said.split("+").map((c) => card(c).value);
      if (values.includes(extras.enter)) {
        guide.append(BL.el("p", {}, _("A piece enters: take it from your reserve and put it on your start corner, %(corner)s.", {
          corner: ((s.view || {}).corners || {})[(((s.view || {}).plays_with || {})[s.seat]) || s.seat] || "" })));
      }
      if (values.some((v) => extras.kills.includes(v)) || ["straight flush", "entryliminator"].includes((combo || {}).kind)) {
        guide.append(BL.el("p", {}, _("To eliminate a piece, lift it off the board onto its owner's place beside the board, then put yours on its square.")));
      }
      const hints = said.includes("+") ? null : reachWords(s, said);
      if (hints) guide.append(BL.el("p", { class: "small muted" }, _("Where it takes your pieces: %(list)s", { list: hints.join("; ") })));
      guide.append(BL.el("button", { class: "linklike", type: "button", text: _("Choose other cards"),
        onclick: async () => { await forget(tools); repaint(); } }));
      return true;
    }
    const chosen = [...picked].map((i) => cards[i]);
    if (!chosen.length) {
      guide.append(BL.el("p", {}, _("Tap the cards you play: one card, or cards of one suit that go together.")));
      const combos = (s.view || {}).combinations || [];
      if (combos.length) {
        const list = BL.el("div", { class: "rh-combos" });
        for (const c of combos) {
          list.append(BL.el("button", { class: "button rh-combo", type: "button",
            onclick: () => { picked = new Set(pick(cards, c.cards)); repaint(); } }, comboWords(c.cards, c.kind, s)));
        }
        guide.append(BL.el("div", { class: "k" }, _("What your cards can do")), list);
      }
      return true;
    }
    const key = cardsKey(chosen);
    const combo = comboOf(s, key);
    if (!combo) {
      guide.append(BL.el("p", { class: "rh-bad" }, _("These cards do not go together.")));
      return true;
    }
    guide.append(BL.el("p", { class: "rh-now" }, comboWords(key, combo.kind, s)));
    // Pieces to move on the board: a move card's, a kill's on entering, or a 9's when a piece
    // can come in (not while the start corner is taken: then the 9 moves nothing).
    const enters = chosen.some((t) => card(t).value === extras.enter) && !noEntry(s, chosen, combo.kind);
    const board = declarable(s, key) && (chosen.some(moves) || enters
      || ["straight flush", "entryliminator"].includes(combo.kind));
    const quiet = quietMoves(s, key);
    if (board) {
      guide.append(BL.el("button", { class: "button primary", type: "button", text: _("Play them: I move my pieces on the board"),
        onclick: async () => { if (await declare(key, tools)) repaint(); } }));
      const hints = chosen.length === 1 ? reachWords(s, key) : null;
      if (hints) guide.append(BL.el("p", { class: "small muted" }, _("Where it takes your pieces: %(list)s", { list: hints.join("; ") })));
    }
    if (quiet.length) {
      guide.append(BL.el("div", { class: "k" }, board ? _("Or, with no piece to move on the board:") : _("Play them here (no piece to move on the board):")));
      for (const q of quiet) {
        guide.append(BL.el("button", { class: "button rh-quiet", type: "button", text: q.words,
          onclick: () => tools.act({ type: "move", move: q.move }) }));
      }
    }
    if (!board && !quiet.length) guide.append(BL.el("p", { class: "rh-bad" }, _("These cards cannot be played now.")));
    return true;
  }

  /* The indexes of ``cards`` that make the combination ``key`` (each card once). */
  function pick(cards, key) {
    const out = [];
    for (const want of key.split("+")) {
      const i = cards.findIndex((c, k) => c === want && !out.includes(k));
      if (i >= 0) out.push(i);
    }
    return out;
  }
  return hooks;
});
