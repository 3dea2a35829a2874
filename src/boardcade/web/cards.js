// A row of labelled boxes (dice, cards) for the board modules. Each item says which legal action it stands for
// with `match(info)`, reading the action's kind and arguments (action_info), never its label text: a legal
// action that matches makes the box clickable (two identical dice or cards both stand for the same action);
// the other boxes explain, when clicked, why they cannot be used now (`refusal(item)`).
//
//   item = { text, lines?, dim?, match(info) -> bool }   text: the box's tooltip; lines: up to 3 lines shown
import { s, text, title } from "./svg.js";

export function boxRow(svg, ui, { x, y, w, h, items, cls, refusal, gap = 6 }) {
  items.forEach((item, k) => {
    const g = s("g", { class: `box ${cls}`, transform: `translate(${x + k * (w + gap)},${y})`, "data-item": item.text });
    g.append(s("rect", { width: w, height: h, rx: 6, class: item.dim ? "dim" : "" }));
    const lines = (item.lines || [item.text]).slice(0, 3);
    const top = h / 2 - ((lines.length - 1) * 13) / 2;
    lines.forEach((line, n) => g.append(text(w / 2, top + n * 13, line, { class: "box-text" })));
    title(g, item.text);
    const info = item.match ? ui.legal.find((a) => item.match(a)) : undefined;
    if (info) {
      ui.place(g, info);
    } else {
      ui.refuse(g, refusal(item));
    }
    svg.append(g);
  });
}
