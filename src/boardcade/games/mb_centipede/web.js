// Milton Bradley Centipede (1983), drawn from the board layout in the observation (obs.board), so any layout
// draws: the path columns (lanes) and their red-lined curves (MB-1.2, MB-1.3), plug-in mushrooms (MB-1.4),
// poison spaces and mushrooms (MB-1.5), the shot lines and both Firing Lines with their guns on the side
// edges (MB-1.6), Spider Spaces, Den and Hollow (MB-1.7), the home bases with the segments inside them (a
// centipede at home or arrived in the goal is drawn there), and the spinner (MB-2.2).
// Choices are placed by their kind and target (action_info), never by their label text.
// Size: at a desk the board and spinner fit the room the page gives (ui.fit: the height left above the action
// bar). On a phone the whole board would make its places 15 px wide; it is drawn instead at a finger's scale
// (a place every 44 px) in a viewport that pans, scrolled to the places to choose from, with "Whole board" to
// see all of it; the spinner then sits in the action bar (hud), always in sight.
import { h } from "../notice.js";
import { s, svgRoot, text, title } from "../svg.js";

const S = 38; // pixels per grid unit
const PAD = 26;
// Okabe-Ito bluish green and vermillion: told apart with every common colour-vision deficiency.
const COLOUR = ["#009e73", "#d55e00"];
const NAME = ["Green", "Red"];
const SECTORS = ["CENTIPEDE", "GUN", "CENTIPEDE", "SPIDER/SCORPION", "CENTIPEDE", "GUN", "SPIDER/SCORPION", "FREE CHOICE"];
const key = (t) => `${t[0]},${t[1]}`;
const WHY = "Not a legal choice now; the highlighted places are.";

function frame(b) {
  const pts = [...b.path, ...b.plug_ins, ...b.firing_lines.flatMap((l) => l.guns), ...b.spider_spaces.map((sp) => sp.xy), b.den, b.hollow, ...b.home];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x0 = Math.min(...xs) - 0.6;
  const y0 = Math.min(...ys) - 0.6;
  const w = (Math.max(...xs) + 0.6 - x0) * S;
  const hgt = (Math.max(...ys) + 0.6 - y0) * S;
  return { px: ([x, y]) => [PAD + (x - x0) * S, PAD + (y - y0) * S], w: w + 2 * PAD, h: hgt + 2 * PAD };
}

let wholeBoard = false; // a phone player's choice: the whole board (small places) instead of the zoomed one

// The radius of a place, in board units: 14, or half a finger-sized target at the scale drawn.
const spotR = (ui) => Math.max(14, (ui.touch ? ui.minTarget / 2 + 1 : 0) / (ui.scale || 1));

function spot(svg, ui, px, xy, byTarget, label, attrs = {}) {
  const [x, y] = px(xy);
  const el = s("circle", { cx: x, cy: y, r: spotR(ui), class: "spot", "data-xy": key(xy), ...attrs });
  title(el, label);
  const info = byTarget[key(xy)];
  if (info && !ui.isPlaced(info.action)) ui.place(el, info);
  else ui.refuse(el, WHY);
  svg.append(el);
  return el;
}

// The spinner in the action bar: always in sight, whatever part of the board is shown. Too small for words in
// its sectors, it shows the wheel with the sector spun lit, and the spin's name in full beneath.
export function hud(obs) {
  const svg = s("svg", { viewBox: "-55 -55 110 110", class: "spinner-hud", role: "img", "aria-label": obs.spin ? `Spinner: ${obs.spin}` : "Spinner" });
  svg.append(spinner(obs, 0, 0, false));
  const caption = obs.spin ? obs.spin.replace("/", "/\u200b") : "Spinner"; // may wrap after the slash
  return h("div", { class: "spinner-hud-box" }, svg, h("span", { class: "spin-caption" }, caption));
}

// Sector names in full, laid along the radius (one or two lines each): never cut short.
const SECTOR_LINES = { "SPIDER/SCORPION": ["SPIDER/", "SCORPION"], "FREE CHOICE": ["FREE", "CHOICE"] };

