// Q*bert board: the 28-cube pyramid (rows 0..6 from the top) with pegs on the cube tops, the left faces Wrong
// Way walks and the right faces Ugg walks, the three discs, the dice (secret tube d8, character die, steps d6)
// in the free corner, the score in the other, and the nasties at home or out along the bottom.
// Laid out in real pixels for the space the page gives (ui.fit): on a phone a cube is still a 44 px target.
// Choices are placed by their kind and target (action_info), never by label text.
import { h } from "../notice.js";
import { fitText, s, svgRoot, text, title } from "../svg.js";

// Okabe-Ito colours plus a letter or a face on every nasty, so none depends on colour alone.
const COLORS = { coily: "#8e44ad", red_ball: "#d55e00", green_ball: "#009e73", slick: "#56b4e9", ugg: "#cc79a7", wrong_way: "#0072b2" };
const LETTER = { coily: "C", red_ball: "R", green_ball: "G", slick: "S", ugg: "U", wrong_way: "W" };
const key = (c) => `${c[0]},${c[1]}`;

function geometry(fit) {
  const W = Math.max(30, Math.min(96, (fit.width - 12) / 7.7, (fit.height - 20) / 6.35));
  const HT = 0.27 * W; // half height of a cube's top
  const F = 0.46 * W; // height of a side face
  const D = HT + F; // rows apart
  const width = 7.7 * W + 12;
  const cx = width / 2;
  const y0 = HT + 10;
  const centre = ([r, i]) => [cx + (i - r / 2) * W, y0 + r * D];
  const faceCentre = (c, side) => {
    const [x, y] = centre(c);
    return [x + (side === "left" ? -W / 4 : W / 4), y + HT / 2 + F / 2];
  };
  const homeY = y0 + 6 * D + HT + F + 0.45 * W;
  return { W, HT, F, D, width, height: homeY + 0.45 * W + 6, cx, y0, centre, faceCentre, homeY };
}

function facePoints(g, [x, y], side) {
  const dx = side === "left" ? -g.W / 2 : g.W / 2;
  return `${x + dx},${y} ${x},${y + g.HT} ${x},${y + g.HT + g.F} ${x + dx},${y + g.F}`;
}

// A nasty: a coloured token with its letter; Ugg and Wrong Way get a face since they ride cube sides.
function nastyBody(k, r) {
  const g = s("g", { class: "body" }, s("circle", { r, fill: COLORS[k], stroke: "#111", "stroke-width": 1.5 }));
  if (k === "ugg" || k === "wrong_way") {
    const e = r / 3;
    g.append(s("circle", { cx: -e, cy: -e * 0.8, r: r / 5.5, fill: "#fff" }), s("circle", { cx: e, cy: -e * 0.8, r: r / 5.5, fill: "#fff" }));
    g.append(s("path", { d: k === "ugg" ? `M${-e * 1.3} ${e * 1.3} Q0 ${e * 0.3} ${e * 1.3} ${e * 1.3}` : `M${-e * 1.3} ${e} Q0 ${e * 2} ${e * 1.3} ${e}`, stroke: "#fff", fill: "none", "stroke-width": 1.6 }));
  } else {
    g.append(text(0, 0.5, LETTER[k], { class: "piece-letter", "font-size": (r * 1.1).toFixed(1) }));
  }
  return g;
}

function nasty(n, x, y, r, where) {
  const g = s("g", { class: `piece ${n.key}`, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, "data-piece": n.key });
  g.append(nastyBody(n.key, r));
  return title(g, `${n.name} ${where}`);
}

function qbertPiece(x, y, r) {
  const g = s("g", { class: "piece qbert", transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, "data-piece": "qbert" });
  g.append(s("g", { class: "body" },
    s("circle", { r, fill: "#e69f00", stroke: "#111", "stroke-width": 1.5 }),
    s("rect", { x: r * 0.45, y: -r * 0.15, width: r * 0.85, height: r * 0.55, rx: r * 0.25, fill: "#e69f00", stroke: "#111" }),
    s("circle", { cx: -r * 0.28, cy: -r * 0.3, r: r * 0.26, fill: "#fff" }),
    s("circle", { cx: r * 0.3, cy: -r * 0.3, r: r * 0.26, fill: "#fff" }),
    s("circle", { cx: -r * 0.22, cy: -r * 0.26, r: r * 0.1, fill: "#111" }),
    s("circle", { cx: r * 0.36, cy: -r * 0.26, r: r * 0.1, fill: "#111" })));
  return title(g, "Q*bert");
}

