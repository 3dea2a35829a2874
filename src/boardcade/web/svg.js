// Small helpers for drawing SVG boards.
const NS = "http://www.w3.org/2000/svg";

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null && v !== false) el.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// A board drawn at `width` x `height` CSS pixels (the board modules lay out in real pixels for the space the
// page gives them, so sizes of touch targets are exact). A group, not an image: its choices are buttons.
export function svgRoot(width, height, label) {
  return s("svg", {
    viewBox: `0 0 ${Math.round(width)} ${Math.round(height)}`,
    width: Math.round(width),
    height: Math.round(height),
    class: "board",
    role: "group",
    "aria-label": label,
  });
}

export function text(x, y, str, attrs = {}) {
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, str);
}

export function title(el, str) {
  el.append(s("title", {}, str));
  return el;
}

// A die: a rounded square with its face (a number, a word, or "?" when hidden), sized to fit the square,
// and a caption under it. `data-die` names it, so a new face rolls (motion.js).
export function die(x, y, size, value, label, attrs = {}) {
  const face = value === null || value === undefined ? "?" : String(value);
  const fit = Math.min(size * 0.6, (size * 0.95) / Math.max(1, face.length * 0.62));
  const g = s("g", { class: "die", transform: `translate(${x},${y})`, "data-value": face, ...attrs },
    s("g", { class: "die-body" },
      s("rect", { width: size, height: size, rx: size / 6 }),
      text(size / 2, size / 2, face, { class: "die-value", "font-size": fit.toFixed(1) })));
  if (label) g.append(text(size / 2, size + 9, label, { class: "die-label" }));
  return g;
}

// Plain text that must fit `width` pixels: shrinks the font (never below 8 px) rather than overflow.
export function fitText(x, y, str, width, size, attrs = {}) {
  const px = Math.max(8, Math.min(size, width / Math.max(1, String(str).length * 0.58)));
  return text(x, y, str, { "font-size": px.toFixed(1), ...attrs });
}

// Small icons for buttons, drawn as SVG (icon fonts and symbol glyphs such as ⏮ are missing on some systems).
const ICONS = {
  first: "M3 3h2.5v12H3z M15 3v12L6.5 9z",
  back: "M13 3v12L4.5 9z",
  forward: "M5 3v12l8.5-6z",
  last: "M12.5 3H15v12h-2.5z M3 3v12l8.5-6z",
};
export function icon(name) {
  return s("svg", { class: "icon", viewBox: "0 0 18 18", "aria-hidden": "true", focusable: "false" }, s("path", { d: ICONS[name] }));
}
