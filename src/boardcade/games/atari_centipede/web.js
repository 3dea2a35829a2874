// Atari's Centipede (IDW 2017): the 9x12 field (rows 0 and 11 are the Gnome Movement Areas, AC-D1),
// the four spawn points (AC-D2), mushrooms, centipedes, fleas, spiders, gnomes, the dice pool, cards and hands.
import { h } from "../notice.js";
import { s, svgRoot, text, title } from "../svg.js";
import { boxRow } from "../cards.js";

const C = 40; // square size
const X0 = 30;
const Y0 = 20;
const SPAWNS = [[1, 0], [1, 8], [10, 0], [10, 8]];
const COLOUR = { red: "#e04848", blue: "#3d7be0", green: "#3fb950", yellow: "#e0c040" };
const sq = ([r, c]) => [X0 + c * C, Y0 + r * C];
const key = (t) => `${t[0]},${t[1]}`;

export function draw(obs, ui) {
  const svg = svgRoot(X0 * 2 + 9 * C + 250, Y0 * 2 + 12 * C + 10, "Centipede field");
  const byTarget = {};
  for (const info of ui.legal) if (info.target && !(key(info.target) in byTarget)) byTarget[key(info.target)] = info;
  const spawn = new Set(SPAWNS.map(key));
  const cells = s("g", { class: "field" });
  for (let r = 0; r < 12; r++) {
    for (let c = 0; c < 9; c++) {
      const [x, y] = sq([r, c]);
      const gnomeRow = r === 0 || r === 11;
      const cell = s("rect", { x, y, width: C, height: C, class: `cell${gnomeRow ? " gnome-row" : ""}${spawn.has(key([r, c])) ? " spawn" : ""}`, "data-square": key([r, c]) });
      title(cell, `r${r}c${c}${gnomeRow ? " (Gnome Movement Area)" : ""}${spawn.has(key([r, c])) ? " (spawn point)" : ""}`);
      const info = byTarget[key([r, c])];
      if (info) ui.place(cell, info);
      else ui.refuse(cell, `r${r}c${c} is not a legal choice now; the highlighted squares are.`);
      cells.append(cell);
    }
  }
  svg.append(cells);
  const put = (el) => { el.style.pointerEvents = "none"; svg.append(el); };
  for (const m of obs.mushrooms || []) {
    const [x, y] = sq(m);
    put(s("path", { class: "mushroom", d: `M${x + 8} ${y + 22} a12 10 0 0 1 24 0 z M${x + 16} ${y + 22} h8 v10 h-8 z` }));
  }
  for (const cp of (obs.centipedes || [])) {
    cp.segments.forEach((seg, k) => {
      const [x, y] = sq(seg);
      put(s("circle", { cx: x + C / 2, cy: y + C / 2, r: k === 0 ? 15 : 12, fill: COLOUR[cp.colour] || "#c44", stroke: "#111", class: k === 0 ? "seg head" : "seg" }));
      if (k === 0) put(text(x + C / 2, y + C / 2, "◉", { class: "piece-letter" }));
    });
  }
  for (const f of (obs.fleas || [])) { const [x, y] = sq(f.square); put(text(x + C / 2, y + C / 2, "F", { class: "bug flea", fill: COLOUR[f.colour] })); }
  for (const sp of (obs.spiders || [])) { const [x, y] = sq(sp.square); put(text(x + C / 2, y + C / 2, "✶", { class: "bug spider", fill: COLOUR[sp.colour] })); }
  for (const g of (obs.gnomes || [])) {
    if (!g.square) continue;
    const [x, y] = sq(g.square);
    put(s("path", { class: "gnome", d: `M${x + C / 2} ${y + 4} l12 26 h-24 z` }));
    put(text(x + C / 2, y + C - 6, `G${g.player + 1}`, { class: "small" }));
  }
  // Side: dice pool, die in use, gnome cards, centipede hands.
  const sx = X0 * 2 + 9 * C;
  svg.append(text(sx, 14, "Dice pool", { class: "small", "text-anchor": "start" }));
  boxRow(svg, ui, { x: sx, y: 22, w: 74, h: 50, items: (obs.dice_pool || []).map((t) => ({ text: t })), cls: "die-box", verb: "die", refusal: () => "You can choose a die only at the start of a Gnome action (AC-4)." });
  let y = 22 + 2 * 56;
  if (obs.die_in_use) svg.append(text(sx, y - 40, `In use: ${obs.die_in_use.face} (step ${obs.die_in_use.next_step + 1})`, { class: "small", "text-anchor": "start" }));
  for (const g of (obs.gnomes || [])) {
    svg.append(text(sx, y, `Gnome ${g.player + 1} cards`, { class: "small", "text-anchor": "start" }));
    const items = Object.entries(g.cards).map(([name, spent]) => ({ text: name, dim: spent }));
    boxRow(svg, ui, { x: sx, y: y + 8, w: 56, h: 46, items, cls: "card", verb: "use", refusal: (it) => (it.dim ? `${it.text} is used up until it is recharged.` : `${it.text} cannot be used right now.`) });
    y += 66;
  }
  for (const cp of (obs.centipede_players || [])) {
    svg.append(text(sx, y, `${cp.colour} centipede hand (${cp.hand_size})`, { class: "small", "text-anchor": "start" }));
    const items = (cp.hand || Array(cp.hand_size).fill("?")).map((t) => ({ text: t }));
    boxRow(svg, ui, { x: sx, y: y + 8, w: 74, h: 46, items, cls: "card hand", verb: "play", refusal: (it) => (it.text === "?" ? "That hand is hidden from you." : `${it.text} cannot be played now.`) });
    y += 66;
  }
  return svg;
}

export function panel(obs) {
  const roles = obs.roles.map((r, p) => `Player ${p + 1}: ${r}`).join(" · ");
  return h("ul", { class: "facts" },
    h("li", {}, `Round ${obs.round} of at most ${obs.max_rounds} — phase: ${obs.phase}`),
    h("li", {}, roles),
    h("li", {}, `Mushroom supply: ${obs.mushroom_supply}; bug supply: ${obs.bug_supply.fleas} fleas, ${obs.bug_supply.spiders} spiders`),
    (obs.centipede_players || []).map((cp) => h("li", {}, `${cp.colour}: ${cp.segments_on_board} segments on board, deck ${cp.deck_size}, speed bonus ${cp.speed_bonus}`)),
  );
}
