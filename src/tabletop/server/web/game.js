// The game page: the board, whose turn, the prompt, the legal choices as buttons, the log.
// It reads the game once (GET /games/{id}?log=true), then keeps in step over the
// WebSocket (/games/{id}/live); a dropped connection reconnects with the last step seen.
import { api, packInfo, seats } from "./api.js";
import { h } from "./dom.js";
import { drawBoard } from "./boards.js";

export class GamePage {
  constructor(root, id, token) {
    this.root = root;
    this.id = id;
    this.token = token;
    this.body = null;
    this.log = new Map(); // step -> events (a step arriving twice replaces itself)
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.pending = false;
    this.filter = null; // a board may narrow the choices shown (say, to one cell)
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    this.start();
  }

  close() {
    this.closed = true;
    for (const k of ["step", "status", "yourTurn"]) delete this.root.dataset[k];
    document.removeEventListener("keydown", this.onKey);
    if (this.ws) this.ws.close();
    setConn("");
  }

  async start() {
    this.root.replaceChildren(h("p", { class: "muted" }, "Loading the game…"));
    const r = await api(`/games/${encodeURIComponent(this.id)}?log=true`, { token: this.token });
    if (!r.ok) return this.badLink(r);
    if (this.token) seats.put(this.id, { pack: r.data.pack, [`seat${r.data.seat}`]: this.token });
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
      board: h("div", { class: "board", id: "board" }),
      prompt: h("p", { class: "prompt", id: "prompt" }),
      choices: h("div", { class: "choices", id: "choices", role: "group", "aria-label": "Your choices" }),
      note: h("p", { class: "note", id: "note", "aria-live": "polite" }),
      log: h("ol", { class: "log", id: "log" }),
      end: h("div", { class: "end", id: "end", hidden: true }),
    };
    const e = this.el;
    this.root.replaceChildren(h("div", { class: "game" },
      h("div", { class: "game-head" }, e.title, e.turn),
      h("div", { class: "game-body" },
        e.board,
        h("aside", { class: "side" }, e.end, e.prompt, e.choices, e.note,
          h("h3", {}, "What happened"), e.log))));
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
      else if (msg.type === "error") this.note(msg.message);
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
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

  drawLog() {
    const steps = [...this.log.keys()].sort((a, b) => a - b);
    const items = [];
    for (const s of steps) for (const ev of this.log.get(s)) {
      if (ev.text) items.push(h("li", { "data-step": s, class: `ev ev-${ev.kind}` }, ev.text));
    }
    const near = this.el.log.scrollHeight - this.el.log.scrollTop - this.el.log.clientHeight < 40;
    this.el.log.replaceChildren(...items.slice(-300));
    if (near || true) this.el.log.scrollTop = this.el.log.scrollHeight;
  }

  show(body) {
    if (this.body && body.step < this.body.step) return; // an older answer arriving late
    const changed = !this.body || body.step !== this.body.step || body.status !== this.body.status;
    this.body = body;
    if (changed) this.filter = null;
    this.draw();
  }

  draw() {
    const b = this.body;
    const e = this.el;
    const me = b.seat === null ? null : b.seats[b.seat];
    // Public facts on the page for scripts and tests: the step shown and the status.
    this.root.dataset.step = b.step;
    this.root.dataset.status = b.status;
    this.root.dataset.yourTurn = b.your_turn;
    e.title.textContent = `${b.title}${me ? `: you are ${me.player}` : ": watching"}`;
    e.turn.textContent = turnWords(b);
    e.turn.className = `turn${b.your_turn ? " yours" : ""}`;
    document.title = `${b.your_turn ? "● " : ""}${b.title} · tabletop`;
    drawBoard(e.board, b, this.pack, {
      choose: (id) => this.act(id),
      narrow: (ids, label) => { this.filter = ids ? { ids: new Set(ids), label } : null; this.drawChoices(); },
    });
    this.drawChoices();
    this.drawEnd();
  }

  drawChoices() {
    const b = this.body;
    const e = this.el;
    e.prompt.textContent = b.status === "active" ? (b.your_turn ? b.prompt : b.seat === null ? b.prompt : "") : "";
    let actions = b.legal_actions || [];
    const counts = new Map();
    for (const a of actions) counts.set(a.text, (counts.get(a.text) || 0) + 1);
    const label = (a) => (counts.get(a.text) > 1 ? `${a.text} (${a.notation})` : a.text);
    const shown = this.filter ? actions.filter((a) => this.filter.ids.has(a.id)) : actions;
    const buttons = shown.map((a, i) => h("button", {
      type: "button", class: "choice", "data-action": a.id, "data-notation": a.notation,
      disabled: this.pending, onclick: () => this.act(a.id),
    }, h("span", { class: "key" }, i < 9 ? String(i + 1) : i === 9 ? "0" : ""), label(a)));
    const extra = this.filter ? [h("button", { type: "button", class: "choice all", onclick: () => { this.filter = null; this.drawChoices(); } },
      `Show all ${actions.length} choices`)] : [];
    e.choices.replaceChildren(...buttons, ...extra);
  }

  drawEnd() {
    const b = this.body;
    const e = this.el;
    if (b.status === "active") { e.end.hidden = true; return; }
    e.end.hidden = false;
    e.end.replaceChildren(
      h("h3", {}, "The game is over"),
      h("p", { class: "result", id: "result" }, resultWords(b)),
      h("p", {}, h("a", { href: `/games/${encodeURIComponent(b.id)}/record`, id: "record", target: "_blank" }, "The game's record (JSON, for tabletop replay)"),
        " · ", h("a", { href: "#/" }, "Back to the lobby")));
  }

  async act(actionId) {
    if (this.pending || !this.body || !this.body.your_turn) return;
    this.pending = true;
    this.drawChoices();
    const seen = this.body.step;
    const r = await api(`/games/${encodeURIComponent(this.id)}/actions`, {
      method: "POST", token: this.token, body: { action_id: actionId, seen },
    });
    this.pending = false;
    if (r.ok) {
      this.addBatches(r.data.events || []);
      this.note("");
      this.show(r.data); // (ignored if the WebSocket brought a later step first)
      this.drawChoices();
    } else {
      this.note(r.status === 409 ? "The game moved on before your choice arrived: here it is now." : r.data.message);
      const again = await api(`/games/${encodeURIComponent(this.id)}?since=${seen}`, { token: this.token });
      if (again.ok) { this.addBatches(again.data.events || []); this.show(again.data); }
      this.drawChoices();
    }
  }

  note(text) { this.el.note.textContent = text; }

  key(e) {
    if (!this.body || e.target.matches("input, select, textarea")) return;
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

function turnWords(b) {
  if (b.status !== "active") return "The game is over.";
  const cp = b.current_player;
  if (cp === null || cp === undefined) return "";
  if (b.your_turn) return `Your turn (${b.seats[cp].player}).`;
  const s = b.seats[cp];
  return s.kind === "human" ? `${s.player}'s turn.` : `${s.player}'s turn (bot ${s.kind}, thinking…).`;
}

function resultWords(b) {
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