function refusal(obs, where) {
  const kinds = new Set(obs.legal_actions.map((a) => a.kind));
  if (kinds.has("disc")) return `Not a legal escape to ${where}; the highlighted cubes and discs are (QB-5.6).`;
  if (kinds.has("hop")) return `Q*bert cannot go to ${where}: he hops diagonally to a neighbouring cube (QB-3.3); the legal hops are highlighted.`;
  if (kinds.has("step") || kinds.has("enter") || kinds.has("walk")) return `${obs.character} cannot step to ${where} (QB-4.3); its legal steps are highlighted.`;
  return `Nothing can be done at ${where} now.`;
}

// The dice in the top-left corner: the secret tube (d8), the character die (the nasty it names) and the d6.
function dice(svg, obs, g) {
  const size = Math.max(30, Math.min(0.62 * g.W, 56));
  const gap = size * 0.28;
  const x0 = 6;
  const y0 = 6;
  const roll = obs.roll_hidden ? null : obs.roll || null;
  const tube = s("g", { class: "die tube", transform: `translate(${x0},${y0})`, "data-die": "roll", "data-value": obs.roll_hidden ? "?" : String(obs.roll || "–") },
    s("g", { class: "die-body" }, s("rect", { width: size, height: size, rx: size / 6 }),
      text(size / 2, size / 2, obs.roll_hidden ? "?" : roll ?? "–", { class: "die-value", "font-size": (size * 0.55).toFixed(1) })));
  title(tube, obs.roll_hidden ? "Q*bert's d8 roll, hidden in the tube" : roll ? `Q*bert's d8 roll: ${roll}` : "Q*bert's d8 (not rolled yet)");
  tube.append(text(size / 2, size + 9, obs.roll_hidden ? "tube ?" : "d8", { class: "die-label" }));
  const char = obs.character ? obs.nasties.find((n) => n.name === obs.character) : null;
  const cd = s("g", { class: "die character-die", transform: `translate(${x0 + size + gap},${y0})`, "data-die": "character", "data-value": obs.character || "–" },
    s("g", { class: "die-body" }, s("rect", { width: size, height: size, rx: size / 6 }),
      char ? s("g", { transform: `translate(${size / 2},${size / 2})` }, nastyBody(char.key, size * 0.34)) : text(size / 2, size / 2, "–", { class: "die-value", "font-size": (size * 0.5).toFixed(1) })));
  title(cd, obs.character ? `character die: ${obs.character}` : "character die (not rolled)");
  cd.append(fitText(size / 2, size + 9, obs.character || "nasty", size + gap, 11, { class: "die-label" }));
  const steps = obs.character ? obs.steps_left : "–";
  const sd = s("g", { class: "die steps-die", transform: `translate(${x0 + 2 * (size + gap)},${y0})`, "data-die": "steps", "data-value": String(steps) },
    s("g", { class: "die-body" }, s("rect", { width: size, height: size, rx: size / 6 }),
      text(size / 2, size / 2, steps, { class: "die-value", "font-size": (size * 0.55).toFixed(1) })));
  title(sd, obs.character ? `${obs.character} has ${obs.steps_left} ${obs.steps_left === 1 ? "step" : "steps"} left` : "steps die (not rolled)");
  sd.append(text(size / 2, size + 9, "steps", { class: "die-label" }));
  svg.append(tube, cd, sd);
  const moves = obs.roll_hidden ? (obs.escape ? "escaping" : "") : obs.moves_left !== null && obs.moves_left !== undefined ? `${obs.moves_left} move${obs.moves_left === 1 ? "" : "s"} left` : "";
  if (moves) svg.append(text(x0, y0 + size + 24, moves, { class: "board-label", "text-anchor": "start" }));
}

// What each seat is called on this screen ("You", "a player", "Computer (easy)", a name; the page passes them), else the
// observation's own player names.
const seatNames = (obs, names) => names || obs.player_names;

function scoreCorner(svg, obs, g, names) {
  const x = g.width - 6;
  const qb = obs.qbert_player >= 0 ? names[obs.qbert_player] : "—";
  const lines = [
    [`Round ${obs.round}`, "board-title"],
    [`Q*bert: ${qb}`, "board-label"],
    [`Pegs left: ${obs.pegs_left}`, "board-label"],
    [`Score ${obs.totals.join(" – ")}`, "board-label"],
  ];
  lines.forEach(([t, cls], k) => svg.append(fitText(x, 14 + k * 16, t, 2.3 * g.W, cls === "board-title" ? 13 : 11, { class: cls, "text-anchor": "end" })));
}

