// The Rebellion board: the combat panel, the galaxy map, the hands, the leaders, the queue.
//
// Everything is drawn from the view (body.view: its zones, its card facts, the pack's
// state with its "combat") and the pack's ui facts (GET /packs/rebellion_rote: systems,
// units, leaders, rings, skill names). The things a legal action points at (its typed
// targets, see games/rebellion_rote/table.py) are clickable: a system on the map, a card in
// a hand, a leader in a pool, a figure or a die in the combat panel, a die of a mission's
// roll. A click plays the one action there, or narrows the choices to those actions.
import { h, svg } from "./dom.js";

const SKILLS = [["diplomacy", "DIP"], ["intel", "INT"], ["spec_ops", "OPS"], ["logistics", "LOG"]];
const PHASES = { setup: "Set-up", assignment: "Assignment Phase", command: "Command Phase", refresh: "Refresh Phase" };
const SIDE_WORDS = ["the Rebels", "the Empire"];
const THEATERS = ["space", "ground"];
const ROMAN = ["", "I", "II", "III"];

/** The board's own style sheet, once (the page may link it already). */
function ensureStyle() {
  if (document.querySelector('link[href$="rebellion.css"]')) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/web/rebellion.css" }));
}

const tkey = (kind, id) => `${kind}:${Array.isArray(id) ? id.join(",") : id}`;
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const words = (k) => String(k).replaceAll("_", " ");
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const lines = (...xs) => xs.flat().filter((x) => x !== "" && x !== null && x !== undefined && x !== false);

// ------------------------------------------------------------ what the board reads
function reader(body, ui, ctx) {
  const v = body.view;
  const st = v.state;
  const actions = body.your_turn ? (ctx.actions || body.legal_actions || []) : [];
  // each thing a legal action points at -> the actions that do, and the roles it plays
  const index = new Map();
  const keysOf = new Map(); // action id -> the keys of its targets
  for (const a of actions) {
    keysOf.set(a.id, (a.targets || []).map((t) => tkey(t.kind, t.id)));
    for (const t of a.targets || []) {
      const key = tkey(t.kind, t.id);
      let e = index.get(key);
      if (!e) index.set(key, (e = { ids: [], roles: new Set() }));
      if (e.ids[e.ids.length - 1] !== a.id) e.ids.push(a.id);
      e.roles.add(t.role || "");
    }
  }
  const systems = ui.systems || [];
  const baseSpace = ui.rebel_base_space || { id: systems.length, name: "Rebel Base" };
  const R = {
    body, ui, ctx, v, st, index, keysOf,
    filter: ctx.filter || null,
    mySide: body.seat === null || body.seat === undefined ? null : sideOfSeat(body),
    systems, baseSpace,
    sides: ui.sides || [{ name: "Rebel", colour: "#d9534f" }, { name: "Imperial", colour: "#5b8def" }],
    units: ui.units || [],
    leaders: ui.leaders || [],
    skillNames: ui.skill_names || { diplomacy: "Diplomacy", intel: "Intel", spec_ops: "Spec Ops", logistics: "Logistics" },
    drawn: new Set(), // the targets drawn clickable somewhere
    card: (id) => (v.cards && v.cards[String(id)]) || null,
    zone: (name) => (v.zones && v.zones[name]) || null,
  };
  R.placeName = (i) => (i === baseSpace.id ? "the Rebel Base space" : systems[i] ? systems[i].name : `place ${i}`);
  R.cardName = (id) => { const c = R.card(id); return c && c.name ? c.name : "a card"; };
  R.leaderName = (i) => (R.leaders[i] ? R.leaders[i].name : `leader ${i}`);
  return R;
}

function sideOfSeat(body) {
  // the team game (3 or 4 seats): seat 0 and, with 4, seat 2 play the Rebels
  const n = body.seats ? body.seats.length : 2;
  if (n === 3) return body.seat === 0 ? 0 : 1;
  return body.seat % 2;
}

/** Make ``kind:id`` clickable when legal actions point at it: one action is played at
 *  once, several narrow the choices to them (a second click shows them all again).
 *  Returns {cls, props, hint}; cls is "" when nothing points at it. */
function clickable(R, kind, id, name) {
  const e = R.index.get(tkey(kind, id));
  if (!e) return { cls: "", props: {}, hint: "" };
  R.drawn.add(tkey(kind, id));
  const roles = [...e.roles].filter(Boolean);
  const label = roles.length === 1 && ["at", "from", "to"].includes(roles[0]) ? `${roles[0]} ${name}` : name;
  const selected = R.filter && R.filter.label === label;
  const go = (ev) => {
    ev.stopPropagation();
    if (e.ids.length === 1) { R.ctx.choose(e.ids[0]); return; }
    const board = ev.currentTarget.closest(".rr");
    if (board) board.querySelectorAll(".selected").forEach((x) => x.classList.remove("selected"));
    if (R.filter && R.filter.label === label) { R.filter = null; R.ctx.narrow(null); return; }
    ev.currentTarget.classList.add("selected");
    R.filter = { ids: new Set(e.ids), label };
    R.ctx.narrow(e.ids, label);
  };
  const n = e.ids.length;
  return {
    cls: ` target${selected ? " selected" : ""}`,
    props: {
      onclick: go,
      onkeydown: (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(ev); } },
      tabindex: 0,
      role: "button",
      "aria-label": `${name}: ${n === 1 ? "your choice here" : `${n} choices`}`,
      "data-choices": n,
    },
    hint: n === 1 ? "Click to choose it." : `Click: the ${n} choices ${label}.`,
  };
}

