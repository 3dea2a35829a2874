// The replay viewer: step forward and back through every state of a finished match (public view).
import { drawBoard } from "./board.js";
import { drawLog } from "./log.js";
import { h } from "./notice.js";

// The server sends step 0's view whole and, for each later step, only the keys that changed.
function expand(steps) {
  let obs = null;
  for (const step of steps) {
    obs = step.observation || { ...obs, ...step.changed };
    for (const key of step.removed || []) delete obs[key];
    step.observation = obs;
  }
}

export function showReplay(view, data, matchId = null) {
  expand(data.steps);
  let i = data.steps.length - 1;
  const board = h("div", { class: "board-area" });
  const log = h("div", { class: "log-area" });
  const where = h("span", { class: "where", id: "replay-step" });
  const slider = h("input", { type: "range", min: 0, max: data.steps.length - 1, value: i, id: "replay-slider", "aria-label": "step" });
  const caption = h("p", { class: "caption" });

  async function show(k) {
    i = Math.max(0, Math.min(data.steps.length - 1, k));
    slider.value = i;
    const step = data.steps[i];
    where.textContent = `State ${i} of ${data.steps.length - 1}`;
    caption.textContent = step.label ? `${step.by}: ${step.label}` : "Start of the match";
    await drawBoard(board, step.observation, { choose: () => {}, canAct: false, notMoverReason: () => "This is a replay." });
    await drawLog(log, data.game, data.events.filter((e) => e.step < i));
  }

  const button = (label, id, fn) => h("button", { type: "button", id, onclick: fn }, label);
  const download = matchId
    ? h("a", { href: `/api/matches/${matchId}/record`, download: `${data.game}-${matchId}.boardcade.json`, id: "download" }, "Download record (JSON)")
    : null;
  const r = data.result || [];
  const result = data.result ? data.players.map((p, k) => `${p}: ${r[k] > 0 ? "won" : r[k] < 0 ? "lost" : "draw"}`).join(", ") : "unfinished";
  slider.addEventListener("input", () => show(Number(slider.value)));
  const keys = (ev) => {
    if (ev.key === "ArrowLeft") show(i - 1);
    if (ev.key === "ArrowRight") show(i + 1);
  };
  document.addEventListener("keydown", keys);
  view.replaceChildren(
    h("div", { class: "match-head" }, h("h2", {}, `Replay: ${data.title}`), h("p", {}, `Seats: ${data.seats.join(", ")} — ${result}`)),
    h("div", { class: "replay-controls" },
      button("⏮", "first", () => show(0)), button("◀ Back", "back", () => show(i - 1)),
      where, button("Forward ▶", "forward", () => show(i + 1)), button("⏭", "last", () => show(data.steps.length - 1)),
      slider, download),
    caption,
    h("div", { class: "play" }, board, log),
  );
  show(i);
  return () => document.removeEventListener("keydown", keys);
}
