// A board per pack, drawn from its view (data); positions and colours from the pack's
// ui facts (GET /packs/{name}). An unknown pack gets the generic board: its zones.
//
// What a board may click comes from the legal actions' typed targets ({kind, id, role}),
// never from their words: a card, a cell of a grid, a system of a map ... that an offered
// action points at is highlighted, and a click plays that action, or narrows the
// choices to the actions pointing there (see ``ctx`` in game.js).
import { h } from "./dom.js";
import { rebellion } from "./rebellion.js";

const BOARDS = { station_assault: stationAssault, rebel_space: rebelSpace, rebellion_rote: rebellion };

/** Draw ``body`` (a GET /games/{id} answer) into ``el`` with the page's ``ctx`` (game.js).
 *  What a person scrolled or opened in the board stays so across redraws. */
export function drawBoard(el, body, pack, ctx) {
  const draw = BOARDS[body.pack] || generic;
  const kept = keepState(el);
  el.dataset.pack = body.pack;
  el.replaceChildren(draw(body, pack.ui || {}, ctx));
  kept();
}

/** The scroll offsets and open <details> of ``el``'s descendants, put back after a redraw
 *  (matched by their place in the tree and their tag). */
function keepState(el) {
  const saved = [];
  const walk = (node, path) => {
    if (node.scrollTop || node.scrollLeft || (node.tagName === "DETAILS" && node.open)) {
      saved.push({ path, tag: node.tagName, top: node.scrollTop, left: node.scrollLeft, open: node.open });
    }
    [...node.children].forEach((c, i) => walk(c, [...path, i]));
  };
  [...el.children].forEach((c, i) => walk(c, [i]));
  return () => {
    for (const s of saved) {
      let node = el;
      for (const i of s.path) node = node && node.children[i];
      if (!node || node.tagName !== s.tag) continue;
      if (s.tag === "DETAILS" && s.open) node.open = true;
      if (s.top) node.scrollTop = s.top;
      if (s.left) node.scrollLeft = s.left;
    }
  };
}

export function factsOf(card) {
  if (!card) return "";
  // (a seat's number is not words: a board says whose a card is by name)
  return Object.entries(card).filter(([k, v]) => k !== "source" && !(k === "owner" && typeof v === "number") && v !== "" && !(Array.isArray(v) && !v.length))
    .map(([k, v]) => `${k.replaceAll("_", " ")}: ${Array.isArray(v) ? v.join(", ") : v}`).join("\n");
}

export function cardName(body, id) {
  const c = body.view.cards && body.view.cards[String(id)];
  return c ? c.name : `card ${id}`;
}

/** Props making a thing clickable when an offered action points at it (``ctx.click``):
 *  {cls, props} to spread into h(); cls is "" and props {} when nothing does. */
export function clickable(ctx, kind, id, label, role) {
  const go = ctx && ctx.click ? ctx.click(kind, id, label, role) : null;
  if (!go) return { cls: "", props: {} };
  const n = ctx.on(kind, id, role).length;
  return {
    cls: " target",
    props: {
      onclick: (e) => { e.stopPropagation(); go(); },
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } },
      tabindex: 0, role: "button", "data-choices": n,
      "aria-label": `${label}: ${n === 1 ? "play the choice here" : `${n} choices`}`,
    },
  };
}

/** A zone's cards, by name, each with its facts on hover or tap; with ``ctx``, the cards
 *  an offered action points at are clickable. */
export function zoneList(body, name, zone, cls = "", ctx = null) {
  const cards = zone.cards;
  const count = zone.count === 1 ? "1 card" : `${zone.count} cards`;
  return h("div", { class: `zone ${cls}`, "data-zone": name },
    h("div", { class: "zone-name" }, `${name} (${zone.count})`),
    cards ? h("div", { class: "cards" }, cards.map((id) => {
      const c = clickable(ctx, "card", id, cardName(body, id));
      return h("span", { class: `card${c.cls}`, facts: factsOf(body.view.cards[String(id)]), "data-card": id, ...c.props }, cardName(body, id));
    }))
      : h("div", { class: "cards hidden-cards" }, zone.count ? `${count} face down` : ""));
}

