// The lobby: choose a game, its options (from the pack's option schema) and each seat,
// or a position to start from; the games in progress and the finished ones, refreshed
// by themselves.
import { api, packInfo, seats, seatWords } from "./api.js";
import { h } from "./dom.js";

const BOTS = [
  ["random", "Bot: random (instant)"],
  ["greedy", "Bot: greedy (fast)"],
  ["mcts:100", "Bot: search, 100 iterations a move (easy)"],
  ["mcts", "Bot: search, 200 iterations a move (normal)"],
  ["mcts:1s", "Bot: search, 1 second a move (strong)"],
];
const POSITION_EXAMPLES = { // what the position box shows before anything is pasted
  rebel_space: 'turn = "Rebel"\nstep = "attack_start"\nattach = [["Laser Sword", "Princess"]]\n\n[zones]\nactive0 = ["Princess", "Rebel Soldier"]\nactive1 = ["Battle Walkers"]',
};
const REFRESH_MS = 4000; // the games' lists are read again this often (and on focus)

/** Show the lobby in ``root``; returns {close()} (which stops its refreshing). */
export function showLobby(root) {
  const lobby = { closed: false, timer: null, close() {} };
  const stop = [];
  lobby.close = () => {
    lobby.closed = true;
    clearInterval(lobby.timer);
    for (const f of stop) f();
  };
  build(root, lobby, stop);
  return lobby;
}

