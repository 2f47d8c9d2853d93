// The game page: the board, whose turn, the prompt, the legal choices as buttons, the log.
// It reads the game once (GET /games/{id}?log=true), then keeps in step over the
// WebSocket (/games/{id}/live); a dropped connection reconnects with the last step seen.
//
// The choices: never more than MAX_BUTTONS buttons at once. A longer list is grouped by
// what its actions point at (their typed targets: "Felucia (12 choices)"), a click on a
// group, or on the board, narrows it, a filter box narrows it by words, and "Show all"
// comes back. A decision with one choice goes on by itself after a moment, said in the
// log. Nothing here reads an action's words but to show them (and the filter box).
import { api, packInfo, seats, seatWords } from "./api.js";
import { h } from "./dom.js";
import { drawBoard } from "./boards.js";
import { copyButton } from "./lobby.js";

const MAX_BUTTONS = 40; // the most choice buttons a decision shows at once
const FILTER_AT = 12; // a filter box when a decision has more choices than this
const AUTO_MS = 800; // how long a single choice shows before it is played for you
// (a browser may set its own: localStorage "tabletop.autoMs", in milliseconds)
function autoMs() {
  try { const ms = Number(localStorage.getItem("tabletop.autoMs")); return ms >= 0 && localStorage.getItem("tabletop.autoMs") !== null ? ms : AUTO_MS; } catch { return AUTO_MS; }
}
const ROLE_WORDS = { from: "from", to: "to", with: "with", by: "by" };

