// The step-through replay: #/replay/{game}. Any game, finished or in play (up to its
// present step), as a spectator saw it: a slider, Previous / Next (and the arrow keys,
// Home, End), the board drawn by the same board modules, and the events of the step.
// Each step is read from the server (GET /games/{id}/replay?step=k), which replays
// the game's record from its nearest saved state; steps already read are kept here.
import { api, packInfo } from "./api.js";
import { h } from "./dom.js";
import { drawBoard } from "./boards.js";

/** What a board gets on a replay: nothing to choose, nothing to click. */
function stillContext(body) {
  return {
    seat: null, actions: [], shown: [], filter: null, busy: true, selected: new Set(),
    choose: () => {}, narrow: () => {}, on: () => [], click: () => null, toggle: () => {},
    sequence: async () => false, offer: () => {}, hint: () => {},
    targetName: (t) => `${t.kind} ${Array.isArray(t.id) ? t.id.join(",") : t.id}`,
    body,
  };
}

export class ReplayPage {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.cache = new Map(); // step -> body
    this.steps = 0;
    this.at = 0;
    this.closed = false;
    this.asked = 0; // the last step asked for (an older answer arriving late is dropped)
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    this.start();
  }

  close() {
    this.closed = true;
    clearInterval(this.timer);
    document.removeEventListener("keydown", this.onKey);
    for (const k of ["step", "steps", "status"]) delete this.root.dataset[k];
  }

  async start() {
    this.root.replaceChildren(h("p", { class: "muted" }, "Loading the game…"));
    const r = await api(`/games/${encodeURIComponent(this.id)}`);
    if (!r.ok) {
      this.root.replaceChildren(h("div", { class: "error-page", role: "alert", id: "bad-link" },
        h("h2", {}, "This game could not be opened"), h("p", {}, r.data.message || `HTTP ${r.status}`),
        h("p", {}, h("a", { href: "#/" }, "Go to the lobby"))));
      return;
    }
    this.pack = await packInfo(r.data.pack);
    this.steps = r.data.step;
    this.live = r.data.status === "active";
    this.layout(r.data);
    await this.go(this.live ? this.steps : 0);
    // a game in play grows: look now and then how far it has come
    if (this.live) this.timer = setInterval(() => this.grow(), 3000);
  }

  async grow() {
    const r = await api(`/games/${encodeURIComponent(this.id)}`);
    if (!r.ok || this.closed) return;
    const follow = this.at === this.steps;
    this.steps = r.data.step;
    this.live = r.data.status === "active";
    if (!this.live) { this.cache.delete(this.steps); clearInterval(this.timer); }
    this.drawBar();
    if (follow) this.go(this.steps);
  }

  layout(first) {
    this.el = {
      title: h("h2", { class: "title" }, `${first.title}: replay`),
      where: h("p", { class: "turn", id: "replay-where", "aria-live": "polite" }),
      slider: h("input", { type: "range", id: "replay-slider", min: 0, max: this.steps, value: 0, "aria-label": "Step",
        oninput: (e) => this.go(Number(e.target.value)) }),
      prev: h("button", { type: "button", id: "replay-prev", onclick: () => this.go(this.at - 1) }, "◀ Previous"),
      next: h("button", { type: "button", id: "replay-next", onclick: () => this.go(this.at + 1) }, "Next ▶"),
      board: h("div", { class: "board", id: "board" }),
      prompt: h("p", { class: "prompt", id: "prompt" }),
      events: h("ol", { class: "log", id: "replay-events" }),
    };
    const e = this.el;
    this.root.replaceChildren(h("div", { class: "game replay" },
      h("div", { class: "game-head" }, e.title, e.where),
      h("div", { class: "replay-bar" }, e.prev, " ", e.slider, " ", e.next,
        h("span", { class: "muted" }, " (← → step, Home / End) · "),
        h("a", { href: `#/watch/${encodeURIComponent(this.id)}` }, "Watch it live"), " · ",
        h("a", { href: "#/" }, "Lobby")),
      h("div", { class: "game-body" },
        e.board,
        h("aside", { class: "side controls" }, e.prompt, h("h3", {}, "This step"), e.events))));
  }

  drawBar() {
    const e = this.el;
    e.slider.max = this.steps;
    e.slider.value = this.at;
    e.prev.disabled = this.at <= 0;
    e.next.disabled = this.at >= this.steps;
    e.where.textContent = this.at === 0 ? `The set-up (of ${this.steps} steps)` : `Step ${this.at} of ${this.steps}${this.live && this.at === this.steps ? " (now)" : ""}`;
    this.root.dataset.step = this.at;
    this.root.dataset.steps = this.steps;
  }

  async go(k) {
    if (this.closed) return;
    k = Math.max(0, Math.min(this.steps, k));
    this.at = k;
    this.asked = k;
    this.drawBar();
    let body = this.cache.get(k);
    if (!body) {
      const r = await api(`/games/${encodeURIComponent(this.id)}/replay?step=${k}`);
      if (this.closed || this.asked !== k) return;
      if (!r.ok) { this.el.prompt.textContent = r.data.message; return; }
      body = r.data;
      if (k < body.steps || body.status !== "active") this.cache.set(k, body); // the present may change
    }
    this.draw(body);
  }

  draw(b) {
    const e = this.el;
    drawBoard(e.board, b, this.pack, stillContext(b));
    e.prompt.textContent = b.status === "active" ? b.prompt : "The game is over.";
    const evs = (b.events || []).flatMap((batch) => batch.events).filter((ev) => ev.text);
    e.events.replaceChildren(...(evs.length ? evs.map((ev) => h("li", { class: `ev ev-${ev.kind}` }, ev.text))
      : [h("li", { class: "muted" }, "Nothing anyone could see.")]));
    this.root.dataset.status = b.status;
    this.root.dataset.shown = b.step;
  }

  key(e) {
    if (e.target.matches && e.target.matches("input:not([type=range]), select, textarea")) return;
    const to = { ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: 0, End: this.steps }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.go(to);
  }
}
