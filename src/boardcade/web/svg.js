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

export function svgRoot(width, height, label) {
  return s("svg", { viewBox: `0 0 ${width} ${height}`, class: "board", role: "img", "aria-label": label });
}

export function text(x, y, str, attrs = {}) {
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, str);
}

export function title(el, str) {
  el.append(s("title", {}, str));
  return el;
}

// A die face: a rounded square with its value (or "?" when hidden).
export function die(x, y, size, value, label, attrs = {}) {
  return s(
    "g",
    { class: "die", transform: `translate(${x},${y})`, ...attrs },
    s("rect", { width: size, height: size, rx: size / 6 }),
    text(size / 2, size / 2, value === null || value === undefined ? "?" : value, { class: "die-value" }),
    label ? text(size / 2, size + 10, label, { class: "small" }) : null,
  );
}