async function build(root, lobby, stop) {
  const r = await api("/packs");
  if (lobby.closed) return;
  if (!r.ok) {
    root.append(h("p", { class: "error", role: "alert" }, `The server did not list its games: ${r.data.message}`));
    return;
  }
  const packs = r.data.packs;
  const form = h("form", { class: "new-game", id: "new-game" });
  const gameSel = h("select", { id: "pack", name: "pack" },
    packs.map((p) => h("option", { value: p.name }, p.title)));
  const optBox = h("div", { class: "options", id: "options" });
  const seatBox = h("div", { class: "seats", id: "seats" });
  const out = h("div", { class: "created", id: "created", "aria-live": "polite" });
  // a turn timer for the people at the table (the server's "timer" of POST /games)
  const TIMERS = {
    none: null,
    "move-30": { kind: "move", seconds: 30 },
    "move-60": { kind: "move", seconds: 60 },
    "move-300": { kind: "move", seconds: 300 },
    "clock-600": { kind: "clock", seconds: 600, increment: 5 },
    "clock-1800": { kind: "clock", seconds: 1800, increment: 10 },
  };
  const timerSel = h("select", { id: "timer-choice", name: "timer" },
    h("option", { value: "none" }, "No timer"),
    h("option", { value: "move-30" }, "30 seconds a decision"),
    h("option", { value: "move-60" }, "1 minute a decision"),
    h("option", { value: "move-300" }, "5 minutes a decision"),
    h("option", { value: "clock-600" }, "Chess clock: 10 minutes each, +5 s a decision"),
    h("option", { value: "clock-1800" }, "Chess clock: 30 minutes each, +10 s a decision"));
  // a position to start from (a tutorial, a puzzle): pasted as TOML or JSON, for the
  // packs that have positions; its own options and seed are the game's
  const positionText = h("textarea", { id: "position", name: "position", rows: 8, cols: 48, spellcheck: "false" });
  const positionBox = h("details", { class: "position-choice", id: "position-box" },
    h("summary", {}, "Start from a position"),
    h("label", { for: "position" }, "Paste a position (TOML or JSON):"), positionText,
    h("p", { class: "help" }, "The game starts as the position says, with its own options and seed. The game's Positions page lists what a position may say."));
  const optHead = h("h3", {}, "Options");
  const showOptions = () => { // a position's own options replace the form's
    optHead.hidden = optBox.hidden = !positionBox.hidden && positionText.value.trim() !== "";
  };
  positionText.addEventListener("input", showOptions);
  form.append(
    h("h2", {}, "New game"),
    h("label", {}, "Game ", gameSel),
    positionBox,
    optHead, optBox,
    h("h3", {}, "Seats"), seatBox,
    h("label", { class: "timer-choice" }, "Turn timer ", timerSel,
      h("span", { class: "muted" }, " (out of time: a pass where the rules allow it, else a random choice; three in a row and a bot takes the seat)")),
    h("button", { type: "submit", id: "start", class: "primary" }, "Start the game"),
    out);
  const active = h("div", { id: "active-games" });
  const finished = h("div", { id: "finished-games" });
  const list = h("section", { class: "games", id: "games" },
    h("h2", {}, "Games in progress"), active,
    h("h2", {}, "Finished games"), finished);
  root.append(h("div", { class: "lobby" }, form, list));

  const optionInputs = new Map();
  async function fill() {
    const pack = packs.find((p) => p.name === gameSel.value);
    optBox.replaceChildren();
    optionInputs.clear();
    for (const o of pack.options || []) optBox.append(optionField(o, optionInputs));
    positionBox.hidden = !pack.positions;
    positionText.placeholder = POSITION_EXAMPLES[pack.name] || "seed = 7";
    showOptions();
    await fillSeats(pack);
  }
  async function fillSeats(pack) {
    const info = await packInfo(pack.name);
    const n = seatCount(pack);
    seatBox.replaceChildren();
    for (let i = 0; i < n; i++) {
      const name = (info.players && info.players[i]) || `Seat ${i + 1}`;
      const sel = h("select", { name: `seat${i}`, "data-seat": i },
        h("option", { value: "you" }, "You"),
        h("option", { value: "friend" }, "A friend (by link)"),
        BOTS.map(([v, label]) => h("option", { value: v }, label)),
        (r.data.bots || []).map((v) => h("option", { value: v }, `Bot: ${v} (this server's own)`)));
      sel.value = i === 0 ? "you" : "mcts:100";
      seatBox.append(h("label", { class: "seat" }, `${name}: `, sel));
    }
    seatBox.dataset.pack = pack.name; // the seats are this pack's now
  }
  function seatCount(pack) {
    const p = optionInputs.get("players");
    if (p) return Number(p.value) || pack.min_players;
    return pack.min_players;
  }
  gameSel.addEventListener("change", fill);
  optBox.addEventListener("change", (e) => {
    if (e.target.name === "players" || e.target.name === "mode") fillSeats(packs.find((p) => p.name === gameSel.value));
  });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const pack = packs.find((p) => p.name === gameSel.value);
    const options = {};
    for (const o of pack.options || []) {
      const el = optionInputs.get(o.name);
      let v = o.type === "bool" ? el.checked : o.type === "int" ? Number(el.value) : el.value;
      if (o.choices) v = o.choices.find((c) => String(c) === el.value); // (a number stays a number)
      if (v !== o.default) options[o.name] = v;
    }
    const choice = [...seatBox.querySelectorAll("select")].map((s) => s.value);
    const body = { pack: pack.name, seats: choice.map((c) => (c === "you" || c === "friend" ? "human" : c)), options };
    if (TIMERS[timerSel.value]) body.timer = TIMERS[timerSel.value];
    const position = pack.positions ? positionOf(positionText.value) : null;
    if (position !== null) {
      body.position = position;
      delete body.options; // the position's own
    }
    const res = await api("/games", { method: "POST", body });
    if (!res.ok) {
      out.replaceChildren(h("p", { class: "error", role: "alert" }, res.data.message));
      return;
    }
    const game = res.data;
    const mine = game.seats.filter((s, i) => choice[i] === "you");
    const friends = game.seats.filter((s, i) => choice[i] === "friend");
    // this browser keeps every token of the game it made: its own seats, and its
    // friends' links (to copy again from the list), marked as theirs
    for (const s of game.seats) {
      if (s.token) seats.put(game.id, { pack: game.pack, [`${choice[s.seat] === "friend" ? "friend" : "seat"}${s.seat}`]: s.token });
    }
    const base = `${location.origin}${location.pathname}`;
    out.replaceChildren(
      h("p", {}, `Game ${game.id} made.`),
      ...friends.map((s) => friendLink(s, `${base}#/play/${game.id}/${s.token}`)),
      ...mine.map((s) => h("p", {}, h("a", { href: `#/play/${game.id}/${s.token}`, class: "play" }, `Play as ${s.player}`))),
      h("p", {}, h("a", { href: `#/watch/${game.id}`, class: "watch" }, "Watch it")));
    refresh();
    // Straight to the game, unless there are friends' links to copy first.
    if (mine.length && !friends.length) location.hash = `#/play/${game.id}/${mine[0].token}`;
  });

  // the lists of games: now, every few seconds while the page is seen, and on focus
  let busy = false;
  let count = 0;
  async function refresh() {
    if (busy || lobby.closed || document.hidden) return;
    busy = true;
    try {
      const [a, f] = await Promise.all([api("/games?status=active&limit=50"), api("/games?status=finished&limit=20")]);
      if (lobby.closed) return;
      showGames(active, a, "No games in progress.");
      showGames(finished, f, "No finished games yet.");
      count += 1;
      list.dataset.refreshes = count; // for scripts and tests
    } finally {
      busy = false;
    }
  }
  const onFocus = () => refresh();
  const onVisible = () => { if (!document.hidden) refresh(); };
  window.addEventListener("focus", onFocus);
  document.addEventListener("visibilitychange", onVisible);
  stop.push(() => window.removeEventListener("focus", onFocus), () => document.removeEventListener("visibilitychange", onVisible));
  lobby.timer = setInterval(refresh, REFRESH_MS);
  await Promise.all([fill(), refresh()]);
}

/** The ``position`` of POST /games for the text pasted (``null`` for none): a JSON
 * object when it reads as one, else the text itself, which the server reads as TOML
 * (or as JSON, saying where it is wrong). */
function positionOf(text) {
  const t = text.trim();
  if (!t) return null;
  if (t.startsWith("{")) {
    try {
      const doc = JSON.parse(t);
      if (doc && typeof doc === "object" && !Array.isArray(doc)) return doc;
    } catch { /* the server says what is wrong, and where */ }
  }
  return t;
}