const tkey = (t) => `${t.kind}:${t.role || ""}:${String(t.id)}`;
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export class GamePage {
  constructor(root, id, token, { readOnly = false } = {}) {
    this.root = root;
    this.id = id;
    this.token = token;
    this.readOnly = readOnly; // a coach's page: a spectator grant's token, a seat's view, no acting
    this.share = null; // this seat's coach link shown: {grant, url}
    this.body = null;
    this.log = new Map(); // step -> events (a step arriving twice replaces itself)
    this.said = new Map(); // step -> lines this page adds to the log (a choice played for you)
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.pending = false;
    this.filter = null; // {ids: Set, label}: the choices narrowed (by a board or a group)
    this.query = ""; // the filter box's words
    this.page = 0; // the page of a long list no target splits
    this.selected = new Set(); // what a board has picked for a several-step gesture
    this.running = null; // the label of a sequence of choices being played
    this.offers = []; // buttons a board adds above the choices: {label, run, cls}
    this.hints = []; // a board's words above the choices
    this.autoTimer = null;
    this.autoStep = null; // the step whose single choice is being played for you
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    this.start();
  }

  close() {
    this.closed = true;
    clearInterval(this.tick);
    clearTimeout(this.autoTimer);
    clearTimeout(this.rematchTimer);
    for (const k of ["step", "status", "yourTurn", "choices", "seat", "readOnly"]) delete this.root.dataset[k];
    document.removeEventListener("keydown", this.onKey);
    if (this.ws) this.ws.close();
    setConn("");
  }

  async start() {
    this.root.replaceChildren(h("p", { class: "muted" }, "Loading the game…"));
    const r = await api(`/games/${encodeURIComponent(this.id)}?log=true`, { token: this.token });
    if (!r.ok) return this.badLink(r);
    if (this.token && !this.readOnly) seats.put(this.id, { pack: r.data.pack, [`seat${r.data.seat}`]: this.token });
    this.pack = await packInfo(r.data.pack);
    this.layout();
    this.addBatches(r.data.events || []);
    this.show(r.data);
    this.connect();
  }

  badLink(r) {
    const e = r.data || {};
    let title = "This game could not be opened";
    let words = e.message || `HTTP ${r.status}`;
    const links = [h("a", { href: "#/" }, "Go to the lobby")];
    if (e.error === "unknown_game") {
      title = "No such game";
      words = `There is no game ${this.id} on this server: the link may be mistyped, or the game was made on another server.`;
    } else if (e.error === "wrong_token" || e.error === "bad_token") {
      title = "This link's seat is not in this game";
      words = `The seat token in this link is not a seat of game ${this.id}. Ask whoever made the game for your link again, or watch the game as a spectator.`;
      links.push(h("a", { href: `#/watch/${encodeURIComponent(this.id)}` }, "Watch as a spectator"));
    }
    this.root.replaceChildren(h("div", { class: "error-page", role: "alert", id: "bad-link" },
      h("h2", {}, title), h("p", {}, words), h("p", {}, links.flatMap((l) => [l, " "]))));
  }

  layout() {
    this.el = {
      title: h("h2", { class: "title" }),
      turn: h("p", { class: "turn", id: "turn", "aria-live": "polite" }),
      timer: h("p", { class: "timer", id: "timer", hidden: true }),
      board: h("div", { class: "board", id: "board" }),
      prompt: h("p", { class: "prompt", id: "prompt" }),
      hint: h("p", { class: "hint muted", id: "hint" }),
      filter: h("input", { type: "search", id: "choice-filter", class: "choice-filter", placeholder: "Filter the choices by words…",
        "aria-label": "Filter the choices by words", autocomplete: "off", hidden: true,
        oninput: (e) => { this.query = e.target.value; this.filter = null; this.page = 0; this.draw(); } }), // (among all the choices)
      narrowed: h("p", { class: "narrowed", id: "narrowed", hidden: true }),
      choices: h("div", { class: "choices", id: "choices", role: "group", "aria-label": "Your choices" }),
      note: h("p", { class: "note", id: "note", "aria-live": "polite" }),
      tools: h("div", { class: "tools", id: "tools" }),
      share: h("div", { class: "tools share", id: "share" }),
      log: h("ol", { class: "log", id: "log" }),
      end: h("div", { class: "end", id: "end", hidden: true }),
    };
    const e = this.el;
    this.root.replaceChildren(h("div", { class: "game" },
      h("div", { class: "game-head" }, e.title, e.turn, e.timer),
      h("div", { class: "game-body" },
        e.board,
        h("aside", { class: "side controls", id: "controls" }, e.end, e.prompt, e.hint, e.filter, e.narrowed, e.choices, e.note, e.tools, e.share),
        h("section", { class: "side history" }, h("h3", {}, "What happened"), e.log))));
  }

  connect() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/games/${encodeURIComponent(this.id)}/live`);
    this.ws = ws;
    setConn("connecting…");
    ws.onopen = () => {
      ws.send(JSON.stringify({ token: this.token, since: this.body ? this.body.step : null }));
    };
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === "welcome") { this.retry = 0; setConn("live"); }
      else if (msg.type === "events") this.addBatches([msg]);
      else if (msg.type === "state") this.show(msg);
      else if (msg.type === "error") { this.note(msg.message); if (msg.error === "revoked") this.revoked = true; }
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      if (this.revoked) { setConn("revoked"); this.note("This coach link was revoked: ask the player for a new one."); return; }
      if (this.body && this.body.status !== "active") { setConn("game over"); return; }
      setConn("reconnecting…");
      this.retry = Math.min(this.retry + 1, 6);
      setTimeout(() => this.connect(), 250 * 2 ** (this.retry - 1));
    };
  }

  addBatches(batches) {
    for (const b of batches) this.log.set(b.step, b.events);
    this.drawLog();
  }

  /** A line of this page's own in the log, after the events of ``step``. */
  say(step, text) {
    if (!this.said.has(step)) this.said.set(step, []);
    this.said.get(step).push(text);
    this.drawLog();
  }

  drawLog() {
    const steps = [...new Set([...this.log.keys(), ...this.said.keys()])].sort((a, b) => a - b);
    const items = [];
    for (const s of steps) {
      for (const ev of this.log.get(s) || []) {
        if (ev.text) items.push(h("li", { "data-step": s, class: `ev ev-${ev.kind}` }, ev.text));
      }
      for (const text of this.said.get(s) || []) items.push(h("li", { "data-step": s, class: "ev ev-auto" }, text));
    }
    this.el.log.replaceChildren(...items.slice(-300));
    this.el.log.scrollTop = this.el.log.scrollHeight;
  }

  show(body) {
    if (this.body && body.step < this.body.step) return; // an older answer arriving late
    if (this.readOnly) body = { ...body, their_turn: body.your_turn, your_turn: false }; // a coach never acts
    const changed = !this.body || body.step !== this.body.step || body.status !== this.body.status;
    this.body = body;
    if (changed) {
      clearTimeout(this.autoTimer);
      this.autoTimer = null;
      this.autoStep = null;
      this.filter = null;
      this.query = "";
      this.page = 0;
      if (!this.running) this.selected.clear();
    }
    // the turn timer: the seconds left counted down here from the server's answer
    const t = body.timer;
    this.timeLeftAt = t && t.remaining !== null && t.remaining !== undefined && body.status === "active" ? performance.now() + t.remaining * 1000 : null;
    if (t && !this.tick) this.tick = setInterval(() => this.drawTimer(), 250);
    this.draw();
    this.drawTimer();
    this.maybeAuto();
  }

  /** The countdown of the seat to move (a move timer), or every seat's clock. */
  drawTimer() {
    const b = this.body;
    const e = this.el;
    const t = b && b.timer;
    if (!t || !e) { if (e) e.timer.hidden = true; return; }
    e.timer.hidden = false;
    const left = this.timeLeftAt === null ? null : Math.max(0, (this.timeLeftAt - performance.now()) / 1000);
    const clock = (s) => { const n = Math.ceil(s); return `${Math.floor(n / 60)}:${String(n % 60).padStart(2, "0")}`; };
    const cp = b.current_player;
    let words;
    if (t.kind === "clock") {
      words = "Clocks: " + b.seats.map((s, i) => `${s.player} ${clock(i === cp && left !== null ? left : t.clocks[i])}${i === cp && left !== null && b.status === "active" ? " (running)" : ""}`).join(" · ");
    } else if (left !== null && cp !== null && cp !== undefined) {
      words = `${b.your_turn ? "You have" : `${b.seats[cp].player} has`} ${clock(left)} to choose`;
    } else {
      words = `${t.seconds} s a decision`;
    }
    e.timer.textContent = words;
    e.timer.dataset.remaining = left === null ? "" : left.toFixed(1);
    e.timer.classList.toggle("urgent", left !== null && left < 10 && b.status === "active");
  }

  /** What a board gets (see docs/ui.md, "The web client"). */
  boardContext() {
    const b = this.body;
    const actions = b.your_turn && b.status === "active" ? b.legal_actions || [] : [];
    const shown = this.narrowedList(actions);
    // each thing the shown actions point at -> [action, role] pairs
    const index = new Map();
    for (const a of shown) {
      for (const t of a.targets || []) {
        const k = `${t.kind}:${String(t.id)}`;
        if (!index.has(k)) index.set(k, []);
        index.get(k).push([a, t.role || ""]);
      }
    }
    const roleIs = (r, role) => role === undefined || (Array.isArray(role) ? role.includes(r) : r === role);
    const on = (kind, id, role) => {
      const out = [];
      for (const [a, r] of index.get(`${kind}:${String(id)}`) || []) if (roleIs(r, role) && !out.includes(a)) out.push(a);
      return out;
    };
    return {
      seat: b.seat,
      readOnly: this.readOnly, // a coach's page: the seat's view, never its own
      actions,
      shown,
      filter: this.filter,
      busy: this.pending || !!this.running,
      choose: (id) => this.act(id),
      narrow: (ids, label) => this.narrow(ids, label),
      on,
      click: (kind, id, label, role) => {
        const ids = on(kind, id, role).map((a) => a.id);
        if (!ids.length) return null;
        return () => {
          if (ids.length === 1) { this.act(ids[0]); return; }
          const same = this.filter && this.filter.ids.size === ids.length && ids.every((x) => this.filter.ids.has(x));
          this.narrow(same ? null : ids, label);
        };
      },
      selected: this.selected,
      toggle: (key) => {
        if (key === null || key === undefined) this.selected.clear();
        else if (this.selected.has(key)) this.selected.delete(key);
        else this.selected.add(key);
        this.draw();
      },
      sequence: (steps, label) => this.sequence(steps, label),
      offer: (label, run, cls = "") => { this.offers.push({ label, run, cls }); },
      hint: (text) => { this.hints.push(text); },
      targetName: (t) => this.targetName(t),
    };
  }

  narrow(ids, label) {
    this.filter = ids ? { ids: new Set(ids), label: label || "" } : null;
    this.query = "";
    this.page = 0;
    this.draw();
  }

  /** The actions after the board's (or a group's) narrowing and the filter box. */
  narrowedList(actions) {
    let list = this.filter ? actions.filter((a) => this.filter.ids.has(a.id)) : actions;
    const words = this.query.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length) list = list.filter((a) => { const t = a.text.toLowerCase(); return words.every((w) => t.includes(w)); });
    return list;
  }

  draw() {
    const b = this.body;
    const e = this.el;
    const me = b.seat === null ? null : b.seats[b.seat];
    // Public facts on the page for scripts and tests: the step shown and the status.
    this.root.dataset.step = b.step;
    this.root.dataset.status = b.status;
    this.root.dataset.yourTurn = b.your_turn;
    this.root.dataset.seat = b.seat === null ? "" : b.seat;
    e.title.textContent = `${b.title}${this.readOnly && me ? `: coaching ${me.player} (their view; you cannot act)` : me ? `: you are ${me.player}` : ": watching"}`;
    this.root.dataset.readOnly = this.readOnly;
    e.turn.textContent = turnWords(b);
    e.turn.className = `turn${b.your_turn ? " yours" : ""}`;
    document.title = `${b.your_turn ? "● " : ""}${b.title} · tabletop`;
    this.offers = [];
    this.hints = [];
    drawBoard(e.board, b, this.pack, this.boardContext());
    this.drawChoices();
    this.drawTools();
    this.drawShare();
    this.drawEnd();
  }

  drawChoices() {
    const b = this.body;
    const e = this.el;
    const active = b.status === "active";
    e.prompt.textContent = active && (b.your_turn || b.seat === null) ? b.prompt : "";
    const actions = active && b.your_turn ? b.legal_actions || [] : [];
    const list = this.narrowedList(actions);
    if (this.readOnly && active && b.their_turn) { // a coach sees the seat's choices, as words
      const la = b.legal_actions || [];
      this.hints.push(`Their turn: ${b.prompt} Their choices: ${la.slice(0, 12).map((a) => a.text).join("; ")}${la.length > 12 ? ` … (${la.length} in all)` : ""}.`);
    }
    e.hint.textContent = this.hints.join(" ");
    e.hint.hidden = !this.hints.length;
    e.filter.hidden = actions.length <= FILTER_AT;
    if (e.filter.value !== this.query) e.filter.value = this.query;
    const busy = this.pending || !!this.running;
    const buttons = [];
    // what a board offers first (a gesture of several choices)
    for (const o of this.offers) {
      buttons.push(h("button", { type: "button", class: `choice offer ${o.cls}`, disabled: busy, onclick: () => o.run() }, o.label));
    }
    const counts = new Map();
    for (const a of actions) counts.set(a.text, (counts.get(a.text) || 0) + 1);
    const label = (a) => (counts.get(a.text) > 1 ? `${a.text} (${a.notation})` : a.text);
    const actionButton = (a) => h("button", {
      type: "button", class: `choice${actions.length === 1 ? " only" : ""}`, "data-action": a.id, "data-notation": a.notation,
      disabled: busy, onclick: () => this.act(a.id),
    }, label(a));
    // the buttons: the actions, or (more than MAX_BUTTONS) a button per group of them
    let items = list.map((a) => () => actionButton(a));
    if (list.length > MAX_BUTTONS) {
      const groups = groupChoices(list, (t) => this.targetName(t));
      if (groups) {
        const byId = new Map(list.map((a) => [a.id, a]));
        const done = new Set();
        items = [];
        for (const g of groups) {
          if (g.ids.length === 1) { // a group of one is its choice
            if (!done.has(g.ids[0])) items.push(() => actionButton(byId.get(g.ids[0])));
            done.add(g.ids[0]);
            continue;
          }
          items.push(() => h("button", { type: "button", class: "choice group", "data-group": g.key, disabled: busy,
            onclick: () => this.narrowGroup(g) }, `${g.name} (${plural(g.ids.length, "choice")})`));
        }
      }
    }
    let more = null;
    if (items.length > MAX_BUTTONS) { // still too many: pages of MAX_BUTTONS
      const pages = Math.ceil(items.length / MAX_BUTTONS);
      const at = Math.min(this.page, pages - 1);
      const next = (at + 1) % pages;
      more = h("button", { type: "button", class: "choice all more", id: "more-choices", onclick: () => { this.page = next; this.drawChoices(); } },
        `More choices (${next * MAX_BUTTONS + 1}–${Math.min((next + 1) * MAX_BUTTONS, items.length)} of ${items.length})`);
      items = items.slice(at * MAX_BUTTONS, (at + 1) * MAX_BUTTONS);
    }
    buttons.push(...items.map((make) => make()));
    // the keys 1..9 and 0 press the first ten buttons: show which
    buttons.forEach((btn, i) => { if (i < 10) btn.prepend(h("span", { class: "key" }, i < 9 ? String(i + 1) : "0")); });
    const narrowed = !!this.filter || !!this.query;
    e.narrowed.hidden = !narrowed;
    e.narrowed.textContent = narrowed ? `Showing ${plural(list.length, "choice")} of ${actions.length}${this.filter && this.filter.label ? `: ${this.filter.label}` : ""}${this.query ? ` matching "${this.query}"` : ""}.` : "";
    const extra = [];
    if (more) extra.push(more);
    if (narrowed) {
      extra.push(h("button", { type: "button", class: "choice all", id: "show-all",
        onclick: () => { this.filter = null; this.query = ""; this.page = 0; this.draw(); } }, `Show all ${plural(actions.length, "choice")}`));
    }
    if (!list.length && actions.length) buttons.push(h("p", { class: "muted" }, "No choice matches."));
    e.choices.replaceChildren(...buttons, ...extra);
    this.root.dataset.choices = e.choices.querySelectorAll("button.choice:not(.all)").length; // for scripts and tests
  }

  narrowGroup(g) {
    const ids = new Set(g.ids);
    const label = this.filter && this.filter.label ? `${this.filter.label} · ${g.name}` : g.name;
    this.filter = { ids, label };
    this.page = 0;
    this.draw();
  }

  /** The words for a thing an action points at (a group's button). */
  targetName(t) {
    const v = this.body.view;
    const ui = (this.pack && this.pack.ui) || {};
    const listed = (xs) => (xs && xs[t.id] ? xs[t.id].name || String(xs[t.id]) : null);
    let name;
    if (t.kind === "card") name = v.cards && v.cards[String(t.id)] ? v.cards[String(t.id)].name : "a card";
    else if (t.kind === "player") name = v.players[t.id] || `player ${t.id + 1}`;
    else if (t.kind === "cell") name = `(${t.id.join(",")})`;
    else if (t.kind === "system") name = listed(ui.systems) || (ui.systems && t.id === ui.systems.length ? "the Rebel Base space" : `place ${t.id}`);
    else if (t.kind === "unit") name = listed(ui.units) || `unit ${t.id}`;
    else if (t.kind === "leader") name = listed(ui.leaders) || `leader ${t.id}`;
    else if (t.kind === "die") name = `die ${Array.isArray(t.id) ? t.id.map((x) => x + 1).join("/") : t.id + 1}`;
    else if (t.kind === "group") name = `group ${Array.isArray(t.id) ? t.id.map((x) => x + 1).join("/") : t.id + 1}`;
    else name = `${t.kind} ${t.id}`;
    const role = ROLE_WORDS[t.role || ""];
    return role ? `${role} ${name}` : name;
  }

  drawTools() {
    const b = this.body;
    const e = this.el;
    if (!this.token && b.status === "active") { // a spectator: the game so far, step by step
      e.tools.replaceChildren(h("a", { href: `#/replay/${encodeURIComponent(this.id)}`, id: "replay-so-far" }, "Step through it so far"));
      return;
    }
    if (!this.token || this.readOnly || b.status !== "active" || b.seat === null) { e.tools.replaceChildren(); return; }
    if (e.tools.dataset.confirm === "yes") {
      e.tools.replaceChildren(h("span", {}, "Resign this game? "),
        h("button", { type: "button", id: "resign-yes", class: "danger", onclick: () => this.resign() }, "Yes, resign"), " ",
        h("button", { type: "button", id: "resign-no", onclick: () => { e.tools.dataset.confirm = ""; this.drawTools(); } }, "No, play on"));
    } else {
      e.tools.replaceChildren(h("button", { type: "button", id: "resign", class: "quiet",
        onclick: () => { e.tools.dataset.confirm = "yes"; this.drawTools(); } }, "Resign…"));
    }
  }

  /** "Share my view (coach link)": a spectator grant of this seat, its link, Copy, Revoke. */
  drawShare() {
    const e = this.el;
    if (!this.token || this.readOnly || this.body.seat === null || this.body.status !== "active") { e.share.replaceChildren(); return; }
    if (e.share.dataset.step === String(this.body.step) && e.share.dataset.shown === (this.share ? this.share.grant : "")) return;
    e.share.dataset.step = this.body.step;
    e.share.dataset.shown = this.share ? this.share.grant : "";
    if (!this.share) {
      e.share.replaceChildren(h("button", { type: "button", id: "share-view", class: "quiet", onclick: () => this.makeShare() }, "Share my view (coach link)"));
      return;
    }
    const input = h("input", { readonly: true, id: "coach-link", value: this.share.url, size: 30, "aria-label": "Coach link" });
    e.share.replaceChildren(h("p", { class: "muted" }, "Whoever opens this link sees what you see (your hand too) and cannot act:"),
      h("div", { class: "copy-row" }, input, copyButton(this.share.url, "Copy", this.body.seat, input)),
      h("button", { type: "button", id: "revoke-view", class: "danger", onclick: () => this.revokeShare() }, "Revoke the coach link"));
  }

  async makeShare() {
    const r = await api(`/games/${encodeURIComponent(this.id)}/grants`, { method: "POST", token: this.token, body: {} });
    if (!r.ok) { this.note(r.data.message); return; }
    const url = `${location.origin}/#/coach/${encodeURIComponent(this.id)}/${encodeURIComponent(r.data.token)}`;
    this.share = { grant: r.data.grant, url };
    this.drawShare();
  }

  async revokeShare() {
    if (!this.share) return;
    const r = await api(`/games/${encodeURIComponent(this.id)}/grants/${encodeURIComponent(this.share.grant)}`, { method: "DELETE", token: this.token });
    if (!r.ok && r.status !== 404) { this.note(r.data.message); return; }
    this.share = null;
    this.note("The coach link is revoked: it shows nothing any more.");
    this.drawShare();
  }

  async resign() {
    this.el.tools.dataset.confirm = "";
    const r = await api(`/games/${encodeURIComponent(this.id)}/resign`, { method: "POST", token: this.token, body: {} });
    if (r.ok) this.show(r.data);
    else this.note(r.data.message);
    this.drawTools();
  }

  drawEnd() {
    const b = this.body;
    const e = this.el;
    if (b.status === "active") { e.end.hidden = true; return; }
    e.end.hidden = false;
    const again = [];
    if (this.readOnly) {
      if (b.rematch) again.push(h("a", { href: `#/watch/${encodeURIComponent(b.rematch)}`, id: "watch-rematch" }, "Watch the rematch"));
    } else if (this.token && b.seat !== null && !b.rematch) {
      again.push(h("button", { type: "button", id: "rematch", onclick: () => this.rematch("POST") }, "Rematch (seats swapped)"));
    } else if (this.token && b.seat !== null && b.rematch) {
      again.push(h("button", { type: "button", id: "play-rematch", onclick: () => this.rematch("GET") }, "Play the rematch"));
    } else if (b.rematch) {
      again.push(h("a", { href: `#/watch/${encodeURIComponent(b.rematch)}`, id: "watch-rematch" }, "Watch the rematch"));
    }
    e.end.replaceChildren(
      h("h3", {}, "The game is over"),
      h("p", { class: "result", id: "result" }, resultWords(b)),
      h("p", { class: "again" }, ...again),
      h("p", {}, h("a", { href: `/games/${encodeURIComponent(b.id)}/record`, id: "record", target: "_blank" }, "The game's record (JSON, for tabletop replay)"),
        " · ", h("a", { href: `#/replay/${encodeURIComponent(b.id)}`, id: "replay-link" }, "Step through it"),
        " · ", h("a", { href: "#/" }, "Back to the lobby")));
    this.pollRematch();
  }

  /** Over and no rematch yet: look now and then whether the other seat asked for one. */
  pollRematch() {
    if (this.rematchTimer || this.closed || !this.body || this.body.status === "active" || this.body.rematch) return;
    this.rematchTimer = setTimeout(async () => {
      this.rematchTimer = null;
      if (this.closed) return;
      const r = await api(`/games/${encodeURIComponent(this.id)}`, { token: this.token });
      if (r.ok && !this.closed) { this.body = { ...this.body, rematch: r.data.rematch }; this.drawEnd(); }
    }, 2000);
  }

  /** Make (POST) or join (GET) the rematch: this seat's new link, then go there. */
  async rematch(method) {
    const r = await api(`/games/${encodeURIComponent(this.id)}/rematch`, { method, token: this.token, body: method === "POST" ? {} : undefined });
    if (!r.ok) { this.note(r.data.message); return; }
    seats.put(r.data.id, { pack: r.data.pack, [`seat${r.data.seat}`]: r.data.token, ...(r.data.owner_token ? { owner: r.data.owner_token } : {}) });
    location.hash = `#/play/${encodeURIComponent(r.data.id)}/${encodeURIComponent(r.data.token)}`;
  }

  /** A decision with one choice goes on by itself, after a moment, said in the log. */
  maybeAuto() {
    const b = this.body;
    if (!b || this.closed || b.status !== "active" || !b.your_turn || this.running || this.pending) return;
    const la = b.legal_actions || [];
    if (la.length !== 1) return;
    const a = la[0];
    const step = b.step;
    if (this.autoStep === step) return; // (already on its way)
    this.autoStep = step;
    this.note(`Only one choice: ${a.text}. Playing it for you…`);
    clearTimeout(this.autoTimer);
    this.autoTimer = setTimeout(async () => {
      this.autoTimer = null;
      if (this.closed || !this.body || this.body.step !== step || this.running || this.pending) return;
      this.note("");
      const r = await this.act(a.id, { quiet: true });
      if (r.ok) this.say(step, `Only one choice: ${a.text} (played for you)`);
    }, autoMs());
  }

  /** Play several choices one after another (a board's gesture): each ``{text, match}``
   *  picks its action among the legal ones when its turn comes; the first that is not a
   *  choice then, or is refused, stops the rest, and the page says why. */
  async sequence(steps, label) {
    if (this.running || this.pending || !this.body || !this.body.your_turn) return false;
    clearTimeout(this.autoTimer);
    this.running = label;
    this.note(`${label}…`);
    this.draw();
    let done = 0;
    let why = "";
    for (const s of steps) {
      const b = this.body;
      if (this.closed) return false;
      if (b.status !== "active" || !b.your_turn) { why = "it is not your turn any more"; break; }
      const a = (b.legal_actions || []).find((x) => s.match(x));
      if (!a) { why = `${s.text} is not a choice now`; break; }
      const r = await this.act(a.id, { quiet: true, inSequence: true });
      if (!r.ok) { why = r.message; break; }
      done += 1;
    }
    this.running = null;
    this.selected.clear();
    this.note(why ? `${label} stopped after ${plural(done, "step")} of ${steps.length}: ${why}.` : "");
    this.draw();
    this.maybeAuto();
    return !why;
  }

  /** Play one action; resolves to {ok, message}. */
  async act(actionId, { quiet = false, inSequence = false } = {}) {
    if (this.pending || !this.body || !this.body.your_turn) return { ok: false, message: "not your turn" };
    if (this.running && !inSequence) return { ok: false, message: "busy" };
    clearTimeout(this.autoTimer);
    this.autoTimer = null;
    this.pending = true;
    this.drawChoices();
    const seen = this.body.step;
    const r = await api(`/games/${encodeURIComponent(this.id)}/actions`, {
      method: "POST", token: this.token, body: { action_id: actionId, seen },
    });
    this.pending = false;
    if (r.ok) {
      this.addBatches(r.data.events || []);
      if (!quiet) this.note("");
      this.show(r.data); // (ignored if the WebSocket brought a later step first)
      this.drawChoices();
      this.maybeAuto();
      return { ok: true, message: "" };
    }
    const message = r.status === 409 ? "the game moved on before your choice arrived" : r.data.message;
    if (!quiet) this.note(r.status === 409 ? "The game moved on before your choice arrived: here it is now." : message);
    const again = await api(`/games/${encodeURIComponent(this.id)}?since=${seen}`, { token: this.token });
    if (again.ok) { this.addBatches(again.data.events || []); this.show(again.data); }
    this.drawChoices();
    this.maybeAuto();
    return { ok: false, message };
  }

  note(text) { this.el.note.textContent = text; }

  key(e) {
    if (!this.body) return;
    if (e.key === "Escape" && (this.filter || this.query)) { // back to all the choices
      this.filter = null; this.query = ""; this.page = 0; this.draw();
      return;
    }
    if (e.target.matches("input, select, textarea")) return;
    const buttons = [...this.el.choices.querySelectorAll("button.choice:not(.all)")];
    if (/^[0-9]$/.test(e.key)) {
      const i = e.key === "0" ? 9 : Number(e.key) - 1;
      if (buttons[i]) { e.preventDefault(); buttons[i].click(); }
      return;
    }
    const all = [...this.el.choices.querySelectorAll("button")];
    if (!all.length) return;
    const at = all.indexOf(document.activeElement);
    if (e.key === "ArrowDown" || e.key === "ArrowRight") {
      e.preventDefault(); all[(at + 1) % all.length].focus();
    } else if (e.key === "ArrowUp" || e.key === "ArrowLeft") {
      e.preventDefault(); all[(at - 1 + all.length) % all.length].focus();
    }
  }
}

