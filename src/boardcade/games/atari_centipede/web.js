// Atari's Centipede (IDW 2017). Left: the field, 9 columns by obs.rows rows (rows 0 and the last are the Gnome
// Movement Areas, AC-1.1), the spawn points (AC-1.2), mushrooms, centipedes (the head shows its facing), fleas,
// spiders and Gnomes. Right (below it on a phone): the dice pool, the Gnome Control cards and the Centipede hands.
// Choices are placed from action_info: squares by `target`, dice and cards by `kind` and `args`.
// Danger (obs.danger, the Gnome's player's own view in its turn): the squares in front of the Gnome row where a
// bug can stand in the Centipede's coming turn (AC-10.1) are marked with a red dashed frame and a warning
// triangle, and so are the Gnome's move targets in front of them, with the reasons in their labels.
// Size: at a desk the field fits the room the page gives (ui.fit). On a phone 9 columns of finger-sized squares
// (46 px) are wider than the screen: while squares are to be chosen the field is drawn at that size in a
// viewport that pans (scrolled to the choices by the page), with "Whole field" to see all of it at once;
// otherwise (watching, choosing a die or card) the whole field is shown at the screen's width.
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
let wholeField = false; // a phone player's choice: the whole field (small squares) instead of the zoomed one
const refusals = {
  die: "You can choose a die only at the start of your turn, before another die (AC-4.2).",
};

// The danger's words for each square: the marked squares in front of the Gnome row, and the Gnome row's columns
// where ending a move is in danger (a bug in front, or a drop into the row).
function dangers(obs) {
  const d = obs.danger;
  const marks = {}, targets = {};
  if (!d) return { marks, targets };
  const pct = (p) => (p >= 1 ? "sure" : `about ${Math.max(1, Math.round(p * 100))}% likely`);
  const front = {};
  for (const sq of d.squares) {
    const words = `${sq.why.join("; ")} (${pct(sq.chance)})`;
    marks[key(sq.square)] = `danger: ${words}`;
    front[sq.square[1]] = words;
  }
  for (const c of d.columns) {
    const why = [front[c] ? `in front, ${front[c]}` : null, d.drop > 0 ? `${d.drop_why.join("; ")} (${pct(d.drop)})` : null];
    targets[key([d.gnome_row, c])] = `danger: ${why.filter(Boolean).join("; ")}`;
  }
  return { marks, targets };
}

// A warning triangle with "!" in the top right corner of the square at (x, y).
const warn = (x, y) => [
  s("path", { class: "danger-sign", d: `M${x + C - 12} ${y + 3} l9 16 h-18 z` }),
  text(x + C - 12, y + 13, "!", { class: "danger-bang" }),
];