/** A friend's link to send, with a Copy button. */
function friendLink(s, url) {
  const input = h("input", { readonly: true, value: url, size: 40, "data-seat": s.seat, "aria-label": `The ${s.player} player's link`,
    onfocus: (e) => e.target.select() });
  return h("div", { class: "friend-link" }, h("p", {}, `Send this link to the ${s.player} player:`),
    h("div", { class: "copy-row" }, input, copyButton(url, "Copy", s.seat, input)));
}

/** A button copying ``url`` (the clipboard; else the text selected, for Ctrl-C), and says so. */
export function copyButton(url, label, seat, input = null) {
  const said = h("span", { class: "copied", "aria-live": "polite" });
  const button = h("button", { type: "button", class: "copy", "data-seat": seat, onclick: async () => {
    let ok = false;
    try {
      if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(url); ok = true; }
    } catch { ok = false; }
    let field = input;
    if (!ok) { // an older browser, or a page not served over https: select it for Ctrl-C
      if (!field) { field = h("input", { readonly: true, value: url, size: 30 }); said.before(field); }
      field.focus();
      field.select();
      try { ok = document.execCommand("copy"); } catch { ok = false; }
    }
    said.textContent = ok ? "Copied." : "Selected: press Ctrl-C (or ⌘-C) to copy it.";
  } }, label);
  return h("span", { class: "copy-box" }, button, " ", said);
}

function optionField(o, inputs) {
  let input;
  const label = o.label || o.name.replaceAll("_", " ");
  if (o.type === "bool") {
    input = h("input", { type: "checkbox", name: o.name });
    input.checked = o.default;
  } else if (o.choices) {
    const words = o.choice_labels || o.choices.map((c) => String(c).replaceAll("_", " "));
    input = h("select", { name: o.name }, o.choices.map((c, i) => h("option", { value: String(c) }, words[i])));
    input.value = String(o.default);
  } else if (o.type === "int") {
    input = h("input", { type: "number", name: o.name, min: o.min, max: o.max, step: 1, value: o.default });
  } else {
    input = h("input", { type: "text", name: o.name, value: o.default });
  }
  inputs.set(o.name, input);
  return h("div", { class: "option" },
    h("label", {}, h("span", { class: "opt-name" }, label), " ", input),
    o.help ? h("p", { class: "help" }, o.help) : null);
}

function showGames(box, r, none) {
  if (!r.ok) { box.replaceChildren(h("p", { class: "error" }, r.data.message)); return; }
  const games = r.data.games || [];
  if (!games.length) { box.replaceChildren(h("p", { class: "muted" }, none)); return; }
  const held = seats.all();
  const base = `${location.origin}${location.pathname}`;
  box.replaceChildren(h("ul", {}, games.map((g) => {
    const mine = held[g.id] || {};
    const over = g.status !== "active";
    const who = g.seats.map((s) => `${s.player}: ${mine[`seat${s.seat}`] ? "you" : mine[`friend${s.seat}`] ? "a friend" : seatWords(s.kind)}`).join(" · ");
    const links = over ? [] : [
      ...g.seats.filter((s) => mine[`seat${s.seat}`]).map((s) =>
        h("a", { href: `#/play/${g.id}/${mine[`seat${s.seat}`]}`, class: "resume" }, `Resume as ${s.player}`)),
      ...g.seats.filter((s) => mine[`friend${s.seat}`]).map((s) => copyButton(`${base}#/play/${g.id}/${mine[`friend${s.seat}`]}`, `Copy ${s.player}'s link`, s.seat)),
    ];
    const state = over ? resultWords(g) : `move ${g.step}${g.current_player !== null && g.current_player !== undefined && g.seats[g.current_player] ? `, ${g.seats[g.current_player].player} to play` : ""}`;
    return h("li", { "data-game": g.id, "data-status": g.status },
      h("b", {}, g.title || g.pack), " ", h("span", { class: "who" }, who), h("br"),
      h("span", { class: "muted" }, state), " ",
      links.flatMap((l) => [l, " "]),
      h("a", { href: `#/watch/${g.id}`, class: "watch" }, over ? "See the end" : "Watch"), " ",
      h("a", { href: `#/replay/${g.id}`, class: "replay" }, "Step through"),
      over ? [" ", h("a", { href: `/games/${encodeURIComponent(g.id)}/record`, class: "record", target: "_blank" }, "Record (JSON)")] : null);
  })));
}

function resultWords(g) {
  const r = g.result || {};
  const ret = r.returns || [];
  const names = g.seats.map((s) => s.player);
  if (r.resigned !== null && r.resigned !== undefined) return `${names[r.resigned]} resigned.`;
  if (g.status === "abandoned") return "Ended: nobody played it for a long time.";
  if (g.status === "ended") return "Ended by whoever made it.";
  if (!ret.length) return "Over.";
  const best = Math.max(...ret);
  const winners = names.filter((_, i) => ret[i] === best);
  if (winners.length === names.length) return "A draw.";
  return `${winners.join(" and ")} won.`;
}
