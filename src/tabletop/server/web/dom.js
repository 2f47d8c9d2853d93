// A small element builder: text goes in as text, never as HTML.

export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "style" && typeof v === "object") {
      for (const [p, x] of Object.entries(v)) if (p.startsWith("--")) el.style.setProperty(p, x); else el.style[p] = x;
    }
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "facts") el.dataset.facts = Array.isArray(v) ? v.join("\n") : v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function svg(tag, props = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "facts") el.dataset.facts = Array.isArray(v) ? v.join("\n") : v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Card and unit facts on hover (mouse) or tap (touch): any element with data-facts. */
export function installFacts() {
  const box = document.getElementById("facts");
  const show = (el, x, y) => {
    box.textContent = el.dataset.facts;
    box.hidden = false;
    const w = box.offsetWidth, hh = box.offsetHeight;
    box.style.left = `${Math.max(4, Math.min(window.innerWidth - w - 4, x + 12))}px`;
    box.style.top = `${Math.max(4, Math.min(window.innerHeight - hh - 4, y + 12))}px`;
  };
  document.addEventListener("mouseover", (e) => {
    const el = e.target.closest && e.target.closest("[data-facts]");
    if (el) show(el, e.clientX, e.clientY); else box.hidden = true;
  });
  document.addEventListener("click", (e) => {
    const el = e.target.closest && e.target.closest("[data-facts]");
    if (el && !el.closest("button")) show(el, e.clientX, e.clientY);
    else if (!el) box.hidden = true;
  });
}