// The field, and above it `note` (the danger legend, or null): a list of elements.
function field(obs, ui, room, note) {
  const rows = obs.rows;
  const last = rows - 1;
  const svg = svgRoot(2 * M + 9 * C, 2 * M + rows * C, `Centipede field, ${rows - 2} field rows`);
  svg.classList.add("atari-field");
  // Size it to the room the page gives the board (ui.fit): the whole field on screen at a desk; on a phone the
  // full width, or, while squares are to be chosen, finger-sized squares in a viewport that pans.
  const W = 2 * M + 9 * C;
  const H = 2 * M + rows * C;
  const byTarget = {};
  for (const info of ui.legal) if (info.target && !(key(info.target) in byTarget)) byTarget[key(info.target)] = info;
  const finger = ((ui.minTarget + 2) * W) / C; // the width at which a square is a finger's size
  let fitWidth = W;
  let zoomable = false;
  if (room) {
    fitWidth = ui.touch ? Math.min(room.width, 440) : Math.min(440, room.width, (room.height * W) / H);
    zoomable = ui.touch && fitWidth < finger && Object.keys(byTarget).length > 0;
    if (note && !ui.touch) fitWidth = Math.min(fitWidth, ((room.height - 26) * W) / H); // the legend's line
    const width = zoomable && !(wholeField && ui.redraw) ? finger : fitWidth;
    svg.setAttribute("width", Math.floor(width));
    svg.setAttribute("height", Math.floor((width * H) / W));
  }
  const { marks, targets } = dangers(obs);
  const spawn = new Set((obs.spawn_points || []).map(key));
  const cells = s("g", { class: "field" });
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < 9; c++) {
      const [x, y] = sq([r, c]);
      const gnomeRow = r === 0 || r === last;
      const isSpawn = spawn.has(key([r, c]));
      const cell = s("rect", { x, y, width: C, height: C, class: `cell${gnomeRow ? " gnome-row" : ""}${isSpawn ? " spawn" : ""}`, "data-square": key([r, c]) });
      const here = key([r, c]);
      const danger = marks[here] || targets[here];
      title(cell, `r${r}c${c}${gnomeRow ? " (Gnome Movement Area)" : ""}${isSpawn ? " (spawn point)" : ""}${danger ? ` — ${danger}` : ""}`);
      const info = byTarget[here];
      if (info) {
        ui.place(cell, info);
        if (targets[here]) {
          cell.classList.add("danger-target");
          cell.setAttribute("aria-label", `${info.label} — ${targets[here]}`);
        }
      } else ui.refuse(cell, `r${r}c${c} is not a legal choice now; the highlighted squares and boxes are.`);
      cells.append(cell);
    }
  }
  svg.append(cells);
  const put = (el) => { el.style.pointerEvents = "none"; svg.append(el); };
  for (const [at, words] of Object.entries(marks)) {
    const [x, y] = sq(at.split(",").map(Number));
    put(s("g", { class: "danger-mark", role: "img", "aria-label": words, "data-danger": at },
      s("title", {}, words), s("rect", { x: x + 3, y: y + 3, width: C - 6, height: C - 6, rx: 4 }), ...warn(x, y)));
  }
  for (const at of Object.keys(targets)) {
    if (!byTarget[at]) continue; // the Gnome row's danger is marked where a move can end
    const [x, y] = sq(at.split(",").map(Number));
    put(s("g", { class: "danger-mark target", "data-danger": at }, ...warn(x, y)));
  }
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
  if (!zoomable) return [note, svg].filter(Boolean);
  // A phone: the field in a viewport that pans (scrolled to the choices by the page), and the switch (where the
  // page can draw the board again: a match, not a lesson).
  const whole = wholeField && !!ui.redraw;
  const toggle = ui.redraw && h("button", { type: "button", class: "zoom-toggle", "aria-pressed": whole ? "true" : "false",
    onclick: () => { wholeField = !wholeField; ui.redraw(); } }, whole ? "Zoom in" : "Whole field");
  const view = h("div", { class: whole ? "zoom-whole" : "zoom-viewport" }, svg);
  // At least 4 rows of finger-sized squares; otherwise it ends above the action bar (the room really left).
  if (!whole) view.style.maxHeight = `${Math.max(4 * 44, Math.floor((room.free ?? room.height) - 52))}px`;
  return [h("div", { class: "atari-zoom" }, h("div", { class: "zoom-row" }, note, toggle), view)];
}

// The legend of the danger marks, above the field, when there are any.
function legend(obs) {
  const d = obs.danger;
  if (!d || !(d.squares.length || d.drop > 0)) return null;
  const sign = s("svg", { viewBox: "0 0 20 18", width: 20, height: 18, "aria-hidden": "true" },
    s("path", { class: "danger-sign", d: "M10 1 l9 16 h-18 z" }), text(10, 11, "!", { class: "danger-bang" }));
  const words = d.drop > 0
    ? "Danger next turn: a centipede can drop into your row (AC-10.2); bugs can reach the marked squares."
    : "Danger next turn: a bug can reach or spawn on the marked squares (AC-10.1).";
  return h("p", { class: "danger-legend" }, sign, h("span", {}, words));
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
  const boxH = ui.touch ? 48 : 40; // a card is a finger's height on a phone
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
    row({ items: cards, w: 86, h: boxH, cls: "card", refusal: (it) => (it.dim ? `${it.text}: used until it is recharged (AC-5.1).` : `${it.text} cannot be used right now.`) });
  }
  for (const cp of obs.centipede_players || []) {
    label(`${cap(cp.colour)} Centipede: ${cp.segments_on_board} segments, deck ${cp.deck_size}, speed +${cp.speed_bonus}`);
    const names = cp.hand || Array(cp.hand_size).fill("?");
    const cards = names.map((name) => ({
      text: name === "?" ? "hidden card" : name,
      lines: name.split(" "),
      match: (i) => i.kind === "play" && i.args.card === name,
    }));
    row({ items: cards, w: 86, h: boxH, cls: "card hand", refusal: (it) => (it.text === "hidden card" ? "That hand is hidden from you (AC-12.1)." : `${it.text} cannot be played now.`) });
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
  wrap.append(...field(obs, ui, ui.fit, legend(obs)), tableau(obs, ui));
  return wrap;
}

// `how.names`: what each seat is called on this screen, as its chip ("You", "Robin (you)", "a player", "Computer (easy)").
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
