/* The table speaks: players at a physical board look at the board, not at a tablet.  With the
   "Speak" switch on (off by default, remembered in this browser), the table page says aloud,
   in its own language, the computer's move, whose turn it is, a refusal's reason, a take-back
   question and the result, each once when it appears (a snapshot that shows them again says
   nothing).  The browser's own speech synthesis does it: no download, offline voices. */
"use strict";

const Speech = (() => {
  const { _ } = BL;
  const KEY = "boardlight.speak";
  const synth = window.speechSynthesis || null;
  const SPOKEN_PROMPTS = new Set(["computer", "takeback"]);  // the prompts said aloud
  let on = false;
  try { on = localStorage.getItem(KEY) === "on"; } catch (e) { on = false; }
  let shown = null;          // what the previous snapshot said, by key (null: none seen yet)
  let current = [];          // what the latest snapshot says
  let lastSaid = { text: "", at: 0 };

  function voice() {
    // A voice of the page's language when the browser has one (else the browser picks by
    // the utterance's language).
    const voices = (synth && synth.getVoices) ? synth.getVoices() : [];
    return voices.find((v) => String(v.lang).toLowerCase().split(/[-_]/)[0] === BL.lang) || null;
  }

  function say(text) {
    if (!on || !synth || !text) return;
    // A refusal comes twice (the request's answer, the table's stream): said once.
    const now = Date.now();
    if (text === lastSaid.text && now - lastSaid.at < 4000) return;
    lastSaid = { text, at: now };
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = BL.lang;
    const v = voice();
    if (v) utterance.voice = v;
    synth.speak(utterance);
  }

  /* What a snapshot has to say, each with a key that stays the same while it stands. */
  function things(s) {
    const out = [];
    const playing = s.status === "playing" && !s.outcome;
    // The turn of a person (a computer's turn is said by its move, when it shows it).
    if (playing && s.to_move && !(s.computer || {})[s.to_move]) {
      out.push({ key: `turn:${s.ply}:${s.to_move}`,
        text: _("%(seat)s to move", { seat: BL.seatName(s, s.to_move) }) });
    }
    for (const p of s.prompts || []) {
      if (!SPOKEN_PROMPTS.has(p.kind) || !p.text) continue;
      // A take-back is asked as the question it is ("Take back? The board shows ...").
      const text = p.kind === "takeback" ? `${_("Take back?")} ${p.text}` : p.text;
      out.push({ key: `${p.kind}:${s.ply}:${p.text}`, text });
    }
    const result = BL.outcomeWords(s);
    if (result) out.push({ key: `outcome:${result}`, text: result });
    return out;
  }

  /* Each snapshot: say what is new since the previous one (the first one a page gets is
     what already stood when it opened: nothing to announce). */
  function follow(s) {
    current = things(s);
    if (shown !== null) for (const t of current) if (!shown.has(t.key)) say(t.text);
    shown = new Set(current.map((t) => t.key));
  }

  function show(button) {
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.classList.toggle("on", on);
  }

  /* The switch: on says where the game stands (whose turn it is), off stops talking. */
  function setup(button) {
    if (!button || !synth || typeof SpeechSynthesisUtterance === "undefined") return;
    button.hidden = false;
    show(button);
    button.addEventListener("click", () => {
      on = !on;
      try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode */ }
      show(button);
      if (!on) { synth.cancel(); return; }
      lastSaid = { text: "", at: 0 };
      const now = current.find((t) => t.key.startsWith("turn:"))
        || current.find((t) => t.key.startsWith("outcome:"));
      if (now) say(now.text);
    });
  }

  BL.onRefusal((text) => say(text));
  return { follow, setup, say };
})();