/** Group ``list`` by the target kind and role that splits it best: the fewest in the
 *  longer of the list of groups and the largest group, with at most MAX_BUTTONS groups
 *  (else the fewest groups); null when
 *  no target splits it. Each group: {key, name, ids}; the actions without such a
 *  target make a group "Other choices". */
export function groupChoices(list, nameOf) {
  const byKey = new Map(); // "kind|role" -> Map(target key -> {t, ids})
  for (const a of list) {
    for (const t of a.targets || []) {
      const k = `${t.kind}|${t.role || ""}`;
      if (!byKey.has(k)) byKey.set(k, new Map());
      const m = byKey.get(k);
      const tk = tkey(t);
      if (!m.has(tk)) m.set(tk, { t, ids: [] });
      const g = m.get(tk);
      if (g.ids[g.ids.length - 1] !== a.id) g.ids.push(a.id);
    }
  }
  let best = null;
  for (const [k, m] of byKey) {
    const groups = [...m.values()];
    const inAny = new Set(groups.flatMap((g) => g.ids));
    const other = list.filter((a) => !inAny.has(a.id)).map((a) => a.id);
    // the buttons it makes: a group of one is its choice (once)
    const singles = new Set(groups.filter((g) => g.ids.length === 1).map((g) => g.ids[0]));
    const n = singles.size + groups.filter((g) => g.ids.length > 1).length + (other.length ? 1 : 0);
    if (n < 2) continue;
    const largest = Math.max(other.length, ...groups.map((g) => g.ids.length));
    // an action in several groups of the key (the units "with" which ...) splits badly
    const overlap = groups.reduce((x, g) => x + g.ids.length, 0) / Math.max(1, inAny.size);
    // the longest list a person then meets (the groups, or a group's choices)
    let score = n <= MAX_BUTTONS ? Math.max(n, largest) * 1000 + largest : 1e9 + n;
    if (overlap > 1.25) score += 1e8;
    if (!best || score < best.score) best = { k, score, groups, other };
  }
  if (!best) return null;
  const out = best.groups.map((g) => ({ key: tkey(g.t), name: nameOf(g.t), ids: g.ids }));
  if (best.other.length) out.push({ key: `other:${best.k}`, name: "Other choices", ids: best.other });
  return out;
}

