// The board: the game's own drawing module (/static/games/<game>.js) draws the view and places each legal
// choice where it lives on the board; every legal choice it did not place, and every placed one drawn too
// small to touch, also becomes a labelled button in the action bar. Pieces glide and dice roll (motion.js).
import { h, notify } from "./notice.js";
import { animate, snapshot } from "./motion.js";

const modules = {};

export async function gameModule(game) {
  if (!(game in modules)) modules[game] = import(`./games/${game}.js`).catch(() => null);
  return modules[game];
}

// Touch screens get 44 px targets (WCAG 2.5.5); with a mouse a choice only has to be clearly visible.
export function isTouch() {
  return matchMedia("(pointer: coarse)").matches || window.innerWidth < 700;
}
export const minTarget = () => (isTouch() ? 44 : 16);

const COMMON = new Set(["game", "viewer", "move_number", "current_player", "is_terminal", "returns", "legal_actions", "events"]);

// Fallback for a game without a drawing module: its observation keys as text.
function genericPanel(obs) {
  const rows = Object.entries(obs).filter(([k]) => !COMMON.has(k));
  return h("dl", { class: "generic" }, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, JSON.stringify(v))]));
}

function actionButton(info, choose, extra = "") {
  return h("button", { type: "button", class: `action${extra}`, "data-action": info.action, "data-kind": info.kind, onclick: () => choose(info) }, info.label);
}

// Choices drawn too small to touch: a few become buttons; many (a whole field of squares on a phone) become one
// list to pick from and a "Play" button, so the bar does not bury the board under dozens of buttons.
const MANY = 6;
function fallback(tiny, choose) {
  if (tiny.length <= MANY) return tiny.map((info) => actionButton(info, choose, " fallback"));
  const pick = h("select", { class: "fallback-pick", "aria-label": "Or choose from the list" },
    tiny.map((info) => h("option", { value: info.action, "data-action": info.action }, info.label)));
  const play = h("button", { type: "button", class: "fallback-play primary", onclick: () => choose(tiny.find((i) => String(i.action) === pick.value)) }, "Play");
  return [h("label", { class: "fallback-list" }, h("span", {}, "Or choose:"), pick), play];
}

// A board drawn larger than the room (a phone at a finger's scale) sits in a viewport that pans: it is
// scrolled so the choices on offer are in the middle, or, with none, left where the player had it.
function pan(view, wasAt) {
  if (!view) return;
  const boxes = [...view.querySelectorAll(".choice")].map((el) => el.getBoundingClientRect());
  if (!boxes.length) {
    if (wasAt) [view.scrollLeft, view.scrollTop] = wasAt;
    return;
  }
  const frame = view.getBoundingClientRect();
  const left = Math.min(...boxes.map((r) => r.left)), right = Math.max(...boxes.map((r) => r.right));
  const top = Math.min(...boxes.map((r) => r.top)), bottom = Math.max(...boxes.map((r) => r.bottom));
  view.scrollLeft += (left + right) / 2 - (frame.left + frame.width / 2);
  view.scrollTop += (top + bottom) / 2 - (frame.top + frame.height / 2);
}

// Draw `obs` into `container` and the choices that have no place on the board into `buttons`.
// `choose(info)` submits a legal action; `canAct` is false when the viewer may not move now (spectator, other
// player's turn, not connected, a move on its way), so clicks explain why (`notMoverReason`) instead.
// `fit` = {width, height}: the pixels the board may take. `names`: what each seat is called on this screen
// as its seat chip does ("You", "Robin (you)", "a player", "open seat", "Computer (medium)"; seats.js seatWho); a module
// without them uses the observation's own.
export async function drawBoard(container, buttons, obs, { choose, canAct, notMoverReason, fit, names, redraw }) {
  const mod = await gameModule(obs.game);
  const legal = canAct ? obs.legal_actions : [];
  const placed = new Map(); // action -> elements
  const ui = {
    legal,
    fit,
    names,
    redraw, // draw again (a module's own control changed how it draws, e.g. a zoom switch)
    touch: isTouch(),
    minTarget: minTarget(),
    place(el, info) {
      if (!placed.has(info.action)) placed.set(info.action, []);
      placed.get(info.action).push(el);
      el.classList.add("choice");
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      el.setAttribute("data-action", info.action);
      el.setAttribute("data-kind", info.kind);
      el.setAttribute("aria-label", info.label);
      const go = (ev) => { ev.preventDefault(); ev.stopPropagation(); choose(info); };
      el.addEventListener("click", go);
      el.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") go(ev); });
    },
    refuse(el, reason) {
      el.addEventListener("click", (ev) => {
        ev.stopPropagation();
        notify(canAct ? reason : notMoverReason(), "warn");
      });
    },
    isPlaced: (action) => placed.has(action),
  };
  const before = snapshot(container);
  const panned = container.querySelector(".zoom-viewport");
  const wasAt = panned ? [panned.scrollLeft, panned.scrollTop] : null;
  const parts = [];
  let board = null;
  if (mod && mod.draw) {
    try {
      board = mod.draw(obs, ui);
      parts.push(board);
    } catch (err) {
      console.error(`board module for ${obs.game} failed`, err);
      placed.clear();
    }
  }
  if (!board) parts.push(genericPanel(obs));
  container.replaceChildren(...parts);
  pan(container.querySelector(".zoom-viewport"), wasAt);
  animate(container, before);
  // Buttons: choices with no place on the board, then placed ones drawn smaller than a finger (or a sliver).
  const small = minTarget();
  const rest = legal.filter((info) => !placed.has(info.action));
  const tiny = legal.filter((info) => placed.has(info.action) && !placed.get(info.action).some((el) => {
    const r = el.getBoundingClientRect();
    return r.width >= small && r.height >= small;
  }));
  buttons.replaceChildren(...rest.map((info) => actionButton(info, choose)), ...fallback(tiny, choose));
  return mod;
}

// The game's facts panel (round, score, supplies...) for the side column; `how` = {names} as for drawBoard.
export async function drawPanel(container, obs, how = {}) {
  const mod = await gameModule(obs.game);
  container.replaceChildren();
  if (mod && mod.panel) {
    try { container.append(mod.panel(obs, how)); } catch (err) { console.error(err); }
  }
}