export function draw(obs, ui) {
  const g = geometry(ui.fit || { width: 580, height: 460 });
  const svg = svgRoot(g.width, g.height, "Q*bert pyramid");
  const hitR = Math.max(ui.minTarget / 2 + 1, g.W * 0.3);
  const pegs = new Set(obs.pegs.map(key));
  const byTarget = {};
  for (const info of ui.legal) {
    if (!info.target) continue;
    // A disc ride on its disc, a walker's step on the face it walks to, every other hop or step on the top
    // of its target cube.
    const spot = info.kind === "disc" ? `disc${info.args.disc}` : `${info.face || "top"}:${key(info.target)}`;
    if (!(spot in byTarget)) byTarget[spot] = info;
  }
  const layer = s("g", { class: "pyramid" });
  const hits = s("g", { class: "hits" });
  for (let r = 0; r < 7; r++) {
    for (let i = 0; i <= r; i++) {
      const c = [r, i];
      const [x, y] = g.centre(c);
      const where = `(${r},${i})`;
      const cube = s("g", { class: "cube", "data-cube": key(c) });
      const top = s("polygon", { class: "top", points: `${x},${y - g.HT} ${x + g.W / 2},${y} ${x},${y + g.HT} ${x - g.W / 2},${y}` });
      cube.append(top,
        s("polygon", { class: "face left", points: facePoints(g, [x, y], "left"), "data-face": `left:${key(c)}` }),
        s("polygon", { class: "face right", points: facePoints(g, [x, y], "right"), "data-face": `right:${key(c)}` }));
      if (pegs.has(key(c))) cube.append(title(s("circle", { class: "peg", cx: x, cy: y, r: Math.max(3, g.W * 0.07) }), `peg on ${where}`));
      title(cube, `cube ${where}${pegs.has(key(c)) ? ", peg" : ""}`);
      const info = byTarget[`top:${key(c)}`];
      if (info) ui.place(cube, info);
      else ui.refuse(cube, refusal(obs, where));
      for (const side of ["left", "right"]) {
        const face = byTarget[`${side}:${key(c)}`];
        if (!face) continue;
        const [fx, fy] = g.faceCentre(c, side);
        const hit = s("circle", { class: "hit face-hit", cx: fx, cy: fy, r: hitR, "data-face": `${side}:${key(c)}` });
        hits.append(title(hit, face.label));
        ui.place(hit, face);
      }
      layer.append(cube);
    }
  }
  // Discs beside the edge cubes, drawn under the cubes: on a phone a disc's 44 px target reaches under the next
  // cube, and a tap on that cube's top must be that cube's.
  obs.discs.forEach((d, k) => {
    const [x, y] = g.centre(d.cube);
    const dx = (d.side === "left" ? -1 : 1) * g.W * 0.86;
    const disc = s("g", { class: `disc ${d.active ? "active" : "gone"}`, "data-disc": k },
      s("ellipse", { cx: x + dx, cy: y + g.HT * 0.6, rx: g.W * 0.3, ry: g.W * 0.13 }));
    title(disc, d.active ? `flying disc beside (${d.cube}), ${d.side} side` : "disc used this round");
    const info = byTarget[`disc${k}`];
    if (info && d.active) {
      disc.prepend(s("circle", { class: "hit", cx: x + dx, cy: y + g.HT * 0.6, r: hitR }));
      ui.place(disc, info);
    } else {
      ui.refuse(disc, d.active ? "Discs can be used only during an escape (QB-3.9)." : "That disc has been used this round.");
    }
    svg.append(disc);
  });
  svg.append(layer);
  svg.append(hits);
  dice(svg, obs, g);
  scoreCorner(svg, obs, g, seatNames(obs, ui.names));
  // Pieces. Pieces sharing a cube are set side by side, Q*bert on the left: a nasty on his cube (a threat,
  // QB-4.9) is never hidden under him.
  const pieces = s("g", { class: "pieces-layer" });
  const r = Math.max(9, g.W * 0.22);
  const onCube = {};
  for (const n of obs.nasties) if (n.where === "cube") (onCube[key(n.cube)] = onCube[key(n.cube)] || []).push(n);
  const shared = onCube[key(obs.qbert)] || [];
  const homes = [];
  const out = [];
  for (const n of obs.nasties) {
    if (n.where === "cube") {
      const [x, y] = g.centre(n.cube);
      const mates = onCube[key(n.cube)];
      const k = mates.indexOf(n);
      const withQ = key(n.cube) === key(obs.qbert);
      const count = mates.length + (withQ ? 1 : 0);
      const slot = k + (withQ ? 1 : 0);
      const rr = count > 1 ? r * 0.8 : r;
      const dx = count > 1 ? (slot - (count - 1) / 2) * rr * 1.7 : 0;
      pieces.append(nasty(n, x + dx, y - g.HT * 0.35, rr, `on (${n.cube})`));
    } else if (n.where === "left_face" || n.where === "right_face") {
      const side = n.where === "left_face" ? "left" : "right";
      const [x, y] = g.faceCentre(n.cube, side);
      pieces.append(nasty(n, x, y, r * 0.9, `on the ${side} face of (${n.cube})`));
    } else (n.where === "home" ? homes : out).push(n);
  }
  const [qx, qy] = g.centre(obs.qbert);
  const qCount = shared.length + 1;
  const qr = qCount > 1 ? r * 0.8 : r;
  const qdx = qCount > 1 ? (-(qCount - 1) / 2) * qr * 1.7 : 0;
  if (obs.threat || obs.escape) {
    pieces.append(s("ellipse", { class: "threat-ring", cx: qx, cy: qy - g.HT * 0.2, rx: g.W * 0.62, ry: g.W * 0.42 }));
    pieces.append(text(qx, qy - g.HT - r * 1.1, "threat!", { class: "threat-text" }));
  }
  pieces.append(qbertPiece(qx + qdx, qy - g.HT * 0.35, qr));
  svg.append(s("rect", { class: "home-row", x: 4, y: g.homeY - 0.42 * g.W, width: g.width - 8, height: 0.84 * g.W, rx: 8 }));
  svg.append(text(10, g.homeY, "Home", { class: "board-label", "text-anchor": "start" }));
  const step = Math.min(r * 2.3, (g.width * 0.55) / 6);
  homes.forEach((n, k) => pieces.append(nasty(n, 50 + r + k * step, g.homeY, r * 0.85, "(at home)")));
  if (out.length) {
    const ox = g.width - 10 - out.length * step;
    svg.append(text(ox - 4, g.homeY, "Out", { class: "board-label", "text-anchor": "end" }));
    out.forEach((n, k) => pieces.append(nasty(n, ox + r + k * step, g.homeY, r * 0.85, "(out for the round)")));
  }
  svg.append(pieces);
  return svg;
}