function turnWords(b) {
  if (b.status !== "active") return "The game is over.";
  const cp = b.current_player;
  if (cp === null || cp === undefined) return "";
  if (b.your_turn) return `Your turn (${b.seats[cp].player}).`;
  const s = b.seats[cp];
  return s.kind === "human" ? `${s.player}'s turn.` : `${s.player}'s turn (${seatWords(s.kind)}, thinking…).`;
}

function resultWords(b) {
  if (b.status === "abandoned") return "Nobody played this game for a long time, so the server ended it without a result.";
  if (b.status === "ended") return "Whoever made this game ended it before its end: it has no result.";
  const r = b.result || {};
  const ret = r.returns || [];
  const names = b.seats.map((s) => s.player);
  let words;
  const best = Math.max(...ret);
  const winners = names.filter((_, i) => ret[i] === best);
  if (!ret.length || winners.length === names.length) words = "A draw.";
  else words = `${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}.`;
  if (r.resigned !== null && r.resigned !== undefined) words += ` ${names[r.resigned]} resigned.`;
  if (b.seat !== null && ret.length && winners.length !== names.length) {
    words += ret[b.seat] === best ? " You won!" : " You lost.";
  }
  return `${words} (Scores: ${names.map((n, i) => `${n} ${ret[i]}`).join(", ")}.)`;
}

function setConn(text) {
  const el = document.getElementById("conn");
  if (el) { el.textContent = text; el.dataset.state = text; }
}