// ------------------------------------------------------------ facts in words
function cardFacts(c, extra = []) {
  if (!c) return extra.filter(Boolean);
  const head = [c.side, c.kind].filter(Boolean).join(" ");
  return [c.name || "a card", head ? `(${head})` : "", c.text || "", ...(c.lines || []), ...extra].filter(Boolean);
}

/** A card's short line under its name: a mission's requirement, an objective's stage and
 *  reward, an action card's timing, a probe card's region. */
function cardSub(c) {
  if (!c) return "";
  switch (c.kind) {
    case "mission": case "project":
      return `${c.requirement ?? ""} ${c.skill_name || ""}${c.mode === "resolve" ? " · resolve" : c.mode === "attempt" ? " · attempt" : ""}`.trim();
    case "objective": return `stage ${ROMAN[c.stage] || c.stage}${c.reward ? ` · ${c.reward}` : ""}`;
    case "action card": return c.timing ? String(c.timing) : "";
    case "probe card": return c.region ? `region ${c.region}` : "";
    default: return "";
  }
}

function leaderFacts(R, i) {
  const l = R.leaders[i];
  if (!l) return [`leader ${i}`];
  const skills = SKILLS.filter(([k]) => l.skills && l.skills[k]).map(([k]) => `${R.skillNames[k] || words(k)} ${l.skills[k]}`);
  const ringIdx = R.st.rings ? R.st.rings[i] : -1;
  const ring = ringIdx >= 0 ? (R.ui.rings && R.ui.rings[ringIdx]) || { name: "a ring", text: "" } : null;
  return [l.name, `${l.side} leader`, skills.length ? `Skill icons: ${skills.join(", ")}` : "No skill icons",
    l.space || l.ground ? `Tactic values: space ${l.space}, ground ${l.ground}` : "No tactic values: cannot activate a system",
    ring ? `Ring: ${ring.name}${ring.text ? `: ${ring.text}` : ""}` : ""].filter(Boolean);
}

function unitFacts(R, u, extra = []) {
  const t = R.units[u];
  if (!t) return [`unit ${u}`];
  const dice = Object.entries(t.attack || {}).filter(([, d]) => d).map(([c, d]) => `${d} ${c}`).join(", ");
  return [`${t.name} (${t.side} ${t.theater} ${t.kind})`, `Attack: ${dice || "no dice"}`,
    `Health ${t.health}${t.health_colour ? ` (${t.health_colour})` : ""}${t.capacity ? `, carries ${t.capacity}` : ""}`, ...extra].filter(Boolean);
}

// ------------------------------------------------------------ small pieces
function cardChip(R, id, opts = {}) {
  const c = R.card(id);
  const name = c && c.name ? c.name : "a card";
  const click = opts.click === false ? { cls: "", props: {}, hint: "" } : clickable(R, "card", id, name);
  const kind = c && c.kind ? ` kind-${String(c.kind).replace(/[^a-z]+/gi, "-").toLowerCase()}` : "";
  const sub = opts.sub !== undefined ? opts.sub : cardSub(c);
  return h("span", { class: `card rr-card${kind}${click.cls}${opts.cls ? ` ${opts.cls}` : ""}`, "data-card": id,
    facts: cardFacts(c, [...(opts.extra || []), click.hint]), ...click.props },
  h("b", {}, name), sub ? h("small", {}, sub) : null);
}

function skillBadges(R, l) {
  return SKILLS.filter(([k]) => l.skills && l.skills[k]).map(([k, abbr]) =>
    h("span", { class: `skill sk-${k}`, title: R.skillNames[k] }, `${abbr} ${l.skills[k]}`));
}

function leaderChip(R, i, opts = {}) {
  const l = R.leaders[i] || { name: `leader ${i}`, side: "", skills: {} };
  const click = opts.click === false ? { cls: "", props: {}, hint: "" } : clickable(R, "leader", i, l.name);
  return h("span", { class: `rr-leader ${l.side === "Rebel" ? "reb" : "imp"}${click.cls}`, "data-leader": l.name,
    facts: lines(leaderFacts(R, i), opts.extra || [], click.hint), ...click.props },
  h("b", {}, l.name),
  h("span", { class: "badges" }, skillBadges(R, l),
    l.space || l.ground ? h("span", { class: "tactic", title: "tactic values: space / ground" }, `⚔ ${l.space}/${l.ground}`) : null,
    R.st.rings && R.st.rings[i] >= 0 ? h("span", { class: "ring", title: "an attachment ring" }, "ring") : null));
}

/** A leader by name only (its facts on hover): on a mission slot, in a list. */
function leaderTag(R, i, short = false) {
  const l = R.leaders[i] || { name: `leader ${i}`, side: "" };
  const click = clickable(R, "leader", i, l.name);
  return h("span", { class: `rr-tag ${l.side === "Rebel" ? "reb" : "imp"}${click.cls}`, "data-leader": l.name, facts: lines(leaderFacts(R, i), click.hint), ...click.props },
    short ? shortName(l.name) : l.name);
}

function panel(title, cls, ...children) {
  return h("section", { class: `rr-panel ${cls}` }, h("h4", {}, title), ...children);
}

function details(title, cls, open, ...children) {
  return h("details", { class: `rr-details ${cls}`, open: open || null }, h("summary", {}, title), ...children);
}

// ------------------------------------------------------------ the board
export function rebellion(body, ui, ctx) {
  ensureStyle();
  const R = reader(body, ui, ctx);
  const combat = R.st.combat || null;
  const combatBox = combat ? combatPanel(R, combat) : null;
  const missionBox = missionPanel(R);
  const main = h("div", { class: "rr-main" },
    h("div", { class: "rr-left" }, mapBlock(R, combat), h("div", { class: "rr-panels" }, missionsPanel(R), queuePanel(R))),
    h("div", { class: "rr-side" }, handsPanel(R), leadersPanel(R)));
  const more = h("div", { class: "rr-more" }, tacticsDetails(R, combat), unitsDetails(R), outDetails(R));
  const root = h("div", { class: "rr" }, statusBar(R), combatBox, missionBox, pickPanel(R), main, more);
  hints(R, root);
  return root;
}

