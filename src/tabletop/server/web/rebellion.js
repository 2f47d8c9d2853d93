// The Rebellion board: the galaxy map, tracks, build queue, leaders, hands.
import { h, svg } from "./dom.js";
import { zoneList } from "./boards.js";

// ------------------------------------------------------------ Rebellion
export function rebellion(body, ui, ctx) {
  const v = body.view;
  const st = v.state;
  const systems = ui.systems || [];
  const sides = ui.sides || [];
  const W = (ui.map && ui.map.width) || 100, H = (ui.map && ui.map.height) || 62;
  const regionColour = new Map((ui.regions || []).map((r) => [r.region, r.colour]));
  const map = svg("svg", { viewBox: `-1 -3 ${W + 2} ${H + 6}`, class: "rr-map", role: "img", "aria-label": "The galaxy map" });
  const drawn = new Set();
  (ui.adjacent || []).forEach((ns, i) => ns.forEach((j) => {
    const key = i < j ? `${i}-${j}` : `${j}-${i}`;
    if (drawn.has(key)) return;
    drawn.add(key);
    map.append(svg("line", { x1: systems[i].x, y1: systems[i].y, x2: systems[j].x, y2: systems[j].y, class: "rr-link" }));
  }));
  const leadersAt = new Map();
  (st.leader_loc || []).forEach((loc, i) => { if (loc >= 0) { if (!leadersAt.has(loc)) leadersAt.set(loc, []); leadersAt.get(loc).push(i); } });
  // the base's system, where this seat may know it (the zones ui.base_zones name hold its index)
  const baseZone = (ui.base_zones || []).map((n) => v.zones[n]).find((z) => z && z.cards && z.cards.length);
  const base = baseZone ? baseZone.cards[0] : null;
  systems.forEach((s, i) => {
    const loyal = st.loyalty[i];
    const units = st.units[i] || [];
    const present = units.map((n, u) => [u, n]).filter(([, n]) => n > 0);
    const leaders = leadersAt.get(i) || [];
    const facts = [`${s.name} (region ${s.region}${s.remote ? ", remote" : `, build ${s.build}, ${s.icons.join(" ")}`})`,
      `loyalty: ${loyal === -1 ? "none" : sides[loyal]?.name}${st.subjugated[i] ? ", subjugated" : ""}${st.sabotage[i] ? ", sabotaged" : ""}${st.destroyed[i] ? ", destroyed" : ""}`,
      ...present.map(([u, n]) => `${n} × ${ui.units[u].name} (${ui.units[u].side})`),
      ...leaders.map((l) => `leader: ${ui.leaders[l].name}`),
      base === i ? `the Rebel base${st.base_revealed ? "" : " (hidden from the Empire)"}` : "",
      ...(ui.markers || []).filter((_, k) => st.markers[i] & (1 << k)).map((m) => `marker: ${m}`),
      st.ruled_out && st.ruled_out[i] ? "ruled out as the Rebel base" : ""].filter(Boolean);
    const g = svg("g", { class: "rr-system", "data-system": s.name, facts });
    const ring = loyal === -1 ? "#777" : sides[loyal]?.colour;
    g.append(svg("circle", { cx: s.x, cy: s.y, r: 3.2, fill: regionColour.get(s.region) || "#333", stroke: ring, "stroke-width": loyal === -1 ? 0.3 : 0.9 }));
    if (st.subjugated[i]) g.append(svg("circle", { cx: s.x, cy: s.y, r: 3.9, fill: "none", stroke: "#5b8def", "stroke-dasharray": "0.6 0.6", "stroke-width": 0.3 }));
    if (st.destroyed[i]) g.append(svg("line", { x1: s.x - 3, y1: s.y - 3, x2: s.x + 3, y2: s.y + 3, stroke: "#f0ad4e", "stroke-width": 0.6 }));
    g.append(svg("text", { x: s.x, y: s.y - 4, class: "rr-name" }, s.name));
    const reb = present.filter(([u]) => ui.units[u].side === "Rebel").reduce((a, [, n]) => a + n, 0);
    const imp = present.filter(([u]) => ui.units[u].side !== "Rebel").reduce((a, [, n]) => a + n, 0);
    if (reb) g.append(svg("text", { x: s.x - 1.4, y: s.y + 1, class: "rr-count reb" }, String(reb)));
    if (imp) g.append(svg("text", { x: s.x + 1.4, y: s.y + 1, class: "rr-count imp" }, String(imp)));
    if (leaders.length) g.append(svg("text", { x: s.x, y: s.y + 5.6, class: "rr-leaders" }, leaders.map((l) => ui.leaders[l].name.split(" ").slice(-1)[0]).join(", ")));
    if (base === i) g.append(svg("text", { x: s.x, y: s.y + 2.2, class: "rr-base" }, "★"));
    if (st.markers[i]) g.append(svg("rect", { x: s.x + 2.4, y: s.y - 3.4, width: 1.4, height: 1.4, class: "rr-marker" }));
    map.append(g);
  });
  const baseUnits = (st.units[systems.length] || []).map((n, u) => [u, n]).filter(([, n]) => n > 0);
  const track = (label, value, n, cls) => h("div", { class: `rr-track ${cls}`, "data-track": cls }, h("span", { class: "zone-name" }, label),
    Array.from({ length: n }, (_, k) => h("span", { class: `tick${k + 1 === value ? " on" : ""}` }, String(k + 1))));
  const queue = h("div", { class: "rr-queue", "data-zone": "queue" }, h("div", { class: "zone-name" }, "Build queue"),
    [0, 1].map((side) => h("div", {}, `${sides[side]?.name}: `, [1, 2, 3].map((k) => {
      const q = st.queue[side * 3 + k - 1] || [];
      return h("span", { class: "slot" }, `in ${k}: ${q.length ? q.map((u) => ui.units[u].name).join(", ") : "—"}`);
    }))));
  const status = h("p", { class: "scores" }, `Round ${st.round}, ${st.phase} phase. Time ${st.time}, reputation ${st.reputation}.`,
    base !== null && systems[base] ? ` The Rebel base: ${systems[base].name}${st.base_revealed ? " (revealed)" : " (hidden from the Empire)"}.` : " The Rebel base is hidden.",
    baseUnits.length ? ` Rebel Base: ${baseUnits.map(([u, n]) => `${n} × ${ui.units[u].name}`).join(", ")}.` : "");
  const pool = (st.leader_status || []).map((s, i) => [s, i]).filter(([s]) => s === 1).map(([, i]) => i);
  const leaders = h("div", { class: "zone" }, h("div", { class: "zone-name" }, "Leaders in the pools"),
    h("div", { class: "cards" }, pool.map((i) => h("span", { class: "card", style: { borderColor: ui.leaders[i].side === "Rebel" ? sides[0]?.colour : sides[1]?.colour },
      facts: [ui.leaders[i].name, ui.leaders[i].side, ...Object.entries(ui.leaders[i].skills).filter(([, n]) => n).map(([k, n]) => `${k.replace("_", " ")} ${n}`), `tactics: space ${ui.leaders[i].space}, ground ${ui.leaders[i].ground}`] }, ui.leaders[i].name))));
  const me = body.seat;
  const hands = me === null ? [] : Object.entries(v.zones).filter(([n, z]) => z.owner === me && z.cards && z.cards.length && /^(action_hand|missions|objective_hand|probe_hand)/.test(n))
    .map(([n, z]) => zoneList(body, n.replace(/\d$/, "").replaceAll("_", " "), z, "hand"));
  const units = h("details", { class: "rr-units", "data-zone": "units" }, h("summary", {}, "Units and leaders by system"),
    h("ul", {}, systems.map((s, i) => {
      const here = (st.units[i] || []).map((n, u) => [u, n]).filter(([, n]) => n > 0);
      const ls = leadersAt.get(i) || [];
      if (!here.length && !ls.length) return null;
      return h("li", { "data-system": s.name }, h("b", {}, s.name), ": ",
        here.map(([u, n]) => h("span", { class: `unit ${ui.units[u].side === "Rebel" ? "reb" : "imp"}`,
          facts: [`${ui.units[u].name} (${ui.units[u].side}, ${ui.units[u].theater} ${ui.units[u].kind})`,
            `attack: ${Object.entries(ui.units[u].attack).filter(([, d]) => d).map(([c, d]) => `${d} ${c}`).join(", ") || "none"}`,
            `health ${ui.units[u].health}${ui.units[u].capacity ? `, carries ${ui.units[u].capacity}` : ""}`] }, `${n} ${ui.units[u].name}`)),
        ls.length ? ` · leaders: ${ls.map((l) => ui.leaders[l].name).join(", ")}` : "");
    })));
  return h("div", { class: "rr" }, status,
    track("Time", st.time, ui.time_track || 16, "time"), track("Reputation", st.reputation, ui.time_track || 16, "reputation"),
    h("div", { class: "rr-scroll" }, map), queue, units, leaders, hands);
}
