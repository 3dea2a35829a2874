// Shared by the board modules: a row of labelled boxes (dice, cards) where each box that matches a legal action's
// label becomes clickable; the rest explain why they cannot be used now.
import { s, text, title } from "./svg.js";

export function boxRow(svg, ui, { x, y, w, h, items, cls, verb, refusal }) {
  const used = new Set();
  items.forEach((item, k) => {
    const g = s("g", { class: `box ${cls}`, transform: `translate(${x + k * (w + 6)},${y})`, "data-item": item.text });
    g.append(s("rect", { width: w, height: h, rx: 6, class: item.dim ? "dim" : "" }));
    const words = item.text.split(/,\s*|\s+(?=\S+$)/).slice(0, 3);
    words.forEach((line, n) => g.append(text(w / 2, 14 + n * 14, line, { class: "box-text" })));
    title(g, item.text);
    const info = ui.legal.find((a) => !used.has(a.action) && !ui.isPlaced(a.action) && a.kind === verb && a.label.toLowerCase().includes(item.text.toLowerCase()));
    if (info) {
      used.add(info.action);
      ui.place(g, info);
    } else {
      ui.refuse(g, refusal(item));
    }
    svg.append(g);
  });
}
