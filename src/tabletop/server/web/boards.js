// A board per pack, drawn from its view (data); positions and colours from the pack's
// ui facts (GET /packs/{name}). An unknown pack gets the generic board: its zones.
import { h, svg } from "./dom.js";
import { rebellion } from "./rebellion.js";

const BOARDS = { station_assault: stationAssault, rebel_space: rebelSpace, rebellion_rote: rebellion };

/** Draw ``body`` (a GET /games/{id} answer) into ``el``; ``ctx.choose(id)`` plays an action,
 *  ``ctx.narrow(ids, label)`` shows only those choices. */
export function drawBoard(el, body, pack, ctx) {
  const draw = BOARDS[body.pack] || generic;
  el.dataset.pack = body.pack;
  el.replaceChildren(draw(body, pack.ui || {}, ctx));
}

export function factsOf(card) {
  if (!card) return "";
  return Object.entries(card).filter(([k, v]) => k !== "source" && v !== "" && !(Array.isArray(v) && !v.length))
    .map(([k, v]) => `${k.replaceAll("_", " ")}: ${Array.isArray(v) ? v.join(", ") : v}`).join("\n");
}

export function cardName(body, id) {
  const c = body.view.cards && body.view.cards[String(id)];
  return c ? c.name : `card ${id}`;
}

export function zoneList(body, name, zone, cls = "") {
  const cards = zone.cards;
  return h("div", { class: `zone ${cls}`, "data-zone": name },
    h("div", { class: "zone-name" }, `${name} (${zone.count})`),
    cards ? h("div", { class: "cards" }, cards.map((id) => h("span", { class: "card", facts: factsOf(body.view.cards[String(id)]), "data-card": id }, cardName(body, id))))
      : h("div", { class: "cards hidden-cards" }, zone.count ? `${zone.count} face down` : ""));
}

function generic(body) {
  const zones = body.view.zones || {};
  return h("div", { class: "generic" }, Object.entries(zones).map(([n, z]) => zoneList(body, n, z)));
}

// ------------------------------------------------------------ Space Station Assault
const CELL = /at \((-?\d+),(-?\d+)\)/;

function stationAssault(body, ui, ctx) {
  const v = body.view;
  const st = v.state;
  const colours = ui.colours || [];
  const names = v.players;
  const ships = st.board || [];
  const targets = new Map(); // "x,y" -> action ids of the legal actions there
  for (const a of body.legal_actions || []) {
    const m = CELL.exec(a.text);
    if (m) {
      const k = `${m[1]},${m[2]}`;
      if (!targets.has(k)) targets.set(k, []);
      targets.get(k).push(a.id);
    }
  }
  const xs = [...ships.map((s) => s.x), ...[...targets.keys()].map((k) => Number(k.split(",")[0]))];
  const ys = [...ships.map((s) => s.y), ...[...targets.keys()].map((k) => Number(k.split(",")[1]))];
  const x0 = Math.min(...xs) - 1, x1 = Math.max(...xs) + 1, y0 = Math.min(...ys) - 1, y1 = Math.max(...ys) + 1;
  const at = new Map(ships.map((s) => [`${s.x},${s.y}`, s]));
  const grid = h("div", { class: "sa-grid", style: { gridTemplateColumns: `repeat(${x1 - x0 + 1}, minmax(3.2rem, 5rem))` } });
  for (let y = y1; y >= y0; y--) {
    for (let x = x0; x <= x1; x++) {
      const k = `${x},${y}`;
      const s = at.get(k);
      const ids = targets.get(k);
      const onclick = ids ? () => (ids.length === 1 ? ctx.choose(ids[0]) : ctx.narrow(ids, `at (${x},${y})`)) : null;
      if (s) {
        const station = s.ship === "Space Station";
        const facts = [`${names[s.owner]} ${s.ship} at (${x},${y})`, `damage ${s.damage} of ${s.shields} shields`, s.acted ? "acted this wave" : "not acted yet",
          factsOf(v.cards && v.cards[String(s.card)])].filter(Boolean);
        grid.append(h("div", { class: `sa-cell ship${station ? " station" : ""}${s.acted ? " acted" : ""}${ids ? " target" : ""}`,
          style: { borderColor: colours[s.owner] || "#888", background: `${colours[s.owner] || "#888"}33` },
          facts, "data-cell": k, onclick },
        h("span", { class: "ship-name" }, s.ship), h("span", { class: "dmg" }, `${s.damage}/${s.shields}`)));
      } else {
        grid.append(h("div", { class: `sa-cell empty${ids ? " target" : ""}`, "data-cell": k, onclick, title: ids ? `(${x},${y}): ${ids.length} choice(s)` : null }, ids ? "+" : ""));
      }
    }
  }
  const scores = h("div", { class: "scores" }, names.map((n, i) => h("span", { class: "score", style: { borderColor: colours[i] } },
    `${n}: ${st.scores[i]} Victory, lost ${st.lost[i]}${st.alive[i] ? "" : " (out)"}, hand ${st.hand_sizes[i]}, deck ${st.deck_sizes[i]}`)),
  h("span", { class: "score" }, `Wave ${st.wave}, Speed ${st.speed}`));
  const me = body.seat;
  const hand = me !== null && v.zones[`hand${me}`] ? zoneList(body, "Your hand", v.zones[`hand${me}`], "hand") : null;
  return h("div", { class: "sa" }, scores, h("div", { class: "sa-scroll" }, grid), hand);
}

