// Atari's Centipede (IDW 2017). Left: the field, 9 columns by obs.rows rows (rows 0 and the last are the Gnome
// Movement Areas, AC-1.1), the spawn points (AC-1.2), mushrooms, centipedes (the head shows its facing), fleas,
// spiders and Gnomes. Right (below it on a phone): the dice pool, the Gnome Control cards and the Centipede hands.
// Choices are placed from action_info: squares by `target`, dice and cards by `kind` and `args`.
import { h } from "../notice.js";
import { s, svgRoot, text, title } from "../svg.js";
import { boxRow } from "../cards.js";

const C = 40; // square size
const M = 14; // margin around the field
const COLOUR = { red: "#e04848", blue: "#3d7be0" };
// With four players a team is named by its colour everywhere (AC-11.1): team A is red, team B blue.
const TEAM_COLOUR = { A: "red", B: "blue" };
const cap = (word) => word.charAt(0).toUpperCase() + word.slice(1);
const gnomeName = (g) => (g.team ? `${cap(TEAM_COLOUR[g.team])} Gnome` : "Gnome");
const key = (t) => `${t[0]},${t[1]}`;
const sq = ([r, c]) => [M + c * C, M + r * C];
const refusals = {
  die: "You can choose a die only at the start of your turn, before another die (AC-4.2).",
};

function field(obs, ui) {
  const rows = obs.rows;
  const last = rows - 1;
  const svg = svgRoot(2 * M + 9 * C, 2 * M + rows * C, `Centipede field, ${rows - 2} field rows`);
  svg.classList.add("atari-field");
  // Size it to the room the page gives the board (ui.fit): the whole field on screen at a desk; on a phone the
  // full width (squares too small for a finger are also offered in the action bar's list).
  const W = 2 * M + 9 * C;
  const H = 2 * M + rows * C;
  if (ui.fit) {
    const width = ui.touch ? Math.min(ui.fit.width, 440) : Math.min(440, ui.fit.width, (ui.fit.height * W) / H);
    svg.setAttribute("width", Math.floor(width));
    svg.setAttribute("height", Math.floor((width * H) / W));
  }
  const byTarget = {};
  for (const info of ui.legal) if (info.target && !(key(info.target) in byTarget)) byTarget[key(info.target)] = info;
  const spawn = new Set((obs.spawn_points || []).map(key));
  const cells = s("g", { class: "field" });
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < 9; c++) {
      const [x, y] = sq([r, c]);
      const gnomeRow = r === 0 || r === last;
      const isSpawn = spawn.has(key([r, c]));
      const cell = s("rect", { x, y, width: C, height: C, class: `cell${gnomeRow ? " gnome-row" : ""}${isSpawn ? " spawn" : ""}`, "data-square": key([r, c]) });
      title(cell, `r${r}c${c}${gnomeRow ? " (Gnome Movement Area)" : ""}${isSpawn ? " (spawn point)" : ""}`);
      const info = byTarget[key([r, c])];
      if (info) ui.place(cell, info);
      else ui.refuse(cell, `r${r}c${c} is not a legal choice now; the highlighted squares and boxes are.`);
      cells.append(cell);
    }
  }
  svg.append(cells);
  const put = (el) => { el.style.pointerEvents = "none"; svg.append(el); };
  for (let r = 5; r < last; r += 5) put(text(M - 7, M + r * C + C / 2, String(r), { class: "tiny" }));
  for (const m of obs.mushrooms || []) {
    const [x, y] = sq(m);
    put(s("path", { class: "mushroom", d: `M${x + 8} ${y + 22} a12 10 0 0 1 24 0 z M${x + 16} ${y + 22} h8 v10 h-8 z` }));
  }
  for (const cp of obs.centipedes || []) {
    cp.segments.forEach((seg, k) => {
      const [x, y] = sq(seg);
      put(s("circle", { cx: x + C / 2, cy: y + C / 2, r: k === 0 ? 16 : 13, fill: COLOUR[cp.colour] || "#c44", stroke: "#111", class: k === 0 ? "seg head" : "seg" }));
      if (k === 0) put(text(x + C / 2, y + C / 2, cp.facing > 0 ? "▶" : "◀", { class: "piece-letter" }));
    });
  }
  // Fleas are numbered when there are several, so a choice naming one can be told from the other.
  const fleas = obs.fleas || [];
  fleas.forEach((f, i) => {
    const [x, y] = sq(f.square);
    const name = fleas.length > 1 ? `F${i + 1}` : "F";
    put(title(text(x + C / 2, y + C / 2, name, { class: "bug flea", fill: COLOUR[f.colour] }), `${f.colour} flea ${fleas.length > 1 ? i + 1 : ""}`.trim()));
  });
  for (const sp of obs.spiders || []) { const [x, y] = sq(sp.square); put(text(x + C / 2, y + C / 2, "✶", { class: "bug spider", fill: COLOUR[sp.colour] })); }
  for (const g of obs.gnomes || []) {
    if (!g.square) continue;
    const [x, y] = sq(g.square);
    put(title(s("path", { class: "gnome", d: `M${x + C / 2} ${y + 4} l13 27 h-26 z`, stroke: g.team ? COLOUR[TEAM_COLOUR[g.team]] : undefined, "stroke-width": g.team ? 3 : undefined }), gnomeName(g)));
    put(text(x + C / 2, y + C - 5, "G", { class: "piece-letter", fill: "#111" }));
  }
  return svg;
}