/** The cards and leaders a choice points at that the board shows nowhere else (the
 *  action cards drawn to recruit, the probe cards looked at, a leader to recruit): here,
 *  to click. */
function pickPanel(R) {
  const cards = [], leaders = [];
  for (const key of R.index.keys()) {
    const kind = key.slice(0, key.indexOf(":"));
    const id = Number(key.slice(key.indexOf(":") + 1));
    if (R.drawn.has(key) || (kind !== "card" && kind !== "leader")) continue;
    // shown already when each of its actions can be reached by another thing drawn (a
    // probe card's system on the map)
    const elsewhere = R.index.get(key).ids.every((a) => (R.keysOf.get(a) || []).some((k) => k !== key && R.drawn.has(k)));
    if (elsewhere) continue;
    if (kind === "card") cards.push(id); else leaders.push(id);
  }
  if (!cards.length && !leaders.length) return null;
  return h("section", { class: "rr-pick", "aria-label": "to choose from" },
    h("h4", {}, "To choose from"),
    h("div", { class: "cards" }, cards.map((id) => cardChip(R, id)), leaders.map((i) => leaderChip(R, i))));
}

/** Words above the choices: what on the board may be clicked for them. */
function hints(R, root) {
  if (!R.ctx.hint || !R.index.size) return;
  const where = [];
  if (root.querySelector(".rr-map .target")) where.push("a glowing system on the map");
  if (root.querySelector(".rr-card.target")) where.push("a card outlined in yellow");
  if (root.querySelector(".rr-leader.target, .rr-tag.target")) where.push("a leader outlined in yellow");
  if (root.querySelector(".rr-fig.target, .rr-unit.target")) where.push("a unit in the combat panel");
  if (root.querySelector(".rr-die.target")) where.push("a die");
  if (where.length) R.ctx.hint(`Or click on the board: ${where.length > 1 ? `${where.slice(0, -1).join(", ")} or ${where[where.length - 1]}` : where[0]}.`);
}

function statusBar(R) {
  const st = R.st;
  const n = R.ui.time_track || 16;
  const track = h("div", { class: "rr-track", "data-track": "time", role: "img", "aria-label": `time ${st.time}, reputation ${st.reputation}` },
    Array.from({ length: n }, (_, k) => {
      const t = k + 1 === st.time, r = k + 1 === st.reputation;
      return h("span", { class: `tick${t ? " time" : ""}${r ? " rep" : ""}` }, t && r ? "T·R" : t ? "T" : r ? "R" : String(k + 1));
    }));
  const phase = PHASES[st.phase] || cap(words(st.phase || ""));
  const base = baseSystem(R);
  let baseWords = "The Rebel base is hidden.";
  if (base !== null) baseWords = `${R.mySide === 0 ? "Your base" : "The Rebel base"}: ${R.placeName(base)}${st.base_revealed ? " (revealed)" : " (hidden from the Empire)"}.`;
  return h("div", { class: "rr-status" },
    h("p", { class: "rr-head" }, h("b", {}, st.round ? `Round ${st.round}` : "Before round 1"), ` · ${phase}`,
      R.mySide === 0 || R.mySide === 1 ? ` · you play ${SIDE_WORDS[R.mySide]}` : "",
      st.phase === "command" && st.passed && (st.passed[0] || st.passed[1]) ? ` · passed: ${[0, 1].filter((x) => st.passed[x]).map((x) => R.sides[x]?.name).join(" and ")}` : "",
      " · ", h("span", { class: "muted" }, baseWords)),
    h("div", { class: "rr-trackrow" },
      h("span", { class: "tlabel" }, h("b", { class: "tm" }, `Time ${st.time}`), " · ", h("b", { class: "rp" }, `Reputation ${st.reputation}`)),
      track, h("span", { class: "muted" }, "the Rebels win when they meet")));
}

/** The base's system where this seat may know it (ui.base_zones name the zones), or null. */
function baseSystem(R) {
  const zones = (R.ui.base_zones || ["base", "base_face_up"]).map((n) => R.zone(n));
  const z = zones.find((x) => x && x.cards && x.cards.length);
  return z ? z.cards[0] : null;
}

