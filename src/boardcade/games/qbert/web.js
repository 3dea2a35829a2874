// Q*bert board: the 28-cube pyramid (rows 0..6 from the top), pegs on cube tops, the left faces Wrong Way
// walks and the right faces Ugg walks, three discs, the nasties' homes along the bottom, and the dice.
import { h } from "../notice.js";
import { die, s, svgRoot, text, title } from "../svg.js";

const W = 62; // cube width
const HT = 16; // half height of a cube's top face
const F = 30; // height of a side face
const D = HT + F; // vertical distance between rows
const X0 = 290;
const Y0 = 40;
const COLORS = { coily: "#8e44ad", red_ball: "#d62828", green_ball: "#2a9d3c", slick: "#37a36b", ugg: "#6a4c93", wrong_way: "#1d6fb8" };
const LETTER = { coily: "C", red_ball: "R", green_ball: "G", slick: "S", ugg: "U", wrong_way: "W" };

const centre = ([r, i]) => [X0 + (i - r / 2) * W, Y0 + r * D];
const key = (c) => `${c[0]},${c[1]}`;

function facePoints(x, y, side) {
  const dx = side === "left" ? -W / 2 : W / 2;
  return `${x + dx},${y} ${x},${y + HT} ${x},${y + HT + F} ${x + dx},${y + F}`;
}

function faceCentre([r, i], side) {
  const [x, y] = centre([r, i]);
  return [x + (side === "left" ? -W / 4 : W / 4), y + HT / 2 + F / 2];
}

// A nasty: a coloured token; Ugg and Wrong Way get a face (eyes and a mouth) since they ride cube sides.
function piece(k, name, x, y, extra = "") {
  const g = s("g", { class: `piece ${k}`, transform: `translate(${x},${y})`, "data-piece": k });
  g.append(s("circle", { r: 12, fill: COLORS[k], stroke: "#222", "stroke-width": 1.5 }));
  if (k === "ugg" || k === "wrong_way") {
    g.append(s("circle", { cx: -4, cy: -3, r: 2.2, fill: "#fff" }), s("circle", { cx: 4, cy: -3, r: 2.2, fill: "#fff" }));
    g.append(s("path", { d: k === "ugg" ? "M-5 5 Q0 1 5 5" : "M-5 4 Q0 8 5 4", stroke: "#fff", fill: "none", "stroke-width": 1.6 }));
  } else {
    g.append(text(0, 0, LETTER[k], { class: "piece-letter" }));
  }
  return title(g, name + extra);
}

function qbertPiece(x, y) {
  const g = s("g", { class: "piece qbert", transform: `translate(${x},${y - 4})`, "data-piece": "qbert" });
  g.append(
    s("circle", { r: 12, fill: "#f28c28", stroke: "#222", "stroke-width": 1.5 }),
    s("rect", { x: 6, y: -2, width: 10, height: 7, rx: 3, fill: "#f28c28", stroke: "#222" }),
    s("circle", { cx: -3, cy: -4, r: 3, fill: "#fff" }),
    s("circle", { cx: 4, cy: -4, r: 3, fill: "#fff" }),
  );
  return title(g, "Q*bert");
}

function refusal(obs, where) {
  const kinds = new Set(obs.legal_actions.map((a) => a.kind));
  if (kinds.has("hop")) return `Q*bert cannot go to ${where}: he hops diagonally to a neighbouring cube (QB-3.3); the legal hops are highlighted.`;
  if (kinds.has("disc")) return `Not a legal escape to ${where}; the highlighted cubes and discs are.`;
  if (kinds.has("step") || kinds.has("enter") || kinds.has("walk")) return `${obs.character} cannot step to ${where} (QB-4.3); its legal steps are highlighted.`;
  return `Nothing can be done at ${where} now.`;
}