function generic(body, ui, ctx) {
  const zones = body.view.zones || {};
  return h("div", { class: "generic" }, Object.entries(zones).map(([n, z]) => zoneList(body, n.replaceAll("_", " "), z, "", ctx)));
}

// ------------------------------------------------------------ Space Station Assault
function stationAssault(body, ui, ctx) {
  const v = body.view;
  const st = v.state;
  const colours = ui.colours || [];
  const names = v.players;
  const ships = st.board || [];
  // the cells the offered choices point at (typed targets, kind "cell": [x, y])
  const cells = new Set();
  for (const a of ctx.shown || []) for (const t of a.targets || []) if (t.kind === "cell" && (t.role === "" || t.role === "to")) cells.add(String(t.id));
  const xy = (k) => k.split(",").map(Number);
  const xs = [...ships.map((s) => s.x), ...[...cells].map((k) => xy(k)[0])];
  const ys = [...ships.map((s) => s.y), ...[...cells].map((k) => xy(k)[1])];
  const x0 = Math.min(...xs) - 1, x1 = Math.max(...xs) + 1, y0 = Math.min(...ys) - 1, y1 = Math.max(...ys) + 1;
  const at = new Map(ships.map((s) => [`${s.x},${s.y}`, s]));
  const grid = h("div", { class: "sa-grid", style: { gridTemplateColumns: `1.4rem repeat(${x1 - x0 + 1}, minmax(3.6rem, 5rem))` } });
  const narrowed = ctx.filter ? ctx.filter.label : null;
  for (let y = y1; y >= y0; y--) {
    grid.append(h("div", { class: "sa-axis y", "aria-hidden": "true" }, String(y)));
    for (let x = x0; x <= x1; x++) {
      const k = `${x},${y}`;
      const s = at.get(k);
      const where = `(${x},${y})`;
      // a cell is clicked for the choices about it (a ship to act, an enemy to fire at)
      // or going to it; not for the enemy a placement would then fire at
      let c = clickable(ctx, "cell", [x, y], where, ["", "to"]);
      if (!c.cls && s) c = clickable(ctx, "card", s.card, `${s.ship} ${where}`, ["", "to"]);
      const on = narrowed && (narrowed === where || narrowed === `${s ? s.ship : ""} ${where}`) ? " selected" : "";
      if (s) {
        const station = s.ship === "Space Station";
        const card = { ...((v.cards && v.cards[String(s.card)]) || {}) };
        delete card.owner; // (said first, by name)
        delete card.name;
        const facts = [`${names[s.owner]} ${s.ship} at ${where}`, `damage ${s.damage} of ${s.shields} shields`, s.acted ? "acted this wave" : "not acted yet",
          factsOf(card)].filter(Boolean);
        grid.append(h("div", { class: `sa-cell ship${station ? " station" : ""}${s.acted ? " acted" : ""}${c.cls}${on}`,
          style: { borderColor: colours[s.owner] || "#888", background: `${colours[s.owner] || "#888"}33` },
          facts, "data-cell": k, title: where, ...c.props },
        h("span", { class: "ship-name", style: { "--n": String(Math.max(...s.ship.split(" ").map((w) => w.length))) } }, s.ship),
        h("span", { class: "dmg" }, `${s.damage}/${s.shields}`)));
      } else {
        grid.append(h("div", { class: `sa-cell empty${c.cls}${on}`, "data-cell": k, title: where, ...c.props }, c.cls ? "+" : ""));
      }
    }
  }
  grid.append(h("div", { class: "sa-axis corner", "aria-hidden": "true" }));
  for (let x = x0; x <= x1; x++) grid.append(h("div", { class: "sa-axis x", "aria-hidden": "true" }, String(x)));
  const scores = h("div", { class: "scores" }, names.map((n, i) => h("span", { class: "score", style: { borderColor: colours[i] } },
    `${n}: ${st.scores[i]} Victory, lost ${st.lost[i]}${st.alive[i] ? "" : " (out)"}, hand ${st.hand_sizes[i]}, deck ${st.deck_sizes[i]}`)),
  h("span", { class: "score" }, `Wave ${st.wave}, Speed ${st.speed}`));
  const me = body.seat;
  const handName = ctx && ctx.readOnly ? `${names[me]}'s hand` : "Your hand";
  const hand = me !== null && v.zones[`hand${me}`] ? zoneList(body, handName, v.zones[`hand${me}`], "hand", ctx) : null;
  return h("div", { class: "sa" }, scores, h("div", { class: "sa-scroll" }, grid),
    h("p", { class: "muted small" }, "x counts left to right, y bottom to top: (1,0) is the cell right of (0,0)."), hand);
}