// ------------------------------------------------------------ the map
function mapBlock(R, combat) {
  const { st, systems, ui } = R;
  const W = (ui.map && ui.map.width) || 100, H = (ui.map && ui.map.height) || 62;
  const regionColour = new Map((ui.regions || []).map((r) => [r.region, r.colour]));
  const map = svg("svg", { viewBox: `-5 -3 ${W + 10} ${H + 8.5}`, class: "rr-map", role: "group", "aria-label": "The galaxy map" });
  const drawn = new Set();
  (ui.adjacent || []).forEach((ns, i) => ns.forEach((j) => {
    const key = i < j ? `${i}-${j}` : `${j}-${i}`;
    if (drawn.has(key) || !systems[i] || !systems[j]) return;
    drawn.add(key);
    map.append(svg("line", { x1: systems[i].x, y1: systems[i].y, x2: systems[j].x, y2: systems[j].y, class: "rr-link" }));
  }));
  const leadersAt = leadersByPlace(R);
  const base = baseSystem(R);
  const combatAt = combat ? combat.system : -1;
  const count = (loc, side) => (st.units[loc] || []).reduce((a, n, u) => a + (R.units[u] && (R.units[u].side === "Rebel") === (side === 0) ? n : 0), 0);
  const markerNames = ui.markers || [];
  const many = systems.filter((s, i) => R.index.has(tkey("system", i))).length > 12; // a quieter glow
  systems.forEach((s, i) => {
    const loyal = st.loyalty[i];
    const present = (st.units[i] || []).map((n, u) => [u, n]).filter(([, n]) => n > 0);
    const leaders = leadersAt.get(i) || [];
    const click = clickable(R, "system", i, s.name);
    const ruledOut = R.mySide === 1 && st.ruled_out && st.ruled_out[i] && !st.base_revealed;
    const facts = [`${s.name}: region ${s.region}, ${s.remote ? "remote" : `populous, builds on queue space ${s.build}${s.icons.length ? ` (${s.icons.map(words).join(", ")})` : ""}`}`,
      `Loyalty: ${loyal === -1 || loyal === undefined ? "none" : R.sides[loyal]?.name}${st.subjugated[i] ? ", subjugated" : ""}${st.sabotage[i] ? ", sabotaged" : ""}${st.destroyed[i] ? ", destroyed" : ""}`,
      ...present.map(([u, n]) => `${n} × ${R.units[u].name} (${R.units[u].side})`),
      ...leaders.map((l) => `Leader: ${R.leaderName(l)}`),
      base === i ? `The Rebel base${st.base_revealed ? "" : " (hidden from the Empire)"}` : "",
      ...markerNames.filter((_, k) => st.markers[i] & (1 << k)).map((m) => `Target marker: ${m}`),
      ruledOut ? "Not the Rebel base (ruled out)" : "",
      combatAt === i ? "A combat is being fought here" : "",
      click.hint];
    const g = svg("g", { class: `rr-system${click.cls}${many ? " many" : ""}${combatAt === i ? " combat" : ""}`, "data-system": s.name, facts: lines(facts), ...click.props });
    if (click.cls) g.append(svg("circle", { cx: s.x, cy: s.y, r: 4.3, class: "rr-halo" }));
    if (combatAt === i) g.append(svg("circle", { cx: s.x, cy: s.y, r: 4.9, class: "rr-combat-ring" }));
    const ring = loyal === -1 || loyal === undefined ? "#6a6f7a" : R.sides[loyal]?.colour;
    g.append(svg("circle", { cx: s.x, cy: s.y, r: 3.2, fill: regionColour.get(s.region) || "#333", stroke: ring, "stroke-width": loyal === -1 ? 0.3 : 0.9, class: "rr-planet" }));
    if (st.subjugated[i]) g.append(svg("circle", { cx: s.x, cy: s.y, r: 3.9, class: "rr-subjugated" }));
    if (st.destroyed[i]) g.append(svg("line", { x1: s.x - 3, y1: s.y - 3, x2: s.x + 3, y2: s.y + 3, class: "rr-destroyed" }));
    if (ruledOut && !s.remote) g.append(svg("text", { x: s.x + 3.2, y: s.y + 3.7, class: "rr-ruled" }, "✕"));
    g.append(svg("text", { x: s.x, y: s.y - 4.5, class: "rr-name" }, s.name));
    const reb = count(i, 0), imp = count(i, 1);
    if (reb) g.append(badge(imp ? s.x - 1.45 : s.x, s.y + 0.2, reb, "reb"));
    if (imp) g.append(badge(reb ? s.x + 1.45 : s.x, s.y + 0.2, imp, "imp"));
    if (leaders.length) g.append(svg("text", { x: s.x, y: s.y + 5.3, class: "rr-leaders" }, leaders.map((l) => shortName(R.leaderName(l))).join(", ")));
    if (base === i) g.append(svg("text", { x: s.x - 2.6, y: s.y - 1.6, class: "rr-base" }, "★"));
    if (st.markers[i]) g.append(svg("rect", { x: s.x + 2.3, y: s.y - 3.5, width: 1.5, height: 1.5, class: "rr-marker", transform: `rotate(45 ${s.x + 3.05} ${s.y - 2.75})` }));
    map.append(g);
  });
  // the Rebel Base space: a place beside the board (location and target 32)
  const bi = R.baseSpace.id;
  const bx = W - 22, by = H - 0.5;
  const here = (st.units[bi] || []).map((n, u) => [u, n]).filter(([, n]) => n > 0);
  const bl = leadersAt.get(bi) || [];
  const bclick = clickable(R, "system", bi, "the Rebel Base space");
  map.append(svg("g", { class: `rr-system rr-basespace${bclick.cls}`, "data-system": "Rebel Base space",
    facts: lines("The Rebel Base space, beside the board: units here are safe until the base is revealed",
      here.map(([u, n]) => `${n} × ${R.units[u].name}`), bl.map((l) => `Leader: ${R.leaderName(l)}`), bclick.hint), ...bclick.props },
  svg("rect", { x: bx, y: by, width: 22, height: 7.6, rx: 1, class: "rr-basebox" }),
  svg("text", { x: bx + 11, y: by + 2.5, class: "rr-name" }, "Rebel Base space"),
  svg("text", { x: bx + 11, y: by + 4.9, class: "rr-baseunits" }, baseWords(R, here)),
  bl.length ? svg("text", { x: bx + 11, y: by + 6.9, class: "rr-leaders" }, bl.map((l) => shortName(R.leaderName(l))).join(", ")) : null));
  const anyTarget = [...R.index.keys()].some((k) => k.startsWith("system:"));
  const legend = h("p", { class: "rr-legend" },
    anyTarget ? h("span", { class: "lg-target" }, "Glowing systems are choices: click one. ") : null,
    h("span", { class: "lg reb" }, "2"), " Rebel units ", h("span", { class: "lg imp" }, "3"), " Imperial units · loyalty ring: ",
    h("span", { class: "rc reb" }, "Rebel"), ", ", h("span", { class: "rc imp" }, "Imperial"), " (dashed: subjugated) · ◆ target marker",
    R.mySide === 0 ? " · ★ your base" : R.mySide === 1 ? " · ✕ ruled out as the base" : "",
    " · hover or tap for details");
  return h("div", { class: "rr-mapbox" }, map, legend);
}

