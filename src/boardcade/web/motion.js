// Motion between two drawings of a board: pieces (elements with `data-piece`, positioned by a translate)
// glide from where they were to where they are, and keep a mark and a trail until the next move; pieces that
// appear pop in; dice (`data-die`) tumble when their face changes; a spinner's pointer (`data-rotate`) spins to
// its new angle. Nothing moves for people who ask their system for reduced motion.

const reduced = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
let lastMoves = { key: null, moves: [] }; // the last move's trails, kept while its pieces stay where they went

// Where an element's centre is, in the board's own units (so a scroll between two drawings changes nothing).
function centre(el, svg) {
  const r = el.getBoundingClientRect();
  const box = svg.getBoundingClientRect();
  const scale = box.width / (svg.viewBox.baseVal.width || 1) || 1;
  return [(r.x + r.width / 2 - box.x) / scale, (r.y + r.height / 2 - box.y) / scale];
}

export function snapshot(container) {
  const svg = container.querySelector("svg.board");
  if (!svg) return null;
  const shot = { pieces: new Map(), dice: new Map(), spins: new Map(), game: svg.dataset.game || "" };
  for (const el of svg.querySelectorAll("[data-piece]")) shot.pieces.set(el.dataset.piece, centre(el, svg));
  for (const el of svg.querySelectorAll("[data-die]")) shot.dice.set(el.dataset.die, el.dataset.value);
  for (const el of svg.querySelectorAll("[data-rotate]")) shot.spins.set(el.dataset.spin || "spin", Number(el.dataset.rotate));
  return shot;
}

// "translate(10,20) rotate(30)" -> the same as a CSS transform (SVG user units are CSS pixels here).
function cssTransform(attr) {
  return (attr || "")
    .replace(/translate\(\s*([-\d.e]+)[\s,]+([-\d.e]+)\s*\)/g, "translate($1px, $2px)")
    .replace(/rotate\(\s*([-\d.e]+)\s*\)/g, "rotate($1deg)");
}

function trail(svg, [x1, y1], [x2, y2]) {
  const ns = "http://www.w3.org/2000/svg";
  const g = document.createElementNS(ns, "g");
  g.setAttribute("class", "last-move-trail");
  g.setAttribute("aria-hidden", "true");
  const line = document.createElementNS(ns, "line");
  Object.entries({ x1, y1, x2, y2 }).forEach(([k, v]) => line.setAttribute(k, v.toFixed(1)));
  const dot = document.createElementNS(ns, "circle");
  Object.entries({ cx: x1, cy: y1, r: 5 }).forEach(([k, v]) => dot.setAttribute(k, v.toFixed(1)));
  g.append(line, dot);
  svg.insertBefore(g, svg.querySelector(".pieces-layer") || null);
}

export function animate(container, before) {
  const svg = container.querySelector("svg.board");
  if (!svg) return;
  const quiet = reduced();
  const moves = [];
  if (before) {
    for (const el of svg.querySelectorAll("[data-piece]")) {
      const id = el.dataset.piece;
      const now = centre(el, svg);
      const was = before.pieces.get(id);
      if (!was) {
        if (before.pieces.size && !quiet) el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 350, easing: "ease-out" });
        continue;
      }
      const dx = was[0] - now[0];
      const dy = was[1] - now[1];
      if (Math.hypot(dx, dy) < 1) continue;
      moves.push({ id, from: was, to: now });
      if (!quiet) {
        const base = cssTransform(el.getAttribute("transform"));
        el.animate([{ transform: `translate(${dx}px, ${dy}px) ${base}` }, { transform: base || "none" }], { duration: 420, easing: "cubic-bezier(.3,.7,.4,1)" });
      }
    }
    for (const el of svg.querySelectorAll("[data-die]")) {
      const was = before.dice.get(el.dataset.die);
      const body = el.querySelector(".die-body") || el;
      if (was !== undefined && was !== el.dataset.value && el.dataset.value !== "?" && !quiet) {
        body.animate([
          { transform: "rotate(0deg) scale(1)" }, { transform: "rotate(-25deg) scale(0.8)" },
          { transform: "rotate(20deg) scale(1.08)" }, { transform: "rotate(0deg) scale(1)" },
        ], { duration: 520, easing: "ease-out" });
      }
    }
    for (const el of svg.querySelectorAll("[data-rotate]")) {
      const was = before.spins.get(el.dataset.spin || "spin");
      const angle = Number(el.dataset.rotate);
      if (was !== undefined && was !== angle && !quiet) {
        const base = cssTransform(el.getAttribute("transform")).replace(/rotate\([^)]*\)/, "");
        el.animate([{ transform: `${base} rotate(${angle - 1080}deg)` }, { transform: `${base} rotate(${angle}deg)` }], { duration: 1100, easing: "cubic-bezier(.2,.6,.3,1)" });
      }
    }
  }
  // The last move stays marked until the next one: its pieces glow and a trail shows where they came from.
  const key = svg.dataset.match || "";
  if (moves.length) lastMoves = { key, moves };
  else if (lastMoves.key !== key) lastMoves = { key, moves: [] };
  for (const m of lastMoves.moves) {
    const el = svg.querySelector(`[data-piece="${CSS.escape(m.id)}"]`);
    if (!el) continue;
    const now = centre(el, svg);
    if (Math.hypot(now[0] - m.to[0], now[1] - m.to[1]) > 2) continue;
    el.classList.add("last-move");
    trail(svg, m.from, now);
  }
}

export function forgetMoves() { lastMoves = { key: null, moves: [] }; }
