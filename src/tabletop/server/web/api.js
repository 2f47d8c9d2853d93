// The server's JSON API, as any client uses it (see docs/server.md).

/** One request: resolves to {ok, status, data} (data: the JSON body, or an error body). */
export async function api(path, { method = "GET", token = null, body = undefined } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    return { ok: false, status: 0, data: { error: "offline", message: `the server did not answer (${err.message})` } };
  }
  let data = null;
  try { data = await res.json(); } catch { data = { error: "bad_answer", message: `HTTP ${res.status}` }; }
  return { ok: res.ok, status: res.status, data };
}

/** The seats this browser holds, by game id: {token, seat, pack} (kept in localStorage). */
export const seats = {
  all() {
    try { return JSON.parse(localStorage.getItem("tabletop.seats") || "{}"); } catch { return {}; }
  },
  get(id) { return this.all()[id] || null; },
  put(id, entry) {
    const all = this.all();
    all[id] = { ...(all[id] || {}), ...entry };
    localStorage.setItem("tabletop.seats", JSON.stringify(all));
  },
};

const packCache = new Map();
/** A pack's facts: options schema and ui data (GET /packs/{name}), fetched once. */
export async function packInfo(name) {
  if (!packCache.has(name)) {
    const r = await api(`/packs/${encodeURIComponent(name)}`);
    packCache.set(name, r.ok ? r.data : { name, ui: {}, options: [] });
  }
  return packCache.get(name);
}

/** A seat's kind (``human``, ``random``, ``mcts:100``, ``mcts:1s`` ...) in words. */
export function seatWords(kind) {
  if (kind === "human") return "a person";
  if (kind === "random") return "random bot";
  if (kind === "greedy") return "greedy bot";
  if (kind === "mcts") return "search bot, 200 iterations a move";
  const [name, arg] = String(kind).split(":");
  if (name === "mcts" && arg) {
    if (arg.endsWith("s")) {
      const secs = Number(arg.slice(0, -1));
      return `search bot, ${secs} ${secs === 1 ? "second" : "seconds"} a move`;
    }
    return `search bot, ${Number(arg)} ${Number(arg) === 1 ? "iteration" : "iterations"} a move`;
  }
  return `${kind} bot`;
}