function leadersByPlace(R) {
  const at = new Map();
  (R.st.leader_loc || []).forEach((loc, i) => {
    if (loc >= 0 && R.st.leader_status && R.st.leader_status[i] === 2) {
      if (!at.has(loc)) at.set(loc, []);
      at.get(loc).push(i);
    }
  });
  return at;
}

/** The units on the Rebel Base space in a few words (all of them on hover). */
function baseWords(R, here) {
  if (!here.length) return "no units";
  const all = here.map(([u, n]) => `${n} ${shortUnit(R.units[u].name)}`).join(" · ");
  return all.length <= 26 ? all : plural(here.reduce((a, [, n]) => a + n, 0), "unit");
}

function badge(x, y, n, cls) {
  return svg("g", { class: `rr-badge ${cls}` }, svg("circle", { cx: x, cy: y, r: 1.4 }), svg("text", { x, y: y + 0.65 }, String(n)));
}

/** A leader's name on the map: the last word ("Vader", "Mothma", "Dodonna"). */
function shortName(name) {
  const parts = name.split(" ");
  return parts[parts.length - 1];
}

function shortUnit(name) {
  return name.replace(/^Rebel /, "").replace(/^Corellian /, "").replace(/^Mon Calamari /, "MC ");
}

// ------------------------------------------------------------ the combat
function combatPanel(R, c) {
  const theater = c.theater;
  const deciding = c.deciding;
  const sideBox = (f) => {
    const side = f.side;
    const mine = R.mySide === side;
    const byTheater = THEATERS.map((th) => [th, (f.units || []).filter((u) => u.theater === th)]).filter(([, us]) => us.length);
    const tv = f.tactic_value || {};
    return h("div", { class: `rr-force ${side === 0 ? "reb" : "imp"}${deciding === side ? " deciding" : ""}`, "data-side": side },
      h("h5", {}, `${f.name || R.sides[side]?.name}${mine ? " (you)" : ""}${c.attacker === side ? " · attacker" : " · defender"}`,
        h("small", {}, ` tactic value: space ${tv.space ?? 0}, ground ${tv.ground ?? 0}`)),
      byTheater.length ? byTheater.map(([th, us]) => h("div", { class: `theater${th === theater ? " now" : ""}` },
        h("span", { class: "th" }, cap(th)), us.map((u) => unitGroup(R, u))))
        : h("div", { class: "muted small" }, "no units left"),
      h("div", { class: "cleaders" }, (f.leaders || []).length ? f.leaders.map((l) => leaderChip(R, l.leader, { extra: l.captive ? ["captive"] : [] }))
        : h("span", { class: "muted small" }, "no leader here")),
      h("div", { class: "tactic-chosen" }, "Tactic card: ", chosenCard(R, f.chosen)),
      (f.may || []).length ? h("div", { class: "may" }, f.may.map((m, k) => h("span", { class: k === 0 && deciding === side ? "doing" : m === "waiting" ? "muted" : "" }, `${cap(m)}${k < f.may.length - 1 ? "; " : ""}`))) : null,
      mine ? heldTactics(R, f, theater) : h("div", { class: "small muted" },
        `Tactic cards: ${THEATERS.map((th) => `${(f.tactic_deck?.[th] || []).length} ${th}`).join(", ")} (see "Tactic cards" below)`));
  };
  const where = c.system_name || R.placeName(c.system);
  const first = c.first || {};
  const who = (s) => (s === 0 || s === 1 ? R.sides[s]?.name : "");
  return h("section", { class: "rr-combat", "data-combat": where, "aria-label": `combat at ${where}` },
    h("h3", {}, `⚔ Combat at ${where}`,
      h("small", {}, ` · round ${c.round || 1}${theater ? ` · ${theater} battle` : ""}${theater && first[theater] !== undefined ? ` · ${who(first[theater])} attack first` : ""}`)),
    c.doing && deciding !== null && deciding !== undefined
      ? h("p", { class: "doing-line" }, h("b", {}, `${who(deciding)}${R.mySide === deciding ? " (you)" : ""}: `), cap(c.doing)) : null,
    (c.in_force || []).length ? h("ul", { class: "in-force small" }, c.in_force.map((t) => h("li", {}, t))) : null,
    h("div", { class: "forces" }, (c.sides || []).map(sideBox)),
    diceBlock(R, c.dice));
}

