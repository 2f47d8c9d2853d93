// The lobby: choose a game, its options (from the pack's option schema) and each seat.
import { api, packInfo, seats } from "./api.js";
import { h } from "./dom.js";

const BOTS = [
  ["random", "Bot: random (instant)"],
  ["greedy", "Bot: greedy (fast)"],
  ["mcts:100", "Bot: search, easy"],
  ["mcts", "Bot: search, normal"],
  ["mcts:1s", "Bot: search, strong (1 s a move)"],
];

export async function showLobby(root) {
  const r = await api("/packs");
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
  form.append(
    h("h2", {}, "New game"),
    h("label", {}, "Game ", gameSel),
    h("h3", {}, "Options"), optBox,
    h("h3", {}, "Seats"), seatBox,
    h("button", { type: "submit", id: "start", class: "primary" }, "Start the game"),
    out);
  const list = h("section", { class: "games", id: "games" }, h("h2", {}, "Games in progress"));
  root.append(h("div", { class: "lobby" }, form, list));

  const optionInputs = new Map();
  async function fill() {
    const pack = packs.find((p) => p.name === gameSel.value);
    optBox.replaceChildren();
    optionInputs.clear();
    for (const o of pack.options || []) optBox.append(optionField(o, optionInputs));
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
        BOTS.map(([v, label]) => h("option", { value: v }, label)));
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
      const v = o.type === "bool" ? el.checked : o.type === "int" ? Number(el.value) : el.value;
      if (v !== o.default) options[o.name] = v;
    }
    const choice = [...seatBox.querySelectorAll("select")].map((s) => s.value);
    const body = { pack: pack.name, seats: choice.map((c) => (c === "you" || c === "friend" ? "human" : c)), options };
    const res = await api("/games", { method: "POST", body });
    if (!res.ok) {
      out.replaceChildren(h("p", { class: "error", role: "alert" }, res.data.message));
      return;
    }
    const game = res.data;
    const mine = game.seats.filter((s, i) => choice[i] === "you");
    const friends = game.seats.filter((s, i) => choice[i] === "friend");
    for (const s of game.seats) {
      if (s.token) seats.put(game.id, { pack: game.pack, [`seat${s.seat}`]: s.token });
    }
    const base = `${location.origin}${location.pathname}`;
    out.replaceChildren(
      h("p", {}, `Game ${game.id} made.`),
      ...friends.map((s) => h("p", { class: "friend-link" }, `Send this link to the ${s.player} player: `,
        h("input", { readonly: true, value: `${base}#/play/${game.id}/${s.token}`, size: 40, "data-seat": s.seat }))),
      ...mine.map((s) => h("p", {}, h("a", { href: `#/play/${game.id}/${s.token}`, class: "play" }, `Play as ${s.player}`))),
      h("p", {}, h("a", { href: `#/watch/${game.id}`, class: "watch" }, "Watch it")));
    // Straight to the game, unless there are friends' links to copy first.
    if (mine.length && !friends.length) location.hash = `#/play/${game.id}/${mine[0].token}`;
  });
  await fill();
  await showGames(list);
}

function optionField(o, inputs) {
  let input;
  if (o.type === "bool") {
    input = h("input", { type: "checkbox", name: o.name });
    input.checked = o.default;
  } else if (o.choices) {
    input = h("select", { name: o.name }, o.choices.map((c) => h("option", { value: c }, c)));
    input.value = o.default;
  } else if (o.type === "int") {
    input = h("input", { type: "number", name: o.name, min: o.min, max: o.max, step: 1, value: o.default });
  } else {
    input = h("input", { type: "text", name: o.name, value: o.default });
  }
  inputs.set(o.name, input);
  return h("div", { class: "option" },
    h("label", {}, h("span", { class: "opt-name" }, o.name.replaceAll("_", " ")), " ", input),
    o.help ? h("p", { class: "help" }, o.help) : null);
}

async function showGames(list) {
  const r = await api("/games?status=active&limit=50");
  if (!r.ok) { list.append(h("p", { class: "error" }, r.data.message)); return; }
  const games = r.data.games || [];
  if (!games.length) { list.append(h("p", { class: "muted" }, "No games in progress.")); return; }
  const held = seats.all();
  list.append(h("ul", {}, games.map((g) => {
    const mine = held[g.id] || {};
    const links = g.seats.filter((s) => mine[`seat${s.seat}`]).map((s) =>
      h("a", { href: `#/play/${g.id}/${mine[`seat${s.seat}`]}`, class: "resume" }, `Resume as ${s.player}`));
    const who = g.seats.map((s) => `${s.player} (${s.kind})`).join(" vs ");
    return h("li", { "data-game": g.id },
      h("span", {}, `${g.title || g.pack}: ${who}, step ${g.step}`), " ",
      links, " ", h("a", { href: `#/watch/${g.id}`, class: "watch" }, "Watch"));
  })));
}