function tableau(obs, ui) {
  // Laid out top to bottom: a label line, then a row of boxes, and so on.
  const parts = [];
  const label = (str) => parts.push({ label: str });
  const row = (opts) => parts.push(opts);
  label(`Dice pool (${(obs.dice_pool || []).length})`);
  const dice = (obs.dice_pool || []).map((d) => ({
    text: `die: ${d.actions}`,
    lines: d.actions.split(", "),
    match: (i) => i.kind === "die" && i.args.face === d.face,
  }));
  row({ items: dice, w: 56, h: 48, cls: "die-box", refusal: () => refusals.die });
  if (obs.die_in_use) label(`In use: ${obs.die_in_use.actions} (next: action ${obs.die_in_use.next_step + 1})`);
  for (const g of obs.gnomes || []) {
    label(`${gnomeName(g)}'s control cards`);
    const cards = Object.entries(g.cards).map(([name, ready]) => ({
      text: `${name}${ready ? "" : " (face down)"}`,
      lines: name.split(" "),
      dim: !ready,
      match: (i) => i.args.card === name && (ready ? i.kind === "use_card" : i.kind === "recharge" || i.kind === "recharge_and_end"),
    }));
    row({ items: cards, w: 86, h: 40, cls: "card", refusal: (it) => (it.dim ? `${it.text}: used until it is recharged (AC-5.1).` : `${it.text} cannot be used right now.`) });
  }
  for (const cp of obs.centipede_players || []) {
    label(`${cap(cp.colour)} Centipede: ${cp.segments_on_board} segments, deck ${cp.deck_size}, speed +${cp.speed_bonus}`);
    const names = cp.hand || Array(cp.hand_size).fill("?");
    const cards = names.map((name) => ({
      text: name === "?" ? "hidden card" : name,
      lines: name.split(" "),
      match: (i) => i.kind === "play" && i.args.card === name,
    }));
    row({ items: cards, w: 86, h: 40, cls: "card hand", refusal: (it) => (it.text === "hidden card" ? "That hand is hidden from you (AC-12.1)." : `${it.text} cannot be played now.`) });
  }
  const height = parts.reduce((sum, p) => sum + (p.label ? 18 : p.h + 12), 8);
  const svg = svgRoot(380, height, "Dice pool and cards");
  svg.classList.add("atari-tableau");
  let y = 4;
  for (const p of parts) {
    if (p.label) {
      svg.append(text(2, y + 8, p.label, { class: "small", "text-anchor": "start" }));
      y += 18;
    } else {
      boxRow(svg, ui, { x: 2, y, ...p });
      y += p.h + 12;
    }
  }
  return svg;
}

export function draw(obs, ui) {
  const wrap = h("div", { class: "atari-board" });
  wrap.append(field(obs, ui), tableau(obs, ui));
  return wrap;
}

// `how.names`: what each seat is called on this screen ("You", "Computer (easy)", a name).
export function panel(obs, how = {}) {
  const role = (r) => r.split(" ").map(cap).join(" ");
  const roles = obs.roles.map((r, p) => (how.names ? `${role(r)}: ${how.names[p]}` : role(r))).join(" · ");
  const discard = (cp) => Object.entries(cp.discard).map(([k, v]) => `${k} ×${v}`).join(", ") || "none";
  return h("ul", { class: "facts" },
    h("li", {}, `Round ${obs.round} of at most ${obs.max_rounds} — ${obs.phase}`),
    h("li", {}, roles),
    h("li", {}, `Mushroom supply: ${obs.mushroom_supply}; bug supply: ${obs.bug_supply.fleas} fleas, ${obs.bug_supply.spiders} spiders`),
    (obs.centipede_players || []).map((cp) => h("li", {}, `${cap(cp.colour)} Centipede: discard ${discard(cp)}; tucked Spawn Centipede ${cp.tucked_spawn_centipede}`)),
  );
}