/** A unit type in the combat: its name, then each figure with its health and damage. */
function unitGroup(R, u) {
  const t = R.units[u.unit] || {};
  const health = u.health || 0;
  const figs = (u.damage || []).map((d, k) => {
    const click = clickable(R, "figure", [u.unit, d], `${u.name}${d ? ` with ${d} damage` : ""}`);
    const doomed = k >= (u.damage.length - (u.doomed || 0)) || (health && d >= health);
    return h("span", { class: `rr-fig${click.cls}${doomed ? " doomed" : ""}`, "data-figure": `${u.unit},${d}`,
      facts: lines(unitFacts(R, u.unit), [`This one: ${d} damage of ${health} health${u.printed_health !== health ? ` (printed ${u.printed_health})` : ""}`,
        u.can_be_damaged === false ? "Cannot be damaged now" : "", doomed ? "Destroyed: removed at the end of the battle" : "", click.hint]), ...click.props },
    h("span", { class: `pips hc-${u.health_colour || "none"}` }, Array.from({ length: Math.max(health, 1) }, (_, p) => h("i", { class: p >= health - d ? "hit" : "" }))),
    d ? h("small", { class: "dmg" }, `${d} damage`) : null);
  });
  // the unit type is clickable only when no figure of it is (a figure says more)
  const anyFig = (u.damage || []).some((d) => R.index.has(tkey("figure", [u.unit, d])));
  const uclick = anyFig ? { cls: "", props: {}, hint: "" } : clickable(R, "unit", u.unit, u.name);
  return h("span", { class: `rr-unit ${t.side === "Rebel" ? "reb" : "imp"}${uclick.cls}`, "data-unit": u.name, ...uclick.props,
    facts: lines(unitFacts(R, u.unit), `${plural(u.count, "figure")} here`, uclick.hint) },
  h("b", {}, `${u.name}${u.count > 1 ? ` ×${u.count}` : ""}`), h("small", { class: "health" }, `health ${health}`),
  u.can_be_damaged === false ? h("small", { class: "shielded" }, "shielded") : null, figs);
}

function chosenCard(R, chosen) {
  if (!chosen) return h("span", { class: "muted" }, "none yet");
  if (chosen.card === null || chosen.card === undefined) return h("span", { class: "facedown" }, "chosen, face down");
  return h("span", {}, cardChip(R, chosen.card, { click: false }), chosen.face_down ? h("small", { class: "muted" }, " (face down: only you see it)") : null);
}

/** The seat's own tactic cards of the battle's theater (clickable when choosing one). */
function heldTactics(R, f, theater) {
  const ths = theater ? [theater] : THEATERS;
  return ths.map((th) => {
    const cards = (f.tactic_deck && f.tactic_deck[th]) || [];
    const choosing = cards.some((id) => R.index.has(tkey("card", id)));
    const title = `Your ${th} tactic cards (${cards.length}${f.tactic_discard && f.tactic_discard[th] ? `, ${f.tactic_discard[th]} discarded` : ""})`;
    const list = h("span", { class: "cards" }, cards.map((id) => cardChip(R, id)));
    if (choosing) return h("div", { class: "held choosing", "data-zone": `tactics_${f.side}_${th}` }, h("span", { class: "zone-name" }, `${title}: `), list);
    return h("details", { class: "held", "data-zone": `tactics_${f.side}_${th}` }, h("summary", { class: "zone-name" }, title), list);
  });
}