function spinner(obs, cx, cy, words = true) {
  const g = s("g", { class: "spinner", transform: `translate(${cx},${cy})` });
  SECTORS.forEach((name, k) => {
    const a0 = (k / 8) * 2 * Math.PI;
    const a1 = ((k + 1) / 8) * 2 * Math.PI;
    const lit = obs.spin === name ? " lit" : "";
    g.append(s("path", { class: `sector${lit}`, d: `M0 0 L${52 * Math.sin(a0)} ${-52 * Math.cos(a0)} A52 52 0 0 1 ${52 * Math.sin(a1)} ${-52 * Math.cos(a1)} z` }));
    if (!words) return;
    const am = (a0 + a1) / 2;
    const deg = (am * 180) / Math.PI;
    const lines = SECTOR_LINES[name] || [name];
    const label = s("g", { transform: `translate(${30 * Math.sin(am)},${-30 * Math.cos(am)}) rotate(${am > Math.PI ? deg + 90 : deg - 90})` });
    lines.forEach((line, n) => label.append(text(0, (n - (lines.length - 1) / 2) * 7, line, { class: "sector-text" })));
    g.append(label);
  });
  if (words) g.append(text(0, 66, obs.spin ? `Spin: ${obs.spin}` : "Spinner", { class: "small" }));
  return g;
}

// A segment: a disc in its colour (grey when dead), the head larger with two eyes.
function segment(c, seg, x, y, r) {
  const g = s("g", { class: "seg", transform: `translate(${x},${y})`, "data-seg": `${c.player},${seg.segment}` },
    s("circle", { r, fill: seg.alive ? COLOUR[c.player] : "#555", stroke: seg.alive ? "#111" : COLOUR[c.player], "stroke-width": 2 }));
  if (seg.head) g.append(s("circle", { cx: -r / 3, cy: -r / 4, r: 2, fill: "#111" }), s("circle", { cx: r / 3, cy: -r / 4, r: 2, fill: "#111" }));
  return title(g, `${c.name} ${seg.head ? "head" : `body segment ${seg.segment}`}${seg.alive ? "" : " (dead)"}${seg.at === "path" ? "" : seg.at === "home" ? " (at home)" : " (in the goal)"}`);
}