// ------------------------------------------------------------ Rebel Space
function rebelSpace(body, ui) {
  const v = body.view;
  const st = v.state;
  const colours = ui.colours || [];
  const attachedTo = new Map(Object.entries(st.attached || {}).map(([a, host]) => [String(host), a]));
  const inGroup = new Map();
  (st.attack.groups || []).forEach((g, i) => g.forEach((c) => inGroup.set(String(c), `group ${i + 1}${st.attack.space[i] ? " (space)" : " (ground)"}`)));
  (st.attack.blocks || []).forEach((g, i) => g.forEach((c) => inGroup.set(String(c), `blocks group ${i + 1}`)));
  const tile = (id) => {
    const c = v.cards[String(id)] || {};
    const att = attachedTo.get(String(id));
    const grp = inGroup.get(String(id));
    return h("span", { class: `rs-card${grp ? " in-battle" : ""}`, "data-card": id, facts: [factsOf(c), att ? `attached: ${cardName(body, att)}` : "", grp || ""].filter(Boolean) },
      h("b", {}, c.name || `card ${id}`), h("small", {}, ` G${c.ground ?? "?"} S${c.space ?? "?"} D${c.damage ?? "?"} · ${c.cost ?? "?"}`),
      att ? h("em", {}, ` + ${cardName(body, att)}`) : null, grp ? h("em", { class: "grp" }, ` [${grp}]`) : null);
  };
  const side = (p) => {
    const z = (n) => v.zones[`${n}${p}`];
    const hand = z("hand");
    const mine = body.seat === p;
    return h("section", { class: "rs-side", style: { borderColor: colours[p] }, "data-side": p },
      h("h3", {}, `${v.players[p]}${mine ? " (you)" : ""}${st.turn === p ? " · to play" : ""}`),
      ["active", "inactive"].map((n) => h("div", { class: "zone", "data-zone": `${n}${p}` }, h("div", { class: "zone-name" }, `${ui.zones?.[n] || n} (${z(n).count})`),
        h("div", { class: "cards" }, (z(n).cards || []).map(tile)))),
      h("div", { class: `zone ${mine ? "hand" : "other-hand"}`, "data-zone": `hand${p}` }, h("div", { class: "zone-name" }, `Hand (${hand.count})`),
        hand.cards ? h("div", { class: "cards" }, hand.cards.map(tile)) : h("div", { class: "cards hidden-cards" }, `${hand.count} cards`)),
      h("div", { class: "zone small" }, `Deck ${z("deck").count} · Discard ${z("discard").count}`));
  };
  const head = h("p", { class: "scores" }, `Turn ${st.turn_number}, ${v.players[st.turn]}: ${st.phase} phase (${st.step})${st.deploy_points_left ? `, ${st.deploy_points_left} deploy points left` : ""}`);
  const order = body.seat === 0 ? [1, 0] : [0, 1];
  return h("div", { class: "rs" }, head, order.map(side));
}