function diceBlock(R, d) {
  if (!d) return h("p", { class: "muted small rr-dice-none" }, "No attack being resolved.");
  const items = (d.dice || []).map((x) => {
    const key = [d.side, x.index];
    const click = clickable(R, "die", key, `die ${x.index + 1}`);
    const current = d.current === x.index;
    return h("span", { class: `rr-die dc-${x.colour}${x.marked ? " marked" : ""}${current ? " current" : ""}${click.cls}`, "data-die": x.index + 1,
      facts: lines(`Die ${x.index + 1}: ${x.result}`, x.marked ? `Marked for the reroll${d.reroll ? ` (${d.reroll.leader_name}'s tactic value)` : ""}` : "",
        current ? "Its damage is being assigned" : "", click.hint), ...click.props },
    h("span", { class: "face" }, faceMark(x.face)), h("small", {}, x.result.replace(`${x.colour} `, "")),
    x.marked ? h("em", {}, "reroll") : null);
  });
  return h("div", { class: "rr-dice", "data-dice-side": d.side },
    h("div", { class: "dice-head" }, h("b", {}, `${d.side_name} ${d.theater} attack`), `: ${plural((d.dice || []).length, "die", "dice")}`),
    h("div", { class: "dice-row" }, items),
    d.reroll ? h("div", { class: "small reroll" }, `${d.reroll.words}${d.reroll.marked ? ` · marked: ${d.reroll.marked} of ${d.reroll.limit}` : ""}`) : null,
    d.yoda ? h("div", { class: "small reroll" }, d.yoda.words) : null);
}

function faceMark(face) {
  return { hit: "✸", direct_hit: "◎", special: "✦", blank: "·" }[face] || "?";
}

// ------------------------------------------------------------ a mission being played
function missionPanel(R) {
  const st = R.st;
  const played = [0, 1].flatMap((s) => ((R.zone(`missions_played${s}`) || {}).cards || []).map((id) => [s, id]));
  const dice = st.mission_dice || [[], []];
  const rolling = st.roll_off_card ?? null;
  const resolving = st.resolving_card ?? null;
  if (!played.length && !dice[0].length && !dice[1].length && rolling === null && resolving === null) return null;
  const shown = new Set(played.map(([, id]) => id));
  const extra = [rolling, resolving].filter((x) => x !== null && !shown.has(x));
  const leaders = (st.mission_leaders || []).filter((x) => x >= 0);
  const at = (st.roll_off || []).length ? st.roll_off[2] : (st.resolving || []).length ? st.resolving[2] : -1;
  return h("section", { class: "rr-mission", "aria-label": "missions being played" },
    h("h4", {}, `Missions revealed${at >= 0 ? ` · in ${R.placeName(at)}` : ""}`),
    h("div", { class: "cards" }, played.map(([s, id]) => cardChip(R, id, { extra: [`Revealed by ${SIDE_WORDS[s]}`] })), extra.map((id) => cardChip(R, id))),
    leaders.length ? h("div", { class: "small" }, "Leaders: ", leaders.map((l) => leaderChip(R, l))) : null,
    [0, 1].map((s) => (dice[s].length ? h("div", { class: "rr-dice" },
      h("div", { class: "dice-head" }, h("b", {}, `${R.sides[s]?.name} roll`), `: ${plural(dice[s].length, "die", "dice")}`),
      h("div", { class: "dice-row" }, dice[s].map(([colour, face], k) => {
        const click = clickable(R, "mission_die", [s, k], `die ${k + 1}`);
        return h("span", { class: `rr-die dc-${colour}${click.cls}`, "data-die": k + 1, facts: lines(`${cap(colour)} die: ${words(face)}`, click.hint), ...click.props },
          h("span", { class: "face" }, faceMark(face)), h("small", {}, words(face)));
      }))) : null)));
}

// ------------------------------------------------------------ hands and panels
const HANDS = [
  // [zone (# = the side), title, only that side, shown when empty (to its owner)]
  ["missions#", "Missions", null, true],
  ["objective_hand", "Objectives", 0, true],
  ["action_hand#", "Action cards", null, true],
  ["action_in_play#", "Action cards in play", null, false],
  ["probe_hand", "Probe cards", 1, true],
  ["action_drawn#", "Action cards drawn to recruit", null, false],
  ["mission_look#", "Mission cards looked at", null, false],
  ["project_look", "Project cards drawn", 1, false],
  ["probe_look", "Probe cards looked at", 0, false],
  ["radar_probe", "Probe card under Under the Radar", 0, false],
  ["facility_probe", "Probe card under Secret Facility", 1, false],
  ["sweep_probe", "Probe card under Sweep the Area", 1, false],
];

function handsPanel(R) {
  const me = R.mySide;
  const order = me === 1 ? [1, 0] : [0, 1];
  const rows = order.map((side) => {
    const mine = side === me;
    const bits = [];
    for (const [zname, title, only, always] of HANDS) {
      if (only !== null && only !== side) continue;
      const name = zname.replace("#", String(side));
      const z = R.zone(name);
      if (!z) continue;
      const kindTitle = side === 1 && zname === "missions#" ? "Missions and projects" : title;
      if (z.cards) {
        if (!z.cards.length) {
          if (mine && always) bits.push(h("div", { class: "hand-row", "data-zone": name }, h("span", { class: "zone-name" }, `${kindTitle}: none`)));
          continue;
        }
        bits.push(h("div", { class: "hand-row", "data-zone": name }, h("span", { class: "zone-name" }, `${kindTitle} (${z.count})`),
          h("span", { class: "cards" }, z.cards.map((id) => cardChip(R, id)))));
      } else if (z.count && always) {
        let extra = "";
        if (zname === "objective_hand" && (R.st.objective_hand_backs || []).length) extra = ` (stage ${R.st.objective_hand_backs.map((s) => ROMAN[s] || s).join(", ")})`;
        bits.push(h("div", { class: "hand-row hidden-cards", "data-zone": name }, `${kindTitle}: ${plural(z.count, "card")} face down${extra}`));
      }
    }
    return h("div", { class: `hand-side ${side === 0 ? "reb" : "imp"}${mine ? " mine" : ""}` },
      h("div", { class: "side-name" }, mine ? `Your hand (${R.sides[side].name})` : side === 0 ? "The Rebels' hand" : "The Empire's hand"), bits.length ? bits : h("span", { class: "muted small" }, "no cards"));
  });
  return panel("Hands", "rr-hands", rows);
}

function leadersPanel(R) {
  const st = R.st;
  const status = st.leader_status || [];
  const sideOf = (i) => (st.leader_side && st.leader_side[i] !== undefined ? st.leader_side[i] : R.leaders[i]?.side === "Rebel" ? 0 : 1);
  const order = R.mySide === 1 ? [1, 0] : [0, 1];
  const rows = order.map((side) => {
    const pool = status.map((s, i) => [s, i]).filter(([s, i]) => s === 1 && sideOf(i) === side).map(([, i]) => i);
    const out = status.map((s, i) => [s, i]).filter(([s, i]) => (s === 2 || s === 3) && sideOf(i) === side).map(([, i]) => i);
    return h("div", { class: `hand-side ${side === 0 ? "reb" : "imp"}`, "data-pool": side },
      h("div", { class: "side-name" }, `${R.sides[side].name} leader pool${R.mySide === side ? " (yours)" : ""}`),
      h("div", { class: "cards" }, pool.length ? pool.map((i) => leaderChip(R, i)) : h("span", { class: "muted small" }, "empty")),
      out.length ? h("div", { class: "small muted" }, `Out: ${out.map((i) => `${shortName(R.leaderName(i))} (${status[i] === 3 ? "on a mission" : R.placeName(st.leader_loc[i])})`).join(", ")}`) : null);
  });
  const captured = st.captured !== undefined && st.captured >= 0 ? h("p", { class: "small" }, `Captured: ${R.leaderName(st.captured)}`) : null;
  return panel("Leaders", "rr-leaders-panel", rows, captured,
    h("p", { class: "small muted legend" }, "DIP Diplomacy · INT Intel · OPS Spec Ops · LOG Logistics · ⚔ tactic values space/ground"));
}

function missionsPanel(R) {
  const st = R.st;
  const rows = (R.mySide === 1 ? [1, 0] : [0, 1]).map((side) => {
    const slots = (st.slots && st.slots[side]) || [];
    const z = R.zone(`assigned${side}`);
    const cards = z && z.cards ? z.cards : null;
    const n = Math.max(slots.length, z ? z.count : 0);
    const items = Array.from({ length: n }, (_, k) => {
      const ls = slots[k] || [];
      const card = cards ? cards[k] : null;
      const c = card !== null && card !== undefined ? R.card(card) : null;
      // the card being decided on (its leaders, its reveal): its words in full
      const open = c && R.index.has(tkey("card", card));
      return h("div", { class: `slot${open ? " deciding" : ""}` },
        card !== null && card !== undefined
          ? cardChip(R, card, { extra: ["Face down: the other side sees only its leaders"] })
          : h("span", { class: "card facedown", facts: "A mission card, face down: its leaders are public" }, "face down"),
        h("span", { class: "who" }, h("span", { class: "muted" }, "← "), ls.length ? ls.map((l, j) => [j ? " + " : "", leaderTag(R, l, ls.length > 1)]) : h("span", { class: "muted small" }, "no leader yet")),
        open ? h("div", { class: "rr-detail" }, h("b", {}, (c.lines || [])[0] || ""), h("span", {}, ` ${c.text || ""}`)) : null);
    });
    return h("div", { class: `hand-side ${side === 0 ? "reb" : "imp"}`, "data-zone": `assigned${side}` },
      h("div", { class: "side-name" }, `${R.sides[side].name} missions, face down`),
      items.length ? items : h("span", { class: "muted small" }, "none"));
  });
  return panel("Assigned missions", "rr-assigned", rows);
}

function queuePanel(R) {
  const st = R.st;
  const rows = (R.mySide === 1 ? [1, 0] : [0, 1]).map((side) => {
    const builds = st.builds ? st.builds[side] : null;
    return h("div", { class: `hand-side ${side === 0 ? "reb" : "imp"}` },
      h("div", { class: "side-name" }, `${R.sides[side].name} build queue`),
      h("div", { class: "queue" }, [1, 2, 3].map((k) => {
        const q = st.queue[side * 3 + k - 1] || [];
        const click = clickable(R, "queue", [side, k], `space ${k}`);
        return h("span", { class: `slot${click.cls}`, "data-queue": `${side},${k}`, facts: lines(`Queue space ${k}: ${q.length ? q.map((u) => R.units[u]?.name).join(", ") : "empty"}`, click.hint), ...click.props },
          h("b", {}, `${k}:`), ` ${q.length ? countNames(R, q) : "—"}`);
      })),
      Array.isArray(builds) && builds.length ? h("div", { class: "small" }, `Placing now: ${builds.map(([u, loc]) => `${R.units[u]?.name} (from ${R.placeName(loc)})`).join(", ")}`)
        : typeof builds === "number" && builds ? h("div", { class: "small muted" }, `Placing ${plural(builds, "unit")} face down`) : null);
  });
  const leaving = (st.leaving || []).length ? h("p", { class: "small" }, `To deploy now: ${countNames(R, st.leaving)}`) : null;
  return panel("Build queue", "rr-queue", rows, leaving, h("p", { class: "small muted" }, "Each Refresh Phase units move down one space and deploy from space 1."));
}

function countNames(R, units) {
  const n = new Map();
  for (const u of units) n.set(u, (n.get(u) || 0) + 1);
  return [...n].map(([u, k]) => `${k > 1 ? `${k} ` : ""}${R.units[u]?.name}`).join(", ");
}

function tacticsDetails(R, combat) {
  const me = R.mySide;
  const sides = me === 0 || me === 1 ? [me, 1 - me] : [0, 1];
  const rows = sides.flatMap((side) => THEATERS.map((th) => {
    const z = R.zone(`tactics_${side}_${th}`);
    const d = R.zone(`tactic_discard_${side}_${th}`);
    if (!z) return null;
    return h("div", { class: "hand-row", "data-zone": `tactics_${side}_${th}` },
      h("span", { class: "zone-name" }, `${side === me ? "Your" : R.sides[side].name} ${th} (${z.count}${d && d.count ? `, ${d.count} discarded` : ""})`),
      h("span", { class: "cards" }, (z.cards || []).map((id) => cardChip(R, id, { click: side === me && !combat }))));
  }));
  return details("Tactic cards (both decks are public)", "rr-tactics", false, rows);
}

function unitsDetails(R) {
  const st = R.st;
  const leadersAt = leadersByPlace(R);
  const places = [...R.systems.map((s, i) => i), R.baseSpace.id];
  return details("Units and leaders by system", "rr-units", false, h("ul", {}, places.map((i) => {
    const here = (st.units[i] || []).map((n, u) => [u, n]).filter(([, n]) => n > 0);
    const ls = leadersAt.get(i) || [];
    if (!here.length && !ls.length) return null;
    return h("li", { "data-system": R.placeName(i) }, h("b", {}, cap(R.placeName(i).replace(/^the /, ""))), ": ",
      here.map(([u, n]) => h("span", { class: `unit ${R.units[u].side === "Rebel" ? "reb" : "imp"}`, facts: unitFacts(R, u) }, `${n} ${R.units[u].name}`)),
      ls.length ? ` · ${ls.map((l) => R.leaderName(l)).join(", ")}` : "");
  })));
}

function outDetails(R) {
  const row = (title, name) => {
    const z = R.zone(name);
    if (!z || !z.cards || !z.cards.length) return null;
    return h("div", { class: "hand-row", "data-zone": name }, h("span", { class: "zone-name" }, `${title} (${z.count})`),
      h("span", { class: "cards" }, z.cards.map((id) => cardChip(R, id, { click: false }))));
  };
  const rows = [
    row("Objectives in play", "objectives_in_play"),
    row("Objectives scored", "objective_discard"),
    row("Probe cards out of the game", "probes_out"),
    row("Rebel missions discarded", "mission_discard0"),
    row("Imperial missions discarded", "mission_discard1"),
    row("Projects discarded", "project_discard"),
    row("Rebel action cards discarded", "action_discard0"),
    row("Imperial action cards discarded", "action_discard1"),
  ].filter(Boolean);
  return rows.length ? details("Discards and cards out of the game", "rr-out", false, rows) : null;
}