// The score line of the end panel. (The action bar's question is the engine's obs.prompt, as in the terminal.)
export function summary(obs, { names } = {}) {
  return `Score: ${seatNames(obs, names).map((n, p) => `${n} ${obs.totals[p]}`).join(" · ")}`;
}

// "moves left: 3" for Q*bert's player; "hidden" for everyone else while the roll is in the tube (QB-7.1).
function movesText(obs) {
  if (obs.roll_hidden) return `hops used: ${obs.moves_used}, moves left: hidden`;
  if (obs.moves_left === null || obs.moves_left === undefined) return `hops used: ${obs.moves_used}`;
  return `hops used: ${obs.moves_used}, moves left: ${obs.moves_left}`;
}

function gameText(obs, g, names) {
  const which = g.game === 1 ? "Game" : `Extra game ${g.game - 1}`;
  const [a, b] = g.pegs;
  return `${which}: ${names[0]} ${a}, ${names[1]} ${b}${a === b ? " (tied)" : ""}`;
}

// The phase in a player's words (games/qbert/phases.py PHASE_NAMES), never its internal name.
const PHASE_WORDS = {
  "roll-off": "the roll-off for who is Q*bert first", "qbert-roll": "Q*bert's roll in the secret tube",
  "qbert-move": "Q*bert hops", "character-die": "the character die: which nasty moves",
  "nasty-die": "the nasty's steps die", "nasty-move": "a nasty moves", escape: "Q*bert's escape", over: "the game is over",
};

export function panel(obs, how = {}) {
  const names = seatNames(obs, how.names);
  const qb = obs.qbert_player >= 0 ? names[obs.qbert_player] : "—";
  return h("ul", { class: "facts" },
    h("li", {}, `Round ${obs.round} — Q*bert: ${qb}; turn ${obs.turn} of at most ${obs.max_turns_per_round}`),
    h("li", {}, `Now: ${PHASE_WORDS[obs.phase] || obs.phase}${obs.frozen ? " — nasties frozen" : ""}`),
    obs.escape ? h("li", { class: "escape" }, `${obs.escape.by} threatens Q*bert: ${obs.escape.text}`) : null,
    h("li", {}, `Pegs left: ${obs.pegs_left}; ${movesText(obs)}`),
    obs.last_revealed_roll && !obs.roll ? h("li", {}, `Last roll shown: ${obs.last_revealed_roll}`) : null,
    h("li", {}, `Score: ${names.map((n, p) => `${n} ${obs.totals[p]}`).join(" · ")}`),
    ...obs.games.map((g) => h("li", { class: "game-result" }, gameText(obs, g, names))));
}
