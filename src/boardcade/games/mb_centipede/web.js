// Milton Bradley Centipede (1983): the serpentine path (MB-D2), plug-in mushrooms (MB-D3), poison spaces
// (MB-D4), the two firing lines with guns (MB-D5), spider spaces, den and hollow (MB-D6), and the spinner (MB-D7).
import { h } from "../notice.js";
import { s, svgRoot, text, title } from "../svg.js";

const S = 34;
const X0 = 10;
const Y0 = 10;
const px = ([x, y]) => [X0 + (x + 1.5) * S, Y0 + (y + 2.5) * S];
const key = (t) => `${t[0]},${t[1]}`;
const COLOUR = ["#3fb950", "#e04848"];
const SECTORS = ["CENTIPEDE", "GUN", "CENTIPEDE", "SPIDER/SCORPION", "CENTIPEDE", "GUN", "SPIDER/SCORPION", "FREE CHOICE"];

function spot(svg, ui, xy, byTarget, label, why) {
  const [x, y] = px(xy);
  const el = s("circle", { cx: x, cy: y, r: 13, class: "spot", "data-xy": key(xy) });
  title(el, label);
  const info = byTarget[key(xy)];
  if (info) ui.place(el, info);
  else ui.refuse(el, why);
  svg.append(el);
}

function spinner(obs) {
  const g = s("g", { class: "spinner", transform: `translate(${X0 + 15 * S + 70},${Y0 + 90})` });
  SECTORS.forEach((name, k) => {
    const a0 = (k / 8) * 2 * Math.PI;
    const a1 = ((k + 1) / 8) * 2 * Math.PI;
    const lit = obs.spin && obs.spin.replace(" ", "") === name.replace(" ", "") ? " lit" : "";
    g.append(s("path", { class: `sector${lit}`, d: `M0 0 L${60 * Math.sin(a0)} ${-60 * Math.cos(a0)} A60 60 0 0 1 ${60 * Math.sin(a1)} ${-60 * Math.cos(a1)} z` }));
    const am = (a0 + a1) / 2;
    g.append(text(42 * Math.sin(am), -42 * Math.cos(am), name.split("/")[0].slice(0, 5), { class: "tiny" }));
  });
  g.append(text(0, 78, obs.spin ? `Spin: ${obs.spin}` : "Spinner", { class: "small" }));
  return g;
}

export function draw(obs, ui) {
  const b = obs.board;
  const svg = svgRoot(X0 * 2 + 15 * S + 150, Y0 * 2 + 15 * S, "Centipede board (Milton Bradley)");
  const byTarget = {};
  for (const info of ui.legal) if (info.target && !(key(info.target) in byTarget)) byTarget[key(info.target)] = info;
  const why = "Not a legal choice now; the highlighted spaces are.";
  // Firing lines: Green's along the bottom, Red's along the top.
  b.firing_y.forEach((fy, p) => {
    const [x0, y0] = px([1, fy]);
    svg.append(s("rect", { x: x0 - S / 2, y: y0 - S / 2, width: 11 * S, height: S, class: "firing", fill: COLOUR[p], opacity: 0.25 }));
    for (let x = 1; x <= 11; x++) spot(svg, ui, [x, fy], byTarget, x === b.safety_x ? "Safety Space" : `firing position ${x}`, why);
  });
  svg.append(s("polyline", { class: "path-line", points: b.path.map((p) => px(p).join(",")).join(" ") }));
  const poisonSpaces = new Set(b.poison_spaces.map(key));
  b.path.forEach((p, k) => {
    const [x, y] = px(p);
    const el = s("circle", { cx: x, cy: y, r: 9, class: `space${poisonSpaces.has(key(p)) ? " poison-space" : ""}`, "data-space": k });
    title(el, `path space ${k}${poisonSpaces.has(key(p)) ? " (poison mushroom space)" : ""}`);
    svg.append(el);
  });
  for (const m of b.plug_ins) { const [x, y] = px(m); svg.append(s("path", { class: "mushroom", d: `M${x - 11} ${y + 2} a11 9 0 0 1 22 0 z M${x - 4} ${y + 2} h8 v8 h-8 z` })); }
  for (const p of obs.poison) { const [x, y] = px(p.xy); svg.append(title(s("circle", { cx: x, cy: y, r: 7, class: `poison${p.planted ? " planted" : ""}` }), p.planted ? "poison mushroom" : "poison mushroom (not yet planted)")); }
  for (const sp of b.spider_spaces) spot(svg, ui, sp, byTarget, "Spider Space", why);
  spot(svg, ui, b.den, byTarget, "Spider's Den", why);
  spot(svg, ui, b.hollow, byTarget, "Scorpion's Hollow", why);
  svg.append(text(...px([b.den[0], b.den[1] - 0.8]), "Den", { class: "tiny" }), text(...px([b.hollow[0], b.hollow[1] - 0.8]), "Hollow", { class: "tiny" }));
  // Every other target (path spaces for shortcuts, revivals...).
  for (const [k, info] of Object.entries(byTarget)) if (!ui.isPlaced(info.action)) spot(svg, ui, k.split(",").map(Number), byTarget, info.label, why);
  const piece = (xy, cls, label, body) => { const [x, y] = px(xy); const g = s("g", { class: `piece ${cls}`, transform: `translate(${x},${y})` }, body); g.style.pointerEvents = "none"; svg.append(title(g, label)); };
  for (const c of obs.centipedes) {
    for (const seg of c.segments) {
      if (seg.at !== "path") continue;
      piece(seg.xy, "seg", `${c.name} segment ${seg.segment}${seg.alive ? "" : " (dead)"}`,
        s("circle", { r: seg.head ? 11 : 9, fill: seg.alive ? COLOUR[c.player] : "#555", stroke: "#111", "stroke-width": 1.5 }));
    }
  }
  for (const g of obs.guns) piece(g.xy, "gun", `${obs.player_names ? obs.player_names[g.player] : g.player} gun${g.disabled ? " (spider on it)" : ""}`, s("path", { d: "M-9 8 h18 l-5 -16 h-8 z", fill: COLOUR[g.player], stroke: "#fff" }));
  piece(obs.spider.xy, "spider", `Spider (${obs.spider.at})`, text(0, 0, "✶", { class: "bug" }));
  piece(obs.scorpion.xy, "scorpion", `Scorpion (${obs.scorpion.at})`, text(0, 0, "S", { class: "bug scorp" }));
  svg.append(spinner(obs));
  return svg;
}

export function panel(obs) {
  return h("ul", { class: "facts" },
    h("li", {}, `Turn ${obs.turn} of at most ${obs.max_turns} — phase: ${obs.phase}${obs.moves_left ? `, moves left ${obs.moves_left}` : ""}`),
    h("li", {}, `Poison mushroom supply: ${obs.supply}`),
    obs.centipedes.map((c) => {
      const at = (where) => c.segments.filter((x) => x.at === where).length;
      return h("li", {}, `${c.name}: ${at("path")} on the path (${c.segments.filter((x) => !x.alive).length} dead), ${at("home")} at home, ${at("goal")} in the goal`);
    }),
  );
}