export function draw(obs, ui) {
  const b = obs.board;
  const { px, w, h: hgt } = frame(b);
  // Fit the board and its spinner to the room given; on a phone, where that makes places too small to touch,
  // draw it at a finger's scale (one grid unit = one target) in a panning viewport instead.
  const fit = ui.fit || { width: w, height: hgt + 150 };
  const fitScale = Math.min(1.3, fit.width / w, fit.height / (hgt + 150));
  const touchScale = ui.touch ? (ui.minTarget + 2) / S : 0;
  const zoomed = ui.touch && fitScale < touchScale && !wholeBoard && !!ui.fit;
  const scale = zoomed ? touchScale : ui.touch && !ui.fit ? fitScale : Math.min(1.3, fit.width / w, fit.height / (hgt + 150));
  ui = { ...ui, scale };
  const full = hgt + (zoomed ? 0 : 150);
  const svg = svgRoot(w, full, `Centipede board (Milton Bradley), ${b.layout} layout`);
  svg.setAttribute("width", Math.floor(w * scale));
  svg.setAttribute("height", Math.floor(full * scale));
  const byTarget = {};
  for (const info of ui.legal) if (info.target && info.kind !== "revive" && !(key(info.target) in byTarget)) byTarget[key(info.target)] = info;
  // The board and its shot lines: each gun position's line, from the Firing Line across the board.
  const [gx0, gy0] = px([-0.5, -0.5]);
  svg.append(s("rect", { x: gx0, y: gy0, width: b.columns * S, height: b.lines * S, rx: 10, fill: "#17251a", stroke: "#3b4d3e" }));
  for (const line of b.firing_lines) {
    for (const g of line.guns) {
      const end = [g[0] + line.direction[0] * (b.columns + 1), g[1] + line.direction[1] * (b.lines + 1)];
      const [x1, y1] = px(g);
      const [x2, y2] = px([Math.min(Math.max(end[0], -0.5), b.columns - 0.5), Math.min(Math.max(end[1], -0.5), b.lines - 0.5)]);
      svg.append(s("line", { x1, y1, x2, y2, stroke: "#ffffff", "stroke-opacity": 0.07, "stroke-width": 2, class: "shot-line" }));
    }
  }
  // The path (lanes and curves), then a red line across every curve space.
  svg.append(s("polyline", { class: "path-line", points: b.path.map((p) => px(p).join(",")).join(" ") }));
  const red = new Set(b.red_line);
  const poisonSpaces = new Set(b.poison_spaces.map(key));
  b.path.forEach((p, k) => {
    const [x, y] = px(p);
    const el = s("circle", { cx: x, cy: y, r: 10, class: `space${poisonSpaces.has(key(p)) ? " poison-space" : ""}`, "data-space": k });
    title(el, `path space ${k}${red.has(k) ? " (curve, red line: shots stop here)" : ""}${poisonSpaces.has(key(p)) ? " (poison mushroom space)" : ""}`);
    svg.append(el);
    if (red.has(k)) {
      // The red line: a bar across the space, square to the path.
      const a = px(b.path[Math.max(0, k - 1)]);
      const c = px(b.path[Math.min(b.path.length - 1, k + 1)]);
      const len = Math.hypot(c[0] - a[0], c[1] - a[1]) || 1;
      const [nx, ny] = [(-(c[1] - a[1]) / len) * 12, ((c[0] - a[0]) / len) * 12];
      svg.append(s("line", { x1: x - nx, y1: y - ny, x2: x + nx, y2: y + ny, stroke: "#e23b3b", "stroke-width": 3, "stroke-linecap": "round", class: "red-line", "data-space": k }));
    }
  });
  for (const m of b.plug_ins) {
    const [x, y] = px(m);
    svg.append(title(s("path", { class: "mushroom", d: `M${x - 12} ${y + 2} a12 10 0 0 1 24 0 z M${x - 4} ${y + 2} h8 v8 h-8 z` }), "plug-in mushroom"));
  }
  for (const p of obs.poison) {
    const [x, y] = px(p.xy);
    svg.append(title(s("circle", { cx: x, cy: y, r: 7, class: `poison${p.planted ? " planted" : ""}` }), p.planted ? "poison mushroom" : "poison mushroom (under the Scorpion, not yet planted)"));
  }
  // Firing Lines: every gun position is a place to move the gun to.
  for (const line of b.firing_lines) {
    line.guns.forEach((g, k) => {
      const safe = k === line.safety;
      spot(svg, ui, px, g, byTarget, `${NAME[line.player]}'s Firing Line, position ${k}${safe ? " (Safety Space)" : ""}`, { "data-gun": `${line.player},${k}`, stroke: safe ? "#f2c230" : undefined });
      if (safe) svg.append(text(...px([g[0], g[1] + 0.5]), "safe", { class: "tiny" }));
    });
  }
  for (const sp of b.spider_spaces) spot(svg, ui, px, sp.xy, byTarget, `Spider Space beside ${NAME[sp.beside]}'s Firing Line (positions ${sp.serves.join(", ")})`);
  spot(svg, ui, px, b.den, byTarget, "Spider's Den");
  spot(svg, ui, px, b.hollow, byTarget, "Scorpion's Hollow");
  svg.append(text(...px([b.den[0], b.den[1] - 0.45]), "Den", { class: "tiny" }), text(...px([b.hollow[0], b.hollow[1] + 0.45]), "Hollow", { class: "tiny" }));
  // Every other target: poison spaces (Spider, Scorpion), shortcut landings and the space it would skip.
  for (const [k, info] of Object.entries(byTarget)) if (!ui.isPlaced(info.action)) spot(svg, ui, px, k.split(",").map(Number), byTarget, info.label);
  // Home bases, with the segments inside: a colour's own home holds its segments still at home and the
  // opponent's segments that arrived there.
  const segAt = {}; // where each segment was drawn: "player,segment" -> [x, y, r]
  b.home.forEach((xy, base) => {
    const [x, y] = px(xy);
    svg.append(s("rect", { x: x - 34, y: y - 17, width: 68, height: 34, rx: 8, fill: "#20202c", stroke: COLOUR[base], "stroke-width": 2, class: "home-base", "data-home": base }));
    svg.append(text(x, y + (base === 0 ? 24 : -24), `${NAME[base]}'s home base`, { class: "tiny" }));
    let n = 0;
    for (const c of obs.centipedes) {
      for (const seg of c.segments) {
        if (seg.at === "path" || key(seg.xy) !== key(xy)) continue;
        const at = [x - 25 + (n % 6) * 10, y - 6 + Math.floor(n / 6) * 12, 5.5];
        svg.append(segment(c, seg, ...at));
        segAt[`${c.player},${seg.segment}`] = at;
        n++;
      }
    }
  });
  for (const c of obs.centipedes) {
    for (const seg of [...c.segments].reverse()) {
      if (seg.at !== "path") continue;
      const at = [...px(seg.xy), seg.head ? 13 : 11];
      svg.append(segment(c, seg, ...at));
      segAt[`${c.player},${seg.segment}`] = at;
    }
  }
  // Revival choices sit on the dead segment itself (on the path or in a base).
  for (const info of ui.legal) {
    const at = info.kind === "revive" && segAt[`${obs.player},${info.args.segment}`];
    if (!at) continue;
    const el = s("circle", { cx: at[0], cy: at[1], r: Math.max(at[2] + 4, spotR(ui)), class: "spot", "data-revive": info.args.segment });
    svg.append(title(el, info.label));
    ui.place(el, info);
  }
  const piece = (xy, cls, label, body) => {
    const [x, y] = px(xy);
    const g = s("g", { class: `piece ${cls}`, transform: `translate(${x},${y})` }, body);
    g.style.pointerEvents = "none";
    svg.append(title(g, label));
  };
  for (const g of obs.guns) {
    const d = b.firing_lines[g.player].direction;
    const angle = (Math.atan2(d[1], d[0]) * 180) / Math.PI;
    piece(g.xy, "gun", `${NAME[g.player]}'s gun, position ${g.position}${g.disabled ? " (the Spider is on it)" : ""}`,
      s("path", { d: "M-11 -9 h10 v6 h12 v6 h-12 v6 h-10 z", fill: COLOUR[g.player], stroke: "#fff", transform: `rotate(${angle})` }));
  }
  piece(obs.spider.xy, "spider", `Spider (${obs.spider.at})`, text(0, 0, "✶", { class: "bug" }));
  piece(obs.scorpion.xy, "scorpion", `Scorpion (${obs.scorpion.at})`, text(0, 0, "S", { class: "bug scorp" }));
  if (!zoomed) svg.append(spinner(obs, w / 2, hgt + 62));
  if (!ui.touch || !ui.fit || fitScale >= touchScale) return svg;
  // A phone: the board in a viewport that pans (scrolled to the choices by the page), and the switch.
  const toggle = h("button", { type: "button", class: "zoom-toggle", "aria-pressed": wholeBoard ? "true" : "false",
    onclick: () => { wholeBoard = !wholeBoard; ui.redraw?.(); } }, wholeBoard ? "Zoom in" : "Whole board");
  const view = h("div", { class: zoomed ? "zoom-viewport" : "zoom-whole" }, svg);
  if (zoomed) view.style.maxHeight = `${Math.max(240, Math.floor(fit.height - 44))}px`;
  return h("div", { class: "mb-board" }, h("div", { class: "zoom-row" }, toggle), view);
}

// `how.names`: what each seat is called on this screen, as its chip ("You", "a player", "Computer (easy)"), beside its colour.
export function panel(obs, how = {}) {
  return h("ul", { class: "facts" },
    h("li", {}, `Turn ${obs.turn} of at most ${obs.max_turns} — phase: ${String(obs.phase).replaceAll("_", " ")}${obs.moves_left ? `, moves left ${obs.moves_left}` : ""}`),
    h("li", {}, `Poison mushroom supply: ${obs.supply}`),
    obs.centipedes.map((c) => {
      const at = (where) => c.segments.filter((x) => x.at === where).length;
      const who = how.names && how.names[c.player] !== c.name ? ` — ${how.names[c.player]}` : "";
      return h("li", {}, `${c.name}${who}: ${at("path")} on the path (${c.segments.filter((x) => !x.alive).length} dead), ${at("home")} at home, ${at("goal")} in the goal`);
    }),
  );
}
