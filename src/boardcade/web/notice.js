// One line of feedback at the top (errors from the server, illegal clicks, connection news), and `h`, the
// element builder every page uses. Text is always inserted as text, never as HTML.
let timer = null;

export function notify(text, kind = "info") {
  const el = document.getElementById("notice");
  el.replaceChildren(h("span", {}, text), h("button", { type: "button", class: "notice-close", "aria-label": "Dismiss", onclick: clearNotice }, "×"));
  el.className = `notice ${kind}`;
  el.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(clearNotice, kind === "error" ? 9000 : 5000);
}

// Notices belong to the page they were raised on: a new page clears them.
export function clearNotice() {
  clearTimeout(timer);
  const el = document.getElementById("notice");
  if (el) { el.hidden = true; el.replaceChildren(); }
}

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// Replace an element's children, leaving out the absent ones (null, undefined, false): the DOM's own
// replaceChildren writes those as the words "null" and "undefined".
export function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

// "3 min ago", "2 h ago" for match lists.
export function ago(seconds) {
  if (seconds < 90) return "just now";
  if (seconds < 5400) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 129600) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86400)} days ago`;
}