export function draw(obs, ui) {
  const svg = svgRoot(580, 460, "Q*bert pyramid");
  const pegs = new Set(obs.pegs.map(key));
  const byTarget = {};
  for (const info of ui.legal) {
    if (!info.target) continue;
    // Choices are placed by kind and arguments: a disc ride on its disc, a walker's step on the face it
    // walks to, every other hop or step on the top of its target cube.
    const spot = info.kind === "disc" ? `disc${info.args.disc}` : `${info.face || "top"}:${key(info.target)}`;
    if (!(spot in byTarget)) byTarget[spot] = info;
  }
  const layer = s("g", { class: "pyramid" });
  const tops = {};
  for (let r = 0; r < 7; r++) {
    for (let i = 0; i <= r; i++) {
      const [x, y] = centre([r, i]);
      const where = `(${r},${i})`;
      const cube = s("g", { class: "cube", "data-cube": key([r, i]) });
      const left = s("polygon", { class: "face left", points: facePoints(x, y, "left"), "data-face": `left:${key([r, i])}` });
      const right = s("polygon", { class: "face right", points: facePoints(x, y, "right"), "data-face": `right:${key([r, i])}` });
      const top = s("polygon", { class: "top", points: `${x},${y - HT} ${x + W / 2},${y} ${x},${y + HT} ${x - W / 2},${y}` });
      cube.append(top, left, right);
      if (pegs.has(key([r, i]))) cube.append(title(s("circle", { class: "peg", cx: x, cy: y, r: 4 }), `peg on ${where}`));
      for (const [el, spot] of [[cube, `top:${key([r, i])}`], [left, `left:${key([r, i])}`], [right, `right:${key([r, i])}`]]) {
        const info = byTarget[spot];
        if (info) ui.place(el, info);
      }
      if (!byTarget[`top:${key([r, i])}`]) ui.refuse(top, refusal(obs, where));
      tops[key([r, i])] = cube;
      layer.append(cube);
    }
  }
  svg.append(layer);
  // Discs beside the edge cubes.
  obs.discs.forEach((d, k) => {
    const [x, y] = centre(d.cube);
    const dx = d.side === "left" ? -W * 0.9 : W * 0.9;
    const disc = s("g", { class: `disc ${d.active ? "active" : "gone"}`, "data-disc": k },
      s("ellipse", { cx: x + dx, cy: y + 6, rx: 16, ry: 7 }));
    title(disc, d.active ? `flying disc beside (${d.cube}) — ${d.side}` : "disc used this round");
    const info = byTarget[`disc${k}`];
    if (info && d.active) ui.place(disc, info);
    else ui.refuse(disc, d.active ? "Discs can be used only during an escape (QB-3.9)." : "That disc has been used this round.");
    svg.append(disc);
  });
  // Pieces.
  const homes = [];
  const out = [];
  // Pieces sharing a cube are set side by side: Q*bert with Slick or the Green Ball (QB-5.3), and two nasties
  // left on the cube he escaped from (QB-4.9).
  const onCube = { [key(obs.qbert)]: 1 };
  for (const n of obs.nasties) {
    if (n.where === "cube") {
      const [x, y] = centre(n.cube);
      const k = (onCube[key(n.cube)] = (onCube[key(n.cube)] || 0) + 1) - 1;
      svg.append(piece(n.key, n.name, x + k * 14, y - 4 - k * 6, ` on (${n.cube})`));
    } else if (n.where === "left_face" || n.where === "right_face") {
      const side = n.where === "left_face" ? "left" : "right";
      const [x, y] = faceCentre(n.cube, side);
      svg.append(piece(n.key, n.name, x, y, ` on the ${side} face of (${n.cube})`));
    } else (n.where === "home" ? homes : out).push(n);
  }
  const [qx, qy] = centre(obs.qbert);
  svg.append(qbertPiece(qx, qy));
  const homeY = Y0 + 7 * D + 12;
  svg.append(text(40, homeY, "Home", { class: "small", "text-anchor": "start" }));
  homes.forEach((n, k) => svg.append(piece(n.key, n.name, 120 + k * 34, homeY, " (at home)")));
  if (out.length) {
    svg.append(text(360, homeY, "Out", { class: "small", "text-anchor": "start" }));
    out.forEach((n, k) => svg.append(piece(n.key, n.name, 400 + k * 30, homeY, " (out for the round)")));
  }
  return svg;
}

// "moves left: 3" for Q*bert's player; "hidden" for everyone else while the roll is in the tube (QB-7.1).
function movesText(obs) {
  if (obs.roll_hidden) return `hops used: ${obs.moves_used}, moves left: hidden`;
  if (obs.moves_left === null || obs.moves_left === undefined) return `hops used: ${obs.moves_used}`;
  return `hops used: ${obs.moves_used}, moves left: ${obs.moves_left}`;
}

function gameText(obs, g) {
  const which = g.game === 1 ? "Game" : `Extra game ${g.game - 1}`;
  const [a, b] = g.pegs;
  return `${which}: ${obs.player_names[0]} ${a}, ${obs.player_names[1]} ${b}${a === b ? " (tied)" : ""}`;
}

export function panel(obs) {
  const names = obs.player_names;
  const dice = svgRoot(230, 80, "dice");
  dice.append(die(8, 10, 40, obs.roll_hidden ? null : obs.roll || "–", obs.roll_hidden ? "d8 (hidden)" : "d8"));
  dice.append(s("g", { class: "char-die" }, die(70, 10, 40, obs.character ? obs.character.split(" ").map((w) => w[0]).join("") : "–", "character")));
  dice.append(die(132, 10, 40, obs.character ? obs.steps_left : "–", "steps left"));
  const qb = obs.qbert_player >= 0 ? names[obs.qbert_player] : "—";
  return h("div", { class: "panel" },
    dice,
    h("ul", { class: "facts" },
      h("li", {}, `Round ${obs.round} — Q*bert: ${qb}`),
      h("li", {}, `Phase: ${obs.phase}${obs.frozen ? " — nasties frozen" : ""}`),
      obs.escape ? h("li", { class: "escape" }, `${obs.escape.by} threatens Q*bert: ${obs.escape.text}`) : null,
      h("li", {}, `Pegs left: ${obs.pegs_left}; ${movesText(obs)}`),
      obs.last_revealed_roll && !obs.roll ? h("li", {}, `Last roll shown: ${obs.last_revealed_roll}`) : null,
      h("li", {}, `Score: ${names.map((n, p) => `${n} ${obs.totals[p]}`).join(" · ")}`),
      ...obs.games.map((g) => h("li", { class: "game-result" }, gameText(obs, g))),
    ));
}
