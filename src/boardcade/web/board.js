// The board area: the game's own drawing module (web/games/<game>.js) places legal choices on the board;
// every legal action it did not place becomes a labelled button.
import { h, notify } from "./notice.js";

const modules = {};

async function gameModule(game) {
  if (!(game in modules)) {
    modules[game] = import(`./games/${game}.js`).catch(() => null);
  }
  return modules[game];
}

const COMMON = new Set(["game", "viewer", "move_number", "current_player", "is_terminal", "returns", "legal_actions", "events"]);

// Fallback for a game without a drawing module: its observation keys as text.
function genericPanel(obs) {
  const rows = Object.entries(obs).filter(([k]) => !COMMON.has(k));
  return h("dl", { class: "generic" }, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, JSON.stringify(v))]));
}

// Draw `obs` into `container`. `choose(info)` submits a legal action; `canAct` is false when the
// viewer may not move now (spectator, other player's turn), so clicks explain why instead.
export async function drawBoard(container, obs, { choose, canAct, notMoverReason }) {
  const mod = await gameModule(obs.game);
  const legal = canAct ? obs.legal_actions : [];
  const placed = new Set();
  const ui = {
    legal,
    place(el, info) {
      placed.add(info.action);
      el.classList.add("choice");
      el.setAttribute("tabindex", "0");
      el.setAttribute("data-action", info.action);
      el.setAttribute("aria-label", info.label);
      const go = (ev) => { ev.stopPropagation(); choose(info); };
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
  container.replaceChildren();
  let drawn = false;
  if (mod && mod.draw) {
    try {
      container.append(mod.draw(obs, ui));
      if (mod.panel) container.append(mod.panel(obs));
      drawn = true;
    } catch (err) {
      console.error(`board module for ${obs.game} failed`, err);
      container.replaceChildren();
      placed.clear();
    }
  }
  if (!drawn) {
    container.append(genericPanel(obs));
  }
  const rest = legal.filter((info) => !placed.has(info.action));
  if (rest.length) {
    container.append(
      h("div", { class: "buttons" }, rest.map((info) => h("button", { class: "action", "data-action": info.action, onclick: () => choose(info) }, info.label))),
    );
  }
}