// ------------------------------------------------------------ Rebel Space
// A battle group (and a blocking group) is formed unit by unit (the pack's atomic
// "add" actions, then "close"); here a person clicks the units, they light up, and one
// "Form the group" button plays the adds and the close one after the other.
const FORMING = new Set(["form_group", "form_block"]);

/** RS-10: in a space group one Pilot rides each Fighter and one Captain each Ship (a hero
 *  who is both, either); another hero does not fly. The pack's rule, read from the cards'
 *  printed flags, so that the units a person picks can all join together. */
function heroesFit(body, ids) {
  let fighters = 0, ships = 0, pilots = 0, captains = 0, both = 0;
  for (const id of ids) {
    const c = body.view.cards[String(id)] || {};
    const f = c.flags || [];
    if (f.includes("Fighter")) fighters += 1;
    else if (f.includes("Ship")) ships += 1;
    else if (c.type === "Hero") {
      const pilot = f.includes("Pilot"), captain = f.includes("Captain");
      if (pilot && captain) both += 1;
      else if (pilot) pilots += 1;
      else if (captain) captains += 1;
      else return false;
    }
  }
  return pilots <= fighters && captains <= ships && pilots + captains + both <= fighters + ships;
}

function rebelSpace(body, ui, ctx) {
  const v = body.view;
  const st = v.state;
  const colours = ui.colours || [];
  const forming = body.your_turn && FORMING.has(st.step);
  const attachedTo = new Map(Object.entries(st.attached || {}).map(([a, host]) => [String(host), a]));
  const inGroup = new Map();
  (st.attack.groups || []).forEach((g, i) => g.forEach((c) => inGroup.set(String(c), `group ${i + 1}${st.attack.space[i] ? " (space)" : " (ground)"}`)));
  (st.attack.blocks || []).forEach((g, i) => g.forEach((c) => inGroup.set(String(c), `blocks group ${i + 1}`)));
  (st.attack.forming || []).forEach((c) => inGroup.set(String(c), "in the group being formed"));
  const picked = ctx.selected || new Set();
  const space = Boolean(st.attack.forming_space);
  const isHero = (id) => (v.cards[String(id)] || {}).type === "Hero";
  // a unit may be picked when it may join now and, in a space group, the heroes of the
  // group, of the picks and it still fit (each of two Pilots may fit one Fighter alone)
  const fitsPicks = (id) => !space || !isHero(id) || heroesFit(body, [...(st.attack.forming || []), ...picked, id]);
  const tile = (id) => {
    const c = v.cards[String(id)] || {};
    const att = attachedTo.get(String(id));
    const grp = inGroup.get(String(id));
    let click = { cls: "", props: {} };
    if (forming && (picked.has(id) || (ctx.on("card", id, "").length && fitsPicks(id)))) {
      click = { cls: " target pick", props: { onclick: (e) => { e.stopPropagation(); ctx.toggle(id); }, tabindex: 0, role: "button",
        "aria-pressed": picked.has(id) ? "true" : "false", "aria-label": `${c.name || "card"}: put in the group, or take out` } };
    } else if (!forming) {
      click = clickable(ctx, "card", id, c.name || "this card");
    }
    return h("span", { class: `rs-card${grp ? " in-battle" : ""}${click.cls}${picked.has(id) ? " picked" : ""}`, "data-card": id,
      facts: [factsOf(c), att ? `attached: ${cardName(body, att)}` : "", grp || ""].filter(Boolean), ...click.props },
    h("b", {}, c.name || `card ${id}`),
    h("small", {}, c.ground || c.space || c.damage ? ` G${c.ground ?? 0} S${c.space ?? 0} D${c.damage ?? 0} · ${c.cost ?? "?"}` : ` ${c.type || "card"} · ${c.cost ?? "?"}`),
    att ? h("em", {}, ` + ${cardName(body, att)}`) : null, grp ? h("em", { class: "grp" }, ` [${grp}]`) : null);
  };
  if (forming) {
    // the heroes last: a Pilot may join once the Fighter it rides is in
    const chosen = [...[...picked].filter((id) => !isHero(id)), ...[...picked].filter(isHero)];
    const block = st.step === "form_block";
    const fit = !space || heroesFit(body, [...(st.attack.forming || []), ...chosen]);
    ctx.hint(fit
      ? `Click the units to put in the ${block ? "blocking group" : "group"} (they light up), then "${block ? "Block with them" : "Form the group"}"; or add them one at a time below.${space ? " In space one Pilot rides a Fighter and one Captain a Ship." : ""}`
      : "One Pilot to a Fighter, one Captain to a Ship: click a hero to take it out before forming the group.");
    if (chosen.length && fit) {
      const what = chosen.length === 1 ? "1 unit" : `${chosen.length} units`;
      // "add C" points at C (role ""); "close" at the group's units only "with"
      const about = (a) => a.targets.filter((t) => t.kind === "card" && !t.role).map((t) => t.id);
      const steps = chosen.map((id) => ({ text: `adding ${cardName(body, id)}`, match: (a) => about(a).includes(id) }));
      steps.push({ text: "closing the group", match: (a) => !about(a).length });
      ctx.offer(block ? `Block with them (${what})` : `Form the group (${what})`, () => ctx.sequence(steps, block ? "Blocking" : "Forming the group"), "form-group");
      ctx.offer("Clear the picked units", () => ctx.toggle(null), "clear-pick");
    } else if (chosen.length) {
      ctx.offer("Clear the picked units", () => ctx.toggle(null), "clear-pick");
    }
  }
  const side = (p) => {
    const z = (n) => v.zones[`${n}${p}`];
    const hand = z("hand");
    const mine = body.seat === p;
    const n = hand.count === 1 ? "1 card" : `${hand.count} cards`;
    return h("section", { class: "rs-side", style: { borderColor: colours[p] }, "data-side": p },
      h("h3", {}, `${v.players[p]}${mine ? " (you)" : ""}${st.turn === p ? " · to play" : ""}`),
      ["active", "inactive"].map((zn) => h("div", { class: "zone", "data-zone": `${zn}${p}` }, h("div", { class: "zone-name" }, `${ui.zones?.[zn] || zn} (${z(zn).count})`),
        h("div", { class: "cards" }, (z(zn).cards || []).map(tile)))),
      h("div", { class: `zone ${mine ? "hand" : "other-hand"}`, "data-zone": `hand${p}` }, h("div", { class: "zone-name" }, `Hand (${hand.count})`),
        hand.cards ? h("div", { class: "cards" }, hand.cards.map(tile)) : h("div", { class: "cards hidden-cards" }, n)),
      h("div", { class: "zone small" }, `Deck ${z("deck").count} · Discard ${z("discard").count}`));
  };
  const phase = `${st.phase.charAt(0).toUpperCase()}${st.phase.slice(1)} phase`;
  const head = h("p", { class: "scores" }, `Turn ${st.turn_number}, ${v.players[st.turn]}: ${phase}${st.phase === "deploy" && st.deploy_points_left ? `, ${st.deploy_points_left === 1 ? "1 deploy point" : `${st.deploy_points_left} deploy points`} left` : ""}.`,
    h("span", { class: "muted" }, "G ground, S space, D damage, then the cost"));
  const order = body.seat === 0 ? [1, 0] : [0, 1];
  return h("div", { class: "rs" }, head, order.map(side));
}
